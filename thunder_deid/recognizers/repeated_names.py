"""A Korean name the tagger never read, repeated after person role words: ``피고인 주꽃님은 … 피고인 주꽃님의``.

The tagger learnt names from its training values; a rare one (``주꽃님``, ``오칠성``) it may miss in every
mention of a judgment, so the consistency step has nothing to repeat and one person stays readable throughout.
The frame says more than the word: after ``피고인``, ``공소외``, ``피해자`` or ``증인`` a judgment writes a name,
or a word for a person's relation or belongings (``피고인 명의의``, ``피해자 소유``). Three tests keep those words
out, each cheap and independent of any lexicon of names:

* the word begins with a common Korean surname and is two to four syllables, a particle (or nothing) after it;
* it is no word judgments write after a role word (:data:`NOT_NAMES`, the general words the law.go.kr corpus
  shows there, written here by hand; a role word itself, ``피해자 배상신청인``; the tagger's person and field
  words) and no business by its type word (``피해자 신한은행의``);
* it stands after a role word at least twice in the document, and at least half of its appearances are
  there: a name is introduced by its role, a word of the language turns up everywhere (``명의로``, ``주장하였다``).

Where a name ends in a particle-like syllable (``김하은``), the form chosen is the one most occurrences share.

    >>> from thunder_deid.document import Document
    >>> t = "피고인 주꽃님은 운전면허증을 위조하였다. 피고인 주꽃님의 사진을 붙였고, 피고인 명의의 계좌로 피고인 주꽃님이 받았다."
    >>> [(t[s.start:s.end], s.label) for s in RepeatedNames().find(Document("d", t))]
    [('주꽃님', '인명'), ('주꽃님', '인명'), ('주꽃님', '인명')]
    >>> t = "증인 김하은은 … 증인 김하은 진술, 증인 김하은에게"
    >>> sorted({t[s.start:s.end] for s in RepeatedNames().find(Document("d", t))})
    ['김하은']
"""

from __future__ import annotations

import functools
import re
from collections import Counter, defaultdict

from thunder_deid.consistency import PARTICLES, Ranges
from thunder_deid.document import Document, Span
from thunder_deid.recognizers.base import Recognizer, register
from thunder_deid.recognizers.words import FIELD_WORDS, NOT_NAMES, PERSON_WORDS

# The roles after which a judgment writes a person and nothing else; not all of patterns.PERSON_ROLES: a civil
# party (원고, 피고, 채권자) is as often a company or the state (피고 대한민국), and a contract party's word is a word
# of the text as well (매수인 측).
ROLES = ("피고인", "공소외", "소외", "피해자", "증인", "참고인", "고소인", "고발인", "피고소인", "피의자", "배상신청인")
_ROLE = "|".join(sorted(ROLES, key=len, reverse=True))
_FRAME = re.compile(rf"(?<![가-힣])(?:{_ROLE})[ \t]+([가-힣]{{2,7}})(?![가-힣])")
_WORD = re.compile(r"(?<![가-힣])[가-힣]{2,}")
_FIRM_AFTER = re.compile(r"[ \t]+[가-힣]{0,6}?(?:회사|법인|그룹)(?![원채])")
_ENDINGS = tuple(sorted(set(PARTICLES) | {"에서", "처럼", "대로", "인"}, key=len, reverse=True))


def _forms(run: str) -> set[str]:
    """The names ``run`` can be: two to four syllables, then a particle or nothing."""
    return {run[:k] for k in range(2, min(4, len(run)) + 1) if k == len(run) or run[k:] in _ENDINGS}


@functools.lru_cache(maxsize=1)
def _not_names() -> frozenset[str]:
    from thunder_deid.recognizers.patterns import PERSON_ROLES

    return NOT_NAMES | frozenset(PERSON_ROLES) | frozenset(ROLES)


def general_word(form: str) -> bool:
    """One of :data:`NOT_NAMES` or of the role words (``배상신청인``), or one with a particle (``공사로``: 공사 + 로),
    or a business's name by its type word (``신한은행``, ``한빛건설``: not a person's)."""
    from thunder_deid.surrogates.engine import trailing_type_word

    words = _not_names()
    return (form in words or any(form[:k] in words and form[k:] in _ENDINGS for k in range(2, len(form)))
            or trailing_type_word(form, "사업체", units=True) is not None)


def reads_as_name(form: str) -> bool:
    """No general word (:func:`general_word`), no word for people or for a form's field, and a common surname first:
    what a word the tagger missed must be before a frame makes it a person's name."""
    from thunder_deid.recognizers.patterns import is_common_surname

    return (not general_word(form) and form not in PERSON_WORDS and form not in FIELD_WORDS
            and (is_common_surname(form[:2]) or is_common_surname(form[0])))


def repeated_names(doc: Document) -> list[Span]:
    runs = [(m.start(1), m.group(1)) for m in _FRAME.finditer(doc.text)]
    # a name a company's kind follows is a company's (공소외 오션팜 여행회사에): masked all the same, typed so that
    # a pseudonym is a company's
    firms = {run for a, run in runs if _FIRM_AFTER.match(doc.text, a + len(run))}
    support: Counter = Counter(f for _, run in runs for f in _forms(run))
    at: dict[str, list[int]] = defaultdict(list)
    for a, run in runs:
        forms = _forms(run) if not general_word(run) else set()  # 피해자 배상신청인: a role word, not 배상신청 + 인
        if forms:  # the form most occurrences share; the shorter one on a tie (김하은은: 김하은)
            at[max(forms, key=lambda f: (support[f], -len(f)))].append(a)
    named = {form: starts for form, starts in at.items() if len(starts) >= 2 and reads_as_name(form)}
    # each form's appearances starting a word, counted in one pass (a register names thousands of parties)
    anywhere: Counter = Counter()
    for m in _WORD.finditer(doc.text) if named else ():
        word = m.group()
        anywhere.update(word[:k] for k in range(2, min(4, len(word)) + 1) if word[:k] in named)
    taken = Ranges((s.start, s.end) for s in doc.spans)
    found = [Span(a, a + len(form), "사업체" if form in firms else "인명", score=1.0) for form, starts in named.items()
             if 2 * len(starts) >= anywhere[form] for a in starts if not taken.overlaps(a, a + len(form))]
    return sorted(found, key=lambda s: s.start)


@register
class RepeatedNames(Recognizer):
    name = "repeated_names"
    description = "a Korean name the tagger missed, standing after person role words through the document"
    priority = 50

    def find(self, doc: Document) -> list[Span]:
        return repeated_names(doc)
