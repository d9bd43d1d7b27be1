"""A real Word document (python-docx) through the reader and the format-preserving writer."""

from __future__ import annotations

import zipfile

import pytest

from thunder_deid.errors import ThunderDeidError
from thunder_deid.formats import apply_replacements, get_format

from .conftest import COMMENTER, leaks, package_strings, replacements

docx = pytest.importorskip("docx")


def _redact(path, tmp_path):
    fmt = get_format(path)
    (src,) = fmt.read(path, "판결")
    reps = replacements(src.text)
    out = tmp_path / "out.docx"
    fmt.write(out, [(src, reps)])
    return src, reps, out


def test_text_covers_body_table_header_footer_and_comments_with_revisions_accepted(docx_file):
    (src,) = get_format(docx_file).read(docx_file, "판결")
    lines = src.text.split("\n")
    assert "피고인 홍길동은 2020. 3. 5. 피해자 김철수에게 전화하였다." in lines  # a name across two runs joined
    assert "증인 이영희의 진술" in lines  # deletion dropped, insertion kept
    assert "정민호" not in src.text
    # a table's row is one line, its cells apart by a tab
    assert {"성명\t이영희", "연락처\t김철수 010-1234-5678", "사건 관계인 홍길동", "작성 김철수", "김철수 확인 필요"} <= set(lines)
    part, offset = src.locate(src.text.index("길동은"))
    assert part.startswith("word/document.xml") and offset == 1  # inside the bold run "홍길"


def test_redacted_docx_opens_keeps_structure_and_styles_and_leaks_no_name(docx_file, tmp_path):
    src, reps, out = _redact(docx_file, tmp_path)
    before, after = docx.Document(docx_file), docx.Document(out)
    # same paragraphs (count and styles), same runs with the same formatting, same table shape
    assert [p.style.name for p in after.paragraphs] == [p.style.name for p in before.paragraphs]
    runs = [[(r.bold, r.style.name) for r in p.runs] for p in after.paragraphs]
    assert runs == [[(r.bold, r.style.name) for r in p.runs] for p in before.paragraphs[:2]] + \
        [[(None, "Default Paragraph Font")] * 3] + [[(r.bold, r.style.name) for r in p.runs] for p in before.paragraphs[3:]]
    # (paragraph 2's revision was accepted: its inserted run is an ordinary run now)
    assert [(len(t.rows), len(t.columns), t.style.name) for t in after.tables] == \
           [(len(t.rows), len(t.columns), t.style.name) for t in before.tables]
    assert after.paragraphs[1].text == "피고인 [인명]은 2020. 3. 5. 피해자 [인명]에게 전화하였다."
    assert after.paragraphs[1].runs[1].text == "[인명]" and after.paragraphs[1].runs[1].bold
    assert after.tables[0].cell(1, 1).text == "[인명] 010-1234-5678"
    assert after.sections[0].header.paragraphs[0].text == "사건 관계인 [인명]"
    assert after.sections[0].footer.paragraphs[0].text == "작성 [인명]"
    props = after.core_properties
    assert (props.author, props.last_modified_by, props.title) == ("", "", "")
    # text outside the spans unchanged: reading the output gives exactly the replaced text
    (again,) = get_format(out).read(out, "x")
    assert again.text == apply_replacements(src.text, reps)
    # no name in any part of the package: XML, relationships, properties, comments, part names
    assert leaks(out) == [] and leaks(docx_file)
    assert not any(COMMENTER in s for s in package_strings(out).values())


def test_embedded_file_names_and_field_codes_are_scrubbed(docx_file, tmp_path):
    """A mention replaced in the text is replaced wherever else it occurs: a part named after a person,
    its relationship target, its content-type entry and a field code."""
    data = {}
    with zipfile.ZipFile(docx_file) as z:
        for info in z.infolist():
            data[info.filename] = z.read(info)
    data["word/embeddings/홍길동_진술서.bin"] = b"\x00" * 16
    data["[Content_Types].xml"] = data["[Content_Types].xml"].replace(
        b"</Types>", '<Override PartName="/word/embeddings/홍길동_진술서.bin" ContentType="application/'
        'vnd.openxmlformats-officedocument.oleObject"/></Types>'.encode())
    data["word/_rels/document.xml.rels"] = data["word/_rels/document.xml.rels"].replace(
        b"</Relationships>", '<Relationship Id="rIdX" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships/package" Target="embeddings/홍길동_진술서.bin"/></Relationships>'.encode())
    data["word/document.xml"] = data["word/document.xml"].replace(
        b"<w:body>", '<w:body><w:p><w:r><w:t xml:space="preserve">첨부 </w:t></w:r>'
        '<w:r><w:fldSimple w:instr="DOCPROPERTY 홍길동"/></w:r></w:p>'.encode())
    src_path = tmp_path / "with_embedding.docx"
    with zipfile.ZipFile(src_path, "w") as z:
        for name, blob in data.items():
            z.writestr(name, blob)
    _, _, out = _redact(src_path, tmp_path)
    names = zipfile.ZipFile(out).namelist()
    assert "word/embeddings/[인명]_진술서.bin" in names
    assert 'Target="embeddings/[인명]_진술서.bin"' in package_strings(out)["word/_rels/document.xml.rels"]
    assert leaks(out) == []
    docx.Document(out)  # still opens


def test_a_broken_docx_is_one_error_line(tmp_path):
    bad = tmp_path / "bad.docx"
    bad.write_bytes(b"PK\x03\x04 not really a zip")
    with pytest.raises(ThunderDeidError, match=r"bad\.docx: not a readable DOCX file"):
        next(get_format(bad).read(bad, "bad"))


def test_a_crime_lists_person_column_is_replaced_in_every_row(tmp_path):
    """Probed 2026-12-05: a DOCX table reached the model one cell per line, and in an eight-row crime list it left
    ``장우진`` readable; rows are read as lines now, and the column under ``피해자`` holds names
    (``model/tables.py``)."""
    import docx

    from thunder_deid.cli import main

    names = ["김서윤", "이도현", "박준서", "최민지", "정하윤", "윤채원", "장우진", "한예린"]
    d = docx.Document()
    d.add_paragraph("별지 범죄일람표")
    t = d.add_table(rows=len(names) + 1, cols=4)
    for k, head in enumerate(("순번", "일시", "피해자", "편취금액")):
        t.cell(0, k).text = head
    for i, n in enumerate(names, 1):
        for k, v in enumerate((str(i), f"2024. {i}. {i + 2}.", n, f"{i * 100}만 원")):
            t.cell(i, k).text = v
    src, out = tmp_path / "list.docx", tmp_path / "list.out.docx"
    d.save(src)
    assert main(["redact", "--mode", "court", str(src), str(out)]) == 0
    cells = [[c.text for c in row.cells] for row in docx.Document(out).tables[0].rows]
    assert cells[0] == ["순번", "일시", "피해자", "편취금액"]
    assert [row[2] for row in cells[1:]] == list("ABCDEFGH") and [row[0] for row in cells[1:]] == [str(i) for i in range(1, 9)]
