"""Escapes in the inline format: what is written, old files still read, stray markers are errors (the
round trip of any text and mention is a property test in tests/thunder_deid/test_inline.py)."""

import pytest

from thunder_deid.document import Document, Span
from thunder_deid.errors import InlineFormatError
from thunder_deid.inline import parse_inline, render_inline


@pytest.mark.parametrize("text, spans, written", [
    ("이미 <<<홍길동:인명>>> 표시된 글", [], r"이미 \<\<\<홍길동:인명\>\>\> 표시된 글"),
    ("화살표 >>> 하나", [], r"화살표 \>\>\> 하나"),
    ("a < b > c", [], "a < b > c"),                      # lone brackets stay as they are
    ("홍길동>>>에게", [(0, 3, "인명")], r"<<<홍길동:인명>>>\>\>\>에게"),
    ("x>>>y", [(0, 5, "인명")], r"<<<x\>\>\>y:인명>>>"),
    ("A:인명", [(0, 4, "주소")], r"<<<A\:인명:주소>>>"),
    ("10:30경", [(0, 5, "시간정보")], "<<<10:30:시간정보>>>경"),  # unambiguous colons stay bare
    ("C:\\temp\\x", [], "C:\\temp\\x"),                 # a backslash before other characters is plain
    ("끝\\", [(0, 1, "인명")], "<<<끝:인명>>>\\"),
    ("a\\", [(0, 2, "인명")], r"<<<a\\:인명>>>"),
])
def test_written_form(text, spans, written):
    doc = Document("d", text, [Span(a, b, lab) for a, b, lab in spans])
    assert render_inline(doc) == written
    assert parse_inline(written, "d") == doc


def test_old_files_without_escapes_read_as_before():
    doc = parse_inline("<<<10:30:시간정보>>>경 C:\\Users <<<a:b:인명:내국인>>>", "d")
    assert doc.text == "10:30경 C:\\Users a:b"
    assert [(doc.span_text(s), s.label, s.sub) for s in doc.spans] == [("10:30", "시간정보", None), ("a:b", "인명", "내국인")]


@pytest.mark.parametrize("bad, fragment", [
    ("글 <<<홍길동:인명 끝", "'<<<' without a closing '>>>'"),
    ("글 >>> 끝", "'>>>' without an opening '<<<'"),
    (r"<<<홍길동\:인명>>>", "marker without ':LABEL'"),     # an escaped colon separates nothing
])
def test_unescaped_stray_markers_are_errors(bad, fragment):
    with pytest.raises(InlineFormatError, match=fragment):
        parse_inline(bad, source="f.txt")
