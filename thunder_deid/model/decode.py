"""From window log-probabilities to document spans: merge windows, constrained decoding, spans.

Each token's distribution is read from the window where it is farthest from an edge (it sees the most
context there); the document's tag sequence is the constrained Viterbi path (``I-X`` continues only
``X``), and spans run over their tokens' characters, trimmed of whitespace, scored by the mean
probability of their tokens' tags.

    >>> import numpy as np
    >>> tags = ["O", "B-인명", "I-인명"]
    >>> w0 = np.log([[.9, .05, .05], [.1, .8, .1], [.3, .3, .4]])   # tokens 0-2, token 2 at the edge
    >>> w1 = np.log([[.1, .1, .8], [.8, .1, .1]])                     # tokens 2-3
    >>> lp = merge_windows([w0, w1], [(0, 3), (2, 4)], 4)
    >>> [tags[i] for i in lp.argmax(1)]
    ['O', 'B-인명', 'I-인명', 'O']
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from thunder_deid.bio import bio_to_spans, constrained_viterbi
from thunder_deid.document import Span
from thunder_deid.model.windows import owners


def merge_windows(window_logprobs: Sequence[np.ndarray], spans: Sequence[tuple[int, int]], n_tokens: int) -> np.ndarray:
    """``[n_tokens, tags]`` log-probs, each token taken from its owner window (``windows.owners``)."""
    k = window_logprobs[0].shape[1] if len(window_logprobs) else 1
    out = np.zeros((n_tokens, k), dtype=np.float32)
    own = np.asarray(owners(list(spans), n_tokens))
    for w, ((a, b), lp) in enumerate(zip(spans, window_logprobs)):
        if lp.shape[0] != b - a:
            raise ValueError(f"window {w}: {lp.shape[0]} rows for {b - a} tokens")
        sel = np.flatnonzero(own[a:b] == w)
        out[a + sel] = lp[sel]
    return out


def decode_spans(logprobs: np.ndarray, tags: Sequence[str], offsets: Sequence[tuple[int, int]], text: str) -> list[Span]:
    """Constrained Viterbi over document log-probs, then spans trimmed of whitespace with scores."""
    if len(offsets) == 0:
        return []
    path = constrained_viterbi(logprobs, tags)
    probs = np.exp(logprobs[np.arange(len(path)), path]).tolist()
    return bio_to_spans(offsets, [tags[i] for i in path], text, scores=probs)
