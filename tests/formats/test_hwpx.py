"""A real HWPX package (python-hwpx) through the reader and the format-preserving writer; HWP 5.0 files
(also written by python-hwpx) are read and come out as HWPX."""

from __future__ import annotations

import warnings

import pytest

from thunder_deid.errors import ThunderDeidError
from thunder_deid.formats import apply_replacements, get_format

from .conftest import AUTHOR, DELETED, EDITOR, PERSONS, leaks, package_strings, replacements

hwpx = pytest.importorskip("hwpx")


def _open(path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return hwpx.HwpxDocument.open(path)


def _structure(doc):
    """Paragraph count, table shapes and the style reference of every run: what layout hangs on."""
    import re

    xml = "".join(package_strings_of(doc))
    return (len(doc.paragraphs), [(t.row_count, t.column_count) for t in doc.tables],
            re.findall(r'<hp:run charPrIDRef="(\d+)"', xml), re.findall(r'paraPrIDRef="(\d+)"', xml))


def package_strings_of(doc):
    import io
    import zipfile

    with zipfile.ZipFile(io.BytesIO(doc.to_bytes())) as z:
        return [z.read(n).decode("utf-8", "ignore") for n in z.namelist() if n.startswith("Contents/section")]


def test_redacted_hwpx_opens_keeps_structure_and_leaks_no_name(hwpx_file, tmp_path):
    fmt = get_format(hwpx_file)
    (src,) = fmt.read(hwpx_file, "판결")
    for line in ("피고인 홍길동은 서울에 산다.", "머리글 홍길동", "꼬리글 김철수", "성명\t이영희", "박영희 메모: 홍길동 확인",
                 "증인 김철수의 진술 추가 정민호", "삭제된 증인 의 진술"):  # insertion kept, deletion accepted
        assert line in src.text.split("\n")
    assert DELETED in "".join(package_strings(hwpx_file).values()) and DELETED not in src.text
    reps = replacements(src.text)
    out = tmp_path / "out.hwpx"
    fmt.write(out, [(src, reps)])
    before, after = _open(hwpx_file), _open(out)
    assert _structure(after) == _structure(before)
    assert after.paragraphs[0].text == "피고인 [인명]은 서울에 산다."
    (again,) = fmt.read(out, "x")
    assert again.text == apply_replacements(src.text, reps)  # text outside the spans unchanged
    # metadata, memo author, tracked-change author, previews: no name anywhere in the package
    assert leaks(hwpx_file) and leaks(out, (*PERSONS, DELETED)) == []
    parts = package_strings(out)
    assert "synthetic-fixture-author" not in parts["Contents/content.hpf"]  # python-hwpx's creator/lastsaveby
    assert AUTHOR not in "".join(parts.values()) and EDITOR not in "".join(parts.values())


def test_hwp5_is_read_and_written_as_hwpx(hwpx_document, tmp_path):
    hwp = tmp_path / "판결.hwp"
    hwp.write_bytes(hwpx_document.to_bytes(format="hwp"))
    fmt = get_format(hwp)
    (src,) = fmt.read(hwp, "판결")
    assert "피고인 홍길동은 서울에 산다." in src.text and "이영희" in src.text
    out = tmp_path / fmt.out_name("판결.hwp")
    assert out.suffix == ".hwpx"
    fmt.write(out, [(src, replacements(src.text))])
    assert _open(out).paragraphs[0].text == "피고인 [인명]은 서울에 산다."
    assert leaks(out) == []


@pytest.mark.parametrize("suffix, content, message", [
    (".hwp", b"PK\x03\x04zip", r"not an HWP 5\.0 file .*rename it to \.hwpx"),
    (".hwp", b"plain text", r"not an HWP 5\.0 file"),
    (".hwp", bytes.fromhex("d0cf11e0a1b11ae1") + b"\x00" * 600, r"cannot read this HWP file"),
    (".hwpx", b"not a zip", r"not a readable HWPX file"),
])
def test_broken_hancom_files_are_one_error_line(tmp_path, suffix, content, message):
    bad = tmp_path / ("bad" + suffix)
    bad.write_bytes(content)
    with pytest.raises(ThunderDeidError, match=message) as e:
        next(get_format(bad).read(bad, "bad"))
    assert "\n" not in str(e.value) and str(bad) in str(e.value)


@pytest.mark.parametrize("name, what", [("판결.hwpx", "HWPX"), ("판결.docx", "DOCX")])
def test_an_ole_container_with_a_package_suffix_is_named_as_such(hwpx_document, tmp_path, name, what):
    """A real HWP 5.0 file (an OLE container, as password-protected DOCX and HWPX packages are too) under a
    package suffix: the error says what it is and what to do, not only 'not a zip package'."""
    path = tmp_path / name
    path.write_bytes(hwpx_document.to_bytes(format="hwp"))
    with pytest.raises(ThunderDeidError, match=rf"not a readable {what} file \(an OLE container: "
                                               r"password-protected, or a legacy binary file renamed") as e:
        next(get_format(path).read(path, "판결"))
    assert "\n" not in str(e.value)


def test_text_around_inline_elements_and_a_mention_across_runs(hwpx_file, tmp_path):
    """``<hp:t>`` holds mixed content (text, ``<hp:tab/>``, text); a mention may start in one run and end
    in the next: the replacement goes into the first text node, the rest of the mention is removed."""
    import zipfile

    data = {}
    with zipfile.ZipFile(hwpx_file) as z:
        infos = z.infolist()
        for info in infos:
            data[info.filename] = z.read(info)
    xml = data["Contents/section0.xml"].decode()
    old = "<hp:t>피고인 홍길동은 서울에 산다.</hp:t>"
    assert old in xml
    xml = xml.replace(old, '<hp:t>피고인 홍길</hp:t></hp:run><hp:run charPrIDRef="0"><hp:t>동은<hp:tab/>서울에 '
                           '<hp:lineBreak/>산다.</hp:t>')
    data["Contents/section0.xml"] = xml.encode()
    path = tmp_path / "mixed.hwpx"
    with zipfile.ZipFile(path, "w") as z:
        for info in infos:
            z.writestr(info, data[info.filename])
    fmt = get_format(path)
    (src,) = fmt.read(path, "mixed")
    assert "피고인 홍길동은\t서울에 \n산다." in src.text
    reps = replacements(src.text)
    out = tmp_path / "out.hwpx"
    fmt.write(out, [(src, reps)])
    (again,) = fmt.read(out, "x")
    assert again.text == apply_replacements(src.text, reps) and "피고인 [인명]은\t서울에 \n산다." in again.text
    section = package_strings(out)["Contents/section0.xml"]
    assert "<hp:t>피고인 [인명]</hp:t>" in section and "<hp:t>은<hp:tab/>서울에 <hp:lineBreak/>산다.</hp:t>" in section
    assert _open(out).paragraphs[0].text.startswith("피고인 [인명]은")


def test_master_page_text_is_read_and_redacted(hwpx_file, tmp_path):
    """A master page (``Contents/masterpage0.xml``, text printed on every page) is part of the text."""
    import zipfile

    master = ('<?xml version="1.0" encoding="UTF-8" standalone="yes" ?><masterPage '
              'xmlns:hp="http://www.hancom.co.kr/hwpml/2011/paragraph" id="masterpage0" type="BOTH">'
              '<hp:subList><hp:p id="1" paraPrIDRef="0" styleIDRef="0"><hp:run charPrIDRef="0">'
              '<hp:t>바탕쪽 담당 홍길동</hp:t></hp:run></hp:p></hp:subList></masterPage>')
    path = tmp_path / "master.hwpx"
    with zipfile.ZipFile(hwpx_file) as z, zipfile.ZipFile(path, "w") as w:
        for info in z.infolist():
            w.writestr(info, z.read(info))
        w.writestr("Contents/masterpage0.xml", master)
    fmt = get_format(path)
    (src,) = fmt.read(path, "m")
    assert src.text.endswith("바탕쪽 담당 홍길동")
    out = tmp_path / "out.hwpx"
    fmt.write(out, [(src, replacements(src.text))])
    assert "<hp:t>바탕쪽 담당 [인명]</hp:t>" in package_strings(out)["Contents/masterpage0.xml"]
    assert leaks(out) == []
