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


def test_train_bundle_refuses_out_that_is_not_a_bundle(tmp_path, tiny_base, tiny_train, tiny_bundle, capsys):
    keep = tmp_path / "work"
    keep.mkdir()
    (keep / "notes.txt").write_text("mine", encoding="utf-8")
    inside = keep / "train.jsonl"
    inside.write_bytes(tiny_train.read_bytes())
    common = ["tokenizer", "train", "--base", str(tiny_base), "--prune", "0", "--quantize", "0"]
    assert main([*common, "--train", str(inside), "--out", str(keep)]) == 2
    assert main([*common, "--train", str(tiny_train), "--out", str(keep / "notes.txt")]) == 2
    assert (keep / "notes.txt").read_text(encoding="utf-8") == "mine" and inside.is_file()
    err = capsys.readouterr().err
    assert "not a tokenizer bundle" in err and "notes.txt is a file" in err
    # an earlier bundle is replaced whole, and nothing is left beside it
    out = tmp_path / "b"
    assert main([*common, "--train", str(tiny_train), "--out", str(out)]) == 0
    assert main([*common, "--train", str(tiny_train), "--out", str(out)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b", "work"]
