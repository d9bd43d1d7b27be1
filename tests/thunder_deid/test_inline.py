import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thunder_deid.document import Document, Span
from thunder_deid.errors import InlineFormatError
from thunder_deid.inline import parse_inline, render_inline
from thunder_deid.taxonomy import load_taxonomy

LABELS = [n.name for n in load_taxonomy()]


@pytest.mark.parametrize(
    "inline, text, spans",
    [
        ("<<<홍길동:인명>>>은", "홍길동은", [(0, 3, "인명", None)]),
        ("<<<A:식당:한식당>>>식당", "A식당", [(0, 1, "식당", "한식당")]),
        ("<<<10:30:시간정보>>>경", "10:30경", [(0, 5, "시간정보", None)]),
        ("<<<http://a.test:8080/x:url>>>", "http://a.test:8080/x", [(0, 20, "url", None)]),
        ("<<<(주소 1 생략):주소>>> 소재", "(주소 1 생략) 소재", [(0, 9, "주소", None)]),
        ("<<<a:b:인명:내국인>>>", "a:b", [(0, 3, "인명", "내국인")]),
        ("줄\n<<<B:인명>>>\n", "줄\nB\n", [(2, 3, "인명", None)]),
        ("마커 없음", "마커 없음", []),
    ],
)
def test_parse_table(inline, text, spans):
    doc = parse_inline(inline, "d")
    assert doc.text == text
    assert [(s.start, s.end, s.label, s.sub) for s in doc.spans] == spans
    assert render_inline(doc) == inline


@pytest.mark.parametrize(
    "inline, fragment",
    [
        ("앞 <<<홍길동:인명 뒤", "line 1, column 3 (offset 2): unbalanced marker: '<<<' without"),
        ("앞\n홍길동:인명>>> 뒤", "line 2, column 7 (offset 8): unbalanced marker: '>>>' without"),
        ("<<<홍길동:레스토랑>>>", "unknown label '레스토랑'"),
        ("<<<홍길동>>>", "marker without ':LABEL'"),
        ("<<<:인명>>>", "empty mention"),
        ("<<<a <<<b:인명>>>", "marker opens inside a marker"),
    ],
)
def test_parse_errors_name_location(inline, fragment):
    with pytest.raises(InlineFormatError) as e:
        parse_inline(inline, source="f.txt")
    assert "f.txt" in str(e.value) and fragment in str(e.value)


def test_unknown_labels_allowed_on_request():
    doc = parse_inline("<<<x:레스토랑>>>", allow_unknown=True)
    assert doc.spans[0].label == "레스토랑"


# marker-like text, colons and backslashes anywhere: escapes make every text and mention round-trip
_HOSTILE = list("가나다 홍길동:ab1\n()○<>\\") + ["<<<", ">>>", "<<<홍길동:인명>>>", "\\<", ":인명", "인명"]
_chunk = st.lists(st.sampled_from(_HOSTILE), max_size=6).map("".join)
_mention = st.lists(st.sampled_from(_HOSTILE), min_size=1, max_size=5).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_chunk, _mention, st.sampled_from(LABELS), st.one_of(st.none(), st.sampled_from(["한식당", "x y", "내국인"]))), max_size=5), _chunk)
def test_parse_render_round_trip(parts, tail):
    text, spans = "", []
    for before, mention, label, sub in parts:
        text += before
        spans.append(Span(len(text), len(text) + len(mention), label, sub))
        text += mention
    text += tail
    doc = Document("d", text, spans)
    again = parse_inline(render_inline(doc), "d")
    assert again == doc
