"""``thunder-deid taxonomy normalize``: normalised label and deciding rule per raw label."""

import json

import pytest

from thunder_deid.cli import main


@pytest.mark.parametrize(
    "argv, line",
    [
        (["바다횟집"], "바다횟집\t식당\tsuffix\tsuffix 횟집 -> 식당"),
        (["식당:한식당"], "식당:한식당\t식당:한식당\tnode\tnode"),
        (["주식회사"], "주식회사\t사업체\tsuffix\tsuffix 주식회사 -> 사업체"),
        (["--thunder", "앞 노상"], "앞 노상\t그외 사건관련장소 및 이벤트\tcompatibility\tcompatibility 앞 노상 -> 그외 사건관련장소 및 이벤트"),
        (["--thunder", "구아래주소"], "구아래주소\t주소\tcompatibility\tcompatibility 구아래주소 -> 주소"),
    ],
)
def test_one_line_per_label(argv, line, capsys):
    assert main(["taxonomy", "normalize", *argv]) == 0
    assert capsys.readouterr().out.splitlines() == [line]


def test_unmapped_label_exits_1_and_keeps_the_others(capsys):
    assert main(["taxonomy", "normalize", "바다횟집", "전혀모르는라벨"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("바다횟집\t식당\t") and out[1].startswith("전혀모르는라벨\tUNMAPPED\t")


def test_own_rules_with_a_drop_and_json(tmp_path, capsys):
    rules = tmp_path / "rules.yaml"
    rules.write_text("fallback: none\nexact: {상호: 사업체}\ndrop: [{label: 비식별, reason: not PII}]\n", encoding="utf-8")
    assert main(["taxonomy", "normalize", "--rules", str(rules), "상호", "비식별", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["label"], r["normalized"], r["kind"]) for r in rows] == [("상호", "사업체", "exact"), ("비식별", None, "drop")]
    assert rows[1]["reason"] == "not PII"
    assert main(["taxonomy", "normalize", "--rules", str(rules), "비식별"]) == 0
    assert capsys.readouterr().out.startswith("비식별\tDROPPED (not PII)\tdrop\t")


def test_help_has_an_example(capsys):
    with pytest.raises(SystemExit):
        main(["taxonomy", "normalize", "--help"])
    assert "thunder-deid taxonomy normalize 바다횟집" in capsys.readouterr().out
