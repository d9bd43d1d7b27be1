"""``thunder-deid eval``: options, output forms and error reporting."""

import json

import pytest

from thunder_deid.cli import main
from thunder_deid.document import Document, Span, write_jsonl

TEXT = "홍길동은 삼성 전자 직원이다 010-1234-5678"
GOLD = [Document("d1", TEXT, [Span(0, 3, "인명"), Span(5, 10, "공산품제조업"), Span(16, 29, "전화번호")]),
        Document("d2", "아이디 hong77", [Span(4, 10, "아이디")])]
PRED = [Document("d1", TEXT, [Span(0, 3, "인명"), Span(5, 10, "인명"), Span(16, 29, "전화번호")])]


@pytest.fixture
def files(tmp_path):
    g, p = tmp_path / "gold.jsonl", tmp_path / "pred.jsonl"
    write_jsonl(g, GOLD)
    write_jsonl(p, PRED)
    return g, p


def run(capsys, *argv):
    rc = main(["eval", *map(str, argv)])
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_help(capsys):
    with pytest.raises(SystemExit) as e:
        main(["eval", "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert "example" in out and "--label-set" in out and "general18" in out


def test_json(files, capsys):
    rc, out, _ = run(capsys, "--gold", files[0], "--pred", files[1], "--json")
    d = json.loads(out)
    assert rc == 0
    assert {k: (d[k]["tp"], d[k]["fp"], d[k]["fn"]) for k in ("strict_typed", "partial_typed", "strict_binary",
                                                              "partial_binary")} == {
        "strict_typed": (2, 1, 2), "partial_typed": (2, 1, 2), "strict_binary": (3, 0, 1), "partial_binary": (3, 0, 1)}
    assert set(d["strict_typed"]) == {"tp", "fp", "fn", "precision", "recall", "f1"}
    assert (d["missing_documents"], d["documents"], d["labels"], d["level"]) == (1, 2, None, None)


@pytest.mark.parametrize("options, st, pb", [
    # the company label leaves the gold, so 인명 on 삼성 전자 touches two non-PII segments
    (["--label-set", "general18"], (2, 2, 1), (2, 2, 1)),
    (["--labels", "인명,전화번호"], (2, 2, 0), (2, 2, 0)),
    (["--labels", "아이디"], (0, 0, 1), (0, 0, 1)),
    (["--level", "top"], (2, 1, 2), (3, 0, 1)),
])
def test_filters(files, capsys, options, st, pb):
    rc, out, _ = run(capsys, "--gold", files[0], "--pred", files[1], "--json", *options)
    d = json.loads(out)
    assert rc == 0
    assert (d["strict_typed"]["tp"], d["strict_typed"]["fp"], d["strict_typed"]["fn"]) == st
    assert (d["partial_binary"]["tp"], d["partial_binary"]["fp"], d["partial_binary"]["fn"]) == pb


def test_table_and_per_type(files, capsys):
    rc, out, _ = run(capsys, "--gold", files[0], "--pred", files[1], files[1], "--per-type")
    assert rc == 0
    lines = out.splitlines()
    assert "prediction sets 2" in lines[0] and "missing from a prediction set 2" in lines[0]
    row = next(x for x in lines if x.startswith("strict typed"))
    assert row.split() == ["strict", "typed", "4", "2", "4", "0.6667", "0.5000", "0.5714"]
    per = next(x for x in lines if x.startswith("전화번호"))
    assert per.split()[:5] == ["전화번호", "1", "1.0000", "1.0000", "1.0000"]


def test_per_type_json(files, capsys):
    _, out, _ = run(capsys, "--gold", files[0], "--pred", files[1], "--json", "--per-type")
    per = json.loads(out)["per_type"]
    assert per["인명"]["gold"] == 1 and per["인명"]["strict_typed"]["fp"] == 1
    assert per["아이디"]["strict_typed"]["fn"] == 1


@pytest.mark.parametrize("pred_doc, message", [
    (Document("d1", TEXT.replace("삼성", "엘지"), []), "pred.jsonl: document 'd1': text differs"),
    (Document("zz", "x", []), "pred.jsonl: 1 document id(s) not in"),
])
def test_errors_name_file_and_document(tmp_path, files, capsys, pred_doc, message):
    p = tmp_path / "pred.jsonl"
    write_jsonl(p, [pred_doc])
    rc, out, err = run(capsys, "--gold", files[0], "--pred", p)
    assert rc == 2 and message in err and out == ""
    assert "홍길동" not in err and "엘지" not in err


def test_level_error_and_unknown_set(tmp_path, files, capsys):
    p = tmp_path / "old.jsonl"
    write_jsonl(p, [Document("d1", TEXT, [Span(0, 3, "내국인이름")])])
    rc, _, err = run(capsys, "--gold", files[0], "--pred", p, "--level", "mid")
    assert rc == 2 and "'내국인이름'" in err and "old.jsonl" in err
    rc, _, err = run(capsys, "--gold", files[0], "--pred", files[1], "--label-set", "nope")
    assert rc == 2 and "'nope'" in err and "general18" in err
    with pytest.raises(SystemExit):
        main(["eval", "--gold", str(files[0]), "--pred", str(files[1]), "--label-set", "general18", "--labels", "인명"])
    rc, _, err = run(capsys, "--gold", tmp_path / "absent.jsonl", "--pred", files[1])
    assert rc == 2 and "absent.jsonl" in err


def test_table_names_the_restriction(files, capsys):
    rc, out, _ = run(capsys, "--gold", files[0], "--pred", files[1], "--label-set", "general18", "--level", "top")
    assert rc == 0 and out.splitlines()[0] == "restricted to 18 labels (label set general18), compared at the top level"


def test_realisations_are_summed_per_document_and_resampled_together(tmp_path, capsys):
    """Two realisations of the same two documents: the pooled table is the sum of the two evals, and the
    interval resamples documents with both their realisations (the same as bootstrapping the summed rows)."""
    import numpy as np

    from thunder_deid.eval import bootstrap

    t2 = "남궁민은 한빛 상사 직원이다 010-9876-5432"
    gold2 = [Document("d1", t2, [Span(0, 3, "인명"), Span(5, 10, "공산품제조업"), Span(16, 29, "전화번호")]),
             Document("d2", "아이디 kim99", [Span(4, 9, "아이디")])]
    pred2 = [Document("d1", t2, [Span(0, 3, "인명")]), Document("d2", "아이디 kim99", [Span(4, 9, "아이디")])]
    files = {}
    for name, docs in (("g1", GOLD), ("p1", PRED), ("g2", gold2), ("p2", pred2), ("b1", PRED[:0]), ("b2", pred2)):
        files[name] = tmp_path / f"{name}.jsonl"
        write_jsonl(files[name], docs)
    one = [json.loads(run(capsys, "--gold", files[g], "--pred", files[p], "--json")[1]) for g, p in (("g1", "p1"), ("g2", "p2"))]
    rc, out, _ = run(capsys, "--gold", files["g1"], files["g2"], "--pred", files["p1"], files["p2"], "--json",
                     "--bootstrap", "300", "--baseline", files["b1"], files["b2"])
    assert rc == 0
    both = json.loads(out)
    # documents and segment counts both summed over the realisations, as the table prints them
    assert both["realisations"] == 2 and both["distinct_documents"] == 2
    assert both["documents"] == one[0]["documents"] + one[1]["documents"] == 4
    assert both["gold_segments"] == one[0]["gold_segments"] + one[1]["gold_segments"]
    for v in ("strict_typed", "partial_binary"):
        assert [both[v][k] for k in ("tp", "fp", "fn")] == [one[0][v][k] + one[1][v][k] for k in ("tp", "fp", "fn")]
    # by hand: per document, TP/FP/FN summed over the realisations, then the usual resamples of documents
    rows = {"d1": np.zeros(3, int), "d2": np.zeros(3, int)}
    from thunder_deid.eval.score import document_scores
    for g, p in ((GOLD, PRED), (gold2, pred2)):
        for i, sc in document_scores(g, [p]).items():
            rows[i] += [sc.strict_typed.tp, sc.strict_typed.fp, sc.strict_typed.fn]
    iv = bootstrap.interval(np.array([rows["d1"], rows["d2"]]), resamples=300, seed=0)
    b = both["bootstrap"]["strict_typed"]
    assert (b["f1"], b["low"], b["high"]) == pytest.approx((iv.value, iv.low, iv.high))
    assert b["baseline"]["difference"] > 0  # the baseline predicted nothing on the first realisation
    rc, out, _ = run(capsys, "--gold", files["g1"], files["g2"], "--pred", files["p1"], files["p2"], "--per-type")
    assert rc == 0 and "2 documents, each scored on 2 realisations and summed" in out and "인명" in out


def test_realisations_must_pair_up_and_be_the_same_documents(tmp_path, capsys):
    g1, g2, other = tmp_path / "g1.jsonl", tmp_path / "g2.jsonl", tmp_path / "other.jsonl"
    write_jsonl(g1, GOLD)
    write_jsonl(g2, GOLD)
    write_jsonl(other, GOLD[:1])
    rc, _, err = run(capsys, "--gold", g1, g2, "--pred", g1)
    assert rc == 2 and "--pred: 1 file(s) for 2 --gold realisations" in err
    rc, _, err = run(capsys, "--gold", g1, g2, "--pred", g1, g2, "--baseline", g1)
    assert rc == 2 and "--baseline: 1 file(s) for 2 --gold realisations" in err
    rc, _, err = run(capsys, "--gold", g1, other, "--pred", g1, other)
    assert rc == 2 and f"{other}: not a realisation of the same documents as {g1} (document 'd2'" in err


def test_bad_span_text_fields_and_a_negative_seed_are_one_line(tmp_path, capsys):
    """A span's 'text' field that is not a string had crashed the check (IndexError); a negative --seed had
    been numpy's traceback."""
    (tmp_path / "g.jsonl").write_text(json.dumps({"id": "d1", "text": "홍길동은 산다", "spans": [
        {"start": 0, "end": 3, "label": "인명"}]}, ensure_ascii=False) + "\n", encoding="utf-8")
    (tmp_path / "p.jsonl").write_text(json.dumps({"id": "d1", "text": "홍길동은 산다", "spans": [
        {"start": 0, "end": 3, "label": "인명", "text": 5}]}, ensure_ascii=False) + "\n", encoding="utf-8")
    rc, _, err = run(capsys, "--gold", tmp_path / "g.jsonl", "--pred", tmp_path / "p.jsonl")
    assert rc == 2 and "document 'd1': span [0, 3): its 'text' field is not a string" in err
    rc, _, err = run(capsys, "--gold", tmp_path / "g.jsonl", "--pred", tmp_path / "g.jsonl", "--bootstrap", "10",
                     "--seed", "-1")
    assert rc == 2 and "--seed: expected a resampling seed of at least 0, got -1" in err
