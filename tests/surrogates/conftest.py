"""Independent checks of realised documents (written separately from the engine's own Hangul code)."""

from __future__ import annotations

import re

import pytest

# (after a consonant, after a vowel) particle pairs checked when a word boundary follows them
PAIRS = [("이라는", "라는"), ("이나", "나"), ("이", "가"), ("은", "는"), ("을", "를"), ("과", "와")]
_LETTER_CONS = {"L": 8, "M": 16, "N": 4, "R": 8}  # jongseong index: ㄹ=8, ㅁ=16, ㄴ=4


def jong(span_text: str) -> int | None:
    """Jongseong index (0 = none, 8 = ㄹ) of the last character as read aloud, None when undecidable."""
    t = span_text.rstrip("'\"’” ")
    if not t:
        return None
    c = t[-1]
    if 0xAC00 <= ord(c) <= 0xD7A3:
        return (ord(c) - 0xAC00) % 28
    if c in "0123456789":
        num = re.search(r"\d+$", t).group(0)
        nz = num.rstrip("0")
        if len(nz) < len(num):
            return 21 if not nz else 17  # 영 / 십·백·천·만 all end in a non-ㄹ consonant
        return {"0": 21, "1": 8, "2": 0, "3": 16, "4": 0, "5": 0, "6": 1, "7": 8, "8": 8, "9": 0}[c]
    if c.isupper() and (len(t) == 1 or not t[-2].isalpha() or t[-2].isupper()):
        return _LETTER_CONS.get(c, 0)
    return None


def particle_after(text: str, end: int) -> str | None:
    """The particle right after ``end`` (past closing quotes and one parenthetical) before a word boundary."""
    i = end
    while i < len(text) and text[i] in "'\"’”":
        i += 1
    m = re.match(r"\([^()\n]{0,40}\)", text[i:])
    if m and i == end:
        i += m.end()
    rest = text[i:]
    for p in ("으로", "로") + tuple(x for pair in PAIRS for x in pair):
        if rest.startswith(p):
            nxt = rest[len(p) : len(p) + 1]
            if not nxt or not (0xAC00 <= ord(nxt) <= 0xD7A3):
                return p
    return None


def particle_ok(j: int, p: str) -> bool:
    if p in ("으로", "로"):
        return p == ("로" if j in (0, 8) else "으로")
    for cons, vow in PAIRS:
        if p in (cons, vow):
            return p == (vow if j == 0 else cons)
    return True


@pytest.fixture
def check_realized():
    """Assert the invariants of a realised document; return the number of particles checked."""

    def check(doc, original=None) -> int:
        checked = 0
        for s in doc.spans:
            assert 0 <= s.start < s.end <= len(doc.text)
            t = doc.text[s.start : s.end]
            assert t == t.strip() and t, (doc.id, s)
            j = jong(t)
            p = particle_after(doc.text, s.end)
            if j is not None and p is not None:
                assert particle_ok(j, p), (doc.id, t, p)
                checked += 1
        return checked

    return check
