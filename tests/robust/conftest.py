"""Judgment-like Korean texts and their hostile variants, for the robustness properties.

A *base* text is NFC, LF, plain spaces and half-width characters, built from judgment fragments (names,
dates, an address, phone and registration numbers, an ASCII id, marker-like strings). A *variant* is the
same text as people have it: each Hangul syllable NFC or NFD, spaces as NBSP/ideographic/thin spaces,
digits and Latin letters full-width, dashes as en dash or minus, zero-width and other invisible characters
between characters, one line-end style per document (LF, CRLF or CR) and maybe a BOM. ``pairs`` draws
``(base, variant, where)`` where ``where[i]`` is the variant range of base character ``i``.
"""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import strategies as st

FRAGMENTS = ["피고인 ", "홍길동", "김비밀", "은 ", "에게 ", "2020. 3. 4. ", "서울 강남구 테헤란로 123에서 ",
             "휴대전화(010-4821-7736)", "으로 전화하였다.", "\n", "피해자 ", "아이디 secret", "으로 ", ":", ">>>",
             "<<<", "<<<홍길동:인명>>>", "(9X0315-1XXXXXX)", "하나은행 계좌", " ", "주식회사 한빛상사", "\\",
             "\n원고 박도윤\n", "돈을 송금하였다.", "kim@naver.com"]
SPACES = [" ", "\u00a0", "\u3000", "\u2009", "\u202f", "\u1680"]
# format characters, selectors, fillers and controls that do not join the character before them
DROPPED = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u200e", "\u202e", "\u2066", "\u2069",
           "\u2063", "\u034f", "\ufe0f", "\U000e0020", "\u3164", "\uffa0", "\x00", "\x9f"]
DASHES = ["-", "\uff0d", "\u2013", "\u2212"]


@st.composite
def _pairs(draw, max_fragments: int = 14):
    base = "".join(draw(st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=max_fragments)))
    newline = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    out = ["\ufeff"] if draw(st.booleans()) else []
    where: list[tuple[int, int]] = []
    pos = len(out[0]) if out else 0
    for c in base:
        if draw(st.integers(0, 9)) == 0:
            z = draw(st.sampled_from(DROPPED))
            out.append(z)
            pos += 1
        if "가" <= c <= "힣":
            v = unicodedata.normalize("NFD", c) if draw(st.booleans()) else c
        elif c == " ":
            v = draw(st.sampled_from(SPACES))
        elif c == "-":
            v = draw(st.sampled_from(DASHES))
        elif c == "\n":
            v = newline
        elif c.isascii() and c.isalnum() and draw(st.booleans()):
            v = chr(ord(c) + 0xFEE0)
        else:
            v = c
        out.append(v)
        where.append((pos, pos + len(v)))
        pos += len(v)
    return base, "".join(out), where


@pytest.fixture(scope="session")
def pairs():
    """The strategy of ``(base, variant, where)`` triples (see the module docstring)."""
    return _pairs()


@pytest.fixture(scope="session")
def tagger():
    """The embedded default model, loaded once for the whole session."""
    import thunder_deid as td

    return td.load()
