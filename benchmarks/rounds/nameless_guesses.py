"""Person-name spans of a prediction by how sure the tagger was (best score of the form in its document at
``decode.SURE`` or above) and whether the form starts with a surname, each counted as right (the gold holds the same
span as a person's name) or not, with the forms guessed at that start with no surname (BENCHMARKS.md "A guess at a
name that starts with no surname"). Exploration on used validation files; the values are surrogates a realiser drew
or the document's own words.

    python benchmarks/rounds/nameless_guesses.py GOLD.jsonl PRED.jsonl
"""

from __future__ import annotations

import sys
from collections import Counter

from thunder_deid.consistency import sure_scores
from thunder_deid.document import load_jsonl
from thunder_deid.model.decode import SURE, starts_with_surname
from thunder_deid.surrogates.hangul import is_hangul_syllable


def main() -> int:
    gold, pred = ({d.id: d for d in load_jsonl(f)} for f in sys.argv[1:3])
    counts, shown = Counter(), {True: [], False: []}
    for i, g in gold.items():
        t, gs = g.text, {(s.start, s.end) for s in g.spans if s.label == "인명"}
        names = [s for s in pred[i].spans if s.label == "인명"]
        best = sure_scores(names, t)
        for s in names:
            form = t[s.start:s.end]
            surname = starts_with_surname(form)
            right = (s.start, s.end) in gs
            counts["sure" if best[form] >= SURE else "guessed", "surname" if surname else "no surname", right] += 1
            if best[form] < SURE and not surname and is_hangul_syllable(form[0]):
                shown[right].append(form)
    for key in sorted(counts):
        print(*key, counts[key], sep="\t")
    print("guessed, no surname, right:", shown[True])
    print("guessed, no surname, not right:", shown[False])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
