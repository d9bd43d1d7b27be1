"""What the fixed-form identifier patterns (``thunder_deid/model/patterns.py``) change in scored predictions.

    thunder-deid predict --no-patterns work/realized/thunder/valid.jsonl runs/valid.pred.jsonl
    python benchmarks/bench_patterns.py work/realized/thunder/valid.jsonl runs/valid.pred.jsonl

Scores the model's own spans (a ``--no-patterns`` prediction file) and the same spans with the patterns
merged over them, and counts the pattern spans per label: a pattern that disagreed with the annotation
would show up as lost TPs or new FPs.
"""

from __future__ import annotations

import argparse
import collections

from thunder_deid.document import load_jsonl
from thunder_deid.eval import score_documents
from thunder_deid.model.patterns import apply_patterns, find_patterns


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("gold")
    ap.add_argument("pred", help="predictions made with --no-patterns")
    a = ap.parse_args()
    gold, pred = load_jsonl(a.gold), load_jsonl(a.pred)
    found = collections.Counter(s.label for d in pred for s in find_patterns(d.text))
    print(f"{len(pred)} documents; pattern spans: " + (", ".join(f"{k} {v}" for k, v in found.most_common()) or "none"))
    print(f"{'':10s} {'variant':15s} {'TP':>6s} {'FP':>6s} {'FN':>6s} {'F1':>7s}")
    for name, docs in (("model", pred), ("+patterns", [apply_patterns(d) for d in pred])):
        for variant, c in score_documents(gold, docs).counts.items():
            print(f"{name:10s} {variant:15s} {c.tp:6d} {c.fp:6d} {c.fn:6d} {c.f1:7.4f}")


if __name__ == "__main__":
    main()
