"""Hancom Office documents (``.hwpx``, OWPML: a zip of XML parts), read and written through their XML.

The text is every section in order (``Contents/section*.xml``), then the master pages; headers, footers, footnotes, memos and
table cells live inside the sections' paragraphs and are redacted alike. Tracked changes are accepted
first (deleted text removed, inserted text kept), so no deleted name survives. The output is the same package
with the replacements inside the ``hp:t`` text nodes (a mention across runs included), styles and layout
untouched, and the rest scrubbed: the package metadata (title, creator, last saved by, subject,
description, keywords), author attributes (memos, tracked-change authors), the plain-text preview
(rewritten from the redacted text), the preview image (a blank image), and any other occurrence of a
replaced mention (attribute values, part names); its pictures are blanked
(:func:`~thunder_deid.formats.xmlzip.blank_pictures`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable, Iterator

from thunder_deid.errors import ThunderDeidError
from thunder_deid.formats.base import Format, Source, apply_replacements, register
from thunder_deid.formats.xmlzip import (
    BLANK_PNG, Package, TextModel, apply_to_slots, blank_authors, blank_elements, blank_pictures, local, read_package,
    remove_keeping_tail, sweep)

_SECTION = re.compile(r"Contents/section(\d+)\.xml")
_MASTER = re.compile(r"Contents/masterpage(\d+)\.xml")  # page templates: text printed on every page
_KEPT_META = frozenset({"CreatedDate", "ModifiedDate", "date"})
_PERSON_PARAMS = frozenset({"author", "creator", "lastsaveby"})
_TRACK_MARKS = frozenset({"deleteBegin", "deleteEnd", "insertBegin", "insertEnd"})
PREVIEW_CHARS = 1024


def _numbered(pkg: Package, pattern: re.Pattern) -> list[str]:
    return sorted((n for n in pkg.names() if pattern.fullmatch(n)), key=lambda n: int(pattern.fullmatch(n)[1]))


def _sections(pkg: Package) -> list[str]:
    return _numbered(pkg, _SECTION)


def _text_parts(pkg: Package) -> list[str]:
    return _sections(pkg) + _numbered(pkg, _MASTER)


MODEL = TextModel(_text_parts, inner={"tab": "\t", "lineBreak": "\n"})


def open_package(path: Path) -> Package:
    pkg = Package(path, "HWPX")
    if not _sections(pkg):
        raise ThunderDeidError(f"{path}: not an HWPX document (no Contents/section0.xml)")
    return pkg


def accept_tracked_changes(pkg: Package) -> None:
    """Accept the tracked changes of every section: the text between ``<hp:deleteBegin/>`` and its
    ``<hp:deleteEnd/>`` (which may lie in a later run or paragraph) goes, insertions stay; the markers go."""
    for part in MODEL.parts(pkg):
        root = pkg.tree(part)
        deleting = False
        markers = []
        for t in root.iter():
            if local(t.tag) != MODEL.text_tag:
                continue
            if deleting and t.text:
                t.text = None
            for child in t:
                name = local(child.tag)
                if name in _TRACK_MARKS:
                    markers.append(child)
                    if name in ("deleteBegin", "deleteEnd"):
                        deleting = name == "deleteBegin"
                if deleting and child.tail:
                    child.tail = None
        for m in markers:
            remove_keeping_tail(m)
        if markers:
            pkg.changed.add(part)


def _is_person_meta(el) -> bool:
    name = local(el.tag)
    return name == "title" or name == "creator" or (name == "meta" and el.get("name") not in _KEPT_META)


def _is_author_param(el) -> bool:
    """A field parameter naming a person (``<hp:stringParam name="Author">`` of a memo field)."""
    return local(el.tag) == "stringParam" and (el.get("name") or "").lower() in _PERSON_PARAMS


@register
class Hwpx(Format):
    name = "hwpx"
    suffixes = (".hwpx",)
    output_suffix = None
    description = "Hancom OWPML: text nodes, styles and tables kept; metadata, memo authors, previews scrubbed"

    def read(self, path: Path, doc_id: str) -> Iterator[Source]:
        pkg = open_package(path)
        accept_tracked_changes(pkg)
        yield read_package(pkg, MODEL, doc_id, self.name)

    def write(self, out: Path, items: Iterable[tuple[Source, list]]) -> None:
        for src, reps in items:
            write_hwpx(src, reps, out)


def write_hwpx(src: Source, reps: list, out: Path) -> None:
    pkg = src.state[0]
    apply_to_slots(src, reps)
    blank_elements(pkg, "Contents/content.hpf", _is_person_meta)
    blank_authors(pkg)
    for name in pkg.xml_parts():
        if b"trackChangeAuthor" in pkg.data[name]:
            for el in pkg.tree(name).iter():
                if local(el.tag) == "trackChangeAuthor" and el.get("name"):
                    el.set("name", "")
                    pkg.changed.add(name)
    for name in MODEL.parts(pkg):
        blank_elements(pkg, name, _is_author_param)
    if "Preview/PrvText.txt" in pkg.data:
        old = pkg.data["Preview/PrvText.txt"]
        codec = "utf-16-le" if b"\x00" in old else "utf-8"
        preview = apply_replacements(src.text, reps)[:PREVIEW_CHARS].replace("\n", "\r\n")
        pkg.data["Preview/PrvText.txt"] = preview.encode(codec, "replace")
    for name in pkg.names():
        if name.startswith("Preview/") and name.lower().endswith(".png"):
            pkg.data[name] = BLANK_PNG
    blank_pictures(src, ("BinData/",))
    sweep(src, reps)
    pkg.save(out)
