import pytest

from thunder_deid.cli import build_parser


@pytest.mark.parametrize("command", ["train", "pretrain", "finetune", "predict", "redact"])
def test_help(command, capsys):
    with pytest.raises(SystemExit) as e:
        build_parser().parse_args([command, "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert ("example:" in out or "examples:" in out) and f"thunder-deid {command}" in out


def test_train_needs_one_training_source(tmp_path):
    from thunder_deid.cli import main

    assert main(["train", "--tokenizer", str(tmp_path), "--valid", "v.jsonl", "--out", str(tmp_path / "o")]) == 2
