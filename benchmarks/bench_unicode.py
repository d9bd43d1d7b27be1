"""Detection on decomposed (NFD) Hangul against the same documents in NFC, new path vs. the old one.

    python benchmarks/bench_unicode.py work/realized/precedents/test.jsonl --limit 100 --baseline 5

Each document is also written in NFD (as macOS applications and file systems store Hangul: one syllable is
two or three code points), with its gold spans moved onto the NFD text. Three runs of the embedded model
(patterns on, as ``redact`` runs it):

* ``NFC``: the documents as they are;
* ``NFD``: the NFD documents through ``Tagger.predict_documents`` (canonical form, spans mapped back);
* ``NFD, no normalisation``: the NFD documents straight into the model and patterns (the path before
  ``thunder_deid.normalize``), the baseline, on the first ``--baseline`` documents only (the tokenizer's
  search is slow on jamo it never saw), with the NFC figures of those documents beside it.

It prints, per run, the predicted spans, the gold spans fully covered by predictions (strict binary TP),
strict typed F1 and seconds; then the time ``normalize`` alone takes on the NFD texts.

    python benchmarks/bench_unicode.py work/realized/thunder/test.jsonl --decoding

compares instead, on the documents as they are and with the model's spans alone (``--no-patterns``, as
the model card's figures), the decoding that trims glued punctuation and widens spans to whole ASCII
words (``decode.tidy``) with the decoding before it.

    python benchmarks/bench_unicode.py runs/s10/prec_test.heldout.court_bare.jsonl --outputs runs/s10/R22.court_bare.test.heldout.jsonl

compares the output modes instead: stored predictions on the documents (``predict``, patterns on), their spans
moved onto the NFD text, and each of ``court`` and ``surrogate`` (seed 1) writing both. It counts the documents
whose NFD output, read in NFC, is the NFC output (whose particles ``bench_court.py`` checks; a document with
CJK compatibility ideographs such as ``不`` U+F95E, which NFD turns into the unified ones for good, stays
apart), for the operators as they run (replacements made on the canonical form,
``operators.base.source_replacements``) and, as the baseline, for the operators applied to the NFD text itself
(the path before).
"""

from __future__ import annotations

import argparse
import time
import unicodedata

from thunder_deid.document import Document, Span, load_jsonl
from thunder_deid.eval import score_documents
from thunder_deid.normalize import normalize


def to_nfd(doc: Document) -> Document:
    """``doc`` in NFD, its spans moved with the characters."""
    pieces = [unicodedata.normalize("NFD", c) for c in doc.text]
    at = [0]
    for p in pieces:
        at.append(at[-1] + len(p))
    spans = [Span(at[s.start], at[s.end], s.label, s.sub) for s in doc.spans]
    return Document(doc.id, "".join(pieces), spans, doc.meta)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("gold", help="JSONL documents with gold spans (e.g. work/realized/precedents/test.jsonl)")
    ap.add_argument("--limit", type=int, help="only the first N documents")
    ap.add_argument("--baseline", type=int, default=5, help="documents for the no-normalisation baseline")
    ap.add_argument("--decoding", action="store_true", help="compare decode.tidy with the decoding before it")
    ap.add_argument("--outputs", metavar="PRED", help="compare the output modes on NFD text, from these predictions")
    a = ap.parse_args()
    import thunder_deid as td

    if a.outputs:
        return compare_outputs(load_jsonl(a.gold)[: a.limit], {d.id: d for d in load_jsonl(a.outputs)})

    if a.decoding:
        return compare_decoding(td.load(patterns=False), load_jsonl(a.gold)[: a.limit])

    nfc = load_jsonl(a.gold)[: a.limit]
    nfd = [to_nfd(d) for d in nfc]
    tagger = td.load()
    changed = sum(d.text != e.text for d, e in zip(nfc, nfd))
    print(f"{len(nfc)} documents ({changed} change in NFD), {sum(len(d.text) for d in nfc):,} NFC characters, "
          f"{sum(len(d.text) for d in nfd):,} NFD characters, {sum(len(d.spans) for d in nfc):,} gold spans")
    k = min(a.baseline, len(nfc))
    print(f"{'run':34s} {'predicted':>10s} {'fully covered gold':>19s} {'strict typed F1':>16s} {'seconds':>8s}")

    def timed(predict, docs):
        t = time.perf_counter()
        pred = predict([Document(d.id, d.text, [], d.meta) for d in docs])
        return pred, time.perf_counter() - t

    def row(name, gold, pred, secs):
        s = score_documents(gold, pred)
        print(f"{name:34s} {sum(len(d.spans) for d in pred):10,d} {s.strict_binary.tp:19,d} "
              f"{s.strict_typed.f1:16.4f} {'' if secs is None else f'{secs:.1f}':>8s}")
        return s.strict_binary.tp

    pred_nfc, secs = timed(tagger.predict_documents, nfc)
    c_nfc = row(f"NFC ({len(nfc)} docs)", nfc, pred_nfc, secs)
    c_nfd = row(f"NFD ({len(nfd)} docs)", nfd, *timed(tagger.predict_documents, nfd))
    row(f"NFC (first {k} docs)", nfc[:k], pred_nfc[:k], None)
    row(f"NFD, no normalisation ({k} docs)", nfd[:k], *timed(lambda d: tagger._predict_canonical(d, None, 8192), nfd[:k]))
    t = time.perf_counter()
    for d in nfd:
        normalize(d.text)
    print(f"normalize alone on the {len(nfd)} NFD texts: {time.perf_counter() - t:.2f} s")
    print(f"fully covered gold spans, NFD vs NFC: {c_nfd:,} vs {c_nfc:,} ({abs(c_nfd - c_nfc) / max(c_nfc, 1):.2%} apart)")


def compare_decoding(tagger, gold: list[Document]) -> None:
    from unittest import mock

    from thunder_deid.model import decode

    print(f"{len(gold)} documents, {sum(len(d.text) for d in gold):,} characters, model spans alone")
    print(f"{'decoding':34s} {'predicted':>10s} {'strict typed':>13s} {'partial typed':>14s} {'strict binary':>14s}")
    for name, tidy in (("tidy (trim edges, whole words)", decode.tidy), ("before (no tidy)", lambda spans, text: spans)):
        with mock.patch.object(decode, "tidy", tidy):
            pred = tagger.predict_documents([Document(d.id, d.text, [], d.meta) for d in gold])
        s = score_documents(gold, pred)
        print(f"{name:34s} {sum(len(d.spans) for d in pred):10,d} {s.strict_typed.f1:13.4f} "
              f"{s.partial_typed.f1:14.4f} {s.strict_binary.f1:14.4f}")


def compare_outputs(gold: list[Document], pred: dict[str, Document]) -> None:
    from thunder_deid.operators import get_operator
    from thunder_deid.operators.base import apply
    from thunder_deid.policy import Policy

    docs = [pred[g.id] for g in gold]
    print(f"{len(docs)} documents, {sum(len(d.spans) for d in docs):,} predicted spans, NFD output against NFC output")
    print(f"{'mode':10s} {'path':38s} {'same output':>12s} {'seconds':>8s}")
    for mode in ("court", "surrogate"):
        policy = Policy(mode=mode)
        for path in ("canonical form (as shipped)", "NFD text itself (before)"):
            same, t = 0, time.perf_counter()
            for d in docs:
                plain = policy.redact(d, seed=1)[0]
                if path.startswith("canonical"):
                    text = policy.redact(to_nfd(d), seed=1)[0]
                else:  # the policy's spans, then the operator straight on the NFD text
                    nfd = policy.prepare(to_nfd(d))
                    op = get_operator(mode, **({"seed": 1} if mode == "surrogate" else {}))
                    text = apply(nfd.text, op.replacements(nfd))
                same += unicodedata.normalize("NFC", text) == plain
            print(f"{mode:10s} {path:38s} {same:>5d} of {len(docs):<4d} {time.perf_counter() - t:8.1f}")


if __name__ == "__main__":
    main()
