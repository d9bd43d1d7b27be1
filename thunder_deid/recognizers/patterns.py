"""Identifiers whose written form alone says what they are, found by pattern: the built-in table.

The tagger learns from judgment fact sections, where resident registration numbers, e-mail addresses and
phone numbers are rare (4 phone numbers in 810 validation/test documents), so it can miss or mistype
them, e.g. in a judgment's header (``피고인 박도윤 (9X0315-1XXXXXX)``). Their forms are fixed and hard to
confuse, so each is matched by a pattern with a validity check, and a match *replaces* every model span
it overlaps: a phone number the model called ``계좌번호`` becomes one ``전화번호`` span.

=============  =============================================================================================
label          form (``-`` required between groups; ``X``, ``x``, ``*``, ``●``, ``○`` count as masked digits)
=============  =============================================================================================
주민등록번호   ``YYMMDD-GNNNNNN``; month and day valid where written; G is 1-8 (also 외국인등록번호)
전화번호       mobile ``01[016789]-NNN(N)-NNNN``, area code ``02``/``0[3-6][1-5]``, ``070``, ``050N``; the same separator
               between the groups, a hyphen, a space or a dot; ``(02)1234-5678``; a mobile number without any
면허번호       a driving licence number, ``NN-NN-NNNNNN-NN``
사업자등록번호 a business registration number, ``NNN-NN-NNNNN``
여권번호       a passport number after ``여권`` or ``여권번호``: one or two capitals, then 7 or 8 digits
이메일주소     ``local@domain.tld``
IP주소         an IPv4 address, four octets of 0-255 (``접속 IP 211.36.142.7``), not inside a longer dotted number
출생일자       a date written as one's birth: before ``생`` (``(1980. 1. 1.생)``, ``(1992. 4. 17.)생``,
               ``1980년 1월 1일생``) or after ``생년월일``; month and day valid (the model cut ``1980. 1.`` short)
결제수단관련번호 a card number, ``NNNN-NNNN-NNNN-NNNN`` (masked digits allowed, eight digits at least)
차량번호       a number plate, ``12가3456``, ``123가 4567``, ``서울12가3456``, a plate's syllable in the middle; not an
               old-form case number where the text cites one (``선고 92도1329 판결``)
url            a link to a page, ``http://``, ``https://`` or ``www.``, a host and a path, up to the first character
               no URL holds (a particle, a space, a closing bracket), less a full stop or comma ending the
               sentence; a site's bare address (``www.google.com``) is left to the model
아이디         an ASCII account name of 3-30 characters right after ``아이디``, ``ID`` or ``계정`` and ``(``, ``:`` or
               a quote, or after ``아이디`` or ``ID`` and a space when it holds a letter
인명           a party's name in a judgment header line: a party role at the start of the line (``피 고 인``,
               ``원고, 피상고인``, ``원고, 상고인 겸 피상고인``, ``【채무자】`` …) then, on that line or the next,
               a 2-4 syllable name with a known Korean surname, ending the line or followed by ``(``, ``,``
               or `` 외``: ``피 고 인 박도윤 (…), 회사원``; a three-syllable name and ``은``, ``는``, ``을``,
               ``를`` or ``가`` ending the line are the name and its particle (``피고인 이효리는``:
               ``decode.without_particles``, which every pattern's names go through)
인명           a name in Hanja after a person's role word, starting with a Korean surname's character:
               ``피고인 金哲洙는``, ``공소외 南宮民`` (:mod:`thunder_deid.recognizers.glosses`)
인명           a name in capitalised Latin words after a person's role word: ``피해자 Nguyen Van An은``
=============  =============================================================================================

The header rule is there because a model that has read law.go.kr judgments -- whose headers write the
role word ``피고인`` in place of the name -- learns to leave a header's name slot alone, and one that has
read only fact sections may cut a civil party's name short (``원고 김하늘`` -> ``김하``).

    >>> from thunder_deid.document import Document
    >>> [(s.label, s.start, s.end) for s in FixedForms().find(Document("d", "피고인 (9X0315-1XXXXXX), 010-4821-7736"))]
    [('주민등록번호', 5, 19), ('전화번호', 22, 35)]
"""

from __future__ import annotations

import functools
import re

from thunder_deid.recognizers.base import Pattern, PatternRecognizer, register
from thunder_deid.recognizers.glosses import HANJA_RUN, LATIN_RUN
from thunder_deid.recognizers.words import NOT_NAMES

_M = r"[0-9Xx*●○]"  # a digit or a masked digit


def _rrn_ok(m: re.Match) -> bool:
    front = m.group(1)
    if sum(c.isdigit() for c in front) < 2:  # mostly masked: too little to tell it from other numbers
        return False
    mm, dd = front[2:4], front[4:6]
    if mm.isdigit() and not 1 <= int(mm) <= 12:
        return False
    return not (dd.isdigit() and not 1 <= int(dd) <= 31)


_DATE = (r"(?:19|20)?\d{2}[ \t]?[.\-/][ \t]?\d{1,2}[ \t]?[.\-/][ \t]?\d{1,2}\.?"
         r"|(?:19|20)?\d{2}년[ \t]?\d{1,2}월[ \t]?\d{1,2}일")


def _birth_ok(m: re.Match) -> bool:
    y, mo, d = (int(x) for x in re.findall(r"\d+", m.group(1)))
    return 1 <= mo <= 12 and 1 <= d <= 31


def _before(m: re.Match, n: int = 12) -> str:
    """The ``n`` characters before a match: where the text names what the match is (or is not)."""
    return m.string[max(0, m.start() - n):m.start()]


_ACCOUNT_BEFORE = re.compile(r"계좌|은행|통장|금고|농협|수협|신협|우체국")


def _not_an_account(m: re.Match) -> bool:
    """No account or bank named just before: a bank's account numbers take many layouts (123-45-67890 too)."""
    return not _ACCOUNT_BEFORE.search(_before(m))


def _card_ok(m: re.Match) -> bool:
    """Eight digits readable at least (a masked card shows two groups), and no account named just before (a
    bank may be: ``○○은행신용카드(4043-…)``)."""
    return sum(c.isdigit() for c in m.group()) >= 8 and "계좌" not in _before(m)


# the syllables of Korean number plates (private, commercial, rental, diplomatic) and the regions of the old form
_PLATE = "가나다라마거너더러머버서어저고노도로모보소오조구누두루무부수우주아바사자배하허호육해공국합"
_PLATE_REGIONS = "서울|부산|대구|인천|광주|대전|울산|세종|경기|강원|충북|충남|전북|전남|경북|경남|제주"
_CITATION = re.compile(r"선고[ \t]*$|(?:\d+[가-힣]{1,3}\d+[ \t]*,[ \t]*)+$")
_CITED = re.compile(r"^[ \t]*(?:,[ \t]*[0-9]+[가-힣]+[0-9]+[ \t]*)*(?:판결|결정|전원합의체|사건|호[ \t]?사건)")


def _plate_ok(m: re.Match) -> bool:
    """A plate, not an old-form case number cited as one (``선고 92도1329 판결``, ``92도1329, 93도2345 판결``)."""
    return not (_CITATION.search(_before(m)) or _CITED.match(m.string[m.end():m.end() + 40]))


def _spaced(word: str) -> str:
    """``검사`` -> a pattern that also matches the header spelling ``검 사``."""
    return r"[ \t]?".join(word)


ROLES = ("피고인", "원고", "피고", "신청인", "피신청인", "청구인", "피청구인", "채권자", "채무자", "항소인",
          "피항소인", "상고인", "피상고인", "재항고인", "항고인", "상대방", "소송대리인")
_ROLE = "(?:" + "|".join(_spaced(r) for r in sorted(ROLES, key=len, reverse=True)) + ")"
# a header's party title, to where the party's name starts on that line or the next ("원고, 상고인 겸 피상고인⏎")
PARTY_TITLE = rf"^[ \t【\[]*{_ROLE}(?:[ \t]*(?:,|겸)[ \t]*{_ROLE})*[ \t】\]]*(?:[ \t:]+|[ \t:]*\n[ \t【\[]*)"
# the words after which only a person's name stands (officials' titles apart: A.2 keeps their names)
PERSON_ROLES = ROLES + ("공소외", "피해자", "증인", "참고인", "고소인", "고발인", "피의자", "사건본인", "망인", "소외",
                        "대표이사", "대표자", "대표",  # 대표 John Miller had stayed readable
                        # a witness's and a contract party's (목격자 Trần Thị Hoa had stayed readable)
                        "목격자", "신고자", "제보자", "진술인", "동승자", "보호자", "임대인", "임차인", "매도인", "매수인",
                        "보증인", "연대보증인")
# Words that name a party's role, never the party: a span that is only one of them is not replaced (the
# model sometimes tags "공소외" in law.go.kr text, and consistency would then replace every role word).
ROLE_WORDS = frozenset(PERSON_ROLES) | {"검사", "변호인", "변호사", "판사", "재판장"}
_PERSON_ROLE = "(?:" + "|".join(_spaced(r) for r in sorted(PERSON_ROLES + ("성명",), key=len, reverse=True)) + r")[ \t]*[:：]?[ \t]*"


@functools.lru_cache(maxsize=1)
def _surnames() -> frozenset[str]:
    from thunder_deid.surrogates.lexicon import packaged

    # common surnames (over 20 thousand bearers) and the distinctive two-syllable ones: a rare one-syllable
    # surname such as 어 or 사 would make a header's 어머니 or 사실 a name
    return frozenset(s for s, n in packaged()["names"]["surnames"].items() if n > 20 or len(s) == 2)


def is_common_surname(syllables: str) -> bool:
    """A surname of more than 20 thousand bearers, or a two-syllable one (``김``, ``남궁``; not ``어``)."""
    return syllables in _surnames()


def _header_name_ok(m: re.Match) -> bool:
    name = m.group(1)
    if name in NOT_NAMES or name in ROLES:
        return False
    surnames = _surnames()
    return name[:2] in surnames or name[0] in surnames  # two-syllable surnames (남궁, 황보) first



PATTERNS: tuple[Pattern, ...] = (
    Pattern("주민등록번호", re.compile(rf"(?<![0-9A-Za-z*●○-])({_M}{{6}})-[1-8Xx*●○]{_M}{{6}}(?![0-9A-Za-z*●○-])"),
            _rrn_ok),
    # one separator throughout: 010-1234-5678, 010 1234 5678, 010.1234.5678, (02)1234-5678; a mobile number also
    # written without any (01012345678), which is no other number's form
    Pattern("전화번호", re.compile(r"(?<![0-9.-])(?:(?:01[016789]|02|0[3-6][1-5]|070|050\d)([-. ])\d{3,4}\1\d{4}"
                                r"|\((?:02|0[3-6][1-5]|070)\)[ ]?\d{3,4}-\d{4}|01[016789]\d{7,8})(?![0-9.-])")),
    # numbers of fixed layout: a driving licence (11-12-123456-78), a business's registration (123-45-67890), and a
    # passport's where the text names it (여권번호 M12345678)
    Pattern("면허번호", re.compile(r"(?<![0-9-])\d{2}-\d{2}-\d{6}-\d{2}(?![0-9-])"), _not_an_account),
    Pattern("사업자등록번호", re.compile(r"(?<![0-9-])\d{3}-\d{2}-\d{5}(?![0-9-])"), _not_an_account),
    Pattern("여권번호", re.compile(r"여권(?:번호)?[ \t]*[:：(]?[ \t]*([A-Z]{1,2}\d{7,8})(?![0-9A-Za-z])"), group=1),
    Pattern("이메일주소", re.compile(r"(?<![\w.%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"
                                   r"(?![A-Za-z0-9])")),
    # an IPv4 address: four octets of 0-255, not part of a longer dotted number or a section number (제1.2.3.4항)
    Pattern("IP주소", re.compile(r"(?<![0-9.제])(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)"
                              r"(?![0-9]|\.[0-9]|[ \t]?[항조호])")),
    # a date of birth written as one: (1980. 1. 1.생), (1992. 4. 17.)생, 생년월일: 1980-01-01, 1980년 1월 1일생
    Pattern("출생일자", re.compile(rf"(?<![0-9])((?:{_DATE}))(?=[ \t]?\)?[ \t]?생(?![가-힣]))"), _birth_ok, group=1),
    Pattern("출생일자", re.compile(rf"생년월일[ \t]*[:：]?[ \t]*((?:{_DATE}))(?![0-9])"), _birth_ok, group=1),
    # an account name the text introduces as one: 아이디(secret), 아이디: hong_77, 아이디 'kim.k'; not the scheme of a
    # link (계정(https://…)), which would take a whole URL span's place
    # (after a bare space only a name with a letter, after 아이디 or ID: 상품계정 100억 원 is bookkeeping)
    Pattern("아이디", re.compile(r"(?:(?:아이디|ID|계정)[ \t]*[(:：'\"‘“][ \t]*|(?:아이디|ID)[ \t]+(?=[A-Za-z0-9._-]*[A-Za-z]))"
                              r"([A-Za-z0-9][A-Za-z0-9._-]{2,29})(?![A-Za-z0-9._@:/-])"),
            group=1),
    # a card number: four groups of four digits, one separator throughout (a 16-digit account is written otherwise)
    Pattern("결제수단관련번호", re.compile(rf"(?<![0-9A-Za-z*●○-])(?:{_M}{{4}}-){{3}}{_M}{{4}}(?![0-9A-Za-z*●○-])"), _card_ok),
    # a Korean number plate: 12가3456, 123가4567, 서울12가3456 (the syllables plates use); not a case number of the
    # old form (92도1329 판결)
    Pattern("차량번호", re.compile(rf"(?<![0-9A-Za-z가-힣-])((?:(?:{_PLATE_REGIONS})[ \t]?)?\d{{2,3}}[{_PLATE}][ \t]?\d{{4}})(?![0-9])"),
            _plate_ok, group=1),
    # a link to a page (a path after the host: a post, an account, a board); a site's bare address is the model's
    # to read (law.go.kr keeps public services' sites, 벅스뮤직(www.bugsmusic.co.kr)), less a closing full stop
    Pattern("url", re.compile(r"(?<![A-Za-z0-9])(?:https?://|www\.)[A-Za-z0-9.-]+(?::\d+)?/"
                              r"[A-Za-z0-9\-._~:/?#\[\]@!$&*+;=%]*[A-Za-z0-9#=_~-]")),
    # the name on the title's line or on the next (law.go.kr: "원고, 상고인 겸 피상고인" / "강전지현 (소송대리인 …)")
    Pattern("인명", re.compile(rf"{PARTY_TITLE}([가-힣]{{2,4}})"
                             r"(?=[ \t]*(?:$|\(|,|외\b|외\s))", re.M), _header_name_ok, group=1),
    # a name in Hanja or Latin letters where only a name stands: 피고인 金哲洙는, 피해자 John Smith (recognizers.glosses)
    Pattern("인명", re.compile(rf"{_PERSON_ROLE}({HANJA_RUN})"), group=1),
    Pattern("인명", re.compile(rf"{_PERSON_ROLE}({LATIN_RUN})"), group=1),
)



@register
class FixedForms(PatternRecognizer):
    name = "fixed_forms"
    description = "identifiers of fixed written form: numbers, addresses online, header and Hanja/Latin names"
    priority = 10

    def __init__(self) -> None:
        super().__init__(PATTERNS)
