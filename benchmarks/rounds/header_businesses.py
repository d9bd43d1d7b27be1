"""Companies named with their legal form on a judgment header's party line: does law.go.kr delete the name or keep
it? (BENCHMARKS.md, "A header's company party: kept by the court more often than deleted".)

    python benchmarks/rounds/header_businesses.py [work/splits/precedents/train.jsonl]

A party line is the header patterns' (``recognizers.patterns``: a party role at the line's start, the name on that
line or the next); the name is a word beside ``주식회사``, ``유한회사``, ``사단법인`` … ending the line or followed by
``(`` or ``,``. A name inside a gold span is one the court deleted (a placeholder); any other one the court kept.
Training split only: the count decides whether a recognizer is worth writing, so it must not look at validation or
test.
"""

from __future__ import annotations

import re
import sys
from collections import Counter

from thunder_deid.document import load_jsonl
from thunder_deid.recognizers.patterns import PARTY_TITLE, ROLES

_FORMS = "주식회사|유한회사|사단법인|재단법인|학교법인|의료법인"
PARTY_COMPANY = re.compile(
    rf"{PARTY_TITLE}(?:(?:{_FORMS})[ \t]+([^\s(]{{2,12}})|([^\s(]{{2,12}})[ \t]*(?:주식회사|유한회사))(?=[ \t]*(?:$|\(|,))", re.M)


def main() -> None:
    path = sys.argv[1] if len(sys.argv) > 1 else "work/splits/precedents/train.jsonl"
    deleted, kept = 0, Counter()
    for d in load_jsonl(path):
        for m in PARTY_COMPANY.finditer(d.text):
            g = 1 if m.group(1) else 2
            a, b = m.start(g), m.end(g)
            if m.group(g) in ROLES:  # 원고 주식회사: the role, the name on the next line
                continue
            if any(s.start < b and a < s.end for s in d.spans):
                deleted += 1
            else:
                kept[m.group(g)] += 1
    print(f"company names on a header's party line: {deleted} deleted by the court (gold spans), "
          f"{sum(kept.values())} kept")
    print("most often kept:", ", ".join(f"{w} {n}" for w, n in kept.most_common(12)))


if __name__ == "__main__":
    main()
