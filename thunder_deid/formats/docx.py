"""Word documents (``.docx``, OOXML), read and written through their XML with lxml.

The text is the body, then the headers, footers, footnotes, endnotes and comments, then the glossary's building
blocks (``word/glossary/document.xml``: a content control's placeholder text, AutoText entries), all redacted alike;
tracked changes are accepted first (deleted text removed, insertions kept), so no deleted name survives.
The output is the same package with the replacements inside the runs (a mention across runs included),
styles, tables and layout untouched, and the author fields scrubbed: document properties (author, last
modified by, title, subject, keywords, company, manager, custom properties), comment and revision authors,
and any other occurrence of a replaced mention (image descriptions, link targets, part names); its pictures are
blanked (:func:`~thunder_deid.formats.xmlzip.blank_pictures`).

Text no reader gives the tagger goes by rule (:mod:`thunder_deid.formats.xmlzip`): every picture's, shape's and
table's alt text (``<wp:docPr descr="피해자 오세훈의 신분증 사진" title="오세훈 신분증"/>``, ``pic:cNvPr``, the VML
fallback's ``alt`` and ``o:title``, ``w:tblCaption``) is emptied, with ``pictures: keep`` too (it is text, not the
picture), and a drawing's own name where it is not a generic one (Word keeps the inserted picture's file name,
``피해자 한지민 신분증.png``); an external relationship's target (``word/_rels/*.rels``) or a ``HYPERLINK``,
``INCLUDEPICTURE``, ``INCLUDETEXT`` or ``LINK`` field's that is an e-mail
address, a phone number or a local file, or that holds a replaced mention, becomes ``#`` (the relationship stays,
so every ``r:id`` still resolves; the link's text and look stay, its tooltip goes). Charts, SmartArt diagrams and
VML word art are not read (their text is replaced only where it repeats a replaced mention): the notes count them.
Bookmarks' names and content controls' properties are renamed or emptied (:mod:`thunder_deid.formats.docx_controls`).
"""

from __future__ import annotations

import posixpath

import re
from pathlib import Path
from typing import Callable, Iterable, Iterator

from thunder_deid.formats.base import Format, Source, register
from thunder_deid.formats.docx_controls import neutralise
from thunder_deid.formats.xmlzip import (
    BLANK_PNG, XML_SPACE, Package, TextModel, apply_to_slots, blank_authors, blank_elements, blank_pictures, drops_link, local,
    note_embedded, note_hidden_text, note_names, note_unread, read_package, remove_keeping_tail, replaced_mentions, sweep)

# a header or footer part may be named anything after its kind (header_first.xml): read them all; the glossary's
# building blocks are text Word inserts (a placeholder shown while a control is empty, AutoText): read last
_TEXT_PART = re.compile(r"word/(document|(?:header|footer)[\w-]*|footnotes|endnotes|comments|glossary/document)\.xml")
_ORDER = ("document", "header", "footer", "footnotes", "endnotes", "comments", "glossary")
# revision marks: content removed on accepting (deletions, moved-from text, earlier formatting) ...
_REJECTED = frozenset({"del", "moveFrom", "rPrChange", "pPrChange", "sectPrChange", "tblPrChange", "trPrChange",
                       "tcPrChange", "tblGridChange", "numberingChange", "moveFromRangeStart", "moveFromRangeEnd",
                       "moveToRangeStart", "moveToRangeEnd"})
# ... and wrappers whose content stays
_ACCEPTED = frozenset({"ins", "moveTo"})
_CORE_FIELDS = ("creator", "lastModifiedBy", "title", "subject", "description", "keywords", "category",
                "contentStatus", "identifier")
_APP_FIELDS = ("Company", "Manager", "HyperlinkBase")
# alt text: a description or title of a picture, shape or chart in DrawingML (wp:docPr, pic:cNvPr, wps:cNvPr),
# in the VML fallback Word writes beside it for older readers (v:shape alt, v:imagedata o:title), a table's
_VML = "{urn:schemas-microsoft-com:vml}"
_ALT_HINT = re.compile(rb'(?:descr|title|alt)="[^"]|tblCaption|tblDescription|cNvPr|docPr')
# one picture's description stands on its wp:docPr, its pic:cNvPr and its VML fallback: counted once, by the
# outermost of these around it
_DRAWING = frozenset({"AlternateContent", "drawing", "pict", "object"})
# fields whose arguments are addresses: a link, and a picture, text or object drawn from a file (the author's path)
_HYPERLINK_FIELD = re.compile(r"\s*(?:HYPERLINK|INCLUDEPICTURE|INCLUDETEXT|LINK)\b", re.I)
# what Word and python-docx name a drawing themselves; any other name is the user's (often the picture's file name,
# 피해자 이영희 신분증.png)
_GENERIC_NAME = re.compile(r"(?i)(?:picture|image|그림|drawing|text ?box|shape|chart|diagram|object|group)[ _-]*\d*"
                           r"(?:\.(?:png|jpe?g|gif|bmp|emf|wmf|tiff?))?")
_FIELD_ARGUMENT = re.compile(r'"([^"]*)"|(?<!\S)([^\s"\\]\S*)')  # "quoted" or bare, not a \switch
# text outside the parts read: a chart's and a SmartArt diagram's (their own parts), VML word art's (an attribute)
_UNREAD_PART = re.compile(r"word/(charts/chart|diagrams/data)\d+\.xml")
_WORD_ART = re.compile(rb'textpath\b[^>]*\sstring="[^"]')


def _text_parts(pkg: Package) -> list[str]:
    names = [n for n in pkg.names() if _TEXT_PART.fullmatch(n)]
    return sorted(names, key=lambda n: (next(i for i, k in enumerate(_ORDER) if n[5:].startswith(k)), n))


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
            names = neutralise(pkg, MODEL.parts(pkg))  # after the text's replacements: a list keeps the shown entry
            scrub(pkg)
            alt, links = empty_alt_text(pkg), drop_link_targets(src, reps)
            blank_pictures(src, ("word/media/",))
            note_embedded(src, ("word/embeddings/",), alt_chunks(pkg) + custom_xml_with_text(pkg))
            note_hidden_text(src, alt, links)
            note_names(src, names)
            note_unread(src, count_unread(pkg))
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
    if "word/settings.xml" in pkg.data and b"docVar" in pkg.data["word/settings.xml"]:
        # document variables are a macro's or a mail merge's data (a party's name, a phone number): values emptied
        for el in pkg.tree("word/settings.xml").iter():
            if local(el.tag) == "docVar":
                for k in el.attrib:
                    if local(k) == "val":
                        el.set(k, "")
        pkg.changed.add("word/settings.xml")


def alt_chunks(pkg: Package) -> list[str]:
    """The parts a document imports whole (``w:altChunk``: an HTML or another document Word shows as body text),
    which no reader here reads."""
    out = []
    for name in pkg.names():
        if name.startswith("word/_rels/") and name.endswith(".rels") and b"aFChunk" in pkg.data[name]:
            for rel in pkg.tree(name):
                if (rel.get("Type") or "").endswith("/aFChunk") and rel.get("TargetMode") != "External":
                    target = rel.get("Target") or ""  # relative to word/, or from the package's root ("/word/…")
                    out.append(target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join("word", target)))
    return out


def custom_xml_with_text(pkg: Package) -> list[str]:
    """The custom XML data parts holding text (a document's data bound to its content controls; Word's own
    bibliography store holds none, so most documents name nothing here)."""
    return [n for n in pkg.names() if n.startswith("customXml/item") and n.endswith(".xml")
            and not n.startswith("customXml/itemProps") and _holds_text(pkg, n)]


def _holds_text(pkg: Package, name: str) -> bool:
    try:
        return any(t.strip() for t in pkg.tree(name).itertext())
    except Exception:  # noqa: BLE001 - a part that does not parse is named: it may hold anything
        return True


def count_unread(pkg: Package) -> int:
    """How many charts, SmartArt diagrams and VML word art (``<v:textpath string="…">``) the package holds."""
    parts = sum(1 for n in pkg.names() if _UNREAD_PART.fullmatch(n))
    return parts + sum(len(_WORD_ART.findall(pkg.data[n])) for n in MODEL.parts(pkg))


def _alt_attributes(el) -> list[str]:
    """The attributes of ``el`` holding alt text that is not empty."""
    name = local(el.tag)
    if name in ("docPr", "cNvPr"):
        wanted: tuple[str, ...] = ("descr", "title")
    elif name in ("tblCaption", "tblDescription"):
        wanted = ("val",)
    elif isinstance(el.tag, str) and el.tag.startswith(_VML):
        wanted = ("alt", "title")
    else:
        return []
    return [k for k, v in el.attrib.items() if local(k) in wanted and v.strip()]


def _drawing(el):
    """The outermost drawing ``el`` is part of (a picture and its VML fallback are one), or ``el`` itself."""
    top = el
    for a in el.iterancestors():
        if local(a.tag) in _DRAWING:
            top = a
    return top


def empty_alt_text(pkg: Package) -> int:
    """Empty the alt text of every picture, shape and table in the package's ``word/`` parts (the description is free
    text, ``피해자 오세훈의 신분증 사진``, and no reader gives it to the tagger); returns how many drawings and
    tables had some."""
    holders = set()
    for name in pkg.xml_parts():
        if not name.startswith("word/") or not _ALT_HINT.search(pkg.data[name]):
            continue
        for el in pkg.tree(name).iter():
            keys = _alt_attributes(el)
            for k in keys:
                el.set(k, "")
            if local(el.tag) in ("docPr", "cNvPr") and not _GENERIC_NAME.fullmatch(el.get("name", "Picture")):
                el.set("name", "Picture")
                keys.append("name")
            if keys:
                holders.add(_drawing(el))
                pkg.changed.add(name)
    return len(holders)


def drop_link_targets(src: Source, reps: list) -> int:
    """Make ``#`` every external target :func:`~thunder_deid.formats.xmlzip.drops_link` drops: relationships
    (hyperlinks, linked pictures, an attached template's path) and the paths in ``HYPERLINK``, ``INCLUDEPICTURE``,
    ``INCLUDETEXT`` and ``LINK`` field codes; returns how many."""
    pkg = src.state[0]
    mentions = replaced_mentions(src, reps)
    dropped = 0
    for name in pkg.names():
        if name.endswith(".rels") and b"External" in pkg.data[name]:
            dropped += _drop_relationships(pkg, name, mentions)
    for name in MODEL.parts(pkg):
        if re.search(rb"(?i)hyperlink|includepicture|includetext|\blink\b", pkg.data[name]):
            dropped += _drop_field_links(pkg, name, mentions)
    return dropped


def _drop_relationships(pkg: Package, rels: str, mentions: set[str]) -> int:
    gone = set()
    for rel in pkg.tree(rels):
        if local(rel.tag) == "Relationship" and rel.get("TargetMode") == "External" and \
                drops_link(rel.get("Target") or "", mentions):
            # kept, so the r:id pointing at it still resolves; "#" (this document), not "": an empty target makes
            # PowerPoint ask to repair the file and the Open XML SDK throw (PHPPresentation #992, Open-XML-SDK #834)
            rel.set("Target", "#")
            gone.add(rel.get("Id"))
    if gone:
        pkg.changed.add(rels)
        _drop_tooltips(pkg, _source_part(rels), gone)
    return len(gone)


def _source_part(rels: str) -> str:
    """The part a relationships part belongs to: ``word/_rels/document.xml.rels`` -> ``word/document.xml``."""
    folder, _, base = rels.rpartition("_rels/")
    return folder + base[:-len(".rels")]


def _drop_tooltips(pkg: Package, part: str, ids: set) -> None:
    """Empty the tooltip of each link in ``part`` to a dropped relationship (Word's tooltip often repeats the
    address)."""
    if part not in pkg.data or not part.endswith(".xml"):
        return
    for el in pkg.tree(part).iter():
        if any(k.endswith("}id") and "relationships" in k and v in ids for k, v in el.attrib.items()):
            for k, v in el.attrib.items():
                if local(k) == "tooltip" and v:
                    el.set(k, "")
                    pkg.changed.add(part)


def _drop_field_links(pkg: Package, part: str, mentions: set[str]) -> int:
    """The ``HYPERLINK "mailto:…"`` field codes of ``part``, in ``w:fldSimple``'s ``w:instr`` or in the
    ``w:instrText`` of a complex field (its code may run over several runs: it is rewritten into the first)."""
    dropped = 0
    root = pkg.tree(part)
    for el in root.iter():
        if local(el.tag) == "fldSimple":
            for k, v in el.attrib.items():
                code = _field_without_links(v, mentions) if local(k) == "instr" else v
                if code != v:
                    el.set(k, code)
                    dropped += 1
    dropped += rewrite_field_codes(root, lambda code: _field_without_links(code, mentions))
    if dropped:
        pkg.changed.add(part)
    return dropped


def rewrite_field_codes(root, rewrite: Callable[[str], str]) -> int:
    """Each complex field's code in ``root`` (its ``w:instrText`` runs read as one) rewritten by ``rewrite``, the new
    code in its first run; how many changed."""
    changed = 0
    for nodes in _field_codes(root):
        old = "".join(n.text or "" for n in nodes)
        new = rewrite(old)
        if new != old:
            nodes[0].text = new
            nodes[0].set(XML_SPACE, "preserve")
            for n in nodes[1:]:
                n.text = ""
            changed += 1
    return changed


def _field_codes(root) -> list[list]:
    """The ``w:instrText`` nodes of each complex field (between its ``begin`` and ``separate`` marks; a field
    nested in another's code has its own)."""
    codes, open_ = [], []  # open_: [nodes, still in the code] of each field begun and not ended
    for el in root.iter():
        name = local(el.tag)
        if name == "fldChar":
            kind = next((v for k, v in el.attrib.items() if local(k) == "fldCharType"), "")
            if kind == "begin":
                open_.append([[], True])
                codes.append(open_[-1][0])
            elif kind == "separate" and open_:
                open_[-1][1] = False
            elif kind == "end" and open_:
                open_.pop()
        elif name == "instrText" and open_ and open_[-1][1]:
            open_[-1][0].append(el)
    return [c for c in codes if c]


def _field_without_links(code: str, mentions: set[str]) -> str:
    """A ``HYPERLINK`` field code with every argument that goes made ``"#"`` (the target, a tooltip holding a
    mention); any other code as it is.

    >>> _field_without_links(' HYPERLINK "mailto:sehoon.oh@naver.com" ', set())
    ' HYPERLINK "#" '
    >>> _field_without_links(' HYPERLINK "https://blog.naver.com/sehoon" ', {"sehoon"})
    ' HYPERLINK "#" '
    """
    m = _HYPERLINK_FIELD.match(code)
    if not m:
        return code

    def arg(a: re.Match) -> str:
        value = a.group(1) if a.group(1) is not None else a.group(2)
        return '"#"' if drops_link(value, mentions) else a.group(0)

    return code[:m.end()] + _FIELD_ARGUMENT.sub(arg, code[m.end():])
