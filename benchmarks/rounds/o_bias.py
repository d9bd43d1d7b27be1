"""Exploration (validation only, BENCHMARKS.md "A bias against O at decoding"): subtract DELTA from log P(O) of every
token before decoding, then predict as `thunder-deid predict` does (PATTERNS 1: with patterns, the default policy).

    python benchmarks/rounds/o_bias.py DELTA IN.jsonl OUT.jsonl PATTERNS
"""
import sys

import thunder_deid.model.infer as inf
from thunder_deid.document import load_jsonl, write_jsonl

if len(sys.argv) != 5:
    sys.exit(__doc__)
delta, src, dst, patterns = float(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4] == "1"
real = inf._batch


def biased(*a, **k):
    lp = real(*a, **k).copy()
    lp[..., 0] -= delta  # tag 0 is O
    return lp


inf._batch = biased
write_jsonl(dst, inf.Tagger.load(None, patterns=patterns, threads=2).predict_documents(load_jsonl(src)))
