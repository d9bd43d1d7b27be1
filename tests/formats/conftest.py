"""Builders of real documents for the format tests: DOCX by python-docx, HWPX and HWP by python-hwpx,
PDF by fpdf2 with a Korean font from the system (fonts-nanum). Every name in them is made up."""

from __future__ import annotations

import re
import warnings
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest

# made-up persons: in the body, a table, header/footer, comments, metadata, revisions
PERSONS = ("홍길동", "김철수", "이영희", "박영희", "최민수", "강감찬", "정민호")
DELETED = "박영수"  # only in tracked deletions: never replaced, must be gone after reading
AUTHOR, EDITOR, COMMENTER = "최민수", "강감찬", "박영희"


def replacements(text: str, names=PERSONS, repl: str = "[인명]"):
    """Replacements for every occurrence of the made-up names, as an operator gives them."""
    pattern = re.compile("|".join(map(re.escape, names)))
    return [SimpleNamespace(start=m.start(), end=m.end(), text=repl, label="인명") for m in pattern.finditer(text)]


def package_strings(path: Path) -> dict[str, str]:
    """Every part of a zip package, decoded as far as it decodes (XML, rels, previews), and its name."""
    out = {}
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            data = z.read(name)
            out[name] = name + "\n" + data.decode("utf-8", "ignore") + data.decode("utf-16-le", "ignore")
    return out


def leaks(path: Path, names=PERSONS) -> list[tuple[str, str]]:
    return [(part, n) for part, s in package_strings(path).items() for n in names if n in s]


@pytest.fixture
def docx_file(tmp_path) -> Path:
    """A Word document with styles, a bold run splitting a name, a table, header, footer, a comment,
    author metadata and a tracked deletion and insertion (revision marks added to python-docx's XML)."""
    import docx
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls

    d = docx.Document()
    d.core_properties.author = AUTHOR
    d.core_properties.last_modified_by = EDITOR
    d.core_properties.title = "홍길동 사건 판결문"
    d.add_heading("판결", level=1)
    p = d.add_paragraph("피고인 ", style="Normal")
    bold = p.add_run("홍길")
    bold.bold = True
    p.add_run("동은 2020. 3. 5. 피해자 김철수에게 전화하였다.")
    rev = d.add_paragraph("증인 ")
    rev._p.append(parse_xml(f'<w:del {nsdecls("w")} w:id="1" w:author="{EDITOR}" w:date="2020-01-01T00:00:00Z">'
                            '<w:r><w:delText>정민호</w:delText></w:r></w:del>'))
    rev._p.append(parse_xml(f'<w:ins {nsdecls("w")} w:id="2" w:author="{EDITOR}" w:date="2020-01-01T00:00:00Z">'
                            '<w:r><w:t>이영희</w:t></w:r></w:ins>'))
    rev.add_run("의 진술")
    table = d.add_table(rows=2, cols=2)
    table.style = "Table Grid"
    table.cell(0, 0).text, table.cell(0, 1).text = "성명", "이영희"
    table.cell(1, 0).text, table.cell(1, 1).text = "연락처", "김철수 010-1234-5678"
    section = d.sections[0]
    section.header.paragraphs[0].text = "사건 관계인 홍길동"
    section.footer.paragraphs[0].text = "작성 김철수"
    d.add_comment(bold, text="김철수 확인 필요", author=COMMENTER, initials="박")
    path = tmp_path / "판결.docx"
    d.save(path)
    return path


@pytest.fixture
def hwpx_document():
    """A python-hwpx document: paragraphs, a table, header, footer, a memo with its author, a tracked
    insertion with its author, and the package metadata python-hwpx writes."""
    from hwpx import HwpxDocument

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        d = HwpxDocument.new()
        d.paragraphs[0].text = "피고인 홍길동은 서울에 산다."
        p = d.add_paragraph("증인 김철수의 진술")
        t = d.add_table(2, 2)
        t.set_cell_text(0, 0, "성명")
        t.set_cell_text(0, 1, "이영희")
        d.set_header_text("머리글 홍길동")
        d.set_footer_text("꼬리글 김철수")
        d.add_memo_with_anchor("박영희 메모: 홍길동 확인", paragraph=p, author=AUTHOR)
        d.add_tracked_insert(p, " 추가 정민호", author=EDITOR)
        gone = d.add_paragraph("삭제된 증인 박영수의 진술")
        d.add_tracked_delete(gone, match="박영수", author=EDITOR)
    return d


@pytest.fixture
def hwpx_file(tmp_path, hwpx_document) -> Path:
    path = tmp_path / "판결.hwpx"
    hwpx_document.save_to_path(path)
    return path


def korean_font() -> Path | None:
    for p in (Path("/usr/share/fonts/truetype/nanum/NanumGothic.ttf"),
              *Path("/usr/share/fonts").rglob("NanumGothic*.ttf")):
        if p.is_file():
            return p
    return None
