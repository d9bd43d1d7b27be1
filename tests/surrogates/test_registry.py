import random

import pytest

from thunder_deid.cli import main
from thunder_deid.surrogates.base import Ctx, Surrogate
from thunder_deid.surrogates.lexicon import Inventory
from thunder_deid.surrogates.registry import Registry
from thunder_deid.taxonomy import load_taxonomy

TAX = load_taxonomy()
REG = Registry(TAX, Inventory())


def test_no_label_without_rule():
    assert REG.uncovered() == []
    assert len(REG.coverage()) == len(TAX) == 246


@pytest.mark.parametrize("label", [n.name for n in TAX.nodes()])
def test_every_label_yields_a_surrogate(label):
    source, fn = REG.generator(label, None)
    assert fn is not None, source
    for seed in range(3):
        v = fn(random.Random(seed), Ctx(label, mention="B"))
        t = v.text if isinstance(v, Surrogate) else v
        assert isinstance(t, str) and t.strip() and "생략" not in t


def test_leaves_are_generated_or_sampled():
    assert {REG.rule(n.name).kind for n in TAX.leaves()} <= {"generate", "sample"}


@pytest.mark.parametrize("label,sub,source", [
    ("식당", "한식당", "inventory:한식당"),      # sub-label list wins for a sampled label
    ("계좌번호", "한식당", "generate:account"),   # structured values never come from lists
    ("건물동호수", "호", "sub:호"),
    ("주소", "구아래주소", "sub:구아래주소"),
    ("인명", "호", "generate:person_name"),      # name labels ignore built-in sub rules
    ("이름", None, "generate:person_name"),       # mid-level fallback
    ("은행업", "은행", "sub:은행"),               # banks keep their account layouts over an external list
    ("사회·경제시설", "빌딩", "inventory:빌딩"),   # an external list beats a built-in name kind
])
def test_sub_label_steers(label, sub, source):
    reg = Registry(TAX, Inventory.from_mapping({"한식당": ["고향집"], "은행": ["신협"], "빌딩": ["한빛타워"]}))
    assert reg.generator(label, sub)[0] == source


def test_inventory_entry_that_looks_like_a_placeholder_is_not_drawn():
    reg = Registry(TAX, Inventory.from_mapping({"클럽": ["A클럽", "○○클럽", "문라이트"]}))
    _, fn = reg.generator("주점", "클럽")
    assert {fn(random.Random(s), Ctx("주점")) for s in range(20)} == {"문라이트"}


def test_inventory_folder(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.json").write_text('{"한식당": ["고향집", "진미"], "tree": {"목록": ["무시"]}}', encoding="utf-8")
    (tmp_path / "중식당.txt").write_text("홍콩반점\n\n", encoding="utf-8")
    inv = Inventory.from_paths([tmp_path])
    assert inv.get("한식당") == ("고향집", "진미") and inv.get("중식당") == ("홍콩반점",) and inv.get("목록") is None


def test_a_broken_inventory_yaml_names_file_and_line(tmp_path):
    from thunder_deid.errors import ThunderDeidError

    (tmp_path / "x.yaml").write_text("한식당: [고향집]\n중식당: [홍콩반점]\n한식당: [진미]\n", encoding="utf-8")
    with pytest.raises(ThunderDeidError, match=r"x\.yaml:3: key '한식당' given again"):
        Inventory.from_paths([tmp_path])


def test_cli_coverage(capsys):
    assert main(["surrogates", "coverage"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 246 and "인명" in out and "MISSING" not in out


@pytest.mark.parametrize("sub,types", [
    ("중식당", ("반점", "중화요리", "차이나", "각", "루")),
    ("일식당", ("스시", "초밥", "돈카츠", "라멘", "일식", "이자카야")),
])
def test_cuisine_sub_label_without_inventory(sub, types):
    source, fn = REG.generator("식당", sub)
    assert source == f"sub:{sub}"
    for seed in range(10):
        assert fn(random.Random(seed), Ctx("식당", sub=sub)).text.endswith(types)


@pytest.mark.parametrize("label,type_word,source", [
    ("사업체", "식당", "sample:entities.compose.식당"),       # a broad label: the type word picks the leaf
    ("외식업", "카페", "sample:entities.compose.카페"),
    ("기관 및 시설", "초등학교", "sample:entities.compose.학교"),
    ("사업체", "초등학교", "sample:entities.compose.기타서비스업"),  # not a leaf under 사업체: the fallback
    ("식당", "카페", "sample:entities.compose.식당"),         # a leaf label is never overridden
])
def test_type_word_selects_leaf_of_broad_label(label, type_word, source):
    assert REG.generator(label, None, type_word)[0] == source


def test_inventory_is_sampled_stratified_by_file(tmp_path):
    (tmp_path / "big.json").write_text('{"클럽": [%s]}' % ", ".join(f'"클럽{i}호"' for i in range(99)), encoding="utf-8")
    (tmp_path / "small.txt").write_text("문라이트\n", encoding="utf-8")
    (tmp_path / "small.txt").rename(tmp_path / "클럽.txt")
    inv = Inventory.from_paths([tmp_path])
    assert len(inv.strata("클럽")) == 2 and len(inv.get("클럽")) == 100
    _, fn = Registry(TAX, inv).generator("주점", "클럽")
    share = sum(fn(random.Random(s), Ctx("주점")) == "문라이트" for s in range(400)) / 400
    assert 0.4 < share < 0.6
