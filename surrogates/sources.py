"""Source parts: every surrogate source is split, once and for all, into a training and an evaluation part.

A model trained on surrogates can learn the generator's few values instead of what a name looks like. To
measure that, each *source value* (a given name, a business-name stem, a 동, a road, an inventory entry, …)
belongs to exactly one part, decided by a stable hash of the value alone, so the same value falls in the
same part whichever list it sits in::

    >>> part_of("민준") in ("train", "eval"), part_of("민준") == part_of("민준")
    (True, True)
    >>> with source_part("eval"):
    ...     current_part(), in_part("서연") == (part_of("서연") == "eval")
    ('eval', True)
    >>> current_part(), in_part("서연")
    ('all', True)

Realising with ``train`` (what training uses) draws only training-part values, ``eval`` only evaluation-part
values: two such realisations never share a person's name, given name or business name. ``all`` (the
default outside training and held-out evaluation) draws from both. The packaged lexicons are filtered per
part by :func:`split_lexicons`; generated values (composed given names, brand stems) are drawn again until
they fall in the part; the engine checks every realised value too.
"""

from __future__ import annotations

import contextlib
import contextvars
import copy
import fnmatch
import functools
import hashlib
from typing import Any, Iterator

PARTS = ("all", "train", "eval")
EVAL_PER_MILLE = 250  # a quarter of every source is held out for evaluation
_PART: contextvars.ContextVar[str] = contextvars.ContextVar("thunder_deid_source_part", default="all")

# Lists of the packaged lexicons that are sources (file/key/key, ``*`` matches one key). Lists not named here
# are structure (type words, stem kinds, province names) or closed public classes that a model must know
# whole (surnames, banks, card issuers, countries): they are shared by both parts.
SPLIT_LISTS = (
    "names/given/*/*/common", "names/given_native", "names/given_native3", "names/given_single", "names/foreign/*/given",
    "names/baptismal", "names/stage_names", "names/aliases", "names/nickname_noun", "names/id_words",
    "geo/dong", "geo/generic_dong", "geo/eup", "geo/myeon", "geo/ri", "geo/roads", "geo/road_stems", "geo/natural",
    "geo/foreign_places", "geo/foreign_streets", "geo/foreign_cities", "geo/local/*/dong", "geo/local/*/roads",
    "entities/stems/*", "entities/brand/*", "entities/apartments", "entities/lists/*",
)

# Rules whose values are a closed public class, shared by both parts like the lists above (``source`` as the
# registry names it): every bank a judgment names is a real one the model must know.
SHARED_SOURCES = frozenset({"sample:finance.banks", "sub:은행"})


@functools.lru_cache(maxsize=1 << 18)
def part_of(value: str) -> str:
    """``train`` or ``eval``: a stable hash of the value (never Python's salted ``hash()``)."""
    h = hashlib.blake2b(value.strip().encode("utf-8"), digest_size=4, person=b"td-source")
    return "eval" if int.from_bytes(h.digest(), "big") % 1000 < EVAL_PER_MILLE else "train"


def current_part() -> str:
    return _PART.get()


def in_part(value: str, part: str | None = None) -> bool:
    """Does ``value`` belong to ``part`` (default: the current one)? Everything belongs to ``all``."""
    part = part or _PART.get()
    return part == "all" or part_of(value) == part


def check_part(part: str) -> str:
    if part not in PARTS:
        raise ValueError(f"source part must be one of {', '.join(PARTS)}, not {part!r}")
    return part


@contextlib.contextmanager
def source_part(part: str) -> Iterator[None]:
    """Draw surrogates from ``part`` inside the block (a context variable: safe across threads)."""
    token = _PART.set(check_part(part))
    try:
        yield
    finally:
        _PART.reset(token)


def split_lexicons(lexicons: dict[str, Any], part: str) -> tuple[dict[str, Any], list[str]]:
    """A copy of the packaged lexicons with every source list cut to ``part``, and the lists left whole
    because one part would have been empty (a list of one or two values; named, so tests can see them)."""
    if part == "all":
        return lexicons, []
    out = copy.deepcopy(lexicons)
    shared: list[str] = []

    def walk(node: Any, path: str) -> Any:
        if isinstance(node, dict):
            return {k: walk(v, f"{path}/{k}") for k, v in node.items()}
        if isinstance(node, list) and node and all(isinstance(x, str) for x in node) and _is_split(path):
            kept = [x for x in node if part_of(x) == part]
            if kept:
                return kept
            shared.append(path)
        return node

    return {k: walk(v, k) for k, v in out.items()}, shared


def _is_split(path: str) -> bool:
    parts = path.split("/")
    return any(len(p.split("/")) == len(parts) and all(fnmatch.fnmatchcase(a, b) for a, b in zip(parts, p.split("/")))
               for p in SPLIT_LISTS)
