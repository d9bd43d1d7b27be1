"""The two small types every generator shares: the context it may look at and the surrogate it returns.

    >>> s = Surrogate("한빛식당", stem="한빛")
    >>> s.form(type_follows=True), s.form(type_follows=False)
    ('한빛', '한빛식당')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Ctx:
    """What a generator may know about a span group: its label, sub-label, original mention and the text
    around its first occurrence (``before``/``after``, a few dozen characters), and the type word that
    follows any occurrence (``식당`` in ``A식당``), if one does."""

    label: str
    sub: str | None = None
    mention: str = ""
    before: str = ""
    after: str = ""
    type_word: str | None = None


@dataclass(frozen=True)
class Surrogate:
    """A replacement value: ``text`` stands alone, ``stem`` is used where a type word follows the span."""

    text: str
    stem: str | None = None

    def form(self, type_follows: bool) -> str:
        return self.stem if (type_follows and self.stem) else self.text


Generator = Callable[[random.Random, Ctx], "Surrogate | str"]


def digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def fill(rng: random.Random, layout: str) -> str:
    """``'###-##'`` -> ``'382-07'``: every ``#`` becomes a random digit, everything else is kept."""
    return "".join(rng.choice("0123456789") if c == "#" else c for c in layout)
