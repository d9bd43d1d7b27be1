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
