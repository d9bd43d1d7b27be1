import pytest

from thunder_deid.surrogates.hangul import final_of, find_particle, fix_particle


@pytest.mark.parametrize("text,final", [
    ("김민준", "ㄴ"), ("이서연", "ㄴ"), ("박보라", ""), ("서울", "ㄹ"), ("B", ""), ("A", ""), ("L", "ㄹ"), ("M", "ㅁ"),
    ("N", "ㄴ"), ("R", "ㄹ"), ("RA", ""), ("1", "ㄹ"), ("2", ""), ("3", "ㅁ"), ("6", "ㄱ"), ("7", "ㄹ"), ("8", "ㄹ"),
    ("10", "ㅂ"), ("20", "ㅂ"), ("300", "ㄱ"), ("1000", "ㄴ"), ("10000", "ㄴ"), ("0", "ㅇ"), ("'C'", ""), ("101동", "ㅇ"),
    ("example.com", "ㅁ"), ("○○", ""),
])
def test_final_read_aloud(text, final):
    assert final_of(text) == final


@pytest.mark.parametrize("surrogate,after,expected", [
    ("김민준", "가 운영하는", "이 운영하는"),
    ("박보라", "이 운영하는", "가 운영하는"),
    ("김민준", "는 ", "은 "),
    ("박보라", "은 ", "는 "),
    ("김민준", "를 불렀다", "을 불렀다"),
    ("박보라", "을 불렀다", "를 불렀다"),
    ("김민준", "와 함께", "과 함께"),
    ("박보라", "과 함께", "와 함께"),
    ("서울", "으로 갔다", "로 갔다"),  # ㄹ-final takes 로
    ("부산역", "로 갔다", "으로 갔다"),
    ("부산역", "로부터", "으로부터"),
    ("한빛모텔", "으로서", "로서"),
    ("김민준", "나 ", "이나 "),
    ("박보라", "이라는 ", "라는 "),
    ("김민준", "라는 ", "이라는 "),
    ("박보라", "이랑 ", "랑 "),
    ("김민준", "였다", "이었다"),
    ("박보라", "이었다", "였다"),
    ("김민준", "고 ", "이고 "),
    ("김민준", "며 ", "이며 "),
    ("김민준", "아, 이리 와", "아, 이리 와"),
    ("박보라", "아, 이리 와", "야, 이리 와"),
    ("김민준", "'가 ", "'이 "),  # past a closing quote
    ("김민준", "(남, 36세)가 ", "(남, 36세)이 "),  # past a parenthetical
    ("L", "가 ", "이 "),
    ("3", "를 ", "을 "),
    ("12", "을 ", "를 "),
    ("김민준", "에게 ", "에게 "),  # no alternation
    ("한빛", "은행 계좌", "은행 계좌"),  # 은행 is not the particle 은
    ("김민준", "이사가 ", "이사가 "),  # 이사 is a noun
    ("한빛", "과장이", "과장이"),
])
def test_fix_particle(surrogate, after, expected):
    assert fix_particle(surrogate, after) == expected


@pytest.mark.parametrize("after", ["은행", "을지로", "과장", "이사", "로또", "나라", ""])
def test_not_a_particle(after):
    assert find_particle(after) is None
