"""``redact --mode court|surrogate --seed --mapping`` end to end on the tiny random model."""

from __future__ import annotations

import json

from thunder_deid.cli import main
from thunder_deid.document import Document, write_jsonl

TEXT = "피고인은 2020. 3. 5. 피해자 김민준에게 하나은행 계좌(123-456-789012)로 송금하게 하였다.\n\n" * 3


def test_surrogate_mode_is_seeded_and_writes_a_mapping(model_dir, tmp_path):
    inp = tmp_path / "a.jsonl"
    write_jsonl(inp, [Document("a", TEXT, []), Document("b", "피해자 김민준", [])])
    args = ["redact", str(inp), "--mode", "surrogate", "--model", str(model_dir)]
    assert main([args[0], args[1], str(tmp_path / "o1.jsonl"), *args[2:], "--seed", "4",
                 "--mapping", str(tmp_path / "map.jsonl")]) == 0
    assert main([args[0], args[1], str(tmp_path / "o2.jsonl"), *args[2:], "--seed", "4"]) == 0
    out1 = (tmp_path / "o1.jsonl").read_text(encoding="utf-8")
    assert out1 == (tmp_path / "o2.jsonl").read_text(encoding="utf-8")
    rows = [json.loads(x) for x in (tmp_path / "map.jsonl").read_text(encoding="utf-8").splitlines()]
    assert rows and {r["document"] for r in rows} <= {"a", "b"}
    texts = {json.loads(x)["id"]: json.loads(x)["text"] for x in out1.splitlines()}
    for r in rows:
        assert r["original"] in TEXT and r["replacement"] in texts[r["document"]]
    # an existing mapping table is never replaced, and nothing is written when refused
    assert main([args[0], args[1], str(tmp_path / "o3.jsonl"), *args[2:], "--mapping", str(tmp_path / "map.jsonl")]) == 2
    assert not (tmp_path / "o3.jsonl").exists()


def test_court_mode_on_a_text_file(model_dir, tmp_path, capsys):
    inp = tmp_path / "a.txt"
    inp.write_text(TEXT, encoding="utf-8")
    assert main(["redact", str(inp), str(tmp_path / "a.court.txt"), "--mode", "court", "--model", str(model_dir),
                 "--mapping", str(tmp_path / "m.jsonl")]) == 0
    rows = [json.loads(x) for x in (tmp_path / "m.jsonl").read_text(encoding="utf-8").splitlines()]
    out = (tmp_path / "a.court.txt").read_text(encoding="utf-8")
    assert rows and all(r["replacement"] in out and r["document"] == "a" for r in rows)  # the id rule: name without suffix
    assert "김민준" not in capsys.readouterr().err  # document text is never logged


def test_mapping_as_csv_for_a_spreadsheet_and_private(model_dir, tmp_path):
    """A ``.csv`` table opens in Excel with its Hangul (UTF-8 with BOM), a formula-like cell is quoted, and the
    table, which holds the personal data the output removed, is readable by its owner alone."""
    import csv
    import io
    import stat

    from thunder_deid.document import Span
    from thunder_deid.operators import get_operator
    from thunder_deid.operators.mapping import mapping_rows, write_mapping

    inp = tmp_path / "a.txt"
    inp.write_text(TEXT, encoding="utf-8")
    assert main(["redact", str(inp), str(tmp_path / "a.out.txt"), "--mode", "court", "--model", str(model_dir),
                 "--mapping", str(tmp_path / "m.csv")]) == 0
    raw = (tmp_path / "m.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"), newline="")))  # a cell may hold a line end
    assert rows and set(rows[0]) == {"document", "label", "original", "replacement"}
    unquoted = [r["original"][1:] if r["original"][:2] in ("'=", "'+", "'-", "'@") else r["original"] for r in rows]
    assert all(o in TEXT for o in unquoted) and all(r["document"] == "a" for r in rows)
    assert stat.S_IMODE((tmp_path / "m.csv").stat().st_mode) == 0o600
    doc = Document("d", "=HYPERLINK(1)에게", [Span(0, 13, "인명")])
    write_mapping(tmp_path / "f.csv", mapping_rows(doc, get_operator("mask").replacements(doc)))
    (row,) = csv.DictReader((tmp_path / "f.csv").read_text(encoding="utf-8-sig").splitlines())
    assert row["original"] == "'=HYPERLINK(1)"
    write_mapping(tmp_path / "f.jsonl", mapping_rows(doc, get_operator("mask").replacements(doc)))
    assert json.loads((tmp_path / "f.jsonl").read_text(encoding="utf-8"))["original"] == "=HYPERLINK(1)"
    assert stat.S_IMODE((tmp_path / "f.jsonl").stat().st_mode) == 0o600


def _cli(args: list[str], stdin: bytes, tmpdir=None):
    import os
    import subprocess
    import sys

    code = "import sys; from thunder_deid.cli import main; sys.exit(main(sys.argv[1:]))"
    env = {**os.environ, **({"TMPDIR": str(tmpdir)} if tmpdir else {})}
    return subprocess.run([sys.executable, "-c", code, *args], input=stdin, capture_output=True, timeout=300, env=env)


def test_standard_input_and_output_through_real_pipes(model_dir, tmp_path):
    """``redact - -``: text in on a pipe, text out on a pipe, in its own encoding (CP949 stays CP949), the
    summary on standard error; a DOCX cannot go to standard output; nothing is left in the temporary folder."""
    own_tmp = tmp_path / "tmp"  # the run's own temporary folder: other processes' runs leave theirs elsewhere
    own_tmp.mkdir()
    r = _cli(["redact", "-", "-", "--mode", "mask", "--model", str(model_dir), "--threads", "1"],
             "피고인 김민준은\r\n하나은행에\r\n".encode("cp949"), own_tmp)
    assert r.returncode == 0, r.stderr.decode()
    out = r.stdout.decode("cp949")
    assert out.endswith("\r\n") and out.count("\r\n") == 2 and out.startswith("피고인 ")
    assert b"redacted 1 file(s)" in r.stderr and b"redacted" not in r.stdout
    assert not list(own_tmp.iterdir())
    inp = tmp_path / "a.txt"
    inp.write_text(TEXT, encoding="utf-8")
    r = _cli(["redact", str(inp), "-", "--mode", "json", "--model", str(model_dir), "--threads", "1"], b"")
    assert r.returncode == 0 and json.loads(r.stdout)["text"] == TEXT
    docx = tmp_path / "a.docx"
    docx.write_bytes(b"PK")
    r = _cli(["redact", str(docx), "-", "--model", str(model_dir)], b"")
    assert r.returncode == 2 and b"output -: a .docx document is written as a file" in r.stderr
