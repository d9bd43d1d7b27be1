"""Phone numbers in output: one pseudonym per number, however each mention writes it.

A group of spans is one (mention, label); ``010-2345-6789`` and ``01023456789`` were two groups, so one number
got two pseudonyms. In the ``surrogate`` output mode (``like_mention``) a phone number's group is its digits
(:func:`digit_key`) and each mention writes the one pseudonym in its own layout (:func:`written_like`)::

    >>> digit_key("(02)3410-2114", "전화번호"), digit_key("010-2345-6789", "전화번호"), digit_key("A", "전화번호")
    ('0234102114', '01023456789', None)
    >>> written_like("010-8247-3392", "01023456789"), written_like("02-7915-2285", "(02)3410-2114")
    ('01082473392', '(02)7915-2285')

Training and evaluation realisations group and write as before.
"""

from __future__ import annotations

import re

DIGIT_GROUPED = ("전화번호",)  # labels whose group is their digits in output
_MIN_DIGITS = 7  # fewer: not a number to join by its digits (an extension, a placeholder)
# head (mobile, area code, 070, or a 15xx/16xx service number), middle, last four
_PHONE = re.compile(r"(01[016789]|02|0[3-6][1-5]|070)(\d{3,4})(\d{4})|(1[56]\d\d)(\d{4})")


def number_digits(mention: str) -> str | None:
    """A number written several ways is one number (``010-2345-6789``, ``010 2345 6789``, ``01023456789``): its
    digits, where it has seven or more and nothing but separators besides; None otherwise (``101동 1203호``, and
    the digits of ``1990. 1. 12.`` and ``1990. 11. 2.`` are one run only for numbers: callers ask for those).
    Court style's one omission per number and the surrogate output's one pseudonym per phone number both key by it.

    >>> number_digits("(010) 2345.6789"), number_digits("101동 1203호"), number_digits("123-45")
    ('01023456789', None, None)
    """
    d = re.sub(r"\D", "", mention)
    return d if len(d) >= _MIN_DIGITS and re.fullmatch(r"[\d\s\-.()/]+", mention) else None


def digit_key(mention: str, label: str) -> str | None:
    """The digits a phone number's group is keyed by in output; None for another label or another form."""
    return number_digits(mention) if label in DIGIT_GROUPED else None


def phone_parts(mention: str) -> tuple[str, int] | None:
    """A real phone number's head (``010``, ``02``, ``1588`` …) and the length of its middle group (0 for a service
    number), read from its digits whatever its layout (``(02)3410-2114``); None where they do not parse.

    >>> phone_parts("(02)3410-2114"), phone_parts("051-742-1234"), phone_parts("1588-1234"), phone_parts("123")
    (('02', 4), ('051', 3), ('1588', 0), None)
    """
    m = _PHONE.fullmatch(re.sub(r"\D", "", mention))
    if m is None:
        return None
    return (m.group(1), len(m.group(2))) if m.group(1) else (m.group(4), 0)


def written_like(form: str, mention: str) -> str:
    """``form``'s digits in ``mention``'s layout (its separators, parentheses), where both have as many digits;
    else ``form`` as drawn."""
    new = [c for c in form if c.isdigit()]
    if len(new) != sum(c.isdigit() for c in mention):
        return form
    it = iter(new)
    return "".join(next(it) if c.isdigit() else c for c in mention)
