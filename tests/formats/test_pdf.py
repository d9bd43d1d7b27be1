"""A real PDF with a Korean text layer (fpdf2 with NanumGothic) is read by pypdf; a PDF without a text
layer is refused."""

from __future__ import annotations

import pytest

from thunder_deid.errors import ThunderDeidError
from thunder_deid.formats import get_format

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
    out = tmp_path / fmt.out_name("판결.pdf")
    fmt.write(out, [(src, replacements(src.text))])
    written = out.read_text(encoding="utf-8")
    assert out.suffix == ".txt" and "[인명]" in written and "홍길동" not in written and "김철수" not in written


def test_a_pdf_without_text_layer_is_one_error_line(tmp_path):
    path = _pdf(tmp_path / "scan.pdf", ["", ""])
    with pytest.raises(ThunderDeidError, match=r"scan\.pdf: no text layer in 2 page\(s\).*run OCR first"):
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
    assert src.notes == ["page(s) 2-3, 5 of 5 have no text layer (scanned?): not in the output; run OCR on them"]
    assert main(["redact", str(pdf), str(tmp_path / "one.txt")]) == 0
    out, err = capsys.readouterr()
    assert "(1 note(s))" in out and "note: " in err and "판결.pdf: page(s) 2-3, 5 of 5" in err
    assert main(["redact", str(tmp_path / "in"), str(tmp_path / "out")]) == 0
    import json

    (row,) = [json.loads(x) for x in (tmp_path / "out" / "manifest.jsonl").read_text(encoding="utf-8").splitlines()]
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
