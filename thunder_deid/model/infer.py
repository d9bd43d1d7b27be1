"""Tag documents with a trained model: windows -> log-probs -> merged, constrained spans.

    >>> from thunder_deid.model.infer import Tagger
    >>> tagger = Tagger.load()                       # the embedded default model   # doctest: +SKIP
    >>> tagger.predict("피고인 김민준은 …").spans      # doctest: +SKIP
    >>> tagger = Tagger.load(backend="onnx")         # ONNX Runtime, exported into the cache on first use  # doctest: +SKIP

Memory is bounded whatever the input: documents are tokenised one at a time and decoded in groups of
at most ``group_tokens`` tokens (their windows batched together, longest first, so there is little
padding); a document longer than ``huge_tokens`` is decoded alone, its windows streamed in order into
a :class:`~thunder_deid.model.decode.StreamingViterbi`, which gives the same spans as the whole-array
path. The forward pass is a backend's (``thunder_deid.model.backends``); predictions never change the text.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Collection, Iterable, Iterator, Sequence

import numpy as np

from thunder_deid.document import Document
from thunder_deid.model.backends import Backend, default_threads, get_backend
from thunder_deid.model.decode import StreamingViterbi, decode_spans, spans_from_path
from thunder_deid.model.labels import LabelSet
from thunder_deid.model.windows import Encoded, encode_long, owner_array

if TYPE_CHECKING:
    from thunder_deid.policy import Policy

GROUP_TOKENS = 16384  # tokens of the documents decoded together: ~21 MB of log-probs at 319 tags
HUGE_TOKENS = 16384   # a longer document is streamed on its own
PAD_MULTIPLE = 32     # windows are padded to a multiple of this many tokens (see padded_length)


def default_model_dir() -> Path:
    """The embedded default model shipped in the package (``thunder_deid/data/model``)."""
    return Path(__file__).resolve().parent.parent / "data" / "model"


def padded_length(length: int) -> int:
    """The length a window of ``length`` tokens is padded to, whatever else is in its batch.

    A window's log-probs change in the last digits with the padded length of its batch (attention
    reduces over it), never with the batch's other rows; padding each window to its own bucket makes
    a document's output independent of which documents it was batched with (local, Ray, streaming).

    >>> padded_length(1), padded_length(32), padded_length(33), padded_length(514)
    (32, 32, 64, 544)
    """
    return -(-length // PAD_MULTIPLE) * PAD_MULTIPLE


def _batch(backend: Backend, encs: Sequence[Encoded], items: Sequence[tuple[int, int, int]], cls_id: int,
           sep_id: int, pad_id: int) -> np.ndarray:
    """Log-probs ``[len(items), longest, tags]`` of windows ``(document, window, length with specials)``,
    one forward pass per padded length."""
    longest = max(L for *_, L in items)
    out: np.ndarray | None = None
    for P in sorted({padded_length(L) for *_, L in items}, reverse=True):
        rows = [r for r, (*_, L) in enumerate(items) if padded_length(L) == P]
        ids = np.full((len(rows), P), pad_id, dtype=np.int64)
        mask = np.zeros((len(rows), P), dtype=np.int64)
        for k, r in enumerate(rows):
            i, w, L = items[r]
            a, b = encs[i].spans[w]
            ids[k, 0], ids[k, 1:L - 1], ids[k, L - 1] = cls_id, encs[i].ids[a:b], sep_id
            mask[k, :L] = 1
        lp = backend.logprobs(ids, mask)
        if out is None:
            out = np.zeros((len(items), longest, lp.shape[-1]), dtype=lp.dtype)
        n = min(P, longest)
        out[rows, :n] = lp[:, :n]
    assert out is not None
    return out


def batches(encs: Sequence[Encoded], batch_tokens: int) -> Iterator[list[tuple[int, int, int]]]:
    """The windows ``(document, window, length with specials)`` of ``encs``, longest first, in batches of
    one padded length and at most ``batch_tokens`` padded tokens (one forward pass each)."""
    items = sorted(((i, w, b - a + 2) for i, e in enumerate(encs) for w, (a, b) in enumerate(e.spans)),
                   key=lambda x: -x[2])
    k = 0
    while k < len(items):
        P, n = padded_length(items[k][2]), 1
        while n < max(1, batch_tokens // P) and k + n < len(items) and padded_length(items[k + n][2]) == P:
            n += 1
        yield items[k:k + n]
        k += n


def _specials(tokenizer) -> tuple[int, int, int]:
    return tokenizer.cls_token_id, tokenizer.sep_token_id, tokenizer.pad_token_id


def _decode_group(backend: Backend, tokenizer, labels: LabelSet, group: list[tuple[Document, Encoded]],
                  batch_tokens: int) -> list[Document]:
    """Windows of all documents of ``group`` batched longest first, one padded length per batch; each
    token's row from its owner window."""
    encs = [e for _, e in group]
    own = [owner_array(e.spans, len(e.ids)) for e in encs]
    merged = [np.zeros((len(e.ids), len(labels.tags)), dtype=np.float32) for e in encs]
    for chunk in batches(encs, batch_tokens):
        lp = _batch(backend, encs, chunk, *_specials(tokenizer))
        for r, (i, w, L) in enumerate(chunk):
            a, _ = encs[i].spans[w]
            sel = np.flatnonzero(own[i][a:a + L - 2] == w)
            merged[i][a + sel] = lp[r, 1 + sel]
    out = []
    for (doc, enc), m in zip(group, merged):
        spans = decode_spans(m, labels.tags, [tuple(o) for o in enc.offsets.tolist()], doc.text) if len(enc.ids) else []
        out.append(Document(doc.id, doc.text, spans, doc.meta))
    return out


def _decode_streaming(backend: Backend, tokenizer, labels: LabelSet, doc: Document, enc: Encoded,
                      batch_tokens: int) -> Document:
    """One long document: windows in order, owned rows streamed into the Viterbi; memory ~ one batch."""
    own = owner_array(enc.spans, len(enc.ids))
    sv = StreamingViterbi(labels.tags)
    per_batch = max(1, batch_tokens // (max(b - a for a, b in enc.spans) + 2))
    nxt = 0  # next token to feed: owners are non-decreasing, so owned rows arrive in token order
    for k in range(0, len(enc.spans), per_batch):
        items = [(0, w, b - a + 2) for w, (a, b) in enumerate(enc.spans[k:k + per_batch], k)]
        lp = _batch(backend, [enc], items, *_specials(tokenizer))
        for r, (_, w, L) in enumerate(items):
            a, _ = enc.spans[w]
            sel = np.flatnonzero(own[a:a + L - 2] == w)
            if len(sel) == 0:
                continue
            if a + sel[0] != nxt or sel[-1] - sel[0] + 1 != len(sel):
                raise RuntimeError(f"window {w}: owned tokens out of order")  # windows() never does this
            sv.feed(lp[r, 1 + sel[0]:2 + sel[-1]])
            nxt = a + sel[-1] + 1
    path, probs = sv.finish()
    spans = spans_from_path(path, probs, labels.tags, enc.offsets, doc.text, readings=sv.token_readings())
    return Document(doc.id, doc.text, spans, doc.meta)


def iter_predict_documents(backend: Backend, tokenizer, labels: LabelSet, docs: Iterable[Document], max_length: int,
                           stride: int, batch_tokens: int | None = None, progress=None,
                           group_tokens: int = GROUP_TOKENS, huge_tokens: int = HUGE_TOKENS) -> Iterator[Document]:
    """Documents with predicted spans, in input order, reading ``docs`` lazily (memory bounded, see module)."""
    batch_tokens = batch_tokens or backend.batch_tokens
    group: list[tuple[Document, Encoded]] = []
    size = 0

    def flush():
        for d in _decode_group(backend, tokenizer, labels, group, batch_tokens):
            if progress is not None:
                progress.update(len(d.text))
            yield d
        group.clear()

    for doc in docs:
        enc = encode_long(doc.text, tokenizer, max_length, stride)
        if len(enc.ids) > huge_tokens:
            yield from flush()
            size = 0
            yield _decode_streaming(backend, tokenizer, labels, doc, enc, batch_tokens)
            if progress is not None:
                progress.update(len(doc.text))
            continue
        group.append((doc, enc))
        size += len(enc.ids)
        if size >= group_tokens:
            yield from flush()
            size = 0
    if group:
        yield from flush()


def predict_documents(model, tokenizer, labels: LabelSet, docs: Sequence[Document], max_length: int, stride: int,
                      device="cpu", batch_tokens: int = 8192, progress=None) -> list[Document]:
    """Documents with predicted spans (labels are the model's targets), text and ids unchanged.

    ``model`` is a :class:`~thunder_deid.model.backends.Backend` or a torch module (run by the torch backend).
    """
    backend = model if isinstance(model, Backend) else get_backend("torch")(model, device)
    return list(iter_predict_documents(backend, tokenizer, labels, docs, max_length, stride, batch_tokens, progress))


class Tagger:
    """A loaded model: ``predict(text) -> Document``, ``predict_documents(docs)``, ``iter_predict(docs)``,
    ``redact(text, mode)``."""

    def __init__(self, model, tokenizer, labels: LabelSet, meta: dict, device, patterns: bool | Collection[str] = True,
                 backend: Backend | None = None):
        self.model, self.tokenizer, self.labels, self.meta, self.device = model, tokenizer, labels, meta, device
        # the recognizers merged over the model's spans (thunder_deid.recognizers): all, none, or those named
        self.patterns = patterns if isinstance(patterns, bool) else (patterns,) if isinstance(patterns, str) \
            else tuple(sorted(patterns))
        if not isinstance(self.patterns, bool):
            from thunder_deid.recognizers.base import check_names

            check_names(self.patterns)
        self.max_length = int(meta["max_length"])
        self.stride = int(meta["stride"])
        self.backend = backend or get_backend("torch")(model, device)

    @classmethod
    def load(cls, model: str | Path | None = None, device: str = "cpu", patterns: bool | Collection[str] = True,
             backend: str = "torch",
             threads: int | None = None, cache_dir: str | Path | None = None, int8: bool = False) -> "Tagger":
        """``backend``: ``torch`` or ``onnx`` (exported into ``cache_dir`` on first use, ``int8`` for the
        quantised graph); ``threads``: intra-op threads (default: the machine's idle cores, see
        :func:`~thunder_deid.model.backends.default_threads`)."""
        from thunder_deid.errors import ThunderDeidError
        from thunder_deid.model.distributed import pick_device
        from thunder_deid.model.modeling import load_model

        path = Path(model) if model else default_model_dir()
        if not (path / "model.safetensors").is_file():
            raise ThunderDeidError(f"model {path}: no model.safetensors there"
                                   + (" (the embedded default model is missing from this install)" if not model else ""))
        if int8 and backend != "onnx":
            raise ThunderDeidError(f"int8 quantisation needs --backend onnx (not {backend})")
        dev = pick_device(device)
        m, tok, labels, meta = load_model(path, dev)
        be = get_backend(backend)(m, device=dev, threads=threads or default_threads(), model_dir=path,
                                  cache_dir=cache_dir, int8=int8)
        return cls(m, tok, labels, meta, dev, patterns, be)

    def predict_documents(self, docs: Iterable[Document], progress=None, batch_tokens: int | None = None) -> list[Document]:
        """Spans over each document's own text: the model and the patterns read its canonical form
        (``thunder_deid.normalize``: NFC, folded widths and spaces) and the spans are mapped back."""
        from thunder_deid.document import no_lone_surrogate
        from thunder_deid.normalize import on_canonical

        docs = list(docs)
        for d in docs:  # the tokenizer's own error for one names neither the document nor the cause
            no_lone_surrogate(d.text, f"document {d.id!r}", "its text")
        return on_canonical(docs, lambda canon: self._predict_canonical(canon, progress, batch_tokens))

    def _predict_canonical(self, docs: Iterable[Document], progress=None, batch_tokens: int | None = None) -> list[Document]:
        out = list(iter_predict_documents(self.backend, self.tokenizer, self.labels, docs, self.max_length,
                                          self.stride, batch_tokens, progress))
        if self.patterns:
            from thunder_deid.recognizers import apply_patterns

            level = self.meta.get("target_level", "leaf")
            names = None if self.patterns is True else self.patterns
            out = [apply_patterns(d, level, names) for d in out]
        return out

    def predict(self, text: str, doc_id: str = "text") -> Document:
        return self.predict_documents([Document(doc_id, _text(text), [])])[0]

    def redact(self, text: str, mode: str | None = None, policy: "Policy | dict | str | Path | None" = None,
               seed: int | None = None) -> str:
        """``text`` de-identified in output mode ``mode`` (``tag``, ``mask``, ``court``, ``surrogate``, ``json``;
        default: the policy's, ``mask``) under ``policy`` (a :class:`thunder_deid.policy.Policy`, a mapping
        written as the YAML file is, or a YAML file's path; default: every detected form replaced everywhere);
        ``seed`` for ``surrogate``, for output that can be made again; None (the default): a secret one, since
        whoever knows the seed can test candidate names against the pseudonyms."""
        from thunder_deid.policy import load_policy

        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
        return load_policy(policy).redact(self.predict(text), mode, seed)[0]

    def iter_predict(self, docs: Iterable[Document], chunk: int = 64, progress=None) -> Iterator[Document]:
        """Predicted documents as they are ready, reading ``docs`` lazily ``chunk`` documents at a time
        (memory does not grow with the number of documents)."""
        buf: list[Document] = []
        for d in docs:
            buf.append(d)
            if len(buf) >= chunk:
                yield from self.predict_documents(buf, progress)
                buf = []
        if buf:
            yield from self.predict_documents(buf, progress)


def _text(text: object) -> str:
    """``text`` if it is a string; anything else is a clear error (bytes: decode them first)."""
    if isinstance(text, str):
        return text
    if isinstance(text, (bytes, bytearray)):
        raise TypeError("text must be str, not bytes: decode it first (data.decode('utf-8') or 'cp949'), or give "
                        "the file to `thunder-deid redact`, which detects the encoding")
    raise TypeError(f"text must be str, not {type(text).__name__}")
