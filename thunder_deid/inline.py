"""The inline annotation format of appendix A.2: ``<<<MENTION:LABEL>>>`` or ``<<<MENTION:LABEL:SUB>>>``.

    >>> doc = parse_inline("피해자 공소외 <<<2:인명>>>에게 <<<A:식당:한식당>>>식당에서", doc_id="d1")
    >>> doc.text
    '피해자 공소외 2에게 A식당에서'
    >>> [(doc.span_text(s), s.label, s.sub) for s in doc.spans]
    [('2', '인명', None), ('A', '식당', '한식당')]
    >>> render_inline(doc)
    '피해자 공소외 <<<2:인명>>>에게 <<<A:식당:한식당>>>식당에서'

Mentions may contain colons (``<<<10:30:시간정보>>>``): the label is found from the right, as the last
colon-separated field that is a taxonomy label, and anything after it is the sub-label. So parse is the
inverse of render for every document whose labels are taxonomy nodes. Labels outside the taxonomy are
an error unless ``allow_unknown=True`` (then the last field is the label).
"""

from __future__ import annotations

import re

from thunder_deid.document import Document, Span
from thunder_deid.errors import InlineFormatError
from thunder_deid.taxonomy import Taxonomy, load_taxonomy

OPEN, CLOSE = "<<<", ">>>"
_MARKER = re.compile(r"<<<(.*?)>>>", re.S)


def _split_body(body: str, tax: Taxonomy, allow_unknown: bool) -> tuple[str, str, str | None] | None:
    parts = body.split(":")
    if len(parts) < 2:
        return None
    if len(parts) >= 3 and parts[-2] in tax and ":" not in parts[-2]:
        return ":".join(parts[:-2]), parts[-2], parts[-1]
    if parts[-1] in tax:
        return ":".join(parts[:-1]), parts[-1], None
    if allow_unknown:
        return ":".join(parts[:-1]), parts[-1], None
    return None


def parse_inline(
    text: str,
    doc_id: str = "",
    *,
    taxonomy: Taxonomy | None = None,
    allow_unknown: bool = False,
    source: str | None = None,
) -> Document:
    """Strip ``<<<MENTION:LABEL[:SUB]>>>`` markers into a :class:`Document` with character spans.

    Errors name ``source`` (a file) or the document id, the line and character offset of the marker.
    """
    tax = taxonomy or load_taxonomy()
    where = source or f"document {doc_id!r}"
    out: list[str] = []
    spans: list[Span] = []
    pos = 0
    length = 0
    for m in _MARKER.finditer(text):
        between = text[pos : m.start()]
        _check_plain(between, text, pos, where)
        out.append(between)
        length += len(between)
        body = m.group(1)
        if OPEN in body:
            raise InlineFormatError(f"{where}: {_loc(text, m.start())}: unbalanced '<<<' (a marker opens inside a marker)")
        split = _split_body(body, tax, allow_unknown)
        if split is None:
            label = body.rsplit(":", 1)[-1] if ":" in body else ""
            what = f"unknown label {label!r}" if label else "marker without ':LABEL'"
            raise InlineFormatError(f"{where}: {_loc(text, m.start())}: {what}")
        mention, label, sub = split
        if not mention:
            raise InlineFormatError(f"{where}: {_loc(text, m.start())}: empty mention")
        spans.append(Span(length, length + len(mention), label, sub or None))
        out.append(mention)
        length += len(mention)
        pos = m.end()
    _check_plain(text[pos:], text, pos, where)
    out.append(text[pos:])
    return Document(doc_id, "".join(out), spans)


def _check_plain(chunk: str, text: str, offset: int, where: str) -> None:
    for token, what in ((OPEN, "'<<<' without a closing '>>>'"), (CLOSE, "'>>>' without an opening '<<<'")):
        i = chunk.find(token)
        if i >= 0:
            raise InlineFormatError(f"{where}: {_loc(text, offset + i)}: unbalanced marker: {what}")


def _loc(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {col} (offset {offset})"


def render_inline(doc: Document) -> str:
    """Insert ``<<<MENTION:LABEL[:SUB]>>>`` markers; spans must not overlap."""
    parts: list[str] = []
    pos = 0
    for s in doc.spans:
        if not 0 <= s.start < s.end <= len(doc.text):
            raise InlineFormatError(f"document {doc.id!r}: span [{s.start}, {s.end}) is empty or out of range "
                                    f"for a text of {len(doc.text)} characters")
        if s.start < pos:
            raise InlineFormatError(f"document {doc.id!r}: overlapping spans at offset {s.start} cannot be written inline")
        parts.append(doc.text[pos : s.start])
        parts.append(f"{OPEN}{doc.text[s.start:s.end]}:{s.full_label}{CLOSE}")
        pos = s.end
    parts.append(doc.text[pos:])
    return "".join(parts)
