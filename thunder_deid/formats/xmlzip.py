"""The shared engine of the zip-of-XML formats (DOCX's OOXML, HWPX's OWPML).

Reading walks the text-bearing XML parts in document order and collects *slots*: the ``.text`` of a text
element (``w:t``, ``hp:t``) or the ``.tail`` of an element inside one (``<hp:t>가<hp:tab/>나</hp:t>``), or text a
format's model says a page shows from elsewhere (an HWPX edit box's ``hp:text``, a check box's ``caption``
attribute: :attr:`TextModel.shown`).
The document text is the slots' text, with a line break between paragraphs (and a tab or line break for
the tab and break elements between runs); every character maps back to its slot.

Writing puts each replacement into the slots it covers: its text goes into the first slot, the covered
characters of the following slots are removed. Runs, their styles, paragraphs, tables and every part the
replacements do not touch are kept byte for byte. Then it scrubs what else can carry a name: the
format's metadata fields, author attributes, and every other occurrence of a replaced mention outside the
text (attribute values such as image descriptions and link targets, field codes, part names).

Two kinds of text outside the text nodes are dropped by rule, not only where they repeat a replaced mention,
since no reader shows them to the tagger: a picture's or shape's description and title (alt text, ``descr="피해자
오세훈의 신분증 사진"``) is emptied, and an external link's target is dropped when it is an e-mail address, a phone
number or a file on the author's machine (``mailto:``, ``tel:``, ``sms:``, ``file:``, ``C:\\Users\\…``), or when it
holds, case-insensitively or percent-encoded, the text of a span replaced in the document
(:func:`drops_link`). The link's text stays; the formats' writers say in the notes how many of each went.
"""

from __future__ import annotations

import bisect
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable
from urllib.parse import unquote

from thunder_deid.errors import ThunderDeidError
from thunder_deid.formats.base import Segment, Source

XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"  # xml:space="preserve" keeps a run's edge spaces

# attributes that name a person in OOXML / OWPML (comment and revision authors, presence ids)
AUTHOR_ATTRIBUTES = frozenset({"author", "initials", "userId", "providerId", "lastModifiedBy"})
# a 1x1 white PNG: stands in for a preview image of the original first page
BLANK_PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415478"
                          "9c63f8ffff3f0005fe02fe0def46b80000000049454e44ae426082")


class NewNames:
    """Names a user gave (a bookmark's), each made ``<prefix><n>`` with a number no name of the document has, the same
    old name the same new one; Word and Hancom compare such names case-insensitively, so this does. A name the tool
    gave itself (``generic``: ``Bookmark2``, ``책갈피1``) stays. ``fold=False`` for names compared as written (an
    HWPX's form and field names: ``Hong`` and ``HONG`` are two fields there, and stay two).

        >>> names = NewNames("Bookmark", lambda s: s.startswith("_"), ["bookmark1", "홍길동", "_Toc1"])
        >>> names.get("홍길동"), names.get("HONG"), names.get("hong"), names.get("_Toc1"), names.known("홍길동"), len(names)
        ('Bookmark2', 'Bookmark3', 'Bookmark3', '_Toc1', True, 2)
        >>> names = NewNames("Field", lambda s: s.startswith("Field"), ["Field1", "홍길동"], fold=False)
        >>> names.get("홍길동"), names.get("HONG"), names.get("hong"), names.get("Field1")
        ('Field2', 'Field3', 'Field4', 'Field1')
    """

    def __init__(self, prefix: str, generic: Callable[[str], bool], taken: Iterable[str], fold: bool = True):
        self.prefix, self.generic = prefix, generic
        self.fold: Callable[[str], str] = str.casefold if fold else str
        self.taken = {self.fold(t) for t in taken}
        self.new: dict[str, str] = {}  # the (case-folded) old name -> its new one

    def known(self, old: str) -> bool:
        return self.fold(old) in self.new

    def get(self, old: str) -> str:
        """The new name of ``old``; ``old`` itself if it is empty or generic."""
        if not old or self.generic(old):
            return old
        key = self.fold(old)
        if key not in self.new:
            n = len(self.new) + 1
            while self.fold(f"{self.prefix}{n}") in self.taken:
                n += 1
            self.new[key] = f"{self.prefix}{n}"
            self.taken.add(self.fold(self.new[key]))
        return self.new[key]

    def __len__(self) -> int:
        return len(self.new)


def local(tag) -> str:
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""


@dataclass
class Slot:
    start: int
    end: int
    el: object
    attr: str  # "text" or "tail", or "@" and the name of an attribute holding shown text (a check box's caption)
    part: str


def slot_text(el, attr: str) -> str:
    return (el.get(attr[1:]) if attr.startswith("@") else getattr(el, attr)) or ""


def _set_slot_text(el, attr: str, value: str) -> None:
    if attr.startswith("@"):
        el.set(attr[1:], value)
    else:
        setattr(el, attr, value)


def _is_ole(path: Path) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(8) == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
    except OSError:
        return False


class Package:
    """A zip of parts; XML parts are parsed on demand and only changed ones are re-serialised."""

    def __init__(self, path: Path, what: str):
        self.path = path
        try:
            with zipfile.ZipFile(path) as z:
                self.infos = z.infolist()
                self.data = {i.filename: z.read(i) for i in self.infos}
        except (zipfile.BadZipFile, OSError, EOFError, zipfile.LargeZipFile) as e:
            detail = getattr(e, "strerror", None) or "not a zip package"
            if _is_ole(path):
                # Office and Hancom keep a password-protected OOXML/OWPML package inside an OLE container, as
                # they do a legacy .doc or .hwp given the new suffix
                detail = ("an OLE container: password-protected, or a legacy binary file renamed; remove the "
                          "password or save it again in the format")
            raise ThunderDeidError(f"{path}: not a readable {what} file ({detail})") from None
        self.what = what
        self.trees: dict[str, object] = {}
        self.changed: set[str] = set()
        self.renames: dict[str, str] = {}
        self.scrubbed: set[str] = set()  # author names blanked in metadata: removed wherever else they occur

    def names(self) -> list[str]:
        return [i.filename for i in self.infos]

    def tree(self, name: str):
        if name not in self.trees:
            from lxml import etree

            parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True, remove_blank_text=False)
            try:
                self.trees[name] = etree.fromstring(self.data[name], parser)
            except etree.XMLSyntaxError as e:
                raise ThunderDeidError(f"{self.path}: part {name} is not well-formed XML (line {e.lineno})") from None
        return self.trees[name]

    def xml_parts(self) -> list[str]:
        return [n for n in self.names() if n.endswith((".xml", ".rels", ".hpf", ".rdf"))]

    def save(self, out: Path) -> None:
        from lxml import etree

        from thunder_deid.io import atomic_writer

        with atomic_writer(out, "wb") as f, zipfile.ZipFile(f, "w") as z:
            for info in self.infos:
                name = info.filename
                data = self.data[name]
                if name in self.changed:
                    root = self.trees[name]
                    data = etree.tostring(root, xml_declaration=True, encoding="UTF-8",
                                          standalone=root.getroottree().docinfo.standalone)
                new = zipfile.ZipInfo(self.renames.get(name, name), info.date_time)
                new.compress_type, new.external_attr, new.create_system = info.compress_type, info.external_attr, info.create_system
                z.writestr(new, data)


@dataclass
class TextModel:
    """Where a format's text lives: the parts in reading order and the element names."""

    parts: Callable[[Package], list[str]]
    text_tag: str = "t"
    para_tag: str = "p"
    # elements between runs that stand for a character: (local name, local name of the parent) -> char
    virtual: dict | None = None
    # elements inside a text element that stand for a character (their tail is text again)
    inner: dict | None = None
    preserve_space: bool = False  # OOXML: w:t needs xml:space="preserve" to keep edge spaces
    # a table's row and cell elements: the cells of one row are read as one line, a tab between them, so a row
    # reads as the record it is (and a column's header stands above its cells: recognizers.tables)
    row_tag: str = "tr"
    cell_tag: str = "tc"
    # shown text held elsewhere than in a text element (a form's edit box, a check box's caption): given an element,
    # "text" (its own text) or "@" and the attribute holding it, or None; read where it stands in its paragraph
    shown: Callable[[object], str | None] | None = None


def read_package(pkg: Package, model: TextModel, doc_id: str, fmt: str) -> Source:
    chunks: list[str] = []
    slots: list[Slot] = []
    segments: list[Segment] = []
    pos = 0
    virtual, inner = model.virtual or {}, model.inner or {}
    para = None

    def add(s: str, el=None, attr: str = "", part: str = "") -> None:
        nonlocal pos
        if not s:
            return
        chunks.append(s)
        if el is not None:
            slots.append(Slot(pos, pos + len(s), el, attr, part))
            segments.append(Segment(pos, pos + len(s), f"{part} text node {len(slots)}", 0))
        pos += len(s)

    def enter(el) -> None:
        """Note the paragraph ``el`` stands in, with what separates it from the one before."""
        nonlocal para
        p = el.getparent()
        while p is not None and local(p.tag) != model.para_tag:
            p = p.getparent()
        if p is not para:
            if para is not None:
                add(_between(para, p, model))
            para = p

    for part in model.parts(pkg):
        if pos:
            add("\n")
        para = None
        for el in pkg.tree(part).iter():
            name = local(el.tag)
            shown = model.shown(el) if model.shown and isinstance(el.tag, str) else None
            if shown:
                enter(el)
                add(slot_text(el, shown), el, shown, part)
            elif name == model.text_tag:
                enter(el)
                add(el.text or "", el, "text", part)
                for child in el:
                    add(inner.get(local(child.tag), ""))
                    add(child.tail or "", child, "tail", part)
            elif virtual and para is not None:
                parent = el.getparent()
                ch = virtual.get((name, local(parent.tag) if parent is not None else ""))
                if ch:
                    add(ch)
    return Source(doc_id, "".join(chunks), fmt, segments, state=(pkg, slots, model))


def _cell(el, model: TextModel):
    """The table cell ``el`` lies in (the nearest), or None."""
    while el is not None and local(el.tag) != model.cell_tag:
        el = el.getparent()
    return el


def _between(prev, para, model: TextModel) -> str:
    """What stands between two paragraphs: a tab where the second opens the next cell of the same row, else a
    line break."""
    a, b = _cell(prev, model), _cell(para, model)
    if a is None or b is None or a is b:
        return "\n"
    row = a.getparent()
    if row is None or local(row.tag) != model.row_tag or b.getparent() is not row:
        return "\n"
    return "\t" if row.index(b) > row.index(a) else "\n"


def apply_to_slots(src: Source, reps: Iterable) -> int:
    """Put the replacements into the slots; returns how many replacements touched no slot (0 normally)."""
    pkg, slots, model = src.state
    starts = [s.start for s in slots]
    edits: dict[int, list[tuple[int, int, str]]] = {}
    missed = 0
    for r in reps:
        k = max(0, bisect.bisect_right(starts, r.start) - 1)
        first = True
        while k < len(slots) and slots[k].start < max(r.end, r.start + 1):
            s = slots[k]
            a, b = max(r.start, s.start), min(r.end, s.end)
            if a < b or (a == b == r.start and s.start <= a <= s.end and first):
                edits.setdefault(k, []).append((a - s.start, b - s.start, r.text if first else ""))
                first = False
            k += 1
        missed += first and r.start != r.end
    for k, es in edits.items():
        s = slots[k]
        old = slot_text(s.el, s.attr)
        for a, b, t in sorted(es, reverse=True):
            old = old[:a] + t + old[b:]
        _set_slot_text(s.el, s.attr, old)
        if model.preserve_space and s.attr == "text" and old != old.strip():
            s.el.set(XML_SPACE, "preserve")
        pkg.changed.add(s.part)
    return missed


def _safe_surfaces(src: Source, reps: Iterable) -> dict[str, str]:
    """Replaced mentions worth searching for elsewhere in the package: non-ASCII ones of two characters or
    more, ASCII ones of six or more (shorter strings would hit sizes and ids); a replacement that contains
    its mention (tag mode) is skipped."""
    out = {}
    for r in reps:
        surface = src.text[r.start:r.end].strip()
        if surface and surface not in r.text and (len(surface) >= 6 or (len(surface) >= 2 and not surface.isascii())):
            out[surface] = r.text
    return out


def sweep(src: Source, reps: list, rewrite: Callable[[str, Callable[[str], str]], str] | None = None) -> None:
    """Replace every other occurrence of a replaced mention in the package, and remove every occurrence of
    a scrubbed author name: non-text XML content (field codes, parameters), attribute values and part names
    (consistently, so references to a renamed part still resolve). The document text itself is left to
    the replacements. ``rewrite(value, sub)``, where given, applies ``sub`` to a value in the format's own syntax (an
    HWPX ``Command`` whose values are prefixed by their lengths: :func:`thunder_deid.formats.hwpx_fields.substitute`)."""
    pkg, slots, _ = src.state
    # non-ASCII names only: an ASCII property value ("true", a company) would hit attribute values
    surfaces = {name: "" for name in pkg.scrubbed if len(name.strip()) >= 2 and not name.isascii()}
    surfaces.update(_safe_surfaces(src, reps))
    if not surfaces:
        return
    pattern = re.compile("|".join(re.escape(s) for s in sorted(surfaces, key=len, reverse=True)))

    def plain(v: str) -> str:
        return pattern.sub(lambda m: surfaces[m.group(0)], v)

    def sub(v: str) -> str:
        return rewrite(v, plain) if rewrite else plain(v)

    in_slots = {(id(s.el), s.attr) for s in slots}
    for name in pkg.xml_parts():
        if name not in pkg.changed and not pattern.search(pkg.data[name].decode("utf-8", "ignore")):
            continue
        for el in pkg.tree(name).iter():
            for attr in ("text", "tail"):
                v = getattr(el, attr, None)
                if isinstance(v, str) and (id(el), attr) not in in_slots and pattern.search(v):
                    setattr(el, attr, sub(v))
                    pkg.changed.add(name)
            for k, v in el.attrib.items():
                if (id(el), "@" + k) not in in_slots and pattern.search(v):
                    el.set(k, sub(v))
                    pkg.changed.add(name)
    for name in pkg.names():
        if pattern.search(name):
            pkg.renames[name] = plain(name)


# pictures Pillow writes again, blank, in their own format and size (the layout keeps their place)
_RASTER = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".gif": "GIF", ".bmp": "BMP", ".tif": "TIFF", ".tiff": "TIFF"}


def _parts_under(pkg: Package, folders: tuple[str, ...]) -> list[str]:
    """The package's parts in ``folders`` (files, not folder entries)."""
    return [n for n in pkg.names() if n.startswith(folders) and not n.endswith("/")]


def blank_pictures(src: Source, folders: tuple[str, ...]) -> None:
    """Every picture in the package's ``folders`` (``word/media/``, ``BinData/``) replaced by a white one of its
    format and size: a photo, a scanned ID card or a seal can show a name the text does not. What this leaves
    (a vector picture Pillow cannot write) and what it did is said in ``src.notes``; the policy's ``pictures:
    keep`` (``src.meta["pictures"]``) keeps them all, said likewise."""
    import io

    try:
        from PIL import Image
    except ImportError:
        raise ThunderDeidError("blanking a document's pictures needs Pillow: pip install 'thunder-deid[formats]'") from None
    pkg = src.state[0]
    names = _parts_under(pkg, folders)
    if not names:
        return
    if src.meta.get("pictures") == "keep":
        src.notes.append(f"{len(names)} embedded picture(s) kept as they are (policy pictures: keep)")
        return
    blanked, other = 0, []
    for name in names:
        kind = _RASTER.get(Path(name).suffix.lower())
        if kind is None:
            other.append(Path(name).suffix.lower() or "(no suffix)")
            continue
        try:
            with Image.open(io.BytesIO(pkg.data[name])) as im:
                size = im.size
        except Exception:  # noqa: BLE001 - a picture Pillow cannot read is still replaced, by a small one
            size = (1, 1)
        buf = io.BytesIO()
        Image.new("RGB" if kind == "JPEG" else "L", size, "white").save(buf, kind)
        pkg.data[name] = buf.getvalue()
        blanked += 1
    if blanked:
        src.notes.append(f"{blanked} embedded picture(s) blanked (a photo or a seal can show a name; "
                         "policy pictures: keep keeps them)")
    if other:
        src.notes.append(f"{len(other)} embedded picture(s) of a kind that cannot be blanked kept: "
                         f"{', '.join(sorted(set(other)))}; look at them before publishing")


def note_embedded(src: Source, folders: tuple[str, ...], parts: Iterable[str] = ()) -> None:
    """Name in ``src.notes`` the embedded files the writer neither reads nor de-identifies (a spreadsheet or a
    document inside a DOCX, ``word/embeddings/``; a DOCX's custom XML data; ``parts`` the format names itself): they are kept as they are, and the user must know."""
    found = sorted(set(_parts_under(src.state[0], folders)) | {p for p in parts if p in src.state[0].data})
    if found:
        kinds = ", ".join(sorted({Path(n).suffix.lower() or "(no suffix)" for n in found}))
        src.notes.append(f"{len(found)} embedded file(s) ({kinds}) kept as they are, not read nor de-identified; "
                         "look at them before publishing")


# link targets that are a person's address or number, or a file on the author's machine (C:\Users\<account>),
# whatever the text says: always dropped
_CONTACT_SCHEMES = ("mailto:", "tel:", "sms:")
_LOCAL_PATH = re.compile(r"[A-Za-z]:[\\/]|\\\\|/(?:Users|home)/")  # C:\, \\server, a Mac's or Linux's home


def local_path(target: str) -> bool:
    """A file on the author's machine (``C:\\Users\\<account>\\…``, ``file:``, ``/Users/<account>/…``).

    >>> local_path("C:\\\\Users\\\\kim\\\\a.jpg"), local_path("BinData/image1.png")
    (True, False)
    """
    t = target.strip()
    return bool(_LOCAL_PATH.match(t)) or t.casefold().startswith("file:")


def replaced_mentions(src: Source, reps: Iterable) -> set[str]:
    """The text of every span replaced in the document, case-folded, for :func:`drops_link`; a replacement that
    contains its mention (tag mode) hides nothing and is skipped, and so is a mention of one character (``A``,
    ``3``: every link would hold one; a dropped link costs less than a replaced attribute, so two suffice where
    :func:`_safe_surfaces` wants six ASCII characters)."""
    out = set()
    for r in reps:
        surface = src.text[r.start:r.end].strip()
        if r.label is not None and len(surface) >= 2 and surface not in r.text:  # not a particle's repair
            out.add(surface.casefold())
    return out


def drops_link(target: str, mentions: set[str]) -> bool:
    """Whether a link target goes: a contact or local-file target always, any other one holding a replaced mention
    (as written or percent-encoded: ``https://blog.naver.com/%EC%98%A4%EC%84%B8%ED%9B%88``).

    >>> drops_link("MAILTO:sehoon.oh@naver.com", set()), drops_link("https://www.scourt.go.kr/", {"오세훈"})
    (True, False)
    >>> drops_link("https://blog.naver.com/%EC%98%A4%EC%84%B8%ED%9B%88", {"오세훈"}), drops_link("#", {"오세훈"})
    (True, False)
    """
    t = target.strip()
    if t.casefold().startswith(_CONTACT_SCHEMES) or local_path(t):
        return True
    forms = {t.casefold(), unquote(t).casefold()}
    return any(m in f for m in mentions for f in forms)


def note_hidden_text(src: Source, alt: int, links: int) -> None:
    """Say in ``src.notes`` how many descriptions were emptied and link targets dropped (counts, never text)."""
    if alt:
        src.notes.append(f"{alt} picture or shape description(s) emptied (alt text, title: free text that can "
                         "name a person)")
    if links:
        src.notes.append(f"{links} link target(s) dropped (an e-mail address, a phone number, a local file or an "
                         "address holding a replaced mention); the links' text stays")


def note_names(src: Source, n: int) -> None:
    """Say in ``src.notes`` how many internal names and values went (a bookmark's or a form field's name, a content
    control's tag, a list's hidden entries: no reader gives them to the tagger, and they can name a person)."""
    if n:
        src.notes.append(f"{n} name(s) or value(s) of bookmarks, fields, form objects or content controls renamed, "
                         "emptied or removed (internal, not read: they can name a person)")


def note_unread(src: Source, n: int) -> None:
    """Name in ``src.notes`` the charts, diagrams and word art whose text no reader gives the tagger (a chart's
    labels, ``<hp:textart text="…">``): the sweep replaces in them only what the text's spans replaced."""
    if n:
        src.notes.append(f"{n} chart(s), diagram(s) or word art not read: their text is replaced only where it "
                         "repeats a mention replaced in the body; look at them before publishing")


def blank_authors(pkg: Package) -> None:
    """Empty every author-like attribute in every XML part (comments, revisions, people, memos)."""
    for name in pkg.xml_parts():
        if not any(a.encode() in pkg.data[name] for a in AUTHOR_ATTRIBUTES):
            continue
        for el in pkg.tree(name).iter():
            for k in list(el.attrib):
                if local(k) in AUTHOR_ATTRIBUTES and el.get(k):
                    pkg.scrubbed.add(el.get(k))
                    el.set(k, "")
                    pkg.changed.add(name)


def blank_elements(pkg: Package, part: str, names: Iterable[str] | Callable[[object], bool]) -> None:
    """Empty the text of the elements of ``part`` with these local names (or matching a predicate)."""
    if part not in pkg.data:
        return
    test = names if callable(names) else (lambda el, s=frozenset(names): local(el.tag) in s)
    for el in pkg.tree(part).iter():
        if isinstance(el.tag, str) and test(el) and (el.text or len(el)):
            pkg.scrubbed.update(t for t in el.itertext() if t.strip())
            for child in list(el):
                el.remove(child)
            el.text = None
            pkg.changed.add(part)


def remove_keeping_tail(el) -> None:
    """Remove ``el`` and its content but keep the text that follows it (its tail) in place."""
    parent, tail = el.getparent(), el.tail
    if tail:
        prev = el.getprevious()
        if prev is not None:
            prev.tail = (prev.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(el)
