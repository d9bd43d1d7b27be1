"""A name the tagger missed between names it read in one list is masked in every mention."""

from __future__ import annotations

from thunder_deid.document import Document, Span
from thunder_deid.policy import Policy
from thunder_deid.recognizers import apply_patterns
from thunder_deid.recognizers.name_lists import listed_names


def _at(text: str, *words: str, label: str = "인명") -> list[Span]:
    return [Span(text.index(w), text.index(w) + len(w), label) for w in words]


def _names(text: str, spans: list[Span]) -> list[str]:
    return [text[s.start:s.end] for s in listed_names(Document("d", text, spans))]


def test_two_missed_in_a_row_are_one_letter_each_throughout():
    text = ("피고인 윤은미, 박태섭, 송성실, 유다사랑, 정샛별은 공모하였다. 송성실은 자백하였고, 유다사랑에게 건넸다.")
    model = _at(text, "윤은미", "박태섭", "정샛별")
    out, _ = Policy().redact(apply_patterns(Document("d", text, model)), "court", seed=1)
    assert "송성실" not in out and "유다사랑" not in out
    assert out == "피고인 A, B, C, D, E는 공모하였다. C는 자백하였고, D에게 건넸다."


def test_a_list_joined_by_mit_and_one_ending_it_unread():
    text = "공소외 문꽃님, 윤진호 및 노보라, 남광구에 대한 진술조서"
    assert _names(text, _at(text, "문꽃님", "노보라")) == ["윤진호"]
    # the last item has no name after it: nothing closes it
    assert _names(text, _at(text, "문꽃님", "윤진호")) == []


def test_what_is_no_name_breaks_the_list():
    # places between two names a tagger misread, words for people, a business by its type word, a glued word
    text = "춘천철원, 강릉원주, 횡성군, 정샛별"
    assert _names(text, _at(text, "춘천철원", "정샛별")) == []
    text = "피고인 김철수, 공범, 피해자들, 이영희"
    assert _names(text, _at(text, "김철수", "이영희")) == []
    text = "김철수, 신한은행, 이영희"
    assert _names(text, _at(text, "김철수", "이영희")) == []
    # a span already there is the tagger's
    text = "김철수, 박민수, 이영희"
    assert _names(text, _at(text, "김철수", "이영희") + _at(text, "박민수", label="사업체")) == []


def test_officials_on_their_line_are_no_list_of_parties():
    text = "대법관 김철수(재판장) 이영희, 박민수, 최정훈"
    assert _names(text, _at(text, "이영희", "최정훈")) == []
