"""What the tagger read in the person-name guesses that start with no surname (``decode.nameless_guesses`` of a
prediction's person spans), each guess beside the gold's label at it: the tagger's probability of ``O`` and of an
entity of another label, meaned over the guess's tokens (``decode.token_readings``), and their ratio, which
``decode.read_otherwise`` compares with ``OTHER_READING`` (BENCHMARKS.md "A guess at a name that starts with no
surname, read as another entity"). The model (the embedded one unless ``--model``) reads each such document again,
patterns off, as ``thunder-deid predict --no-patterns`` did. Exploration on used validation files; the forms are
surrogates a realiser drew or the documents' own words.

    python benchmarks/rounds/guess_readings.py GOLD.jsonl PRED.jsonl [GOLD.jsonl PRED.jsonl ...] [--model DIR]
"""

from __future__ import annotations

import argparse

import numpy as np

import thunder_deid.model.infer as infer
from thunder_deid.document import Document, load_jsonl
from thunder_deid.model.decode import NAME_LABELS, nameless_guesses, token_readings


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+", help="gold and prediction, in pairs")
    ap.add_argument("--model")
    a = ap.parse_args()
    tagger = infer.Tagger.load(a.model, patterns=False)
    seen: dict[str, np.ndarray] = {}
    real = infer.decode_spans

    def keep(logprobs, tags, offsets, text):  # the rows the grouped decoder reads, kept for the guesses' tokens
        seen["rows"], seen["offsets"] = logprobs, np.asarray(offsets)
        return real(logprobs, tags, offsets, text)

    infer.decode_spans = keep
    rows = []
    for gf, pf in zip(a.files[::2], a.files[1::2]):
        pred = {d.id: d for d in load_jsonl(pf)}
        for g in load_jsonl(gf):
            t = g.text
            names = [s for s in pred[g.id].spans if s.label in NAME_LABELS]
            forms = nameless_guesses(names, t)
            if not forms:
                continue
            list(infer.iter_predict_documents(tagger.backend, tagger.tokenizer, tagger.labels, [Document(g.id, t, [])],
                                              tagger.max_length, tagger.stride, huge_tokens=1 << 62))
            lp, off = seen["rows"], seen["offsets"]
            path = np.asarray(lp.argmax(1))
            for s in names:
                if t[s.start:s.end] not in forms:
                    continue
                tok = np.flatnonzero((off[:, 0] < s.end) & (off[:, 1] > s.start) & (off[:, 0] < off[:, 1]))
                path[tok] = tagger.labels.tags.index("B-" + s.label)  # the person reading, whatever argmax says
                r = token_readings(lp[tok], path[tok], tagger.labels.tags)
                o, other = float(r["o"].mean()), float(r["other"].mean())
                gold = [x.label for x in g.spans if x.start < s.end and s.start < x.end]
                rows.append((gold[0] if gold else "-", o, other))
                print(g.id, t[s.start:s.end], rows[-1][0], f"O {o:.2f}", f"other {other:.2f}",
                      f"other/O {other / max(o, 1e-9):.2f}", sep="\t")
    for name, entity in (("gold entity", True), ("no gold span", False)):
        ratios = sorted(other / max(o, 1e-9) for g, o, other in rows if (g != "-") == entity)
        print(name, len(ratios), "other/O:", " ".join(f"{x:.2f}" for x in ratios), sep="\t")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
