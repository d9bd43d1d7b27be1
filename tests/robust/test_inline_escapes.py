"""Escapes in the inline format: any text and any mention survive render -> parse, old files still read."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thunder_deid.document import Document, Span
from thunder_deid.errors import InlineFormatError
from thunder_deid.inline import parse_inline, render_inline
from thunder_deid.taxonomy import load_taxonomy

LABELS = [n.name for n in load_taxonomy()][:40]
HOSTILE = list("가홍길동 :<>\\\n") + ["<<<", ">>>", "<<<홍길동:인명>>>", "\\<", ":인명", "인명"]

_chunk = st.lists(st.sampled_from(HOSTILE), max_size=6).map("".join)
_mention = st.lists(st.sampled_from(HOSTILE), min_size=1, max_size=5).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_chunk, _mention, st.sampled_from(LABELS), st.sampled_from([None, "한식당"])), max_size=4),
       _chunk)
def test_any_text_and_mention_round_trip(parts, tail):
    text, spans = "", []
    for before, mention, label, sub in parts:
        text += before
        spans.append(Span(len(text), len(text) + len(mention), label, sub))
        text += mention
    doc = Document("d", text + tail, spans)
    assert parse_inline(render_inline(doc), "d") == doc


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
