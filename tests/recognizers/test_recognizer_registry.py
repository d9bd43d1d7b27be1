"""A new kind of recognizer is one class behind the registry: apply_patterns runs it with no other change."""

from __future__ import annotations

import re

import pytest

from thunder_deid.document import Document, Span
from thunder_deid.recognizers import Recognizer, apply_patterns, recognizers, register
from thunder_deid.recognizers import base


def test_the_built_in_recognizers_run_in_priority_order():
    assert [r.name for r in recognizers()] == ["fixed_forms", "table_names", "reference_notes", "address_units",
                                                  "legal_forms", "repeated_forms", "repeated_names", "name_lists",
                                                  "business_lists"]


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


def test_apply_patterns_runs_the_recognizers_it_is_given():
    from thunder_deid.errors import ThunderDeidError
    from thunder_deid.recognizers import recognizer_names

    text = "공소외 그린팜 회사의 대표 (9X0315-1XXXXXX)"
    found = lambda names: [(text[s.start:s.end], s.label) for s in apply_patterns(Document("d", text, []), names=names).spans]
    assert found(None) == [("그린팜", "사업체"), ("9X0315-1XXXXXX", "주민등록번호")]
    assert found(["fixed_forms"]) == [("9X0315-1XXXXXX", "주민등록번호")]
    assert found([]) == []
    assert recognizer_names() == [r.name for r in recognizers()]
    with pytest.raises(ThunderDeidError, match=r"unknown recognizer 'fixed_form'"):
        found(["fixed_form"])


def test_the_cli_help_names_every_recognizer():
    import argparse

    from thunder_deid.model.cli import register as register_model_commands
    from thunder_deid.recognizers import recognizer_names

    sub = argparse.ArgumentParser().add_subparsers()
    register_model_commands(sub)
    helps = [a.help for p in sub.choices.values() for a in p._actions if "--without" in a.option_strings]
    assert helps and all(all(n in h for n in recognizer_names()) for h in helps)
