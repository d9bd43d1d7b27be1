"""Context refiner: coarse labels refined from industry / place-type cues, on sentences written for these tests."""

import pytest
import yaml

from thunder_deid.corpus.context import ContextRefiner, context_refiner
from thunder_deid.corpus.report import corpus_report
from thunder_deid.corpus.thunder import thunder_normalizer, to_document
from thunder_deid.document import Document, Span
from thunder_deid.errors import ThunderDeidError
from thunder_deid.taxonomy import load_taxonomy

TAX = load_taxonomy()


def doc_with(text: str, mention: str, label: str, nth: int = 0) -> Document:
    """``text`` with one span over the ``nth`` occurrence of ``mention``."""
    i = -1
    for _ in range(nth + 1):
        i = text.index(mention, i + 1)
    return Document("t", text, [Span(i, i + len(mention), label, "old")])


@pytest.mark.parametrize(
    "text, mention, label, expected",
    [
        # apposition: the noun phrase before the legal form names the industry
        ("피고인은 운송업체인 주식회사 K의 대표이사이다.", "K", "사업체", "화물운송·물류업"),
        ("그는 정수기 판매업체인 (주)M에 근무하였다.", "M", "사업체", "공산품판매업"),
        ("청소용역업체인 ㈜Q의 직원이다.", "Q", "사업체", "생활세척서비스업"),
        ("건설회사인 주식회사 P에서 이사로 일하였다.", "P", "사업체", "건설시공업"),
        # purpose clauses
        ("피고인은 부동산 개발 등을 목적으로 설립된 주식회사 W를 운영하였다.", "W", "사업체", "부동산개발업"),
        ("광업을 목적으로 설립된 주식회사 X의 대표이사인데", "X", "사업체", "광업"),
        ("산업용 밸브 제조 등을 영위하는 Z 주식회사의 대표이다.", "Z", "사업체", "중간재제조업"),
        # only the mid node is determined: a retailer, goods not stated
        ("방문판매업체인 주식회사 R에서 일하였다.", "R", "사업체", "도소매및유통업"),
        ("분양대행업체인 주식회사 R의 대표이다.", "R", "사업체", "건설·부동산업"),
        # a place noun in the phrase names the business's object, not the business (주택 분양)
        ("주택 분양 및 관리 등을 목적으로 하는 주식회사 D을 운영한다.", "D", "사업체", "건설·부동산업"),
        ("인력공급 및 직업알선 회사인 주식회사 E의 이사이다.", "E", "사업체", "기타서비스업"),
        ("피해자는 D이라는 상호로 동물약품을 판매하는 사람이다.", "D", "사업체", "도소매및유통업"),
        # legal forms in a row; the longest cue wins over the one inside it (축산물 유통, not 축산 / 농업)
        ("축산물 유통업체인 농업회사법인 주식회사 D를 운영한다.", "D", "사업체", "식품판매업"),
        # cues that disagree merge to their lowest common ancestor
        ("철강 가공 및 기계 제조를 목적으로 하는 주식회사 V", "V", "사업체", "제조업"),
        # after the mention: trade-name phrases and a type noun compounded with it
        ("'주식회사 N'이라는 상호의 신발 판매업체를 운영하였다.", "N", "사업체", "공산품판매업"),
        ("주식회사 S라는 상호로 연예 매니지먼트 사업을 영위하였다.", "S", "사업체", "문화·예술업"),
        ("T 마사지 업소에서 종업원으로 일하였다.", "T", "사업체", "마사지업"),
        # a place-role label becomes what the place is
        ("피고인은 U 편의점 앞 노상에서 피해자를 때렸다.", "U", "그외 사건관련장소 및 이벤트", "종합물품판매업"),
        ("'Y' 모텔 객실에서 피해자를 추행하였다.", "Y", "그외 사건관련장소 및 이벤트", "소형숙박업"),
        ("J 아파트 앞길에서 만났다.", "J", "그외 사건관련장소 및 이벤트", "주거시설"),
        ("부산 동구 초량동 상록치안센터 앞 노상에서", "상록치안센터", "그외 사건관련장소 및 이벤트", "치안및교정기관"),
        # another occurrence of the same placeholder carries the cue
        ("피고인은 H에서 피해자를 만났다. 그 후 H 노래방 안에서 다시 만났다.", "H", "그외 사건관련장소 및 이벤트", "오락·스포츠업"),
    ],
)
def test_refined(text, mention, label, expected):
    new, n = context_refiner().refine(doc_with(text, mention, label))
    assert (new.spans[0].label, n, new.meta.get("context_refined")) == (expected, 1, 1)
    assert new.spans[0].sub == "old"           # the old label stays, as the sub-label


@pytest.mark.parametrize(
    "text, mention, label",
    [
        # no cue: the parent label stays (A.2)
        ("주식회사 K 명의의 계좌로 송금받았다.", "K", "사업체"),
        ("B에 있는 C 앞 노상에서 피해자를 때렸다.", "C", "그외 사건관련장소 및 이벤트"),
        # a place-part noun names a part of C, not C (C's car park, C's office)
        ("C 주차장에서 피해자를 만났다.", "C", "그외 사건관련장소 및 이벤트"),
        ("주식회사 C 사무실에서 피해자에게 말하였다.", "C", "사업체"),
        # the cue belongs to another entity: F은행 is F, not E
        ("(주)E 명의의 F은행 계좌로 송금받았다.", "E", "사업체"),
        # a cue before a verb phrase is not a description of the company
        ("은행에서 대출을 받아 설립한 회사인 주식회사 G", "G", "사업체"),
        # 판매처 is a customer, not a trade; the 회사 of 주식회사 is no apposition keyword
        ("C의 주요 판매처인 주식회사 G에서 발주하였다.", "G", "사업체"),
        # a business stays a business: a place type outside 사업체 is not taken
        ("주식회사 C 주유소에서 일하였다.", "C", "사업체"),
        # manufacture and sale: no common node below 사업체
        ("기계 제작 및 판매업체인 주식회사 C를 운영하였다.", "C", "사업체"),
        # an area name before an activity word is not a type noun (I 재개발 = the I area)
        ("I 재개발 정비사업 조합장과 협의하였다.", "I", "사업체"),
        # C holds places (C에 있는 식당): the restaurant is in C, so `C 식당` does not make C one
        ("피고인은 C에서 만났다. C 식당 운영권을 주겠다고 하였으나 C에 있는 식당을 운영하게 할 능력이 없었다.", "C",
         "그외 사건관련장소 및 이벤트"),
        # labels outside the refine table are never touched
        ("피해자 C 편의점 앞", "C", "인명"),
    ],
)
def test_not_refined(text, mention, label):
    doc = doc_with(text, mention, label)
    new, n = context_refiner().refine(doc)
    assert (new.spans[0].label, n, "context_refined" in new.meta) == (label, 0, False)


def test_other_occurrence_tagged_as_another_entity_is_ignored():
    text = "피고인은 C에서 피해자를 만났다. C 편의점 앞에서 C(남, 30세)와 다투었다."
    # the second C is a person here (the letter reused): its cue does not count
    doc = Document("t", text, [Span(5, 6, "그외 사건관련장소 및 이벤트", "추행장소"), Span(19, 20, "인명")])
    assert context_refiner().refine(doc)[0].spans[0].label == "그외 사건관련장소 및 이벤트"


@pytest.mark.parametrize(
    "other, expected",
    [
        (("여신금융업", "카드"), "여신금융업"),      # typed elsewhere: the same entity takes that type
        (("제조업", "제조회사"), "제조업"),
        (("사업체", "주식회사"), "사업체"),          # no lower label anywhere: the parent stays
        (("인명", "내국인이름"), "사업체"),           # the letter reused for a person is another entity
    ],
)
def test_a_label_given_to_another_occurrence_counts(other, expected):
    text = "피고인은 주식회사 C의 대표이다. 피해자는 C에 돈을 보냈다."
    first, second = text.index("C"), text.rindex("C")
    doc = Document("t", text, [Span(first, first + 1, "사업체", "주식회사"), Span(second, second + 1, *other)])
    new, n = context_refiner().refine(doc)
    assert (new.spans[0].label, new.spans[0].sub, n) == (expected, "주식회사", int(expected != "사업체"))


def test_annotations_in_another_case_section_do_not_count():
    text = "『2020고단1』 주식회사 A의 대표이다.\n『2020고단2』 피고인은 A에 송금하였다."
    doc = Document("t", text, [Span(text.index("A"), text.index("A") + 1, "사업체", "주식회사"),
                               Span(text.rindex("A"), text.rindex("A") + 1, "은행업", "은행")])
    assert context_refiner().refine(doc)[0].spans[0].label == "사업체"


def test_multi_case_sections_do_not_share_letters():
    text = "『2020고단1』 렌탈 회사인 (주)A의 대표이다.\n『2020고단2』 피고인은 (주)A 사무실에서 피해자를 만났다."
    start = text.rindex("A")
    doc = Document("t", text, [Span(start, start + 1, "사업체", "주식회사")])
    assert context_refiner().refine(doc)[0].spans[0].label == "사업체"


def test_own_cue_wins_over_other_occurrences():
    text = "꽃배달 업체인 (주)A 사무실. (주)A 주유소 앞."
    doc = Document("t", text, [Span(text.index("A"), text.index("A") + 1, "사업체", "주식회사")])
    assert context_refiner().refine(doc)[0].spans[0].label == "동식물자원판매업"


def test_converter_uses_the_refiner_and_counts():
    markup = "피고인은 운송업체인 주식회사 <<<주식회사>>>K<<</주식회사>>>의 대표이다."
    doc = to_document("fraud/doc_1", markup)
    assert [(s.label, s.sub) for s in doc.spans] == [("화물운송·물류업", "주식회사")]
    assert doc.meta["context_refined"] == 1
    plain = to_document("fraud/doc_1", markup, refiner=False)
    assert [(s.label, s.sub) for s in plain.spans] == [("사업체", "주식회사")] and "context_refined" not in plain.meta
    r = corpus_report([doc, plain])
    assert (r["context_refined"]["count"], r["context_refined"]["documents"]) == (1, 1)


def test_rules_table_is_valid_and_agrees_with_the_label_map():
    """Every target is a node; a cue word that is also an old label resolves to the same node in the
    reviewed label map, or to a node that contains it (one mapping of words to concepts)."""
    r = context_refiner()
    norm = thunder_normalizer()
    disagree = []
    for cue in r.cues:
        assert cue.target in TAX
        if "(" in cue.pattern.pattern[3:-1]:   # compound patterns (X\s?(?:제조|생산)) are not old labels
            continue
        for word in cue.pattern.pattern[3:-1].split("|"):
            if not word.isalpha():
                continue
            try:
                res = norm.resolve(word)
            except Exception:
                continue
            if res.kind not in ("exact", "compatibility"):
                continue
            if not (res.label == cue.target or TAX.is_descendant(cue.target, res.label)
                    or TAX.is_descendant(res.label, cue.target)):
                disagree.append((word, cue.target, res.label))
    assert disagree == []


@pytest.mark.parametrize(
    "patch, message",
    [
        ({"refine": {"없는노드": ["사업체"]}}, "not a taxonomy node"),
        ({"cues": [{"cue": "x", "target": "없는노드"}]}, "not a taxonomy node"),
        ({"cues": [{"cue": "x", "target": "식당", "frames": ["nope"]}]}, "unknown frame"),
        ({"frames": {"after_noun": "(unclosed"}}, "malformed"),
    ],
)
def test_bad_rules_are_reported(patch, message, tmp_path):
    with open(context_refiner().source, encoding="utf-8") as f:
        rules = yaml.safe_load(f)
    rules.update(patch)
    with pytest.raises(ThunderDeidError, match=message):
        ContextRefiner(rules)


def test_convert_cli_reports_refinements_and_can_skip_them(tmp_path, capsys):
    from thunder_deid.cli import main
    from thunder_deid.document import load_jsonl

    (tmp_path / "src" / "fraud").mkdir(parents=True)
    (tmp_path / "src" / "fraud" / "doc_00000.md").write_text(
        "피고인은 운송업체인 주식회사 <<<주식회사>>>K<<</주식회사>>>의 대표이다.", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["corpus", "convert-thunder", str(tmp_path / "src"), str(out)]) == 0
    err = capsys.readouterr().err
    assert "refined from context: 1 spans in 1 documents (사업체 -> 화물운송·물류업 x1" in err and "운송업체" not in err
    assert [s.label for s in load_jsonl(out)[0].spans] == ["화물운송·물류업"]
    assert main(["corpus", "convert-thunder", str(tmp_path / "src"), str(out), "--no-context"]) == 0
    assert "refined" not in capsys.readouterr().err
    assert [s.label for s in load_jsonl(out)[0].spans] == ["사업체"]
