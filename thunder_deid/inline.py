"""The inline annotation format of appendix A.2: ``<<<MENTION:LABEL>>>`` or ``<<<MENTION:LABEL:SUB>>>``.

    >>> doc = parse_inline("피해자 공소외 <<<2:인명>>>에게 <<<A:식당:한식당>>>식당에서", doc_id="d1")
    >>> doc.text
    '피해자 공소외 2에게 A식당에서'
    >>> [(doc.span_text(s), s.label, s.sub) for s in doc.spans]
    [('2', '인명', None), ('A', '식당', '한식당')]
    >>> render_inline(doc)
    '피해자 공소외 <<<2:인명>>>에게 <<<A:식당:한식당>>>식당에서'

Mentions may contain colons (``<<<10:30:시간정보>>>``): the label is found from the right, as the last
colon-separated field that is a taxonomy label, and anything after it is the sub-label. Labels outside
the taxonomy are an error unless ``allow_unknown=True`` (then the last field is the label).

**Escapes.** A backslash before ``\\``, ``<``, ``>`` or ``:`` makes that character plain text; before
any other character it is itself plain text, so files written before escapes existed read as they did
unless they hold one of those four pairs.
:func:`render_inline` escapes only what would otherwise be misread, so parse is the inverse of render for
every text: ``<`` and ``>`` next to one of the same kind or next to a marker (text that already holds
``<<<홍길동:인명>>>``, a stray ``>>>``), a backslash before an escapable character or a marker, and the
colons of a mention that the from-the-right rule would split wrongly (``A:인명`` tagged ``주소``):

    >>> d = Document("d", "글 <<<홍길동:인명>>> 그대로, A:인명", [Span(20, 24, "주소")])
    >>> print(render_inline(d))
    글 \\<\\<\\<홍길동:인명\\>\\>\\> 그대로, <<<A\\:인명:주소>>>
    >>> parse_inline(render_inline(d), "d") == d
    True
"""

from __future__ import annotations

import re

from thunder_deid.document import Document, Span
from thunder_deid.errors import InlineFormatError
from thunder_deid.taxonomy import Taxonomy, load_taxonomy

OPEN, CLOSE, ESC = "<<<", ">>>", "\\"
_ESCAPABLE = "\\<>:"
_TOKEN = re.compile(r"\\[\\<>:]|<<<|>>>|:")


def _split_body(parts: list[str], tax: Taxonomy, allow_unknown: bool) -> tuple[str, str, str | None] | None:
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
    """Strip ``<<<MENTION:LABEL[:SUB]>>>`` markers (and escapes) into a :class:`Document` with character spans.

    Errors name ``source`` (a file) or the document id, the line and character offset of the marker.
    """
    tax = taxonomy or load_taxonomy()
    where = source or f"document {doc_id!r}"
    out: list[str] = []      # the plain text so far
    fields: list[str] | None = None  # inside a marker: its colon-separated fields so far
    opened = length = pos = 0
    spans: list[Span] = []
    for m in _TOKEN.finditer(text):
        plain, tok = text[pos:m.start()], m.group()
        pos = m.end()
        if fields is None:
            if tok == CLOSE:
                raise InlineFormatError(f"{where}: {_loc(text, m.start())}: unbalanced marker: "
                                        "'>>>' without an opening '<<<'")
            if tok == OPEN:
                out.append(plain)
                length += len(plain)
                fields, opened = [""], m.start()
            else:
                out.append(plain + (tok[1] if tok[0] == ESC else tok))
                length += len(out[-1])
            continue
        fields[-1] += plain
        if tok == OPEN:
            raise InlineFormatError(f"{where}: {_loc(text, opened)}: unbalanced '<<<' (a marker opens inside a marker)")
        if tok == ":":
            fields.append("")
        elif tok[0] == ESC:
            fields[-1] += tok[1]
        else:
            mention = _marker(fields, tax, allow_unknown, where, text, opened)
            spans.append(Span(length, length + len(mention[0]), mention[1], mention[2] or None))
            out.append(mention[0])
            length += len(mention[0])
            fields = None
    if fields is not None:
        raise InlineFormatError(f"{where}: {_loc(text, opened)}: unbalanced marker: '<<<' without a closing '>>>'")
    out.append(text[pos:])
    return Document(doc_id, "".join(out), spans)


def _marker(fields: list[str], tax: Taxonomy, allow_unknown: bool, where: str, text: str, at: int
            ) -> tuple[str, str, str | None]:
    split = _split_body(fields, tax, allow_unknown)
    if split is None:
        label = fields[-1] if len(fields) > 1 else ""
        what = f"unknown label {label!r}{tax.did_you_mean(label)}" if label else "marker without ':LABEL'"
        raise InlineFormatError(f"{where}: {_loc(text, at)}: {what}")
    if not split[0]:
        raise InlineFormatError(f"{where}: {_loc(text, at)}: empty mention")
    return split


def _loc(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {col} (offset {offset})"


def _escapes(chunk: str, offset: int, marker_before: bool, marker_after: bool) -> list[int]:
    """Source offsets (``offset`` + index) in ``chunk`` that need a backslash before them: ``<``/``>`` next
    to the same bracket or to a marker, a backslash before an escapable character or a marker."""
    out = []
    n = len(chunk)
    for i, c in enumerate(chunk):
        nxt = chunk[i + 1] if i + 1 < n else None
        if c == ESC:
            need = nxt in _ESCAPABLE if nxt else marker_after
        elif c in "<>":
            prev = chunk[i - 1] if i else None
            need = prev == c or nxt == c or (c == "<" and nxt is None and marker_after) \
                or (c == ">" and prev is None and marker_before)
        else:
            continue
        if need:
            out.append(offset + i)
    return out


def _escape(chunk: str, colons: bool = False) -> str:
    """A mention as written inside a marker (every colon escaped when ``colons``)."""
    at = set(_escapes(chunk, 0, True, True))
    return "".join(ESC + c if i in at or (colons and c == ":") else c for i, c in enumerate(chunk))


def _mention(mention: str, label: str, sub: str | None, tax: Taxonomy) -> str:
    """The mention as written inside a marker: its colons escaped only if reading would split it wrongly."""
    plain = _escape(mention)
    fields = plain.split(":") + [label] + ([sub] if sub else [])
    if ":" not in mention or (ESC not in plain and _split_body(fields, tax, True) == (mention, label, sub)):
        return plain
    return _escape(mention, colons=True)


def inline_edits(doc: Document, taxonomy: Taxonomy | None = None) -> list[tuple[int, int, str, str | None]]:
    """``(start, end, text, label)`` edits of the source text that make its inline form, in order: a marker
    in place of each span (``label`` set) and a backslash inserted before each character that needs one
    (``start == end``, ``label`` None). Spans must not overlap.

        >>> [(a, b, len(t), label) for a, b, t, label in inline_edits(Document("d", "홍길동>>>", [Span(0, 3, "인명")]))]
        [(0, 3, 12, '인명'), (3, 3, 1, None), (4, 4, 1, None), (5, 5, 1, None)]
    """
    tax = taxonomy or load_taxonomy()
    edits: list[tuple[int, int, str, str | None]] = []
    pos = 0
    for s in doc.spans:
        if not 0 <= s.start < s.end <= len(doc.text):
            raise InlineFormatError(f"document {doc.id!r}: span [{s.start}, {s.end}) is empty or out of range "
                                    f"for a text of {len(doc.text)} characters")
        if s.start < pos:
            raise InlineFormatError(f"document {doc.id!r}: overlapping spans at offset {s.start} cannot be written inline")
        edits += [(k, k, ESC, None) for k in _escapes(doc.text[pos:s.start], pos, pos > 0, True)]
        edits.append((s.start, s.end, f"{OPEN}{_mention(doc.text[s.start:s.end], s.label, s.sub, tax)}:{s.full_label}{CLOSE}",
                      s.label))
        pos = s.end
    edits += [(k, k, ESC, None) for k in _escapes(doc.text[pos:], pos, pos > 0, False)]
    return edits


def render_inline(doc: Document, taxonomy: Taxonomy | None = None) -> str:
    """Insert ``<<<MENTION:LABEL[:SUB]>>>`` markers, escaping what must be (see the module docstring);
    spans must not overlap."""
    parts: list[str] = []
    pos = 0
    for a, b, text, _ in inline_edits(doc, taxonomy):
        parts += [doc.text[pos:a], text]
        pos = b
    parts.append(doc.text[pos:])
    return "".join(parts)
