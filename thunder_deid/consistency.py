"""Document consistency: a surface form detected as PII once is treated alike everywhere in the document.

A model may tag ``전문수`` in one sentence and miss it in the next; the output would then show the name it
masked elsewhere. :func:`propagate` adds a span at every other occurrence of a detected form that stands
as a word -- at a word start, and followed by a non-Hangul character or a Korean particle (``전문수는``,
``전문수에게``, ``전문수로부터``) -- never inside a longer word (``전문수사``, ``김전문수``)::

    >>> from thunder_deid.document import Document, Span
    >>> text = "피고인 전문수는 전문수에게 전문수사를 맡겼고, 전문수의 차를 탔다."
    >>> out = propagate(Document("d", text, [Span(4, 7, "인명", score=0.9)]))
    >>> [(s.start, text[s.start:s.end], s.label, s.extra.get("propagated")) for s in out.spans]
    [(4, '전문수', '인명', None), (9, '전문수', '인명', True), (26, '전문수', '인명', True)]

A detection that covers only part of another occurrence (a syllable left readable) gives way to the whole
form::

    >>> text = "피해자 장나라에게 …, 피해자 장나라는"
    >>> out = propagate(Document("d", text, [Span(4, 7, "인명"), Span(17, 19, "인명")]))
    >>> [text[s.start:s.end] for s in out.spans]
    ['장나라', '장나라']

Each form takes the label (and the highest score) it was detected with most often; forms shorter than
``min_length`` characters and the ``allow`` list are not propagated.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from typing import Callable, Iterable

from thunder_deid.document import Document, Span
from thunder_deid.surrogates.hangul import CONTINUATIONS, PAIRS, is_hangul_syllable

# Particles that do not alternate on a final consonant (those that do are found by find_particle).
INVARIANT = ("에게서", "에게", "에서", "한테", "께서", "께", "에", "의", "도", "만", "까지", "부터", "처럼", "보다",
             "마저", "조차", "밖에", "하고", "씨", "측", "등")


# Every particle form, longest first (so the longest match is tried first).
PARTICLES = tuple(sorted({f for pair in PAIRS for f in pair} | {"으로", "로"} | set(INVARIANT) | set(CONTINUATIONS),
                          key=len, reverse=True))


def _word_char(ch: str) -> bool:
    return is_hangul_syllable(ch) or ch.isalnum()


def particle_follows(rest: str, depth: int = 0) -> bool:
    """Is ``rest`` (the text right after a form) the end of a word: nothing Hangul, or particles (stacked
    ones too: ``으로서의``, ``만으로도``) up to a word boundary?

    >>> [particle_follows(r) for r in ("는 ", "에게", "로부터 ", ", ", "사를", "에서의", "", "으로서의 ", "의무")]
    [True, True, True, True, False, True, True, True, False]
    """
    if not rest or not is_hangul_syllable(rest[0]):
        return True
    if depth == 3:
        return False
    return any(rest.startswith(p) and particle_follows(rest[len(p):], depth + 1) for p in PARTICLES)


def occurrences(text: str, form: str, replaced: Callable[[int], bool] = lambda i: False) -> Iterable[tuple[int, int]]:
    """Where ``form`` stands as a word in ``text`` (particles may follow it); a neighbour for which
    ``replaced(offset)`` holds will not be in the output, so it bounds the word (``10비즈`` with ``10`` replaced)."""
    for m in re.finditer(re.escape(form), text):
        a, b = m.start(), m.end()
        if a > 0 and _word_char(text[a - 1]) and _word_char(form[0]) and not replaced(a - 1):
            continue
        if b < len(text) and replaced(b):
            yield a, b
            continue
        if _word_char(form[-1]) and b < len(text) and text[b].isalnum() and not is_hangul_syllable(text[b]):
            continue
        if particle_follows(text[b:b + 12]) or not _word_char(form[-1]):
            yield a, b


def propagate(doc: Document, allow: Iterable[str] = (), min_length: int = 2) -> Document:
    """``doc`` plus a span at every other word occurrence of each detected surface form."""
    allowed = set(allow)
    labels: dict[str, Counter] = {}
    scores: dict[str, float | None] = {}
    for s in doc.spans:
        form = doc.text[s.start:s.end]
        if len(form.strip()) < min_length or form in allowed or form != form.strip():
            continue
        labels.setdefault(form, Counter())[s.label] += 1
        if s.score is not None:
            scores[form] = max(scores.get(form) or 0.0, s.score)
        else:
            scores.setdefault(form, None)
    if not labels:
        return doc
    taken = [(s.start, s.end) for s in doc.spans]
    starts = [s.start for s in doc.spans]

    def replaced(i: int) -> bool:  # inside one of the detected spans
        k = bisect.bisect_right(starts, i) - 1
        return k >= 0 and doc.spans[k].start <= i < doc.spans[k].end

    added: list[Span] = []
    dropped: set[tuple[int, int]] = set()
    for form in sorted(labels, key=len, reverse=True):  # longer forms first: 김민준 before 민준
        label = labels[form].most_common(1)[0][0]
        for a, b in occurrences(doc.text, form, replaced):
            hit = [(x, y) for x, y in taken if x < b and a < y]
            # A detection lying inside this occurrence is a part of the same form (장나 of 장나라는): the whole
            # form replaces it, or a syllable of a name masked elsewhere stays readable. A detection reaching
            # past the occurrence is the model's longer reading and is kept.
            if hit == [(a, b)] or any(x < a or y > b for x, y in hit):
                continue
            dropped.update(hit)
            added.append(Span(a, b, label, score=scores[form], extra={"propagated": True}))
            taken = [t for t in taken if t not in hit] + [(a, b)]
    if not added:
        return doc
    return doc.with_spans([s for s in doc.spans if (s.start, s.end) not in dropped] + added)
