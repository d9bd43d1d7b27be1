"""Bad input on the CLI: one error line naming the file (and line), exit 2, no traceback, no document
text, inputs untouched, no partial output."""

import pytest

from thunder_deid.cli import main

SECRET = "김민준"
GOOD = '{"id":"d1","text":"피고인 %s은","spans":[{"start":4,"end":7,"label":"인명"}]}\n' % SECRET


@pytest.mark.parametrize("name,data,expect", [
    ("missing.jsonl", None, "no such file"),
    ("nonutf8.jsonl", b'{"id":"d1","text":"\xff %s","spans":[]}\n' % SECRET.encode(), "nonutf8.jsonl:1: not UTF-8"),
    ("fake.jsonl.gz", b"not gzip\n", "not a valid gzip file"),
    ("bad.jsonl", (GOOD + '{"id":"d2"\n').encode(), "bad.jsonl:2: invalid JSON"),
])
def test_validate_unreadable_input(tmp_path, capsys, name, data, expect):
    path = tmp_path / name
    if data is not None:
        path.write_bytes(data)
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert expect in err and SECRET not in err and "Traceback" not in err


def test_validate_folder(tmp_path, capsys):
    assert main(["validate", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


@pytest.mark.parametrize("args_fn,expect", [
    (lambda t: ["convert", str(t / "in.jsonl"), str(t / "out"), "--to", "inline"], "out of range"),
    (lambda t: ["convert", str(t / "in.txt"), str(t), "--to", "jsonl"], "is a folder"),
    (lambda t: ["convert", str(t / "empty"), str(t / "o.jsonl")], "no .txt/.md files"),
])
def test_convert_leaves_nothing(tmp_path, capsys, args_fn, expect):
    (tmp_path / "in.jsonl").write_text(GOOD.replace('"end":7', '"end":70'), encoding="utf-8")
    (tmp_path / "in.txt").write_text("<<<%s:인명>>>" % SECRET, encoding="utf-8")
    (tmp_path / "empty").mkdir()
    before = sorted(p.name for p in tmp_path.iterdir())
    assert main(args_fn(tmp_path)) == 2
    err = capsys.readouterr().err
    assert expect in err and SECRET not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_convert_reports_every_bad_file_of_a_folder_at_once(tmp_path, capsys):
    """An annotator fixes a folder in one pass: the first error of each bad file, then nothing written."""
    ann = tmp_path / "ann"
    (ann / "sub").mkdir(parents=True)
    (ann / "a.txt").write_text("피고인 <<<%s:인명>>>은 <<<하나은행:은행>>>에" % SECRET, encoding="utf-8")
    (ann / "b.txt").write_text("피해자 <<<%s:인명>>>\n<<<서울:주소>>\n" % SECRET, encoding="utf-8")
    (ann / "sub" / "c.txt").write_text("피해자 <<<%s:인명>>>에게" % SECRET, encoding="utf-8")
    (ann / "sub" / "d.txt").write_bytes(b"\xc7\xc7 \x00 binary")
    assert main(["convert", str(ann), str(tmp_path / "o.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "3 of 4 files have errors; nothing written" in err
    assert f"{ann / 'a.txt'}: line 1, column 19 (offset 18): unknown label '은행'" in err
    assert f"{ann / 'b.txt'}: line 2" in err and "sub/d.txt" in err and "sub/c.txt" not in err
    assert SECRET not in err and not (tmp_path / "o.jsonl").exists()


@pytest.mark.parametrize("args_fn,content,expect", [
    (lambda p: ["taxonomy", "normalize", "--rules", str(p), "인명"], "exact: [unclosed\n", "rules.yaml:2:1: invalid YAML"),
    (lambda p: ["taxonomy", "normalize", "--rules", str(p), "인명"], "exact:\n  x: 없는라벨\n", "not a taxonomy node"),
    (lambda p: ["taxonomy", "normalize", "--rules", str(p), "인명"], None, "rules.yaml: no such file"),
    (lambda p: ["train", "--config", str(p), "--tokenizer", "bpe", "--train", str(p), "--valid", str(p),
                "--out", str(p) + ".out"],
     "model: {layers: [1\n", "rules.yaml:2:1: invalid YAML"),
])
def test_bad_rule_and_config_files_name_the_file(tmp_path, capsys, args_fn, content, expect):
    path = tmp_path / "rules.yaml"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(args_fn(path)) == 2
    err = capsys.readouterr().err
    assert expect in err and "Traceback" not in err


def test_unexpected_os_error_is_one_line(tmp_path, capsys, monkeypatch):
    import thunder_deid.commands as commands

    def boom(args):
        raise PermissionError(13, "Permission denied", str(tmp_path / "locked.jsonl"))

    monkeypatch.setattr(commands, "cmd_validate", boom)  # bound when main() builds its parser
    assert main(["validate", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "locked.jsonl: Permission denied" in err and "Traceback" not in err


@pytest.mark.parametrize("src, out, message", [
    ("a.txt", "a.docx", "output {out}: a .txt input is written as it is read, not as DOCX; name the output *.txt"),
    ("a.txt", "a.jsonl", "not as JSONL; name the output *.txt"),
    ("a.jsonl", "a.txt", "a .jsonl input is written as it is read, not as TEXT; name the output *.jsonl"),
])
def test_an_output_named_for_another_format_is_refused_before_anything_runs(tmp_path, capsys, src, out, message):
    """Probed 2026-12-05: `redact a.txt a.docx` wrote plain text into a file named .docx (Word cannot open it)."""
    from thunder_deid.cli import main

    (tmp_path / src).write_text('{"id": "a", "text": "피고인 홍길동"}\n' if src.endswith(".jsonl") else "피고인 홍길동\n",
                                encoding="utf-8")
    assert main(["redact", str(tmp_path / src), str(tmp_path / out)]) == 2
    assert message.format(out=tmp_path / out) in capsys.readouterr().err and not (tmp_path / out).exists()
