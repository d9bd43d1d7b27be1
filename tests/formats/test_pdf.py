"""A real PDF with a Korean text layer (fpdf2 with NanumGothic) is read by pypdf; a PDF without a text
layer is refused."""

from __future__ import annotations

import contextlib
import math

import pytest

from thunder_deid.errors import ThunderDeidError
from thunder_deid.formats import get_format
from thunder_deid.formats.base import write_text

from .conftest import korean_font, replacements

fpdf = pytest.importorskip("fpdf")


def _pdf(path, pages):
    pdf = fpdf.FPDF()
    font = korean_font()
    if pages and any(pages):
        if font is None:
            pytest.skip("no Korean TrueType font (apt-get install fonts-nanum; scripts/setup.sh does)")
        pdf.add_font("nanum", fname=str(font))
        pdf.set_font("nanum", size=12)
    for text in pages:
        pdf.add_page()
        if text:
            pdf.multi_cell(0, 10, text)
    pdf.output(str(path))
    return path


def test_pdf_text_layer_is_read_page_by_page_and_written_as_text(tmp_path):
    path = _pdf(tmp_path / "판결.pdf", ["피고인 홍길동은 서울에 산다.", "피해자 김철수에게 전화하였다."])
    fmt = get_format(path)
    (src,) = fmt.read(path, "판결")
    pages = src.text.split("\f")
    assert len(pages) == 2 and "홍길동" in pages[0] and "김철수" in pages[1]
    assert src.locate(src.text.index("김철수"))[0] == "page 2"
    out = tmp_path / "판결.txt"
    write_text(out, [(src, replacements(src.text))])
    written = out.read_text(encoding="utf-8")
    assert "[인명]" in written and "홍길동" not in written and "김철수" not in written


def test_a_pdf_without_text_layer_is_one_error_line(tmp_path):
    path = _pdf(tmp_path / "scan.pdf", ["", ""])
    with pytest.raises(ThunderDeidError, match=r"scan\.pdf: no readable text layer in 2 page\(s\).*run OCR first"):
        next(get_format(path).read(path, "scan"))
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(b"%PDF-1.4 truncated")
    with pytest.raises(ThunderDeidError, match=r"bad\.pdf: "):
        next(get_format(bad).read(bad, "bad"))


def test_scanned_pages_among_text_pages_are_named_in_the_summary_and_the_manifest(tmp_path, capsys):
    """Probed 2026-12-05: a PDF whose pages 2-3 were scans came out as page 1's text with no word that
    anything was missing. The reader names the pages; `redact` prints them and the manifest keeps them."""
    from thunder_deid.cli import main

    (tmp_path / "in").mkdir()
    pdf = _pdf(tmp_path / "in" / "판결.pdf", ["피고인 홍길동은 서울에 산다.", "", "", "피해자 김철수에게 전화하였다.", ""])
    (src,) = get_format(pdf).read(pdf, "판결")
    assert src.notes == ["page(s) 2-3, 5 of 5 have no readable text layer (scanned, or fonts without a Unicode map?): not in the "
                         "output; run OCR on them"]
    assert main(["redact", str(pdf), str(tmp_path / "one.txt")]) == 0
    out, err = capsys.readouterr()
    assert "(1 note(s))" in out and "note: " in err and "판결.pdf: page(s) 2-3, 5 of 5" in err
    assert main(["redact", str(tmp_path / "in"), str(tmp_path / "out")]) == 0
    import json

    (row,) = [json.loads(x) for x in (tmp_path / "out.manifest.jsonl").read_text(encoding="utf-8").splitlines()]
    assert row["status"] == "ok" and row["notes"] == src.notes and "홍길동" not in json.dumps(row, ensure_ascii=False)


@pytest.mark.parametrize("algorithm", ["RC4-128", "AES-256"])
def test_a_pdf_that_only_restricts_copying_is_read_one_that_needs_a_password_is_refused(tmp_path, algorithm):
    """Probed 2026-12-05: every encrypted PDF was refused, though published judgments are often encrypted
    against copying alone and open without a password."""
    from pypdf import PdfReader, PdfWriter

    plain = _pdf(tmp_path / "plain.pdf", ["피고인 홍길동은 서울에 산다."])
    for name, user in (("open.pdf", ""), ("locked.pdf", "secret")):
        w = PdfWriter(clone_from=PdfReader(plain))
        w.encrypt(user_password=user, owner_password="owner", algorithm=algorithm, permissions_flag=0)
        with open(tmp_path / name, "wb") as f:
            w.write(f)
    fmt = get_format(tmp_path / "open.pdf")
    (src,) = fmt.read(tmp_path / "open.pdf", "open")
    assert "홍길동" in src.text
    with pytest.raises(ThunderDeidError, match=r"locked\.pdf: the PDF needs a password to open; decrypt it first"):
        next(fmt.read(tmp_path / "locked.pdf", "locked"))


# -- written as a PDF: the pages drawn, every replacement in its mention's place ------------------------------

pdfium = pytest.importorskip("pypdfium2")
np = pytest.importorskip("numpy")


@contextlib.contextmanager
def _page(path, index=0):
    """Page ``index`` of the PDF at ``path`` and its text page, closed after use (PDFium closes children first)."""
    doc = pdfium.PdfDocument(str(path))
    page = doc[index]
    tp = page.get_textpage()
    try:
        yield page, tp
    finally:
        tp.close()
        page.close()
        doc.close()


def _render(path, index=0):
    """Page ``index`` of the original as the writer renders it (150 dpi, gray)."""
    with _page(path, index) as (page, _):
        bitmap = page.render(scale=150 / 72, grayscale=True, draw_annots=False)
        image = bitmap.to_pil().convert("L")
        bitmap.close()
    return np.asarray(image, dtype=np.int16)


def _written(path, index=0):
    """The pixels of the one image that is page ``index`` of a written PDF (read back, not re-rendered)."""
    with _page(path, index) as (page, _):
        (obj,) = [o for o in page.get_objects() if o.type == pdfium.raw.FPDF_PAGEOBJ_IMAGE]
        bitmap = obj.get_bitmap(render=False)
        image = bitmap.to_pil().convert("L")
        bitmap.close()
        obj.close()
    return np.asarray(image, dtype=np.int16)


def _layer(path, index=0):
    """The text of page ``index`` as PDFium (which Chrome uses) reads it."""
    with _page(path, index) as (_, tp):
        return tp.get_text_range(0, tp.count_chars())


def _char_boxes(path, word, index=0):
    """Pixel boxes (150 dpi) of the characters of every occurrence of ``word`` on the original page."""
    with _page(path, index) as (page, tp):
        text = tp.get_text_range(0, tp.count_chars())
        # PDFium's index of text[i]: a character beyond the BMP is two of PDFium's (a UTF-16 pair)
        unit = [len(text[:i].encode("utf-16-le")) // 2 for i in range(len(text))]
        left, _, _, top = page.get_bbox()
        s = 150 / 72
        boxes = []
        for at in [i for i in range(len(text)) if text.startswith(word, i)]:
            for j in range(at, at + len(word)):
                a, b, c, d = tp.get_charbox(unit[j])
                # the box's pixels, edges rounded outwards
                boxes.append((math.floor((a - left) * s), math.floor((top - d) * s), math.ceil((c - left) * s),
                              math.ceil((top - b) * s)))
    return boxes


def _turned(tmp_path, rotate, repl):
    """A one-line judgment, its page turned by ``rotate``, written to out.pdf with its names replaced by ``repl``;
    returns the unturned original."""
    from pypdf import PdfReader, PdfWriter

    plain = _pdf(tmp_path / "plain.pdf", ["피고인 홍길동은 서울에 산다. 피해자 김철수에게 전화하였다."])
    w = PdfWriter(clone_from=PdfReader(plain))
    w.pages[0].rotate(rotate)
    with open(tmp_path / "turned.pdf", "wb") as f:
        w.write(f)
    fmt = get_format(tmp_path / "turned.pdf")
    (src,) = fmt.read(tmp_path / "turned.pdf", "turned")
    fmt.write(tmp_path / "out.pdf", [(src, replacements(src.text, repl=repl))])
    return plain


def test_a_pdf_is_written_as_its_pages_with_each_mention_painted_over_and_nothing_else_changed(tmp_path):
    path = _pdf(tmp_path / "판결.pdf", ["피고인 홍길동은 서울 강남구에 산다. 피해자 김철수에게 전화하였다. " * 4,
                                       "피해자 김철수에게 돈을 보냈다."])
    fmt = get_format(path)
    (src,) = fmt.read(path, "판결")
    out = tmp_path / "out" / fmt.out_name("판결.pdf")
    fmt.write(out, [(src, replacements(src.text, repl=""))])  # nothing written in the boxes: they must be blank
    before, after = _render(path), _written(out)
    assert out.suffix == ".pdf" and before.shape == after.shape
    boxes = _char_boxes(path, "홍길동") + _char_boxes(path, "김철수")
    assert len(boxes) == 24
    covered = np.zeros(before.shape, bool)
    for x0, y0, x1, y1 in boxes:
        assert before[y0:y1, x0:x1].min() < 100          # the name was drawn there
        assert after[y0:y1, x0:x1].min() == 255          # and nothing of it is left
        covered[max(0, y0 - 4):y1 + 4, max(0, x0 - 4):x1 + 4] = True
    assert (before != after)[~covered].sum() == 0       # outside the painted boxes the page is the page
    page2 = _char_boxes(path, "김철수", 1)
    assert len(page2) == 3 and all(_written(out, 1)[y0:y1, x0:x1].min() == 255 for x0, y0, x1, y1 in page2)
    from pypdf import PdfReader

    layer = [page.extract_text() for page in PdfReader(out).pages]    # the output's text, searchable
    assert "피고인" in layer[0] and "피해자" in layer[1] and not [n for n in ("홍길동", "김철수") if n in "".join(layer)]



def test_redact_writes_a_pdf_with_the_outputs_text_no_metadata_no_images_and_no_scanned_page(tmp_path, capsys):
    """Pictures are left out unless the policy keeps them (``pictures: keep``); the notes say which."""
    from pypdf import PdfReader

    from thunder_deid.cli import main

    pdf = fpdf.FPDF()
    pdf.set_author("홍길동")
    pdf.set_title("홍길동 사건")
    pdf.add_font("nanum", fname=str(korean_font() or pytest.skip("no Korean TrueType font")))
    pdf.set_font("nanum", size=12)
    pdf.add_page()
    pdf.multi_cell(0, 10, "피고인 홍길동은 2020. 3. 5. 피해자 김철수(010-1234-5678)에게 전화하였다.")
    from PIL import Image

    stamp = tmp_path / "stamp.png"
    Image.new("L", (40, 40), 0).save(stamp)
    pdf.image(str(stamp), x=150, y=100, w=20)
    pdf.add_page()                                   # a page without text (a scan): not in the output
    pdf.output(str(tmp_path / "in.pdf"))
    assert main(["redact", "--mode", "court", str(tmp_path / "in.pdf"), str(tmp_path / "out.pdf")]) == 0
    data = (tmp_path / "out.pdf").read_bytes()
    reader = PdfReader(tmp_path / "out.pdf")
    # the text layer is the output's text, not the original's (searchable, copyable)
    # (pypdf reads a space between runs placed apart; PDFium, which Chrome uses, reads them as written)
    assert len(reader.pages) == 1
    assert "피고인A는2020.3.5.피해자B(전화번호생략)에게" in "".join(reader.pages[0].extract_text().split())
    assert "피고인 A는 2020. 3. 5. 피해자 B(전화번호 생략)에게" in _layer(tmp_path / "out.pdf")
    assert "홍길동".encode("utf-16-be") not in data and "홍길동".encode() not in data
    assert not {"/Author", "/Title"} & set(reader.metadata or {})
    # the stamp (an image) is gone: 150..170 mm from the left, 100..120 mm from the top, white at 150 dpi
    px = lambda mm: int(mm / 25.4 * 150)
    assert _written(tmp_path / "out.pdf")[px(102):px(118), px(152):px(168)].min() == 255
    assert _render(tmp_path / "in.pdf")[px(102):px(118), px(152):px(168)].max() < 50
    err = capsys.readouterr().err
    assert "page(s) 2 of 2 have no readable text layer" in err and "1 embedded picture(s) left out of the pages" in err
    (tmp_path / "keep.yaml").write_text("mode: court\npictures: keep\n", encoding="utf-8")
    assert main(["redact", "--policy", str(tmp_path / "keep.yaml"), str(tmp_path / "in.pdf"), str(tmp_path / "kept.pdf")]) == 0
    assert _written(tmp_path / "kept.pdf")[px(102):px(118), px(152):px(168)].max() < 50   # policy pictures: keep


def test_a_pdf_opened_without_a_password_is_written_too(tmp_path):
    from pypdf import PdfReader, PdfWriter

    plain = _pdf(tmp_path / "plain.pdf", ["피고인 홍길동은 서울에 산다."])
    w = PdfWriter(clone_from=PdfReader(plain))
    w.encrypt(user_password="", owner_password="owner", algorithm="AES-256", permissions_flag=0)
    with open(tmp_path / "open.pdf", "wb") as f:
        w.write(f)
    fmt = get_format(tmp_path / "open.pdf")
    (src,) = fmt.read(tmp_path / "open.pdf", "open")
    fmt.write(tmp_path / "out.pdf", [(src, replacements(src.text, repl=""))])
    assert all(_written(tmp_path / "out.pdf")[y0:y1, x0:x1].min() == 255 for x0, y0, x1, y1 in _char_boxes(plain, "홍길동"))


def test_a_replacement_not_found_on_the_page_or_no_font_is_one_error_line_and_no_file(tmp_path, monkeypatch):
    from thunder_deid.formats import pdfpages

    path = _pdf(tmp_path / "판결.pdf", ["피고인 홍길동은 서울에 산다."])
    fmt = get_format(path)
    (src,) = fmt.read(path, "판결")
    src.state["pages"] = ["전혀 다른 글자들이 여기에 있다."]  # the reader's text no longer matches the drawing
    with pytest.raises(ThunderDeidError, match=r"판결\.pdf: page 1: \d+ replaced character\(s\) were not found"):
        fmt.write(tmp_path / "out.pdf", [(src, replacements(src.state["pages"][0], names=("전혀 다른",)))])
    assert not (tmp_path / "out.pdf").exists()
    monkeypatch.setattr(pdfpages, "FONTS", ())
    monkeypatch.delenv("THUNDER_DEID_FONT", raising=False)
    (src,) = fmt.read(path, "판결")
    with pytest.raises(ThunderDeidError, match="none was found: install one .*fonts-nanum.*THUNDER_DEID_FONT"):
        fmt.write(tmp_path / "out.pdf", [(src, replacements(src.text))])
    assert not (tmp_path / "out.pdf").exists()


def test_a_scanned_page_with_an_ocr_layer_keeps_its_scan_boxed_where_the_ocr_read_the_mentions(tmp_path):
    """A scan with invisible OCR text: removing its image would blank the page, so the image stays."""
    from fpdf.enums import TextMode
    from PIL import Image

    scan = tmp_path / "scan.png"
    Image.new("L", (850, 1100), 128).save(scan)      # the scanned page, uniform gray
    pdf = fpdf.FPDF()
    pdf.add_font("nanum", fname=str(korean_font() or pytest.skip("no Korean TrueType font")))
    pdf.set_font("nanum", size=12)
    pdf.add_page()
    pdf.image(str(scan), x=0, y=0, w=210, h=297)
    pdf.text_mode = TextMode.INVISIBLE
    pdf.multi_cell(0, 10, "피고인 홍길동은 서울에 산다. 피해자 김철수에게 전화하였다.")
    pdf.output(str(tmp_path / "ocr.pdf"))
    fmt = get_format(tmp_path / "ocr.pdf")
    (src,) = fmt.read(tmp_path / "ocr.pdf", "ocr")
    fmt.write(tmp_path / "out.pdf", [(src, replacements(src.text, repl=""))])
    after = _written(tmp_path / "out.pdf")
    boxes = _char_boxes(tmp_path / "ocr.pdf", "홍길동") + _char_boxes(tmp_path / "ocr.pdf", "김철수")
    assert len(boxes) == 6 and all(after[y0:y1, x0:x1].min() == 255 for x0, y0, x1, y1 in boxes)
    covered = np.zeros(after.shape, bool)
    for x0, y0, x1, y1 in boxes:
        covered[max(0, y0 - 4):y1 + 4, max(0, x0 - 4):x1 + 4] = True
    assert np.median(after[~covered]) == 128          # the scan is still there


@pytest.mark.parametrize("rotate", [90, 180, 270])
def test_a_rotated_page_is_boxed_where_its_mentions_stand_once_turned(tmp_path, rotate):
    plain = _turned(tmp_path, rotate, "")
    before, after = _render(tmp_path / "turned.pdf"), _written(tmp_path / "out.pdf")
    glyphs = np.zeros(_render(plain).shape, bool)      # the names' boxes on the unturned page, then turned
    near = np.zeros(glyphs.shape, bool)
    for x0, y0, x1, y1 in _char_boxes(plain, "홍길동") + _char_boxes(plain, "김철수"):
        glyphs[y0:y1, x0:x1] = True
        near[max(0, y0 - 4):y1 + 4, max(0, x0 - 4):x1 + 4] = True
    glyphs, near = np.rot90(glyphs, k=-rotate // 90), np.rot90(near, k=-rotate // 90)
    assert before.shape == after.shape == glyphs.shape
    assert before[glyphs].min() < 100 and after[glyphs].min() == 255
    # elsewhere the page as PDFium draws it turned (its own turning antialiases a few glyph edges otherwise)
    assert (before != after)[~near].mean() < 0.001


@pytest.mark.parametrize("rotate", [0, 90, 180, 270])
def test_the_text_layer_stands_where_the_page_shows_its_words(tmp_path, rotate):
    """Selecting a word in a viewer selects the word the image shows: each run of the text layer is placed on its
    characters (a line stretched whole had put ``서울`` 18 points to the left of where it is drawn)."""
    from pypdf import PdfReader

    plain = _turned(tmp_path, rotate, "A")

    def centre(path):
        with _page(path) as (page, tp):
            a, b, c, d = tp.get_charbox(tp.get_text_range(0, tp.count_chars()).index("서울"))
            return (a + c) / 2, (b + d) / 2, page.get_size()

    x, y, (w0, h0) = centre(plain)
    want = {0: (x, y), 90: (y, w0 - x), 180: (w0 - x, h0 - y), 270: (h0 - y, x)}[rotate]
    got = centre(tmp_path / "out.pdf")
    assert abs(got[0] - want[0]) < 2 and abs(got[1] - want[1]) < 2
    assert "A" in PdfReader(tmp_path / "out.pdf").pages[0].extract_text()


def test_a_glyph_drawn_twice_under_a_painted_box_stays_out_of_the_text_layer(tmp_path):
    """A name drawn a second time on the same place (a bold imitated by overprinting) is covered by the box the first
    one's replacement paints; the text layer must not hold the copy either."""
    from types import SimpleNamespace

    pdf = fpdf.FPDF()
    pdf.add_font("nanum", fname=str(korean_font() or pytest.skip("no Korean TrueType font")))
    pdf.set_font("nanum", size=12)
    pdf.add_page()
    pdf.text(20, 20, "피고인 홍길동은 서울에 산다.")
    pdf.text(20 + pdf.get_string_width("피고인 "), 20, "홍길동")
    pdf.output(str(tmp_path / "bold.pdf"))
    fmt = get_format(tmp_path / "bold.pdf")
    (src,) = fmt.read(tmp_path / "bold.pdf", "bold")
    first = src.text.index("홍길동")
    assert src.text.count("홍길동") == 2
    fmt.write(tmp_path / "out.pdf", [(src, [SimpleNamespace(start=first, end=first + 3, text="A", label="인명")])])
    layer = _layer(tmp_path / "out.pdf")
    assert "홍길동" not in layer and "A" in layer and "서울에" in layer


def test_a_pdf_in_a_named_cid_font_is_written_too(tmp_path):
    """Many Korean PDFs name an Adobe-Korea1 font without embedding it (reportlab's HYSMyeongJo-Medium here); PDFium
    draws it with a font of its own, and the mention's boxes still come from the characters it reads."""
    from pypdf import PdfReader
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfgen import canvas

    if korean_font() is None:
        pytest.skip("no Korean TrueType font to write the replacements in")
    pdfmetrics.registerFont(UnicodeCIDFont("HYSMyeongJo-Medium"))
    c = canvas.Canvas(str(tmp_path / "cid.pdf"))
    c.setFont("HYSMyeongJo-Medium", 12)
    c.drawString(72, 750, "피고인 홍길동은 2020. 3. 5. 서울 강남구에서")
    c.drawString(72, 730, "피해자 김철수에게 전화하였다.")
    c.save()
    fmt = get_format(tmp_path / "cid.pdf")
    (src,) = fmt.read(tmp_path / "cid.pdf", "cid")
    fmt.write(tmp_path / "out.pdf", [(src, replacements(src.text, repl=""))])
    boxes = _char_boxes(tmp_path / "cid.pdf", "홍길동") + _char_boxes(tmp_path / "cid.pdf", "김철수")
    after = _written(tmp_path / "out.pdf")
    assert len(boxes) == 6 and all(after[y0:y1, x0:x1].min() == 255 for x0, y0, x1, y1 in boxes)
    layer = PdfReader(tmp_path / "out.pdf").pages[0].extract_text()
    assert "피고인" in layer and "홍길동" not in layer and "김철수" not in layer


def test_a_pdf_tables_rows_are_read_cells_a_tab_apart_and_its_person_column_as_names(tmp_path):
    """Probed 2026-12-05: a crime list in a PDF reached the model as ``1 2024. 7. 9. 장우진 700만 원`` (one space
    between cells), so the person-column rule of the DOCX and HWPX readers could not apply; a justified line whose
    spaces the page stretches is not a table and keeps its spaces."""
    from fpdf.fonts import FontFace

    from thunder_deid.cli import main

    names = ["김서윤", "이도현", "박준서", "최민지", "정하윤", "윤채원", "장우진", "한예린"]
    pdf = fpdf.FPDF()
    pdf.add_font("nanum", fname=str(korean_font() or pytest.skip("no Korean TrueType font")))
    pdf.set_font("nanum", size=10)
    pdf.add_page()
    pdf.multi_cell(0, 8, "별지 범죄일람표")
    with pdf.table(headings_style=FontFace(emphasis=None)) as table:
        for cells in [("순번", "일시", "피해자", "편취금액")] + [(str(i), f"2024. {i}. {i + 2}.", n, f"{i * 100}만 원")
                                                         for i, n in enumerate(names, 1)]:
            row = table.row()
            for c in cells:
                row.cell(c)
    pdf.multi_cell(0, 8, "피고인은 위와 같이 피해자들로부터 합계 3,600만 원을 편취하였다. " * 3, align="J")
    pdf.output(str(tmp_path / "list.pdf"))
    (src,) = get_format(tmp_path / "list.pdf").read(tmp_path / "list.pdf", "list")
    lines = src.text.split("\n")
    assert lines[1] == "순번\t일시\t피해자\t편취금액" and lines[8] == "7\t2024. 7. 9.\t장우진\t700만 원"
    assert "\t" not in "\n".join(lines[10:])                  # the justified paragraph
    assert main(["redact", "--mode", "court", str(tmp_path / "list.pdf"), str(tmp_path / "out.pdf")]) == 0
    layer = _layer(tmp_path / "out.pdf")
    assert not [n for n in names if n in layer] and "700만 원" in layer


def test_a_tables_cells_lose_no_letter_when_set_a_tab_apart(tmp_path):
    """Review 2026-12-05: the expression for the spaces between cells also took the letter ``t`` (a doubled backslash
    in a raw string), so ``Albert Kim`` two cells apart came out ``Alber\\tKim``: only spaces may become a tab."""
    from fpdf.fonts import FontFace

    pdf = fpdf.FPDF()
    pdf.add_font("nanum", fname=str(korean_font() or pytest.skip("no Korean TrueType font")))
    pdf.set_font("nanum", size=10)
    pdf.add_page()
    with pdf.table(headings_style=FontFace(emphasis=None)) as table:
        for cells in [("성명", "국적"), ("Albert", "Kent"), ("Robert", "Tibet")]:
            row = table.row()
            for c in cells:
                row.cell(c)
    pdf.output(str(tmp_path / "t.pdf"))
    (src,) = get_format(tmp_path / "t.pdf").read(tmp_path / "t.pdf", "t")
    assert src.text.split("\n")[:3] == ["성명\t국적", "Albert\tKent", "Robert\tTibet"]


def test_boxes_land_on_their_names_after_characters_beyond_the_bmp(tmp_path):
    """A line of CJK extension-B characters above the body (a font whose ToUnicode maps a glyph to U+20000, as
    a PDF whose font covers rare Hanja reads): PDFium counts each as two characters, its text as one, and every
    box after them had been painted that many characters early, the names beside them left readable."""
    import io
    import re

    from pypdf import PdfReader, PdfWriter
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    from thunder_deid.cli import main

    font = korean_font() or pytest.skip("no Korean TrueType font")
    pdfmetrics.registerFont(TTFont("NanumBMP", str(font)))
    buf = io.BytesIO()
    c = canvas.Canvas(buf, invariant=1)
    c.setFont("NanumBMP", 11)
    for k, line in enumerate(["판결", "※※※※※※ 참고인 명단", "피고인 김철수", "피고인 김철수는 피해자 이영희에게 전화하였다."]):
        c.drawString(72, 770 - 18 * k, line)
    c.showPage()
    c.save()
    w = PdfWriter(clone_from=PdfReader(io.BytesIO(buf.getvalue())))
    for f in w.pages[0]["/Resources"]["/Font"].values():
        tu = f.get_object().get("/ToUnicode")
        if tu is not None:
            data = tu.get_object().get_data().decode("latin-1")
            tu.get_object().set_data(re.sub(r"<([0-9A-Fa-f]{2})> <203[bB]>", r"<\1> <D840DC00>", data).encode("latin-1"))
    w.write(tmp_path / "in.pdf")
    assert "\U00020000" in _layer(tmp_path / "in.pdf")            # the patched glyph reads beyond the BMP
    assert main(["redact", "--mode", "court", str(tmp_path / "in.pdf"), str(tmp_path / "out.pdf")]) == 0
    before, after = _render(tmp_path / "in.pdf"), _written(tmp_path / "out.pdf")
    boxes = _char_boxes(tmp_path / "in.pdf", "김철수") + _char_boxes(tmp_path / "in.pdf", "이영희")
    assert len(boxes) == 9
    for x0, y0, x1, y1 in boxes:  # the glyph is gone: its box is white but for the replacement drawn in it
        glyph = before[y0:y1, x0:x1] < 128
        assert glyph.sum() > 10 and (glyph & (after[y0:y1, x0:x1] < 128)).sum() < glyph.sum() / 3
    assert "피고인 A는 피해자 B에게" in _layer(tmp_path / "out.pdf")


def test_a_text_layer_of_font_codes_without_unicode_is_no_text_layer(tmp_path):
    """A font with no ToUnicode map reads as control characters: nothing on the page could be found, and the
    PDF had been written out with every name the page shows readable and no note."""
    import io

    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(TTFont("NanumNoMap", str(korean_font() or pytest.skip("no Korean TrueType font"))))
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("NanumNoMap", 11)
    c.drawString(72, 770, "피고인 김철수는 피해자 이영희에게 전화하였다.")
    c.showPage()
    c.save()
    w = PdfWriter(clone_from=PdfReader(io.BytesIO(buf.getvalue())))
    for f in w.pages[0]["/Resources"]["/Font"].values():
        f.get_object().pop(NameObject("/ToUnicode"), None)
    w.write(tmp_path / "nomap.pdf")
    path = tmp_path / "nomap.pdf"
    with pytest.raises(ThunderDeidError, match=r"nomap\.pdf: no readable text layer in 1 page\(s\)"):
        next(get_format(path).read(path, "nomap"))


def test_a_pdf_written_into_a_pipe_arrives_whole(tmp_path):
    """pypdf seeks in what it writes and a pipe cannot: the output had failed with 'Illegal seek' after part of
    it had gone out. The file is written in one piece."""
    import os
    import threading

    from thunder_deid.cli import main

    path = _pdf(tmp_path / "in.pdf", ["피고인 홍길동은 서울에 산다."])
    fifo = tmp_path / "out.pdf"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    assert main(["redact", "--mode", "court", str(path), str(fifo)]) == 0
    reader.join(60)
    assert got and got[0].startswith(b"%PDF") and got[0].rstrip().endswith(b"%%EOF")
