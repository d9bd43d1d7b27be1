"""Output modes: how the detected spans of a document become the text people publish.

An :class:`Operator` turns a :class:`~thunder_deid.document.Document` (text + spans) into
:class:`Replacement` objects: sorted, non-overlapping ``[start, end)`` ranges of the **source** text and
the text that takes their place. :func:`apply` splices them into the text, so every character outside a
replacement is unchanged. A replacement whose ``label`` is set stands for a mention; one with ``label=None``
is the repair of the particle after a mention (``김민준은`` -> ``A는``: ``은`` -> ``는``).

Writers of other formats (DOCX, HWPX …) call ``operator.replacements(doc)`` on the document's plain text
and apply the same ranges inside their own containers (runs, paragraphs), instead of :func:`apply`.

=========  ==============================================================================================
mode       output
=========  ==============================================================================================
tag        ``<<<김민준:인명>>>은`` -- the inline format, for review
mask       ``[인명]은``
court      law.go.kr style: ``피고인 A는``, ``(주소 생략)으로``, ``○○식당``
surrogate  seeded realistic pseudonyms, one per mention group: ``피고인 이영수는``
json       Document JSON (text unchanged, spans with scores); no replacements
=========  ==============================================================================================

    >>> from thunder_deid.document import Document, Span
    >>> doc = Document("d", "피고인 김민준은 하나은행에", [Span(4, 7, "인명"), Span(9, 13, "은행업")])
    >>> render(doc, "court")
    '피고인 A는 ○○은행에'
    >>> render(doc, "mask")
    '피고인 [인명]은 [은행업]에'

A new mode is one module in this package with a subclass of :class:`Operator` decorated by
:func:`register`; it is found by :func:`operator_names` / :func:`get_operator` without other changes.
"""

from __future__ import annotations

from thunder_deid.document import Document
from thunder_deid.operators.base import Operator, Replacement, apply, get_operator, operator_names, register


def render(doc: Document, mode: str, **options) -> str:
    """The text of ``doc`` in output mode ``mode`` (options go to the operator, e.g. ``seed=7``)."""
    return get_operator(mode, **options).render(doc)


__all__ = ["Operator", "Replacement", "apply", "get_operator", "operator_names", "register", "render"]
