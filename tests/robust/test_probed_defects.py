"""The defects issue 15 probed, on the embedded model: each form of the text is now read like plain NFC."""

import unicodedata

import pytest

SENTENCE = "피고인은 2020. 3. 4. 서울 강남구에서 피해자 홍길동{}에게 전화하여 돈을 요구하였다."


def _found(tagger, text):
    return [(unicodedata.normalize("NFC", text[s.start:s.end]), s.label) for s in tagger.predict(text).spans]


@pytest.mark.parametrize("variant", [
    lambda t: unicodedata.normalize("NFD", t),
    lambda t: t.replace(" ", "\u00a0"),
    lambda t: t.replace("홍길동", "홍\u200b길동"),
    lambda t: "\ufeff" + t.replace("2020", "２０２０"),
])
def test_forms_of_the_same_text_find_the_same_name(tagger, variant):
    text = SENTENCE.format("")
    assert ("홍길동", "인명") in _found(tagger, text)
    found = _found(tagger, variant(text))
    assert ("홍길동" if "\u200b" not in variant(text) else "홍\u200b길동", "인명") in found


@pytest.mark.parametrize("glued", [":", ">>>", ">", "》"])
def test_a_name_glued_to_punctuation_is_found_without_it(tagger, glued):
    assert ("홍길동", "인명") in _found(tagger, SENTENCE.format(glued))


def test_full_width_phone_number_is_one_span(tagger):
    text = "피고인은 휴대전화 ０１０－４８２１－７７３６으로 연락하였다."
    assert ("０１０－４８２１－７７３６", "전화번호") in _found(tagger, text)


def test_an_ascii_id_is_masked_whole(tagger):
    text = "피해자의 아이디(secret)와 비밀번호를 알아내어 로그인하였다."
    assert tagger.redact(text, "mask") == "피해자의 아이디([아이디])와 비밀번호를 알아내어 로그인하였다."
