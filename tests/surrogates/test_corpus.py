"""The judgment corpus, realised: particles agree, no placeholder survives, spans anchor (shared data)."""

import re

import pytest

from thunder_deid.surrogates import Inventory, Realizer
from thunder_deid.surrogates.preprocess import QUOTES, is_placeholder

pytestmark = pytest.mark.shared


@pytest.fixture(scope="module")
def corpus(shared_data):
    from thunder_deid.corpus.thunder import convert_thunder

    return convert_thunder(shared_data / "thunder_deid" / "documents")


@pytest.fixture(scope="module")
def realizer(shared_data):
    return Realizer(Inventory.from_paths([shared_data / "thunder_deid" / "replacement" / "subset"]))


def _check_corpus(docs, realizer, seed, check_realized):
    particles = 0
    for doc in docs:
        out, rep = realizer.realize(doc, seed)
        particles += check_realized(out)
        assert rep.realized == len(out.spans)
        kept = [s for s in doc.spans]
        assert sum(rep.skipped.values()) + rep.realized == len(kept)
        if not rep.skipped:
            for src, new in zip(doc.spans, out.spans):
                mention = doc.text[src.start : src.end].strip(QUOTES + " ")
                realised = out.text[new.start : new.end]
                if is_placeholder(mention):
                    assert not re.search(rf"(?<![A-Za-z0-9]){re.escape(mention)}(?![A-Za-z0-9])", realised), doc.id
                assert "생략" not in realised, doc.id
        groups = {}
        for src, new in zip(doc.spans, out.spans):
            groups.setdefault((re.sub(r"\s*생략$", "", doc.text[src.start : src.end].strip(QUOTES + " ")), new.label), set()).add(out.text[new.start : new.end])
        for forms in groups.values():  # one surrogate per group: every form is the full value or its stem
            longest = max(forms, key=len)
            assert all(longest.startswith(f) for f in forms), forms
    return particles


def test_corpus_sample(corpus, realizer, check_realized):
    assert _check_corpus(corpus[::10], realizer, 1199, check_realized) > 300


@pytest.mark.slow
def test_corpus_full(corpus, realizer, check_realized):
    assert _check_corpus(corpus, realizer, 12001, check_realized) > 4000
