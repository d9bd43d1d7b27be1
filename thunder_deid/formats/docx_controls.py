"""A DOCX's internal names and values around its text: bookmarks and content controls (``w:sdt``).

None of them is text a reader gives the tagger, and each can hold a person's name or value: a bookmark's name
(``w:bookmarkStart w:name="홍길동_진술"``), a content control's title and tag (``w:alias``, ``w:tag``), the name of
its placeholder's building block (``w:docPart``), its data binding's XPath, and the entries of a drop-down list or
combo box (``w:listItem w:displayText w:value``) of which only the chosen one shows. So, by rule, as alt text goes
(:mod:`thunder_deid.formats.xmlzip`):

- a bookmark keeps a name Word gives itself (a hidden one, ``_Toc123``, ``_GoBack``, ``_Ref…``; ``OLE_LINK1``);
  any other name becomes ``Bookmark1``, ``Bookmark2`` …, and every reference to it follows (``REF``, ``PAGEREF``,
  ``NOTEREF``, a ``HYPERLINK \\l`` field's argument, an internal link's ``w:anchor``, a legacy form field's name);
- a content control's title and tag are emptied; a placeholder's building block keeps a name Word gives it (a
  GUID, ``DefaultPlaceholder_…``), any other becomes ``Placeholder1`` … in the glossary too;
- a data binding is removed: Word fills a bound control from the custom XML part when it opens the file, which
  would put the original value back over the redacted one (the control keeps its redacted content);
- of a list's entries only the one the control shows stays, its text and value made the shown text (a value can
  differ from what shows); where the redaction changed the shown text, none stays; a date picker's stored date
  (``w:fullDate``) goes, its shown text stays;
- a legacy form field (``w:ffData``: ``FORMTEXT``, ``FORMDROPDOWN``) keeps of its drop-down entries only the selected
  one (a page shows it), and loses its default text (``w:textInput/w:default``, put back when the form is reset)
  and its help and status bar text (``w:helpText``, ``w:statusText``): free text no page shows.
"""

from __future__ import annotations

import re

from thunder_deid.formats.xmlzip import NewNames, Package, local

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_W = "{%s}" % W_NS
GLOSSARY = "word/glossary/document.xml"
# names Word gives bookmarks itself: hidden ones start with '_' (the user cannot type one), OLE_LINKn marks a
# pasted link
# (Word's hidden names are a word and a number, _Toc123456, _GoBack, _MON_1234: a tool's _홍길동 is not one)
_GENERIC_BOOKMARK = re.compile(r"_[A-Za-z]+(?:_?\d+)?|OLE_LINK\d+|Bookmark\d+")
# a building block's name Word makes: a GUID (with or without braces and dashes) or DefaultPlaceholder_-1854013440
_GENERIC_DOC_PART = re.compile(r"(?i)\{?[0-9a-f]{8}-?(?:[0-9a-f]{4}-?){3}[0-9a-f]{12}\}?|DefaultPlaceholder_-?\d+"
                               r"|Placeholder\d+")
# Word's field names: the first word of a field code, never a bookmark ({ REF name }); a first word that is none
# of these is a bookmark's name standing for a REF field ({ name })
_FIELD_KEYWORDS = frozenset("""ADDRESSBLOCK ADVANCE ASK AUTHOR AUTONUM AUTONUMLGL AUTONUMOUT AUTOTEXT AUTOTEXTLIST
BARCODE BIBLIOGRAPHY CITATION COMMENTS COMPARE CREATEDATE DATABASE DATE DISPLAYBARCODE DOCPROPERTY DOCVARIABLE
EDITTIME EQ FILENAME FILESIZE FILLIN FORMCHECKBOX FORMDROPDOWN FORMTEXT GOTOBUTTON GREETINGLINE HYPERLINK IF
INCLUDEPICTURE INCLUDETEXT INDEX INFO KEYWORDS LASTSAVEDBY LINK LISTNUM MACROBUTTON MERGEBARCODE MERGEFIELD MERGEREC
MERGESEQ NEXT NEXTIF NOTEREF NUMCHARS NUMPAGES NUMWORDS PAGE PAGEREF PRINT PRINTDATE PRIVATE QUOTE RD REF REVNUM
SAVEDATE SECTION SECTIONPAGES SEQ SET SKIPIF STYLEREF SUBJECT SYMBOL TA TC TEMPLATE TIME TITLE TOA TOC USERADDRESS
USERINITIALS USERNAME XE""".split())
_WORD = re.compile(r"(?<![\w\\])\w+")  # a name in a field code: not a switch's letter (\h)


def _val(el) -> str:
    return el.get(_W + "val") or ""


def neutralise(pkg: Package, parts: list[str]) -> int:
    """Rename the bookmarks, empty the content controls' properties and drop their bindings and hidden list entries,
    and drop the legacy form fields' hidden entries, default, help and status text in ``parts`` (the parts read; the
    glossary follows a renamed building block); returns how many names, properties and entries changed, for the
    notes."""
    return _rename_bookmarks(pkg, parts) + _content_controls(pkg, parts) + _form_fields(pkg, parts)


def _rename_bookmarks(pkg: Package, parts: list[str]) -> int:
    # Word compares bookmark names case-insensitively: one new name per name whatever its case
    starts = [(part, el) for part in parts if b"bookmarkStart" in pkg.data[part]
              for el in pkg.tree(part).iter(_W + "bookmarkStart")]
    names = NewNames("Bookmark", lambda name: _GENERIC_BOOKMARK.fullmatch(name) is not None,
                     (_val_name(el) for _, el in starts))
    for part, el in starts:
        old = _val_name(el)
        if names.get(old) != old:
            el.set(_W + "name", names.get(old))
            pkg.changed.add(part)
    if names:
        for part in parts:
            _rename_references(pkg, part, names.new)
    return len(names)


def _val_name(el) -> str:
    return el.get(_W + "name") or ""


def _rename_references(pkg: Package, part: str, renamed: dict[str, str]) -> None:
    """Point every reference in ``part`` to a renamed bookmark at its new name: field codes (a simple field's
    ``w:instr``, a complex one's ``w:instrText`` runs), internal links (``w:anchor``), legacy form fields' names."""
    from thunder_deid.formats.docx import rewrite_field_codes  # docx imports this module

    root = pkg.tree(part)
    for el in root.iter(_W + "fldSimple", _W + "hyperlink", _W + "name"):
        name = local(el.tag)
        attr = {"fldSimple": "instr", "hyperlink": "anchor", "name": "val"}[name]
        old = el.get(_W + attr)
        if old is None or (name == "name" and local(el.getparent().tag) != "ffData"):
            continue
        new = _renamed_code(old, renamed) if name == "fldSimple" else renamed.get(old.casefold(), old)
        if new != old:
            el.set(_W + attr, new)
            pkg.changed.add(part)
    if rewrite_field_codes(root, lambda code: _renamed_code(code, renamed)):
        pkg.changed.add(part)


def _renamed_code(code: str, renamed: dict[str, str]) -> str:
    """A field code with each renamed bookmark's name replaced; the field's own name is kept.

    >>> _renamed_code(' REF 홍길동_진술 \\\\h ', {"홍길동_진술": "Bookmark1"})
    ' REF Bookmark1 \\\\h '
    >>> _renamed_code(' 홍길동 ', {"홍길동": "Bookmark1"}), _renamed_code(' DATE ', {"date": "Bookmark1"})
    (' Bookmark1 ', ' DATE ')
    """
    first = _WORD.search(code)

    def sub(m: re.Match) -> str:
        if m.start() == first.start() and m.group(0).upper() in _FIELD_KEYWORDS:
            return m.group(0)
        return renamed.get(m.group(0).casefold(), m.group(0))

    return _WORD.sub(sub, code) if first else code


def _content_controls(pkg: Package, parts: list[str]) -> int:
    changed = 0
    doc_parts: dict[str, str] = {}
    for part in parts:
        if b"sdtPr" not in pkg.data[part]:
            continue
        n = 0
        for pr in list(pkg.tree(part).iter(_W + "sdtPr")):
            n += _control(pr, doc_parts)
        if n:
            changed += n
            pkg.changed.add(part)
    if doc_parts and GLOSSARY in pkg.data:
        # the glossary names its building blocks (w:docPartPr/w:name): the renamed placeholder must still resolve
        for el in pkg.tree(GLOSSARY).iter(_W + "name"):
            if local(el.getparent().tag) == "docPartPr" and _val(el) in doc_parts:
                el.set(_W + "val", doc_parts[_val(el)])
                pkg.changed.add(GLOSSARY)
    return changed


def _control(pr, doc_parts: dict[str, str]) -> int:
    """Neutralise one content control's properties (``w:sdtPr``); returns how many changed."""
    n = 0
    for el in list(pr):
        name = local(el.tag)
        if name in ("alias", "tag") and _val(el):
            el.set(_W + "val", "")
            n += 1
        elif name == "dataBinding":  # w:dataBinding, and Word 2013's w15:dataBinding of a repeating section
            pr.remove(el)
            n += 1
        elif name == "date" and el.get(_W + "fullDate"):
            del el.attrib[_W + "fullDate"]
            n += 1
        elif name in ("dropDownList", "comboBox"):
            n += _list(pr, el)
    for el in pr.iter(_W + "docPart"):
        old = _val(el)
        if old and local(el.getparent().tag) == "placeholder" and not _GENERIC_DOC_PART.fullmatch(old):
            el.set(_W + "val", doc_parts.setdefault(old, f"Placeholder{len(doc_parts) + 1}"))
            n += 1
    return n


def _list(pr, box) -> int:
    """Keep of a drop-down list's or combo box's entries only the one shown (its shown text is redacted by now: an
    entry naming a replaced mention matches no more), its value made its text; the others go (no page shows them).
    Returns how many entries changed or went."""
    content = pr.getparent().find(_W + "sdtContent")
    shown = "".join(t.text or "" for t in content.iter(_W + "t")) if content is not None else ""
    items = box.findall(_W + "listItem")
    keep = next((i for i in items if shown and shown in (i.get(_W + "displayText"), i.get(_W + "value"))), None)
    n = 0
    for item in items:
        if item is not keep:
            box.remove(item)
            n += 1
        elif shown != item.get(_W + "value") or shown != item.get(_W + "displayText"):
            item.set(_W + "displayText", shown)
            item.set(_W + "value", shown)
            n += 1
    if keep is not None and box.get(_W + "lastValue") is not None:
        box.set(_W + "lastValue", shown)
    elif box.get(_W + "lastValue") is not None:
        del box.attrib[_W + "lastValue"]
    return n


def _form_fields(pkg: Package, parts: list[str]) -> int:
    """Drop what of each legacy form field (``w:ffData``) no page shows: its drop-down entries but the selected one,
    its default text, its help and status bar text; returns how many went."""
    n = 0
    for part in parts:
        if b"ffData" not in pkg.data[part]:
            continue
        for data in pkg.tree(part).iter(_W + "ffData"):
            m = 0
            for el in list(data.iter(_W + "helpText", _W + "statusText", _W + "default")):
                # a text box's default text; a drop-down's w:default is the index of its default entry
                if local(el.getparent().tag) in ("ffData", "textInput") and _val(el):
                    el.getparent().remove(el)
                    m += 1
            for box in data.iter(_W + "ddList"):
                m += _drop_down(box)
            if m:
                n += m
                pkg.changed.add(part)
    return n


def _drop_down(box) -> int:
    """Keep of a drop-down form field's entries the selected one (``w:result``, else ``w:default``, else the first),
    which becomes entry 0; returns how many went."""
    entries = box.findall(_W + "listEntry")
    index = box.find(_W + "result")
    if index is None:
        index = box.find(_W + "default")
    try:
        keep = int(_val(index)) if index is not None else 0
    except ValueError:
        keep = 0
    gone = [e for i, e in enumerate(entries) if i != keep]
    for e in gone:
        box.remove(e)
    if gone:
        for el in box.iter(_W + "result", _W + "default"):
            el.set(_W + "val", "0")
    return len(gone)
