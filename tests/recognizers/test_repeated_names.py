"""A name the tagger never read, repeated after role words, is masked in every mention."""

from __future__ import annotations

from thunder_deid.document import Document, Span
from thunder_deid.policy import Policy
from thunder_deid.recognizers import apply_patterns
from thunder_deid.recognizers.repeated_names import repeated_names


def _names(text: str, spans: list[Span] | None = None) -> list[str]:
    return [text[s.start:s.end] for s in repeated_names(Document("d", text, spans or []))]


def test_a_defendant_the_tagger_never_found_is_one_letter_throughout():
    text = ("피고인 임숙자, 피고인 주꽃님은 공모하였다. 피고인 주꽃님의 사진을 붙이고, 주꽃님 명의로 신청하였다. "
            "피고인 주꽃님에게 건넸다.")
    model = [Span(text.index("임숙자"), text.index("임숙자") + 3, "인명")]
    out, _ = Policy().redact(apply_patterns(Document("d", text, model)), "court", seed=1)
    assert "주꽃님" not in out
    assert out == ("피고인 A, 피고인 B는 공모하였다. 피고인 B의 사진을 붙이고, B 명의로 신청하였다. "
                   "피고인 B에게 건넸다.")


def test_the_form_most_mentions_share_is_the_name():
    assert _names("증인 김하은은 … 증인 김하은 진술, 증인 김하은에게") == ["김하은"] * 3
    assert _names("피고인 주꽃님에 대하여 … 피고인 주꽃님에게") == ["주꽃님"] * 2


def test_words_of_the_language_after_a_role_word_are_no_names():
    # a general word, with or without its particle; one the text uses elsewhere more than after a role word
    assert _names("피고인 명의의 계좌, 피고인 명의로 된 차량, 공소외 명의자") == []
    assert _names("피해자 공사로부터 받은 돈, 피해자 공사에 낸 돈") == []
    assert _names("피고인 이상한 행동, 피고인 이상한 말, 이상한 점, 이상한 일, 이상한 소리") == []
    # a role word after a role word, a business by its type word (read off the legal corpus: bench_repeated_names)
    assert _names("피해자 배상신청인 3에 대한 편취, 피해자 배상신청인 3의 신청") == []
    assert _names("피해자 신한은행의 지점, 피해자 신한은행에 제출") == []
    assert _names("피해자 오토바이의 우측, 피해자 오토바이를 충격") == []


def test_one_mention_or_a_word_without_a_surname_is_not_enough():
    assert _names("피고인 주꽃님은 자백하였다.") == []
    assert _names("피고인 스스로 자백하였고, 피고인 스스로 인정하였다.") == []


def test_a_tagger_span_there_wins():
    text = "피고인 주꽃님은 … 피고인 주꽃님의"
    assert _names(text, [Span(4, 7, "인명")]) == ["주꽃님"]


def test_a_name_a_companys_kind_follows_is_a_companys():
    """Masked all the same, but typed as a business, so a pseudonym is a company's (공소외 오션팜 여행회사 had been a
    person's name in surrogate style); 회사원 is no company."""
    text = "공소외 오션팜 여행회사에 관한 공소사실, 공소외 오션팜 여행회사 홈페이지"
    assert [(text[s.start:s.end], s.label) for s in repeated_names(Document("d", text))] == [("오션팜", "사업체")] * 2
    text = "피고인 김꽃님 회사원, 피고인 김꽃님은"
    assert {s.label for s in repeated_names(Document("d", text))} == {"인명"}
