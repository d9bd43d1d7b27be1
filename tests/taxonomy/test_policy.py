"""Prediction targets: sub-labels removed, collapsing to mid/top, aliases, ignored labels, BIO lists."""

import pytest

from thunder_deid.errors import LabelError
from thunder_deid.taxonomy import TargetPolicy, load_taxonomy, prediction_target

TAX = load_taxonomy()


@pytest.mark.parametrize(
    "label, level, expected",
    [
        ("식당:한식당", "leaf", "식당"),
        ("식당:한식당", "mid", "외식업"),
        ("식당:한식당", "top", "사업체"),
        ("인명:내국인이름", "leaf", "인명"),
        ("주소:구아래주소", "leaf", "주소"),      # a parent annotation stays a parent
        ("주소", "top", "지리정보"),
        ("사업체", "mid", "사업체"),              # above the level: unchanged
        ("은행업", "mid", "금융업"),
    ],
)
def test_prediction_target(label, level, expected):
    assert prediction_target(label, level) == expected


@pytest.mark.parametrize("label, level, error", [("없는라벨", "leaf", LabelError), ("인명", "small", ValueError)])
def test_prediction_target_errors(label, level, error):
    with pytest.raises(error):
        prediction_target(label, level)


POLICY = TargetPolicy(level="mid", aliases={"구간": "교통로"}, ignore=("이벤트", "지식재산"))


@pytest.mark.parametrize(
    "label, expected",
    [
        ("고속도로구간", "교통로"),                 # collapsed, then aliased
        ("도로", "교통로"),
        ("공공 행사", None),                        # below an ignored node
        ("이벤트", None),
        ("특허:토목관련특허", None),
        ("인명:중국인이름", "이름"),
        ("그외 사건관련장소 및 이벤트", "그외 사건관련장소 및 이벤트"),  # the top above 이벤트 is not ignored
    ],
)
def test_policy_target(label, expected):
    assert POLICY.target(label) == expected


def test_labels_are_in_taxonomy_order_and_complete():
    leaf = TargetPolicy()
    assert leaf.labels() == [n.name for n in TAX]            # every node can be annotated
    mid = TargetPolicy(level="mid").labels()
    assert mid == [n.name for n in TAX if n.level in ("top", "mid")]
    assert "구간" not in POLICY.labels() and "교통로" in POLICY.labels() and "이벤트" not in POLICY.labels()


@pytest.mark.parametrize(
    "observed, expected",
    [
        (["식당:한식당", "인명", "카페"], ["O", "B-인명", "I-인명", "B-식당", "I-식당", "B-카페", "I-카페"]),
        ([], ["O"]),
        (["공공 행사"], ["O"]),
    ],
)
def test_bio_labels_from_observed(observed, expected):
    policy = TargetPolicy(ignore=("이벤트",))
    assert policy.bio_labels(observed) == expected


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"level": "small"}, ValueError),
        ({"aliases": {"없는라벨": "인명"}}, LabelError),
        ({"ignore": ("없는라벨",)}, LabelError),
        ({"aliases": {"세례명": "법명", "법명": "인명"}}, ValueError),   # alias chains are ambiguous
    ],
)
def test_bad_policies(kwargs, error):
    with pytest.raises(error):
        TargetPolicy(**kwargs)


def test_round_trip_and_hash():
    assert TargetPolicy.from_dict(POLICY.to_dict()) == POLICY
    assert hash(TargetPolicy.from_dict(POLICY.to_dict())) == hash(POLICY)
    with pytest.raises(ValueError, match="unknown"):
        TargetPolicy.from_dict({"levle": "mid"})
