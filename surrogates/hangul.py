"""Korean final consonants (받침) and the particles that alternate on them.

A particle after a span agrees with how the span's last syllable is *read*, so placeholders read aloud
count too: ``B`` is 비 (no final), ``L`` is 엘 (ㄹ), ``3`` is 삼 (ㅁ), ``20`` is 이십 (ㅂ)::

    >>> final_of("김민준"), final_of("B"), final_of("L"), final_of("7"), final_of("20")
    ('ㄴ', '', 'ㄹ', 'ㄹ', 'ㅂ')
    >>> fix_particle("김민준", "가 운영하는")
    '이 운영하는'
    >>> fix_particle("서울", "으로 갔다"), fix_particle("부산역", "로 갔다")
    ('로 갔다', '으로 갔다')
    >>> fix_particle("김민준", "(남, 36세)가 ")
    '(남, 36세)이 '


A candidate particle is only treated as one when a word boundary (or a known particle continuation such
as ``부터``/``서``/``의``) follows it, so ``은행`` after ``B`` is never read as the particle ``은``.
"""

from __future__ import annotations

import re

_JONG = ["", "ㄱ", "ㄲ", "ㄳ", "ㄴ", "ㄵ", "ㄶ", "ㄷ", "ㄹ", "ㄺ", "ㄻ", "ㄼ", "ㄽ", "ㄾ", "ㄿ", "ㅀ", "ㅁ", "ㅂ", "ㅄ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"]

# How a digit and an upper-case Latin letter are read aloud: final consonant of the reading.
_DIGIT_FINAL = {"0": "ㅇ", "1": "ㄹ", "2": "", "3": "ㅁ", "4": "", "5": "", "6": "ㄱ", "7": "ㄹ", "8": "ㄹ", "9": ""}
# 십 백 천 만: a number ending in zeros is read by its lowest non-zero place (20 이십, 300 삼백, 1000 천, 10000 만).
_PLACE_FINAL = {1: "ㅂ", 2: "ㄱ", 3: "ㄴ", 4: "ㄴ"}
_LETTER_FINAL = {"L": "ㄹ", "M": "ㅁ", "N": "ㄴ", "R": "ㄹ"}  # 엘 엠 엔 알; every other letter ends in a vowel
# Lower-case words read as English: endings that Koreans pronounce with a final consonant.
_WORD_ENDINGS = (("com", "ㅁ"), ("net", "ㅅ"), ("kr", "ㄹ"), ("ng", "ㅇ"), ("ck", "ㄱ"), ("ll", "ㄹ"), ("m", "ㅁ"), ("n", "ㄴ"), ("l", "ㄹ"), ("k", "ㄱ"), ("p", "ㅂ"))
# Closing quotes that may stand between a span and its particle (``'C'가``). A closing parenthesis does
# not: in ``계좌(…)로`` the particle agrees with the word before the parenthesis, not with the span.
CLOSERS = "'\"’”」』》〉"
_TRAILING_SKIP = CLOSERS + " .,·-_/*"


def is_hangul_syllable(ch: str) -> bool:
    return "가" <= ch <= "힣"


def final_of(text: str) -> str | None:
    """The final consonant of ``text`` as read aloud: a jamo, ``''`` for a vowel, ``None`` when unknown."""
    t = text.rstrip(_TRAILING_SKIP)
    if not t:
        return None
    ch = t[-1]
    if is_hangul_syllable(ch):
        return _JONG[(ord(ch) - 0xAC00) % 28]
    if ch.isdigit() and ch.isascii():
        digits = re.search(r"[0-9]+$", t).group(0)  # type: ignore[union-attr]
        if ch != "0":
            return _DIGIT_FINAL[ch]
        stripped = digits.rstrip("0")
        zeros = len(digits) - len(stripped)
        if not stripped:
            return "ㅇ"  # 영
        return _PLACE_FINAL.get(zeros, "ㄱ" if zeros >= 8 else "ㄴ")  # 억 ㄱ, 십만/백만/천만 ㄴ
    if "A" <= ch <= "Z":
        m = re.search(r"[A-Za-z]+$", t)
        word = m.group(0) if m else ch
        if word.isupper() or len(word) == 1:
            return _LETTER_FINAL.get(ch, "")
        return _word_final(word)
    if "a" <= ch <= "z":
        word = re.search(r"[A-Za-z]+$", t).group(0)  # type: ignore[union-attr]
        return _word_final(word.lower())
    if ch in "○◯●◎□△☆★◇◆":
        return ""  # 동그라미, 네모 … are read with a vowel end by convention of the courts (○○가)
    return None


def _word_final(word: str) -> str:
    for end, jamo in _WORD_ENDINGS:
        if word.lower().endswith(end):
            return jamo
    return ""


def has_final(text: str) -> bool | None:
    f = final_of(text)
    return None if f is None else f != ""


# (after a consonant, after a vowel). Longest forms first so that 이라는 wins over 이.
# ``로``/``으로`` is handled separately (ㄹ takes 로).
PAIRS: list[tuple[str, str]] = [
    ("이라는", "라는"), ("이라고", "라고"), ("이라며", "라며"), ("이라면", "라면"), ("이라서", "라서"),
    ("이라도", "라도"), ("이지만", "지만"), ("이므로", "므로"), ("이든지", "든지"), ("이나마", "나마"),
    ("이었", "였"), ("이란", "란"), ("이랑", "랑"), ("이나", "나"), ("이든", "든"), ("이다", "다"),
    ("이며", "며"), ("이고", "고"), ("이야", "야"), ("이면", "면"), ("이라", "라"),
    ("이", "가"), ("은", "는"), ("을", "를"), ("과", "와"), ("아", "야"),
]
# Single- and two-syllable particles may be followed by these and still be particles (로부터, 과의, 은커녕), two of
# them in a row too (으로서는, 으로부터의, 이야말로: judgments write 피고인 X으로서는 often).
CONTINUATIONS = ("부터", "로서", "서", "써", "의", "는", "도", "만", "에", "에서", "나", "까지", "조차", "마저", "커녕", "요",
                 "말로")
# Forms that are verbal stems and take any ending (이었다, 였으며 …).
_STEM_FORMS = {"이었", "였"}


def boundary_ok(rest: str, form: str, depth: int = 2) -> bool:
    """The word ends after the particle ``form``, or goes on with :data:`CONTINUATIONS` only (at most ``depth``).

    >>> [boundary_ok(r, "으로") for r in ("", " 갔다", "서는 ", "부터의", "서울")]
    [True, True, True, True, False]
    """
    if form in _STEM_FORMS:
        return True
    if not rest or not is_hangul_syllable(rest[0]):
        return True
    return depth > 0 and any(rest.startswith(c) and boundary_ok(rest[len(c):], c, depth - 1) for c in CONTINUATIONS)


def find_particle(after: str) -> tuple[int, int, str, str] | None:
    """Find the particle at the start of ``after`` (past closing quotes/brackets).

    Returns ``(start, end, consonant_form, vowel_form)`` of the particle within ``after``, or None.
    """
    i = 0
    while i < len(after) and after[i] in CLOSERS:
        i += 1
    s = after[i:]
    for cons in ("으로", "로"):
        if s.startswith(cons) and boundary_ok(s[len(cons):], cons):
            return i, i + len(cons), "으로", "로"
    for cons, vow in PAIRS:
        for form in (cons, vow):
            if s.startswith(form) and boundary_ok(s[len(form):], form):
                return i, i + len(form), cons, vow
    return None


def choose(final: str, cons: str, vow: str) -> str:
    """The form of a particle pair for a preceding final consonant (``''`` = vowel)."""
    if cons == "으로":
        return "로" if final in ("", "ㄹ") else "으로"
    return vow if final == "" else cons


_PAREN = re.compile(r"\([^()\n]{0,40}\)")


def fix_particle(surrogate: str, after: str) -> str:
    """``after`` with its leading particle re-chosen for the last syllable of ``surrogate``.

    A parenthetical right after the span is skipped: in ``D(여, 36세)가`` the particle agrees with ``D``.
    """
    m = _PAREN.match(after)
    if m:
        return after[: m.end()] + fix_particle(surrogate, after[m.end() :])
    hit = find_particle(after)
    if hit is None:
        return after
    final = final_of(surrogate)
    if final is None:
        return after
    start, end, cons, vow = hit
    form = choose(final, cons, vow)
    # 이다 after a vowel is also correct; keep the original copula form when it already fits.
    if after[start:end] == form:
        return after
    return after[:start] + form + after[end:]
