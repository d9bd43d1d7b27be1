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
    around its first occurrence (``before``/``after``, a few dozen characters), the type word that
    follows any occurrence (``식당`` in ``A식당``), if one does, and whether a person's pseudonym should read
    like the mention (``like_mention``: its sex and generation, :func:`.people.reads_as`)."""

    label: str
    sub: str | None = None
    mention: str = ""
    before: str = ""
    after: str = ""
    type_word: str | None = None
    like_mention: bool = False
    # in output, ``after`` with the mentions still to be replaced blanked out: what of it the output keeps
    kept_after: str | None = None
    # in output, the document's date shift in days (:mod:`.dates`); None in training and evaluation
    shift: int | None = None


@dataclass(frozen=True)
class Surrogate:
    """A replacement value: ``text`` stands alone, ``stem`` is used where a type word follows the span."""

    text: str
    stem: str | None = None
    # the mention itself moved by the document's date shift (output): it may equal another group's value or a
    # real mention, since every date of the document moves alike
    shifted: bool = False

    def form(self, type_follows: bool) -> str:
        return self.stem if (type_follows and self.stem) else self.text


Generator = Callable[[random.Random, Ctx], "Surrogate | str"]


def digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def fill(rng: random.Random, layout: str) -> str:
    """``'N##-##'`` -> ``'382-07'``: ``#`` becomes a random digit, ``N`` a non-zero one
    and ``{YEAR}`` a year of 2015-2024; everything else is kept."""
    out = []
    for c in layout:
        if c == "#":
            out.append(rng.choice("0123456789"))
        elif c == "N":
            out.append(rng.choice("123456789"))
        else:
            out.append(c)
    return "".join(out).replace("{YEAR}", str(rng.randint(2015, 2024)))


def layouts(name: str, *templates: str) -> "Generator":
    """A generator that fills one of ``templates`` (see :func:`fill`): identifiers that are only a shape."""

    def gen(rng: random.Random, ctx: Ctx) -> str:
        return fill(rng, rng.choice(templates))

    gen.__name__ = name
    return gen
