"""Where a bank reads ``X은행``, whether a span keeps ``은행`` inside (``광주은행``) or leaves it outside
(``광주`` + ``은행``), in the gold and in a prediction, and the banks on which the two disagree (BENCHMARKS.md
round 55: the old scheme's annotators chose per document; the text reads the same either way). Exploration on
used validation files; the values are surrogates a realiser drew.

    python benchmarks/rounds/bank_boundaries.py GOLD.jsonl PRED.jsonl
"""

from __future__ import annotations

import sys
from collections import Counter

from thunder_deid.document import Document, load_jsonl

LABEL = "은행업"


def kept_inside(doc: Document) -> dict[int, bool]:
    """Each 은행업 span's start -> whether ``은행`` is inside it; spans not read as ``X은행`` are left out.

    >>> from thunder_deid.document import Span
    >>> kept_inside(Document("d", "광주은행 계좌와 우리은행 계좌", [Span(0, 4, LABEL), Span(9, 11, LABEL)]))
    {0: True, 9: False}
    """
    out = {}
    for s in doc.spans:
        if s.label != LABEL:
            continue
        if doc.text[s.start:s.end].endswith("은행"):
            out[s.start] = True
        elif doc.text[s.end:s.end + 2] == "은행":
            out[s.start] = False
    return out


def main() -> int:
    gold, pred = ({d.id: d for d in load_jsonl(f)} for f in sys.argv[1:3])
    counts: Counter = Counter()
    for i, g in gold.items():
        gk, pk = kept_inside(g), kept_inside(pred[i])
        counts.update(("gold", v) for v in gk.values())
        counts.update(("pred", v) for v in pk.values())
        counts.update(("disagree", gk[a]) for a in gk.keys() & pk.keys() if gk[a] != pk[a])
    for who in ("gold", "pred"):
        print(f"{who}: 은행 inside {counts[who, True]}, outside {counts[who, False]}")
    print(f"same bank, other boundary: gold inside {counts['disagree', True]}, gold outside {counts['disagree', False]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
