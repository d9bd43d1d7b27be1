"""Parquet and JSONL shards read into the same Documents; bad shards name the file and row."""

from __future__ import annotations

import json

import pytest

from thunder_deid.document import Document, Span, read_jsonl, write_jsonl
from thunder_deid.errors import DocumentError, ThunderDeidError
from thunder_deid.shards import read_documents, shard_files

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

DOCS = [Document("d1", "피고인 홍길동은 2020. 3. 5.", [Span(4, 7, "인명", score=0.97)], {"court": "서울중앙지방법원"}),
        Document("d2", "피해자 김민준에게", [], {}),
        Document("d3", "계좌(123-456)로", [Span(3, 10, "계좌번호")], {"court": "부산지방법원", "year": 2020})]


def _write_parquet(path, docs):
    rows = [d.to_dict() for d in docs]
    keys = list(dict.fromkeys(k for r in rows for k in r))  # every column, null where a document lacks it
    pq.write_table(pa.table({k: [r.get(k) for r in rows] for k in keys}), path)


def test_parquet_shard_reads_as_the_jsonl_it_was_made_from(tmp_path):
    write_jsonl(tmp_path / "a.jsonl", DOCS)
    _write_parquet(tmp_path / "a.parquet", DOCS)
    from_jsonl = [d.to_dict() for d in read_jsonl(tmp_path / "a.jsonl")]
    from_parquet = [d.to_dict() for d in read_documents(tmp_path / "a.parquet")]
    # the struct column gives every span every field; nulls are dropped, so the documents are equal
    assert from_parquet == from_jsonl
    assert from_parquet[0]["spans"] == [{"start": 4, "end": 7, "label": "인명", "score": 0.97}]
    assert "year" not in from_parquet[0] and from_parquet[2]["year"] == 2020


def test_meta_column_of_json_text_is_unpacked(tmp_path):
    pq.write_table(pa.table({"id": ["x"], "text": ["가나다"], "meta": [json.dumps({"court": "대법원"})]}),
                   tmp_path / "m.parquet")
    assert next(read_documents(tmp_path / "m.parquet")).meta == {"court": "대법원"}


def test_bad_parquet_shards_name_file_and_row(tmp_path):
    pq.write_table(pa.table({"id": ["a"], "body": ["x"]}), tmp_path / "nocol.parquet")
    with pytest.raises(DocumentError, match=r"nocol\.parquet: Parquet shard lacks column\(s\) text"):
        list(read_documents(tmp_path / "nocol.parquet"))
    pq.write_table(pa.table({"id": ["a", "b"], "text": ["x", None]}), tmp_path / "null.parquet")
    with pytest.raises(DocumentError, match=r"null\.parquet: row 2: missing field 'text'"):
        list(read_documents(tmp_path / "null.parquet"))
    (tmp_path / "junk.parquet").write_bytes(b"not parquet at all")
    with pytest.raises(DocumentError, match=r"junk\.parquet: not a readable Parquet file"):
        list(read_documents(tmp_path / "junk.parquet"))


def test_shard_folder_is_one_kind_in_name_order(tmp_path):
    for name in ("b.parquet", "a.parquet", "notes.txt"):
        (tmp_path / name).write_bytes(b"")
    assert [f.name for f in shard_files([tmp_path])] == ["a.parquet", "b.parquet"]
    (tmp_path / "c.jsonl").write_text("", encoding="utf-8")
    with pytest.raises(ThunderDeidError, match="mixes JSONL and Parquet"):
        shard_files([tmp_path])


def test_predict_command_reads_parquet(tmp_path, model_dir):
    from thunder_deid.cli import main

    write_jsonl(tmp_path / "in.jsonl", DOCS)
    _write_parquet(tmp_path / "in.parquet", DOCS)
    for src in ("in.jsonl", "in.parquet"):
        assert main(["predict", str(tmp_path / src), str(tmp_path / f"{src}.out"), "--model", str(model_dir),
                     "--threads", "1"]) == 0
    assert (tmp_path / "in.parquet.out").read_bytes() == (tmp_path / "in.jsonl.out").read_bytes()
