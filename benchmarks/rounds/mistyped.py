"""Gold spans of one label that a prediction finds at their exact place but types otherwise, by the label it gave
and by the realised value (BENCHMARKS.md "Generated business names that read as a bank": ``하이뱅크`` for a
사업체 typed 은행업).

    python benchmarks/rounds/mistyped.py GOLD.jsonl PRED.jsonl LABEL [--top N]

The values are surrogates a realiser drew, not document text.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict

from thunder_deid.document import load_jsonl


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gold")
    ap.add_argument("pred")
    ap.add_argument("label")
    ap.add_argument("--top", type=int, default=8)
    a = ap.parse_args()
    pred = {d.id: d for d in load_jsonl(a.pred)}
    by_label: dict[str, Counter] = defaultdict(Counter)
    for g in load_jsonl(a.gold):
        ours = {(s.start, s.end): s.label for s in pred[g.id].spans}
        for s in g.spans:
            other = ours.get((s.start, s.end))
            if s.label == a.label and other is not None and other != a.label:
                by_label[other][g.text[s.start:s.end]] += 1
    for other, values in sorted(by_label.items(), key=lambda kv: -sum(kv[1].values())):
        shown = ", ".join(f"{v} {n}" for v, n in values.most_common(a.top))
        print(f"{a.label} typed {other}: {sum(values.values())} ({shown})")


if __name__ == "__main__":
    main()
