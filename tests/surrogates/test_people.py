"""Person names: census surnames, given names of the written generation and sex, foreign names, aliases."""

import random
import re
from collections import Counter

import pytest

from thunder_deid.surrogates.base import Ctx
from thunder_deid.surrogates.lexicon import packaged
from thunder_deid.surrogates.people import alias, person_name
from thunder_deid.surrogates.sources import part_of, source_part


def split(name):
    surnames = packaged()["names"]["surnames"]
    two = name[:2] if name[:2] in surnames else None
    return (two, name[2:]) if two else (name[:1], name[1:])


def possible(gens, sex):
    """Every given name the pools of ``gens`` and ``sex`` can make, plus the sex-neutral kinds."""
    n = packaged()["names"]
    out = set(n["given_native"]) | set(n["given_native3"]) | set(n["given_single"])
    for g in gens:
        pools = n["given"][g][sex]
        out |= set(pools["common"]) | {a + b for a in pools["first"] for b in pools["second"]}
    return out


@pytest.mark.parametrize("after,gens,sex", [
    ("(여, 67세)", ("g1940", "g1960"), "female"), ("(남, 74세)", ("g1940", "g1960"), "male"),
    ("(가명, 여, 20세)", ("g1980", "g2000"), "female"), ("(남, 9세)", ("g1980", "g2000"), "male"),
    ("(여)", ("g1940", "g1960", "g1980", "g2000"), "female"),
])
def test_written_sex_and_age_pick_the_pools(after, gens, sex):
    ok = possible(gens, sex)
    for seed in range(60):
        v = person_name(random.Random(seed), Ctx("인명", after=after))
        assert split(v)[1] in ok, v


def test_names_are_diverse():
    """The old lexicon drew from about 200 whole given names; the generator makes thousands."""
    rng = random.Random(0)
    names = [person_name(rng, Ctx("인명")) for _ in range(4000)]
    given = Counter(split(v)[1] for v in names)
    assert len(given) > 1500
    assert given.most_common(1)[0][1] < 40  # no given name dominates
    lengths = Counter(len(g) for g in given)
    assert lengths[1] and lengths[3]  # one- and three-syllable given names occur
    surnames = Counter(split(v)[0] for v in names)
    assert {"남궁", "황보", "제갈", "선우"} & set(surnames) and len(surnames) > 80
    assert 0.15 < surnames["김"] / len(names) < 0.25  # still the census's commonest


def test_old_style_names_for_old_people():
    rng = random.Random(1)
    given = {split(person_name(rng, Ctx("인명", after="(여, 80세)")))[1] for _ in range(400)}
    assert given & {"말순", "영자", "순덕", "순자", "춘자", "점순"}


@pytest.mark.parametrize("ctx,nation", [
    (Ctx("인명", sub="일본인이름"), "일본인이름"), (Ctx("인명", before="베트남 국적의 피해자 "), "베트남이름"),
    (Ctx("인명", before="중국인 피고인 "), "중국인이름"),
])
def test_foreign_names(ctx, nation):
    spec = packaged()["names"]["foreign"][nation]
    for seed in range(10):
        v = person_name(random.Random(seed), ctx)
        assert any(f in v for f in spec["family"]) and any(g in v for g in spec["given"]), v


def test_plain_foreign_sub_label_draws_some_nationality():
    families = {f for spec in packaged()["names"]["foreign"].values() for f in spec["family"]}
    v = person_name(random.Random(0), Ctx("인명", sub="외국인이름"))
    assert any(f in v.split(" ") or v.startswith(f) for f in families), v


def test_alias_shapes():
    n = packaged()["names"]
    vs = {alias(random.Random(s), Ctx("닉네임", sub="별명")) for s in range(40)}
    assert vs & set(n["aliases"]) and any(re.fullmatch(r"[가-힣]{1,2}(%s)" % "|".join(n["alias_titles"]), v) for v in vs)


def test_eval_part_given_names_are_eval():
    rng = random.Random(2)
    with source_part("eval"):
        names = [person_name(rng, Ctx("인명")) for _ in range(300)]
    assert all(part_of(split(v)[1]) == "eval" for v in names)
    assert len(set(names)) > 250
