"""The word right after a company's legal form (``주식회사 X``, ``㈜X``; also where the form closes the name before
it: ``스마트 주식회사 부지로``): inside a gold span or not, and touched by the prediction or not. How often `a word after a legal form is a business` would be right:
in the fact sections nearly always, in law.go.kr precedents seldom, where the court leaves real companies readable.
Exploration on used validation files.

    python benchmarks/rounds/after_legal_form.py GOLD.jsonl PRED.jsonl [GOLD.jsonl PRED.jsonl ...]
"""

from __future__ import annotations

import argparse
import re
from collections import Counter, defaultdict

from thunder_deid.document import load_jsonl

AFTER_FORM = re.compile(r"(?:(?:주식회사|유한회사)\s+|(?:㈜|\(주\))\s*)([가-힣A-Za-z0-9]+)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", help="gold and prediction files, in pairs")
    a = ap.parse_args()
    if len(a.files) % 2:
        ap.error("files come in pairs: GOLD.jsonl PRED.jsonl")
    counts: Counter = Counter()
    seen: dict[tuple[str, str], list[str]] = defaultdict(list)
    for gold, pred in zip(a.files[::2], a.files[1::2]):
        ours = {d.id: [(s.start, s.end) for s in d.spans] for d in load_jsonl(pred)}
        for g in load_jsonl(gold):
            theirs = [(s.start, s.end) for s in g.spans]
            for m in AFTER_FORM.finditer(g.text):
                a_, b_ = m.span(1)
                key = ("gold" if any(x < b_ and y > a_ for x, y in theirs) else "not gold",
                       "predicted" if any(x < b_ and y > a_ for x, y in ours[g.id]) else "untouched")
                counts[key] += 1
                seen[key].append(g.text[max(0, m.start() - 8):b_ + 3])
    print(dict(counts))
    for key in (("not gold", "untouched"), ("gold", "untouched")):
        print("  ", key, seen[key][:12])


if __name__ == "__main__":
    main()
