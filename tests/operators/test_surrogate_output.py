"""The ``surrogate`` output mode against the review of 2026-12 (reproductions in the review's scratch scripts):
a pseudonym that names another real person, dates and ages drawn apart, an account whose layout is not its
bank's, a business pseudonym that is a real group's name. Training realisations are checked unchanged elsewhere
(``thunder-deid realize`` outputs compared byte for byte before each commit)."""

from __future__ import annotations

from thunder_deid.document import Document, Span
from thunder_deid.operators import get_operator


def _spans(text: str, marks: list[tuple[str, str]]) -> list[Span]:
    """Spans over each occurrence of each ``(mention, label)``, in document order."""
    out = []
    for mention, label in marks:
        i = text.find(mention)
        while i >= 0:
            out.append(Span(i, i + len(mention), label))
            i = text.find(mention, i + len(mention))
    return sorted(out, key=lambda s: s.start)


def test_a_pseudonym_is_no_other_persons_real_name():
    """Probed: ``피고인 김민준은 피해자 김재후를 폭행하였다.`` (seed 0) gave ``피고인 김재후는 피해자 박주용을``: the
    victim's real name named the defendant. No pseudonym may now equal a real mention of the document."""
    text = "피고인 김민준은 피해자 김재후를 폭행하였다."
    doc = Document("text", text, _spans(text, [("김민준", "인명"), ("김재후", "인명")]))
    for seed in range(40):
        out = get_operator("surrogate", seed=seed).render(doc)
        assert "김재후" not in out and "김민준" not in out, (seed, out)


def test_a_business_pseudonym_is_no_real_company():
    """Probed: 26 of 300 draws for ``주식회사 미래건설`` were 동아건설, 금호건설, 한라건설, 한양건설 (stems.general holds
    them): a pseudonym naming a real company. Output now redraws any stem of ``entities.famous``."""
    from thunder_deid.surrogates.lexicon import packaged

    famous = set(packaged()["entities"]["famous"])
    assert {"금호", "한라", "동아", "한양", "하나로", "삼성", "현대"} <= famous
    text = "피고인은 주식회사 미래건설의 대표이사이다."
    doc = Document("text", text, [Span(10, 12, "건설시공업")])
    stems = []
    for seed in range(300):
        out = get_operator("surrogate", seed=seed).render(doc)
        stems.append(out[10 : out.index("건설의")])
    assert not famous & set(stems), sorted(famous & set(stems))
    assert len(set(stems)) > 100  # still drawn widely


def test_an_account_number_takes_the_layout_of_its_own_bank():
    """Probed: the bank an account followed was the first *in list order* within 40 characters before it
    (``국민은행 계좌에서 신한은행 계좌 110-…`` took 국민's layout), and a bank named right after the number
    (``계좌 110-234-567890(신한은행)로``) was never read. Output now takes the nearest bank before, else the one in
    the parenthesis after."""
    import re

    cases = [("피고인은 국민은행 계좌에서 신한은행 계좌 110-234-567890으로 송금하였다.", r"110-\d{3}-\d{6}"),
             ("피고인은 계좌 110-234-567890(신한은행)로 송금하였다.", r"110-\d{3}-\d{6}"),
             ("피고인은 계좌(1002-345-678901, 우리은행)로 송금하였다.", r"1002-\d{3}-\d{6}")]
    for text, layout in cases:
        number = re.search(r"\d[\d-]+\d", text).group(0)
        doc = Document("text", text, _spans(text, [(number, "계좌번호")]))
        for seed in range(10):
            got = [r.text for r in get_operator("surrogate", seed=seed).replacements(doc) if r.label]
            assert re.fullmatch(layout, got[0]) and got[0] != number, (text, seed, got)
