"""Person names as diverse as the people in judgments: census surnames, given names of every generation.

    >>> import random
    >>> name = person_name(random.Random(3), Ctx("인명", after="(여, 71세)에게"))
    >>> 2 <= len(name) <= 6 and name[0] in "".join(packaged()["names"]["surnames"])
    True
    >>> foreign = person_name(random.Random(1), Ctx("인명", before="베트남 국적의 피해자 "))
    >>> foreign.split(" ")[0] in packaged()["names"]["foreign"]["베트남이름"]["family"]
    True
    >>> alias(random.Random(2), Ctx("닉네임", sub="별명")) != ""
    True

A given name is one of its generation's common names, a first + second syllable of that generation's pools
(so most names are combinations no list holds), a native Korean name (한별, 슬기), a three-syllable one
(한아름) or a one-syllable one (준). Inside a train/eval source part only given names of that part are
drawn (:mod:`.sources`): the held-out part holds given names the training part never shows.
"""

from __future__ import annotations

import contextlib
import contextvars
import random
import re
import unicodedata
from typing import Iterator

from thunder_deid.corpus.precedents import PLACEHOLDER
from thunder_deid.surrogates.base import Ctx
from thunder_deid.surrogates.hangul import final_of
from thunder_deid.surrogates.lexicon import packaged
from thunder_deid.surrogates.places import check_novel
from thunder_deid.surrogates.sources import in_part

REFERENCE_YEAR = 2021  # judgments of the corpora are from about 2015-2024: age -> birth generation
_UNIFORM_SURNAME = 0.1  # share of surnames drawn uniformly, so rare ones occur at all
_SEX = re.compile(r"\s*\(\s*(?:가명\s*,\s*)?(여|남)")
_AGE = re.compile(r"\s*\([^)]{0,12}?(\d{1,2})세")
_TRIES = 200
# a party's name the court deleted from a precedent's header, filled in as 성명1, 성명2 …
_HEADER_FILL = re.compile(PLACEHOLDER.format(r"\d+"))
# The share of those filled-in names drawn rare (:func:`rare_header_names`); 0 outside it.
_RARE_HEADER: contextvars.ContextVar[float] = contextvars.ContextVar("thunder_deid_rare_header_names", default=0.0)


@contextlib.contextmanager
def rare_header_names(share: float) -> Iterator[None]:
    """Inside the block, ``share`` of the names realised for a header's filled-in party (``성명1``) take a surname
    drawn uniformly and a given name of a rare form (:func:`rare_given_name`), so that the header line, not the
    name's looks, teaches the tagger a party's name (a model read ``피 고 인`` / ``차꽃님`` as no name). With 0 (the
    default) draws are exactly as without the block: the share is read before any random number is taken.

        >>> from thunder_deid.surrogates.sources import source_part
        >>> with source_part("train"), rare_header_names(1.0):
        ...     a = person_name(random.Random(5), Ctx("인명", mention="성명1"))
        >>> a == person_name(random.Random(5), Ctx("인명", mention="성명1"))
        False
    """
    token = _RARE_HEADER.set(check_novel(share, "rare header name share"))
    try:
        yield
    finally:
        _RARE_HEADER.reset(token)


def rare_given_name(rng: random.Random) -> str:
    """A given name of a form the common names of a generation seldom take: a native name (한길, 꽃님, 빛나리),
    one syllable, or two syllables of any generation's and either sex's pools, in the current source part.

        >>> from thunder_deid.surrogates.sources import in_part, source_part
        >>> with source_part("eval"):
        ...     names = [rare_given_name(random.Random(i)) for i in range(20)]
        >>> all(in_part(n, "eval") for n in names) and {len(n) for n in names} <= {1, 2, 3}
        True
    """
    names = packaged()["names"]
    for _ in range(_TRIES):
        r = rng.random()
        if r < 0.4:
            given = rng.choice(names["given_native"] + names["given_native3"])
        elif r < 0.55:
            given = rng.choice(names["given_single"])
        else:
            pools = rng.choice(list(names["given"].values()))[rng.choice(("female", "male"))]
            given = rng.choice(pools["first"]) + rng.choice(pools["second"])
            if given[0] == given[1]:
                continue
        if in_part(given):
            return given
    raise RuntimeError(f"no given name of the current source part after {_TRIES} draws")


def person_name(rng: random.Random, ctx: Ctx) -> str:
    """Surname by census frequency + a given name of the person's generation and sex; a nationality
    sub-label (``중국인이름``) or one written before the name (``베트남 국적의``) draws a foreign name."""
    names = packaged()["names"]
    nation = _nationality(rng, ctx, names["foreign"])
    if nation is not None:
        spec = names["foreign"][nation]
        # output: a given name of the sex the text states or the real name reads as (응우옌 반 안(남) had become
        # 부 티 란, a woman's name); training and evaluation draw as before
        return foreign_name(rng, spec, foreign_sex(ctx, spec) if ctx.like_mention else None)
    surnames = names["surnames"]
    rare = _RARE_HEADER.get()
    if rare and _HEADER_FILL.fullmatch(ctx.mention) and rng.random() < rare:
        return rng.choice(list(surnames)) + rare_given_name(rng)
    if rng.random() < _UNIFORM_SURNAME:
        surname = rng.choice(list(surnames))
    else:
        surname = rng.choices(list(surnames), weights=list(surnames.values()))[0]
    # "D(여, 36세)" / "D(남)": the sex and age written right after the name decide the given name; else,
    # asked to, what the real name reads as (random numbers are drawn as before either way: same seed, same
    # names elsewhere)
    sex, born = reads_as(ctx.mention) if ctx.like_mention else (None, None)
    m = _SEX.match(ctx.after)
    if m:
        female = m.group(1) == "여"
    else:
        coin = rng.random() < 0.5
        female = coin if sex is None else sex == "female"
    a = _AGE.match(ctx.after)
    generation = _generation(rng, int(a.group(1)) if a else None, names["generation_weights"])
    if born and not a:
        generation = born
    # a pseudonym in output (like_mention) of a person whose sex the text states or the name reads as is drawn
    # from that sex's own pools only: 강은별(남, 33세) and 조훈(여, 52세) had come from the pools both sexes share
    gendered = ctx.like_mention and (m is not None or sex is not None)
    return surname + given_name(rng, generation, female, gendered)


def reads_as(mention: str) -> tuple[str | None, str | None]:
    """The sex (``male``/``female``) and generation (``g1940`` … ``g2000``) a Korean name reads as, from the
    packaged given-name lists: a common given name says both (the earliest generation listing it), a last
    syllable found only in one sex's pools says the sex; anything else, a placeholder included, says nothing.

        >>> reads_as("김민준"), reads_as("이말순"), reads_as("남궁영희"), reads_as("박다솜"), reads_as("A")
        (('male', 'g2000'), ('female', 'g1940'), ('female', 'g1960'), (None, None), (None, None))
        >>> reads_as("최건수"), reads_as("정미숙")
        (('male', None), ('female', 'g1960'))
    """
    names = packaged()["names"]
    parts = split_name(mention)
    if parts is None:
        return None, None
    given = parts[1]
    for g, pools in names["given"].items():
        listed = [sex for sex in ("male", "female") if given in pools[sex]["common"]]
        if len(listed) == 1:
            return listed[0], g
    ends = {sex for pools in names["given"].values() for sex in ("male", "female") if given[-1] in pools[sex]["second"]}
    return (ends.pop(), None) if len(ends) == 1 else (None, None)


def split_name(name: str) -> tuple[str, str] | None:
    """A Korean name's surname and given name (a two-syllable surname first), or None where ``name`` is not
    a surname of the census lists and a given name of one or two syllables.

        >>> split_name("김민준"), split_name("남궁민"), split_name("이준"), split_name("민준이"), split_name("A")
        (('김', '민준'), ('남궁', '민'), ('이', '준'), ('민', '준이'), None)
    """
    if not re.fullmatch(r"[가-힣]{2,4}", name or ""):
        return None
    surnames = packaged()["names"]["surnames"]
    surname = next((s for s in (name[:2], name[:1]) if s in surnames and 1 <= len(name) - len(s) <= 2), None)
    return None if surname is None else (surname, name[len(surname):])


def name_part(name: str, part: str, mention: str, full: str | None = None) -> str:
    """What pseudonym ``name`` writes for a reference by ``part`` (``surname``/``given``,
    :mod:`thunder_deid.recognizers.name_parts`): its surname, or its given name, with the ``이`` of address
    where ``mention`` had one after the given name of ``full`` and the new given name ends in a consonant.
    A pseudonym that is not a Korean name (a foreign one) is written whole.

        >>> name_part("정재후", "surname", "김"), name_part("정재후", "given", "민준이", "김민준")
        ('정', '재후')
        >>> name_part("정재민", "given", "민준이", "김민준"), name_part("정재민", "given", "민준", "김민준")
        ('재민이', '재민')
    """
    parts = split_name(name)
    if parts is None or part not in ("surname", "given"):
        return name
    if part == "surname":
        return parts[0]
    was = split_name(full or "")
    called = was is not None and mention == was[1] + "이"
    return parts[1] + ("이" if called and final_of(parts[1]) else "")


def given_name(rng: random.Random, generation: str, female: bool, gendered: bool = False) -> str:
    """A given name of ``generation`` (``g1940`` … ``g2000``) in the current source part; ``gendered``: only from
    the sex's own pools, and none that reads as the other sex (a first and a second syllable of one sex's pools
    can: 복 + 순)."""
    names = packaged()["names"]
    gens = list(names["given"])
    for _ in range(_TRIES):
        g = generation
        if rng.random() < 0.15:  # names drift: a neighbouring generation's pools now and then
            i = gens.index(g) + rng.choice((-1, 1))
            g = gens[min(max(i, 0), len(gens) - 1)]
        pools = names["given"][g]["female" if female else "male"]
        r = rng.random()
        modern = g in ("g1980", "g2000")
        if gendered and r < (0.135 if modern else 0.045):
            continue  # one-syllable and native names: both sexes' pools
        if r < 0.02:
            given = rng.choice(names["given_single"])
        elif r < (0.12 if modern else 0.04):
            given = rng.choice(names["given_native"])
        elif r < (0.135 if modern else 0.045):
            given = rng.choice(names["given_native3"])
        elif r < 0.45:
            given = rng.choice(pools["common"])
        else:
            first, second = rng.choice(pools["first"]), rng.choice(pools["second"])
            if first == second:
                continue
            given = first + second
        if gendered and reads_as("김" + given)[0] == ("male" if female else "female"):
            continue
        if in_part(given):
            return given
    raise RuntimeError(f"no given name of the current source part after {_TRIES} draws")


def _generation(rng: random.Random, age: int | None, weights: dict[str, float]) -> str:
    if age is None:
        return rng.choices(list(weights), weights=list(weights.values()))[0]
    born = REFERENCE_YEAR - age
    return "g1940" if born < 1960 else "g1960" if born < 1980 else "g1980" if born < 2000 else "g2000"


def _nationality(rng: random.Random, ctx: Ctx, foreign: dict) -> str | None:
    if ctx.sub in foreign:
        return ctx.sub
    near = ctx.before[-24:]
    for nation, spec in foreign.items():
        countries = spec.get("country", ())
        if ctx.like_mention:
            # a pseudonym for a real name reads the nationality written for this person: attached before the
            # name (베트남 국적의 피해자 X) or in its parentheses (X(베트남 국적, 29세)), not one written for the
            # person named just before (Y(베트남 국적)는 피고인 X)
            if any(re.search(rf"{c}\s*(?:국적|인|출신|사람)(?:의|인)?\s*(?:[가-힣]{{1,4}}\s*)?$", near)
                   or re.match(rf"\s*\([^()\n]{{0,24}}?{c}\s*(?:국적|인|출신|사람)", ctx.after) for c in countries):
                return nation
        elif any(re.search(rf"{c}\s*(국적|인|출신|사람)", near) for c in countries):
            return nation
    if ctx.sub in ("외국인이름", "외국인"):
        return rng.choice(list(foreign))
    return reads_foreign(ctx.mention, foreign) if ctx.like_mention else None


# the common Korean surnames as passports and the Revised Romanization spell them
_ROMANISED_SURNAMES = frozenset("""kim gim lee yi rhee park bak pak choi choe jung jeong chung kang gang cho jo yoon yun
    jang chang lim im han oh o seo suh shin sin kwon gwon hwang ahn an song yoo yu ryu hong jeon jun ko go moon mun
    yang son sohn bae baek paek heo huh nam noh roh no ha kwak gwak sung seong cha joo ju woo wu koo gu min jin""".split())


# Vietnamese family names as romanised without their marks (most Vietnamese bear one of these): public facts
_VIETNAMESE_SURNAMES = frozenset("nguyen tran le pham hoang huynh phan vu vo dang bui do ho ngo duong ly dinh "
                                 "truong lam trinh mai cao luu".split())


def latin_words(mention: str) -> list[str]:
    """A Latin-letter name's words, lower-cased, without their marks (``Nguyễn Văn`` -> ``nguyen van``).

    >>> latin_words("Đặng Thị-Mai"), latin_words("John O'Brien")
    (['dang', 'thi', 'mai'], ['john', 'o', 'brien'])
    """
    bare = "".join(c for c in unicodedata.normalize("NFD", mention.replace("Đ", "D").replace("đ", "d"))
                   if not unicodedata.combining(c))
    return [w.lower() for w in re.findall(r"[A-Za-z]+", bare)]


def _sex_marks(spec: dict) -> set[str]:
    """The words of a nation's list that say a name's sex (names.yaml ``male_marks``, ``female_marks``)."""
    return set(spec.get("male_marks", ())) | set(spec.get("female_marks", ()))


def _reads_vietnamese(mention: str, words: list[str], marks: set[str]) -> bool:
    """A Vietnamese family name first, and nothing of a Korean name in Latin letters (a hyphened given name,
    Do-yoon Kim; a Korean surname last, Do Hyun Park) unless the marks, Thị or Văn say Vietnamese."""
    if len(words) < 2 or words[0] not in _VIETNAMESE_SURNAMES or "-" in mention:
        return False
    marked = any(ord(c) > 127 for c in mention) or words[1] in marks
    return marked or words[-1] not in _ROMANISED_SURNAMES


def reads_foreign(mention: str, foreign: dict) -> str | None:
    """The foreign name list a real name reads as, for a pseudonym like it: a name in Latin letters reads as
    an English one (a Korean surname's romanisation first or last: as a Korean one), a Hangul one written in words whose family name a list holds as that list's
    (``응우옌 반 안``: 베트남이름; ``제임스 스미스``: 영어이름); a Korean name reads as none.

        >>> from thunder_deid.surrogates.lexicon import packaged
        >>> f = packaged()["names"]["foreign"]
        >>> reads_foreign("응우옌 반 안", f), reads_foreign("John Smith", f), reads_foreign("김민준", f)
        ('베트남이름', '영어이름', None)
        >>> reads_foreign("Kim Cheol-su", f), reads_foreign("Minjun Park", f)
        (None, None)
        >>> reads_foreign("Nguyễn Văn An", f), reads_foreign("Lê Thị Mai", f), reads_foreign("José García", f)
        ('베트남이름', '베트남이름', '영어이름')
        >>> reads_foreign("Do-yoon Kim", f), reads_foreign("Do Hyun Park", f), reads_foreign("Tran Minh Tuan", f)
        (None, None, '베트남이름')
    """
    if not any("가" <= c <= "힣" for c in mention):
        words = latin_words(mention)
        if "베트남이름" in foreign and _reads_vietnamese(mention, words, _sex_marks(foreign["베트남이름"])):
            return "베트남이름"  # Nguyễn Văn An had read as an English name (and Lê Thị Mai as a man's)
        if not words or _ROMANISED_SURNAMES & {words[0], words[-1]}:
            return None  # a Korean name in Latin letters (Kim Cheol-su, Minjun Park)
        return "영어이름" if "영어이름" in foreign else None
    words = mention.split()
    if len(words) < 2:
        return None
    for nation, spec in foreign.items():
        family = words[-1] if spec.get("order") == "given_first" else words[0]
        if family in spec["family"]:
            return nation
    return None  # one word (장, 이민수) may be Korean: read as such


def foreign_sex(ctx: Ctx, spec: dict) -> bool | None:
    """Is the foreigner a woman: the sex written right after the name (``(남, 28세, 베트남 국적)``), else the sex
    the real name reads as in its nation's list (a word of ``*_marks``, Vietnamese 티 or 반, or a given name of
    ``female``/``male``); None where neither says.

        >>> from thunder_deid.surrogates.lexicon import packaged
        >>> vn = packaged()["names"]["foreign"]["베트남이름"]
        >>> foreign_sex(Ctx("인명", "", "응우옌 티 란", after="(남, 28세)"), vn), foreign_sex(Ctx("인명", "", "응우옌 티 투엣"), vn)
        (False, True)
        >>> foreign_sex(Ctx("인명", "", "쩐 반 하이"), vn), foreign_sex(Ctx("인명", "", "쩐 하이"), vn)
        (False, None)
    """
    m = _SEX.match(ctx.after)
    if m:
        return m.group(1) == "여"
    words = ctx.mention.split()
    # in Latin letters a middle name only (Lê Thị Mai), without its marks
    marked = set(words) | set(latin_words(ctx.mention)[1:-1] if spec.get("order") != "given_first" else ())
    for female, sex in ((True, "female"), (False, "male")):
        if marked & set(spec.get(f"{sex}_marks", ())):
            return female
    for female, sex in ((True, "female"), (False, "male")):
        if any(" ".join(words[i:j]) in spec.get(sex, ()) for i in range(len(words)) for j in range(i + 1, len(words) + 1)):
            return female
    return None


def foreign_name(rng: random.Random, spec: dict, female: bool | None = None) -> str:
    """A name of a nation's list; ``female`` (output): a given name of that sex where the list has them."""
    # the sex's names that ``given`` (cut to the source part, :mod:`.sources`) holds
    pool = [g for g in spec.get("female" if female else "male", ()) if g in spec["given"]] if female is not None else None
    fam, giv = rng.choice(spec["family"]), rng.choice(pool or spec["given"])
    join = spec.get("join", "")
    return f"{giv}{join}{fam}" if spec.get("order") == "given_first" else f"{fam}{join}{giv}"


def alias(rng: random.Random, ctx: Ctx) -> str:
    """An alias as judgments quote it (``일명 '짱구'``): a noun, or a surname and a title (``김사장``)."""
    names = packaged()["names"]
    if rng.random() < 0.4:
        return rng.choice(list(names["surnames"])[:30]) + rng.choice(names["alias_titles"])
    return rng.choice(names["aliases"])
