"""Bootstrap intervals of word-segment F1 (``eval/bootstrap.py``) and ``thunder-deid eval --bootstrap/--baseline``."""

import json
import random
import re

import numpy as np
import pytest

from thunder_deid.cli import main
from thunder_deid.document import Document, Span, write_jsonl
from thunder_deid.eval import VARIANTS, document_scores, interval, paired, score_documents
from thunder_deid.eval.bootstrap import count_rows, share_interval
from thunder_deid.eval.score import summed


def random_docs(rng: random.Random, n: int) -> tuple[list[Document], list[Document], list[Document]]:
    """Gold and two prediction sets over ``n`` small documents of names and filler words."""
    gold, a, b = [], [], []
    for i in range(n):
        words, spans, pos = [], [], 0
        for _ in range(rng.randint(3, 9)):
            w = rng.choice(["홍길동", "김철수", "서울", "법원", "피고인은", "그리고"])
            if w in ("홍길동", "김철수", "서울"):
                spans.append(Span(pos, pos + len(w), "인명" if w != "서울" else "주소"))
            words.append(w)
            pos += len(w) + 1
        text = " ".join(words)
        gold.append(Document(f"d{i}", text, spans))
        a.append(Document(f"d{i}", text, [s for s in spans if rng.random() < 0.8]))
        # the second system is the first one missing a few more: the two are correlated, as two versions of
        # one model are
        b.append(Document(f"d{i}", text, [s for s in a[-1].spans if rng.random() < 0.85]))
    return gold, a, b


def test_document_scores_add_up_to_score_documents():
    gold, a, b = random_docs(random.Random(3), 40)
    per_doc = document_scores(gold, [a, b])  # two prediction sets (seeds): a document's rows sum both
    total = score_documents(gold, [a, b])
    assert list(per_doc) == [d.id for d in gold]
    for v in VARIANTS:
        assert tuple(count_rows(per_doc, v).sum(axis=0)) == (total.counts[v].tp, total.counts[v].fp, total.counts[v].fn)
    assert interval(count_rows(per_doc), resamples=10).value == pytest.approx(total.strict_typed.f1)
    per_type = document_scores(gold, [a, b], per_type=True)
    assert summed(per_type).to_dict() == score_documents(gold, [a, b], per_type=True).to_dict()


def test_intervals_cover_the_population_f1_about_as_often_as_they_say():
    # documents drawn from a fixed population; the share of 90 % intervals holding the population's F1 is
    # near 0.9 (percentile intervals run a little narrow on 60 documents)
    rng = np.random.default_rng(7)
    population = np.column_stack([rng.poisson(8, 20000), rng.poisson(2, 20000), rng.poisson(2, 20000)])
    s = population.sum(axis=0)
    truth = 2 * s[0] / (2 * s[0] + s[1] + s[2])
    held = []
    for k in range(150):
        sample = population[rng.integers(0, len(population), 60)]
        iv = interval(sample, resamples=300, seed=k, confidence=0.9)
        held.append(iv.low <= truth <= iv.high)
    assert 0.8 <= np.mean(held) <= 0.97


def test_a_document_is_the_unit_so_clustered_errors_widen_the_interval():
    # the same 40 misses, once spread over 40 documents, once all in 4: resampling documents sees the clusters
    spread = np.array([[10, 0, 1]] * 40)
    clustered = np.array([[10, 0, 10]] * 4 + [[10, 0, 0]] * 36)
    a, b = interval(spread, resamples=500), interval(clustered, resamples=500)
    assert a.value == pytest.approx(b.value)
    assert (b.high - b.low) > 5 * (a.high - a.low)


def test_paired_difference_is_tighter_than_the_two_intervals_and_signed():
    gold, a, b = random_docs(random.Random(11), 80)
    ra, rb = count_rows(document_scores(gold, a)), count_rows(document_scores(gold, b))
    d = paired(ra, rb, resamples=500)
    ia, ib = interval(ra, resamples=500), interval(rb, resamples=500)
    assert d.value == pytest.approx(ia.value - ib.value)
    assert d.low <= d.value <= d.high and d.value > 0 and d.ahead > 0.9
    # both systems find the same easy documents, so their difference moves less than either F1 alone, and far
    # less than the difference of two intervals drawn apart would
    assert d.high - d.low < (ia.high - ia.low)
    assert d.high - d.low < 0.6 * np.hypot(ia.high - ia.low, ib.high - ib.low)
    back = paired(rb, ra, resamples=500)
    assert back.value == pytest.approx(-d.value) and back.ahead < 0.1


def test_same_seed_same_interval_and_chunks_do_not_matter():
    c = np.array([[8, 2, 0], [5, 0, 5], [9, 1, 1], [4, 0, 0], [0, 3, 2]])
    assert interval(c, resamples=200, seed=5) == interval(c, resamples=200, seed=5)
    assert interval(c, resamples=200, seed=5) != interval(c, resamples=200, seed=6)


@pytest.mark.parametrize("call, message", [
    (lambda: interval(np.zeros((0, 3))), "one (TP, FP, FN) row per document"),
    (lambda: interval(np.array([[1, -1, 0]])), "must not be negative"),
    (lambda: interval(np.array([[1, 1, 0]]), resamples=0), "at least 1"),
    (lambda: interval(np.array([[1, 1, 0]]), confidence=1.5), "between 0 and 1"),
    (lambda: paired(np.array([[1, 1, 0]]), np.array([[1, 1, 0]] * 2)), "same documents"),
])
def test_bad_arguments_say_what_is_wrong(call, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        call()


@pytest.fixture
def files(tmp_path):
    gold, a, b = random_docs(random.Random(5), 30)
    paths = [tmp_path / "gold.jsonl", tmp_path / "a.jsonl", tmp_path / "b.jsonl"]
    for p, docs in zip(paths, (gold, a, b)):
        write_jsonl(p, docs)
    return paths


def test_cli_bootstrap_table_and_json(files, capsys):
    g, a, b = map(str, files)
    assert main(["eval", "--gold", g, "--pred", a, "--bootstrap", "200", "--confidence", "0.9"]) == 0
    out = capsys.readouterr().out
    assert "90% intervals from 200 resamples of the 30 documents (seed 0):" in out
    assert out.count(" F1 0.") == 4 and "baseline" not in out
    assert main(["eval", "--gold", g, "--pred", a, "--baseline", b, "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    boot = d["bootstrap"]
    assert boot["resamples"] == 1000 and boot["documents"] == 30  # --baseline alone takes 1000 resamples
    st = boot["strict_typed"]
    assert st["f1"] == pytest.approx(d["strict_typed"]["f1"])
    assert st["low"] <= st["f1"] <= st["high"]
    assert st["baseline"]["difference"] == pytest.approx(st["f1"] - st["baseline"]["f1"])
    assert st["baseline"]["low"] <= st["baseline"]["difference"] <= st["baseline"]["high"]


def test_cli_bad_options_and_baseline_files_are_named(files, tmp_path, capsys):
    g, a, b = map(str, files)
    assert main(["eval", "--gold", g, "--pred", a, "--bootstrap", "100", "--confidence", "95"]) != 0
    assert "--confidence" in capsys.readouterr().err
    other = tmp_path / "other.jsonl"
    write_jsonl(other, [Document("zz", "홍길동", [])])
    assert main(["eval", "--gold", g, "--pred", a, "--baseline", str(other)]) != 0
    err = capsys.readouterr().err
    assert "other.jsonl" in err and "'zz'" in err
    assert main(["eval", "--gold", g, "--pred", a, "--baseline", str(tmp_path / "missing.jsonl")]) != 0
    assert "--baseline" in capsys.readouterr().err
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    assert main(["eval", "--gold", str(empty), "--pred", str(empty), "--bootstrap", "10"]) != 0
    err = capsys.readouterr().err
    assert "empty.jsonl holds no documents to resample" in err and "Traceback" not in err


def test_share_interval_sums_documents_before_dividing():
    rows = np.array([[9, 10], [10, 10], [18, 20], [0, 0]])  # a document without placeholders adds nothing
    iv = share_interval(rows, resamples=300)
    assert iv.value == pytest.approx(37 / 40) and iv.low <= iv.value <= iv.high <= 1.0
    assert share_interval(np.array([[5, 5]] * 8), resamples=50) == share_interval(np.array([[5, 5]] * 8), resamples=50)
    assert share_interval(np.array([[5, 5]] * 8), resamples=50).low == 1.0
    with pytest.raises(ValueError, match="must not exceed"):
        share_interval(np.array([[3, 2]]))
    with pytest.raises(ValueError, match=re.escape("one (hits, total) row")):
        share_interval(np.array([[1, 2, 3]]))


def test_cli_per_type_intervals_match_the_per_type_scores(files, capsys):
    g, a, _ = map(str, files)
    assert main(["eval", "--gold", g, "--pred", a, "--per-type", "--bootstrap", "200", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    per = d["bootstrap"]["per_type"]
    assert set(per) == set(d["per_type"]) == {"인명", "주소"}
    for label, r in per.items():
        assert r["f1"] == pytest.approx(d["per_type"][label]["strict_typed"]["f1"])
        assert r["low"] <= r["f1"] <= r["high"]
    assert main(["eval", "--gold", g, "--pred", a, "--per-type", "--bootstrap", "200"]) == 0
    assert "strict typed F1 per label:" in capsys.readouterr().out


def test_paired_shares_are_resampled_together():
    rng = np.random.default_rng(2)
    totals = rng.integers(20, 80, 60)
    base = np.column_stack([(totals * rng.uniform(0.6, 0.95, 60)).astype(int), totals])  # documents differ
    better = base + np.column_stack([rng.integers(0, 2, 60), np.zeros(60, int)])  # a few more hits, same totals
    d = paired(better, base, resamples=400, share=True)
    assert d.value == pytest.approx(better[:, 0].sum() / totals.sum() - base[:, 0].sum() / totals.sum())
    assert 0 <= d.low <= d.value <= d.high and d.ahead > 0.95
    # far tighter than the share's own interval: the documents' sizes and difficulty cancel out
    assert d.high - d.low < 0.5 * (share_interval(base, resamples=400).high - share_interval(base, resamples=400).low)
    with pytest.raises(ValueError, match=re.escape("(hits, total)")):
        paired(np.array([[1, 2, 3]]), np.array([[1, 2, 3]]), share=True)
