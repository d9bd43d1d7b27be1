"""Long documents as overlapping token windows (appendix E: 4,096-token windows, stride 128).

The document is tokenised once (``add_special_tokens=False``, offsets on) and its token sequence is cut
into windows of ``max_length - 2`` tokens, each wrapped in ``[CLS] … [SEP]``, consecutive windows
sharing ``stride`` tokens. This is the cut a fast tokenizer makes with ``return_overflowing_tokens=True,
stride=…``, done here on the whole-document sequence so that every window token keeps its *global*
index: merging window predictions back (``decode.merge_windows``) is then exact, whatever tokenizer
(plain BPE, boundary-aware, Mecab+BPE) produced the tokens.

    >>> windows(10, content=4, stride=1)
    [(0, 4), (3, 7), (6, 10)]
    >>> windows(3, content=4, stride=1)
    [(0, 3)]

At inference a long text is tokenised in blocks (:func:`encode_long`): cut after a line break (or
before a single space) so that every pre-token stays whole, which gives the tokens of one call in the
memory of one block; token ids and offsets are kept as numpy arrays.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from thunder_deid.bio import spans_to_bio
from thunder_deid.document import Document
from thunder_deid.model.labels import LabelSet


def windows(n_tokens: int, content: int, stride: int) -> list[tuple[int, int]]:
    """``[start, end)`` token ranges covering ``n_tokens``; the last window ends at the last token."""
    if content <= stride:
        raise ValueError(f"window content {content} must exceed stride {stride}")
    if n_tokens <= content:
        return [(0, n_tokens)]
    step, out, start = content - stride, [], 0
    while start + content < n_tokens:
        out.append((start, start + content))
        start += step
    out.append((n_tokens - content, n_tokens))
    return out


@dataclass
class Encoded:
    """One document's tokens (no specials), their character offsets, and its windows."""

    ids: Sequence[int]
    offsets: Sequence[tuple[int, int]]  # an ``[n, 2]`` array from :func:`encode_long`
    spans: list[tuple[int, int]]  # window token ranges

    def window_ids(self, w: int, cls_id: int, sep_id: int) -> list[int]:
        a, b = self.spans[w]
        return [cls_id, *self.ids[a:b], sep_id]


def encode(text: str, tokenizer, max_length: int, stride: int) -> Encoded:
    """Tokenise ``text`` once and cut it into windows of ``max_length`` tokens (specials included)."""
    enc = tokenizer(text, add_special_tokens=False, return_offsets_mapping=True)
    ids, offsets = list(enc["input_ids"]), [tuple(o) for o in enc["offset_mapping"]]
    return Encoded(ids, offsets, windows(len(ids), max_length - 2, stride))


def text_blocks(text: str, block_chars: int) -> list[tuple[int, int]]:
    """``[start, end)`` character ranges of at most ``block_chars`` (a hard cut only when no line break
    or single space is in reach), cut where tokenising the parts gives the tokens of the whole.

        >>> text_blocks("가나\\n다라 마바", 4)
        [(0, 3), (3, 5), (5, 8)]
    """
    out, a = [], 0
    while len(text) - a > block_chars:
        lo, hi = a + 1, a + block_chars
        cut = next((i + 1 for i in _rfind_all(text, "\n", lo - 1, hi - 1) if not text[i + 1].isspace()), None)
        if cut is None:  # before a single space that follows a non-space: " word" stays one pre-token
            cut = next((i for i in _rfind_all(text, " ", lo, hi) if not text[i - 1].isspace()
                        and not text[i + 1].isspace()), hi)
        out.append((a, cut))
        a = cut
    out.append((a, len(text)))
    return out


def _rfind_all(text: str, sub: str, lo: int, hi: int):
    """Positions of ``sub`` in ``text[lo:hi]``, last first."""
    i = text.rfind(sub, lo, hi)
    while i >= lo:
        yield i
        i = text.rfind(sub, lo, i)


def encode_long(text: str, tokenizer, max_length: int, stride: int, block_chars: int = 100_000) -> Encoded:
    """:func:`encode` for any length: tokenised in :func:`text_blocks`, ids and offsets as numpy arrays."""
    ids, offsets = [], []
    for a, b in text_blocks(text, block_chars):
        # a block cut before a space starts one character early: a leading-space token's offsets are
        # trimmed of the space everywhere but at a text's start; the extra character's tokens are dropped
        ctx = 1 if a > 0 and text[a] == " " else 0
        enc = tokenizer(text[a - ctx:b], add_special_tokens=False, return_offsets_mapping=True)
        off = np.asarray(enc["offset_mapping"], dtype=np.int64).reshape(-1, 2)
        keep = off[:, 0] >= ctx
        ids.append(np.asarray(enc["input_ids"], dtype=np.int64)[keep])
        offsets.append(off[keep] + (a - ctx))
    ids_a, off_a = np.concatenate(ids), np.concatenate(offsets)
    return Encoded(ids_a, off_a, windows(len(ids_a), max_length - 2, stride))


def owner_array(spans: list[tuple[int, int]], n_tokens: int) -> np.ndarray:
    """:func:`owners` as an int64 array, in numpy (millions of tokens)."""
    best = np.full(n_tokens, -1, dtype=np.int64)
    depth = np.full(n_tokens, -1, dtype=np.int64)
    for w, (a, b) in enumerate(spans):
        g = np.arange(a, b)
        d = np.minimum(g - a, b - 1 - g)
        better = d > depth[a:b]
        depth[a:b][better] = d[better]
        best[a:b][better] = w
    return best


def owners(spans: list[tuple[int, int]], n_tokens: int) -> list[int]:
    """For each token, the window where it is farthest from an edge (the first such on ties).

    Used both to count each token's loss once in training and to merge predictions at inference.

        >>> owners([(0, 4), (3, 7), (6, 10)], 10)
        [0, 0, 0, 0, 1, 1, 1, 2, 2, 2]
    """
    best = [-1] * n_tokens
    depth = [-1] * n_tokens
    for w, (a, b) in enumerate(spans):
        for g in range(a, b):
            d = min(g - a, b - 1 - g)
            if d > depth[g]:
                depth[g], best[g] = d, w
    return best


def training_windows(doc: Document, tokenizer, labels: LabelSet, max_length: int, stride: int,
                     ignore: int = -100) -> list[tuple[list[int], list[int]]]:
    """``(input_ids, label_ids)`` per window; specials and tokens another window owns get ``ignore``.

    Overlap tokens are inputs (context) in every window that holds them, but their loss is counted
    once, in the window where they are farthest from the edge (the window inference reads them from).
    """
    enc = encode(doc.text, tokenizer, max_length, stride)
    tags = labels.encode(spans_to_bio(enc.offsets, doc.spans), ignore)
    own = owners(enc.spans, len(enc.ids))
    out = []
    for w, (a, b) in enumerate(enc.spans):
        lab = [t if own[g] == w else ignore for g, t in zip(range(a, b), tags[a:b])]
        out.append(([tokenizer.cls_token_id, *enc.ids[a:b], tokenizer.sep_token_id], [ignore, *lab, ignore]))
    return out
