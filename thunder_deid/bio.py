"""Character spans <-> token BIO tags through a tokenizer's offset mapping (section 4.1).

A token overlapping a span is ``B-`` if it is the first token containing the span's start, ``I-`` if it
overlaps the span otherwise, ``O`` outside every span. Special tokens (empty offsets) get ``None`` (no
loss). Several byte-level tokens can share one character's offsets: only the first of them is ``B-``.

    >>> from thunder_deid.document import Span
    >>> offsets = [(0, 0), (0, 2), (2, 4), (4, 5), (0, 0)]          # [CLS] 홍길 | 동은 | . [SEP]
    >>> spans_to_bio(offsets, [Span(0, 3, "인명")])
    [None, 'B-인명', 'I-인명', 'O', None]
    >>> [(s.start, s.end, s.label) for s in bio_to_spans(offsets, [None, 'B-인명', 'I-인명', 'O', None], "홍길동은.")]
    [(0, 4, '인명')]

The second call shows why boundaries matter: with "홍길 / 동은" the best a tagger can emit is 홍길동은.
"""

from __future__ import annotations

from typing import Sequence

from thunder_deid.document import Span

Offsets = Sequence[tuple[int, int]]


def spans_to_bio(offsets: Offsets, spans: Sequence[Span]) -> list[str | None]:
    """BIO tag per token. A token overlapping several spans takes the first (leftmost) one."""
    tags: list[str | None] = [None if a == b else "O" for a, b in offsets]
    spans = sorted(spans, key=lambda s: (s.start, s.end))
    j = 0  # first span that may still overlap (spans sorted, tokens mostly increasing)
    for i, (a, b) in enumerate(offsets):
        if a == b:
            continue
        while j < len(spans) and spans[j].end <= a:
            j += 1
        for s in spans[j:]:
            if s.start >= b:
                break
            if a < s.end and b > s.start:  # overlap
                first = a <= s.start < b and not _started(offsets, tags, i, s)
                tags[i] = ("B-" if first else "I-") + s.label
                break
    return tags


def _started(offsets: Offsets, tags: list[str | None], i: int, s: Span) -> bool:
    """Whether an earlier token already holds this span's B- (tokens sharing one character)."""
    k = i - 1
    while k >= 0 and offsets[k][0] <= s.start < offsets[k][1]:
        if tags[k] == "B-" + s.label:
            return True
        k -= 1
    return False


def bio_to_spans(offsets: Offsets, tags: Sequence[str | None], text: str | None = None,
                 scores: Sequence[float] | None = None) -> list[Span]:
    """Spans from BIO tags. An ``I-X`` continues only a span of label X; otherwise it opens one.

    A token that starts inside the previous token's characters (byte pieces of one character) follows
    the previous token's decision, so spans never overlap and never split a character.

    Spans run from their first token's start to their last token's end, trimmed of whitespace when
    ``text`` is given; ``score`` is the mean of the tokens' scores when ``scores`` is given.
    """
    out: list[Span] = []
    cur: list | None = None  # [start, end, label, score_sum, n]

    def close() -> None:
        nonlocal cur
        if cur is not None:
            start, end, label, ssum, n = cur
            if text is not None:
                while start < end and text[start].isspace():
                    start += 1
                while end > start and text[end - 1].isspace():
                    end -= 1
            if start < end:
                out.append(Span(start, end, label, score=(ssum / n) if scores is not None else None))
        cur = None

    prev_end = -1
    for i, ((a, b), tag) in enumerate(zip(offsets, tags)):
        if a == b or tag is None:
            continue
        sc = scores[i] if scores is not None else 0.0
        if a < prev_end:  # a byte piece of a character the previous token started: same decision
            if cur is not None:
                cur[1] = max(cur[1], b)
                cur[3] += sc
                cur[4] += 1
            prev_end = max(prev_end, b)
            continue
        prev_end = b
        if tag == "O":
            close()
            continue
        prefix, label = tag[:2], tag[2:]
        if prefix == "I-" and cur is not None and cur[2] == label:
            cur[1] = max(cur[1], b)
            cur[3] += sc
            cur[4] += 1
            continue
        if prefix not in ("B-", "I-"):
            raise ValueError(f"bad BIO tag {tag!r} at token {i}")
        close()
        cur = [a, b, label, sc, 1]
    close()
    return out


class BioConstraints:
    """One step of the constrained Viterbi recursion, shared by :func:`constrained_viterbi` and the
    streaming decoder (``thunder_deid.model.decode.StreamingViterbi``) so both do the same arithmetic.

    Allowed predecessors of ``O``/``B-X`` are all tags, of ``I-X`` only ``B-X``/``I-X``, so each step is
    O(tags) instead of O(tags²).
    """

    def __init__(self, tags: Sequence[str]):
        import numpy as np

        self.k = len(tags)
        self.is_i = np.array([t.startswith("I-") for t in tags])
        index = {t: i for i, t in enumerate(tags)}
        # For I-X: the index of B-X (or -1 when absent: then only I-X -> I-X continues).
        begin_of = np.array([index.get("B-" + t[2:], -1) if t.startswith("I-") else -1 for t in tags])
        self.i_idx = np.flatnonzero(self.is_i)
        self.b_idx = begin_of[self.i_idx]

    def start(self, lp0):
        """Scores after the first token (float64; ``I-X`` cannot open a document)."""
        import numpy as np

        return np.where(self.is_i, -np.inf, np.asarray(lp0, dtype=np.float64))

    def step(self, score, lp_t):
        """``(new scores, best predecessor of each tag)`` after one more token."""
        import numpy as np

        best = int(np.argmax(score))
        prev = np.full(self.k, best, dtype=np.int64)
        i_idx, b_idx = self.i_idx, self.b_idx
        # I-X: the better of B-X and I-X
        from_b = np.where(b_idx >= 0, score[np.maximum(b_idx, 0)], -np.inf)
        from_i = score[i_idx]
        prev[i_idx] = np.where(from_b >= from_i, np.maximum(b_idx, 0), i_idx)
        prev[i_idx] = np.where((b_idx < 0), i_idx, prev[i_idx])
        return score[prev] + np.asarray(lp_t, dtype=np.float64), prev


def constrained_viterbi(logprobs, tags: Sequence[str]) -> list[int]:
    """Best tag sequence under BIO constraints: ``I-X`` only right after ``B-X`` or ``I-X``.

    ``logprobs`` is a ``[tokens, tags]`` array (log-softmax of a tagger's logits); returns tag indices
    (one recursion step: :class:`BioConstraints`).

        >>> import numpy as np
        >>> tags = ["O", "B-인명", "I-인명", "B-나이", "I-나이"]
        >>> lp = np.log(np.array([[.1, .5, .1, .2, .1], [.1, .1, .1, .1, .6]]))
        >>> [tags[i] for i in constrained_viterbi(lp, tags)]   # greedy: B-인명 I-나이 (ill-formed)
        ['B-나이', 'I-나이']
    """
    import numpy as np

    lp = np.asarray(logprobs, dtype=np.float64)
    n, k = lp.shape
    if n == 0:
        return []
    c = BioConstraints(tags)
    score = c.start(lp[0])
    back = np.zeros((n, k), dtype=np.int64)
    for t in range(1, n):
        score, back[t] = c.step(score, lp[t])
    path = [int(np.argmax(score))]
    for t in range(n - 1, 0, -1):
        path.append(int(back[t, path[-1]]))
    return path[::-1]
