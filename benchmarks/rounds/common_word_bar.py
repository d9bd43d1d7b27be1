"""The model's stored spans less what a decoder step dropping common words would drop at a given bar: the forms
that are common words of legal text whose best detection in the document scores below BAR (of ``--labels`` only:
``decode.not_person_words`` reads persons, ``--labels 인명``; the step's first form, reverted, read every label),
and (``--not-names``) person names that are words naming nobody. How the step and its bar were chosen on used
validation files (BENCHMARKS.md "A common word the tagger only guessed at").

    python benchmarks/rounds/common_word_bar.py PRED.jsonl OUT.jsonl BAR [--not-names] [--gold GOLD.jsonl]
        [--labels 인명 ...] [--words WORDS.txt]

``--words`` reads a list written by ``thunder-deid corpus common-words … --min-lines M`` instead of the shipped one
(held by 1,000 lines), for other bars: BENCHMARKS.md "A word of legal text the tagger only guessed at", reverted.

PRED must come from a decoder without the step (before it landed), else nothing is left to drop. With ``--gold``,
the dropped spans are counted as right (gold has them, same offsets and label) or not, and the forms dropped most
are printed (realised surrogates or the judgment's own words).
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from thunder_deid.consistency import unsure_common_forms
from thunder_deid.document import load_jsonl, write_jsonl
from thunder_deid.recognizers.words import NOT_NAMES, common_words, word_list


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pred")
    ap.add_argument("out")
    ap.add_argument("bar", type=float)
    ap.add_argument("--not-names", action="store_true", help="drop person names that are NOT_NAMES words too")
    ap.add_argument("--gold", help="count the dropped spans against this file")
    ap.add_argument("--labels", nargs="*", help="drop common words of these labels only (default: every label)")
    ap.add_argument("--words", help="a list by `thunder-deid corpus common-words` instead of the shipped one")
    a = ap.parse_args()
    words = word_list(Path(a.words).read_text(encoding="utf-8")) if a.words else common_words()
    labels = set(a.labels or ())
    gold = {d.id: {(s.start, s.end, s.label) for s in d.spans} for d in load_jsonl(a.gold)} if a.gold else {}
    out, right, wrong = [], Counter(), Counter()
    for d in load_jsonl(a.pred):
        mine = [s for s in d.spans if not labels or s.label in labels]
        drop = unsure_common_forms(mine, d.text, words, a.bar)
        kept = []
        for s in d.spans:
            form = d.text[s.start:s.end]
            if not ((form in drop and (not labels or s.label in labels))
                    or (a.not_names and s.label == "인명" and form in NOT_NAMES)):
                kept.append(s)
            elif a.gold:
                (right if (s.start, s.end, s.label) in gold.get(d.id, ()) else wrong)[form, s.label] += 1
        out.append(d.with_spans(kept))
    write_jsonl(a.out, out)
    if a.gold:
        print(f"dropped {sum(right.values()) + sum(wrong.values())}: right {sum(right.values())}, "
              f"not in gold {sum(wrong.values())}")
        print("not in gold, most:", wrong.most_common(12))
        print("right, most:", right.most_common(8))


if __name__ == "__main__":
    main()
