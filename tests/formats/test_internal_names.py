"""Internal names and values no reader gives the tagger, in a real DOCX (python-docx) and a real HWPX (python-hwpx):
bookmarks, content controls and form objects.

Found by an audit: ``redact`` kept a bookmark named ``홍길동_진술``, a content control's title, tag, placeholder
name, data binding and the hidden entries of its drop-down list, and in an HWPX a form's names, an edit box's text, the
entries of a combo box, a check box's caption and a click-here field's prompt and help text, wherever they did not
repeat a mention replaced in the text. Every name here is made up."""

from __future__ import annotations

import re
import warnings
import zipfile

import pytest

from thunder_deid.formats import get_format

from .conftest import package_strings, replacements

docx = pytest.importorskip("docx")
hwpx = pytest.importorskip("hwpx")

CANARY = "홍길동"  # stands only in the internal names and values: no replacement names it
NAMES = ("김철수",)  # replaced in the body
W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
NAMES_NOTE = ("{} name(s) or value(s) of bookmarks, fields, form objects or content controls renamed, emptied or "
              "removed (internal, not read: they can name a person)")


def _redact(path, out):
    fmt = get_format(path)
    (src,) = fmt.read(path, "판결")
    fmt.write(out, [(src, replacements(src.text, NAMES))])
    return src


def _docx(tmp_path, *xml: str, glossary: str | None = None):
    """A document whose body holds ``xml`` (paragraph children or paragraphs), and a glossary part if given."""
    from docx.oxml import parse_xml

    d = docx.Document()
    d.add_paragraph("피고인 김철수는 진술하였다.")
    for x in xml:
        el = parse_xml(x)
        if el.tag.endswith("}p") or el.tag.endswith("}sdt"):
            d.element.body.insert(len(d.element.body) - 1, el)
        else:
            d.paragraphs[0]._p.append(el)
    path = tmp_path / "in.docx"
    d.save(path)
    if glossary is not None:
        with zipfile.ZipFile(path, "a") as z:
            z.writestr("word/glossary/document.xml", glossary)
    return path


def _run(text: str) -> str:
    return f'<w:r {W}><w:t>{text}</w:t></w:r>'


def test_docx_bookmark_names_are_renamed_and_every_reference_follows(tmp_path):
    """A user's bookmark gets a neutral name, the same in a simple field, a complex field split over two runs, an
    internal link and a legacy form field; Word's own (hidden ``_Toc…``, ``_GoBack``) stay."""
    path = _docx(
        tmp_path,
        f'<w:bookmarkStart {W} w:id="0" w:name="{CANARY}_진술"/>', _run("진술"), f'<w:bookmarkEnd {W} w:id="0"/>',
        f'<w:bookmarkStart {W} w:id="1" w:name="_Toc123456"/>', f'<w:bookmarkEnd {W} w:id="1"/>',
        f'<w:bookmarkStart {W} w:id="2" w:name="_GoBack"/>', f'<w:bookmarkEnd {W} w:id="2"/>',
        f'<w:bookmarkStart {W} w:id="3" w:name="_{CANARY}"/>', f'<w:bookmarkEnd {W} w:id="3"/>',  # hidden, not Word's
        f'<w:fldSimple {W} w:instr=" REF {CANARY}_진술 \\h ">{_run("진술")}</w:fldSimple>',
        f'<w:r {W}><w:fldChar w:fldCharType="begin"/></w:r>',
        f'<w:r {W}><w:instrText xml:space="preserve"> PAGEREF {CANARY[:2]}</w:instrText></w:r>',
        f'<w:r {W}><w:instrText xml:space="preserve">{CANARY[2:]}_진술 \\p </w:instrText></w:r>',
        f'<w:r {W}><w:fldChar w:fldCharType="end"/></w:r>',
        f'<w:hyperlink {W} w:anchor="{CANARY}_진술">{_run("위 진술")}</w:hyperlink>')
    out = tmp_path / "out.docx"
    src = _redact(path, out)
    body = package_strings(out)["word/document.xml"]
    assert CANARY not in body
    assert 'w:name="Bookmark1"' in body and 'w:name="_Toc123456"' in body and 'w:name="_GoBack"' in body
    assert 'w:instr=" REF Bookmark1 \\h "' in body and "> PAGEREF Bookmark1 \\p </w:instrText>" in body
    assert 'w:anchor="Bookmark1"' in body and 'w:name="Bookmark2"' in body
    assert NAMES_NOTE.format(2) in src.notes
    docx.Document(str(out))  # still opens


def test_docx_content_control_title_tag_and_placeholder_name_go(tmp_path):
    """``w:alias`` and ``w:tag`` are emptied; a placeholder's building block named by the user is renamed in the
    glossary too, one named by Word (a GUID) stays."""
    guid = "{0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9}"
    sdt = (f'<w:sdt {W}><w:sdtPr><w:alias w:val="{CANARY} 주소"/><w:tag w:val="{CANARY}"/><w:id w:val="7"/>'
           f'<w:placeholder><w:docPart w:val="{CANARY}양식"/></w:placeholder><w:text/></w:sdtPr>'
           f'<w:sdtContent><w:p>{_run("서울")}</w:p></w:sdtContent></w:sdt>')
    other = (f'<w:sdt {W}><w:sdtPr><w:placeholder><w:docPart w:val="{guid}"/></w:placeholder></w:sdtPr>'
             f'<w:sdtContent><w:p>{_run("부산")}</w:p></w:sdtContent></w:sdt>')
    glossary = (f'<w:glossaryDocument {W}><w:docParts><w:docPart><w:docPartPr><w:name w:val="{CANARY}양식"/>'
                f'</w:docPartPr><w:docPartBody><w:p>{_run("주소 입력")}</w:p></w:docPartBody></w:docPart>'
                f'</w:docParts></w:glossaryDocument>')
    path, out = _docx(tmp_path, sdt, other, glossary=glossary), tmp_path / "out.docx"
    src = _redact(path, out)
    strings = package_strings(out)
    body = strings["word/document.xml"]
    assert CANARY not in body and CANARY not in strings["word/glossary/document.xml"]
    assert '<w:alias w:val=""/><w:tag w:val=""/>' in body
    assert '<w:docPart w:val="Placeholder1"/>' in body and f'<w:docPart w:val="{guid}"/>' in body
    assert '<w:name w:val="Placeholder1"/>' in strings["word/glossary/document.xml"]
    assert NAMES_NOTE.format(3) in src.notes


def test_docx_content_control_data_binding_and_stored_date_go(tmp_path):
    """Word fills a bound control from the custom XML part when it opens the file (the original value back over the
    redacted one): the binding goes, and so does a date picker's stored date."""
    sdt = (f'<w:sdt {W}><w:sdtPr><w:dataBinding w:prefixMappings="" w:xpath="/case[1]/victim[@name=\'{CANARY}\'][1]" '
           'w:storeItemID="{11111111-2222-3333-4444-555555555555}"/><w:text/></w:sdtPr>'
           f'<w:sdtContent><w:p>{_run("김철수")}</w:p></w:sdtContent></w:sdt>')
    date = (f'<w:sdt {W}><w:sdtPr><w:date w:fullDate="1970-05-01T00:00:00Z"><w:dateFormat w:val="yyyy. M. d."/>'
            f'</w:date></w:sdtPr><w:sdtContent><w:p>{_run("생년월일 미상")}</w:p></w:sdtContent></w:sdt>')
    out = tmp_path / "out.docx"
    _redact(_docx(tmp_path, sdt, date), out)
    body = package_strings(out)["word/document.xml"]
    assert "dataBinding" not in body and CANARY not in body and "1970-05-01" not in body
    assert '<w:dateFormat w:val="yyyy. M. d."/>' in body
    assert "<w:t>[인명]</w:t>" in body and "<w:t>생년월일 미상</w:t>" in body  # the controls' content stays


def _listed(kind: str, shown: str, items: tuple[str, ...]) -> str:
    entries = "".join(f'<w:listItem w:displayText="{i}" w:value="v{k}"/>' for k, i in enumerate(items))
    return (f'<w:sdt {W}><w:sdtPr><w:{kind} w:lastValue="v0">{entries}</w:{kind}></w:sdtPr>'
            f'<w:sdtContent><w:p>{_run(shown)}</w:p></w:sdtContent></w:sdt>')


def test_docx_list_entries_not_shown_go(tmp_path):
    """A drop-down list or combo box keeps only the entry it shows (its value made its text); an entry the redaction
    changed matches nothing and goes too."""
    path = _docx(tmp_path, _listed("dropDownList", "예", ("예", CANARY)),
                 _listed("comboBox", "김철수", ("김철수", f"{CANARY}의 처")))
    out = tmp_path / "out.docx"
    src = _redact(path, out)
    body = package_strings(out)["word/document.xml"]
    assert CANARY not in body and "김철수" not in body
    assert '<w:dropDownList w:lastValue="예"><w:listItem w:displayText="예" w:value="예"/></w:dropDownList>' in body
    assert "<w:comboBox/>" in body
    assert NAMES_NOTE.format(4) in src.notes  # one entry kept with its value changed, three gone
    docx.Document(str(out))


HP = "http://www.hancom.co.kr/hwpml/2011/paragraph"
ONLY_IN_FORM = "이영희"  # shown by a form object only: read and replaced once the form's text is read
_FORM_COMMON = ('foreColor="#000000" backColor="#FFFFFF" tabStop="1" editable="1" tabOrder="0" enabled="1" '
                'borderTypeIDRef="0" drawFrame="1" printable="1" command=""')
_FORM_LAYOUT = ('<hp:formCharPr charPrIDRef="0" followContext="0" autoSz="0" wordWrap="0"/>'
                '<hp:sz width="9921" widthRelTo="ABSOLUTE" height="1984" heightRelTo="ABSOLUTE" protect="0"/>')


def _form(kind: str, attrs: str, inner: str = "") -> str:
    """An OWPML form object in its own run, as Hancom writes one (python-hwpx writes only check boxes)."""
    return (f'<hp:run xmlns:hp="{HP}" charPrIDRef="0"><hp:{kind} {attrs} {_FORM_COMMON}>{_FORM_LAYOUT}{inner}'
            f'</hp:{kind}><hp:t/></hp:run>')


def _hwpx(tmp_path, *runs: str, setup=None):
    """A python-hwpx document with a paragraph holding ``runs``; ``setup(document, paragraph)`` adds more."""
    from lxml import etree

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        d = hwpx.HwpxDocument.new()
        d.paragraphs[0].text = "피고인 김철수는 진술하였다."
        p = d.add_paragraph("양식: ")
        for run in runs:
            p.element.append(etree.fromstring(run))
        if setup:
            setup(d, p)
    path = tmp_path / "in.hwpx"
    d.save_to_path(path)
    return path


def _redact_hwpx(path, out):
    fmt = get_format(path)
    (src,) = fmt.read(path, "판결")
    fmt.write(out, [(src, replacements(src.text, (*NAMES, ONLY_IN_FORM)))])
    return src


def test_hwpx_text_a_form_object_shows_is_read_and_redacted(tmp_path):
    """An edit box's text, a check box's and a radio button's caption and a combo box's shown entry stand on the page:
    they are read where they stand and replaced like the body."""
    path = _hwpx(
        tmp_path,
        _form("edit", 'multiLine="0" readOnly="0" name="Edit1"', f"<hp:text>{ONLY_IN_FORM}</hp:text>"),
        _form("checkBtn", f'caption="{ONLY_IN_FORM} 동의" value="CHECKED" name="CheckBox1"'),
        _form("radioBtn", 'caption="김철수 선택" value="UNCHECKED" radioGroupName="Group1" name="RadioButton1"'),
        _form("comboBox", f'selectedValue="{ONLY_IN_FORM}" editEnable="0" name="ComboBox1"',
              f'<hp:listItem displayText="{ONLY_IN_FORM}" value="{ONLY_IN_FORM}"/>'))
    out = tmp_path / "out.hwpx"
    src = _redact_hwpx(path, out)
    assert f"양식: {ONLY_IN_FORM}{ONLY_IN_FORM} 동의김철수 선택{ONLY_IN_FORM}" in src.text.split("\n")
    section = package_strings(out)["Contents/section0.xml"]
    assert ONLY_IN_FORM not in section and "김철수" not in section
    assert "<hp:text>[인명]</hp:text>" in section and 'caption="[인명] 동의"' in section
    assert 'selectedValue="[인명]"' in section and '<hp:listItem displayText="[인명]" value="[인명]"/>' in section
    (again,) = get_format(out).read(out, "x")
    assert "양식: [인명][인명] 동의[인명] 선택[인명]" in again.text


def test_hwpx_form_names_and_list_entries_not_shown_go(tmp_path):
    """Form objects' names and radio groups become neutral ones (one group stays one group); a combo box's and a
    list box's entries it does not show go."""
    path = _hwpx(
        tmp_path,
        _form("radioBtn", f'caption="예" value="CHECKED" radioGroupName="{CANARY}" name="{CANARY}_예"'),
        _form("radioBtn", f'caption="아니오" value="UNCHECKED" radioGroupName="{CANARY}" name="{CANARY}_아니오"'),
        _form("comboBox", 'selectedValue="1" editEnable="0" name="ComboBox3"',
              f'<hp:listItem displayText="출석" value="1"/><hp:listItem displayText="{CANARY}" value="2"/>'),
        _form("listBox", 'selectedValue="" name="ListBox1"',
              f'<hp:listItem displayText="{CANARY}" value="{CANARY}"/>'),
        setup=lambda d, p: d.add_check_box("동의", name=f"{CANARY}체크", paragraph=p))
    out = tmp_path / "out.hwpx"
    src = _redact_hwpx(path, out)
    section = package_strings(out)["Contents/section0.xml"]
    assert CANARY not in section
    assert section.count('radioGroupName="Group1"') == 2
    assert 'name="Form1"' in section and 'name="Form2"' in section and 'name="Form3"' in section
    assert 'name="ComboBox3"' in section and 'name="ListBox1"' in section  # generic names stay
    assert '<hp:listItem displayText="출석" value="출석"/>' in section and section.count("<hp:listItem") == 1
    assert NAMES_NOTE.format(8) in src.notes  # 3 names, 2 groups, 2 entries gone, 1 value made its text


def test_hwpx_click_here_field_name_prompt_and_help_text_go(tmp_path):
    """A click-here field's name, prompt and help text are emptied or renamed, and its Command, which repeats them with
    their lengths, is written again; the prompt shown in the body is read and replaced as the body."""
    def setup(d, p):
        d.add_form_field(f"{CANARY} 성명", prompt="김철수 주소 입력", memo=f"{CANARY}에게 물을 것", paragraph=p)

    out = tmp_path / "out.hwpx"
    src = _redact_hwpx(_hwpx(tmp_path, setup=setup), out)
    assert "양식: 김철수 주소 입력" in src.text.split("\n")
    section = package_strings(out)["Contents/section0.xml"]
    assert CANARY not in section and "김철수" not in section
    assert 'type="CLICK_HERE" name="Field1"' in section and "<hp:t>[인명] 주소 입력</hp:t>" in section
    command = re.search(r'<hp:stringParam name="Command"[^>]*>([^<]*)<', section).group(1)
    assert command == "Clickhere:set:42:Direction:wstring:0: HelpState:wstring:0:  "
    assert '<hp:stringParam name="Direction"/>' in section and '<hp:stringParam name="HelpState"/>' in section
    assert NAMES_NOTE.format(3) in src.notes


def test_hwpx_a_new_field_name_is_none_the_document_has(tmp_path):
    """A field already named ``Field1`` (a name the tool would keep) and one renamed must not share a name: Hancom
    fills same-named fields alike. Names are compared as written, so ``field2`` is no bar to ``Field2``."""
    def setup(d, p):
        d.add_form_field("Field1", prompt="주소 입력", paragraph=p)
        d.add_form_field("field2", prompt="연락처 입력", paragraph=p)
        d.add_form_field(f"{CANARY} 성명", prompt="성명 입력", paragraph=p)

    out = tmp_path / "out.hwpx"
    _redact_hwpx(_hwpx(tmp_path, setup=setup), out)
    section = package_strings(out)["Contents/section0.xml"]
    names = re.findall(r'type="CLICK_HERE" name="([^"]*)"', section)
    assert CANARY not in section and len(names) == 3 and len(set(names)) == 3, names
    assert names[0] == "Field1" and names[2] == "Field2"


def _field(kind: str, name: str, params: str, text: str, field_id: str = "5") -> str:
    """A field over ``text`` in its own run, as Hancom writes one (``params``: its ``hp:parameters`` items)."""
    return (f'<hp:run xmlns:hp="{HP}" charPrIDRef="0"><hp:ctrl><hp:fieldBegin id="{field_id}" type="{kind}" '
            f'name="{name}" editable="0" dirty="0" zorder="-1" fieldid="0"><hp:parameters cnt="9" name="">'
            f'<hp:integerParam name="Prop">0</hp:integerParam>{params}</hp:parameters></hp:fieldBegin></hp:ctrl>'
            f'<hp:t>{text}</hp:t><hp:ctrl><hp:fieldEnd beginIDRef="{field_id}" fieldid="0"/></hp:ctrl></hp:run>')


def _param(name: str, text: str) -> str:
    return f'<hp:stringParam name="{name}">{text}</hp:stringParam>'


def test_hwpx_bookmark_names_are_renamed_and_every_reference_follows(tmp_path):
    """A bookmark at a point and one over a span get neutral names; a link to one (``?name`` in its Command, ``#name``
    python-hwpx keeps as its name) and a cross-reference (its Command and RefPath) follow; Hancom's own name stays."""
    def setup(d, p):
        d.add_bookmark(f"{CANARY}_진술", paragraph=p)
        d.add_bookmark("책갈피1", paragraph=p)
        d.add_hyperlink(f"#{CANARY}_진술", "위 진술", paragraph=p)

    span = _field("BOOKMARK", f"{CANARY} 부분", _param("Command", f"{CANARY} 부분"), "부분", "6")
    xref = _field("CROSSREF", "", _param("Command", f"?{CANARY}_진술;6;2;1;0;") + _param("RefPath", f"?{CANARY}_진술;")
                  + _param("RefType", "TARGET_BOOKMARK") + _param("RefContentType", "OBJECT_TYPE_CONTENTS"), "진술")
    out = tmp_path / "out.hwpx"
    src = _redact_hwpx(_hwpx(tmp_path, span, xref, setup=setup), out)
    section = package_strings(out)["Contents/section0.xml"]
    assert CANARY not in section  # the span comes first, then the point (the setup's runs follow)
    assert '<hp:bookmark name="Bookmark2"/>' in section and '<hp:bookmark name="책갈피1"/>' in section
    assert 'type="BOOKMARK" name="Bookmark1"' in section and '<hp:stringParam name="Command">Bookmark1<' in section
    assert 'type="HYPERLINK" name="#Bookmark2"' in section
    assert '<hp:stringParam name="Command">?Bookmark2;0;0;0;<' in section
    assert '<hp:stringParam name="Command">?Bookmark2;6;2;1;0;<' in section
    assert '<hp:stringParam name="RefPath">?Bookmark2;<' in section
    assert NAMES_NOTE.format(2) in src.notes


def test_hwpx_field_names_parameters_and_form_commands_go(tmp_path):
    """A mail merge field's column (its name, ``Command`` and ``FieldValue``), a formula's name and last result, a
    memo's author in its ``Command`` and a form object's ``command`` are renamed or emptied."""
    memo = _field("MEMO", "", _param("Command", f"MEMO/0/1/3045468928/30941184/{CANARY}/") + _param("ID", "memo1"),
                  "진술", "7")
    formula = _field("FORMULA", f"{CANARY} 합계", _param("Command", "=SUM(A1:A2)??%g;;1970")
                     + _param("LastResult", "1970"), "1970", "8")
    button = _form("btn", 'caption="확인" radioGroupName="" triState="0" name="PushButton1"').replace(
        'command=""', f'command="{CANARY}_호출"')
    out = tmp_path / "out.hwpx"
    src = _redact_hwpx(_hwpx(tmp_path, memo, formula, button,
                             setup=lambda d, p: p.add_mail_merge_field(CANARY, cached_text="수신인")), out)
    section = package_strings(out)["Contents/section0.xml"]
    assert CANARY not in section
    assert '<hp:stringParam name="Command">MEMO/0/1/3045468928/30941184//</hp:stringParam>' in section
    assert 'type="FORMULA" name="Field1"' in section and '<hp:stringParam name="LastResult"/>' in section
    assert '<hp:stringParam name="Command">=SUM(A1:A2)??%g;;</hp:stringParam>' in section
    assert 'command=""' in section and 'name="PushButton1"' in section
    assert '<hp:stringParam name="FieldValue">Field2</hp:stringParam>' in section
    assert NAMES_NOTE.format(7) in src.notes  # memo 1, formula 3 (name, result, command), button 1, mail merge 2


def test_hwpx_sweep_keeps_a_length_prefixed_command_right(tmp_path):
    """The last sweep replaces a mention replaced in the text wherever else it stands; in a click-here field's
    ``Command`` each value is prefixed by its length (UTF-16 units), and the set by its own: both written again."""
    def setup(d, p):
        d.add_form_field("성명", prompt="성명 입력", paragraph=p)
        command = next(e for e in p.element.iter() if e.get("name") == "Command")
        command.text = "Clickhere:set:61:Direction:wstring:0: HelpState:wstring:0: Memo:wstring:3:김철수  "

    out = tmp_path / "out.hwpx"
    _redact_hwpx(_hwpx(tmp_path, setup=setup), out)
    section = package_strings(out)["Contents/section0.xml"]
    command = re.search(r'<hp:stringParam name="Command"[^>]*>([^<]*)<', section).group(1)
    assert command == "Clickhere:set:62:Direction:wstring:0: HelpState:wstring:0: Memo:wstring:4:[인명]  "


def _legacy_field(kind: str, data: str, shown: str) -> tuple[str, ...]:
    """A legacy form field (``FORMTEXT``, ``FORMDROPDOWN``) as Word writes one: its ``w:ffData`` on the begin mark."""
    return (f'<w:r {W}><w:fldChar w:fldCharType="begin"><w:ffData>{data}</w:ffData></w:fldChar></w:r>',
            f'<w:r {W}><w:instrText xml:space="preserve"> {kind} </w:instrText></w:r>',
            f'<w:r {W}><w:fldChar w:fldCharType="separate"/></w:r>', _run(shown),
            f'<w:r {W}><w:fldChar w:fldCharType="end"/></w:r>')


def test_docx_legacy_form_fields_hidden_entries_default_help_and_status_text_go(tmp_path):
    """A drop-down form field keeps only its selected entry (now entry 0); a text form field loses its default text;
    both lose their help and status bar text. The shown text is in the body, read and redacted there."""
    help_ = f'<w:helpText w:type="text" w:val="{CANARY}에게 물을 것"/><w:statusText w:type="text" w:val="{CANARY}"/>'
    drop_down = _legacy_field("FORMDROPDOWN", f'<w:name w:val="Dropdown1"/><w:enabled/>{help_}<w:ddList>'
                              f'<w:result w:val="1"/><w:listEntry w:val="{CANARY}"/><w:listEntry w:val="출석"/>'
                              f'<w:listEntry w:val="{CANARY}의 처"/></w:ddList>', "출석")
    text = _legacy_field("FORMTEXT", f'<w:name w:val="Text1"/><w:enabled/>{help_}<w:textInput>'
                         f'<w:default w:val="{CANARY}"/><w:maxLength w:val="20"/></w:textInput>', "김철수")
    out = tmp_path / "out.docx"
    src = _redact(_docx(tmp_path, *drop_down, *text), out)
    body = package_strings(out)["word/document.xml"]
    assert CANARY not in body and "김철수" not in body
    assert '<w:ddList><w:result w:val="0"/><w:listEntry w:val="출석"/></w:ddList>' in body
    assert '<w:textInput><w:maxLength w:val="20"/></w:textInput>' in body and "helpText" not in body
    assert "<w:t>출석</w:t>" in body and "<w:t>[인명]</w:t>" in body
    assert NAMES_NOTE.format(7) in src.notes  # 2 entries, 1 default, 2 x (help, status)
    docx.Document(str(out))


def test_docx_glossary_text_is_read_and_redacted(tmp_path):
    """The glossary's building blocks (a placeholder's text, an AutoText entry) are text Word puts in the body when
    asked: read after the body and redacted like it (a name standing only there included)."""
    glossary = (f'<w:glossaryDocument {W}><w:docParts><w:docPart><w:docPartPr><w:name w:val="서명란"/></w:docPartPr>'
                f'<w:docPartBody><w:p>{_run("피해자 이영희 서명")}</w:p></w:docPartBody></w:docPart>'
                f'</w:docParts></w:glossaryDocument>')
    path, out = _docx(tmp_path, glossary=glossary), tmp_path / "out.docx"
    fmt = get_format(path)
    (src,) = fmt.read(path, "판결")
    assert src.text.endswith("\n피해자 이영희 서명")
    fmt.write(out, [(src, replacements(src.text, (*NAMES, "이영희")))])
    part = package_strings(out)["word/glossary/document.xml"]
    assert "이영희" not in part and "<w:t>피해자 [인명] 서명</w:t>" in part
