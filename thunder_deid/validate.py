"""Document validation: every problem names the document id, the span and the character offset.

    >>> from thunder_deid.document import Document, Span
    >>> problems(Document("d1", "홍길동은", [Span(0, 3, "인명"), Span(2, 4, "인명")]))
    ["document 'd1': span [2, 4) overlaps span [0, 3)"]
"""

from __future__ import annotations

from typing import Iterable, Iterator

from thunder_deid.document import Document
from thunder_deid.errors import DocumentError
from thunder_deid.taxonomy import Taxonomy, load_taxonomy


def problems(doc: Document, *, taxonomy: Taxonomy | None = None, check_labels: bool = True,
             allow_overlap: bool = False) -> list[str]:
    """All problems of one document (empty when it is valid)."""
    tax = taxonomy or load_taxonomy()
    out: list[str] = []
    n = len(doc.text)
    prev_end, prev_i = -1, -1
    for i, s in enumerate(doc.spans):
        # a span is named by its offsets: an index would count in start order, not the file's
        where = f"document {doc.id!r}: span [{s.start}, {s.end})"
        if not (0 <= s.start < s.end <= n):
            out.append(f"{where} is out of range for a text of {n} characters" if s.start < s.end
                       else f"{where} is empty or reversed")
            continue
        if not allow_overlap and s.start < prev_end:
            out.append(f"{where} overlaps span [{doc.spans[prev_i].start}, {prev_end})")
        if s.end > prev_end:
            prev_end, prev_i = s.end, i
        expected = s.extra.get("text")
        if expected is not None and not isinstance(expected, str):
            out.append(f"{where}: its 'text' field is not a string")
        elif isinstance(expected, str) and expected != doc.text[s.start : s.end]:
            out.append(f"{where}: its 'text' field does not match the document text at that offset")
        if check_labels and s.label not in tax:
            out.append(f"{where}: unknown label {s.label!r}{tax.did_you_mean(s.label)}")
    return out


def file_problems(docs: Iterable[Document], **kw) -> Iterator[list[str]]:
    """The problems of a file's documents, one list per document (:func:`problems`, ``kw`` passed on, and an id an
    earlier document has: eval and train refuse it, one document's scores or windows would count twice), then
    ``["no documents"]`` for a file that holds none.

        >>> list(file_problems([Document("a", "가", []), Document("a", "나", [])])), list(file_problems([]))
        ([[], ["document 'a': duplicate document id"]], [['no documents']])
    """
    ids: set[str] = set()
    for doc in docs:
        found = problems(doc, **kw)
        if doc.id in ids:
            found.append(f"document {doc.id!r}: duplicate document id")
        ids.add(doc.id)
        yield found
    if not ids:
        yield ["no documents"]


def validate(docs: Iterable[Document], **kw) -> None:
    """Raise :class:`DocumentError` listing the first problems found (up to 20)."""
    found: list[str] = []
    for d in docs:
        found.extend(problems(d, **kw))
        if len(found) >= 20:
            break
    if found:
        raise DocumentError("; ".join(found[:20]) + (" …" if len(found) > 20 else ""))
