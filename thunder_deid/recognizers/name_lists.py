"""A Korean name the tagger missed between two it read, in a list of names: ``박태섭, 이하리, 송성실, 유다사랑, 정샛별``.

A judgment lists the people a count concerns (``피고인 윤은미, 윤선연, 박태섭, …``, ``공소외 문꽃님, 윤진호, 노보라``);
the tagger reads most of them and may pass over one it never saw the like of (``유다사랑``). Where it missed that
name in every mention, consistency has nothing to repeat and the person stays readable throughout. The list says
more than the word: an item of the list is a name when it also reads as one (cheap tests, no lexicon of names):

* it stands between two names the tagger read in one list, joined to each by commas or ``및`` and by other
  such items (two missed in a row, ``송성실, 유다사랑``, are both names);
* a whole word of two to four syllables beginning with a common Korean surname, nothing glued after it;
* no word judgments write in a person's place (:data:`~thunder_deid.recognizers.words.NOT_NAMES`, role, kinship
  and field words) and no business by its type word (the tests of :mod:`~thunder_deid.recognizers.repeated_names`);
* neither it nor its neighbours are officials acting in office (``판사 김철수, 이영희, 박민수``).

    >>> from thunder_deid.document import Document, Span
    >>> t = "피고인 윤은미, 박태섭, 송성실, 유다사랑, 정샛별은 공모하여 강릉, 원주, 횡성에서"
    >>> at = lambda w, label="인명": Span(t.index(w), t.index(w) + len(w), label)
    >>> doc = Document("d", t, [at("윤은미"), at("박태섭"), at("정샛별"), at("강릉", "지역명"), at("횡성", "지역명")])
    >>> [t[s.start:s.end] for s in NameLists().find(doc)]
    ['송성실', '유다사랑']
"""

from __future__ import annotations

import re

from thunder_deid.consistency import Ranges
from thunder_deid.document import Document, Span
from thunder_deid.recognizers.base import Recognizer, register
from thunder_deid.recognizers.officials import is_official, official_zones
from thunder_deid.recognizers.repeated_names import reads_as_name

_JOIN = re.compile(r"(?:, ?| 및 )")
_ITEM = re.compile(r"[가-힣]{2,4}(?![가-힣])")


def listed_names(doc: Document) -> list[Span]:
    spans = sorted(doc.spans, key=lambda s: s.start)
    if not any(s.label.startswith("인명") for s in spans):
        return []
    zones = official_zones(doc.text)
    person_at = {s.start: s for s in spans if s.label.startswith("인명") and not is_official(doc.text, s, zones)}
    taken = Ranges((s.start, s.end) for s in spans)
    found: list[Span] = []
    walked: set[int] = set()
    for s in person_at.values():  # in document order: ``spans`` is sorted
        if s.start in walked:
            continue
        pos, pending = s.end, []
        # along the list: a name read closes the items passed over since the last one as names
        while (j := _JOIN.match(doc.text, pos)) is not None:
            if j.end() in person_at:
                walked.add(j.end())
                found += pending
                pending, pos = [], person_at[j.end()].end
                continue
            m = _ITEM.match(doc.text, j.end())
            if m is None or not reads_as_name(m.group()) or taken.overlaps(m.start(), m.end()):
                break
            span = Span(m.start(), m.end(), "인명", score=1.0)
            if is_official(doc.text, span, zones):
                break
            pending.append(span)
            pos = m.end()
    return found


@register
class NameLists(Recognizer):
    name = "name_lists"
    description = "a Korean name the tagger missed between two names it read in a list: 박태섭, 송성실, 정샛별"
    priority = 60

    def find(self, doc: Document) -> list[Span]:
        return listed_names(doc)
