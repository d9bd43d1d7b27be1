"""A road-name address's reference note, ``센텀중앙로 97, 101동 1203호(우동, 센텀파크)``, and its building's dong
and room numbers.

The note after a road-name address (도로명주소 참고항목) names the legal dong or ri and the building: it says where
the address is as much as the address does. The tagger reads it in pieces or not at all (``우`` of ``우동`` as a
party's name, ``센텀파크`` left readable), so where a note of that form follows an address span, its dong and its
building are spans of their own, ``행정구역-동`` (or ``-리``, ``-가`` as a dong) and ``주거시설``: court style omits
the note with the address (:func:`thunder_deid.operators.court.address_runs`), and surrogate style replaces both.

    >>> from thunder_deid.document import Document, Span
    >>> t = "부산 해운대구 센텀중앙로 97, 101동 1203호(우동, 센텀파크)에 산다. 업무(연구비관리)를 맡았다."
    >>> d = Document("d", t, [Span(8, 16, "주소"), Span(18, 21, "건물동호수"), Span(23, 27, "건물동호수")])
    >>> [(t[s.start:s.end], s.label) for s in reference_notes(d)]
    [('우동', '행정구역-동'), ('센텀파크', '주거시설')]
    >>> t = "서울 강남구 테헤란로 152, 7층(역삼동)"
    >>> [t[s.start:s.end] for s in reference_notes(Document("d", t, [Span(7, 15, "주소")]))]
    ['역삼동']
    >>> t = "센텀중앙로 97, 101동 1203호실(우동, 센텀파크)"
    >>> [t[s.start:s.end] for s in reference_notes(Document("d", t, [Span(0, 9, "주소"), Span(15, 19, "건물동호수")]))]
    ['우동', '센텀파크']
"""

from __future__ import annotations

import functools
import re

from thunder_deid.consistency import Ranges, particle_ends
from thunder_deid.document import Document, Span
from thunder_deid.recognizers.base import Recognizer, register

# the note by its form: a legal dong, ri or ga (우동, 한강로2가), then optionally a comma and the building's name
REFERENCE_NOTE = re.compile(r"\([ \t]*(?P<dong>[가-힣]{1,8}[0-9]{0,2}(?:동|가|리))"
                            r"(?:[ \t]*,[ \t]*(?P<building>[가-힣A-Za-z0-9][가-힣A-Za-z0-9 ·]{0,19}?))?[ \t]*\)")
# what may stand between an address span and its note: the unit word the span ends with (1203 + 호), and a
# building's dong, floor or room the model left (테헤란로 152, 7층(역삼동))
# (호실 before 호: an alternation stops at its first match, and 1203호 of 1203호실(우동, …) had left 실 before the note)
_ROOM = "동|호실|호"
_UNIT = re.compile(rf"(?:{_ROOM}|층)?(?:[ \t]*,?[ \t]*\d{{1,5}}(?:{_ROOM}|층)){{0,3}}")

# one more dong or room of the building, chained to what precedes it by spaces or a comma (floors are no PII)
_CHAINED = re.compile(rf"[ \t]*,?[ \t]*(?P<number>\d{{1,5}})(?:{_ROOM})")


def _one_per_place(spans: list[Span]) -> list[Span]:
    """``spans`` in text order, one per place (two address spans may reach the same note or the same room)."""
    return sorted({(x.start, x.end): x for x in spans}.values(), key=lambda x: x.start)


@functools.lru_cache(maxsize=1)
def address_labels() -> frozenset[str]:
    """``주소`` and the taxonomy's nodes under it (a dong, a lot number, a building's room …)."""
    from thunder_deid.taxonomy import load_taxonomy

    tax = load_taxonomy()
    return frozenset(n.name for n in tax if n.name == "주소" or tax.is_descendant(n.name, "주소"))


def reference_notes(doc: Document) -> list[Span]:
    """The dong and building spans of every reference note right after an address span of ``doc``."""
    labels, text, out = address_labels(), doc.text, []
    for s in doc.spans:
        if s.label not in labels:
            continue
        m = REFERENCE_NOTE.match(text, _UNIT.match(text, s.end).end())
        if m is None:
            continue
        out.append(Span(m.start("dong"), m.end("dong"), "행정구역-동", score=1.0))
        if m.group("building"):
            out.append(Span(m.start("building"), m.end("building"), "주거시설", score=1.0))
    return _one_per_place(out)


def address_units(doc: Document) -> list[Span]:
    """The numbers of a building's dong and room chained to an address span that no span covers: the tagger
    reads ``반포대로 58`` and ``101`` of ``반포대로 58, 101동 202호`` and leaves ``202`` readable after court style's
    omission. A unit word must end its word or be followed by particles (``202호에``, not ``1호선``).

        >>> t = "주거 서울 서초구 반포대로 58, 101동 202호(반포동)에 산다. 2호선 3번 출구"
        >>> d = Document("d", t, [Span(10, 17, "주소"), Span(19, 22, "건물동호수")])
        >>> [t[s.start:s.end] for s in address_units(d)]
        ['202']
        >>> t = "서울 서초구 반포대로 58 1호선 역"
        >>> address_units(Document("d", t, [Span(7, 14, "주소")]))
        []
    """
    labels, text, out = address_labels(), doc.text, []
    covered = Ranges((s.start, s.end) for s in doc.spans)
    for s in doc.spans:
        if s.label not in labels:
            continue
        at = s.end + (text[s.end:s.end + 1] in ("동", "호") and s.label == "건물동호수")
        for _ in range(3):
            m = _CHAINED.match(text, at)
            if m is None or not particle_ends(text[m.end():m.end() + 12]):
                break
            if not covered.overlaps(m.start("number"), m.start("number") + 1):
                out.append(Span(m.start("number"), m.end("number"), "건물동호수", score=1.0))
            at = m.end()
    return _one_per_place(out)


@register
class AddressUnits(Recognizer):
    name = "address_units"
    description = "a building's dong and room numbers chained to an address the tagger read without them (202호)"
    priority = 31

    def find(self, doc: Document) -> list[Span]:
        return address_units(doc)


@register
class ReferenceNotes(Recognizer):
    name = "reference_notes"
    description = "the dong and building of a road-name address's reference note (우동, 센텀파크)"
    priority = 30

    def find(self, doc: Document) -> list[Span]:
        return reference_notes(doc)
