"""``court``: the style law.go.kr publishes judgments in.

* persons, businesses (financial ones apart) and organisations get letters ``A``, ``B``, ``C`` … in order of first appearance,
  one letter per mention across the document (``AA``, ``AB`` … after ``Z``); role words outside the span
  (``피고인``, ``공소외``, ``주식회사``) are kept;
* numbers, addresses, contacts and accounts become omissions named by their label: ``(주소 생략)``,
  ``(계좌번호 생략)``, numbered ``(주소 1 생략)``, ``(주소 2 생략)`` when a document has several;
* places, facilities, products, events and financial businesses (``○○은행``) become symbol runs, a
  different symbol per mention as the courts do: ``○○``, ``△△``, ``□□`` …;
* the particle after a placeholder is re-chosen as the placeholder is read aloud (``A는``, ``L은``,
  ``(주소 생략)으로``), with :func:`thunder_deid.surrogates.hangul.fix_particle`.

    >>> from thunder_deid.document import Document, Span
    >>> text = "피고인 김민준은 이서연과 함께 서울 강남구 테헤란로 1에서 김민준의 계좌로 송금하였다."
    >>> at = lambda w, label, k=0: Span(text.index(w, k), text.index(w, k) + len(w), label)
    >>> spans = [at("김민준", "인명"), at("이서연", "인명"), at("서울 강남구 테헤란로 1", "주소"), at("김민준", "인명", 9)]
    >>> Court().render(Document("d", text, spans))
    '피고인 A는 B와 함께 (주소 생략)에서 A의 계좌로 송금하였다.'
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace
from string import ascii_uppercase

from thunder_deid.consistency import ACCOUNT_WORDS, particle_follows
from thunder_deid.document import Document, Span
from thunder_deid.recognizers.addresses import REFERENCE_NOTE, address_labels
from thunder_deid.operators.base import Operator, Replacement, non_overlapping, register
from thunder_deid.operators.particles import with_particles
from thunder_deid.surrogates.phones import number_digits
from thunder_deid.taxonomy import load_taxonomy, split_label

# Which style a label takes, by the first of these nodes it lies under (the label itself included).
LETTER_NODES = ("이름", "사업체", "조직")
# Banks, card companies, insurers and brokers are businesses, but law.go.kr writes them as symbols (``○○은행``,
# ``△△카드``): of the training split's 은행업 placeholders, symbols stand in 97 documents, 공소외 numbers in 36,
# letters in 2.
SYMBOL_NODES = ("금융업",)
OMIT_NODES = ("사건관계인특정정보", "사건관련숫자정보", "번지", "건물동호수", "건물층", "블록", "로트", "해외주소",
              "도로명", "구간", "url")
# The word law.go.kr writes in an omission where it is not the label's name: the most frequent one among the
# training split's omitted placeholders of that label (url: 인터넷 주소 98 of 140, 번지: 지번 248 of 280, 아이디:
# 계정명 49 of 70, 사물·관리 번호: 등록번호 91 of 124, 건물동호수: 호수 81 of 128, 출생일자: 생년월일, IP주소: IP 주소,
# 재판사건번호: 사건번호); a card number as 카드번호, the name the taxonomy's normalisation reads as this label.
OMISSION_WORDS = {"url": "인터넷 주소", "번지": "지번", "아이디": "계정명", "사물·관리 번호": "등록번호",
                  "건물동호수": "호수", "출생일자": "생년월일", "IP주소": "IP 주소", "이메일주소": "이메일 주소",
                  "재판사건번호": "사건번호", "결제수단관련번호": "카드번호", "가상화폐개인지갑주소": "전자지갑 주소"}
OMIT_ONLY = ("주소",)  # the node itself is omitted, its named leaves (행정구역-동 …) are symbols
SYMBOLS = "○△□◇☆◎▽●▲■◆★"


def court_style(label: str) -> str:
    """``letter``, ``omit`` or ``symbol`` for a taxonomy label (unknown labels are omitted by name).

    >>> court_style("인명"), court_style("은행업"), court_style("계좌번호"), court_style("학교"), court_style("식당")
    ('letter', 'symbol', 'omit', 'symbol', 'letter')
    >>> court_style("주소"), court_style("행정구역-동"), court_style("번지")
    ('omit', 'symbol', 'omit')
    """
    tax = load_taxonomy()
    base, _ = split_label(label)
    if base not in tax:
        return "omit"
    chain = [base] + [n.name for n in tax.ancestors(base)]
    for name in chain:  # nearest node decides: 번지 is an omission although 주소's other leaves are symbols
        if name in SYMBOL_NODES:
            return "symbol"
        if name in LETTER_NODES:
            return "letter"
        if name in OMIT_NODES or (name == base and name in OMIT_ONLY):
            return "omit"
    return "symbol"


def lettered_entity(label: str) -> bool:
    """A label court style writes as a letter or a symbol that is not a person's name: a business, a place, an
    institution, a work (what the decoder never leaves one syllable long and joins across a readable middle).

    >>> lettered_entity("사업체"), lettered_entity("주거시설"), lettered_entity("인명"), lettered_entity("주소")
    (True, True, False, False)
    """
    tax = load_taxonomy()
    base = split_label(label)[0]
    return base in tax and not tax.is_name(base) and court_style(label) in ("letter", "symbol")


def letters(i: int) -> str:
    """The ``i``-th letter code: ``A`` … ``Z``, ``AA``, ``AB`` …

    >>> letters(0), letters(25), letters(26), letters(27)
    ('A', 'Z', 'AA', 'AB')
    """
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = ascii_uppercase[r] + out
    return out


def mention_key(text: str) -> str:
    """Repeated mentions are one entity when they read the same, whitespace and Unicode form aside."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", text)).strip()


def entity_key(text: str, span: Span) -> str:
    """The entity a span names: its mention, or the mention its gloss spells (``金哲洙`` -> ``김철수``)."""
    same = span.extra.get("same_as")
    return mention_key(same if isinstance(same, str) else text[span.start:span.end])


@register
class Court(Operator):
    name = "court"
    description = "law.go.kr style: persons and businesses A, B, C…, (주소 생략)-style omissions, ○○ places"

    def __init__(self, type_words: bool = True):
        self.type_words = type_words  # keep a trailing type word outside the placeholder (○○은행, B건설)

    def replacements(self, doc: Document) -> list[Replacement]:
        names: dict[tuple[str, str], str] = {}
        counts = {"letter": 0, "symbol": 0}
        omitted: dict[str, list[str]] = {}  # omission word -> distinct mentions, in order
        styled = []
        detected = {mention_key(doc.text[s.start:s.end]) for s in doc.spans}
        keys: dict[str, str] = {}  # a mention as detected -> its key (the mention without its kept type word)
        for s in address_runs(doc.text, non_overlapping(doc)):
            style = court_style(s.label)
            whole = mention_key(doc.text[s.start:s.end])
            if style != "omit" and self.type_words:
                kept = without_type_word(doc.text, s)
                if mention_key(doc.text[kept.end:s.end]) not in detected:  # never show a word masked elsewhere
                    s = kept
            mention = mention_key(doc.text[s.start:s.end])
            # one number written several ways is one (전화번호 생략), not two
            key = keys.setdefault(whole, (number_digits(mention) or mention)
                                  if style == "omit" and "번호" in _base(s) else mention)
            if style == "omit":
                word = omission_word(s.label)
                seen = omitted.setdefault(word, [])
                if key not in seen:
                    seen.append(key)
            styled.append((s, style, key))
        # a gloss (金哲洙 of 김철수(金哲洙)) is its mention's entity, wherever that mention stands
        styled = [(s, style, keys.get(e := entity_key(doc.text, s), e) if "same_as" in s.extra else key)
                  for s, style, key in styled]
        for s, style, key in styled:
            group = (style, key) if style != "omit" else (omission_word(s.label), key)
            if group in names:
                continue
            if style == "omit":
                word = group[0]
                many = len(omitted[word]) > 1
                names[group] = f"({word} {omitted[word].index(key) + 1} 생략)" if many else f"({word} 생략)"
            else:
                i = counts[style]
                counts[style] += 1
                names[group] = letters(i) if style == "letter" else SYMBOLS[i % len(SYMBOLS)] * (2 + i // len(SYMBOLS))
        pieces = []
        for s, style, key in styled:
            group = (style, key) if style != "omit" else (omission_word(s.label), key)
            name = names[group]
            if name.startswith("(") and doc.text[s.start - 1:s.start] == "(" and doc.text[s.end:s.end + 1] == ")":
                name = name[1:-1]  # "계좌(123-45)" -> "계좌(계좌번호 생략)", not "계좌((계좌번호 생략))"
            pieces.append((s, name))
        return with_particles(doc.text, pieces, reading)


# what may stand between two pieces of one address, and end it: 목동동로 417, 203동 1104호
_UNIT = r"(?:동|호실|호|층|번지|블록|로트)"  # 호실 before 호: 1104호실에서 ends with the unit
# the units law.go.kr never leaves after an omission (0 of `생략)동`, `생략)호실`, `생략)층` in the precedents;
# `(호수 생략)호` it writes): a building's number, or a floor, standing alone takes them
_OWN_UNITS = {"건물동호수": re.compile(r"동|호실"), "건물층": re.compile(r"층")}
_GLUE = re.compile(rf"[\s,]*(?:{_UNIT}[\s,]*)?")
_TAIL = re.compile(_UNIT)
# what may stand in a road-name address's reference note besides detected names: (목동, 한결아파트)
_NOTE_WORDS = r"(?:동|가|리|아파트|빌라|오피스텔|맨션|빌딩|타운|마을|단지|주택)"
_NOTE_GLUE = re.compile(rf"[\s,·]*(?:{_NOTE_WORDS}[\s,·]*)*")


def _base(s: Span) -> str:
    return split_label(s.label)[0]


def _address_part(s: Span) -> bool:
    return court_style(s.label) == "omit" and _base(s) in address_labels()


def address_runs(text: str, spans: list[Span]) -> list[Span]:
    """Detected pieces of one address as one span, as law.go.kr omits an address whole: pieces with nothing but
    spaces, commas and unit words between them, and a unit word right after the last (``1104호``); labelled
    주소 when one of them is.

        >>> t = "주거 서울 양천구 목동동로 417, 203동 1104호(목동, 한결아파트)"
        >>> at = lambda w, label: Span(t.index(w), t.index(w) + len(w), label)
        >>> spans = [at("목동동로 417", "주소"), at("203", "건물동호수"), at("1104", "건물동호수")]
        >>> Court().render(Document("d", t, spans))
        '주거 서울 양천구 (주소 생략)'

    The road-name address's reference note goes with it, since law.go.kr omits the address whole (806 of its
    816 ``(주소 생략)`` have no note after them): a note of that form (a legal dong, then a building's name), or
    one whose every name was detected:

        >>> note = t.index("(")
        >>> inner = [Span(note + 1, note + 2, "행정구역-동"), at("한결", "주거시설")]   # 목 of 목동, 한결 of 한결아파트
        >>> Court().render(Document("d", t, spans + inner))
        '주거 서울 양천구 (주소 생략)'

    Two addresses in a list stay two: ``(주소 1 생략), (주소 2 생략)``.
    """
    out: list[Span] = []
    run = 0  # pieces in the span at out[-1]
    for s in spans:
        p = out[-1] if out else None
        if (p is not None and _address_part(p) and _address_part(s) and s.start >= p.end
                and _GLUE.fullmatch(text, p.end, s.start)
                and not (_base(p) == _base(s) == "주소" and "," in text[p.end:s.start])):  # a list of addresses
            label = p.label if _base(p) == "주소" or _base(s) != "주소" else s.label
            out[-1] = Span(p.start, s.end, label, score=min((x for x in (p.score, s.score) if x is not None),
                                                             default=None))
            run += 1
            continue
        _finish(text, out, run)
        out.append(s)
        run = 1
    _finish(text, out, run)
    return _with_notes(text, out)


def _with_notes(text: str, spans: list[Span]) -> list[Span]:
    """An omitted address over the parenthesised note right after it, ``(목동, 한결아파트)``, when the note holds
    detected place names (symbol style) and nothing else but the words such a note is made of, or when it has a
    reference note's form, a legal dong and a building's name (``(우동, 센텀파크)``: the model had read ``우`` alone,
    and court style wrote ``(주소 생략)(E동, 센텀파크)``).

        >>> t = "부산 해운대구 센텀중앙로 97, 101동 1203호(우동, 센텀파크), 서울 (이하 '이 사건 아파트')"
        >>> spans = [Span(8, 16, "주소"), Span(18, 21, "건물동호수"), Span(23, 27, "건물동호수"), Span(29, 30, "정치·의사결정")]
        >>> Court().render(Document("d", t, spans))
        "부산 해운대구 (주소 생략), 서울 (이하 '이 사건 아파트')"
    """
    out: list[Span] = []
    i = 0
    while i < len(spans):
        s = spans[i]
        i += 1
        start = s.end + (text[s.end:s.end + 2] == " (")
        close = text.find(")", start, start + 40) if _address_part(s) and text[start:start + 1] == "(" else -1
        j = i
        while close > 0 and j < len(spans) and spans[j].end <= close:
            j += 1
        inner = spans[i:j]
        # a road-name address's reference note by its form names where the address is, whatever was detected in it
        if close > 0 and (REFERENCE_NOTE.fullmatch(text, start, close + 1) or (
                inner and all(court_style(x.label) == "symbol" for x in inner)
                and all(_NOTE_GLUE.fullmatch(text, a, b) for a, b in zip([start + 1] + [x.end for x in inner],
                                                                       [x.start for x in inner] + [close])))):
            s = Span(s.start, close + 1, s.label, s.sub, s.score)
            i = j
        out.append(s)
    return out


def _finish(text: str, out: list[Span], run: int) -> None:
    """Close a run of address pieces over the unit word right after it (``1104`` + ``호``), and a building's number
    standing alone over ``동`` or ``호실`` (``101동 앞에서`` was ``(호수 생략)동 앞에서``), a floor over ``층``; a lone number
    keeps ``호`` after it, as the court writes ``(호수 생략)호`` and a ship's hull ``6049호 호선``.

        >>> t = "피고인은 101동 앞에서, 1104호실에서, 207호에서, 다음 날 203동 1104호실에서 만났다."
        >>> at = lambda w, k=0, label="건물동호수": Span(t.index(w, k), t.index(w, k) + len(w), label)
        >>> Court().render(Document("d", t, [at("101"), at("1104"), at("207"), at("203"), at("1104", 36)]))
        '피고인은 (호수 1 생략) 앞에서, (호수 2 생략)에서, (호수 3 생략)호에서, 다음 날 (호수 4 생략)에서 만났다.'
        >>> t = "강남파이낸스센터 21층에 있는 사무실"
        >>> Court().render(Document("d", t, [at("21", label="건물층")]))
        '강남파이낸스센터 (건물층 생략)에 있는 사무실'
    """
    if not out:
        return
    tail = _TAIL if run > 1 else _OWN_UNITS.get(_base(out[-1]))
    if tail is not None and (m := tail.match(text, out[-1].end)) and particle_follows(text[m.end():m.end() + 12]):
        out[-1] = Span(out[-1].start, m.end(), out[-1].label, score=out[-1].score)


def without_type_word(text: str, span: Span) -> Span:
    """The span without a type word it ends in, which the courts keep (``동신산업`` -> ``A산업``, ``○○은행``);
    names of persons have none, and at least two characters must be left.

    A word for an account glued after the name stays outside too (``대구은행계좌`` -> ``○○은행계좌``, ``농협통장`` ->
    ``○○통장``, where the span holds it: the tagger reads it into the bank now and then, and ``○○로`` for
    ``대구은행계좌로`` lost the bank and the account).

    >>> text = "동신산업과 하나은행, 대구은행계좌로"
    >>> [text[s.start:s.end] for s in (without_type_word(text, Span(0, 4, "사업체")), without_type_word(text, Span(6, 10, "은행업")),
    ...                                without_type_word(text, Span(12, 18, "은행업")))]
    ['동신', '하나', '대구']
    """
    from thunder_deid.surrogates.engine import trailing_type_word

    tax = load_taxonomy()
    base = split_label(span.label)[0]
    if base not in tax or tax.is_name(base):
        return span
    form = text[span.start:span.end]
    held = next((a for a in ACCOUNT_WORDS if form.endswith(a) and len(form) - len(a) >= 2), "")
    w = trailing_type_word(form[:len(form) - len(held)], base, units=True) or ""
    if not held and not w:
        return span
    end = span.end - len(held) - len(w)
    while end > span.start and text[end - 1] == " ":
        end -= 1
    return replace(span, end=end)


def omission_word(label: str) -> str:
    """The word inside ``( … 생략)``: law.go.kr's word for the label (``OMISSION_WORDS``), else the label itself.

    >>> omission_word("계좌번호"), omission_word("url"), omission_word("번지")
    ('계좌번호', '인터넷 주소', '지번')
    """
    base, _ = split_label(label)
    return OMISSION_WORDS.get(base, base)


def reading(placeholder: str) -> str:
    """How a placeholder is read for the particle after it: ``(주소 1 생략)`` ends in 생략."""
    return placeholder.strip("()")
