"""A word found to name nobody after a role word is no name to any frame that reads one there."""

from __future__ import annotations

import pytest

from thunder_deid.document import Document
from thunder_deid.recognizers.legal_forms import LegalForms
from thunder_deid.recognizers.patterns import FixedForms
from thunder_deid.recognizers.repeated_names import RepeatedNames


@pytest.mark.parametrize("text", [
    "피고인 현재 주거가 일정하지 않고, 피고인 현재 직업이 없다.",  # 현 is a surname; 현재 was the business frame's word
    "공소외 주장 주식회사",                                          # the person frame's word, read as a company
    "피 고 인\n명의\n",                                             # 명 is a surname; 명의 read as a header party
])
def test_a_general_word_after_a_role_word_is_no_name_to_any_frame(text):
    doc = Document("d", text)
    assert [text[s.start:s.end] for r in (RepeatedNames(), LegalForms(), FixedForms()) for s in r.find(doc)] == []
