"""What a change to the second line (a recognizer) adds to predictions, against the gold spans of the file.

    python benchmarks/count_added_spans.py --gold REALISED.jsonl --base BEFORE.jsonl --new AFTER.jsonl [--show 20]

``BEFORE`` and ``AFTER`` are ``thunder-deid predict`` outputs on the same realised file from two checkouts. Counts
the spans of ``AFTER`` that ``BEFORE`` lacks (same start, end and label), and of those the ones that overlap no gold
span of ``REALISED`` (a false span, or a name the gold leaves readable), with their texts (benchmark text only).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from thunder_deid.document import load_jsonl


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gold", required=True)
    ap.add_argument("--base", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--show", type=int, default=20)
    a = ap.parse_args()
    gold = {d.id: d for d in load_jsonl(a.gold)}
    base = {d.id: d for d in load_jsonl(a.base)}
    added, outside = 0, Counter()
    for d in load_jsonl(a.new):
        before = {(s.start, s.end, s.label) for s in base[d.id].spans}
        for s in d.spans:
            if (s.start, s.end, s.label) in before:
                continue
            added += 1
            if not any(g.start < s.end and s.start < g.end for g in gold[d.id].spans):
                outside[d.text[s.start:s.end]] += 1
    print(f"{len(base)} documents: {added} spans added, {sum(outside.values())} of them overlapping no gold span")
    for text, n in outside.most_common(a.show):
        print(f"{n:5d}  {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
