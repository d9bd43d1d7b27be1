"""Gold spans no predicted span touches, by label, with the first few in context (BENCHMARKS.md "Round 52": what
the fact sections still miss). Exploration on used validation files; the values are surrogates a realiser drew.

    python benchmarks/rounds/missed_by_label.py GOLD.jsonl PRED.jsonl [GOLD.jsonl PRED.jsonl ...] [--top N]
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict

from thunder_deid.document import load_jsonl


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", help="gold and prediction files, in pairs")
    ap.add_argument("--top", type=int, default=25)
    a = ap.parse_args()
    if len(a.files) % 2:
        ap.error("files come in pairs: GOLD.jsonl PRED.jsonl")
    missed: Counter = Counter()
    seen: dict[str, list[str]] = defaultdict(list)
    for gold, pred in zip(a.files[::2], a.files[1::2]):
        ours = {d.id: [(s.start, s.end) for s in d.spans] for d in load_jsonl(pred)}
        for g in load_jsonl(gold):
            for s in g.spans:
                if not any(x < s.end and y > s.start for x, y in ours[g.id]):
                    missed[s.label] += 1
                    seen[s.label].append(g.text[max(0, s.start - 12):s.start] + "[" + g.text[s.start:s.end] + "]")
    print("missed", sum(missed.values()))
    for label, n in missed.most_common(a.top):
        print(n, label, seen[label][:3])


if __name__ == "__main__":
    main()
