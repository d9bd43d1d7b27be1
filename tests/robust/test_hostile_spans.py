"""Invalid spans given to ``realize`` and overlapping predictions given to ``eval``."""

import json

import pytest

from thunder_deid.cli import main

SECRET = "김비밀"
GOOD = {"id": "a", "text": f"피고인 {SECRET}은 왔다", "spans": [{"start": 4, "end": 7, "label": "인명"}]}


@pytest.mark.parametrize("span, reason", [
    ({"start": 4, "end": 70, "label": "인명"}, "bad offsets 1"),
    ({"start": 0, "end": 1, "label": "없는라벨"}, "unknown label 1"),
    ({"start": 3, "end": 4, "label": "인명"}, "empty mention 1"),        # a space only
    ({"start": 5, "end": 8, "label": "인명"}, "overlap 1"),
])
def test_realize_refuses_invalid_spans(tmp_path, capsys, span, reason):
    bad = {"id": "b", "text": GOOD["text"], "spans": [GOOD["spans"][0], span]}
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps(d, ensure_ascii=False) for d in (GOOD, bad)) + "\n", encoding="utf-8")
    assert main(["realize", str(src), str(tmp_path / "out.jsonl"), "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert f"document 2 (id 'b') has invalid spans ({reason})" in err and "--skip-invalid" in err
    assert SECRET not in err and not (tmp_path / "out.jsonl").exists()

    assert main(["realize", str(src), str(tmp_path / "out.jsonl"), "--seed", "1", "--skip-invalid"]) == 0
    err = capsys.readouterr().err
    assert "1 invalid spans skipped" in err and reason.replace(" 1", "").replace(" ", "_") in err
    assert len((tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()) == 2


def test_realize_of_valid_spans_says_nothing_of_invalid_ones(tmp_path, capsys):
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps(GOOD, ensure_ascii=False) + "\n", encoding="utf-8")
    assert main(["realize", str(src), str(tmp_path / "out.jsonl"), "--seed", "1"]) == 0
    out = json.loads((tmp_path / "out.jsonl").read_text(encoding="utf-8"))
    assert SECRET not in out["text"] and "invalid" not in capsys.readouterr().err


def test_eval_reports_overlapping_predictions_and_scores_them_by_coverage(tmp_path, capsys):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps(GOOD, ensure_ascii=False) + "\n", encoding="utf-8")
    pred = tmp_path / "pred.jsonl"
    spans = [{"start": 4, "end": 6, "label": "인명"}, {"start": 5, "end": 7, "label": "회사"}]
    pred.write_text(json.dumps({**GOOD, "spans": spans}, ensure_ascii=False) + "\n", encoding="utf-8")
    assert main(["eval", "--gold", str(gold), "--pred", str(pred), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["overlapping_predictions"] == {str(pred): 1}
    assert out["strict_binary"]["tp"] == 1              # together they cover 김비밀
    assert out["strict_typed"]["tp"] == 0 and out["strict_typed"]["fp"] == 1  # 인명 covers 2 of 3, 회사 is wrong
    assert main(["eval", "--gold", str(gold), "--pred", str(pred)]) == 0
    assert "1 predicted spans overlap an earlier one (scored by coverage" in capsys.readouterr().out
