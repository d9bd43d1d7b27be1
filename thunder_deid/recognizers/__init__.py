"""Recognizers: the second line after the tagger, spans found by what the text shows.

The tagger learns from judgments and misses or mistypes what it rarely saw there: fixed-form numbers in a
header, a name in a table's cell, an address's reference note. Each kind is one module here with a subclass of
:class:`Recognizer` decorated by :func:`register` (Presidio's ``PatternRecognizer`` is the model), and
:func:`apply_patterns` runs them all over the tagger's spans:

====================  ===============  ============================================================================
recognizer            module           finds
====================  ===============  ============================================================================
``fixed_forms``       patterns         resident, phone, card, licence, business and passport numbers, e-mail, IP,
                                       links, plates, birth dates, account names; party names in a header line;
                                       Hanja and Latin names after a person's role word
``table_names``       tables           the Korean names in a table's person column (``피해자``, ``성명`` …)
``reference_notes``   addresses        the dong and building of a road-name address's note ``(우동, 센텀파크)``
``address_units``     addresses        a building's dong and room chained to an address the tagger read without
                                       them: ``반포대로 58, 101동 202호``
``legal_forms``       legal_forms      a business's name between a role word and its legal form:
                                       ``공소외 삼우 주식회사``
``repeated_forms``    legal_forms      a business named twice before its legal form without a role word:
                                       ``중한 회사가 … 중한 회사의``
``repeated_names``    repeated_names   a Korean name the tagger missed, after role words through the document:
                                       ``피고인 주꽃님은 … 피고인 주꽃님의``
``name_lists``        name_lists       a Korean name the tagger missed between two it read in a list of names:
                                       ``박태섭, 송성실, 정샛별``
``business_lists``    business_lists   a business of a list the tagger passed over, by the type word a read one
                                       keeps: ``남산역점, 석남역점, 청라역점``
====================  ===============  ============================================================================

A match *replaces* every model span it overlaps (a phone number the model called ``계좌번호`` becomes one
``전화번호`` span); an earlier recognizer wins an overlap with a later one. Then the names of officials acting
in office lose their model spans (:mod:`~thunder_deid.recognizers.officials`), a Vietnamese-style name read in
part is finished (:mod:`~thunder_deid.recognizers.foreign`), and each detected person, business or
organisation's Hanja or Latin gloss becomes a span linked to it (:mod:`~thunder_deid.recognizers.glosses`).

    >>> from thunder_deid.document import Document, Span
    >>> doc = Document("d", "피고인 (9X0315-1XXXXXX), 휴대전화(010-4821-7736)", [Span(20, 33, "계좌번호")])
    >>> [(s.label, doc.text[s.start:s.end]) for s in apply_patterns(doc).spans]
    [('주민등록번호', '9X0315-1XXXXXX'), ('전화번호', '010-4821-7736')]
    >>> [r.name for r in recognizers()]
    ['fixed_forms', 'table_names', 'reference_notes', 'address_units', 'legal_forms', 'repeated_forms', 'repeated_names', 'name_lists', 'business_lists']

Recognizers are on by default in ``predict``, ``redact`` and :func:`thunder_deid.load`; ``--no-patterns``
(``patterns=False``) gives the tagger's spans alone, which is what the benchmark figures score, and ``--without
NAME`` (``patterns=`` the names of those to run) leaves one out where it misreads a domain's text. A policy file's
``recognizers`` (:mod:`thunder_deid.policy`) are a :class:`PatternRecognizer` of its own.
"""

from __future__ import annotations

import importlib
from typing import Collection

from thunder_deid.consistency import Ranges
from thunder_deid.document import Document, Span
from thunder_deid.recognizers.base import (Pattern, PatternRecognizer, Recognizer, find_patterns, overlay, recognizer_names,
                                          recognizers, register)
from thunder_deid.recognizers.foreign import whole_foreign_names
from thunder_deid.recognizers.glosses import with_glosses
from thunder_deid.recognizers.officials import is_official, named_only_in_office, office_words, official_zones
from thunder_deid.taxonomy.policy import prediction_target


for _module in ("patterns", "tables", "addresses", "legal_forms", "repeated_names", "name_lists",
                "business_lists"):  # the built-in recognizers register themselves on import
    importlib.import_module(f"thunder_deid.recognizers.{_module}")


def apply_patterns(doc: Document, level: str = "leaf", names: Collection[str] | None = None) -> Document:
    """``doc`` with every registered recognizer's spans added (or those of the recognizers ``names`` names) and
    the model spans they overlap removed; ``level`` collapses their labels like the model's targets
    (``--target-level``)."""
    found: list[Span] = []
    taken = Ranges(())
    for r in recognizers(names):
        for s in r.find(doc):
            if not taken.overlaps(s.start, s.end):
                found.append(s)
                taken.add(s.start, s.end)
    found.sort(key=lambda s: s.start)
    zones = official_zones(doc.text)
    if found or zones:
        name = prediction_target("인명", level)  # type: ignore[arg-type]
        if level != "leaf":
            found = [f.with_label(prediction_target(f.label, level)) for f in found]  # type: ignore[arg-type]
        words = office_words(doc.text, zones)
        kept = [s for s in doc.spans if not (s.label == name and (is_official(doc.text, s, zones)
                                                                  or named_only_in_office(doc.text, s, zones, words)))]
        doc = overlay(doc.with_spans(kept), found)
    return with_glosses(whole_foreign_names(doc))


__all__ = ["Pattern", "PatternRecognizer", "Recognizer", "apply_patterns", "find_patterns", "overlay", "recognizer_names",
           "recognizers", "register"]
