"""A de-identified PDF drawn from the original's pages: each page rendered as an image, every replacement painted
over the place its mention had on the page, the replacement's text written in that place.

A PDF's text is drawn, not stored as the text the reader gives: redacting it in place means rewriting its
content streams, glyph by glyph, through the fonts' own encodings, and one glyph missed is a name left in the
file. So the original's text is not carried at all: the page is an image (PDFium, through pypdfium2: BSD-3-Clause
and Apache-2.0) with each replaced mention covered by a white box that holds its replacement, and the *output's*
text (replacements in place) is written invisibly over it, run by run where the image shows its words, so the file
can be searched and copied (reportlab, BSD, with the Adobe-Korea1 font ``HYGothic-Medium`` named, not embedded; the
pages merged by pypdf). The layout is kept; what cannot be shown safely is left out: the page's embedded images (a photo or a stamp may show what the
text does not; but on a scanned page whose text is an invisible OCR layer the scan is the page, and is kept, with
the boxes where the OCR read the mentions), annotations and form fields, the document's metadata, outline and attachments, and pages with
no text layer (the reader names them; a scan is not de-identified). A replacement whose characters cannot all be
found among the characters PDFium reads on the page refuses the file, with the page named: writing it as
``.txt`` is the way out.

Where the reader's text (pypdf) and PDFium's differ only in spacing, their non-space characters are matched one
to one; otherwise by the longest common runs (:class:`difflib.SequenceMatcher`).
"""

from __future__ import annotations

import difflib
import io
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from thunder_deid.errors import ThunderDeidError

DPI = 150  # the rendered pages: legible court text, a few hundred kilobytes a page
CHUNK = 16  # pages built in one PDFium document before they are compressed (see write_pdf)
PAD = 0.6  # points added around a character's box, so no antialiased edge of a glyph is left beside the box
# where a Korean TrueType font is looked for to write the replacements (THUNDER_DEID_FONT first)
FONTS = ("/usr/share/fonts/truetype/nanum/NanumGothic.ttf", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
         "/usr/share/fonts/truetype/noto/NotoSansCJK-Regular.ttc", "/System/Library/Fonts/AppleSDGothicNeo.ttc",
         "C:/Windows/Fonts/malgun.ttf")


@dataclass(frozen=True)
class PageEdit:
    """Replace the page text's characters ``[start, end)`` by ``text`` (offsets in the reader's text of the page)."""

    start: int
    end: int
    text: str


def korean_font() -> Path:
    """The font the replacements are written in: ``THUNDER_DEID_FONT``, else the first of :data:`FONTS` present."""
    for p in (os.environ.get("THUNDER_DEID_FONT"), *FONTS):
        if p and Path(p).is_file():
            return Path(p)
    raise ThunderDeidError("writing a PDF draws the replacements in a Korean font, and none was found: install one "
                           "(apt-get install fonts-nanum) or set THUNDER_DEID_FONT to a .ttf/.ttc file; or name the "
                           "output .txt")


def char_map(ours: str, theirs: str) -> dict[int, int]:
    """Index in ``ours`` -> index in ``theirs`` for the non-space characters both hold, in order.

    >>> char_map("가 나다", "가나\\r\\n다")
    {0: 0, 2: 1, 3: 4}
    >>> char_map("가나X다", "가나다")
    {0: 0, 1: 1, 3: 2}
    """
    a = [i for i, c in enumerate(ours) if not c.isspace()]
    b = [j for j, c in enumerate(theirs) if not c.isspace()]
    sa, sb = "".join(ours[i] for i in a), "".join(theirs[j] for j in b)
    if sa == sb:
        return dict(zip(a, b))
    out: dict[int, int] = {}
    for m in difflib.SequenceMatcher(None, sa, sb, autojunk=False).get_matching_blocks():
        for k in range(m.size):
            out[a[m.a + k]] = b[m.b + k]
    return out


CELL_GAP = 1.5  # a space wider than this many character heights, between two words of a line, parts table cells
_SPACES = re.compile(r"[ \t]+")


class CharPage:
    """PDFium's text page indexed as the text it returns: a character beyond the BMP (an emoji, a CJK extension-B
    character) is one code point of that text but two of PDFium's characters (a UTF-16 pair), so every box after
    one had been read one character early and painted over the wrong text, the name beside it left readable.

        >>> from itertools import accumulate
        >>> list(accumulate((2 if ord(c) > 0xFFFF else 1 for c in "가😂나"), initial=0))
        [0, 1, 3, 4]
    """

    def __init__(self, textpage) -> None:
        from itertools import accumulate

        self.textpage = textpage
        self.text = textpage.get_text_range(0, textpage.count_chars())
        self.units = list(accumulate((2 if ord(c) > 0xFFFF else 1 for c in self.text), initial=0))

    def get_charbox(self, j: int, loose: bool = False) -> tuple[float, float, float, float]:
        return self.textpage.get_charbox(self.units[j], loose=loose)


def cells_apart(path: Path, page_texts: Sequence[str]) -> list[str]:
    """The pages' text with a table's cells a tab apart, as the DOCX and HWPX readers give a row: the text layer
    gives them one space apart (``1 2024. 7. 9. 장우진 700만 원``). A space is a cell's edge where the page draws it
    wider than :data:`CELL_GAP` character heights, in two or more consecutive lines with as many such spaces each
    (a table's rows; a justified line alone is not one). The text is unchanged where PDFium (pypdfium2) is not
    installed or cannot read the page.

    Only spaces change, and the writer matches the two readings by their other characters, so it needs no more."""
    try:
        import pypdfium2 as pdfium
    except ImportError:
        return list(page_texts)
    out = []
    pdf = pdfium.PdfDocument(str(path))
    try:
        for k, text in enumerate(page_texts):
            page = pdf[k]
            tp = page.get_textpage()
            chars = CharPage(tp)
            out.append(_cells_apart(text, chars, char_map(text, chars.text)))
            tp.close()
            page.close()
    except pdfium.PdfiumError:
        return list(page_texts)
    finally:
        pdf.close()
    return out


def _cells_apart(text: str, tp: CharPage, mapping: dict[int, int]) -> str:
    lines, pos = [], 0
    for line in text.split("\n"):
        wide = []
        for m in _SPACES.finditer(line):
            a, b = pos + m.start() - 1, pos + m.end()
            if m.start() == 0 or m.end() == len(line) or a not in mapping or b not in mapping:
                continue
            l0, b0, r0, t0 = tp.get_charbox(mapping[a], loose=True)
            l1, b1, r1, t1 = tp.get_charbox(mapping[b], loose=True)
            height = max(t0 - b0, t1 - b1)
            if height > 0 and abs((b0 + t0) - (b1 + t1)) < height and l1 - r0 > CELL_GAP * height:
                wide.append(m.span())
        lines.append((line, wide))
        pos += len(line) + 1
    counts = [len(w) for _, w in lines]
    rows = [bool(n) and ((i > 0 and counts[i - 1] == n) or (i + 1 < len(counts) and counts[i + 1] == n))
            for i, n in enumerate(counts)]
    out = []
    for (line, wide), row in zip(lines, rows):
        if row:
            pieces, at = [], 0
            for a, b in wide:
                pieces += [line[at:a], "\t"]
                at = b
            line = "".join(pieces) + line[at:]
        out.append(line)
    return "\n".join(out)


def line_boxes(textpage, chars: Sequence[int]) -> list[tuple[float, float, float, float]]:
    """The boxes (left, bottom, right, top, in points) covering PDFium characters ``chars``, one per line they
    run over: a character whose box stands beside the previous one's extends it, another starts a box."""
    boxes: list[list[float]] = []
    for j in sorted(chars):
        left, _, right, _ = textpage.get_charbox(j)
        _, bottom, _, top = textpage.get_charbox(j, loose=True)
        last = boxes[-1] if boxes else None
        if last and abs((bottom + top) - (last[1] + last[3])) < (top - bottom) / 2 and left >= last[0] - PAD:
            last[0], last[1], last[2], last[3] = min(last[0], left), min(last[1], bottom), max(last[2], right), max(last[3], top)
        else:
            boxes.append([left, bottom, right, top])
    return [(a - PAD, b, c + PAD, d) for a, b, c, d in boxes]


def render_page(pdf, index: int, page_text: str, edits: Sequence[PageEdit], font: Path, where: str,
                keep_pictures: bool = False) -> "Drawn":
    """Page ``index`` of the open PDFium document drawn with ``edits`` painted on it (:class:`Drawn`)."""
    page = pdf[index]
    try:
        return _paint(page, page_text, edits, font, where, keep_pictures)
    finally:
        page.close()  # PDFium's objects close child first: the document closes after its pages


def _paint(page, page_text: str, edits: Sequence[PageEdit], font: Path, where: str, keep_pictures: bool):
    import pypdfium2.raw as pdfium_c
    from PIL import ImageDraw

    rotation = page.get_rotation()
    objects = list(page.get_objects(max_depth=1))
    texts = [o for o in objects if o.type == pdfium_c.FPDF_PAGEOBJ_TEXT]
    # a scan with an OCR layer draws its text invisibly over the page's image: the image is the page, and the boxes
    # go where the OCR found the mentions; elsewhere images are not the text's and are left out
    removed = 0
    if not keep_pictures and (not texts or any(
            pdfium_c.FPDFTextObj_GetTextRenderMode(o.raw) != pdfium_c.FPDF_TEXTRENDERMODE_INVISIBLE for o in texts)):
        for obj in objects:
            if obj.type == pdfium_c.FPDF_PAGEOBJ_IMAGE:
                page.remove_obj(obj)
                obj.close()
                removed += 1
    page.gen_content()
    raw_textpage = page.get_textpage()
    textpage = CharPage(raw_textpage)
    mapping = char_map(page_text, textpage.text)
    bbox = page.get_bbox()
    left, bottom, _, top = bbox
    scale = DPI / 72
    page.set_rotation(0)  # character boxes are in the unrotated page's space: paint there, turn the image after
    bitmap = page.render(scale=scale, draw_annots=False, may_draw_forms=False, grayscale=True)
    image = bitmap.to_pil().convert("L")
    bitmap.close()
    draw = ImageDraw.Draw(image)
    replaced: dict[int, str | None] = {}  # PDFium character -> the replacement it starts, or None: covered
    painted: list[tuple[float, float, float, float]] = []
    for e in edits:
        wanted = [i for i in range(e.start, e.end) if not page_text[i].isspace()]
        found = [mapping[i] for i in wanted if i in mapping]
        if len(found) < len(wanted):
            raise ThunderDeidError(f"{where}: {len(wanted) - len(found)} replaced character(s) were not found among "
                                   "the characters drawn on the page; write this file as .txt")
        boxes = line_boxes(textpage, found)
        painted += boxes
        px = [((a - left) * scale, (top - d) * scale, (c - left) * scale, (top - b) * scale) for a, b, c, d in boxes]
        for k, (x0, y0, x1, y1) in enumerate(px):
            draw.rectangle((x0, y0, x1, y1), fill=255)
            if k == 0 and e.text.strip():
                _write(draw, e.text, (x0, y0, x1, y1), font)
        if found:
            replaced.update((j, None) for j in range(min(found), max(found) + 1))
            replaced[min(found)] = e.text
    layer = PageText(text_runs(textpage, replaced, left, bottom, painted), rotation, bbox)
    raw_textpage.close()
    if rotation:
        image = image.rotate(-rotation, expand=True)
    return Drawn(image, removed, layer)


@dataclass
class PageText:
    """A drawn page's text layer: its runs (:func:`text_runs`, unrotated page space from the page box's lower left
    corner), the page's rotation and its box."""

    runs: list[tuple[float, float, float, float, str]]
    rotation: int
    bbox: tuple[float, float, float, float]


@dataclass
class Drawn:
    """A page drawn: its image, the pictures left out of it, and its text layer."""

    image: object
    removed: int
    text: PageText


def text_runs(textpage: CharPage, replaced: dict[int, str | None], left: float, bottom: float,
               painted: Sequence[tuple[float, float, float, float]] = ()):
    """The output's text as PDFium reads the page, in runs placed where their characters stand: ``(x, y, width,
    height, text)``, a replaced mention a run of its own holding its replacement, so the text a viewer selects lies
    over what the image shows. A run ends at a line break (PDFium's ``\\r\\n`` or a jump in height) and at either
    edge of a replacement. A character drawn inside a painted box that no replacement accounts for (a copy of a
    glyph drawn twice, which one reader saw and the other not) is left out, as the image leaves it out."""
    runs, chars, boxes = [], [], []

    def flush() -> None:
        text = "".join(chars)
        if text.strip() and boxes:
            x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
            x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
            runs.append((x0 - left, y0 - bottom, x1 - x0, y1 - y0, text))
        chars.clear()
        boxes.clear()

    in_replacement = False  # the run being read holds a replacement
    for j, c in enumerate(textpage.text):
        if c in "\r\n":
            flush()
            continue
        box = textpage.get_charbox(j, loose=True)
        if j in replaced and replaced[j] is None:
            if box[2] > box[0]:
                boxes.append(box)  # the replacement's run covers the whole mention
            continue
        if j not in replaced and _under(textpage.get_charbox(j), painted):
            continue
        if j in replaced or (boxes and chars and in_replacement):
            flush()  # a replacement starts, or the run after one does
        in_replacement = j in replaced
        if boxes and box[2] > box[0] and abs((box[1] + box[3]) - (boxes[-1][1] + boxes[-1][3])) > (box[3] - box[1]):
            flush()
        chars.append(replaced[j] if j in replaced else c)
        if box[2] > box[0]:
            boxes.append(box)
    flush()
    return runs


def _under(box: tuple[float, float, float, float], painted: Sequence[tuple[float, float, float, float]]) -> bool:
    """The box's centre lies in one of the painted boxes (all in points).

    >>> _under((10, 10, 12, 14), [(9, 9, 20, 15)]), _under((30, 10, 32, 14), [(9, 9, 20, 15)])
    (True, False)
    """
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return box[2] > box[0] and any(a <= x <= c and b <= y <= d for a, b, c, d in painted)


def _write(draw, text: str, box: tuple[float, float, float, float], font: Path) -> None:
    """``text`` in ``box``, as large as the box's height allows and small enough to fit its width."""
    from PIL import ImageFont

    x0, y0, x1, y1 = box
    size = max(4, int((y1 - y0) * 0.9))  # the box runs from the font's descent to its ascent
    while True:
        f = ImageFont.truetype(str(font), size)
        width = draw.textlength(text, font=f)
        if width <= (x1 - x0) or size <= 4:
            break
        size -= 1
    draw.text((x0, (y0 + y1) / 2), text, fill=0, font=f, anchor="lm")


def write_pdf(path: Path, page_texts: Sequence[str], edits: Sequence[Sequence[PageEdit]], out,
              keep_pictures: bool = False) -> int:
    """The pages of ``path`` that have text, ``edits[k]`` painted on page ``k``, written as a PDF to binary file ``out``;
    returns the number of pictures left out (none with ``keep_pictures``, the policy's ``pictures: keep``)."""
    try:
        import pypdfium2 as pdfium
    except ImportError:
        raise ThunderDeidError(f"{path}: writing a .pdf needs pypdfium2: pip install 'thunder-deid[formats]'; "
                               "or name the output .txt") from None
    font = korean_font()
    pdf, new = pdfium.PdfDocument(str(path)), pdfium.PdfDocument.new()
    pages = [k for k, text in enumerate(page_texts) if text.strip()]
    removed, layers = 0, []
    try:
        # a document being built keeps its pages' bitmaps raw (2.4 MB an A4 page) until it is saved: pages are
        # built CHUNK at a time, saved compressed, and imported, so a long judgment's memory is its output's size
        for c in range(0, len(pages), CHUNK):
            chunk = pdfium.PdfDocument.new()
            try:
                for k in pages[c:c + CHUNK]:
                    drawn = render_page(pdf, k, page_texts[k], edits[k], font, f"{path}: page {k + 1}", keep_pictures)
                    _add_page(chunk, drawn.image)
                    removed += drawn.removed
                    layers.append(drawn.text)  # the image is in the chunk now: keeping it would hold every page
                buf = io.BytesIO()
                chunk.save(buf)
            finally:
                chunk.close()
            saved = pdfium.PdfDocument(buf.getvalue())
            new.import_pages(saved)
            saved.close()
        images = io.BytesIO()
        new.save(images)
    except pdfium.PdfiumError as e:
        raise ThunderDeidError(f"{path}: PDFium could not draw the pages ({e})") from None
    finally:
        new.close()
        pdf.close()
    with_text_layer(images.getvalue(), layers, out)
    return removed


FONT_CID = "HYGothic-Medium"  # Adobe-Korea1, named not embedded: a viewer reads and searches it with its own font


def with_text_layer(pdf: bytes, layers: Sequence[PageText], out) -> None:
    """``pdf`` (the drawn pages) with each page's text written invisibly over it where its lines stand, so the
    output can be searched and copied; the text is the output's (replacements in place), never the original's."""
    try:
        from pypdf import PdfReader, PdfWriter
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.cidfonts import UnicodeCIDFont
        from reportlab.pdfgen import canvas
    except ImportError:
        raise ThunderDeidError("writing a .pdf needs reportlab and pypdf: pip install 'thunder-deid[formats]'; "
                               "or name the output .txt") from None
    if FONT_CID not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(UnicodeCIDFont(FONT_CID))
    text = io.BytesIO()
    c = canvas.Canvas(text, pageCompression=1)
    c.setCreator("")
    for d in layers:
        left, bottom, right, top = d.bbox
        w, h = right - left, top - bottom
        c.setPageSize((h, w) if d.rotation in (90, 270) else (w, h))
        # the runs were read on the unrotated page; the drawn page is turned by the page's rotation (clockwise)
        c.translate(*{0: (0, 0), 90: (0, w), 180: (w, h), 270: (h, 0)}[d.rotation])
        c.rotate(-d.rotation)
        for x, y, width, height, line in d.runs:
            size = max(1.0, height * 0.85)
            natural = pdfmetrics.stringWidth(line, FONT_CID, size)
            t = c.beginText(x, y + height * 0.15)
            t.setTextRenderMode(3)  # invisible: the image shows the page, the text is there to be found
            t.setFont(FONT_CID, size)
            if natural > 0:
                t.setHorizScale(100 * width / natural)
            t.textOut(line)
            c.drawText(t)
        c.showPage()
    c.save()
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    for page, words in zip(writer.pages, PdfReader(io.BytesIO(text.getvalue())).pages):
        page.merge_page(words)
    whole = io.BytesIO()  # pypdf seeks in what it writes, and a pipe cannot: the file goes out in one write
    writer.write(whole)
    out.write(whole.getvalue())


def _add_page(pdf, image) -> None:
    """A page of the image's size at :data:`DPI`, the image filling it (stored losslessly: a JPEG's ringing would
    grey the boxes' edges)."""
    import pypdfium2 as pdfium

    w, h = image.width * 72 / DPI, image.height * 72 / DPI
    page = pdf.new_page(w, h)
    obj = pdfium.PdfImage.new(pdf)
    bitmap = pdfium.PdfBitmap.from_pil(image)
    obj.set_bitmap(bitmap)
    bitmap.close()
    obj.set_matrix(pdfium.PdfMatrix().scale(w, h))
    page.insert_obj(obj)
    page.gen_content()
    page.close()
