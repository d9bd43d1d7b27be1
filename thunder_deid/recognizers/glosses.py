"""A name's other spellings: its Hanja or Latin gloss, and a Hanja or Latin name standing after a role word.

Judgments, registers and contracts give a party's name in Hangul and then in Hanja or in Latin letters,
``피고인 김철수(金哲洙, 45세)``, ``주식회사 한빛(韓光)``, ``John Smith``-style ``김철수(Kim Cheol-su)``. The tagger
reads Hangul; a gloss left as it stands shows the very name its detection replaced. So a run of Hanja or
Latin letters in parentheses right after a detected person, business or organisation (or the detected name
in parentheses right after such a run: ``金哲洙(김철수)``) is one more mention of it: a span of the same
label, linked by ``extra["same_as"]`` to the mention, so ``court`` gives it the same letter and
``surrogate`` the same pseudonym::

    >>> from thunder_deid.document import Document, Span
    >>> t = "피고인 김철수(金哲洙, 45세)는 주식회사 한빛(Hanbit Co.)의 대표이다."
    >>> spans = [Span(4, 7, "인명", score=0.9), Span(24, 26, "사업체", score=0.8)]
    >>> [(t[s.start:s.end], s.label, s.extra) for s in with_glosses(Document("d", t, spans)).spans]
    [('김철수', '인명', {}), ('金哲洙', '인명', {'same_as': '김철수'}), ('한빛', '사업체', {}), ('Hanbit Co.', '사업체', {'same_as': '한빛'})]

A Hanja or Latin name's Hangul reading likewise, in place of the part the model read of it::

    >>> t = "피해자 Nguyen Van An(응우옌 반 안, 베트남 국적)은"
    >>> spans = [Span(4, 17, "인명"), Span(18, 21, "인명")]
    >>> [(t[s.start:s.end], s.extra) for s in with_glosses(Document("d", t, spans)).spans]
    [('Nguyen Van An', {}), ('응우옌 반 안', {'same_as': 'Nguyen Van An'})]

never words that say who the person is::

    >>> t = "피고인 Nguyen Van Minh(베트남 국적, 여권번호 C1234567)은"
    >>> [t[s.start:s.end] for s in with_glosses(Document("d", t, [Span(4, 19, "인명")])).spans]
    ['Nguyen Van Minh']

A common word's Hanja after a word that is not a detection (``사법(私法)``) is left alone. A Hanja name
with no Hangul beside it is found where only a name can stand, after a party's role word, when it starts
with a Korean surname's character (:data:`HANJA_RUN`, in one of the fixed-form patterns of
:mod:`thunder_deid.recognizers.patterns`), and a foreigner's name in Latin letters likewise (:data:`LATIN_RUN`)::

    >>> [m.group() for m in re.finditer(HANJA_RUN, "金哲洙는 本人과 南宮民은, 사법(私法)상")]
    ['金哲洙', '南宮民']
    >>> [m.group() for m in re.finditer(LATIN_RUN, "Nguyen Van An은 John Smith에게, A와 AB는")]
    ['Nguyen Van An', 'John Smith']
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import replace

from thunder_deid.consistency import Ranges
from thunder_deid.document import Document, Span
from thunder_deid.latin import LOWER, UPPER
from thunder_deid.recognizers.words import PERSON_WORDS

# CJK unified ideographs and extension A (NFC, which detection reads, maps the compatibility ones onto them)
HANJA = "\u3400-\u4dbf\u4e00-\u9fff"
# Korean surnames as written in Hanja: the two-character ones, and the single characters of the surnames of
# more than a few thousand bearers (variant forms both: 裵/裴, 曺/曹, 愼/慎, 晋/晉, 尙/尚)
HANJA_SURNAMES_2 = ("南宮", "皇甫", "諸葛", "鮮于", "獨孤", "司空", "西門", "東方")
HANJA_SURNAMES_1 = ("金李朴崔鄭姜趙尹張林韓吳徐申權黃安宋全洪柳高文孫梁裵裴白曺曹許劉南沈盧丁河郭成車朱禹具辛任田閔兪"
                    "羅陳池嚴元蔡千方孔康玄咸卞廉楊邊呂秋魯都蘇愼慎石宣薛馬吉周延表魏明房潘王琴玉陸印孟諸卓秦鞠余芮奇殷"
                    "片龍慶太睦桂皮邢杜智甘董陰賓晋晉昔奉夫承于胡尙尚庾程葛弓景鍾莊錢溫牟范史唐賈蔣雷郁簡")
_SURNAME = "(?:" + "|".join(HANJA_SURNAMES_2) + f"|[{HANJA_SURNAMES_1}])"
# a name in Hanja (a Korean surname's character first) or in capitalised Latin words (not the court's
# placeholders A, AB); the patterns look for them after a person's role word (recognizers.patterns.PERSON_ROLES)
HANJA_RUN = rf"{_SURNAME}[{HANJA}]{{1,3}}(?![{HANJA}])"
# Latin letters beyond ASCII too (Nguyễn Văn An, José García): an ASCII-only run had stopped at ễ
LATIN_RUN = (rf"[{UPPER}][{LOWER}]+(?:-[{UPPER}{LOWER}][{LOWER}]+)*(?:[ \t][{UPPER}][{LOWER}]+(?:-[{UPPER}{LOWER}][{LOWER}]+)*)"
             rf"{{0,3}}(?![{UPPER}{LOWER}-])")

# the labels whose mentions have glosses: a person's name, a business, an organisation (and what lies under)
GLOSSED = ("이름", "사업체", "조직")
_LATIN = rf"[{UPPER}][{UPPER}{LOWER}]+\.?(?:(?:[ \t]|-|'|\.[ \t]?)[{UPPER}{LOWER}]+\.?){{0,5}}"
_END = r"(?=[,，、;)][^\n]*|[ \t][^\n]*\))"  # the gloss ends the parentheses or a comma, a space … follows
_GLOSS_AFTER = re.compile(rf"[ \t]?\(([{HANJA}]{{2,12}}|{_LATIN}){_END}")
_GLOSS_BEFORE = re.compile(rf"(?<![{HANJA}{UPPER}{LOWER}])([{HANJA}]{{2,12}}|{_LATIN})[ \t]?\($")
# a Hanja or Latin name's Hangul reading: Nguyen Van An(응우옌 반 안, 베트남 국적)
_HANGUL_AFTER = re.compile(r"[ \t]?\(([가-힣]{2,}(?:[ \t][가-힣]+){0,3})(?=[,，、;)])")


@functools.lru_cache(maxsize=None)
def names_an_entity(label: str) -> bool:
    """A label of a person's, business's or organisation's name (or of what lies under one)."""
    from thunder_deid.taxonomy import load_taxonomy

    tax = load_taxonomy()
    if label not in tax:
        return False
    return any(n.name in GLOSSED for n in (tax[label], *tax.ancestors(label)))


def describes(words: str) -> bool:
    """Do Hangul ``words`` in parentheses after a Latin or Hanja name say who the person is rather than spell the
    name (``Nguyen Van Minh(베트남 국적, …)`` had had ``베트남 국적`` replaced as the name's reading, court style
    writing ``A(A, 여권번호 …)``)? A word for people is no part of a name
    (:data:`~thunder_deid.recognizers.words.PERSON_WORDS`).

        >>> describes("베트남 국적"), describes("중국 출신"), describes("응우옌 반 안")
        (True, True, False)
    """
    return any(w in PERSON_WORDS for w in words.split())


def _candidates(text: str, s: Span) -> list[tuple[int, int]]:
    mention = text[s.start:s.end]
    hangul = any("가" <= c <= "힣" for c in mention)
    found = []
    for rx in (_GLOSS_AFTER,) if hangul else (_GLOSS_AFTER, _HANGUL_AFTER):
        m = rx.match(text, s.end)
        if m and not (rx is _HANGUL_AFTER and describes(m.group(1))):
            found.append((m.start(1), m.end(1)))
            break
    if hangul and text[s.end:s.end + 1] == ")":
        b = _GLOSS_BEFORE.search(text, max(0, s.start - 60), s.start)
        if b:
            found.append((b.start(1), b.end(1)))
    return found


def with_glosses(doc: Document) -> Document:
    """``doc`` with the glosses of its person, business and organisation mentions as spans: a Hanja or Latin
    run in parentheses right after a Hangul mention (or right before it when the mention stands in the
    parentheses), a Hangul reading right after a Hanja or Latin one. A gloss takes the place of spans lying
    wholly inside it (the model read ``응우옌`` of ``응우옌 반 안``, or ``NGUYEN`` of ``(NGUYEN VAN HUNG)`` as a work's
    title) and gives way to one reaching outside it.
    Spans are found by bisection, so a register of thousands of glossed names costs what it holds."""
    spans = sorted(doc.spans, key=lambda s: (s.start, s.end))
    starts = [s.start for s in spans]
    longest = max((s.end - s.start for s in spans), default=0)
    gone: set[int] = set()
    added: list[Span] = []
    glossed = Ranges(())
    for i, s in enumerate(spans):
        if i in gone or not names_an_entity(s.label):  # a span an earlier gloss took the place of
            continue
        for a, e in _candidates(doc.text, s):
            hits = [j for j in range(bisect.bisect_left(starts, a - longest), bisect.bisect_left(starts, e))
                    if j not in gone and spans[j].end > a]
            # a span wholly inside the gloss is a piece of it the tagger read, whatever it typed it as
            # (NGUYEN of NGUYEN VAN HUNG as a work's title had kept the gloss from VAN HUNG)
            if glossed.overlaps(a, e) or any(spans[j].start < a or spans[j].end > e for j in hits):
                continue
            gone.update(hits)
            added.append(Span(a, e, s.label, score=s.score, extra={"same_as": doc.text[s.start:s.end]}))
            glossed.add(a, e)
    if not added:
        return doc
    kept = [s for i, s in enumerate(spans) if i not in gone]
    return doc.with_spans(sorted(kept + added, key=lambda s: (s.start, s.end)))


def linked(doc: Document) -> Document:
    """``doc`` with every span of an entity spelt several ways linked by ``extra["same_as"]`` to one of its
    spellings (a Hangul one where there is one): glosses of glosses (``金哲洙(김철수)`` and ``Kim Cheol-su(김철수)``)
    and the occurrences consistency added without a link. What ``court`` and ``surrogate`` read to treat them
    as one entity.

        >>> t = "金哲洙(김철수), Kim(김철수)"
        >>> d = Document("d", t, [Span(0, 3, "인명", extra={"same_as": "김철수"}), Span(4, 7, "인명"),
        ...                       Span(10, 13, "인명"), Span(14, 17, "인명", extra={"same_as": "Kim"})])
        >>> [s.extra["same_as"] for s in linked(d).spans]
        ['김철수', '김철수', '김철수', '김철수']
    """
    parent: dict[str, str] = {}

    def root(f: str) -> str:
        while parent.get(f, f) != f:
            f = parent[f]
        return f

    first: dict[str, int] = {}
    parts: set[str] = set()  # a name by part (김 of 김 씨) never stands for its person
    for s in doc.spans:
        first.setdefault(doc.text[s.start:s.end], s.start)
        if "part" in s.extra:
            parts.add(doc.text[s.start:s.end])
    for s in doc.spans:
        same = s.extra.get("same_as")
        if isinstance(same, str):
            a, b = root(doc.text[s.start:s.end]), root(same)
            if a != b:
                parent[a] = b
    if not parent:
        return doc
    groups: dict[str, list[str]] = {}
    for f in {*parent, *parent.values()}:
        groups.setdefault(root(f), []).append(f)
    rep = {f: min(fs, key=lambda g: (not any("가" <= c <= "힣" for c in g), g in parts, first.get(g, len(doc.text)), g))
           for fs in groups.values() for f in fs}
    return doc.with_spans(replace(s, extra={**s.extra, "same_as": rep[f]}) if (f := doc.text[s.start:s.end]) in rep else s
                          for s in doc.spans)
