"""An HWPX's bookmarks (책갈피) and the references to them: a name the user gave is renamed, every reference following.

A bookmark's name is no text a reader gives the tagger, and it can name a person: Hancom offers the selected text as
a new bookmark's name, so a bookmark set on a party's name or statement is called after them (``홍길동_진술``). So,
by rule, as a DOCX's bookmarks go (:mod:`thunder_deid.formats.docx_controls`), a bookmark keeps a name Hancom or Word
gives itself (``책갈피1``, ``Bookmark2``, a hidden ``_Toc123`` kept from a Word file) and any other becomes
``Bookmark1``, ``Bookmark2`` …, the same old name always the same new one, wherever it stands:

- a bookmark at a point (``<hp:ctrl><hp:bookmark name="…"/>``) and one over a span (``<hp:fieldBegin
  type="BOOKMARK" name="…">``, and its parameters where they repeat the name);
- a link to it (a ``HYPERLINK`` field whose ``Command`` is ``?<name>;0;0;0;``, the name escaped, and whose ``name``
  python-hwpx writes ``#<name>``; a shape's ``href="#<name>"``);
- a cross-reference to it (a ``CROSSREF`` field's ``Command`` and ``RefPath``, ``?<name>;…``).

A reference to a bookmark the document lacks is renamed alike: its name would stay otherwise.
"""

from __future__ import annotations

import re
from typing import Iterable

from thunder_deid.formats.hwpx_fields import string_params
from thunder_deid.formats.xmlzip import NewNames, Package, local

# names Hancom and Word give bookmarks themselves; Word's hidden ones start with '_' (kept when Hancom opens a .docx)
_GENERIC = re.compile(r"(?i)(?:bookmark|책갈피)[ _-]*\d*|_[A-Za-z]+(?:_?\d+)?|OLE_LINK\d+")  # not a tool's _홍길동
# a HYPERLINK field's Command to a bookmark: '?', the name (':', '?', ';', '#' escaped by '\'), an optional
# '|tooltip', then its kind (0: this document), its target type (0: a bookmark) and how it opens
_LINK = re.compile(r"\?((?:\\.|[^\\|;])*)(\|.*)?(;0;0;-?\d+;?)", re.S)
_ESCAPED = re.compile(r"\\(.)")
_TO_ESCAPE = re.compile(r"([:?;#\\])")
# a CROSSREF field's Command (and RefPath): the target ('?' and a name), then ';'-separated codes, the first its kind
# of target (6: a bookmark)
_REF = re.compile(r"(\?)?([^;]*)(;.*)?", re.S)
_BOOKMARK_REF = "6"


def _names(taken: Iterable[str]) -> NewNames:
    """The renaming: a name the user gave gets ``Bookmark<n>`` (one not taken), the same one each time, a reference
    differing in case included."""
    return NewNames("Bookmark", lambda name: _GENERIC.fullmatch(name.strip()) is not None, taken)


def rename(pkg: Package, parts: list[str]) -> int:
    """Rename the bookmarks of ``parts`` (the parts read) that Hancom did not name, and point every link and
    cross-reference to one at its new name; returns how many names changed, for the notes."""
    parts = [p for p in parts if b"bookmark" in pkg.data[p].lower() or b"CROSSREF" in pkg.data[p]
             or b'href="#' in pkg.data[p]]
    marks = [(part, el) for part in parts for el in pkg.tree(part).iter() if _is_bookmark(el)]
    names = _names(el.get("name") or "" for _, el in marks)
    for part, el in marks:
        old = el.get("name") or ""
        if names.get(old) != old:
            el.set("name", names.get(old))
            for param in el.iter():
                if local(param.tag) == "stringParam" and param.text and old in param.text:
                    param.text = param.text.replace(old, names.get(old))
            pkg.changed.add(part)
    for part in parts:
        for el in pkg.tree(part).iter():
            if _follow(el, names):
                pkg.changed.add(part)
    return len(names)


def _is_bookmark(el) -> bool:
    name = local(el.tag)
    return name == "bookmark" or (name == "fieldBegin" and el.get("type") == "BOOKMARK")


def _follow(el, names: NewNames) -> bool:
    """Point ``el`` at the new name if it refers to a renamed bookmark (or to one the document lacks); whether it
    changed."""
    changed = False
    href = el.get("href")
    if href and href.startswith("#") and names.get(href[1:]) != href[1:]:
        el.set("href", "#" + names.get(href[1:]))
        changed = True
    if local(el.tag) != "fieldBegin":
        return changed
    kind = el.get("type")
    params = string_params(el)
    if kind == "HYPERLINK":
        command = params.get("Command")
        new = _renamed_link(command.text or "", names) if command is not None else None
        if new is not None and new != command.text:
            command.text = new
            changed = True
        target = el.get("name") or ""
        if target.startswith("#") and names.get(target[1:]) != target[1:]:
            el.set("name", "#" + names.get(target[1:]))
            changed = True
    elif kind == "CROSSREF":
        ref_type = params.get("RefType")
        to_bookmark = ref_type is not None and ref_type.text == "TARGET_BOOKMARK"
        command = params.get("Command")
        if command is not None and (_REF.fullmatch(command.text or "")[3] or ";")[1:].split(";")[0] == _BOOKMARK_REF:
            to_bookmark = True
        for key in ("Command", "RefPath"):
            param = params.get(key)
            if param is not None and param.text:
                new = _renamed_ref(param.text, names, to_bookmark)
                if new != param.text:
                    param.text = new
                    changed = True
    return changed


def _renamed_link(command: str, names: NewNames) -> str | None:
    r"""A hyperlink's ``Command`` pointing at the bookmark's new name; None if it points at no bookmark.

    >>> _renamed_link("?\\#홍길동_진술|진술 참조;0;0;0;", _names(()))
    '?Bookmark1|진술 참조;0;0;0;'
    """
    m = _LINK.fullmatch(command)
    if not m:
        return None
    old = _ESCAPED.sub(r"\1", m.group(1))
    return "?" + _TO_ESCAPE.sub(r"\\\1", names.get(old)) + (m.group(2) or "") + m.group(3)


def _renamed_ref(value: str, names: NewNames, to_bookmark: bool) -> str:
    """A cross-reference's target pointing at the bookmark's new name, if it points at a bookmark (one the document
    has, or any where its kind says so; a table's or a note's target is an id)."""
    m = _REF.fullmatch(value)
    old = m.group(2)
    if not old or not (to_bookmark or names.known(old)):
        return value
    return (m.group(1) or "") + names.get(old) + (m.group(3) or "")
