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

import functools

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
                 scores: Sequence[float] | None = None,
                 readings: dict[str, Sequence[float]] | None = None) -> list[Span]:
    """Spans from BIO tags. An ``I-X`` continues only a span of label X; otherwise it opens one.

    A token that starts inside the previous token's characters (byte pieces of one character) follows
    the previous token's decision, so spans never overlap and never split a character.

    Spans run from their first token's start to their last token's end, trimmed of whitespace when
    ``text`` is given; ``score`` is the mean of the tokens' scores when ``scores`` is given, and each of
    ``readings`` (a name and a value a token) is the mean of its tokens' values, kept in ``extra`` under its name.

        >>> [(s.label, s.score, s.extra) for s in bio_to_spans([(0, 1), (1, 2), (2, 3)], ["B-인명", "I-인명", "O"],
        ...  scores=[0.5, 0.7, 0.9], readings={"o": [0.25, 0.75, 1.0]})]
        [('인명', 0.6, {'o': 0.5})]
    """
    out: list[Span] = []
    cur: list | None = None  # [start, end, label, score_sum, n, token indices]

    def close() -> None:
        nonlocal cur
        if cur is not None:
            start, end, label, ssum, n, idx = cur
            if text is not None:
                while start < end and text[start].isspace():
                    start += 1
                while end > start and text[end - 1].isspace():
                    end -= 1
            if start < end:
                extra = {k: sum(v[i] for i in idx) / n for k, v in readings.items()} if readings else {}
                out.append(Span(start, end, label, score=(ssum / n) if scores is not None else None, extra=extra))
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
                cur[5].append(i)
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
            cur[5].append(i)
            continue
        if prefix not in ("B-", "I-"):
            raise ValueError(f"bad BIO tag {tag!r} at token {i}")
        close()
        cur = [a, b, label, sc, 1, [i]]
    close()
    return out


class BioConstraints:
    """One step of the constrained Viterbi recursion (numpy over tags; :func:`_viterbi_floats` does the
    same arithmetic on Python floats when few tags contend).

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


def constrained_viterbi(logprobs, tags: Sequence[str], sure=None) -> list[int]:
    """Best tag sequence under BIO constraints: ``I-X`` only right after ``B-X`` or ``I-X``.

    ``logprobs`` is a ``[tokens, tags]`` array (log-softmax of a tagger's logits); returns tag indices
    (one recursion step: :class:`BioConstraints`). Tokens that are ``O`` on every best path
    (:func:`certain_o`, most of a judgment) cut the sequence into independent stretches, and each
    stretch runs the recursion over the types that can contend there (:func:`contending_tags`). A caller
    that has already computed :func:`certain_o` for these rows passes it as ``sure``.

        >>> import numpy as np
        >>> tags = ["O", "B-인명", "I-인명", "B-나이", "I-나이"]
        >>> lp = np.log(np.array([[.1, .5, .1, .2, .1], [.1, .1, .1, .1, .6]]))
        >>> [tags[i] for i in constrained_viterbi(lp, tags)]   # greedy: B-인명 I-나이 (ill-formed)
        ['B-나이', 'I-나이']
    """
    import numpy as np

    lp = np.asarray(logprobs)
    n = len(lp)
    if n == 0:
        return []
    if sure is None:
        sure = certain_o(lp, tags)
    if sure is None:
        rest, path = np.arange(n), np.zeros(n, dtype=np.int64)
    else:
        rest, path = np.flatnonzero(~sure), np.full(n, list(tags).index("O"), dtype=np.int64)
    if len(rest) == 0:
        return path.tolist()
    sub = np.asarray(lp[rest], dtype=np.float64)
    keep = contending_tags(sub, tags)
    sub = sub[:, keep]
    c = BioConstraints([tags[i] for i in keep])
    cuts = (np.flatnonzero(np.diff(rest) > 1) + 1).tolist()
    for a, b in zip([0, *cuts], [*cuts, len(rest)]):
        path[rest[a:b]] = keep[_recursion(sub[a:b], c)]
    return path.tolist()


def _recursion(lp, c: BioConstraints) -> list[int]:
    """The Viterbi recursion over one stretch (float64 ``lp``, columns ``c``'s tags): column indices."""
    import numpy as np

    if c.k <= FEW_TAGS:
        return _viterbi_floats(lp.tolist(), c)
    n = len(lp)
    score = c.start(lp[0])
    back = np.zeros((n, c.k), dtype=np.int64)
    for t in range(1, n):
        score, back[t] = c.step(score, lp[t])
    path = [int(np.argmax(score))]
    for t in range(n - 1, 0, -1):
        path.append(int(back[t, path[-1]]))
    return path[::-1]


FEW_TAGS = 64  # up to this many contending tags, the recursion runs on Python floats (numpy's per-call cost)


def _viterbi_floats(rows: list[list[float]], c: BioConstraints) -> list[int]:
    """:meth:`BioConstraints.step`'s recursion on Python floats: the same float64 sums, the same tie-breaks
    (the first maximum, as ``np.argmax``; ``B-X`` over ``I-X`` when equal), the same path."""
    k, inf = c.k, float("inf")
    pairs = list(zip(c.i_idx.tolist(), c.b_idx.tolist()))  # (I-X, B-X or -1)
    score = list(rows[0])
    for j, _ in pairs:
        score[j] = -inf
    back = []
    for row in rows[1:]:
        m = max(score)
        best = score.index(m)
        prev = [best] * k
        new = [m + x for x in row]
        for j, b in pairs:
            sj = score[j]
            if b >= 0 and score[b] >= sj:
                prev[j] = b
                new[j] = score[b] + row[j]
            else:
                prev[j] = j
                new[j] = sj + row[j]
        score = new
        back.append(prev)
    path = [score.index(max(score))]
    for prev in reversed(back):
        path.append(prev[path[-1]])
    return path[::-1]


@functools.lru_cache(maxsize=8)
def _type_columns(tags: tuple[str, ...]):
    """Per type (sorted): the column of its ``B-`` and ``I-`` tag (``len(tags)``: absent), and ``O``'s."""
    import numpy as np

    index = {t: i for i, t in enumerate(tags)}
    types = sorted({t[2:] for t in tags if t[:2] in ("B-", "I-")})
    absent = len(tags)
    return (types, np.array([index.get("B-" + x, absent) for x in types]),
            np.array([index.get("I-" + x, absent) for x in types]), index.get("O", -1))


def contending_tags(logprobs, tags: Sequence[str]):
    """Indices (ascending) of the tags the Viterbi path can use: ``O``, tags outside the BIO scheme, and
    both tags of every type ``X`` whose ``B-X`` or ``I-X`` is, at some token, at least as likely as the
    best of ``O`` and the other types' ``B-`` tags there.

    Why that is exact: any tag can precede ``O`` or a ``B-`` tag and follow it, and the token after a
    maximal run of ``X`` is not an ``I-`` of another type, so a run of ``X`` can be replaced token by token by
    that better tag, a strictly better path; repeated, this ends on a path of kept types only. So a
    dropped tag is never on the best path nor the best score at any step, and every argmax, tie-breaks
    included, stays where it was. A judgment needs a handful of the 161 types, so the recursion (a Python
    loop over tokens, numpy over tags) does a fraction of the work.

        >>> import numpy as np
        >>> tags = ["O", "B-인명", "I-인명", "B-나이", "I-나이"]
        >>> lp = np.log(np.array([[.6, .1, .1, .1, .1], [.1, .15, .55, .1, .1]]))
        >>> contending_tags(lp, tags).tolist()     # 나이 never reaches O or B-인명
        [0, 1, 2]
    """
    import numpy as np

    lp = np.asarray(logprobs)
    types, b_col, i_col, o = _type_columns(tuple(tags))
    if o < 0 or len(lp) == 0 or len(types) < 2:
        return np.arange(len(tags))
    n = len(lp)
    padded = np.concatenate([lp, np.full((n, 1), -np.inf, dtype=lp.dtype)], axis=1)  # last column: absent tag
    lb, li = padded[:, b_col], padded[:, i_col]
    top = np.argmax(lb, axis=1)
    first = lb[np.arange(n), top]
    lb_top = lb.copy()
    lb_top[np.arange(n), top] = -np.inf
    other_b = np.where(np.arange(len(types))[None, :] == top[:, None], lb_top.max(axis=1)[:, None], first[:, None])
    alt = np.maximum(lp[:, o:o + 1], other_b)
    kept = {x for x, k in zip(types, (np.maximum(lb, li) >= alt).any(axis=0)) if k}
    return np.array([i for i, t in enumerate(tags) if t[:2] not in ("B-", "I-") or t[2:] in kept], dtype=np.int64)


CERTAIN_MARGIN = 1e-3  # log-prob units: far above float32 rounding of the few sums below, far below a real margin


@functools.lru_cache(maxsize=8)
def _certain_columns(tags: tuple[str, ...]):
    """``(O's column, B-/I- columns of the types with both tags, B- columns of types without I-)``, or None
    when there is no ``O`` or a tag outside BIO. A type's ``I-`` without its ``B-`` is on no path."""
    types, b_col, i_col, o = _type_columns(tags)
    if o < 0 or any(t != "O" and t[:2] not in ("B-", "I-") for t in tags):
        return None
    absent = len(tags)
    both = (b_col != absent) & (i_col != absent)
    return o, b_col[both], i_col[both], b_col[(b_col != absent) & (i_col == absent)]


def certain_o(logprobs, tags: Sequence[str]):
    """Tokens (a boolean array) that are ``O`` on every best BIO path, or None when ``tags`` has no ``O``
    or a tag outside the BIO scheme.

    Token ``t`` is one where ``O`` beats every ``B-X``/``I-X`` there by more than being inside ``X`` can
    gain at ``t + 1``: ``lp[t, O] > lp[t, s] + max(0, lp[t+1, I-X] - lp[t+1, B-X])``. Why that is exact:
    take a path with ``s`` (type ``X``) at ``t``; put ``O`` there and, if ``t + 1`` is ``I-X``, ``B-X`` at
    ``t + 1``. That path is allowed (``O`` and ``B-`` may follow anything, ``I-X`` may follow ``B-X``) and
    strictly better, so no best path has ``s`` at ``t``. Around such a token the path splits into stretches
    that do not interact (a stretch after ``O`` starts like a document, one before ``O`` may end anyhow).
    The test is made with a margin (:data:`CERTAIN_MARGIN`), so float rounding never decides it.

        >>> import numpy as np
        >>> tags = ["O", "B-인명", "I-인명"]
        >>> lp = np.log(np.array([[.9, .05, .05], [.2, .7, .1], [.45, .05, .5], [.9, .05, .05]]))
        >>> certain_o(lp, tags).tolist()      # token 0: O by far; token 2: I-인명 may continue token 1
        [True, False, False, True]
    """
    import numpy as np

    cols = _certain_columns(tuple(tags))
    if cols is None:
        return None
    o, b_col, i_col, b_only = cols
    lp = np.asarray(logprobs)
    lb, li = lp[:, b_col], lp[:, i_col]
    threat = np.maximum(lb, li)
    with np.errstate(invalid="ignore"):  # -inf - -inf (nothing to gain) and -inf + inf (no such state): NaN,
        threat[:-1] += np.fmax(li[1:] - lb[1:], 0)  # which fmax below passes over
        worst = np.fmax.reduce(threat, axis=1) if threat.shape[1] else np.full(len(lp), -np.inf, lp.dtype)
    if len(b_only):
        worst = np.fmax(worst, lp[:, b_only].max(axis=1))
    return lp[:, o] > worst + CERTAIN_MARGIN
