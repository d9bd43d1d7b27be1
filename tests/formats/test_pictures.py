"""Pictures inside a DOCX or HWPX (a photo, a scanned ID card, a seal) are blanked in the output, in their own format
and size; the policy's ``pictures: keep`` keeps them; either way the run's notes say so."""

from __future__ import annotations

import io
import zipfile

import pytest

from thunder_deid.formats import get_format

from .conftest import replacements

docx = pytest.importorskip("docx")
Image = pytest.importorskip("PIL.Image")


def _photo(fmt="PNG", size=(60, 40)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, (10, 20, 30)).save(buf, fmt)
    return buf.getvalue()


def _docx_with_photo(path):
    d = docx.Document()
    d.add_paragraph("피고인 홍길동의 주민등록증 사본")
    d.add_picture(io.BytesIO(_photo("JPEG", (80, 50))))
    d.save(path)
    return path


def _media(path, folder):
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist() if n.startswith(folder) and not n.endswith("/")}


def test_a_docx_picture_is_blanked_in_its_format_and_size_and_the_notes_say_so(tmp_path):
    path = _docx_with_photo(tmp_path / "a.docx")
    fmt = get_format(path)
    (src,) = fmt.read(path, "a")
    fmt.write(tmp_path / "out.docx", [(src, replacements(src.text))])
    (before,), (after,) = _media(path, "word/media/").values(), _media(tmp_path / "out.docx", "word/media/").values()
    with Image.open(io.BytesIO(before)) as a, Image.open(io.BytesIO(after)) as b:
        assert a.format == b.format == "JPEG" and a.size == b.size == (80, 50)
        assert b.convert("L").getextrema()[0] >= 250 and a.convert("L").getextrema()[1] < 60
    assert src.notes == ["1 embedded picture(s) blanked (a photo or a seal can show a name; policy pictures: keep keeps them)"]
    assert docx.Document(tmp_path / "out.docx").inline_shapes[0].width > 0  # still a picture, in its place


def test_policy_pictures_keep_keeps_them_and_the_manifest_says_so(tmp_path):
    import json

    from thunder_deid.cli import main

    (tmp_path / "in").mkdir()
    _docx_with_photo(tmp_path / "in" / "a.docx")
    (tmp_path / "keep.yaml").write_text("pictures: keep\n", encoding="utf-8")
    assert main(["redact", "--policy", str(tmp_path / "keep.yaml"), str(tmp_path / "in"), str(tmp_path / "out")]) == 0
    assert _media(tmp_path / "out" / "a.docx", "word/media/") == _media(tmp_path / "in" / "a.docx", "word/media/")
    (row,) = [json.loads(x) for x in (tmp_path / "out.manifest.jsonl").read_text(encoding="utf-8").splitlines()]
    assert row["notes"] == ["1 embedded picture(s) kept as they are (policy pictures: keep)"]
    (tmp_path / "bad.yaml").write_text("mode: court\npictures: maybe\n", encoding="utf-8")
    assert main(["redact", "--policy", str(tmp_path / "bad.yaml"), str(tmp_path / "in"), str(tmp_path / "out2")]) == 2


def test_an_hwpx_picture_is_blanked_and_a_vector_one_is_named(hwpx_file, tmp_path):
    with zipfile.ZipFile(hwpx_file) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    parts["BinData/image1.png"] = _photo("PNG", (30, 30))
    parts["BinData/image2.emf"] = b"\x01\x00\x00\x00 an EMF"
    path = tmp_path / "pics.hwpx"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("mimetype", parts.pop("mimetype"), compress_type=zipfile.ZIP_STORED)
        for n, data in parts.items():
            z.writestr(n, data)
    fmt = get_format(path)
    (src,) = fmt.read(path, "pics")
    fmt.write(tmp_path / "out.hwpx", [(src, replacements(src.text))])
    media = _media(tmp_path / "out.hwpx", "BinData/")
    with Image.open(io.BytesIO(media["BinData/image1.png"])) as im:
        assert im.format == "PNG" and im.size == (30, 30) and im.convert("L").getextrema()[0] == 255
    assert media["BinData/image2.emf"] == b"\x01\x00\x00\x00 an EMF"
    assert src.notes == ["1 embedded picture(s) blanked (a photo or a seal can show a name; policy pictures: keep keeps them)",
                         "1 embedded picture(s) of a kind that cannot be blanked kept: .emf; look at them before publishing"]


def test_a_file_embedded_in_a_docx_is_named_in_the_notes(tmp_path):
    """An embedded spreadsheet (``word/embeddings/``) is neither read nor de-identified: the user is told."""
    path = _docx_with_photo(tmp_path / "a.docx")
    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    parts["word/embeddings/Microsoft_Excel_Worksheet1.xlsx"] = b"PK\x03\x04 a workbook"
    with zipfile.ZipFile(tmp_path / "b.docx", "w") as z:
        for n, data in parts.items():
            z.writestr(n, data)
    fmt = get_format(tmp_path / "b.docx")
    (src,) = fmt.read(tmp_path / "b.docx", "b")
    fmt.write(tmp_path / "out.docx", [(src, replacements(src.text))])
    assert src.notes[-1] == ("1 embedded file(s) (.xlsx) kept as they are, not read nor de-identified; "
                             "look at them before publishing")
