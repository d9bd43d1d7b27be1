import json

import pytest

from thunder_deid.document import Document, Span, load_jsonl, read_jsonl, write_jsonl
from thunder_deid.errors import DocumentError
from thunder_deid.validate import problems


def test_round_trip_keeps_unknown_fields(tmp_path):
    line = {"id": "a/1", "text": "홍길동은", "category": "fraud",
            "spans": [{"start": 0, "end": 3, "label": "인명", "text": "홍길동", "sub": "내국인", "score": 0.5}]}
    p = tmp_path / "in.jsonl"
    p.write_text(json.dumps(line, ensure_ascii=False) + "\n", encoding="utf-8")
    (doc,) = load_jsonl(p)
    assert doc.meta == {"category": "fraud"} and doc.spans[0].extra == {"text": "홍길동"}
    out = tmp_path / "out.jsonl"
    write_jsonl(out, [doc])
    assert json.loads(out.read_text(encoding="utf-8")) == line


@pytest.mark.parametrize(
    "line, message",
    [
        ("{not json", "in.jsonl:2: invalid JSON"),
        # json's own message ends in "at": it had read "Invalid control character at at column 23"
        ('{"id": "d", "text": "가\t나"}', "in.jsonl:2: invalid JSON (Invalid control character at column 23)"),
        ('{"text": "x"}', "in.jsonl:2: missing field 'id'"),
        ('{"id": "d", "text": "x", "spans": [{"start": 0, "label": "인명"}]}', "in.jsonl:2 (id 'd') span 0: missing field 'end'"),
        ('{"id": "d", "text": "x", "spans": [{"start": "0", "end": 1, "label": "인명"}]}', "must be integers"),
        ('[1, 2]', "expected a JSON object"),
    ],
)
def test_bad_lines_name_file_and_line(tmp_path, line, message):
    p = tmp_path / "in.jsonl"
    p.write_text('{"id": "ok", "text": ""}\n' + line + "\n", encoding="utf-8")
    with pytest.raises(DocumentError) as e:
        list(read_jsonl(p))
    assert message in str(e.value)


@pytest.mark.parametrize(
    "spans, fragment",
    [
        ([Span(0, 3, "인명"), Span(2, 4, "인명")], "span [2, 4) overlaps span [0, 3)"),
        ([Span(0, 9, "인명")], "out of range"),
        ([Span(2, 2, "인명")], "empty or reversed"),
        ([Span(0, 3, "레스토랑")], "unknown label '레스토랑'"),
        ([Span(0, 3, "인명", extra={"text": "김철수"})], "does not match"),
    ],
)
def test_validation_problems(spans, fragment):
    found = problems(Document("d7", "홍길동은", spans))
    assert any(fragment in p and "'d7'" in p for p in found), found
    assert not any("홍길동" in p for p in found), "messages never quote document text"


def test_valid_document_has_no_problems():
    assert problems(Document("d", "홍길동은", [Span(0, 3, "인명", extra={"text": "홍길동"})])) == []


def test_atomic_write_leaves_no_partial_file(tmp_path):
    out = tmp_path / "o.jsonl"
    out.write_text("old\n")

    def gen():
        yield Document("a", "x")
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        write_jsonl(out, gen())
    assert out.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == ["o.jsonl"]


def test_atomic_write_gives_normal_permissions(tmp_path):
    import os

    out = tmp_path / "new.jsonl"
    write_jsonl(out, [Document("a", "x")])
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask
