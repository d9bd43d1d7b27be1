"""``thunder-deid tokenizer`` subcommands end to end (tiny data)."""

from __future__ import annotations

import json

from thunder_deid.cli import main


def test_train_bpe_encode_analyze(tmp_path, tiny_train, capsys):
    held = tmp_path / "held.jsonl"
    held.write_text(json.dumps({"id": "h", "text": "이 사건 공소사실의 요지는 다음과 같다.", "spans": []},
                               ensure_ascii=False) + "\n", encoding="utf-8")
    out = tmp_path / "bpe"
    assert main(["tokenizer", "train-bpe", "--out", str(out), "--corpus", str(tiny_train), "--vocab-size", "400",
                 "--exclude", str(held)]) == 0
    assert "dropped as validation/test text" in capsys.readouterr().out
    assert main(["tokenizer", "encode", "--tokenizer", f"bpe:{out}", "홍길동은"]) == 0
    lines = capsys.readouterr().out.strip().split("\n")
    covered = {i for line in lines for i in range(int(line.split("\t")[2]), int(line.split("\t")[3]))}
    assert covered == {0, 1, 2, 3}
    assert main(["tokenizer", "analyze", "--tokenizers", f"bpe:{out},char:{out}", "--max-docs", "5", "--json",
                 str(tiny_train)]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["tokenizer"] for r in rows] == [f"bpe:{out}", f"char:{out}"]


def test_bad_tokenizer_spec_is_one_line_error(capsys):
    assert main(["tokenizer", "encode", "--tokenizer", "bpe:/no/such/dir", "x"]) == 2
    assert "not found" in capsys.readouterr().err


def test_train_bundle_cli(tmp_path, tiny_base, tiny_train, tiny_bundle, capsys):
    out = tmp_path / "bundle"
    assert main(["tokenizer", "train", "--base", str(tiny_base), "--train", str(tiny_train), "--out", str(out),
                 "--prune", "0", "--quantize", "0"]) == 0
    assert (out / "boundary_config.json").is_file() and (out / "lm.binary").is_file()
    assert main(["tokenizer", "encode", "--tokenizer", str(out), "홍길동은 왔다"]) == 0
