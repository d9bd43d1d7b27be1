"""Text no reader gives the tagger, in a real DOCX (python-docx) and a real HWPX (python-hwpx): a picture's alt text
is emptied and a link's target dropped when it is a contact or holds a replaced mention, and the notes count them.

Found by an audit: ``redact`` of a DOCX kept ``<wp:docPr descr="피해자 오세훈의 신분증 사진" title="오세훈 신분증"/>`` and
``Target="mailto:sehoon.oh@naver.com"`` while blanking the picture and replacing the link's text; an HWPX kept its
picture's ``<hp:shapeComment>``. Every name, address and number here is made up."""

from __future__ import annotations

import io
import re
import warnings
import zipfile

import pytest

from thunder_deid.formats import get_format

from .conftest import package_strings, replacements

docx = pytest.importorskip("docx")
hwpx = pytest.importorskip("hwpx")
Image = pytest.importorskip("PIL.Image")

NAMES = ("김철수", "오세훈", "OhSehoon")  # replaced in the body
ONLY_IN_ALT = "한지민"  # stands in a picture's description only: no replacement ever names it
HYPERLINK = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink"
ATTACHED_TEMPLATE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate"
W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
ALT_NOTE = "{} picture or shape description(s) emptied (alt text, title: free text that can name a person)"
LINK_NOTE = ("{} link target(s) dropped (an e-mail address, a phone number, a local file or an address holding a "
             "replaced mention); the links' text stays")
# what must not survive anywhere in the package: the names, the address and the number, a name percent-encoded
# the phone as the links write it (010-9876-5432, 01098765432): "9876" alone is also in a random paragraph id of
# python-hwpx now and then (id="1357459876")
GONE = (ONLY_IN_ALT, "오세훈", "sehoon", "010-9876", "01098765432", "%EC%98%A4%EC%84%B8%ED%9B%88")


def _png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (20, 20), (10, 20, 30)).save(buf, "PNG")
    return buf.getvalue()


def _left(path) -> list[tuple[str, str]]:
    return [(part, g) for part, s in package_strings(path).items() for g in GONE if g.casefold() in s.casefold()]


def _redact(path, out, pictures="blank"):
    fmt = get_format(path)
    (src,) = fmt.read(path, "판결")
    src.meta["pictures"] = pictures
    fmt.write(out, [(src, replacements(src.text, NAMES))])
    return src


def _link(d, paragraph, target: str, text: str, tooltip: str = "") -> None:
    """A w:hyperlink to an external target, as Word writes one: its address in word/_rels/document.xml.rels."""
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls

    rid = d.part.relate_to(target, HYPERLINK, is_external=True)
    tip = f' w:tooltip="{tooltip}"' if tooltip else ""
    paragraph._p.append(parse_xml(f'<w:hyperlink {nsdecls("w", "r")} r:id="{rid}"{tip}><w:r><w:t>{text}</w:t></w:r>'
                                  '</w:hyperlink>'))


def _docx(path):
    """A picture whose description names the victim (also named in the body) and its photographer (named nowhere
    else), its VML fallback's alt text in the header, a table's caption, and links: to an e-mail address, a phone,
    a search for the victim's name (percent-encoded), his blog under his id (another case), a public site; a
    ``HYPERLINK`` field code split over two runs and a simple one; the path of the template it was made from."""
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls

    d = docx.Document()
    d.add_paragraph("피고인 김철수는 피해자 오세훈의 신분증을 촬영하였다. 피해자의 아이디는 OhSehoon이다.")
    d.add_picture(io.BytesIO(_png()))
    inline = d.inline_shapes[0]._inline
    inline.docPr.set("descr", "피해자 오세훈의 신분증 사진")
    inline.docPr.set("title", f"{ONLY_IN_ALT} 촬영")
    inline.graphic.graphicData.pic.nvPicPr.cNvPr.set("descr", "피해자 오세훈의 신분증 사진")
    d.sections[0].header.paragraphs[0]._p.append(parse_xml(
        f'<w:r {W} xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office">'
        f'<w:pict><v:shape id="_x0000_i1025" alt="{ONLY_IN_ALT} 서명" style="width:10pt;height:10pt">'
        f'<v:imagedata o:title="{ONLY_IN_ALT} 서명"/></v:shape></w:pict></w:r>'))
    table = d.add_table(rows=1, cols=2)
    table.cell(0, 0).text, table.cell(0, 1).text = "피해자", "오세훈"
    table._tbl.tblPr.append(parse_xml(f'<w:tblCaption {W} w:val="피해자 {ONLY_IN_ALT} 인적사항"/>'))
    p = d.add_paragraph("연락처: ")
    _link(d, p, "mailto:sehoon.oh@naver.com", "이메일", tooltip="sehoon.oh@naver.com")
    _link(d, p, "tel:010-9876-5432", "전화")
    _link(d, p, "https://search.naver.com/search.naver?query=%EC%98%A4%EC%84%B8%ED%9B%88", "검색")
    _link(d, p, "https://blog.naver.com/ohsehoon", "블로그")
    _link(d, p, "https://www.law.go.kr/", "법령")
    # the template the document was made from, as Word records it: a path under the author's Windows account
    template = d.part._settings_part.relate_to(r"file:///C:\Users\sehoon\AppData\Roaming\Microsoft\Templates\판결.dotm",
                                         ATTACHED_TEMPLATE, is_external=True)
    d.settings.element.append(parse_xml(f'<w:attachedTemplate {nsdecls("w", "r")} r:id="{template}"/>'))
    p._p.append(parse_xml(f'<w:r {W}><w:fldChar w:fldCharType="begin"/></w:r>'))
    p._p.append(parse_xml(f'<w:r {W}><w:instrText xml:space="preserve"> HYPERLINK "mai</w:instrText></w:r>'))
    p._p.append(parse_xml(f'<w:r {W}><w:instrText xml:space="preserve">lto:sehoon.oh@naver.com" </w:instrText></w:r>'))
    p._p.append(parse_xml(f'<w:r {W}><w:fldChar w:fldCharType="separate"/></w:r>'))
    p._p.append(parse_xml(f'<w:r {W}><w:t>메일</w:t></w:r>'))
    p._p.append(parse_xml(f'<w:r {W}><w:fldChar w:fldCharType="end"/></w:r>'))
    p._p.append(parse_xml(f'<w:fldSimple {W} w:instr=" HYPERLINK &quot;tel:01098765432&quot; ">'
                          '<w:r><w:t>휴대전화</w:t></w:r></w:fldSimple>'))
    d.save(path)
    return path


@pytest.mark.parametrize("pictures", ["blank", "keep"])
def test_docx_alt_text_is_emptied_and_contact_or_named_link_targets_are_dropped(tmp_path, pictures):
    path, out = _docx(tmp_path / "a.docx"), tmp_path / "out.docx"
    assert {g for _, g in _left(path)} == set(GONE)
    src = _redact(path, out, pictures)
    assert _left(out) == []
    parts = package_strings(out)
    # alt text: the picture's (docPr, pic:cNvPr), its VML fallback's, the table's -- with pictures: keep too
    assert re.findall(r'<wp:docPr [^>]*>', parts["word/document.xml"]) == \
        ['<wp:docPr id="1" name="Picture 1" descr="" title=""/>']
    assert 'alt="" ' in parts["word/header1.xml"] and 'o:title=""' in parts["word/header1.xml"]
    assert '<w:tblCaption w:val=""/>' in parts["word/document.xml"]
    # five relationships and two field codes dropped, the public site kept; the relationships stay, so r:id resolves
    rels = parts["word/_rels/document.xml.rels"]
    assert len(re.findall(r'Target="#" TargetMode="External"', rels)) == 4 and 'Target="https://www.law.go.kr/"' in rels
    assert 'Target="#" TargetMode="External"' in parts["word/_rels/settings.xml.rels"]
    assert 'w:tooltip=""' in parts["word/document.xml"]
    assert '<w:instrText xml:space="preserve"> HYPERLINK "#" </w:instrText>' in parts["word/document.xml"]
    assert 'w:instr=" HYPERLINK &quot;#&quot; "' in parts["word/document.xml"]
    assert src.notes[-2:] == [ALT_NOTE.format(3), LINK_NOTE.format(7)]  # the picture and its fallback: one each
    after = docx.Document(out)  # still opens: the picture in its place, the links' text kept
    assert len(after.inline_shapes) == 1
    assert after.paragraphs[-1].text.startswith("연락처: 이메일전화검색블로그법령")
    with zipfile.ZipFile(path) as a, zipfile.ZipFile(out) as b:
        assert (a.read("word/media/image1.png") == b.read("word/media/image1.png")) == (pictures == "keep")


def _hwpx(d):
    """A picture with a description naming the victim and its photographer, linked to a phone; links to an e-mail
    address, the victim's blog under his id (another case), a public site (python-hwpx writes the target in the
    field's Command, Path and name)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        d.add_paragraph("피해자 오세훈의 신분증 사본을 첨부한다. 피해자의 아이디는 OhSehoon이다.")
        pic = d.add_picture(_png(), "png")
        (comment,) = [c for c in pic.element if c.tag.endswith("}shapeComment")]
        comment.text = f"피해자 오세훈의 신분증 사진 (촬영 {ONLY_IN_ALT})"
        pic.element.set("href", "tel:010-9876-5432")  # a picture can be a link
        p = d.add_paragraph("연락처: ")
        p.add_hyperlink("mailto:sehoon.oh@naver.com", "이메일")
        p.add_hyperlink("https://blog.naver.com/ohsehoon", "블로그")
        p.add_hyperlink("https://www.law.go.kr/", "법령")
    return d


def test_hwpx_shape_comment_is_emptied_and_contact_or_named_link_targets_are_dropped(hwpx_document, tmp_path):
    path, out = tmp_path / "a.hwpx", tmp_path / "out.hwpx"
    _hwpx(hwpx_document).save_to_path(path)
    assert {g for _, g in _left(path)} >= {ONLY_IN_ALT, "sehoon", "010-9876"}
    src = _redact(path, out)
    assert _left(out) == []
    section = package_strings(out)["Contents/section0.xml"]
    assert "<hp:shapeComment>" not in section
    # the fields stay, with their kind and their text; the public site's target is kept
    assert '<hp:stringParam name="Command">;2;0;0</hp:stringParam>' in section
    assert '<hp:stringParam name="Command">;1;0;0;</hp:stringParam>' in section
    assert '<hp:stringParam name="Path">https://www.law.go.kr/</hp:stringParam>' in section
    assert src.notes[-2:] == [ALT_NOTE.format(1), LINK_NOTE.format(3)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        after = hwpx.HwpxDocument.open(out)
    assert after.paragraphs[-1].text == "연락처: 이메일블로그법령"


def test_an_hwp_files_picture_description_and_link_targets_go_too(hwpx_document, tmp_path):
    """An HWP 5.0 file is converted to OWPML and written as HWPX: its picture's description and its links are
    those of an HWPX (``hp:shapeComment``, ``HYPERLINK`` fields)."""
    path, out = tmp_path / "a.hwp", tmp_path / "out.hwpx"
    path.write_bytes(_hwpx(hwpx_document).to_bytes(format="hwp"))
    fmt = get_format(path)
    (src,) = fmt.read(path, "판결")
    converted = src.state[0].data["Contents/section0.xml"].decode()
    assert ONLY_IN_ALT in converted and "sehoon" in converted  # the conversion carries both
    fmt.write(out, [(src, replacements(src.text, NAMES))])
    assert _left(out) == []
    assert ALT_NOTE.format(1) in src.notes and LINK_NOTE.format(3) in src.notes  # and the memo's author (a name)


def _with_parts(path, out, parts: dict[str, str], section: str, old: str, new: str):
    """``path`` with ``parts`` added and ``old`` replaced by ``new`` in the part ``section``."""
    with zipfile.ZipFile(path) as z, zipfile.ZipFile(out, "w") as w:
        for info in z.infolist():
            data = z.read(info)
            w.writestr(info, data.replace(old.encode(), new.encode()) if info.filename == section else data)
        for name, text in parts.items():
            w.writestr(name, text)
    return out


def test_charts_diagrams_and_word_art_are_named_in_the_notes(docx_file, hwpx_file, tmp_path):
    """Their text is in no part the readers read (a chart's own part, an attribute): the notes say so, so that a
    name standing only there is looked for; one that repeats a replaced mention is replaced (the sweep)."""
    vml = 'xmlns:v="urn:schemas-microsoft-com:vml"'
    docx_in = _with_parts(docx_file, tmp_path / "c.docx", {
        "word/charts/chart1.xml": "<c:chartSpace xmlns:c='http://schemas.openxmlformats.org/drawingml/2006/chart'/>",
        "word/diagrams/data1.xml": "<dgm:dataModel xmlns:dgm='http://schemas.openxmlformats.org/drawingml/2006/diagram'/>"},
        "word/document.xml", "<w:body>",
        f'<w:body><w:p><w:r><w:pict><v:shape {vml} id="w1"><v:textpath string="김철수 서명"/></v:shape></w:pict></w:r></w:p>')
    hwpx_in = _with_parts(hwpx_file, tmp_path / "c.hwpx", {"Chart/chart1.xml": "<c:chartSpace xmlns:c='urn:c'/>"},
                          "Contents/section0.xml", "<hp:t>피고인 홍길동은 서울에 산다.</hp:t>",
                          '<hp:t>피고인 홍길동은 서울에 산다.</hp:t></hp:run><hp:run charPrIDRef="0">'
                          '<hp:textart id="9" text="김철수 서명"/>')
    for path, part in ((docx_in, "word/document.xml"), (hwpx_in, "Contents/section0.xml")):
        out = tmp_path / ("out" + path.suffix)
        src = _redact(path, out)
        assert src.notes[-1] == ("3" if path.suffix == ".docx" else "2") + (
            " chart(s), diagram(s) or word art not read: their text is replaced only where it repeats a mention "
            "replaced in the body; look at them before publishing")
        assert '="[인명] 서명"' in package_strings(out)[part]


def test_a_document_without_alt_text_or_links_comes_out_as_before(docx_file, tmp_path):
    """No description and no external target: no part is rewritten for them, and the notes say nothing."""
    src = _redact(docx_file, tmp_path / "out.docx")
    assert not any("description" in n or "link target" in n for n in src.notes)
    with zipfile.ZipFile(docx_file) as a, zipfile.ZipFile(tmp_path / "out.docx") as b:
        for name in ("word/_rels/document.xml.rels", "word/styles.xml", "word/settings.xml"):
            assert a.read(name) == b.read(name)


def _rezip(path, out, add: dict[str, bytes], edit=None) -> None:
    """``path`` written to ``out`` with parts added (or replaced) and ``edit(name, data) -> data`` applied."""
    with zipfile.ZipFile(path) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename in add:
                continue
            zout.writestr(item, edit(item.filename, data) if edit else data)
        for name, data in add.items():
            zout.writestr(name, data)


@pytest.mark.parametrize("chunk_target", ["afchunk.htm", "/word/afchunk.htm"])  # relative, or from the root
def test_docx_picture_file_names_field_paths_odd_header_names_and_unread_parts(tmp_path, chunk_target):
    """A canary sweep found, in a DOCX: the inserted picture's file name (pic:cNvPr name="피해자 한지민 신분증.png"),
    an INCLUDEPICTURE field's local path naming the account, a header part Word named header_first.xml (never
    read), and custom XML data and an altChunk (shown by Word as body text) kept with no note."""
    d = docx.Document()
    d.add_paragraph("피고인 김철수는 피해자 오세훈에게 연락하였다.")
    pic = tmp_path / f"피해자 {ONLY_IN_ALT} 신분증.png"
    pic.write_bytes(_png())
    d.add_picture(str(pic))
    p = d.add_paragraph()
    p._p.append(docx.oxml.parse_xml(
        f'<w:r {W}><w:fldChar w:fldCharType="begin"/></w:r>'.replace("<w:r ", "<w:r ")))
    p._p.append(docx.oxml.parse_xml(
        f'<w:r {W}><w:instrText xml:space="preserve"> INCLUDEPICTURE "C:\\\\Users\\\\sehoon_pc\\\\id.jpg" </w:instrText></w:r>'))
    p._p.append(docx.oxml.parse_xml(f'<w:r {W}><w:fldChar w:fldCharType="end"/></w:r>'))
    d.save(tmp_path / "base.docx")
    header = (f'<w:hdr {W}><w:p><w:r><w:t>피고인 김철수 사건</w:t></w:r></w:p></w:hdr>').encode()
    custom = f"<data><victim>{ONLY_IN_ALT}</victim></data>".encode()
    chunk = f"<html><body>피해자 {ONLY_IN_ALT}의 진술</body></html>".encode()

    def edit(name: str, data: bytes) -> bytes:
        if name == "word/_rels/document.xml.rels":
            return data.replace(b"</Relationships>", (
                b'<Relationship Id="rIdH9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
                b'header" Target="header_first.xml"/><Relationship Id="rIdA9" Type="http://schemas.openxmlformats.org/'
                b'officeDocument/2006/relationships/aFChunk" Target="' + chunk_target.encode() + b'"/></Relationships>'))
        if name == "[Content_Types].xml":
            return data.replace(b"</Types>", b'<Override PartName="/word/header_first.xml" ContentType="application/'
                                b'vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>'
                                b'<Default Extension="htm" ContentType="application/xhtml+xml"/></Types>')
        return data

    _rezip(tmp_path / "base.docx", tmp_path / "in.docx",
           {"word/header_first.xml": header, "customXml/item1.xml": custom, "word/afchunk.htm": chunk}, edit)
    out = tmp_path / "out.docx"
    src = _redact(tmp_path / "in.docx", out)
    assert "피고인 김철수 사건" in src.text                               # the oddly named header is read
    strings = package_strings(out)
    assert "김철수" not in strings["word/header_first.xml"]
    assert ONLY_IN_ALT not in strings["word/document.xml"] and "sehoon_pc" not in strings["word/document.xml"]
    assert 'name="Picture"' in strings["word/document.xml"]
    assert any("2 embedded file(s)" in n and "not read nor de-identified" in n for n in src.notes), src.notes


def test_docx_document_variables_and_a_macs_template_path_go(tmp_path):
    """A mail merge's document variables (w:docVar, a party's name and number) and an attached template under a
    Mac's home folder (/Users/<account>/…) had survived."""
    d = docx.Document()
    d.add_paragraph("피고인 김철수는 피해자 오세훈에게 연락하였다.")
    d.save(tmp_path / "base.docx")

    def edit(name: str, data: bytes) -> bytes:
        if name == "word/settings.xml":
            return data.replace(b"</w:settings>", f'<w:docVars><w:docVar w:name="victim" w:val="{ONLY_IN_ALT} '
                                f'010-9876-5432"/></w:docVars></w:settings>'.encode())
        return data

    rels = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.'
            f'openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="{ATTACHED_TEMPLATE}" '
            f'Target="/Users/sehoon_mac/Library/Normal.dotm" TargetMode="External"/></Relationships>').encode()
    _rezip(tmp_path / "base.docx", tmp_path / "in.docx", {"word/_rels/settings.xml.rels": rels}, edit)
    out = tmp_path / "out.docx"
    _redact(tmp_path / "in.docx", out)
    strings = package_strings(out)
    assert ONLY_IN_ALT not in strings["word/settings.xml"] and "010-9876" not in strings["word/settings.xml"]
    assert "sehoon_mac" not in strings["word/_rels/settings.xml.rels"]
    docx.Document(str(out))  # still opens


def test_hwpx_linked_picture_path_in_the_manifest_goes(tmp_path, hwpx_file):
    """A linked (not embedded) picture is listed in Contents/content.hpf by its path on the author's machine,
    naming the account and the picture (C:\\Users\\sehoon_pc\\Pictures\\피해자 한지민.jpg); it had survived."""
    item = ('<opf:item id="imagelink1" href="C:\\Users\\sehoon_pc\\Pictures\\피해자 ' + ONLY_IN_ALT +
            '.jpg" media-type="image/jpg" isEmbeded="0"/>').encode()

    def edit(name: str, data: bytes) -> bytes:
        return data.replace(b"</opf:manifest>", item + b"</opf:manifest>") if name == "Contents/content.hpf" else data

    _rezip(hwpx_file, tmp_path / "in.hwpx", {}, edit)
    assert b"sehoon_pc" in zipfile.ZipFile(tmp_path / "in.hwpx").read("Contents/content.hpf")
    out = tmp_path / "out.hwpx"
    _redact(tmp_path / "in.hwpx", out)
    hpf = package_strings(out)["Contents/content.hpf"]
    assert "sehoon_pc" not in hpf and ONLY_IN_ALT not in hpf and 'id="imagelink1"' in hpf
