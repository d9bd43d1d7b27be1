"""calibrate: the highest per-label threshold that keeps the target recall; the policy file it writes loads."""

from __future__ import annotations

from thunder_deid.calibrate import thresholds
from thunder_deid.cli import main
from thunder_deid.document import Document, Span, write_jsonl
from thunder_deid.policy import load_policy

TEXT = "김민준 이서연 박도윤 하나은행 신한은행 국민은행"


def docs():
    gold = [Document(f"d{i}", TEXT, [Span(0, 3, "인명"), Span(4, 7, "인명"), Span(8, 11, "인명"), Span(12, 16, "은행업")])
            for i in range(4)]
    pred = []
    for i, g in enumerate(gold):
        pred.append(Document(g.id, TEXT, [Span(0, 3, "인명", score=0.95), Span(4, 7, "인명", score=0.5 + i / 10),
                                          Span(8, 11, "인명", score=0.2 + i / 20), Span(12, 16, "은행업", score=0.9),
                                          Span(17, 21, "은행업", score=0.3), Span(22, 26, "은행업", score=0.4)]))
    return gold, pred


def test_thresholds_hold_the_recall_and_go_as_high_as_they_can():
    gold, pred = docs()
    th = thresholds(gold, pred, recall=1.0)
    assert th == {"인명": 0.2, "은행업": 0.9}  # every name kept needs the lowest; the bank's false alarms go
    th = thresholds(gold, pred, recall=0.75)
    assert th["인명"] == 0.35  # 9 of 12 names: the third name of three documents may go, not a fourth
    assert thresholds(gold, [d.with_spans([]) for d in pred], recall=0.9) == {"인명": 0.0, "은행업": 0.0}


def test_calibrate_command_writes_a_policy_that_loads(tmp_path, capsys):
    gold, pred = docs()
    write_jsonl(tmp_path / "gold.jsonl", gold)
    write_jsonl(tmp_path / "pred.jsonl", pred)
    out = tmp_path / "policy.yaml"
    assert main(["calibrate", "--gold", str(tmp_path / "gold.jsonl"), "--pred", str(tmp_path / "pred.jsonl"),
                 "--recall", "1", "--out", str(out)]) == 0
    report = capsys.readouterr().out
    assert "every span kept: recall 1.000, precision 0.667" in report and "calibrated: recall 1.000, precision 1.000" in report
    p = load_policy(out)
    assert p.threshold_for("은행업") == 0.9 and p.threshold_for("인명") == 0.2
    assert main(["calibrate", "--gold", str(tmp_path / "gold.jsonl"), "--pred", str(tmp_path / "pred.jsonl"),
                 "--out", str(tmp_path / "gold.jsonl")]) == 2  # never over an input


def test_a_bad_prediction_file_is_named(tmp_path, capsys):
    gold, pred = docs()
    write_jsonl(tmp_path / "gold.jsonl", gold)
    write_jsonl(tmp_path / "pred.jsonl", pred + pred[:1])
    assert main(["calibrate", "--gold", str(tmp_path / "gold.jsonl"), "--pred", str(tmp_path / "pred.jsonl"),
                 "--out", str(tmp_path / "p.yaml")]) == 2
    assert "pred.jsonl: duplicate document id" in capsys.readouterr().err
    assert not (tmp_path / "p.yaml").exists()
