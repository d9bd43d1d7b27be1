"""Novel stems (``Realizer(novel=)``, ``train``/``realize --novel-stems``): business and place stems no list
holds, in training data only; every other realisation is what it was."""

import pytest

from thunder_deid.cli import main
from thunder_deid.document import load_jsonl, write_jsonl
from thunder_deid.errors import ThunderDeidError
from thunder_deid.inline import parse_inline
from thunder_deid.model.cli import _apply
from thunder_deid.model.config import get_config
from thunder_deid.surrogates import Realizer
from thunder_deid.surrogates.lexicon import _packaged_all
from thunder_deid.surrogates.places import _NOVEL, novel_stem
from thunder_deid.surrogates.sources import part_of, source_part

DOCS = [parse_inline(t, f"d{i}") for i, t in enumerate([
    "피고인은 <<<A:사업체>>>의 직원으로 <<<B:사업체>>> 주식회사와 <<<C:건설시공업>>>건설에 물품을 납품하였다.",
    "피해자 <<<D:인명>>>은 <<<E:식당>>>식당에서 <<<F:사업체>>>은 망했다고 말하며 <<<G:학교>>>를 다녔다.",
    "<<<H:사업체>>>가 <<<I:사업체>>>로부터 <<<J:연구개발기관>>>연구소의 지분을 샀고 <<<H:사업체>>>는 이를 숨겼다.",
])]
BUSINESS = {"사업체", "건설시공업", "식당", "연구개발기관"}


def listed_stems() -> set[str]:
    e = _packaged_all()["entities"]
    brand = e["brand"]
    combos = {a + b for a in brand["sino_first"] for b in brand["sino_second"]}
    combos |= {a + b for a in brand["loan_head"] for b in brand["loan_tail"]}
    return {w for kind in e["stems"].values() for w in kind} | combos


def stems_of(docs) -> list[str]:
    """The stem of every business surrogate: the span less the type word the text keeps after it."""
    return [d.text[s.start:s.end] for d in docs for s in d.spans if s.label in BUSINESS]


def test_off_by_default_and_at_zero_realisations_are_unchanged():
    for seed in range(5):
        for d in DOCS:
            assert Realizer(source="eval").realize(d, seed)[0] == Realizer(source="eval", novel=0.0).realize(d, seed)[0]


def test_at_one_every_business_stem_is_new_and_of_the_training_part(check_realized):
    listed = listed_stems()
    r = Realizer(source="train", novel=1.0)
    out = [r.realize(d, seed)[0] for seed in range(40) for d in DOCS]
    for d in out:
        check_realized(d)  # particles after a recombined stem are repaired as after any other
    stems = [s for s in stems_of(out) if not s.endswith(("식당", "연구소"))]
    assert len(stems) > 150
    assert sum(s not in listed for s in stems) > 0.85 * len(stems)  # chance rebuilds a listed stem now and then
    assert all(part_of(s) == "train" for s in stems)
    assert len(set(stems)) > 0.8 * len(stems)  # hardly one stem twice: nothing to learn by heart


def test_the_share_is_about_what_was_asked():
    listed = listed_stems()
    r = Realizer(source="train", novel=0.5)
    stems = [s for s in stems_of(r.realize(d, seed)[0] for seed in range(60) for d in DOCS[:1])]
    new = sum(s not in listed for s in stems) / len(stems)
    assert 0.3 < new < 0.7


def test_the_setting_stays_inside_the_realisation():
    Realizer(source="train", novel=1.0).realize(DOCS[0], 1)
    assert _NOVEL.get() == 0.0
    with source_part("eval"):
        import random

        assert all(part_of(novel_stem(random.Random(i))) == "eval" for i in range(50))


def test_bad_shares_are_refused_where_they_are_given(tmp_path, capsys):
    with pytest.raises(ValueError, match="between 0 and 1"):
        Realizer(novel=1.5)
    src = tmp_path / "in.jsonl"
    write_jsonl(src, DOCS)
    assert main(["realize", str(src), str(tmp_path / "out.jsonl"), "--seed", "1", "--novel-stems", "2"]) != 0
    assert "--novel-stems" in capsys.readouterr().err
    assert not (tmp_path / "out.jsonl").exists()
    cfg = get_config("small")

    class Args:
        novel_stems, extra_docs, extra_excerpt, extra_stems, train_extra = -0.1, None, None, None, None

    with pytest.raises(ThunderDeidError, match="--novel-stems"):
        _apply(cfg, Args())


def test_realize_writes_novel_stems_for_training_files(tmp_path):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_jsonl(src, DOCS)
    assert main(["realize", str(src), str(out), "--seed", "3", "--source", "train", "--novel-stems", "1"]) == 0
    listed = listed_stems()
    stems = [s for s in stems_of(load_jsonl(out)) if not s.endswith(("식당", "연구소"))]
    assert stems and sum(s not in listed for s in stems) > 0.7 * len(stems)
