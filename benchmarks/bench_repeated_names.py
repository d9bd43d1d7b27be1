"""The ``repeated_names`` recognizer on a register naming thousands of parties, this checkout against a baseline.

A register or a judgment with many defendants names each party after a role word again and again (``피고인
김가나다은 … 피고인 김가나다에게``); every such form is a candidate, and counting where each appears in the
text must cost one pass over the text, not one per candidate. For each N this times
:func:`~thunder_deid.recognizers.repeated_names.repeated_names` (no tagger spans, so every party is a candidate)
in a fresh process per checkout and says whether both found the same spans::

    git worktree add /tmp/base 03599cf
    python benchmarks/bench_repeated_names.py --baseline /tmp/base --n 1000 4000
"""

from __future__ import annotations

import sys

from checkouts import side_by_side

_CHILD = r"""
import hashlib, json, random, sys, time
from thunder_deid.document import Document
from thunder_deid.recognizers.repeated_names import repeated_names
import thunder_deid
assert thunder_deid.__file__.startswith(sys.argv[2]), thunder_deid.__file__
rnd, lines = random.Random(1), []
syllables = [chr(c) for c in range(ord("가"), ord("힣") + 1, 97)]
for i in range(int(sys.argv[1])):
    name = "김" + "".join(rnd.choice(syllables) for _ in range(2))
    lines.append(f"피고인 {name}은 {i}번 사건의 당사자이다. 피고인 {name}에게 010-1234-{i % 10000:04d}로 전화했다.\n")
doc = Document("register", "".join(lines), [])
repeated_names(Document("warm", "피고인 김민준은 … 피고인 김민준의", []))
a = time.perf_counter()
found = repeated_names(doc)
spans = json.dumps([(s.start, s.end) for s in found])
print(json.dumps({"seconds": time.perf_counter() - a, "spans": len(found),
                  "sha": hashlib.sha256(spans.encode()).hexdigest()[:12]}))
"""


def main() -> int:
    return side_by_side(__doc__, _CHILD, "parties", "spans", "same spans")


if __name__ == "__main__":
    sys.exit(main())
