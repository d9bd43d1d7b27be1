"""The beam search over vocabulary pieces: PII boundaries, offsets into the original text, determinism."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thunder_deid.tokenizer.load import load_tokenizer

ALPHABET = st.sampled_from(list("홍길동은김철수에게피해자는 \n\t.,()ABCab0123😀漢字ㄱ  ") + ["\u3000", "é"])
TEXTS = st.text(ALPHABET, max_size=40)


@pytest.fixture(scope="module")
def tok(tiny_bundle):
    return load_tokenizer(tiny_bundle)


@pytest.mark.parametrize("text, name", [
    ("홍길동은 피고인에게 돈을 빌려 주었다.", "홍길동"),
    ("증인 김철수에게 물었다.", "김철수"),
    ("그 무렵 이영희를 만났다.", "이영희"),
])
def test_splits_at_the_name_boundary(tok, tiny_base, text, name):
    """The base BPE glues the name to its particle; the boundary-aware tokenizer does not."""
    start = text.index(name)
    end = start + len(name)
    offs = tok(text, return_offsets_mapping=True, add_special_tokens=False)["offset_mapping"]
    assert any(b == end for _, b in offs) and any(a == start for a, _ in offs)
    base = load_tokenizer(f"bpe:{tiny_base}")
    base_offs = base(text, return_offsets_mapping=True, add_special_tokens=False)["offset_mapping"]
    assert not any(b == end for _, b in base_offs)  # what the test is about: the base gets it wrong


@pytest.mark.parametrize("text, same", [
    ("The court held that the appeal is dismissed.", True),
    ("2020. 6. 6. 12:50", True),
    ("피고인은 2020. 6. 6. 12:50경 청주시 흥덕구에 있는 식당 앞 도로에서 시비를 하였다.", False),
])
def test_general_text_close_to_base(tok, tiny_base, text, same):
    """Without PII context the base tokenisation mostly survives (the tiny model splits some particles)."""
    base = load_tokenizer(f"bpe:{tiny_base}")
    ids, base_ids = tok(text)["input_ids"], base(text)["input_ids"]
    assert ids == base_ids if same else len(ids) <= 1.25 * len(base_ids)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXTS)
def test_offsets_index_original_text(tok, text):
    seg = tok.segmenter
    pieces = seg.segment(text)
    assert "".join(text[a:b] for a, b, _ in pieces) == text           # pieces tile the text
    assert all(b0 == a1 for (_, b0, _), (a1, _, _) in zip(pieces, pieces[1:]))
    enc = tok(text, return_offsets_mapping=True, add_special_tokens=False)
    covered = set()
    for a, b in enc["offset_mapping"]:
        assert 0 <= a <= b <= len(text)
        covered.update(range(a, b))
    assert covered >= {i for i, c in enumerate(text) if not c.isspace()}
    assert tok.decode(enc["input_ids"]) == text                         # byte-level: lossless
    assert enc["input_ids"] == [t for _, _, ids in pieces for t in ids]


def test_deterministic_and_cache_independent(tok):
    text = "피해자 홍길동은 2020. 6. 6. 증인 김철수에게 돈을 빌려 주었다.\n그 무렵 이영희를 만났다."
    first = tok(text)["input_ids"]
    tok.segmenter._cache.clear()
    assert tok(text)["input_ids"] == first
    assert tok([text, text])["input_ids"] == [first, first]
