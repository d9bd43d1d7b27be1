"""Document consistency: a surface form detected as PII once is treated alike everywhere in the document.

A model may tag ``전문수`` in one sentence and miss it in the next; the output would then show the name it
masked elsewhere. :func:`propagate` adds a span at every other occurrence of a detected form that stands
as a word -- at a word start, and followed by a non-Hangul character or a Korean particle (``전문수는``,
``전문수에게``, ``전문수로부터``), or, for a business or an institution, by a type word (``라이포스그룹``) -- never
inside a longer word (``전문수사``, ``김전문수``)::

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

Each form takes the label its detections carry the most score for (and their highest score); forms shorter than
``min_length`` characters and the ``allow`` list are not propagated.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from dataclasses import replace
from typing import Callable, Iterable, Sequence

from thunder_deid.document import Document, Span
from thunder_deid.surrogates.hangul import CONTINUATIONS, PAIRS, boundary_ok, is_hangul_syllable

# Particles that do not alternate on a final consonant (those that do are found by find_particle).
INVARIANT = ("에게서", "에게", "에서", "한테", "께서", "께", "에", "의", "도", "만", "까지", "부터", "처럼", "보다",
             "마저", "조차", "밖에", "하고", "씨", "측", "등")


# Every particle form, longest first (so the longest match is tried first).
PARTICLES = tuple(sorted({f for pair in PAIRS for f in pair} | {"으로", "로"} | set(INVARIANT) | set(CONTINUATIONS),
                          key=len, reverse=True))


# what a customer holds at a bank, written glued after its name (대구은행계좌로, 농협통장을): the name ends before it,
# as before a particle
ACCOUNT_WORDS = ("계좌번호", "계좌", "통장")


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


def particle_ends(rest: str) -> bool:
    """:func:`particle_follows` as the surrogate engine reads particles: one, then at most two
    :data:`~thunder_deid.surrogates.hangul.CONTINUATIONS`, not any three stacked (``나라에`` is no ``나`` + ``라`` + ``에``).

    >>> [particle_ends(r) for r in ("에 대한", "는 ", "으로서의 ", ", ", "나라에 대한", "씨가")]
    [True, True, True, True, False, False]
    >>> particle_follows("나라에 대한")
    True
    """
    if not rest or not is_hangul_syllable(rest[0]):
        return True
    return any(rest.startswith(p) and boundary_ok(rest[len(p):], p) for p in PARTICLES)


def stands_as_word(text: str, a: int, b: int, replaced: Callable[[int], bool] = lambda i: False,
                   typed: str | None = None) -> bool:
    """Does ``text[a:b]`` stand as a word (particles may follow it)? A neighbour for which ``replaced(offset)``
    holds will not be in the output, so it bounds the word (``10비즈`` with ``10`` replaced). With ``typed`` (the
    label of a business or an institution) a type word may follow it too: ``라이포스`` named once stands in
    ``라이포스그룹`` and ``국민 은행``, the same company, where the court writes ``A그룹``."""
    form = text[a:b]
    if a > 0 and _word_char(text[a - 1]) and _word_char(form[0]) and not replaced(a - 1):
        return False
    if b < len(text) and replaced(b):
        return True
    if _word_char(form[-1]) and b < len(text) and text[b].isalnum() and not is_hangul_syllable(text[b]):
        return False
    if particle_follows(text[b:b + 12]) or text.startswith(ACCOUNT_WORDS, b) or not _word_char(form[-1]):
        return True
    if typed is None:
        return False
    from thunder_deid.surrogates.engine import type_word_follows

    return type_word_follows(text, b, typed)


def named_by_type(label: str) -> str | None:
    """The base of ``label`` when it names a business or an institution (a type word may follow its name), else
    None.

    >>> named_by_type("언론관련산업"), named_by_type("병·의원"), named_by_type("인명"), named_by_type("지역명")
    ('언론관련산업', '병·의원', None, None)
    """
    from thunder_deid.taxonomy import load_taxonomy, split_label

    tax, base = load_taxonomy(), split_label(label)[0]
    if base not in tax:
        return None
    chain = {base} | {n.name for n in tax.ancestors(base)}
    return base if chain & TYPED_NODES else None


# Nodes whose names a type word may follow (``라이포스그룹``, ``뉴팜병원``); a person's name, a place's or an
# address's is never spread over a following word.
TYPED_NODES = frozenset({"사업체", "기관 및 시설"})


def occurrences(text: str, form: str, replaced: Callable[[int], bool] = lambda i: False,
                starts: Callable[[str], Iterable[int]] | None = None,
                typed: str | None = None) -> Iterable[tuple[int, int]]:
    """Where ``form`` stands as a word in ``text`` (:func:`stands_as_word`, ``typed`` as there); ``starts``
    (:func:`starts_of`) finds where it occurs when many forms are looked for in one text."""
    found = starts(form) if starts is not None else (m.start() for m in re.finditer(re.escape(form), text))
    for a in found:
        if stands_as_word(text, a, a + len(form), replaced, typed):
            yield a, a + len(form)


def starts_of(text: str, forms: Iterable[str], overlapping: bool = False) -> Callable[[str], Iterable[int]]:
    """Where each of ``forms`` starts in ``text``. A few forms are each searched for in the whole text; many
    (a register of thousands of parties) are all found in one pass over the text's two- and three-character
    heads, each position then checked against the forms of that head by length, so the cost is neither the
    forms times the text nor the forms times the positions of a shared head (``010-1234-…``).

        >>> find = starts_of("김민준과 김민수, 김민준", ["김민준", "김민수", "김민"] * 40)
        >>> list(find("김민준")), list(find("김민수")), list(find("김민"))
        ([0, 10], [5], [0, 5, 10])

    Many forms are found wherever they start, overlapping occurrences too; a few, one after another unless
    ``overlapping`` (``아아`` in ``아아아``: ``[0]``, overlapping ``[0, 1]``).
    """
    forms = set(forms)
    search = lambda f: (m.start() for m in re.finditer(f"(?={re.escape(f)})" if overlapping else re.escape(f), text))  # noqa: E731
    if len(forms) < 64:
        return search
    by_head: dict[str, dict[int, set[str]]] = {}  # head -> form length -> forms
    for f in forms:
        if len(f) > 1:
            by_head.setdefault(f[:3], {}).setdefault(len(f), set()).add(f)
    found: dict[str, list[int]] = {}
    for k in {len(h) for h in by_head}:
        for i in range(len(text) - k + 1):
            lengths = by_head.get(text[i:i + k])
            for n, fs in lengths.items() if lengths else ():
                if (f := text[i:i + n]) in fs:
                    found.setdefault(f, []).append(i)
    return lambda f: found.get(f, ()) if len(f) > 1 else search(f)


def short_number(form: str) -> bool:
    """A number of one or two digits names nothing by itself: the ``12`` of ``압수목록 12번`` read as an exit's number
    is not the month of ``2014. 12. 23.``, so it is never spread (it had been, into every date of a judgment).

        >>> short_number("12"), short_number("203"), short_number("１２")
        (True, False, True)
    """
    return len(form) <= 2 and form.isdigit()


def _forms(spans: Sequence[Span], text: str, allow: Iterable[str], min_length: int) -> dict[str, Counter]:
    """Each detected form that consistency may spread: the score its detections carry per label (a detection
    without a score counts 1)."""
    allowed = set(allow)
    out: dict[str, Counter] = {}
    for s in spans:
        form = text[s.start:s.end]
        if len(form.strip()) < min_length or form in allowed or form != form.strip():
            continue
        out.setdefault(form, Counter())[s.label] += 1.0 if s.score is None else s.score
    return out


def _best_scores(spans: Sequence[Span], text: str) -> dict[str, float | None]:
    best: dict[str, float | None] = {}
    for s in spans:
        form = text[s.start:s.end]
        best[form] = s.score if best.get(form) is None else max(best[form], s.score or 0.0)
    return best


def sure_scores(spans: Iterable[Span], text: str) -> dict[str, float]:
    """Each form's best score among its spans, a span without a score (a recognizer's, a deny entry's) counting as
    sure: with consistency a form is as sure as its best-scored occurrence.

        >>> sure_scores([Span(0, 2, "인명", score=0.4), Span(3, 5, "인명", score=0.7), Span(6, 8, "인명")], "삼우 삼우 한빛")
        {'삼우': 0.7, '한빛': 1.0}
    """
    best: dict[str, float] = {}
    for s in spans:
        form = text[s.start:s.end]
        best[form] = max(best.get(form, 0.0), 1.0 if s.score is None else s.score)
    return best


def _inside(spans: Sequence[Span]) -> Callable[[int], bool]:
    """Is an offset inside one of ``spans`` (sorted, not overlapping one another)?"""
    starts = [s.start for s in spans]

    def inside(i: int) -> bool:
        k = bisect.bisect_right(starts, i) - 1
        return k >= 0 and spans[k].start <= i < spans[k].end
    return inside


def joined_pieces(spans: Sequence[Span], text: str) -> list[Span]:
    """Spans that touch inside one word are one mention cut in pieces (the model reads a name it never saw in
    pieces: ``화`` + ``이버트론``), with the longer piece's label and the lower score; the output then never shows
    ``A△△``. So are two pieces of a business's or a place's name with letters between them in the same word
    (:func:`_bridged`: ``미아뉴`` + ``브트레지움`` of ``미아뉴타운두산위브트레지움아파트``), where the middle would stay
    readable inside the mask; not two names each whole (``서신헬스장피씨방``, ``부산은행서면지점``) or a company and
    its legal form's next word, and never two persons (``김민준과이지은``).

        >>> t = "화이버트론에 입사한 김민준, 이지은, 주식회사 이제이정보시스템에"
        >>> at = lambda w, n, label: Span(t.index(w), t.index(w) + n, label)
        >>> sp = [at("화", 1, "인명"), at("이버트론", 4, "사업체"), at("김민준", 3, "인명"), at("이지은", 3, "인명"),
        ...       at("이제이", 2, "인명"), at("이정보시스템", 6, "사업체")]
        >>> [(t[s.start:s.end], s.label) for s in joined_pieces(sp, t)]
        [('화이버트론', '사업체'), ('김민준', '인명'), ('이지은', '인명'), ('이제이정보시스템', '사업체')]
        >>> t = "미아뉴타운두산위브트레지움아파트, 서신헬스장피씨방, 부산은행서면지점, 김민준과이지은"
        >>> sp = [at("미아뉴", 3, "사회·경제시설"), at("브트레지움", 5, "주거시설"), at("서신헬스장", 5, "오락·스포츠업"),
        ...       at("씨방", 2, "사업체"), at("부산", 2, "은행업"), at("서면", 2, "지점"), at("김민준", 3, "인명"),
        ...       at("이지은", 3, "인명")]
        >>> [(t[s.start:s.end], s.label) for s in joined_pieces(sp, t)]
        [('미아뉴타운두산위브트레지움', '주거시설'), ('서신헬스장', '오락·스포츠업'), ('씨방', '사업체'), ('부산', '은행업'), ('서면', '지점'), ('김민준', '인명'), ('이지은', '인명')]
    """
    out: list[Span] = []
    for s in spans:
        p = out[-1] if out else None
        if p is not None and (p.end == s.start and text[s.start - 1].isalnum() and text[s.start].isalnum()
                              or _bridged(p, s, text)):
            scores = [x for x in (p.score, s.score) if x is not None]
            out[-1] = replace(p, end=s.end, label=p.label if p.end - p.start >= s.end - s.start else s.label,
                              score=min(scores) if scores else None)
        else:
            out.append(s)
    return out


def _bridged(p: Span, s: Span, text: str) -> bool:
    """``p`` and ``s`` lie in one word with letters between them, each of a label court style writes as a letter or
    a symbol other than a person's, each of two letters at least (one syllable is a guess the tidy steps drop or
    widen, and its label no vote), and ``p`` is not a whole name already: it does not end in its label's type
    word, and the letters between are not one (``부산|은행|서면``) nor begin with a company's legal form. A type word
    that only begins them is part of a longer name (``미아뉴|타운두산위|브트레지움``)."""
    from thunder_deid.operators.court import lettered_entity
    from thunder_deid.recognizers.words import LEGAL_FORMS
    from thunder_deid.surrogates.engine import trailing_type_word, type_word_after

    gap = text[p.end:s.start]
    if not gap or not all(_word_char(c) for c in gap) or min(p.end - p.start, s.end - s.start) < 2:
        return False
    if not (lettered_entity(p.label) and lettered_entity(s.label)):
        return False
    return (trailing_type_word(text[p.start:p.end], p.label, units=True) is None
            and type_word_after(gap, p.label) != gap and not gap.startswith(LEGAL_FORMS))


def one_label(spans: Sequence[Span], text: str) -> list[Span]:
    """Every span of one surface form with the label its detections carry the most score for: a document
    names one entity one way (``삼우`` is not 사업체 in one sentence and 인명 in the next).

        >>> t = "삼우의 대표, 삼우, 삼우"
        >>> sp = [Span(0, 2, "사업체", score=0.9), Span(8, 10, "인명", score=0.6), Span(12, 14, "사업체", score=0.5)]
        >>> [s.label for s in one_label(sp, t)]
        ['사업체', '사업체', '사업체']
    """
    weights = _forms(spans, text, (), 1)
    return [s if text[s.start:s.end] not in weights
            else replace(s, label=weights[text[s.start:s.end]].most_common(1)[0][0]) for s in spans]


def whole_forms(spans: Sequence[Span], text: str, allow: Iterable[str] = (), min_length: int = 2) -> list[Span]:
    """``spans`` where a detection lying inside a word occurrence of a longer detected form gives way to that
    form (the model tagged ``장나`` of ``장나라는`` and ``장나라`` elsewhere: ``라`` would stay readable). A detection
    reaching past the occurrence is the model's longer reading and is kept; nothing is added where nothing was
    detected. Every occurrence of every form is found in one pass (:func:`starts_of`), and each is checked
    against the detections by bisection.

        >>> t = "피해자 장나라에게 전화하였다. 피해자 장나라는 송금하였다."
        >>> [t[s.start:s.end] for s in whole_forms([Span(4, 7, "인명"), Span(21, 23, "인명")], t)]
        ['장나라', '장나라']
    """
    spans = sorted(spans, key=lambda s: (s.start, s.end))
    weights = _forms(spans, text, allow, min_length)
    if not weights:
        return spans
    best = _best_scores(spans, text)
    replaced = _inside(spans)
    longest = max(s.end - s.start for s in spans)
    taken = {(s.start, s.end): s for s in spans}
    starts = sorted(taken)
    at = starts_of(text, weights, overlapping=True)
    for form in sorted(weights, key=len, reverse=True):  # longer forms first: 김민준 before 민준
        n = len(form)
        for a in at(form):
            b = a + n
            if not stands_as_word(text, a, b, replaced):
                continue
            k = bisect.bisect_left(starts, (b, -1))
            hit = [(x, y) for x, y in starts[max(0, bisect.bisect_left(starts, (a - longest, -1))):k] if y > a]
            if not hit or hit == [(a, b)] or any(x < a or y > b for x, y in hit):
                continue
            for h in hit:
                del taken[h]
                del starts[bisect.bisect_left(starts, h)]
            taken[a, b] = Span(a, b, weights[form].most_common(1)[0][0], score=best[form], extra={"propagated": True})
            bisect.insort(starts, (a, b))
            longest = max(longest, n)
    return [taken[k] for k in starts]


class Ranges:
    """The union of ``[a, b)`` ranges, sorted: an overlap test and an insertion cost a bisection, so a
    register of thousands of parties is not quadratic in its names.

        >>> r = Ranges([(10, 13), (0, 3), (2, 5)])
        >>> [r.overlaps(a, b) for a, b in ((5, 10), (4, 6), (12, 20), (13, 14))]
        [False, True, True, False]
    """

    def __init__(self, pairs: Iterable[tuple[int, int]]):
        self.starts: list[int] = []
        self.ends: list[int] = []
        for a, b in sorted(pairs):
            if self.ends and a < self.ends[-1]:  # overlapping ranges (a hand-made document) are merged
                self.ends[-1] = max(self.ends[-1], b)
            else:
                self.starts.append(a)
                self.ends.append(b)

    def overlaps(self, a: int, b: int) -> bool:
        k = bisect.bisect_left(self.starts, b)
        return k > 0 and self.ends[k - 1] > a

    def add(self, a: int, b: int) -> None:
        """Add a range that overlaps none (:meth:`overlaps` said so)."""
        k = bisect.bisect_left(self.starts, a)
        self.starts.insert(k, a)
        self.ends.insert(k, b)


# The score under which a form is the tagger's guess, whatever its occurrences: below it the tagger holds the form
# less likely PII than not.
UNSURE = 0.5


def without_unsure_common_words(doc: Document, common: Iterable[str], unsure: float = UNSURE) -> Document:
    """``doc`` without the spans of a common word (:func:`thunder_deid.recognizers.words.common_words`) that the
    tagger scored below ``unsure`` wherever it tagged it. Spread, such a guess replaces the word wherever it
    stands (``공소사실`` tagged at 0.43 at best, then replaced 143 times; ``대한`` of every ``~에 대한``); a name the
    tagger is as unsure of (``삼화일보`` at 0.34) is in no common list, and is left to the thresholds.
    A span without a score (a recognizer's, a deny entry's) is sure. The decoder has already dropped the persons'
    names that are common words below its own, higher bar (``thunder_deid.model.decode.SURE``); a business's or a
    place's is left to this one, since the court masks a bank's name or not.

        >>> t = "공소사실의 요지, 공소사실에 대한 판단, 대한 회사"
        >>> d = Document("d", t, [Span(0, 4, "정치·의사결정", score=0.43), Span(23, 25, "사업체", score=0.99)])
        >>> [t[s.start:s.end] for s in without_unsure_common_words(d, {"공소사실", "대한"}).spans]
        ['대한']
    """
    drop = unsure_common_forms(doc.spans, doc.text, common, unsure)
    if not drop:
        return doc
    return doc.with_spans(s for s in doc.spans if doc.text[s.start:s.end] not in drop)


def unsure_common_forms(spans: Iterable[Span], text: str, common: Iterable[str], unsure: float) -> set[str]:
    """The forms of ``spans`` that are ``common`` words and whose best score (:func:`sure_scores`) is below
    ``unsure``: what :func:`without_unsure_common_words` drops at output, and the decoder drops from the persons the
    tagger read at its own bar (``thunder_deid.model.decode.not_person_words``).

        >>> t = "공소사실의 요지, 대한 회사"
        >>> sorted(unsure_common_forms([Span(0, 4, "정치·의사결정", score=0.43), Span(10, 12, "사업체", score=0.99)],
        ...                            t, {"공소사실", "대한"}, 0.5))
        ['공소사실']
    """
    common = frozenset(common)
    return {f for f, b in sure_scores(spans, text).items() if b < unsure and f in common}


def propagate(doc: Document, allow: Iterable[str] = (), min_length: int = 2) -> Document:
    """``doc`` plus a span at every other word occurrence of each detected surface form (a number of one or two
    digits aside: :func:`short_number`); detections lying inside an occurrence of a longer form first give way to it
    (:func:`whole_forms`)."""
    spans = whole_forms(doc.spans, doc.text, allow, min_length)
    added = spread(spans, doc.text, allow, min_length)
    if not added and spans == list(doc.spans):
        return doc
    return doc.with_spans(spans + added)


def spread(spans: Sequence[Span], text: str, allow: Iterable[str] = (), min_length: int = 2,
           sure: float = 0.0) -> list[Span]:
    """The spans :func:`propagate` adds to ``spans`` (sorted, not overlapping one another): one at every word
    occurrence no span touches of each detected form whose best detection scores at least ``sure`` (a span without a
    score counts as sure), with the form's label and best score.

        >>> t = "피고인 김은혜, 복지연 및 검사의 항소이유, 피고인 복지연이 분식된"
        >>> sp = [Span(4, 7, "인명", score=0.999), Span(29, 32, "인명", score=0.95)]
        >>> [(t[s.start:s.end], s.score) for s in spread(sp, t)], spread(sp, t, sure=0.99)
        ([('복지연', 0.95)], [])
    """
    best = sure_scores(spans, text) if sure > 0 else {}  # propagate spreads every form: no bar to read
    weights = {f: w for f, w in _forms(spans, text, allow, min_length).items()
               if not short_number(f) and (sure <= 0 or best[f] >= sure)}
    if not weights:
        return []
    scores = _best_scores(spans, text)
    taken = Ranges((s.start, s.end) for s in spans)
    replaced = _inside(spans)
    starts = starts_of(text, weights)
    added: list[Span] = []
    for form in sorted(weights, key=len, reverse=True):  # longer forms first: 김민준 before 민준
        label = weights[form].most_common(1)[0][0]
        for a, b in occurrences(text, form, replaced, starts, named_by_type(label)):
            if taken.overlaps(a, b):
                continue
            added.append(Span(a, b, label, score=scores[form], extra={"propagated": True}))
            taken.add(a, b)
    return added
