"""How sure a model is that a form is no name: every occurrence of FORM in one document, the probability the
model gives its first token of being in a span (one minus the ``O`` probability the decoder reads), their mean
and largest (BENCHMARKS.md round 40: ``중한그룹`` in a held-out realisation).

    python benchmarks/rounds/form_probability.py DOCS.jsonl MODEL DOC_ID_PREFIX FORM

Prints counts and probabilities only, never the text around a mention.
"""

from __future__ import annotations

import argparse
import re

import numpy as np

from thunder_deid.document import load_jsonl
from thunder_deid.model import infer
from thunder_deid.model.infer import Tagger


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("docs")
    ap.add_argument("model")
    ap.add_argument("doc_id")
    ap.add_argument("form")
    a = ap.parse_args()
    doc = next(d for d in load_jsonl(a.docs) if d.id.startswith(a.doc_id))
    seen = {}
    decode = infer.decode_spans

    def spy(lp, tags, offsets, text):
        seen.update(lp=lp, tags=tags, offsets=offsets)
        return decode(lp, tags, offsets, text)

    infer.decode_spans = spy  # the rows the decoder reads; the whole array (no streaming) for any length
    t = Tagger.load(a.model, patterns=False)
    list(infer.iter_predict_documents(t.backend, t.tokenizer, t.labels, [doc], t.max_length, t.stride,
                                      huge_tokens=10**12))
    lp, offsets, o = seen["lp"], seen["offsets"], seen["tags"].index("O")
    p = []
    for m in re.finditer(re.escape(a.form), doc.text):
        first = next(i for i, (x, y) in enumerate(offsets) if x < m.end() and m.start() < y)
        p.append(1 - float(np.exp(lp[first, o])))
    if not p:
        raise SystemExit(f"{a.form!r} does not occur in {doc.id}")
    print(f"{doc.id}: {len(p)} occurrences; P(first token in a span) mean {np.mean(p):.4f}, largest {max(p):.4f}")


if __name__ == "__main__":
    main()
