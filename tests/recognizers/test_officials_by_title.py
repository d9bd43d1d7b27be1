"""Counsel named in the header and again, by title, in the reasons is left as written in both places."""

from __future__ import annotations

from thunder_deid.document import Document, Span
from thunder_deid.policy import Policy
from thunder_deid.recognizers import apply_patterns

HEADER = "피 고 인\n김철수\n\n변 호 인\n변호사 윤경현\n\n이 유\n"


def _redact(body: str, names: list[str]) -> str:
    text = HEADER + body
    body_at = len(HEADER)
    spans = [Span(text.index(n, body_at), text.index(n, body_at) + len(n), "인명") for n in names]
    spans.append(Span(text.index("김철수"), text.index("김철수") + 3, "인명"))
    out, _ = Policy().redact(apply_patterns(Document("d", text, spans)), "court", seed=1)
    return out


def test_counsel_named_by_title_in_the_reasons_stays_as_in_the_header():
    out = _redact("1. 변호인 윤경현의 상고이유 제1점에 대하여 피고인 김철수는", ["윤경현", "김철수"])
    assert out.count("윤경현") == 2 and "김철수" not in out
    assert out.endswith("1. 변호인 윤경현의 상고이유 제1점에 대하여 피고인 A는")


def test_a_name_also_written_without_a_title_is_masked_everywhere_it_is_tagged():
    # the counsel's name as a party's too: the tagger's spans stay, consistency masks the rest of the body
    out = _redact("2. 피고인 김철수는 변호인 윤경현의 주장과 달리 윤경현에게 돈을 주었다.", ["김철수", "윤경현"])
    body = out.split("이 유\n")[1]
    assert "윤경현" not in body
