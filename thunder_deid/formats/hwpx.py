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

Text no reader gives the tagger goes by rule (:mod:`thunder_deid.formats.xmlzip`): a shape's description
(``<hp:shapeComment>피해자 오세훈의 신분증 사진</hp:shapeComment>``, a picture's alt text) is emptied, with
``pictures: keep`` too; a hyperlink field's target (its ``Command`` and ``Path`` parameters) or a shape's ``href`` that is
an e-mail address, a phone number or a local file, or that holds a replaced mention, is emptied (the field and its
text stay). A caption, a memo and a hidden comment are paragraphs: read and redacted as the body; charts
(``Chart/chart1.xml``) and word art (``<hp:textart text="…">``) are not read, and the notes count them. What a
form object shows (an edit box's text, a caption, a list's shown entry) is read as the body; its names, hidden
entries and a click-here field's prompt and help text are renamed or emptied
(:mod:`thunder_deid.formats.hwpx_forms`); so are the names of bookmarks, every link and cross-reference to one
following (:mod:`thunder_deid.formats.hwpx_bookmarks`), and of the other fields, with what of their parameters
can hold a value (:mod:`thunder_deid.formats.hwpx_fields`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable, Iterator

from thunder_deid.errors import ThunderDeidError
from thunder_deid.formats import hwpx_bookmarks as bookmarks
from thunder_deid.formats import hwpx_fields as fields
from thunder_deid.formats import hwpx_forms as forms
from thunder_deid.formats.base import Format, Source, apply_replacements, register
from thunder_deid.formats.xmlzip import (
    BLANK_PNG, Package, TextModel, apply_to_slots, blank_authors, blank_elements, blank_pictures, drops_link, local,
    local_path, note_hidden_text, note_names, note_unread, read_package, remove_keeping_tail, replaced_mentions, sweep)

_SECTION = re.compile(r"Contents/section(\d+)\.xml")
_MASTER = re.compile(r"Contents/masterpage(\d+)\.xml")  # page templates: text printed on every page
_KEPT_META = frozenset({"CreatedDate", "ModifiedDate", "date"})
_PERSON_PARAMS = frozenset({"author", "creator", "lastsaveby"})
_TRACK_MARKS = frozenset({"deleteBegin", "deleteEnd", "insertBegin", "insertEnd"})
PREVIEW_CHARS = 1024
# a hyperlink field's Command: the target with ':', '?', ';' and '#' escaped by a backslash, an optional '|tooltip',
# then the kind ("mailto\:a@b.kr;2;0;0;"); the kind is kept when the target goes
_COMMAND_KIND = re.compile(r";\d+;\d+;\d+;?$")
_ESCAPED = re.compile(r"\\(.)")
# text outside the paragraphs read: a chart's (an OOXML chart part), word art's (an attribute)
_CHART = re.compile(r"Chart/chart\d+\.xml")
_TEXT_ART = re.compile(rb'textart\b[^>]*\stext="[^"]')


def _numbered(pkg: Package, pattern: re.Pattern) -> list[str]:
    return sorted((n for n in pkg.names() if pattern.fullmatch(n)), key=lambda n: int(pattern.fullmatch(n)[1]))


def _sections(pkg: Package) -> list[str]:
    return _numbered(pkg, _SECTION)


def _text_parts(pkg: Package) -> list[str]:
    return _sections(pkg) + _numbered(pkg, _MASTER)


MODEL = TextModel(_text_parts, inner={"tab": "\t", "lineBreak": "\n"}, shown=forms.shown)


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
    hidden = forms.drop_hidden_entries(pkg, MODEL.parts(pkg))  # before the replacements change the shown entry
    apply_to_slots(src, reps)
    # before the link targets are dropped: a link to a bookmark named after a replaced mention is renamed, not dropped
    names = hidden + forms.neutralise(pkg, MODEL.parts(pkg)) + bookmarks.rename(pkg, MODEL.parts(pkg))
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
    alt, links = empty_shape_comments(pkg), drop_link_targets(src, reps)
    blank_pictures(src, ("BinData/",))
    note_hidden_text(src, alt, links)
    note_names(src, names)
    note_unread(src, count_unread(pkg))
    sweep(src, reps, fields.substitute)  # a click-here field's Command keeps its values' lengths right
    pkg.save(out)


def count_unread(pkg: Package) -> int:
    """How many charts (``Chart/chart1.xml``) and word art shapes (``<hp:textart text="…">``) the package holds."""
    parts = sum(1 for n in pkg.names() if _CHART.fullmatch(n))
    return parts + sum(len(_TEXT_ART.findall(pkg.data[n])) for n in MODEL.parts(pkg))


def empty_shape_comments(pkg: Package) -> int:
    """Empty every shape's description (``hp:shapeComment``, a picture's alt text: free text no reader gives the
    tagger); returns how many had one."""
    emptied = 0
    for name in MODEL.parts(pkg):
        if b"shapeComment>" not in pkg.data[name]:  # only an element with content has a closing tag
            continue
        for el in pkg.tree(name).iter():
            if local(el.tag) == "shapeComment" and "".join(el.itertext()).strip():
                for child in list(el):
                    el.remove(child)
                el.text = None
                emptied += 1
                pkg.changed.add(name)
    return emptied


def drop_link_targets(src: Source, reps: list) -> int:
    """Empty every link target :func:`~thunder_deid.formats.xmlzip.drops_link` drops: a ``HYPERLINK`` field's
    ``Command`` (all but its kind), ``Path`` and ``ToolTip`` parameters and a name holding the target, a shape's
    ``href``, a linked picture's path in ``content.hpf``; returns how many."""
    pkg = src.state[0]
    mentions = replaced_mentions(src, reps)
    dropped = 0
    for name in MODEL.parts(pkg):
        if b"HYPERLINK" not in pkg.data[name] and b'href="' not in pkg.data[name]:
            continue
        for el in pkg.tree(name).iter():
            if local(el.tag) == "fieldBegin" and el.get("type") == "HYPERLINK":
                gone = _drop_field_target(el, mentions)
            elif el.get("href") and drops_link(el.get("href"), mentions):
                el.set("href", "")
                gone = True
            else:
                gone = False
            if gone:
                dropped += 1
                pkg.changed.add(name)
    manifest = "Contents/content.hpf"
    if manifest in pkg.data and b'href="' in pkg.data[manifest]:
        # a linked (not embedded) picture is listed by its path on the author's machine (C:\Users\<account>\…)
        for el in pkg.tree(manifest).iter():
            if el.get("href") and local_path(el.get("href")):
                el.set("href", "")
                dropped += 1
                pkg.changed.add(manifest)
    return dropped


def _drop_field_target(field, mentions: set[str]) -> bool:
    """Empty the target of a ``HYPERLINK`` field if it goes; whether it went."""
    params = fields.string_params(field)
    command, path = params.get("Command"), params.get("Path")
    # python-hwpx also writes the target as the field's name, "for older readers" (Hancom leaves it empty)
    targets = [path.text if path is not None else None, _command_target(command.text if command is not None else None),
               field.get("name")]
    if not any(t and drops_link(t, mentions) for t in targets):
        return False
    if field.get("name") and drops_link(field.get("name"), mentions):
        field.set("name", "")
    if command is not None:
        kind = _COMMAND_KIND.search(command.text or "")
        command.text = kind.group(0) if kind else ""
    for name in ("Path", "ToolTip"):
        if params.get(name) is not None:
            params[name].text = ""
    return True


def _command_target(command: str | None) -> str | None:
    r"""The target of a hyperlink field's ``Command``, unescaped, without its tooltip and kind.

    >>> _command_target("https\\://blog.naver.com/sehoon|블로그;1;0;0;")
    'https://blog.naver.com/sehoon'
    """
    if not command:
        return None
    return _ESCAPED.sub(r"\1", _COMMAND_KIND.sub("", command).split("|", 1)[0])
