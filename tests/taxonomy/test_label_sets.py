import pytest

from thunder_deid.errors import LabelError
from thunder_deid.taxonomy import load_taxonomy
from thunder_deid.taxonomy.label_sets import get_label_set, label_set_names, load_label_sets

# Appendix H, table 22, in the table's order.
TABLE_22 = ["인명", "전화번호", "업무관리번호", "이메일주소", "닉네임", "나이", "계좌번호", "아이디", "url", "출생일자",
            "결제수단관련번호", "차량번호", "사업자등록번호", "면허번호", "주민등록번호", "법인등록번호",
            "가상화폐개인지갑주소", "군번"]


def test_general18_is_table_22():
    assert get_label_set("general18") == frozenset(TABLE_22) and len(TABLE_22) == 18
    assert "general18" in label_set_names()


def test_every_packaged_set_is_taxonomy_leaves():
    tax = load_taxonomy()
    for name in label_set_names():
        assert all(tax.level(label) == "leaf" for label in get_label_set(name)), name


def test_unknown_set_names_the_known_ones():
    with pytest.raises(LabelError, match="'nope'.*general18"):
        get_label_set("nope")


@pytest.mark.parametrize("body, message", [
    ("sets:\n  s:\n    labels: [인명, 레스토랑]\n", "set 's': '레스토랑' is not a taxonomy label"),
    ("sets:\n  s:\n    labels: [인명, 인명]\n", "duplicate labels"),
    ("sets:\n  s:\n    labels: [식당:한식당]\n", "is not a taxonomy label"),
    ("sets:\n  s:\n    labels: []\n", "non-empty list"),
    ("other: 1\n", "non-empty mapping 'sets'"),
])
def test_bad_files_fail_at_load(tmp_path, body, message):
    p = tmp_path / "sets.yaml"
    p.write_text(body, encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        load_label_sets(p)
