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

    for i, ((a, b), tag) in enumerate(zip(offsets, tags)):
        if a == b or tag is None:
            continue
        sc = scores[i] if scores is not None else 0.0
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
