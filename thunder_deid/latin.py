"""Latin letters beyond ASCII: foreign names in Korean judgments are written with them (``Nguyễn Văn An``,
``José García``, ``Müller``), and a run of letters read as ASCII only stops inside such a name.

    >>> "ễ" in LATIN_LETTERS, "é" in LATIN_LETTERS, "×" in LATIN_LETTERS, "가" in LATIN_LETTERS
    (True, True, False, False)
    >>> import re
    >>> re.fullmatch(f"[{UPPER}][{LOWER}]+", "Đặng") is not None
    True
"""

from __future__ import annotations

import unicodedata

# Latin-1 Supplement, Extended-A and -B, Extended Additional (Vietnamese): NFC writes their letters precomposed
_RANGES = ((0x00C0, 0x024F), (0x1E00, 0x1EFF))


def _letters(*categories: str) -> str:
    return "".join(chr(c) for a, b in _RANGES for c in range(a, b + 1) if unicodedata.category(chr(c)) in categories)


# regular-expression class bodies (no character in them is special inside [...]), ASCII included
UPPER = "A-Z" + _letters("Lu", "Lt")
LOWER = "a-z" + _letters("Ll", "Lo", "Lm")
LATIN_LETTERS = frozenset(_letters("Lu", "Lt", "Ll", "Lo", "Lm"))
