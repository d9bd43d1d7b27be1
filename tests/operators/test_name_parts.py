"""A person named in full and then by part (``김 씨``, ``박씨``, ``민준이는``) is one person in every output."""

from __future__ import annotations

import re

import pytest

from thunder_deid.document import Document, Span
from thunder_deid.policy import load_policy
from thunder_deid.surrogates.people import split_name

TEXT = ("피고인 김민준은 피해자 박서연에게 전화를 걸었다. 김 씨는 이 사실을 부인하였고, 박씨는 경찰에 신고하였다. "
        "이에 대하여 김모 씨는 변명하였다. 민준이는 도망갔다. 김민준 씨는 서연이에게 사과하였다.")


def at(text: str, word: str, k: int = 0) -> Span:
    a = text.index(word, k)
    return Span(a, a + len(word), "인명", score=0.9)


def tagged(text: str = TEXT) -> Document:
    """What the tagger finds: the full names, ``김 씨`` with its honorific, ``김모``, ``민준이`` and ``서연``
    (``박씨`` is missed)."""
    return Document("d", text, [at(text, "김민준"), at(text, "박서연"), at(text, "김 씨"), at(text, "김모"),
                                at(text, "민준이"), at(text, "김민준", 60), at(text, "서연", 80)])


def redact(doc: Document, mode: str, **policy) -> str:
    return load_policy({"mode": mode, **policy}).redact(doc, seed=5)[0]


def test_court_gives_a_part_the_letter_of_the_person_it_names():
    assert redact(tagged(), "court") == (
        "피고인 A는 피해자 B에게 전화를 걸었다. A 씨는 이 사실을 부인하였고, B씨는 경찰에 신고하였다. "
        "이에 대하여 C 씨는 변명하였다. A는 도망갔다. A 씨는 B에게 사과하였다.")


def test_surrogate_writes_the_pseudonym_s_own_surname_and_given_name():
    out = redact(tagged(), "surrogate")
    m = re.match(r"피고인 (\w+?)[은는] 피해자 (\w+?)에게 전화를 걸었다\. (\w+) 씨는 이 사실을 부인하였고, (\w+)씨는 경찰에 신고하였다\. "
                 r"이에 대하여 (\w+) 씨는 변명하였다\. (\w+?)[은는] 도망갔다\. (\w+) 씨는 (\w+?)에게 사과하였다\.", out)
    assert m, out
    kim, park, kim_s, park_s, someone, minjun, kim2, seoyeon = m.groups()
    assert not {kim, park, someone} & {"김민준", "박서연", "김모"}
    assert kim2 == kim and split_name(kim)[0] == kim_s and split_name(park)[0] == park_s
    given = split_name(kim)[1]
    assert minjun in (given, given + "이")
    assert seoyeon.rstrip("이") == split_name(park)[1]           # 서연이에게: the pseudonym's given name, so called
    assert someone != kim                                        # 김모 is somebody else


def test_two_people_of_one_surname_leave_the_surname_alone_unlinked():
    text = "피고인 이영수와 이철호는 공모하였다. 이 씨는 부인하였다."
    doc = Document("d", text, [at(text, "이영수"), at(text, "이철호")])
    assert redact(doc, "court") == "피고인 A와 B는 공모하였다. 이 씨는 부인하였다."


def test_a_given_name_so_called_is_found_where_the_model_missed_it_and_a_word_is_not():
    text = "피해자 최지원은 사업 지원을 받았다. 지원이는 울었고, 지원이 가능하였다."
    doc = Document("d", text, [at(text, "최지원")])
    assert redact(doc, "court") == "피해자 A는 사업 지원을 받았다. A는 울었고, 지원이 가능하였다."


def test_a_word_that_is_a_surname_and_씨_names_nobody():
    text = "피고인 성민수는 성씨를 바꾸었다고 주장하나, 성 씨는 이를 부인하였다."
    doc = Document("d", text, [at(text, "성민수")])
    assert redact(doc, "court") == "피고인 A는 성씨를 바꾸었다고 주장하나, A 씨는 이를 부인하였다."


def test_without_consistency_parts_are_linked_but_nothing_is_added():
    out = redact(tagged(), "court", consistency=False)
    assert "A 씨는 이 사실" in out and "박씨는" in out


@pytest.mark.parametrize("seed", range(8))
def test_a_surname_no_full_name_owns_is_never_written_unchanged(seed):
    text = "김 씨는 이 사실을 부인하였다."
    doc = Document("d", text, [Span(0, 1, "인명", score=0.9)])
    out = load_policy({"mode": "surrogate"}).redact(doc, seed=seed)[0]
    assert out.endswith(" 씨는 이 사실을 부인하였다.") and not out.startswith("김 ") and len(out.split(" ")[0]) <= 2
