import pytest

from thunder_deid.errors import LabelError
from thunder_deid.taxonomy import load_taxonomy, split_label

TAX = load_taxonomy()


def test_counts_match_appendix_b():
    assert TAX.counts() == {"top": 8, "mid": 43, "leaf": 195}


@pytest.mark.parametrize(
    "name, level, code, parent",
    [
        ("사건관계인특정정보", "top", "B.1", None),
        ("이름", "mid", "B.1.1", "사건관계인특정정보"),
        ("인명", "leaf", "B.1.1.1", "이름"),
        ("행정구역-동", "leaf", "B.3.1.2", "주소"),
        ("은행업", "leaf", "B.5.4.6", "금융업"),
        ("사물·관리 번호", "mid", "B.2.2", "사건관련숫자정보"),
        ("조직 내 세부부서", "leaf", "B.6.4.1", "조직체계"),
        ("상표", "leaf", "B.8.6.2", "지식재산"),
        ("url", "leaf", "B.8.4.4", "디지털서비스"),
    ],
)
def test_nodes(name, level, code, parent):
    node = TAX[name]
    assert (node.level, node.code, node.parent) == (level, code, parent)


@pytest.mark.parametrize("label, top, mid", [("은행업", "사업체", "금융업"), ("인명", "사건관계인특정정보", "이름"),
                                             ("금융업", "사업체", "금융업"), ("사업체", "사업체", "사업체")])
def test_at_level(label, top, mid):
    assert TAX.at_level(label, "top") == top
    assert TAX.at_level(label, "mid") == mid


def test_sub_labels_and_validity():
    assert split_label("식당:한식당") == ("식당", "한식당")
    assert TAX.is_valid("식당:한식당") and TAX.is_valid("식당") and not TAX.is_valid("레스토랑")
    with pytest.raises(LabelError, match="레스토랑"):
        TAX["레스토랑"]


def test_leaves_under_nodes():
    assert len(TAX.leaves()) == 195
    assert [n.name for n in TAX.leaves("이름")] == ["인명", "세례명", "법명", "예명"]
    assert sum(len(TAX.leaves(t.name)) for t in TAX.children()) == 195
    assert [a.name for a in TAX.ancestors("은행업")] == ["금융업", "사업체"]


def test_every_leaf_has_a_unique_code_and_gloss():
    leaves = TAX.nodes("leaf")
    assert len({n.code for n in leaves}) == 195
    assert all(n.en.strip() for n in TAX)
