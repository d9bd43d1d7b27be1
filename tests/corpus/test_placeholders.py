"""The law.go.kr placeholder annotator: table-driven cases on sentences written for these tests, and
agreement with hand-checked spans of 30 precedents (``data/precedents_gold.jsonl``: document id,
offsets and label only; a row with null offsets marks a checked document without placeholders)."""

from __future__ import annotations

import gzip
import json
from collections import defaultdict
from pathlib import Path

import pytest

from thunder_deid.cli import main
from thunder_deid.corpus.placeholders import Agreement, Rules, annotate
from thunder_deid.document import Span, load_jsonl, read_jsonl
from thunder_deid.errors import DocumentError, ThunderDeidError
from thunder_deid.taxonomy import load_taxonomy

GOLD = Path(__file__).parent / "data" / "precedents_gold.jsonl"

# Agreement measured on the 30 checked documents (BENCHMARKS.md, "Placeholder annotator"); the
# annotator must not fall below it.
MIN_PRECISION, MIN_RECALL, MIN_TYPED = 1.0, 0.998, 0.979


def spans_of(text: str) -> list[tuple[str, str]]:
    return [(text[s.start:s.end], s.label) for s in annotate(text)]


@pytest.mark.parametrize("text, expected", [
    # table 10 conventions: the number of "공소외 2" is the span; the omission is one span
    ("피해자 공소외 2에게 돈을 빌렸다", [("2", "인명")]),
    ("청주시 (주소 1 생략) 소재 금은방", [("(주소 1 생략)", "주소")]),
    ("위 ‘○○○’ 금은방에서 피해자에게", [("○○○", "공산품판매업")]),
    ("○○○ 금은방에서", [("○○○", "공산품판매업")]),
    ("‘○○○’이라는 상호의 금은방에", [("○○○", "공산품판매업")]),
    ("‘○○○○’라는 카페에 가입", [("○○○○", "온라인커뮤니티")]),
    ("연락처 ****@○○○.com으로", [("****@○○○.com", "이메일주소")]),
    ("hong@example.com 으로", []),
    ("자신의 계좌(계좌번호 생략)로 송금", [("(계좌번호 생략)", "계좌번호")]),
    # roles, lists, organisations named by a number
    ("피고인 1은 범행을 자백하였다", [("1", "인명")]),
    ("피고인 1, 2의 각 상고를 기각한다", [("1", "인명"), ("2", "인명")]),
    ("공소외 3 주식회사의 대표이사", [("3", "사업체")]),
    ("공소외 3 주식회사(이하 ‘공소외 3 회사’)와 공소외 3은 계약을 맺었다",
     [("3", "사업체"), ("3", "사업체"), ("3", "사업체")]),
    ("원고 2와 피고 1 사이의 소송", [("2", "인명"), ("1", "인명")]),
    ("피고인 1 휴대폰으로 공소외 2 카드를 결제", [("1", "인명"), ("2", "인명")]),
    ("공소외 2 저축은행과 공소외 3 협동조합", [("2", "은행업"), ("3", "경제적 권익")]),
    ("(회사명 1 생략) 자동차부품연구원과", [("(회사명 1 생략)", "연구개발기관")]),
    ("○○생명보험주식회사의 상품", [("○○", "보험업")]),
    ("(상호명 1 생략) 냉면에서", [("(상호명 1 생략)", "식당")]),
    # counts and dates are not placeholders
    ("피고인 2명과 원고 3인", []),
    ("공소외 1, 2010. 3. 4. 만남", [("1", "인명")]),
    # symbols with cue words after or before
    ("☆☆☆공원 앞에서", [("☆☆☆", "주민편의시설")]),
    ("○○저축은행에 대한 대출금", [("○○", "은행업")]),
    ("△△시□□면▽▽리 소재 토지", [("△△", "주소"), ("□□", "행정구역-면"), ("▽▽", "행정구역-리")]),
    ("주식회사 ◇◇◇의 이사", [("◇◇◇", "사업체")]),
    ("학교법인 ○○학원 이사회", [("○○", "학교")]),
    ("의왕시 ○○동 산○○-○○ 토지", [("○○", "행정구역-동"), ("○○-○○", "번지")]),
    ("◇◇아파트 ○○동 ○○○호에서", [("◇◇", "주거시설"), ("○○", "건물동호수"), ("○○○", "건물동호수")]),
    ("피해자 김○○에게 상해를", [("김○○", "인명")]),
    ("甲 주식회사와 乙 사이의 계약", [("甲", "사업체"), ("乙", "인명")]),
    # omissions by kind
    ("(차량번호 생략) 승용차", [("(차량번호 생략)", "차량번호")]),
    ("(주민등록번호 생략)", [("(주민등록번호 생략)", "주민등록번호")]),
    ("(회사명 1 생략)의 직원", [("(회사명 1 생략)", "사업체")]),
    ("(명칭 생략)대학의 교수", [("(명칭 생략)", "학교")]),
    ("서울 강남구 (이하 생략)에 있는", [("(이하 생략)", "주소")]),
    ("홈페이지(주소 생략)에 게시", [("(주소 생략)", "url")]),
    ("나머지 판단을 생략한다 (이하 생략)", []),
    # officials acting in office and bullets are never masked (appendix A.2)
    ("판사 홍길동", []),
    ("검사 ○○○, 변호사 △△△", []),
    ("○ 피고인 1의 주장", [("1", "인명")]),
])
def test_annotate(text: str, expected: list[tuple[str, str]]) -> None:
    assert spans_of(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("피고인 A는 피해자 B에게 돈을 빌렸다", [("A", "인명"), ("B", "인명")]),
    ("피고인 A는 C 주식회사의 대표로 PC방을 운영", [("A", "인명"), ("C", "사업체")]),
    ("형법 A죄와 D등급 (letter-style document: 피고인 A)", [("A", "인명")]),
])
def test_letters_only_in_letter_style_documents(text: str, expected: list[tuple[str, str]]) -> None:
    assert spans_of(text) == expected


def test_letters_ignored_elsewhere() -> None:
    assert spans_of("A 회사가 B에게 이전하였다") == []


def test_every_rule_label_is_in_the_taxonomy() -> None:
    tax = load_taxonomy()
    rules = Rules.from_yaml()
    labels = {c.label for c in rules.suffix_cues["any"][0] + rules.prefix_cues}
    labels |= {k.label for k in rules.omitted if k.label} | set(rules.org_roles.values())
    assert all(label in tax for label in labels)


def test_spans_are_sorted_and_disjoint() -> None:
    text = "(☆☆☆금고계좌번호 생략) 공소외 1 회사 ○○은행□□지점 피고인 2"
    spans = annotate(text)
    assert all(a.end <= b.start for a, b in zip(spans, spans[1:]))
    assert spans[0].end - spans[0].start == len("(☆☆☆금고계좌번호 생략)")


def test_cli_converts_gz_and_refuses_to_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    src = tmp_path / "raw.jsonl.gz"
    with gzip.open(src, "wt", encoding="utf-8") as f:
        f.write(json.dumps({"id": "d1", "text": "피고인 1은 ○○은행에서", "court": "x"}, ensure_ascii=False) + "\n")
    out = tmp_path / "out.jsonl"
    cmd = ["corpus", "annotate-placeholders"]
    assert main(cmd + [str(src), str(out)]) == 0
    (doc,) = load_jsonl(out)
    assert doc.meta == {"court": "x"} and [(s.start, s.end, s.label) for s in doc.spans] == [(4, 5, "인명"), (7, 9, "은행업")]
    assert main(cmd + [str(out), str(out)]) == 2 and "refusing" in capsys.readouterr().err
    assert main(cmd + [str(src), str(tmp_path / "raw.jsonl"), "--convert-only"]) == 0
    assert load_jsonl(tmp_path / "raw.jsonl")[0].spans == []


def test_repeated_ids_are_made_unique(tmp_path: Path) -> None:
    src = tmp_path / "raw.jsonl"
    rows = [{"id": "p1", "text": "피고인 1", "court": "서울 고등법원"}, {"id": "p1", "text": "피고인 2", "court": "서울 고등법원"},
            {"id": "p1", "text": "원고 1", "court": "서울 고등법원"}]
    src.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    assert main(["corpus", "annotate-placeholders", str(src), str(tmp_path / "out.jsonl")]) == 0
    docs = load_jsonl(tmp_path / "out.jsonl")
    assert [d.id for d in docs] == ["p1", "p1_서울고등법원", "p1_2"]
    assert docs[1].meta["original_id"] == "p1"


@pytest.mark.parametrize("content, message", [
    (None, "rules.yaml: no such file"),
    ("symbols: [unclosed", "rules.yaml:1:19: invalid YAML"),
    ("symbols: '○'\nsymbols: '●'\n", "rules.yaml:2: key 'symbols' given again"),
    ("symbols: '○'\n", "missing table"),
])
def test_bad_rule_tables_are_one_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture,
                                              content: str | None, message: str) -> None:
    rules = tmp_path / "rules.yaml"
    if content is not None:
        rules.write_text(content, encoding="utf-8")
    src = tmp_path / "in.jsonl"
    src.write_text('{"id": "d1", "text": "피고인 1"}\n', encoding="utf-8")
    assert main(["corpus", "annotate-placeholders", str(src), str(tmp_path / "out.jsonl"), "--rules", str(rules)]) == 2
    assert message in capsys.readouterr().err


def test_a_label_outside_the_taxonomy_is_refused(tmp_path: Path) -> None:
    text = (Path(__file__).parents[2] / "thunder_deid/corpus/data/placeholder_rules.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "rules.yaml"
    bad.write_text(text.replace("label: 은행업}", "label: 은행}", 1), encoding="utf-8")
    with pytest.raises(ThunderDeidError, match="'은행' is not a taxonomy label"):
        Rules.from_yaml(bad)


def test_bad_line_names_file_and_line_without_text(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "d1", "text": "피고인 1"}\n{"id": "d2", "text": 피고인}\n', encoding="utf-8")
    with pytest.raises(DocumentError, match=r"bad.jsonl:2: invalid JSON") as e:
        list(read_jsonl(bad))
    assert "피고인" not in str(e.value)


@pytest.mark.shared
def test_agreement_with_hand_checked_precedents(shared_data: Path) -> None:
    gold: dict[str, list[Span]] = defaultdict(list)
    for line in GOLD.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        gold[row["id"]]                          # a checked document, maybe without placeholders
        if row["start"] is not None:
            gold[row["id"]].append(Span(row["start"], row["end"], row["label"]))
    assert len(gold) == 30
    agreement = Agreement()
    for doc in read_jsonl(shared_data / "precedents" / "precedents.jsonl.gz"):
        if doc.id in gold:
            agreement.add(gold.pop(doc.id), annotate(doc.text))
    assert not gold, f"checked documents missing from the data: {sorted(gold)}"
    print(f"\ngold {agreement.gold} predicted {agreement.predicted} precision {agreement.precision:.4f} "
          f"recall {agreement.recall:.4f} typed accuracy {agreement.typed_accuracy:.4f}")
    assert agreement.precision >= MIN_PRECISION
    assert agreement.recall >= MIN_RECALL
    assert agreement.typed_accuracy >= MIN_TYPED
