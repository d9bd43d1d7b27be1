"""Label normalisation: rule kinds, their order, sub-labels, errors, user rule files."""

import pytest

from thunder_deid.errors import LabelError
from thunder_deid.taxonomy import Normalizer, label_key, load_taxonomy, normalize_label
from thunder_deid.taxonomy.normalize import default_normalizer

TAX = load_taxonomy()


@pytest.mark.parametrize(
    "raw, expected, kind",
    [
        ("식당", "식당", "node"),
        ("사회적권익", "사회적 권익", "node"),          # spacing variant of a node
        ("병의원", "병·의원", "node"),                  # middle-dot variant
        ("행정구역 동", "행정구역-동", "node"),          # hyphen variant
        ("URL", "url", "node"),                          # case
        ("B.5.1.1", "식당", "node"),                     # appendix code ...
        ("B.5.11", "여가산업", "node"),                  # ... codes keep their dots
        ("restaurants", "식당", "node"),                 # unique English gloss
        ("성명", "인명", "exact"),
        ("휴대폰번호", "전화번호", "exact"),
        ("레스토랑", "식당", "compatibility"),           # section 3.2's example
        ("음식점", "식당", "compatibility"),
        ("은행", "은행업", "compatibility"),
        ("법원내장소", "시설부속공간", "wildcard"),
        ("hong@example.com", "이메일주소", "wildcard"),
        ("행정구역(동)", "행정구역-동", "node"),         # brackets are ignored by the key
        ("A저축은행", "은행업", "suffix"),               # longest suffix wins over 은행
        ("바다횟집", "식당", "suffix"),
        ("택배회사", "화물운송·물류업", "suffix"),       # strip 회사, the rest is an industry
        ("고철회사", "사업체", "suffix"),                # rest is a product (not a business): top node
        ("주식회사", "사업체", "suffix"),                # legal form only: parent node (A.2)
        ("건물이름", "사회·경제시설", "suffix"),         # strip 이름 -> 건물
    ],
)
def test_rules(raw, expected, kind):
    res = default_normalizer().resolve(raw)
    assert (res.label, res.kind) == (expected, kind)
    assert res.label in TAX


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("외국인등록번호호", "주민등록번호"),  # a character doubled
        ("외국인등록번", "주민등록번호"),      # one missing
        ("주민번오", "주민등록번호"),          # one changed
        ("레토스랑", "식당"),                  # two swapped
        ("레스토링", "식당"),              # near a compatibility entry
        ("사회적권이", "사회적 권익"),     # near a node name
    ],
)
def test_one_edit_from_a_known_label_is_a_typo(raw, expected):
    res = default_normalizer().resolve(raw)
    assert (res.label, res.kind) == (expected, "typo")


@pytest.mark.parametrize("raw", [
    "인멍",          # two letters: one edit is another word
    "은행업무담당",  # more than one edit from anything
    "성명명",        # one edit from 성명, but a two-letter entry is too short to be near anything
])
def test_typo_rule_needs_a_close_long_neighbour(raw):
    with pytest.raises(LabelError):
        default_normalizer().resolve(raw)


def test_typo_rule_refuses_when_neighbours_disagree():
    n = Normalizer({"exact": {"가나다": "인명", "가나라": "식당"}}, fallback=None)
    assert n.resolve("가나나다").label == "인명"   # only 가나다 is one edit away
    with pytest.raises(LabelError):
        n.resolve("가나마")                        # 가나다 -> 인명 and 가나라 -> 식당 are both one edit away


@pytest.mark.parametrize("a, b, near", [
    ("abc", "abd", True), ("abc", "acb", True), ("abc", "abcd", True), ("abc", "bc", True),
    ("abc", "abc", False), ("abc", "cab", False), ("abc", "abde", False), ("abc", "xyz", False),
])
def test_one_edit(a, b, near):
    from thunder_deid.taxonomy.normalize import _one_edit

    assert _one_edit(a, b) is near and _one_edit(b, a) is near


@pytest.mark.parametrize(
    "raw, expected",
    [("음식점:한식당", "식당:한식당"), ("식당:한식당", "식당:한식당"), ("레스토랑: 양식 ", "식당:양식"), ("인명:", "인명")],
)
def test_sub_label_is_kept(raw, expected):
    assert normalize_label(raw) == expected


@pytest.mark.parametrize("raw", ["알수없는라벨", "", "   ", ":식당"])
def test_unknown_label_is_an_error_naming_it(raw):
    with pytest.raises(LabelError) as e:
        normalize_label(raw)
    assert repr(raw) in str(e.value) or "empty" in str(e.value)


@pytest.mark.parametrize("a, b", [("앞 노상", "앞노상"), ("병·의원", "병의원"), ("㈜", "(주)"), ("IP 주소", "ip주소")])
def test_key_equivalences(a, b):
    assert label_key(a) == label_key(b)


RULES = {
    "drop": [{"label": "판결문번호", "reason": "not personal data"}, {"pattern": "*생략", "reason": "court placeholder"}],
    "exact": {"상호": "사업체", "레스토랑": "주점"},              # exact beats the fallback's compatibility rule
    "compatibility": {"한정식집": "식당:한식당"},
    "wildcard": [{"pattern": "*카페*", "label": "온라인커뮤니티"}, {"pattern": "*카페", "label": "카페"}],
    "suffix": [{"suffix": "집", "label": "식당"}, {"suffix": "횟집", "label": "식당:일식당"},
               {"suffix": "이름", "strip": True}, {"suffix": "이름", "label": "인명"}],
}


@pytest.mark.parametrize(
    "raw, expected, kind",
    [
        ("상호", "사업체", "exact"),
        ("레스토랑", "주점", "exact"),
        ("한정식집", "식당:한식당", "compatibility"),
        ("한정식집:궁중", "식당:궁중", "compatibility"),   # the raw sub-label wins over the rule's
        ("네이버카페글", "온라인커뮤니티", "wildcard"),      # wildcards in file order
        ("동네카페", "온라인커뮤니티", "wildcard"),
        ("바다횟집", "식당:일식당", "suffix"),              # longest suffix first, not file order
        ("국밥집", "식당", "suffix"),
        ("상호이름", "사업체", "exact"),                     # strip, then the rest through every rule
        ("러시아이름", "인명", "suffix"),                    # strip fails: next rule of the same suffix
        ("식당", "식당", "node"),
        ("은행", "은행업", "compatibility"),                # from the fallback (packaged rules)
    ],
)
def test_user_rules_with_fallback(raw, expected, kind):
    n = Normalizer(RULES)
    res = n.resolve(raw)
    assert (res.full_label, res.kind) == (expected, kind)


@pytest.mark.parametrize("raw, reason", [("판결문번호", "not personal data"), ("계좌번호 생략", "court placeholder")])
def test_drop_rules_say_why(raw, reason):
    n = Normalizer(RULES)
    res = n.resolve(raw)
    assert res.dropped and res.reason == reason and res.label is None
    with pytest.raises(LabelError, match=reason):
        n.normalize(raw)


def test_without_fallback_unknown_labels_fail():
    n = Normalizer({"exact": {"상호": "사업체"}}, fallback=None)
    assert n.normalize("상호") == "사업체"
    with pytest.raises(LabelError, match="'은행'"):
        n.normalize("은행")


@pytest.mark.parametrize(
    "rules, message",
    [
        ({"exact": {"상호": "없는라벨"}}, "not a taxonomy node"),
        ({"suffix": [{"suffix": "집"}]}, "non-empty label"),
        ({"wildcard": [{"label": "식당"}]}, "needs 'pattern'"),
        ({"drop": [{"label": "x"}]}, "reason"),
        ({"exactt": {}}, "unknown section"),
        ({"exact": {"상호": "사업체", "상 호": "식당"}}, "conflicts"),
        ({"wildcard": [{"pattern": "*집", "strip": True}]}, "only for suffix"),
    ],
)
def test_bad_rule_files_are_rejected_on_load(rules, message):
    with pytest.raises(ValueError, match=message):
        Normalizer(rules, fallback=None)


def test_from_yaml(tmp_path):
    path = tmp_path / "rules.yaml"
    path.write_text("version: 1\nfallback: none\nexact:\n  상호: 사업체\nsuffix:\n  - {suffix: 횟집, label: 식당}\n",
                    encoding="utf-8")
    n = Normalizer.from_yaml(path)
    assert (n.normalize("상호"), n.normalize("바다횟집"), n.fallback) == ("사업체", "식당", None)
    assert str(path) in n.source


def test_packaged_rules_only_target_nodes():
    n = default_normalizer()
    done, missing = n.resolve_all(["식당", "레스토랑", "???"])
    assert set(done) == {"식당", "레스토랑"} and missing == ["???"]


def test_fallback_file_relative_to_the_rule_file(tmp_path):
    (tmp_path / "base.yaml").write_text("fallback: none\nexact:\n  상호: 사업체\n", encoding="utf-8")
    (tmp_path / "mine.yaml").write_text("fallback: base.yaml\nexact:\n  가게: 도소매및유통업\n", encoding="utf-8")
    n = Normalizer.from_yaml(tmp_path / "mine.yaml")
    assert (n.normalize("가게"), n.normalize("상호")) == ("도소매및유통업", "사업체")
    with pytest.raises(LabelError):
        n.normalize("은행")          # the chain ends at base.yaml: no packaged rules
