"""Exploration (validation only, BENCHMARKS.md "A bias against O at decoding"): subtract DELTA from log P(O) of every
token before decoding, then predict as `thunder-deid predict` does (PATTERNS 1: with patterns, the default policy).

    python benchmarks/rounds/o_bias.py DELTA IN.jsonl OUT.jsonl PATTERNS
"""
import sys
import numpy as np
import thunder_deid.model.infer as inf
from thunder_deid.document import load_jsonl, write_jsonl
delta = float(sys.argv[1]); src, dst = sys.argv[2], sys.argv[3]; patterns = sys.argv[4] == "1"
real = inf._batch
def biased(*a, **k):
    lp = real(*a, **k).copy()
    lp[..., 0] -= delta
    return lp
inf._batch = biased
t = inf.Tagger.load(None, patterns=patterns, threads=2)
write_jsonl(dst, t.predict_documents(load_jsonl(src)))
