"""Word documents (``.docx``, OOXML), read and written through their XML with lxml.

The text is the body, then the headers, footers, footnotes, endnotes and comments (all redacted alike);
tracked changes are accepted first (deleted text removed, insertions kept), so no deleted name survives.
The output is the same package with the replacements inside the runs (a mention across runs included),
styles, tables and layout untouched, and the author fields scrubbed: document properties (author, last
modified by, title, subject, keywords, company, manager, custom properties), comment and revision authors,
and any other occurrence of a replaced mention (image descriptions, link targets, part names); its pictures are
blanked (:func:`~thunder_deid.formats.xmlzip.blank_pictures`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable, Iterator

from thunder_deid.formats.base import Format, Source, register
from thunder_deid.formats.xmlzip import (
    BLANK_PNG, Package, TextModel, apply_to_slots, blank_authors, blank_elements, blank_pictures, local, note_embedded,
    read_package, remove_keeping_tail, sweep)

_TEXT_PART = re.compile(r"word/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml")
_ORDER = ("document", "header", "footer", "footnotes", "endnotes", "comments")
# revision marks: content removed on accepting (deletions, moved-from text, earlier formatting) ...
_REJECTED = frozenset({"del", "moveFrom", "rPrChange", "pPrChange", "sectPrChange", "tblPrChange", "trPrChange",
                       "tcPrChange", "tblGridChange", "numberingChange", "moveFromRangeStart", "moveFromRangeEnd",
                       "moveToRangeStart", "moveToRangeEnd"})
# ... and wrappers whose content stays
_ACCEPTED = frozenset({"ins", "moveTo"})
_CORE_FIELDS = ("creator", "lastModifiedBy", "title", "subject", "description", "keywords", "category",
                "contentStatus", "identifier")
_APP_FIELDS = ("Company", "Manager", "HyperlinkBase")


def _text_parts(pkg: Package) -> list[str]:
    names = [n for n in pkg.names() if _TEXT_PART.fullmatch(n)]
    return sorted(names, key=lambda n: (_ORDER.index(re.sub(r"\d+$", "", n[5:-4])), n))


MODEL = TextModel(_text_parts, virtual={("tab", "r"): "\t", ("br", "r"): "\n", ("cr", "r"): "\n"},
                  preserve_space=True)


def accept_revisions(pkg: Package, part: str) -> None:
    """Accept the tracked changes of ``part``: what they deleted goes, what they inserted stays."""
    root = pkg.tree(part)
    marks = [el for el in root.iter() if local(el.tag) in _REJECTED | _ACCEPTED]
    for el in marks:
        parent = el.getparent()
        if parent is None:
            continue
        if local(el.tag) in _ACCEPTED:
            i = parent.index(el)
            for child in reversed(list(el)):
                parent.insert(i, child)
        remove_keeping_tail(el)
        pkg.changed.add(part)


@register
class Docx(Format):
    name = "docx"
    suffixes = (".docx",)
    output_suffix = None
    description = "Word (OOXML): runs, styles and tables kept; properties, comment authors, revisions scrubbed"

    def read(self, path: Path, doc_id: str) -> Iterator[Source]:
        pkg = Package(path, "DOCX")
        if "word/document.xml" not in pkg.data:
            from thunder_deid.errors import ThunderDeidError

            raise ThunderDeidError(f"{path}: not a Word document (no word/document.xml)")
        for part in MODEL.parts(pkg):
            accept_revisions(pkg, part)
        yield read_package(pkg, MODEL, doc_id, self.name)

    def write(self, out: Path, items: Iterable[tuple[Source, list]]) -> None:
        for src, reps in items:
            pkg = src.state[0]
            apply_to_slots(src, reps)
            scrub(pkg)
            blank_pictures(src, ("word/media/",))
            note_embedded(src, ("word/embeddings/",))
            sweep(src, reps)
            pkg.save(out)


def scrub(pkg: Package) -> None:
    """Empty the fields of a DOCX package that name people besides its text."""
    blank_elements(pkg, "docProps/core.xml", _CORE_FIELDS)
    blank_elements(pkg, "docProps/app.xml", _APP_FIELDS)
    blank_elements(pkg, "docProps/custom.xml", lambda el: local(el.getparent().tag) == "property"
                   if el.getparent() is not None else False)
    blank_authors(pkg)
    for name in pkg.names():
        if name.startswith("docProps/thumbnail"):
            pkg.data[name] = BLANK_PNG  # a picture of the original first page: replaced by a blank image
