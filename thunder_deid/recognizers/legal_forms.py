"""A business named before its legal form after a role word: ``공소외 삼우 주식회사의``, ``피해자 한빛 은행``.

A judgment names a company that is no party as ``공소외`` (or a party as ``피해자``, ``피고`` …), then the
company's name, then its legal form, spaced. The name is the only evidence the tagger has, and it misses names it
never saw in training (``공소외 그린팜 회사로부터``); the consistency step repeats only what was found once, so
one company stays readable through a whole judgment. The frame itself says what the word is, so the name becomes
a span labelled by its form (``은행`` -> ``은행업``, which court style writes ``○○ 은행``; ``주식회사`` ->
``사업체``, ``A 주식회사``). A tagger's span touching the match wins: it read more context, and its label is the
finer one (``건설시공업`` for ``사업체``).

Not a name: a word ending in a particle or a noun of relation between the role word and the form (``피고인
명의의 은행 계좌``, ``피해자 소속 회사``, ``피고인 등이 회사``), a court's number (``공소외 1 주식회사``), and
a form that is part of a longer word (``회사원``, ``은행장``, ``증권거래법``: what follows it is a particle).

    >>> from thunder_deid.document import Document
    >>> t = "공소외 그린팜 회사로부터 돈을 받고, 피해자 한빛 은행에 갚았다. 피고인 명의의 은행 계좌, 공소외 1 주식회사"
    >>> [(t[s.start:s.end], s.label) for s in LegalForms().find(Document("d", t))]
    [('그린팜', '사업체'), ('한빛', '은행업')]
    >>> [t[s.start:s.end] for t in ("공소외 중도 주식회사", "피고인 등이 회사를") for s in LegalForms().find(Document("d", t))]
    ['중도']
    >>> t = "공소외 대진 주식회사"
    >>> LegalForms().find(Document("d", t, [Span(4, 13, "건설시공업")]))
    []

Without a role word (:class:`RepeatedForms`) the frame also holds every word that says what kind of company it is
(``특정 회사``, ``비상장 회사``, ``보험 회사``, ``따른 회사``). A word there is taken for a name only when the
document writes it so at least twice, it is no word of :data:`~thunder_deid.recognizers.words.NOT_NAMES` or a
type word (``보험``, ``건설``), and it does not end as a verb, an adverb or a word with its particle does
(``함으로써``, ``피고인이``, ``인한``)::

    >>> t = "중한 회사가 책을 냈다. 공소외 김민수는 중한 회사의 직원이다. 특정 회사에, 특정 회사의, 보험 회사와 보험 회사"
    >>> [t[s.start:s.end] for s in RepeatedForms().find(Document("d", t))]
    ['중한', '중한']
    >>> t = "함으로써 회사에, 함으로써 회사의, 피고인이 회사를, 피고인이 회사에, 이노플러스 회사"
    >>> [t[s.start:s.end] for s in RepeatedForms().find(Document("d", t))]
    []

A business group's name glued to ``그룹`` counts the same way (``인터플러스그룹 회장 … 인터플러스그룹 계열사``; not
``재벌그룹``), and court style keeps the word: ``A그룹``.
"""

from __future__ import annotations

import functools
import re
from collections import Counter

from thunder_deid.consistency import Ranges
from thunder_deid.document import Document, Span
from thunder_deid.recognizers.base import Recognizer, register
from thunder_deid.recognizers.words import COMPANY, LEGAL_FORMS, NOT_NAMES

# The roles a company can hold in a judgment (a party, a victim, a non-party): patterns.ROLES' civil parties less the
# appeal titles, and the criminal ones.
ROLES = ("공소외", "소외", "피해자", "피고인", "피고", "원고", "신청인", "피신청인", "채권자", "채무자", "고소인",
         "상대방")
# The legal or financial form and the label it gives the name before it (the taxonomy's leaves under 사업체): the
# decoder's legal forms written out in Hangul, plain 회사, and the forms of the financial trades.
FORMS = {**{f: "사업체" for f in LEGAL_FORMS if f.isalpha()},
         COMPANY: "사업체", "은행": "은행업", "저축은행": "여신금융업", "카드": "여신금융업", "캐피탈": "여신금융업",
         "증권": "증권업", "투자증권": "증권업", "금융투자": "증권업", "보험": "보험업", "생명보험": "보험업",
         "손해보험": "보험업", "화재해상보험": "보험업", "법무법인": "변호사업", "회계법인": "회계업"}
# a particle that no name ends in; one that names do end in (중도, 하나로) only after one of the words above
_PARTICLE_END = re.compile(r"(?:인인|의|가|은|는|을|를|에게|에서|으로|로부터|님)$")
_NAME_ENDING = re.compile(r"(.+?)(?:이|도|로|에|와|과|만)$")
_ROLE = "|".join(sorted(ROLES, key=len, reverse=True))
_FORM = "|".join(sorted(FORMS, key=len, reverse=True))
# what may follow a form: no more of a longer word (회사원, 은행장), a particle
_AFTER = r"(?=[^가-힣]|$|[의가이은는을를에와과도만로으라랑부께까처보조마측])"
FRAME = re.compile(rf"(?<![가-힣])(?:{_ROLE})[ \t]+(?:망[ \t]+)?([가-힣A-Za-z][가-힣A-Za-z0-9&]{{1,11}})[ \t]+({_FORM})"
                   + _AFTER)


# Without a role word the name is one Hangul word before the form; it does not end as a word of grammar does: a verb
# or an adverb (함으로써, 거쳐, 않도록, 통해, 달리), a noun with its particle (피고인이, 회사와), a derived modifier
# (상법상, 외국계, 전자식, 독립적; not 성, which names end in: 대성, 신성), or, in three syllables or more, an
# adnominal 한 or 진, a copula 인, a person's 자 or a 중 (광고한, 정해진, 채권자인, 상표권자, 상법중; 중한, 다인 and
# 대진 stay names, 속한 and 중인 not)
BARE = re.compile(rf"(?<![가-힣A-Za-z0-9])([가-힣]{{2,8}})[ \t]+({_FORM})" + _AFTER)
# a business group's name, glued to 그룹 as a court writes it (court style keeps the word: 인터플러스그룹 -> A그룹)
GROUP = re.compile(r"(?<![가-힣A-Za-z0-9])([가-힣]{2,8}?)[ \t]?(그룹)" + _AFTER)
_INFLECTED = re.compile(r"(?:어|아|여|해|쳐|워|와|과|도록|데|자마자|고|서|써|히|게|지|면|며|까지|부터|께|라|친|된|던|는|은|을|를"
                        r"|이|가|의|에|도|로|나|만|든|할|될|올|려|켜|록|언정|상|시|계|별|적|식|용|형)$|..(?:한|인|자|진|중)$")
_NOT_ADNOMINAL = frozenset({"관한", "인한", "대한", "위한", "의한", "통한", "속한", "처한", "정한", "또한", "중인"})


def bare_form_names(doc: Document) -> list[Span]:
    """The names written at least twice before a legal form without a role word, where no span of ``doc`` touches
    them and none holds the name elsewhere (consistency repeats that one, with the tagger's finer label)
    (:class:`RepeatedForms`)."""
    detected = {doc.text[s.start:s.end] for s in doc.spans}
    matches = [m for frame in (BARE, GROUP) for m in frame.finditer(doc.text)
               if m.group(1) not in detected and _bare_name(m.group(1))]
    twice = {w for w, n in Counter(m.group(1) for m in matches).items() if n >= 2}
    taken = Ranges((s.start, s.end) for s in doc.spans)
    found = []
    for m in sorted(matches, key=lambda m: m.start()):
        a, b = m.span(1)
        if m.group(1) in twice and not taken.overlaps(a, m.end(2)):
            found.append(Span(a, b, FORMS.get(m.group(2), "사업체"), score=1.0))
            taken.add(a, b)
    return found


def _bare_name(word: str) -> bool:
    return not (word in NOT_NAMES or word in ROLES or word in _NOT_ADNOMINAL or word in _type_words()
                or _INFLECTED.search(word) or _holds_a_form(word))


def _holds_a_form(word: str) -> bool:
    """A word with 회사 or 은행 in it is a kind of company or a part of one (자회사, 은행장), no name before a form."""
    return "회사" in word or "은행" in word


@functools.lru_cache(maxsize=1)
def _type_words() -> frozenset[str]:
    from thunder_deid.surrogates.places import all_type_words  # on first use, as the decoder reads it: lexicons load late

    return frozenset(all_type_words()) | frozenset(FORMS)


def legal_form_names(doc: Document) -> list[Span]:
    """The names a role word and a legal form frame, where no span of ``doc`` touches them."""
    spans = Ranges((s.start, s.end) for s in doc.spans)
    found = []
    for m in FRAME.finditer(doc.text):
        name = m.group(1)
        ending = _NAME_ENDING.fullmatch(name)
        if (name in NOT_NAMES or _PARTICLE_END.search(name) or (ending and ending.group(1) in NOT_NAMES)
                or _holds_a_form(name)):
            continue
        a, b = m.span(1)
        if not spans.overlaps(a, m.end(2)):
            found.append(Span(a, b, FORMS[m.group(2)], score=1.0))
    return found


@register
class LegalForms(Recognizer):
    name = "legal_forms"
    description = "a business's name between a role word and its legal form: 공소외 삼우 주식회사"
    priority = 40

    def find(self, doc: Document) -> list[Span]:
        return legal_form_names(doc)


@register
class RepeatedForms(Recognizer):
    name = "repeated_forms"
    description = ("a business named twice before its legal form (or 그룹) without a role word: 중한 회사가 … 중한 회사의, "
                   "인터플러스그룹")
    priority = 45

    def find(self, doc: Document) -> list[Span]:
        return bare_form_names(doc)
