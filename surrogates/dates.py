"""Date shifting for the ``surrogate`` output mode: one offset per document moves every date it replaces.

Dates drawn one by one had put a child's birth before her mother's and an arrest before the crime; moved by
one offset they keep their order and their distances, and an age moves with the birth dates (by the years the
offset amounts to, never across 14, 20 or 65, the ages the law counts by). A mention is written back in its
own format::

    >>> shift_dates("2023. 3. 15.", 30), shift_dates("2023년 3월 15일", -30), shift_dates("2023-03-15", 300)
    ('2023. 4. 14.', '2023년 2월 13일', '2024-01-09')
    >>> shift_dates("23. 3. 15.", 30), shift_dates("2005. 3. 4.생", 365), shift_dates("2023. 3.", 40)
    ('23. 4. 14.', '2006. 3. 4.생', '2023. 4.')
    >>> shift_dates("2023년 3월", -60), shift_dates("2023.3.15.", 1), shift_dates("3월경", 30)
    ('2023년 1월', '2023.3.16.', None)

Training and evaluation realisations (annotated placeholders) never shift: their draws stay as they were.
"""

from __future__ import annotations

import datetime as dt
import random
import re

SHIFT_DAYS = (30, 365)  # |offset|: at least a month, so a year-month moves too; at most a year
LEGAL_AGES = (14, 20, 65)  # criminal responsibility, adulthood (19/20), old age: an age never crosses one

# year (4 digits, or 2 when a day follows), month, optional day; ``.``/``-``/``/`` or 년/월 between
_DATE = re.compile(r"(?<!\d)(\d{4}|\d{2})(\s*[.\-/]\s*|\s*년\s*)(\d{1,2})(?:(\s*[.\-/]\s*|\s*월\s*)(\d{1,2}))?(?!\d)")
_PIVOT = 40  # a two-digit year up to 40 is of the 2000s (fixed: the output must not change with the clock)
_YEAR = re.compile(r"\s*(\d{4})(\s*년?\s*)")


def document_shift(rng: random.Random) -> int:
    """The document's offset in days, ``±(30..365)``, from its own seeded ``rng``."""
    days = rng.randint(*SHIFT_DAYS)
    return days if rng.random() < 0.5 else -days


def years_of(days: int) -> int:
    """The years an offset moves a birth date by, as an age or a year alone reads it (``+200`` days: a year
    younger), never none: an offset of under half a year had written every age and birth year of half the
    documents back as they were.

    >>> years_of(100), years_of(200), years_of(-200), years_of(-365), years_of(-30)
    (1, 1, -1, -1, -1)
    """
    years = round(days / 365.25)
    return years or (1 if days > 0 else -1)


def shift_age(age: int, days: int) -> int:
    """``age`` of a person born ``days`` later, never across a legal age: moved the other way where it would
    cross one (``14`` stays a child's age of criminal responsibility, as ``15``), and never left as it was.

    >>> shift_age(40, 300), shift_age(14, 300), shift_age(20, -100), shift_age(19, -300), shift_age(13, -300)
    (39, 15, 21, 18, 12)
    """
    for new in (age - years_of(days), age + years_of(days)):
        if new > 0 and not any((age >= t) != (new >= t) for t in LEGAL_AGES):
            return new
    return age


def shift_date(y: int, m: int, d: int, days: int) -> tuple[int, int, int] | None:
    """``(y, m, d)`` moved by ``days``; None for a date that does not exist."""
    try:
        new = dt.date(y, m, d) + dt.timedelta(days=days)
    except ValueError:
        return None
    return new.year, new.month, new.day


def shift_dates(text: str, days: int) -> str | None:
    """``text`` with every date in it moved by ``days``, each in its own format; None where none parses (the
    caller's generator draws one then). A year alone (``1985년``) moves by :func:`years_of`."""
    y = _YEAR.fullmatch(text)
    if y:
        return text.replace(y.group(1), str(int(y.group(1)) + years_of(days)), 1)
    found = False

    def one(m: re.Match) -> str:
        nonlocal found
        ys, s1, ms, s2, ds = m.groups()
        if len(ys) == 2 and ds is None:  # "12. 3." reads as a month and a day as often as a year and a month
            return m.group(0)
        year = int(ys) + (0 if len(ys) == 4 else 2000 if int(ys) <= _PIVOT else 1900)
        new = shift_date(year, int(ms), int(ds) if ds else 15, days)
        if new is None or not 1900 <= year <= 2099:
            return m.group(0)
        found = True
        out = f"{new[0] if len(ys) == 4 else new[0] % 100:0{len(ys)}d}{s1}{_num(new[1], ms, s1)}"
        return out + (f"{s2}{_num(new[2], ds, s1)}" if ds else "")

    out = _DATE.sub(one, text)
    return out if found else None


def _num(n: int, original: str, sep: str) -> str:
    """A month or a day written as the original was: ``03`` zero-padded, ISO (``-``) always."""
    return f"{n:02d}" if original.startswith("0") or sep.strip() == "-" else str(n)
