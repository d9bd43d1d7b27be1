"""Old Thunder-DeID markup -> documents: every markup fault of the real files, ids, label mapping, CLI."""

import json

import pytest

from thunder_deid.cli import main
from thunder_deid.corpus.thunder import convert_thunder, parse_old_markup, to_document
from thunder_deid.errors import LabelError
from thunder_deid.taxonomy import Normalizer
from thunder_deid.validate import problems

T = "<<<{0}>>>{1}<<</{0}>>>".format


@pytest.mark.parametrize(
    "markup, text, spans, notes",
    [
        ("피해자 " + T("내국인이름", "D") + "(남)", "피해자 D(남)", [(4, 5, "내국인이름")], {}),
        (T("은행", "F") + "은행 " + T("계좌번호", "G"), "F은행 G", [(0, 1, "은행"), (4, 5, "계좌번호")], {}),
        # adjacent tags
        (T("구아래주소", "B") + T("건물", "C"), "BC", [(0, 1, "구아래주소"), (1, 2, "건물")], {}),
        # label with a space
        (T("앞 노상", "C") + " 앞 노상", "C 앞 노상", [(0, 1, "앞 노상")], {}),
        # whitespace inside a tag: kept in the text, not in the span
        ("(" + T("계좌번호", "계좌번호 1 생략 ") + ")", "(계좌번호 1 생략 )", [(1, 10, "계좌번호")], {"trimmed_whitespace": 1}),
        ("x" + T("주식회사", " ") + "y", "x y", [], {"empty_tag": 1}),
        # nested: the outer span is kept
        ("‘" + T("어플", "H" + T("내국인이름", "D")) + "'", "‘HD'", [(1, 3, "어플")], {"nested_inner_dropped": 1}),
        # a stray second open before a complete pair
        ("위 <<<내국인이름>>>" + T("내국인이름", "BN") + " 명의", "위 BN 명의", [(2, 4, "내국인이름")], {"stray_open": 1}),
        ("a<<</은행>>>b", "ab", [], {"stray_close": 1}),
        # close with another label: closes the open tag, whose label counts
        ("<<<요가학원>>>'B'<<</요가>>>를", "'B'를", [(0, 3, "요가학원")], {"mismatched_close": 1}),
        # two-bracket pairs are markup; a lone << >> (a book title) is text
        ("청원군 <<면>>00<</면>>에", "청원군 00에", [(4, 6, "면")], {"two_bracket_tag": 1}),
        ("책 <<혼불>>을", "책 <<혼불>>을", [], {}),
        # a marker one bracket short on one side is still a marker
        ("<<내국인이름>>>E<<</내국인이름>>> 와", "E 와", [(0, 1, "내국인이름")], {"mixed_bracket_marker": 1}),
        ("<<<내국인이름>>E<<</내국인이름>>", "E", [(0, 1, "내국인이름")], {"mixed_bracket_marker": 2}),
        ("<<<은행>>>F<</은행>>>은행", "F은행", [(0, 1, "은행")], {"mixed_bracket_marker": 1}),
        ("<2014고단1913> <주소>", "<2014고단1913> <주소>", [], {}),
        # a tag pair wrapped around one bracket of another tag's close marker
        ("방송 <<<인터넷방송>>>B<<<<<내국인이름>>><<<</내국인이름>>>/인터넷방송>>>에서", "방송 B에서",
         [(3, 4, "인터넷방송")], {"fragment_tag": 1}),
        ("줄1\r\n" + T("내국인이름", "A") + "\r\n", "줄1\r\nA\r\n", [(4, 5, "내국인이름")], {}),
        ("a <<<" + "긴" * 61 + ">>>b", "a <<<" + "긴" * 61 + ">>>b", [], {"leftover_marker": 2}),
    ],
)
def test_parse_old_markup(markup, text, spans, notes):
    got_text, got_spans, got_notes = parse_old_markup(markup)
    assert (got_text, got_spans, dict(got_notes)) == (text, spans, notes)


@pytest.mark.parametrize(
    "old, label, sub",
    [
        ("내국인이름", "인명", "내국인이름"),
        ("구아래주소", "주소", "구아래주소"),       # address remainder -> mid node (documented decision)
        ("시아래주소", "주소", "시아래주소"),
        ("주식회사", "사업체", "주식회사"),         # legal form only -> top node
        ("은행", "은행업", "은행"),
        ("식당", "식당", None),                     # same name as the node: no sub-label
        ("음식점", "식당", "음식점"),
        ("교도소내장소", "시설부속공간", "교도소내장소"),
        ("앞 노상", "그외 사건관련장소 및 이벤트", "앞 노상"),
        ("러시아인이름", "인명", "러시아인이름"),   # never seen: a rule
        ("김밥천국식당", "식당", "김밥천국식당"),
    ],
)
def test_label_mapping_keeps_old_label_as_sub(old, label, sub):
    doc = to_document("fraud/doc_1", T(old, "B") + "에서")
    (span,) = doc.spans
    assert (span.label, span.sub) == (label, sub)
    assert problems(doc) == []


def test_unmapped_label_is_an_error_naming_it():
    with pytest.raises(LabelError, match="'뭔지모를것'"):
        to_document("fraud/doc_1", T("뭔지모를것", "B"))


def _tree(tmp_path, files):
    for rel, content in files.items():
        p = tmp_path / "src" / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(content, encoding="utf-8")
    return tmp_path / "src"


def test_convert_folder_ids_order_and_meta(tmp_path):
    src = _tree(tmp_path, {"fraud/doc_00002.md": T("은행", "F") + "은행",
                           "fraud/doc_00001.md": "피고인 " + T("내국인이름", "A"),
                           "assault/doc_00000.md": T("구아래주소", "B") + "에서",
                           "fraud/notes.txt": "ignored"})
    docs = convert_thunder(src)
    assert [d.id for d in docs] == ["assault/doc_00000", "fraud/doc_00001", "fraud/doc_00002"]
    assert docs[1].meta == {"case_type": "fraud", "source": "thunder_deid"}
    assert [d.text for d in docs] == ["B에서", "피고인 A", "F은행"]


def test_convert_lists_every_unmapped_label_with_its_count(tmp_path):
    src = _tree(tmp_path, {"a/doc_1.md": T("뭔지모를것", "B") + T("뭔지모를것", "C"), "a/doc_2.md": T("이상한표시", "D")})
    with pytest.raises(LabelError) as e:
        convert_thunder(src)
    msg = str(e.value)
    assert "'뭔지모를것' x2" in msg and "'이상한표시' x1" in msg and "B" not in msg.replace("뭔지", "")


def test_drop_rule_removes_spans_with_reason(tmp_path):
    src = _tree(tmp_path, {"a/doc_1.md": T("판결번호", "1") + " " + T("내국인이름", "A")})
    norm = Normalizer({"drop": [{"label": "판결번호", "reason": "public court data"}]})
    docs = convert_thunder(src, norm)
    assert [(s.label, s.sub) for s in docs[0].spans] == [("인명", "내국인이름")]


def test_cli(tmp_path, capsys):
    src = _tree(tmp_path, {"fraud/doc_1.md": "피고인 " + T("내국인이름", "A") + "는 " + T("주식회사", "B")})
    out = tmp_path / "out.jsonl"
    assert main(["corpus", "convert-thunder", str(src), str(out)]) == 0
    (doc,) = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert doc["id"] == "fraud/doc_1" and doc["case_type"] == "fraud"
    assert [(s["label"], s["sub"]) for s in doc["spans"]] == [("인명", "내국인이름"), ("사업체", "주식회사")]
    assert "leaf 50.0%" in capsys.readouterr().err
    assert main(["corpus", "convert-thunder", str(tmp_path / "nowhere"), str(out)]) == 2
    assert main(["corpus", "convert-thunder", str(src), str(src / "fraud" / "x.jsonl")]) == 2
