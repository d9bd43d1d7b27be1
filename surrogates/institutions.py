"""Public institutions in output: a pseudonym of the kind the mention's own type word says.

The institution lists (:data:`entities.lists.police` …) mix courts' neighbours of every kind, so a court typed
치안및교정기관 had become a prison (``서울중앙지방법원`` -> ``남양주교도소``) and a police station a detention
centre. In the ``surrogate`` output mode (``like_mention``) a mention that ends in a kind word keeps it, and
each of its place names is drawn anew (a branch court keeps its parent court's kind too)::

    >>> import random
    >>> from thunder_deid.surrogates.base import Ctx
    >>> gen = institution(lambda rng, ctx: "남양주교도소")
    >>> court = gen(random.Random(1), Ctx("치안및교정기관", mention="수원지방법원 안산지원", like_mention=True)).text
    >>> court.endswith("지원") and " " in court and court.split()[0].endswith("지방법원")
    True
    >>> gen(random.Random(1), Ctx("치안및교정기관", mention="서울중앙지방법원"))
    '남양주교도소'

Training and evaluation realisations (annotated placeholders, ``like_mention`` off) call the list's generator
exactly as before.
"""

from __future__ import annotations

import random
import re

from thunder_deid.surrogates.base import Ctx, Generator, Surrogate
from thunder_deid.surrogates.places import fill_template

# kind word -> the place slot that names such an institution (:func:`.places.fill_template`); longest first
# where one ends another (지방경찰청 before 경찰청, 해양경찰서 before 경찰서)
KINDS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("지방법원", "고등법원", "가정법원", "행정법원", "회생법원", "특허법원", "법원", "지원"), ("{city}",)),
    **dict.fromkeys(("지방검찰청", "고등검찰청", "검찰청", "지검", "고검", "지청"), ("{city}",)),
    **dict.fromkeys(("지방경찰청", "경찰청"), ("{province}",)),
    **dict.fromkeys(("해양경찰서", "경찰서"), ("{district}", "{city}")),
    **dict.fromkeys(("지구대", "파출소", "치안센터", "119안전센터", "안전센터"), ("{dongstem}",)),
    **dict.fromkeys(("교도소", "구치소", "소년원", "보호관찰소", "소년분류심사원", "치료감호소", "외국인보호소",
                     "출입국관리사무소", "출입국·외국인청", "출입국·외국인사무소"), ("{city}",)),
    **dict.fromkeys(("소방서", "소방본부"), ("{district}", "{city}", "{province}")),
    "시청": ("{city}",), "구청": ("{district}",),
}
_TRIES = 8
_KINDS = "|".join(sorted(map(re.escape, KINDS), key=len, reverse=True))
_KIND = re.compile(rf"([가-힣0-9]{{2,}}?)({_KINDS})")
_KIND_AFTER = re.compile(_KINDS)


def kinds_of(mention: str) -> list[tuple[str, str]] | None:
    """Each word of ``mention`` as ``(place, kind word)``; None where one word does not end in a kind word.

    >>> kinds_of("서울중앙지방법원"), kinds_of("대전지방검찰청 천안지청"), kinds_of("경기남부지방경찰청")
    ([('서울중앙', '지방법원')], [('대전', '지방검찰청'), ('천안', '지청')], [('경기남부', '지방경찰청')])
    >>> kinds_of("대법원"), kinds_of("서울특별시 강남경찰서"), kinds_of("법무부")
    (None, None, None)
    """
    words = mention.split()
    found = [_KIND.fullmatch(w) for w in words]
    if not words or not all(found):
        return None
    return [(m.group(1), m.group(2)) for m in found]  # type: ignore[union-attr]


def _kind_after(after: str) -> str | None:
    """The kind word right after a span that stops before it (``서울중앙`` of ``서울중앙지방법원에``)."""
    m = _KIND_AFTER.match(after)
    return m.group(0) if m else None


def _place(rng: random.Random, own: str, kind: str) -> str:
    """A place name for an institution of ``kind``, other than its own (``천안`` of ``천안지청`` would stay
    readable in ``대전지방검찰청 천안지청``, where only the whole mention is checked)."""
    place = own
    for _ in range(_TRIES):
        place = fill_template(rng, rng.choice(KINDS[kind]))
        if place != own:
            break
    return place


def institution(fallback: Generator) -> Generator:
    """``fallback`` (a list's generator) in training and evaluation; in output, where the mention ends in a kind
    word (or one follows it), new place names before the mention's own kind words."""

    def gen(rng: random.Random, ctx: Ctx) -> Surrogate | str:
        if not ctx.like_mention:
            return fallback(rng, ctx)
        parts = kinds_of(ctx.mention.strip())
        if parts is not None:
            return Surrogate(" ".join(_place(rng, own, k) + k for own, k in parts))
        kind = _kind_after(ctx.after)
        if kind is not None and re.fullmatch(r"[가-힣0-9]{2,}", ctx.mention.strip()):
            place = _place(rng, ctx.mention.strip(), kind)
            return Surrogate(place + kind, place)  # the stem, before the kind word the text keeps
        return fallback(rng, ctx)

    gen.__name__ = getattr(fallback, "__name__", "institution")
    return gen
