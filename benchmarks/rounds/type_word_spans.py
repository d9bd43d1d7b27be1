"""Where a business or place span's type word stands, in the gold and in the tagger's spans (BENCHMARKS.md,
"Type words inside and outside the gold spans").

    python benchmarks/rounds/type_word_spans.py GOLD PRED [GOLD PRED ...]

For each non-person span of the gold: is a type word of its label inside it, at its end (``스마트식당``: the
realiser drew a whole name where the annotation's placeholder had none after it), glued after it (``하이포스|식당에서``:
the annotation's minimal span, as appendix B and law.go.kr write it), or neither; and of the spans with the type word
inside, how many the tagger read as the stem alone (a strict miss).
"""

from __future__ import annotations

import sys
from collections import Counter

from thunder_deid.document import load_jsonl
from thunder_deid.surrogates.engine import trailing_type_word, type_word_after
from thunder_deid.taxonomy import load_taxonomy, split_label


def main(args: list[str]) -> None:
    tax = load_taxonomy()
    n = Counter()
    for gold_file, pred_file in zip(args[0::2], args[1::2]):
        pred = {d.id: d for d in load_jsonl(pred_file)}
        for g in load_jsonl(gold_file):
            p = pred[g.id]
            for s in g.spans:
                n["gold spans"] += 1
                base = split_label(s.label)[0]
                if base not in tax or tax.is_name(base):
                    continue
                n["non-person spans"] += 1
                w = trailing_type_word(g.text[s.start:s.end], base)
                if w is None:
                    glued = g.text[s.end:s.end + 1].strip() and type_word_after(g.text[s.end:s.end + 32], base)
                    n["type word glued after"] += bool(glued)
                    continue
                n["type word inside"] += 1
                stem = s.end - len(w)
                while stem > s.start and g.text[stem - 1] == " ":
                    stem -= 1
                hit = [q for q in p.spans if (q.start, q.end) == (s.start, stem)]
                n["inside, read as the stem alone"] += bool(hit)
                n["inside, read as the stem alone, label right"] += bool(hit) and hit[0].label == s.label
    for k, v in n.items():
        print(f"{k:<46} {v:>6}")


if __name__ == "__main__":
    main(sys.argv[1:])
