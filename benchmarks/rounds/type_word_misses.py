"""Gold spans a prediction misses only by a trailing type word (``[광주]은행`` against ``광주은행``, or the
reverse), and what W. Strict Typed F1 would be if those with the right label counted as found.

    python benchmarks/rounds/type_word_misses.py GOLD.jsonl PRED.jsonl

A diagnostic of BENCHMARKS.md "Round 5": the realised text does not show which of the two the gold holds.
The F1 is a span-level estimate from the word-segment scorer's strict typed counts.
"""

from __future__ import annotations

import sys

from thunder_deid.document import load_jsonl
from thunder_deid.eval import score_documents
from thunder_deid.surrogates.places import all_type_words

TYPE_WORDS = set(all_type_words()) | {"은행"}  # banks are not composed names, so 은행 is not among them


def main() -> None:
    gold, pred = load_jsonl(sys.argv[1]), load_jsonl(sys.argv[2])
    n = right_label = 0
    for g, p in zip(gold, pred):
        ours = {(s.start, s.end): s.label for s in p.spans}
        for s in g.spans:
            if (s.start, s.end) in ours:
                continue
            for (a, b), label in ours.items():
                if a == s.start and (g.text[min(b, s.end):max(b, s.end)].strip() in TYPE_WORDS):
                    n += 1
                    right_label += label == s.label
                    break
    c = score_documents(gold, pred).counts["strict_typed"]
    tp, fp, fn = c.tp, c.fp, c.fn
    p_, r_ = (tp + right_label) / (tp + fp), (tp + right_label) / (tp + fn)
    print(f"{sum(len(g.spans) for g in gold)} gold spans; {n} missed only by a trailing type word, "
          f"{right_label} of them with the right label")
    print(f"W. Strict Typed F1 {c.f1:.4f}; counting those {right_label} as found: {2 * p_ * r_ / (p_ + r_):.4f}")


if __name__ == "__main__":
    main()
