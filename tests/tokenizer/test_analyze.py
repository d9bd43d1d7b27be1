"""Clean span coverage and the analysis table."""

from __future__ import annotations

import pytest

from thunder_deid.document import Span
from thunder_deid.tokenizer.analyze import analyze, clean_spans, format_table


@pytest.mark.parametrize("text, offsets, span, clean", [
    ("홍길동은 왔다", [(0, 3), (3, 4), (5, 7)], (0, 3), True),
    ("홍길동은 왔다", [(0, 2), (2, 4), (5, 7)], (0, 3), False),          # "동은" carries the particle
    ("피해자 홍길동은", [(0, 3), (3, 7), (7, 8)], (4, 7), True),          # a leading space is fine
    ("피해자 홍길동은", [(0, 3), (4, 8)], (4, 7), False),
    ("삼성 전자 직원", [(0, 2), (2, 5), (5, 8)], (0, 5), True),
    ("홍길동", [(0, 1), (0, 1), (1, 3)], (0, 3), True),                   # byte tokens share a character
    ("A홍길동", [(0, 2), (2, 4)], (1, 4), False),
])
def test_clean_spans(text, offsets, span, clean):
    assert clean_spans(text, offsets, [Span(span[0], span[1], "인명")]) == int(clean)


def test_analyze_rows(tiny_base, tiny_train):
    rows = analyze(tiny_train, [f"bpe:{tiny_base}", f"char:{tiny_base}"], max_docs=20)
    bpe, char = rows
    assert char["clean_coverage"] == 1.0 and char["bio_ceiling_strict_typed_f1"] == 1.0
    assert bpe["tokens_per_1k"] < char["tokens_per_1k"]
    assert bpe["clean_coverage"] < 1.0  # names glued to particles
    assert "clean cov." in format_table(rows)
