"""The labels of the gold spans that stand right before a word standing alone, by ``decode.stands_before``, the
test the decoder reads the court's plain word for a company by (BENCHMARKS.md "The court's plain word for a
company": of the precedents' training spans before ``회사``, how many are businesses).

    python benchmarks/rounds/labels_before_word.py 회사 work/splits/precedents/train.jsonl work/splits/thunder/train.jsonl

A few spaces may stand between the span and the word, and particles after it (``회사가``, ``회사로부터``; not ``회사원``).
Prints, per file, the number of such spans and each label's count; no document text.
"""

from __future__ import annotations

import argparse
from collections import Counter

from thunder_deid.document import load_jsonl
from thunder_deid.model.decode import stands_before

def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("word")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    for path in a.files:
        labels: Counter[str] = Counter()
        for doc in load_jsonl(path):
            labels.update(s.label for s in doc.spans if stands_before(doc.text, s.end, a.word))
        print(f"{path}: {sum(labels.values())} spans before {a.word}")
        for label, n in labels.most_common():
            print(f"  {label:<20} {n:>7}")


if __name__ == "__main__":
    main()
