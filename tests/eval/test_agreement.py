"""The scorer agrees exactly with a deliberately naive reimplementation of the rules.

``naive_counts`` below shares no code with ``thunder_deid.eval``: it builds the segments character by
character with Python sets and applies the rules as the issue states them. It is compared on random
texts (hypothesis) and, through ``thunder-deid eval --json``, on real annotated judgments with seeded
perturbed predictions.
"""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thunder_deid.cli import main
from thunder_deid.document import Document, Span, load_jsonl, write_jsonl
from thunder_deid.eval import VARIANTS, count_document

VARIANT_NAMES = ("strict_typed", "partial_typed", "strict_binary", "partial_binary")


def naive_counts(text, gold, pred):
    """{variant: [tp, fp, fn]} by the rules, one character at a time."""
    segments = []  # (set of non-space positions, gold label or None)
    in_gold = set()
    for s, e, label in gold:
        in_gold.update(range(s, e))
        chars = {i for i in range(s, e) if not text[i].isspace()}
        if chars:
            segments.append((chars, label))
    run = set()
    for i, ch in enumerate(text + " "):
        if ch.isspace() or i in in_gold or i == len(text):
            if run:
                segments.append((run, None))
            run = set()
        else:
            run.add(i)
    labels_at = {}
    for s, e, label in pred:
        for i in range(s, e):
            labels_at.setdefault(i, set()).add(label)

    out = {v: [0, 0, 0] for v in VARIANT_NAMES}
    for chars, label in segments:
        covered = [i for i in chars if i in labels_at]
        if label is None:
            if covered:
                for v in VARIANT_NAMES:
                    out[v][1] += 1
            continue
        own = [i for i in chars if label in labels_at.get(i, ())]
        other = any(labels_at.get(i, set()) - {label} for i in chars)
        ok = {"strict_typed": len(own) == len(chars), "partial_typed": len(own) > 0,
              "strict_binary": len(covered) == len(chars), "partial_binary": len(covered) > 0}
        for v in VARIANT_NAMES:
            if ok[v]:
                out[v][0] += 1
            else:
                out[v][2] += 1
                if v.endswith("typed") and other:
                    out[v][1] += 1
    return out


def scorer_counts(text, gold, pred):
    s = count_document(text, gold, pred)
    return {v: [s.counts[v].tp, s.counts[v].fp, s.counts[v].fn] for v in VARIANTS}


def test_variant_names_match():
    assert tuple(VARIANTS) == VARIANT_NAMES


# -- random small documents --------------------------------------------------------------------------

LABELS = ["A", "B", "C"]


@st.composite
def documents(draw):
    text = draw(st.text(alphabet="가나다ab 1\n\u3000", max_size=30))
    n = len(text)
    cuts = sorted(set(draw(st.lists(st.integers(0, n), max_size=8))))
    gold = []
    for s, e in zip(cuts[::2], cuts[1::2]):
        if s < e:
            gold.append((s, e, draw(st.sampled_from(LABELS))))
    pred = []
    if n:
        for _ in range(draw(st.integers(0, 6))):
            s = draw(st.integers(0, n - 1))
            e = draw(st.integers(s + 1, n))
            pred.append((s, e, draw(st.sampled_from(LABELS))))
    return text, gold, pred


@settings(max_examples=400, deadline=None)
@given(documents())
def test_agrees_with_naive_on_random_documents(doc):
    text, gold, pred = doc
    assert scorer_counts(text, gold, pred) == naive_counts(text, gold, pred)


# -- real judgments through the CLI --------------------------------------------------------------------

def perturb(doc: Document, rng: random.Random, labels: list[str]) -> Document:
    """Shifted boundaries, wrong labels, missing and spurious spans, spans across whitespace, overlaps."""
    n = len(doc.text)
    out = []
    for s in doc.spans:
        r = rng.random()
        if r < 0.15:
            continue  # missing
        start, end, label = s.start, s.end, s.label
        if r < 0.45:
            start = min(max(0, start + rng.randint(-2, 2)), n - 1)
            end = max(min(n, end + rng.randint(-2, 2)), start + 1)
        if rng.random() < 0.15:
            label = rng.choice(labels)
        out.append(Span(start, end, label))
        if rng.random() < 0.05:  # an overlapping second opinion with another label
            out.append(Span(start, min(n, start + 2), rng.choice(labels)))
    for _ in range(rng.randint(0, 3)):  # spurious, often across whitespace
        start = rng.randrange(n)
        out.append(Span(start, min(n, start + rng.randint(1, 12)), rng.choice(labels)))
    return doc.with_spans(out)


@pytest.fixture(scope="module")
def judgments(shared_data):
    docs = load_jsonl(shared_data / "thunder_deid" / "annotated.jsonl")
    rng = random.Random(13)
    return [docs[i] for i in sorted(rng.sample(range(len(docs)), 300))]


def naive_total(gold_docs, pred_sets, keep=None):
    total = {v: [0, 0, 0] for v in VARIANT_NAMES}
    for pred_docs in pred_sets:
        by_id = {d.id: d for d in pred_docs}
        for g in gold_docs:
            spans = lambda d: [(s.start, s.end, s.label) for s in d.spans if keep is None or s.label in keep]
            p = by_id.get(g.id)
            got = naive_counts(g.text, spans(g), spans(p) if p else [])
            for v in VARIANT_NAMES:
                total[v] = [a + b for a, b in zip(total[v], got[v])]
    return total


@pytest.mark.parametrize("n_sets, drop_docs, keep", [
    (1, 0, None),
    (2, 10, None),
    (1, 0, ("내국인이름", "계좌번호", "구아래주소")),
])
def test_cli_agrees_with_naive_on_real_judgments(judgments, tmp_path, capsys, n_sets, drop_docs, keep):
    labels = sorted({s.label for d in judgments for s in d.spans})
    gold_path = tmp_path / "gold.jsonl"
    write_jsonl(gold_path, judgments)
    pred_sets, paths = [], []
    for seed in range(n_sets):
        rng = random.Random(seed)
        docs = [perturb(d, rng, labels) for d in judgments]
        docs = docs[drop_docs:]  # the first few documents are missing from every prediction file
        pred_sets.append(docs)
        paths.append(tmp_path / f"pred{seed}.jsonl")
        write_jsonl(paths[-1], docs)
    argv = ["eval", "--gold", str(gold_path), "--pred", *map(str, paths), "--json"]
    if keep:
        argv += ["--labels", ",".join(keep)]
    assert main(argv) == 0
    got = json.loads(capsys.readouterr().out)
    expected = naive_total(judgments, pred_sets, keep)
    assert {v: [got[v]["tp"], got[v]["fp"], got[v]["fn"]] for v in VARIANT_NAMES} == expected
    assert got["missing_documents"] == drop_docs * n_sets
    assert got["prediction_sets"] == n_sets
    # the perturbations must actually exercise every kind of count
    assert all(got[v]["fp"] > 0 and got[v]["fn"] > 0 for v in VARIANT_NAMES)
    assert got["strict_typed"]["tp"] < got["partial_binary"]["tp"]
