"""The model's stored spans plus what ``decode.sure_forms`` would add at a given bar: every other word occurrence of
each form whose best detection scores at least BAR (``consistency.spread``; common and role words never spread).
How the bar of ``decode.SURE`` was chosen on used validation files (BENCHMARKS.md "A form the tagger is sure of").

    python benchmarks/rounds/spread_bar.py PRED.jsonl OUT.jsonl BAR

PRED must come from a decoder without ``sure_forms`` (before 3d5b49c), else nothing is left to add.
"""

from __future__ import annotations

import argparse

from thunder_deid.consistency import spread
from thunder_deid.document import load_jsonl, write_jsonl
from thunder_deid.recognizers.patterns import ROLE_WORDS
from thunder_deid.recognizers.words import common_words


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pred")
    ap.add_argument("out")
    ap.add_argument("bar", type=float)
    a = ap.parse_args()
    allow = common_words() | ROLE_WORDS
    out = []
    for d in load_jsonl(a.pred):
        spans = sorted(d.spans, key=lambda s: (s.start, s.end))
        out.append(d.with_spans(sorted(spans + spread(spans, d.text, allow, sure=a.bar), key=lambda s: (s.start, s.end))))
    write_jsonl(a.out, out)


if __name__ == "__main__":
    main()
