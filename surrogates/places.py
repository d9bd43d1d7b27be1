"""Generated place and entity names: addresses, administrative units, roads, and STEM + TYPE names.

    >>> import random
    >>> from thunder_deid.surrogates.base import Ctx
    >>> s = compose("식당")(random.Random(0), Ctx("식당", type_word="식당"))
    >>> s.text.endswith("식당") and s.stem and s.text == s.stem + "식당"
    True
    >>> below_district(random.Random(0), Ctx("주소", before="서울 강남구 ")).text[-1].isdigit()
    True

``compose(label)`` reads the label's stems and type words from ``data/entities.yaml``: when a type word of
the label follows the span (``<<<A:식당>>>식당``) the surrogate ends with that same type word and its stem
is what the span receives, so ``한빛`` + ``식당`` reads as one name.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import random
import re
from typing import Iterator

from thunder_deid.surrogates.base import Ctx, Generator, Surrogate
from thunder_deid.surrogates.lexicon import packaged
from thunder_deid.surrogates.sources import current_part, in_part, source_part


def _geo() -> dict:
    return packaged()["geo"]  # cut to the current source part, so nothing here may be cached across parts


def place_stems() -> tuple[str, ...]:
    """Two-plus-syllable stems of 동 and 시/군/구 names (역삼, 해운대, 수원 …)."""
    return _place_stems(current_part())


@functools.lru_cache(maxsize=None)
def _place_stems(part: str) -> tuple[str, ...]:
    g = _geo()
    out = [d[:-1] for d in g["dong"]]
    for p in g["provinces"].values():
        out += [u[:-1] for u in p["units"]]
    for ds in g["city_districts"].values():
        out += [d[:-1] for d in ds]
    return tuple(dict.fromkeys(s for s in out if len(s) >= 2))


def _stems(kind: str) -> tuple[str, ...]:
    if kind == "place":
        return place_stems()
    return tuple(packaged()["entities"]["stems"][kind])


def brand_stem(rng: random.Random) -> str:
    """A generated brand-like stem of the current source part: ``태광``, ``그린라이프``, ``넥스트론``."""
    b = packaged()["entities"]["brand"]
    for _ in range(_TRIES):
        if rng.random() < 0.5:
            stem = rng.choice(b["sino_first"]) + rng.choice(b["sino_second"])
        else:
            stem = rng.choice(b["loan_head"]) + rng.choice(b["loan_tail"])
        if stem[0] != stem[-1] and in_part(stem) and not reads_as_public_name(stem):
            return stem
    raise RuntimeError(f"no brand stem of the current source part after {_TRIES} draws")


def reads_as_public_name(stem: str) -> bool:
    """Does a generated name read as a bank or a country: a bank's name or full form (``신한``, ``카카오뱅크``), a
    word ending as one (``하이뱅크``), or a country (``중국``, ``한국``)? Those come from public lists of their own;
    a business drawn as one contradicts its own label (``하이뱅크`` for a 사업체 reads as a bank to anyone, and was
    typed so; ``중국`` reads as China).

    >>> reads_as_public_name("신한"), reads_as_public_name("하이뱅크"), reads_as_public_name("새솔은행"), reads_as_public_name("중국")
    (True, True, True, True)
    >>> reads_as_public_name("한빛"), reads_as_public_name("하나로"), reads_as_public_name("중앙")
    (False, False, False)
    """
    return stem in _public_names() or stem.endswith(("뱅크", "은행"))


@functools.lru_cache(maxsize=None)
def _public_names() -> frozenset[str]:
    banks = packaged()["finance"]["banks"]  # closed public classes, the same in every source part
    return frozenset([w for b in banks for w in (b["name"], b["full"]) if w] + list(_geo()["countries"]) + ["한국"])


# The share of composed business and place stems recombined from syllables (:func:`novel_stems`); 0 outside it.
_NOVEL: contextvars.ContextVar[float] = contextvars.ContextVar("thunder_deid_novel_stems", default=0.0)


@contextlib.contextmanager
def novel_stems(share: float) -> Iterator[None]:
    """Inside the block, ``share`` of the stems :func:`compose` draws are recombined from the syllables of the
    current part's stems of that kind (a first syllable, sometimes an inner one, a last one: ``참화``, ``한모리``),
    so that no stem recurs often enough to be learnt by heart. With 0 (the default) draws are exactly as
    without the block: the share is read before any random number is taken.

        >>> from thunder_deid.surrogates.sources import source_part
        >>> with source_part("train"), novel_stems(1.0):
        ...     s = _stem(random.Random(3), ["general"])
        >>> 2 <= len(s) <= 3 and in_part(s, "train") and s not in _stems("general")
        True
    """
    token = _NOVEL.set(check_novel(share))
    try:
        yield
    finally:
        _NOVEL.reset(token)


def check_novel(share: float, what: str = "novel stem share") -> float:
    """A novel-stem share (or ``what`` else), checked: a share outside [0, 1] is a typo, not a setting."""
    if isinstance(share, bool) or not isinstance(share, (int, float)) or not 0.0 <= share <= 1.0:
        raise ValueError(f"{what} must lie in [0, 1], not {share!r}")
    return float(share)


# the stem kinds of businesses: their novel stems are also words businesses are named with (``name_words``)
_WORDY = ("general", "modern", "native", "food")


def _novel_stem(rng: random.Random, kind: str) -> str:
    if kind in _WORDY and rng.random() < 0.5:
        return rng.choice(_name_words())
    pool = [s for s in _stems(kind) if 2 <= len(s) <= 4 and all("가" <= c <= "힣" for c in s)]
    known = set(pool)
    for _ in range(_TRIES):
        parts = [rng.choice(pool)[0]]
        if rng.random() < 0.3:
            inner = rng.choice(pool)
            parts.append(inner[len(inner) // 2])
        parts.append(rng.choice(pool)[-1])
        stem = "".join(parts)
        if stem[0] != stem[-1] and stem not in known and in_part(stem):
            return stem
    raise RuntimeError(f"no novel {kind} stem of the current source part after {_TRIES} draws")


def _name_words() -> tuple[str, ...]:
    """``name_words`` of the current source part that no other stem list holds in any part, nor a bank, a
    country or a well-known company names."""
    return _name_words_of(current_part())


@functools.lru_cache(maxsize=None)
def _name_words_of(part: str) -> tuple[str, ...]:
    with source_part("all"):
        listed = {s for kind, stems in packaged()["entities"]["stems"].items() if kind != "name_words" for s in stems}
    with source_part(part):
        words = _stems("name_words")
    return tuple(w for w in words if w not in listed and not reads_as_public_name(w) and not famous(w))


def _stem(rng: random.Random, kinds: list[str]) -> str:
    """A stem of one of ``kinds``; never one that reads as a bank or a country (:func:`reads_as_public_name`) but
    a place's own name (``부산`` of ``부산식당``). Drawn again only then, so other draws are as they were."""
    for _ in range(_TRIES):
        kind = rng.choice(kinds)
        stem = _stem_of(rng, kind)
        if kind == "place" or not reads_as_public_name(stem):
            return stem
    raise RuntimeError(f"no stem of {kinds} but banks' and countries' after {_TRIES} draws")


def _stem_of(rng: random.Random, kind: str) -> str:
    share = _NOVEL.get()
    if share and rng.random() < share:
        return _novel_stem(rng, kind)
    if kind in ("general", "modern") and rng.random() < 0.5:
        return brand_stem(rng) if rng.random() < 0.7 else rng.choice(_stems("native"))
    return rng.choice(_stems(kind))


def apartment_stem(rng: random.Random) -> str:
    """``역삼래미안``, ``래미안역삼``, ``상계주공7단지``, ``한빛2차``: an apartment complex before ``아파트``."""
    brand = rng.choice(packaged()["entities"]["apartments"])
    place = rng.choice(place_stems())
    r = rng.random()
    if r < 0.4:
        return place + brand
    if r < 0.55:
        return brand + place
    if r < 0.75:
        return f"{place}{brand}{rng.randint(1, 12)}{rng.choice(['단지', '차'])}"
    return f"{_stem(rng, ['general', 'place'])}{rng.randint(1, 5)}차" if r < 0.85 else brand


@functools.lru_cache(maxsize=None)
def type_words(label: str) -> tuple[str, ...]:
    spec = packaged()["entities"]["compose"].get(label)
    return tuple(t for t in (spec or {}).get("types", ()) if t)


@functools.lru_cache(maxsize=None)
def all_type_words() -> tuple[str, ...]:
    """Every type word of every label, longest first (for recognising a type word after a span)."""
    words = {t for spec in packaged()["entities"]["compose"].values() for t in spec.get("types", ()) if t}
    return tuple(sorted(words, key=len, reverse=True))


_BARE = ("사업체", "회사", "기타서비스업", "공산품제조업", "소프트웨어개발업", "중간재제조업", "건설시공업")
_TRIES = 200


def famous(stem: str) -> bool:
    """Is ``stem`` the name of a well-known real company or group (``entities.famous``, public facts)?

    >>> famous("금호"), famous("한빛")
    (True, False)
    """
    return stem in _famous()


@functools.lru_cache(maxsize=None)
def _famous() -> frozenset[str]:
    return frozenset(packaged()["entities"]["famous"])


def compose(label: str) -> Generator:
    spec = packaged()["entities"]["compose"][label]

    def gen(rng: random.Random, ctx: Ctx) -> Surrogate:
        value = draw(rng, ctx)
        # in output a name must not be a real company's (금호건설 for 미래건설); training draws once, as before
        for _ in range(_TRIES if ctx.like_mention else 0):
            if not famous(value.stem or value.text):
                break
            value = draw(rng, ctx)
        return value

    def draw(rng: random.Random, ctx: Ctx) -> Surrogate:
        stem = _stem(rng, spec["stems"])
        types = [t for t in spec["types"]]
        drawn = [t for t in types if t not in spec.get("context_only", ())] or types
        typ = ctx.type_word if ctx.type_word in types else rng.choice(drawn)
        if typ == "아파트" and rng.random() < 0.7:
            stem = apartment_stem(rng)
        if ctx.type_word is None and label in _BARE and rng.random() < 0.35:
            return Surrogate(stem)  # a company known by its brand alone: 삼우, 에버, 그린라이프
        if label == "선박" and rng.random() < 0.5:
            stem = f"제{rng.randint(1, 99)}{stem}"
        sep = " " if typ and (" " in typ or label in ("공공 행사", "사업 및 과업", "민간 행사", "건설현장")) else ""
        return Surrogate(f"{stem}{sep}{typ}", stem if typ else None)

    gen.__name__ = f"compose[{label}]"
    return gen


def _stem2(name: str) -> str:
    """``강남구`` -> ``강남``, but ``북구`` stays ``북구`` (a one-syllable stem does not read as a name)."""
    return name[:-1] if len(name) > 2 else name


def fill_template(rng: random.Random, tpl: str) -> str:
    """``tpl`` with its ``{city}``, ``{district}``, ``{dong}`` … slots filled with drawn place names."""
    g = _geo()
    prov_name = rng.choice(list(g["provinces"]))
    prov = g["provinces"][prov_name]
    city = rng.choice([u for p in g["provinces"].values() for u in p["units"] if u.endswith("시")])
    district = rng.choice([u for u in prov["units"] if u.endswith("구")] or ["강남구"])
    dong = rng.choice(g["dong"])
    values = {
        "province": prov["short"], "city": city[:-1], "district": _stem2(district), "dong": dong[:-1],
        "dongstem": _stem2(dong), "districtstem": _stem2(district), "place": rng.choice(place_stems()),
        "n": str(rng.randint(1, 39)),
    }
    return re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)], tpl)


def from_list(name: str) -> Generator:
    """Pick an entry of ``entities.lists[name]``; ``{city}``/``{dong}``/``{n}`` … slots are filled."""

    def gen(rng: random.Random, ctx: Ctx) -> str:
        return fill_template(rng, rng.choice(packaged()["entities"]["lists"][name]))

    gen.__name__ = f"list[{name}]"
    return gen


def from_geo(name: str) -> Generator:
    def gen(rng: random.Random, ctx: Ctx) -> Surrogate:
        value = rng.choice(_geo()[name])
        if name == "dong" and ctx.like_mention:
            # output: a 동 in the district the line names (목동동로 417(목동) -> 오목로 88(신월동), not (가산동)), as far
            # as the context reaches (the engine's WINDOW, 32 characters: a district further back is out of sight)
            line = ctx.before[ctx.before.rfind("\n") + 1:]
            local = local_area(line, window=len(line))
            value = rng.choice(local["dong"]) if local else value
        suffix = value[-1] if name in ("dong", "eup", "myeon", "ri") else None
        return Surrogate(value, value[:-1] if suffix else None)

    gen.__name__ = f"geo[{name}]"
    return gen


def district(rng: random.Random, ctx: Ctx) -> Surrogate:
    """A general district (일반구): a real 구 of a special/metropolitan city or of a large city."""
    g = _geo()
    pool = [u for p in g["provinces"].values() for u in p["units"] if u.endswith("구")]
    pool += [d for ds in g["city_districts"].values() for d in ds]
    v = rng.choice(pool)
    return Surrogate(v, v[:-1])


def road(rng: random.Random, ctx: Ctx) -> Surrogate:
    g = _geo()
    if rng.random() < 0.6:
        v = rng.choice(g["roads"])
    else:
        v = rng.choice(g["road_stems"]) + rng.choice(["로", "길", "대로"])
    if rng.random() < 0.25 and v.endswith("로"):
        v = f"{v}{rng.randint(1, 60)}길"
    if re.search(r"\d+(-\d+)?\s*$", ctx.mention) and re.search(r"[가-힣]", ctx.mention):
        return Surrogate(f"{v} {rng.randint(1, 350)}")  # "테헤란로 152": a road address keeps its number
    m = re.match(r"(.+?)(대로|로|길)$", v)
    return Surrogate(v, m.group(1) if m else None)


def road_address(rng: random.Random, ctx: Ctx) -> str:
    return f"{road(rng, ctx).text} {rng.randint(1, 350)}" + (f"-{rng.randint(1, 30)}" if rng.random() < 0.2 else "")


def lot_address(rng: random.Random, ctx: Ctx, unit: str = "동", local: dict | None = None) -> str:
    g = _geo()
    n = f"{rng.randint(1, 999)}" + (f"-{rng.randint(1, 99)}" if rng.random() < 0.6 else "")
    if unit == "군":
        if rng.random() < 0.5:
            return f"{rng.choice(g['eup'])} {rng.choice(g['ri'])} {n}"
        return f"{rng.choice(g['myeon'])} {rng.choice(g['ri'])} {n}"
    pool = local["dong"] if local else (g["generic_dong"] if ctx.before.strip() else g["dong"])
    return f"{rng.choice(_elsewhere(pool, ctx))} {n}"


def _elsewhere(pool: list[str], ctx: Ctx) -> list[str]:
    """Output: the names of ``pool`` the mention does not hold (``감삼동 553-13`` had become ``감삼동 112-53``, ``대학로
    241`` ``대학로 179``: the real 동 or road kept, only the number drawn); training draws from the whole pool.

        >>> _elsewhere(["감삼동", "본리동"], Ctx("주소", mention="감삼동 553-13", like_mention=True)), _elsewhere(["감삼동"], Ctx("주소", mention="감삼동 5", like_mention=True))
        (['본리동'], ['감삼동'])
    """
    if not ctx.like_mention:
        return pool
    name = lambda x: x[:-1] if len(x) > 2 and x[-1] in "동로길리가" else x  # 감삼 of 감삼동 (감삼로 is the same place)
    return [x for x in pool if name(x) not in ctx.mention] or pool


@functools.lru_cache(maxsize=None)
def _short_names() -> dict[str, str]:
    """Every way a province is written -> its short name (``서울특별시``/``서울시``/``서울`` -> ``서울``)."""
    out = {}
    for full, p in _geo()["provinces"].items():
        for name in (full, p["short"], p["short"] + "시", p["short"] + "도"):
            out[name] = p["short"]
    return out


def local_area(before: str, window: int = 24) -> dict | None:
    """The 동/road lists of the district or city named at the end of ``before`` (``… 서울 강남구 ``; with a wider
    ``window``, the last one named in it: ``서울 양천구 오목로 88, 203동 1104호(``).

        >>> local_area("서울 양천구 ")["dong"], local_area("서울 양천구 오목로 88, 203동 1104호(", window=32)["dong"]
        (['목동', '신정동', '신월동'], ['목동', '신정동', '신월동'])
    """
    words = re.findall(r"[가-힣]+", before[-window:])
    local = _geo()["local"]
    for i in range(len(words) - 1, 0, -1):
        if not re.search(r"[시군구]$", words[i]):
            continue
        for j in range(i - 1, max(-1, i - 3), -1):  # "서울 강남구", "경기 수원시 영통구"
            short = _short_names().get(words[j])
            if short:
                return local.get(f"{short} {words[j + 1]}") or local.get(f"{short} {words[i]}")
        for w in (words[i - 1], words[i]):  # "수원시 영통구", "강남구": a unit name that is unique
            hit = _unique_units().get(w)
            if hit:
                return hit
        break
    return None


def _unique_units() -> dict[str, dict]:
    return _unique_units_of(current_part())


@functools.lru_cache(maxsize=None)
def _unique_units_of(part: str) -> dict[str, dict]:
    seen: dict[str, list[dict]] = {}
    for key, v in _geo()["local"].items():
        seen.setdefault(key.split(" ", 1)[1], []).append(v)
    return {u: vs[0] for u, vs in seen.items() if len(vs) == 1}


def below_district(rng: random.Random, ctx: Ctx) -> Surrogate:
    """The rest of an address after ``… 시/군/구``: ``역삼동 123-4`` or ``테헤란로 123`` (in that district
    when it is one the lexicon knows); after a 군, ``봉담읍 상리 12``. Old labels ``구아래주소``/
    ``군아래주소`` … say which level precedes."""
    tail = (ctx.sub or "") + " " + ctx.before[-6:]
    unit = "군" if re.search(r"군(아래|이하)|군\s*$", tail) else "동"
    local = local_area(ctx.before) if unit == "동" else None
    road = rng.random() < 0.45
    if ctx.like_mention and (form := address_form(ctx.mention)):  # output: a road address stays one, a lot too
        road = form == "road"
    if road and unit == "동":
        if local:
            return Surrogate(f"{rng.choice(_elsewhere(local['roads'], ctx))} {rng.randint(1, 350)}"
                             + (f"-{rng.randint(1, 30)}" if rng.random() < 0.2 else ""))
        g = _geo()  # an unknown district: a road name common to many towns, not a famous one elsewhere
        return Surrogate(f"{rng.choice(_elsewhere(g['road_stems'], ctx))}{rng.choice(['로', '길'])} {rng.randint(1, 350)}")
    return Surrogate(lot_address(rng, ctx, unit, local))


_ROAD_FORM = re.compile(r"[가-힣0-9](?:로|길)\s*\d")
_LOT_FORM = re.compile(r"[가-힣](?:동|리|가)\s*(?:산\s*)?\d|\d\s*번지")


def address_form(mention: str) -> str | None:
    """``road`` for a road-name address (``목동동로 417``, ``테헤란로4길 12``), ``lot`` for a lot-number one
    (``역삼동 123-4``, ``상리 산12``), None where the mention says neither.

        >>> address_form("목동동로 417"), address_form("역삼동 123-4"), address_form("봉담읍 상리 산12"), address_form("(주소 생략)")
        ('road', 'lot', 'lot', None)
    """
    road, lot = _ROAD_FORM.search(mention), _LOT_FORM.search(mention)
    if road and lot:
        return "road" if road.start() > lot.start() else "lot"  # 역삼동 테헤란로 12: the number goes with the road
    return "road" if road else "lot" if lot else None


def full_address(rng: random.Random, ctx: Ctx) -> str:
    g = _geo()
    prov_name = rng.choice(list(g["provinces"]))
    prov = g["provinces"][prov_name]
    units = prov["units"] or [""]
    unit = rng.choice(units)
    head = " ".join(x for x in (prov_name if rng.random() < 0.5 else prov["short"], unit) if x)
    inner = Ctx(ctx.label, mention=ctx.mention, before=unit, like_mention=True) if ctx.like_mention else Ctx(ctx.label, before=unit)
    return f"{head} {below_district(rng, inner).text}"


# the unit written right after a place's placeholder (○○군수, ○○도지사, ○○시에 살고), longest first
_UNIT_AFTER = re.compile(r"특별자치도|특별자치시|광역시|특별시|도|시|군|구")


def unit_name(rng: random.Random, ctx: Ctx) -> Surrogate | None:
    """The name of the province, city, county or district whose unit the text writes right after the span, without
    the unit (``양평`` before ``군수로``), or None where no unit follows. law.go.kr writes a county's or a province's
    name as a placeholder before its office (``○○군수``, ``○○도지사``), which the placeholder annotator types ``주소``
    (a 시, 도 or 군 has no leaf of its own); realised as a whole address, it had read ``대구 달성군 홍성읍 연화리
    69군수``. A 시, 군 or 구 after a province named just before it is one of that province's.

        >>> [unit_name(random.Random(s), Ctx("주소", after=a)).text for s, a in ((1, "군수로 당선"), (2, "도지사"))]
        ['무안', '강원특별자치']
        >>> city = unit_name(random.Random(0), Ctx("주소", before="경기도 ", after="시에 살고")).text
        >>> city + "시" in _geo()["provinces"]["경기도"]["units"]
        True
        >>> unit_name(random.Random(0), Ctx("주소", after="동 123")) is None
        True
    """
    m = _UNIT_AFTER.match(ctx.after)
    if m is None:
        return None
    unit, g = m.group(), _geo()
    if unit in ("시", "군", "구"):
        words = re.findall(r"[가-힣]+", ctx.before[-12:])
        short = _short_names().get(words[-1]) if words else None
        provinces = [p for p in g["provinces"].values() if short is None or p["short"] == short]
        pool = [u[:-1] for p in provinces for u in p["units"] if u.endswith(unit) and len(u) > 2]
        if unit == "구" and short is None:
            pool += [d[:-1] for ds in g["city_districts"].values() for d in ds if len(d) > 2]
    else:
        pool = [full[:-len(unit)] for full in g["provinces"] if full.endswith(unit) and len(full) > len(unit) + 1]
    return Surrogate(rng.choice(sorted(set(pool)))) if pool else None


def address(rng: random.Random, ctx: Ctx) -> Surrogate:
    """An address for a generic label: the name of the unit written right after it (:func:`unit_name`), the part
    below the district when a 시/군/구 stands right before, else a whole address."""
    if (named := unit_name(rng, ctx)) is not None:
        return named
    if re.search(r"[시군구]\s*$", ctx.before) or "아래" in (ctx.sub or "") or "이하" in (ctx.sub or ""):
        return below_district(rng, ctx)
    return Surrogate(full_address(rng, ctx))


def foreign_address(rng: random.Random, ctx: Ctx) -> str:
    g = _geo()
    return f"{rng.randint(10, 9999)} {rng.choice(g['foreign_streets'])}, {rng.choice(g['foreign_cities'])}"


def constituency(rng: random.Random, ctx: Ctx) -> str:
    return f"{district(rng, ctx).text} {rng.choice('갑을병')}"


def road_path(rng: random.Random, ctx: Ctx) -> Surrogate:
    r = road(rng, ctx).text
    base = r if r.endswith("길") else f"{r}{rng.randint(1, 60)}길"
    return Surrogate(base, base[:-1])


def highway_section(rng: random.Random, ctx: Ctx) -> str:
    a, b = rng.sample(place_stems(), 2)
    return f"{a}나들목~{b}나들목 구간" if rng.random() < 0.5 else f"{a}IC~{b}IC 구간"


def rail_section(rng: random.Random, ctx: Ctx) -> str:
    a, b = rng.sample(place_stems(), 2)
    return f"{a}역~{b}역 구간"


def bank(rng: random.Random, ctx: Ctx) -> Surrogate:
    """A bank: ``신한은행`` (stem ``신한`` before a following ``은행``) or 카카오뱅크 where none follows; in output, now
    and then a bank of no one (``새솔은행``): a judgment naming eight banks had left no real one to draw for the
    last, and its mention was masked."""
    banks = packaged()["finance"]["banks"]
    if ctx.type_word == "은행":
        banks = [b for b in banks if b["name"]]
    if ctx.like_mention and rng.random() < 0.25:
        stem = brand_stem(rng)
        return Surrogate(stem + "은행", stem)
    b = rng.choice(banks)
    if b["name"]:
        return Surrogate(b["name"] + "은행", b["name"])
    return Surrogate(b["full"])


def title(rng: random.Random, ctx: Ctx) -> str:
    s = packaged()["entities"]["stems"]
    return f"{rng.choice(s['title_adj'])} {rng.choice(s['title_noun'])}"


def titled(prefix: str) -> Generator:
    def gen(rng: random.Random, ctx: Ctx) -> str:
        return f"{prefix}{title(rng, ctx)}" if prefix else f"「{title(rng, ctx)}」"

    gen.__name__ = f"title[{prefix or '「」'}]"
    return gen


def securities_fund(rng: random.Random, ctx: Ctx) -> str:
    fin = packaged()["finance"]
    return f"{rng.choice(fin['securities'])} {compose('투자상품')(rng, ctx).text}"


def insurance_product(rng: random.Random, ctx: Ctx) -> str:
    fin = packaged()["finance"]
    return f"{rng.choice(fin['insurers'])} {compose('보험상품')(rng, ctx).text}"


def lineage(rng: random.Random, ctx: Ctx) -> Surrogate:
    """A clan (가계) organisation: ``밀양 박씨 종중``."""
    origins = ["김해", "밀양", "전주", "경주", "안동", "청주", "파평", "광산", "진주", "해주"]
    surnames = ["김", "박", "이", "최", "정", "윤", "권", "조", "강", "한"]
    kinds = ["종중", "종친회", "대종회"]
    kind = next((k for k in kinds if ctx.after.lstrip().startswith(k)), None) or rng.choice(kinds)
    base = f"{rng.choice(origins)} {rng.choice(surnames)}씨"
    return Surrogate(f"{base} {kind}", base)


def village(rng: random.Random, ctx: Ctx) -> Surrogate:
    return compose("마을")(rng, ctx)


def branch(rng: random.Random, ctx: Ctx) -> Surrogate:
    v = from_list("branches")(rng, ctx)
    m = re.match(r"(.+?)(지점|점)$", v)
    return Surrogate(v, m.group(1) if m else None)
