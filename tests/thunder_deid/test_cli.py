import json

import pytest

from thunder_deid.cli import build_parser, main
from thunder_deid.document import load_jsonl


def test_taxonomy_stats_json(capsys):
    assert main(["taxonomy", "stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"top": 8, "mid": 43, "leaf": 195}


@pytest.mark.parametrize("labels, rc", [(["인명", "식당:한식당"], 0), (["인명", "레스토랑"], 1)])
def test_taxonomy_check(labels, rc, capsys):
    assert main(["taxonomy", "check", *labels]) == rc
    assert "INVALID" in capsys.readouterr().out if rc else True


def test_taxonomy_show_subtree(capsys):
    main(["taxonomy", "show", "이름"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("B.1.1 이름") and len(out) == 5


def test_every_subcommand_has_help_with_example():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for name, p in sub.choices.items():
        text = p.format_help()
        assert "example" in text, f"`thunder-deid {name} --help` lacks an example"


def test_convert_round_trip(tmp_path, capsys):
    src = tmp_path / "in" / "fraud"
    src.mkdir(parents=True)
    (src / "doc1.txt").write_text("피해자 공소외 <<<2:인명>>>에게 <<<A:식당:한식당>>>식당에서", encoding="utf-8")
    (src / "doc2.md").write_text("표시 없음", encoding="utf-8")
    out = tmp_path / "docs.jsonl"
    assert main(["convert", str(tmp_path / "in"), str(out)]) == 0
    docs = load_jsonl(out)
    assert [d.id for d in docs] == ["fraud/doc1", "fraud/doc2"]
    assert docs[0].spans[1].sub == "한식당"
    back = tmp_path / "back"
    assert main(["convert", str(out), str(back)]) == 0
    assert (back / "fraud" / "doc1.txt").read_text(encoding="utf-8") == (src / "doc1.txt").read_text(encoding="utf-8")


def test_convert_error_names_file_and_keeps_output_absent(tmp_path, capsys):
    (tmp_path / "bad.txt").write_text("앞 <<<홍길동:레스토랑>>>", encoding="utf-8")
    out = tmp_path / "o.jsonl"
    assert main(["convert", str(tmp_path / "bad.txt"), str(out)]) == 2
    err = capsys.readouterr().err
    assert "bad.txt" in err and "레스토랑" in err and "홍길동" not in err
    assert not out.exists()


def test_convert_refuses_to_overwrite_input(tmp_path):
    p = tmp_path / "a.jsonl"
    p.write_text('{"id": "x", "text": "t"}\n')
    assert main(["convert", str(p), str(p)]) == 2
    assert p.read_text() == '{"id": "x", "text": "t"}\n'


def test_validate_reports_problems(tmp_path, capsys):
    p = tmp_path / "a.jsonl"
    p.write_text(json.dumps({"id": "x", "text": "홍길동", "spans": [{"start": 0, "end": 9, "label": "인명"}]}) + "\n")
    assert main(["validate", str(p)]) == 1
    assert "out of range" in capsys.readouterr().out
