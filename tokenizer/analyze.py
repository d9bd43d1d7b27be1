"""Tokenizer-only boundary analysis (tables 5 and 30) for several tokenizers from one run.

Per tokenizer, over the same documents:

* ``vocab``: vocabulary size (for ``char``: the single-character entries of the base vocabulary);
* ``tokens_per_1k``: tokens per 1,000 characters of text (no special tokens);
* ``clean_coverage``: share of gold spans whose characters are covered by tokens that contain no extra
  non-space character outside the span (a leading ``Ġ`` space is fine);
* ``bio_ceiling``: the best word-segment F1 any tagger can reach with this tokenizer: gold spans ->
  token BIO (:func:`thunder_deid.bio.spans_to_bio`) -> spans (:func:`thunder_deid.bio.bio_to_spans`) ->
  :func:`thunder_deid.eval.score_documents` (strict/partial typed F1);
* ``ms_per_doc`` and ``chars_per_s``: wall time of tokenising each document (one call per document,
  offsets on) from a freshly loaded tokenizer (the boundary tokenizer's cache holds only the bundle's
  precomputed word table), best of ``repeat`` runs.

    >>> rows = analyze("work/realized/thunder/test.jsonl", ["bpe:work/bpe32k", "work/tokenizers/boundary32k"])  # doctest: +SKIP
    >>> print(format_table(rows))                                                  # doctest: +SKIP
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Sequence

from thunder_deid.document import Document, Span, load_jsonl


def clean_spans(text: str, offsets: Sequence[tuple[int, int]], spans: Sequence[Span]) -> int:
    """How many spans are covered by tokens with no extra non-space character."""
    toks = sorted((a, b) for a, b in offsets if a < b)
    starts = [a for a, _ in toks]
    import bisect

    n = 0
    for s in spans:
        ok = True
        i = max(0, bisect.bisect_right(starts, s.start) - 1)
        # tokens can overlap each other (byte pieces of one character), so scan back a little
        while i > 0 and toks[i - 1][1] > s.start:
            i -= 1
        for a, b in toks[i:]:
            if a >= s.end:
                break
            if b <= s.start:
                continue
            if text[a:s.start].strip() or text[s.end:b].strip():
                ok = False
                break
        n += ok
    return n


def _timed_encode(spec, docs: Sequence[Document]) -> tuple[list, float]:
    """Load the tokenizer afresh (``spec``: a spec string or a loader function), warm it on a short
    string, then time every document."""
    from thunder_deid.tokenizer.load import load_tokenizer

    tok = spec() if callable(spec) else load_tokenizer(spec)
    tok("준비 warm-up 1.", return_offsets_mapping=True, add_special_tokens=False)  # lazy loads only
    encs = []
    t0 = time.perf_counter()
    for d in docs:
        encs.append(tok(d.text, return_offsets_mapping=True, add_special_tokens=False))
    return [tok, encs], time.perf_counter() - t0


def time_tokenizer(docs: Sequence[Document], load, repeat: int = 1) -> float:
    """Characters per second of a tokenizer (``load()`` makes a fresh one), best of ``repeat`` runs."""
    best = min(_timed_encode(load, docs)[1] for _ in range(max(1, repeat)))
    return sum(len(d.text) for d in docs) / best


def analyze(docs_path: str | Path, specs: Sequence[str], max_docs: int | None = None, repeat: int = 1) -> list[dict]:
    """One row per tokenizer spec; timings are the best of ``repeat`` cold runs, interleaved across
    tokenizers so that load on a shared machine hits them alike."""
    from thunder_deid.bio import bio_to_spans, spans_to_bio
    from thunder_deid.eval import score_documents

    docs = load_jsonl(docs_path)[:max_docs]
    n_chars = sum(len(d.text) for d in docs)
    n_spans = sum(len(d.spans) for d in docs)
    first: dict[str, list] = {}
    best: dict[str, float] = {}
    for _ in range(max(1, repeat)):
        for spec in specs:
            out, elapsed = _timed_encode(spec, docs)
            first.setdefault(spec, out)
            best[spec] = min(best.get(spec, float("inf")), elapsed)
    rows = []
    for spec in specs:
        (tok, encs), elapsed = first[spec], best[spec]
        n_tok = clean = 0
        preds = []
        for d, e in zip(docs, encs):
            offs = [tuple(o) for o in e["offset_mapping"]]
            n_tok += len(e["input_ids"])
            clean += clean_spans(d.text, offs, d.spans)
            tags = spans_to_bio(offs, d.spans)
            preds.append(Document(d.id, d.text, bio_to_spans(offs, tags, d.text)))
        sc = score_documents(docs, preds)
        rows.append({
            "tokenizer": spec,
            "vocab": getattr(tok, "analysis_vocab_size", len(tok)),
            "tokens_per_1k": 1000.0 * n_tok / max(1, n_chars),
            "clean_coverage": clean / max(1, n_spans),
            "bio_ceiling_strict_typed_f1": sc.strict_typed.f1,
            "bio_ceiling_partial_typed_f1": sc.partial_typed.f1,
            "ms_per_doc": 1000.0 * elapsed / max(1, len(docs)),
            "chars_per_s": n_chars / elapsed if elapsed else float("inf"),
            "documents": len(docs), "characters": n_chars, "spans": n_spans,
        })
    return rows


def format_table(rows: Sequence[dict]) -> str:
    head = ["tokenizer", "vocab", "tok/1K", "clean cov.", "BIO ceil. strict", "BIO ceil. partial",
            "ms/doc", "chars/s"]
    lines = [head]
    for r in rows:
        lines.append([r["tokenizer"], f"{r['vocab']:,}", f"{r['tokens_per_1k']:.1f}", f"{100 * r['clean_coverage']:.2f}%",
                      f"{r['bio_ceiling_strict_typed_f1']:.4f}", f"{r['bio_ceiling_partial_typed_f1']:.4f}",
                      f"{r['ms_per_doc']:.2f}", f"{r['chars_per_s']:,.0f}"])
    if rows:
        r = rows[0]
        lines.append([f"({r['documents']} documents, {r['characters']:,} characters, {r['spans']:,} spans)"] + [""] * 7)
    widths = [max(len(row[i]) for row in lines) for i in range(len(head))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in lines)
