"""How law.go.kr omits addresses: each ``(주소 … 생략)`` in the shared precedents, by what follows it (BENCHMARKS.md,
"One omission per address in court style").

    python benchmarks/rounds/address_omissions.py ../shared/data/precedents/precedents.jsonl.gz
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from collections import Counter

OMISSION = re.compile(r"\((주소[^)]{0,8}생략)\)(.{0,25})")


def after(rest: str) -> str:
    if re.match(r"[,\s]*\(.{0,10}생략\)", rest):
        return "another omission"
    if re.match(r"\s*\d*\s*(동|호|층)", rest):
        return "a unit number of its own"
    return "anything else"


def main() -> None:
    counts: Counter = Counter()
    with gzip.open(sys.argv[1], "rt", encoding="utf-8") as f:
        for line in f:
            counts.update(after(m.group(2)) for m in OMISSION.finditer(json.loads(line)["text"]))
    print(f"{sum(counts.values())} address omissions: " + ", ".join(f"{n} followed by {k}" for k, n in counts.most_common()))


if __name__ == "__main__":
    main()
