"""The model's stored spans less what a decoder step dropping the tagger's guesses would drop at a given bar: spans
whose label falls under none of the ``--keep`` top categories of the taxonomy and whose form's best score in the
document is below BAR. Explored on used validation files, not adopted (BENCHMARKS.md "The tagger's guesses at
facilities, organisations, events and works").

    python benchmarks/rounds/guess_bar.py PRED.jsonl OUT.jsonl BAR --keep 사건관계인특정정보 사업체 ...

``--keep``: the top categories never dropped (every other one is). PRED must come from a decoder without the step.
"""

from __future__ import annotations

import argparse

from thunder_deid.consistency import sure_scores
from thunder_deid.document import load_jsonl, write_jsonl
from thunder_deid.taxonomy import load_taxonomy, split_label


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pred")
    ap.add_argument("out")
    ap.add_argument("bar", type=float)
    ap.add_argument("--keep", nargs="+", required=True, help="top categories kept at any score")
    a = ap.parse_args()
    tax = load_taxonomy()

    def top(label: str) -> str:
        base = split_label(label)[0]
        return tax.at_level(base, "top") if base in tax else base

    out = []
    for d in load_jsonl(a.pred):
        best = sure_scores(d.spans, d.text)
        out.append(d.with_spans(s for s in d.spans if top(s.label) in a.keep or best[d.text[s.start:s.end]] >= a.bar))
    write_jsonl(a.out, out)


if __name__ == "__main__":
    main()
