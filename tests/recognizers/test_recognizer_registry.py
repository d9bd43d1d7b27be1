"""A new kind of recognizer is one class behind the registry: apply_patterns runs it with no other change."""

from __future__ import annotations

import re

import pytest

from thunder_deid.document import Document, Span
from thunder_deid.recognizers import Recognizer, apply_patterns, recognizers, register
from thunder_deid.recognizers import base


def test_the_built_in_recognizers_run_in_priority_order():
    assert [r.name for r in recognizers()] == ["fixed_forms", "table_names", "reference_notes", "legal_forms", "repeated_names"]


def test_a_registered_recognizer_joins_apply_patterns(monkeypatch):
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))

    @register
    class InHouseCaseNumbers(Recognizer):
        name = "in_house_case_numbers"
        priority = 50

        def find(self, doc: Document) -> list[Span]:
            return [Span(m.start(1), m.end(1), "재판사건번호", score=1.0)
                    for m in re.finditer(r"내부번호 (TD-\d{4})", doc.text)]

    text = "내부번호 TD-2024 사건의 피해자 김서윤"
    at = text.index
    model = [Span(at("TD"), at("TD") + 2, "아이디"), Span(at("김서윤"), at("김서윤") + 3, "인명")]
    out = apply_patterns(Document("d", text, model))
    assert [(text[s.start:s.end], s.label) for s in out.spans] == [("TD-2024", "재판사건번호"), ("김서윤", "인명")]


def test_an_earlier_recognizer_wins_an_overlap(monkeypatch):
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))

    @register
    class Digits(Recognizer):
        name = "digit_runs"
        priority = 99

        def find(self, doc: Document) -> list[Span]:
            return [Span(m.start(), m.end(), "계좌번호", score=1.0) for m in re.finditer(r"\d{4}", doc.text)]

    text = "연락처 010-4821-7736, 비밀번호 5555"
    out = apply_patterns(Document("d", text, []))
    assert [(text[s.start:s.end], s.label) for s in out.spans] == [("010-4821-7736", "전화번호"), ("5555", "계좌번호")]


def test_a_name_is_registered_once():
    class Again(Recognizer):
        name = "fixed_forms"

    with pytest.raises(ValueError, match="fixed_forms"):
        register(Again)
