"""Exploration (validation only, BENCHMARKS.md "A bias towards businesses at decoding"): add DELTA to log P of every
B-/I- tag of a label under 사업체 before decoding, then predict as `thunder-deid predict` does (with the recognizers).

    python benchmarks/rounds/business_bias.py DELTA IN.jsonl OUT.jsonl
"""
import sys

import thunder_deid.model.infer as inf
from thunder_deid.document import load_jsonl, write_jsonl
from thunder_deid.taxonomy import load_taxonomy

if len(sys.argv) != 4:
    sys.exit(__doc__)
delta, src, dst = float(sys.argv[1]), sys.argv[2], sys.argv[3]
tax = load_taxonomy()
tagger = inf.Tagger.load(None, patterns=True, threads=2)
business = [i for i, tag in enumerate(tagger.labels.tags)
            if tag != "O" and (tag[2:] == "사업체" or (tax.get(tag[2:]) is not None and tax.is_descendant(tag[2:], "사업체")))]
real = inf._batch


def biased(*a, **k):
    lp = real(*a, **k).copy()
    lp[..., business] += delta
    return lp


inf._batch = biased
write_jsonl(dst, tagger.predict_documents(load_jsonl(src)))
