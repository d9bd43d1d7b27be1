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
"""

from __future__ import annotations

from dataclasses import dataclass

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

    ids: list[int]
    offsets: list[tuple[int, int]]
    spans: list[tuple[int, int]]  # window token ranges

    def window_ids(self, w: int, cls_id: int, sep_id: int) -> list[int]:
        a, b = self.spans[w]
        return [cls_id, *self.ids[a:b], sep_id]


def encode(text: str, tokenizer, max_length: int, stride: int) -> Encoded:
    """Tokenise ``text`` once and cut it into windows of ``max_length`` tokens (specials included)."""
    enc = tokenizer(text, add_special_tokens=False, return_offsets_mapping=True)
    ids, offsets = list(enc["input_ids"]), [tuple(o) for o in enc["offset_mapping"]]
    return Encoded(ids, offsets, windows(len(ids), max_length - 2, stride))


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
