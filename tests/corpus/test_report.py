"""corpus report: counts, level shares, unmapped labels, per-document figures, CLI."""

import json

import pytest

from thunder_deid.cli import main
from thunder_deid.corpus.report import corpus_report, format_report
from thunder_deid.document import Document, Span, write_jsonl

DOCS = [
    Document("fraud/a", "홍길동 A식당 B", [Span(0, 3, "인명", "내국인이름"), Span(4, 5, "식당"), Span(7, 8, "주소", "구아래주소")],
             {"case_type": "fraud"}),
    Document("fraud/b", "C 주식회사", [Span(0, 1, "사업체", "주식회사")], {"case_type": "fraud"}),
    Document("violence/c", "없음", [], {"case_type": "violence"}),
    Document("violence/d", "X", [Span(0, 1, "옛라벨")], {"case_type": "violence"}),
]


@pytest.mark.parametrize(
    "path, expected",
    [
        (("documents",), 4),
        (("spans",), 5),
        (("levels", "leaf", "count"), 2),
        (("levels", "mid", "share"), 0.2),
        (("levels", "top", "count"), 1),
        (("leaf_or_mid", "share"), 0.6),
        (("unmapped", "count"), 1),
        (("unmapped", "labels"), {"옛라벨": 1}),
        (("labels", "인명", "count"), 1),
        (("labels", "주소", "level"), "mid"),
        (("spans_per_document", "mean"), 1.25),
        (("spans_per_document", "max"), 3),
        (("spans_per_document", "zero"), 1),
        (("case_types",), {"fraud": 2, "violence": 2}),
        (("top_level_labels", "사업체"), 2),
        (("distinct_sub_labels",), 3),
    ],
)
def test_report_figures(path, expected):
    r = corpus_report(DOCS)
    for key in path:
        r = r[key]
    assert r == expected


def test_empty_corpus():
    r = corpus_report([])
    assert (r["documents"], r["spans"], r["levels"]["leaf"]["share"]) == (0, 0, 0.0)
    assert "documents" in format_report(r)


def test_cli_text_and_json(tmp_path, capsys):
    path = tmp_path / "c.jsonl"
    write_jsonl(path, DOCS)
    assert main(["corpus", "report", str(path)]) == 0
    text = capsys.readouterr().out
    assert "leaf 2 (40.0%)" in text and "옛라벨 x1" in text and "홍길동" not in text
    assert main(["corpus", "report", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["spans"] == 5
