"""Replacements for mentions plus the particle repairs their new words need.

    >>> from thunder_deid.document import Span
    >>> text = "김민준은 서울로 갔다"
    >>> reps = with_particles(text, [(Span(0, 3, "인명"), "A"), (Span(5, 7, "주소"), "(주소 생략)")],
    ...                       lambda p: p.strip("()"))
    >>> [(r.start, r.end, r.text, r.label) for r in reps]
    [(0, 3, 'A', '인명'), (3, 4, '는', None), (5, 7, '(주소 생략)', '주소'), (7, 7, '으', None)]

A particle after a parenthetical that holds another mention agrees with the mention before it::

    >>> text = "김민준(민준)을 보았다"
    >>> reps = with_particles(text, [(Span(0, 3, "인명"), "A"), (Span(4, 6, "인명"), "B")])
    >>> [(r.start, r.end, r.text) for r in reps]
    [(0, 3, 'A'), (4, 6, 'B'), (7, 8, '를')]
"""

from __future__ import annotations

from typing import Callable, Iterable

from thunder_deid.document import Span
from thunder_deid.operators.base import Replacement
from thunder_deid.surrogates.hangul import fix_particle

WINDOW = 48  # a parenthetical of up to 40 characters may stand between a mention and its particle


def particle_repair(text: str, end: int, limit: int, new_word: str) -> Replacement | None:
    """The repair of the particle after a mention ending at ``end`` now that it reads ``new_word``;
    ``limit`` is where the next replacement starts (a repair never reaches it)."""
    after = text[end:min(limit, end + WINDOW)]
    fixed = fix_particle(new_word, after)
    if fixed == after:
        return None
    i = 0
    while i < min(len(after), len(fixed)) and after[i] == fixed[i]:
        i += 1
    j = 0
    while j < min(len(after), len(fixed)) - i and after[-1 - j] == fixed[-1 - j]:
        j += 1
    return Replacement(end + i, end + len(after) - j, fixed[i:len(fixed) - j])


def with_particles(text: str, pieces: Iterable[tuple[Span, str]],
                   read: Callable[[str], str] = lambda w: w) -> list[Replacement]:
    """A replacement per ``(span, new text)`` (in order, non-overlapping) and, after each, the particle
    repair for ``read(new text)``."""
    pieces = list(pieces)
    out: list[Replacement] = []
    owner = None  # a mention followed by "(" whose ")" lies past the next mention: "비즈(BIZ)를" agrees with 비즈
    for k, (s, new) in enumerate(pieces):
        out.append(Replacement(s.start, s.end, new, s.label))
        limit = pieces[k + 1][0].start if k + 1 < len(pieces) else len(text)
        gap = text[s.end:limit]
        if owner is not None and ")" in gap:
            fix = particle_repair(text, s.end + gap.index(")") + 1, limit, owner)
            owner = None
        else:
            fix = particle_repair(text, s.end, limit, read(new))
        if gap.startswith("(") and ")" not in gap:
            owner = read(new)
        if fix is not None:
            out.append(fix)
    return out
