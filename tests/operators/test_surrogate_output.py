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
