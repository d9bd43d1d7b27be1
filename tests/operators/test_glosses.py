"""A name written again in Hanja or Latin letters is the same mention: replaced with it, never left readable."""

from __future__ import annotations

import re
import unicodedata

import pytest

from thunder_deid.document import Document, Span
from thunder_deid.recognizers import apply_patterns
from thunder_deid.policy import load_policy

HANJA = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
TEXT = ("피고인 김철수(金哲洙, 45세)는 피해자 박영희(朴英姬)에게 욕설을 하였다. 그 후 金哲洙는 다시 朴英姬에게 갔고, "
        "주식회사 한빛(Hanbit Co.)의 대표 공소외 李英姬를 만났다. 이는 사법(私法)상 문제이다.")


def at(text: str, word: str, label: str, k: int = 0) -> Span:
    a = text.index(word, k)
    return Span(a, a + len(word), label, score=0.9)


def model_spans(text: str = TEXT) -> Document:
    """What the tagger finds in TEXT: the Hangul mentions only (it reads Hangul)."""
    return Document("d", text, [at(text, "김철수", "인명"), at(text, "박영희", "인명"), at(text, "한빛", "사업체")])


def redact(doc: Document, mode: str, **policy) -> str:
    return load_policy({"mode": mode, **policy}).redact(apply_patterns(doc), seed=3)[0]


def test_court_gives_a_gloss_and_its_other_occurrences_the_mention_s_letter():
    out = redact(model_spans(), "court")
    assert out == ("피고인 A(A, 45세)는 피해자 B(B)에게 욕설을 하였다. 그 후 A는 다시 B에게 갔고, "
                   "주식회사 C(C)의 대표 공소외 D를 만났다. 이는 사법(私法)상 문제이다.")


def test_surrogate_gives_a_gloss_the_mention_s_pseudonym_and_leaves_no_name_readable():
    out = redact(model_spans(), "surrogate")
    for name in ("김철수", "金哲洙", "박영희", "朴英姬", "李英姬", "한빛", "Hanbit"):
        assert name not in out
    first = re.match(r"피고인 (\w+)\((\w+), 45세\)", out)
    assert first and first.group(1) == first.group(2)           # one pseudonym for 김철수 and 金哲洙
    assert f"그 후 {first.group(1)}" in out
    assert HANJA.findall(out) == list("私法")                  # the common word's Hanja alone is left


def test_mask_leaves_only_a_common_word_s_hanja():
    out = redact(model_spans(), "mask")
    assert "[인명]([인명], 45세)" in out and "공소외 [인명]을" in out and "[사업체]([사업체])" in out
    assert HANJA.findall(out) == list("私法")


@pytest.mark.parametrize("text, found", [
    ("피고인 金哲洙는 범행을 부인한다.", ["金哲洙"]),
    ("피 고 인   南宮民\n주 문", ["南宮民"]),
    ("성명: 鄭在元, 직업: 회사원", ["鄭在元"]),
    ("공동피고인 趙成",  ["趙成"]),
    ("피고인 本人의 진술과 被告人 金哲洙", []),                    # not a surname's character; a Hanja role word
    ("피해자 金哲洙敎授는", []),                                   # a Hanja run longer than a name
])
def test_a_hanja_name_after_a_role_word(text, found):
    doc = apply_patterns(Document("d", text, []))
    assert [text[s.start:s.end] for s in doc.spans] == found and all(s.label == "인명" for s in doc.spans)


def test_a_gloss_before_the_mention_and_a_gloss_the_model_already_covers():
    """A gloss the model tagged on its own is linked all the same; one name glossed both ways is one entity."""
    t = "金哲洙(김철수)는 서명하였다. 김민준(金民俊), 피고인 Kim Cheol-su(김철수)"
    spans = [at(t, "김철수", "인명"), at(t, "김민준", "인명"), at(t, "金民俊", "인명"), at(t, "김철수", "인명", 30)]
    doc = apply_patterns(Document("d", t, spans))
    assert [(t[s.start:s.end], s.extra.get("same_as")) for s in doc.spans] == \
        [("金哲洙", "김철수"), ("김철수", None), ("김민준", None), ("金民俊", "김민준"), ("Kim Cheol-su", None),
         ("김철수", "Kim Cheol-su")]
    assert load_policy({"mode": "court"}).redact(doc)[0] == "A(A)는 서명하였다. B(B), 피고인 A(A)"  # one person, three spellings


def test_a_latin_name_s_hangul_reading_replaces_what_the_model_read_of_it():
    t = "피해자 Nguyen Van An(응우옌 반 안, 베트남 국적)은 피고인 이민수에게 맞았다."
    doc = apply_patterns(Document("d", t, [at(t, "응우옌", "인명"), at(t, "이민수", "인명")]))
    assert load_policy({"mode": "court"}).redact(doc)[0] == "피해자 A(A, 베트남 국적)는 피고인 B에게 맞았다."


def test_only_names_businesses_and_organisations_have_glosses():
    t = "서울(漢陽)에서 김철수(CEO)가 2020. 3.(三月) 만났다."
    doc = apply_patterns(Document("d", t, [at(t, "서울", "주소"), at(t, "김철수", "인명"), at(t, "2020. 3.", "날짜")]))
    assert [t[s.start:s.end] for s in doc.spans] == ["서울", "김철수", "CEO", "2020. 3."]


def test_allow_and_deny_lists_reach_the_gloss():
    doc = model_spans()
    out = redact(doc, "court", allow=["김철수"])
    assert out.startswith("피고인 김철수(金哲洙, 45세)는") and "그 후 金哲洙는" in out
    t = "원고 홍길동(洪吉童)은 피고에게"
    out = load_policy({"mode": "court", "deny": ["홍길동"]}).redact(Document("d", t, []))[0]
    assert out == "원고 A(A)는 피고에게"


def test_without_patterns_there_are_no_glosses():
    """The benchmark figures (model spans alone, --no-patterns) are unchanged by the glosses."""
    from thunder_deid.model.infer import Tagger

    t = "피고인 김철수(金哲洙)는 공소외 李英姬를 만났다."
    bare = Tagger.load(patterns=False).predict(t)
    assert all(not HANJA.search(t[s.start:s.end]) for s in bare.spans)
    full = Tagger.load().predict(t)
    assert [t[s.start:s.end] for s in full.spans if HANJA.search(t[s.start:s.end])] == ["金哲洙", "李英姬"]


def test_decomposed_hangul_and_compatibility_ideographs():
    """NFD text (macOS) and the compatibility ideograph 李 (U+F9E1) Korean input methods type."""
    import thunder_deid as td

    src = unicodedata.normalize("NFD", "피고인 김철수(金哲洙)는 피해자 \uf9e1英姬에게")
    out = td.load().redact(src, mode="court")
    assert unicodedata.normalize("NFC", out) == "피고인 A(A)는 피해자 B에게" and unicodedata.is_normalized("NFD", out)


def test_a_vietnamese_name_read_in_part_is_widened_over_its_given_name():
    """Probed 2026-12-05: the model read `응우옌` of `응우옌 반 안은` and `쩐 반` of `쩐 반 훙에게`: court style wrote
    `A 반 안은`, `A 훙에게`. The patterns widen a span starting with such a family name over the short words after
    it, a particle left outside; a Korean name and a sentence go on as before."""
    t = "피해자 응우옌 반 안은 피고인 쩐 반 훙에게 맞았고, 피고인 이민수는 이 사건 범행을 부인한다."
    doc = apply_patterns(Document("d", t, [at(t, "응우옌", "인명"), at(t, "쩐 반", "인명"), at(t, "이민수", "인명")]))
    assert [t[s.start:s.end] for s in doc.spans] == ["응우옌 반 안", "쩐 반 훙", "이민수"]
    assert load_policy({"mode": "court"}).redact(doc)[0] == "피해자 A는 피고인 B에게 맞았고, 피고인 C는 이 사건 범행을 부인한다."


def test_a_latin_name_with_letters_beyond_ascii_is_one_run_and_one_word():
    """``Nguyễn`` had been read as ``Nguy`` and ``José`` as ``Jos``: the runs and the decoder's whole words knew
    ASCII letters only, so court style wrote ``Aễn Văn An``."""
    from thunder_deid.model.decode import whole_words
    from thunder_deid.recognizers.glosses import LATIN_RUN

    t = "피해자 Nguyễn Văn An은 피고인 José García와 Đặng Thị Lan에게"
    assert [m.group() for m in re.finditer(LATIN_RUN, t)] == ["Nguyễn Văn An", "José García", "Đặng Thị Lan"]
    assert [t[s.start:s.end] for s in whole_words([Span(4, 8, "인명"), Span(23, 26, "인명")], t)] == ["Nguyễn", "José"]


def test_court_replaces_a_vietnamese_and_a_spanish_name_whole():
    import thunder_deid as td

    out = td.load().redact("피해자 Nguyễn Văn An은 피고인 José García와 만났다.", mode="court")
    assert out == "피해자 A는 피고인 B와 만났다."


@pytest.mark.parametrize("text, found", [
    ("목격자 Trần Thị Hoa(여, 31세)가 보았다.", ["Trần Thị Hoa"]),
    ("임차인 金英姬는 보증금을 냈다.", ["金英姬"]),
    ("신고자 John Smith의 진술", ["John Smith"]),
])
def test_a_latin_or_hanja_name_after_a_witness_or_a_contract_party_is_found(text, found):
    """The publisher's read: ``목격자 Trần Thị Hoa`` stayed readable in both styles (the patterns looked after a
    party's role word only)."""
    doc = apply_patterns(Document("d", text, []))
    assert [text[s.start:s.end] for s in doc.spans if s.label == "인명"] == found
