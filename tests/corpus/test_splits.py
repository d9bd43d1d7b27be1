"""Splits: deterministic, stratified, order-independent; stored lists; materialising; CLI errors."""

import collections
import json

import pytest

from thunder_deid.cli import main
from thunder_deid.corpus.splits import SPLITS, load_lists, make_splits, materialise
from thunder_deid.document import Document, write_jsonl
from thunder_deid.errors import DocumentError

ITEMS = [(f"{ct}/doc_{i:04d}", (ct,)) for ct in ("fraud", "violence", "indecent") for i in range(100)]


def test_8_1_1_per_stratum():
    s = make_splits(ITEMS, seed=1)
    for name, n in (("train", 80), ("valid", 10), ("test", 10)):
        per = collections.Counter(i.split("/")[0] for i in s[name])
        assert per == {"fraud": n, "violence": n, "indecent": n}
    assert sorted(sum(s.values(), [])) == sorted(i for i, _ in ITEMS)


@pytest.mark.parametrize("seed", [0, 1, 42])
def test_independent_of_input_order_but_not_of_seed(seed):
    s = make_splits(ITEMS, seed=seed)
    assert make_splits(list(reversed(ITEMS)), seed=seed) == s
    assert make_splits(ITEMS, seed=seed + 1000)["test"] != s["test"]


def test_adding_documents_moves_few_existing_ones():
    # ranks are per-id hashes: a new document shifts boundaries only locally within its stratum
    s1 = make_splits(ITEMS, seed=7)
    s2 = make_splits(ITEMS + [("fraud/doc_9999", ("fraud",))], seed=7)
    moved = sum(1 for i in s1["train"] if i not in s2["train"])
    assert moved <= 1


@pytest.mark.parametrize(
    "items, ratios, error",
    [([("a", ()), ("a", ())], (8, 1, 1), DocumentError), ([("a", ())], (8, 1), ValueError), ([("a", ())], (0, 0, 0), ValueError)],
)
def test_bad_input(items, ratios, error):
    with pytest.raises(error):
        make_splits(items, ratios=ratios)


def test_multi_field_strata():
    items = [(f"d{i}", ("형사", "대법원" if i % 2 else "지방법원")) for i in range(40)]
    s = make_splits(items, seed=3)
    assert {k: len(v) for k, v in s.items()} == {"train": 32, "valid": 4, "test": 4}


def test_stored_thunder_lists_are_disjoint_and_8_1_1():
    lists = load_lists("thunder")
    sizes = {k: len(v) for k, v in lists.items()}
    assert sizes == {"train": 3240, "valid": 405, "test": 405}
    for split in SPLITS:
        per = collections.Counter(i.split("/")[0] for i in lists[split])
        assert len(set(per.values())) == 1 and len(per) == 3


def _docs(n=20):
    return [Document(f"ct{i % 2}/doc_{i}", "본문", [], {"case_type": f"ct{i % 2}"}) for i in range(n)]


def test_materialise_and_missing_ids(tmp_path):
    docs = _docs()
    lists = make_splits(((d.id, (d.meta["case_type"],)) for d in docs), seed=5)
    counts = materialise(docs, lists, tmp_path / "out")
    assert counts == {k: len(v) for k, v in lists.items()}
    with pytest.raises(DocumentError, match="not in the input: 'ct0/doc_0'"):
        materialise([d for d in docs if d.id != "ct0/doc_0"], {"train": ["ct0/doc_0"], "valid": [], "test": []}, tmp_path / "x")


def test_cli_make_then_reuse(tmp_path, capsys):
    src = tmp_path / "in.jsonl"
    write_jsonl(src, _docs(40))
    lists_dir = tmp_path / "lists"
    assert main(["corpus", "split", str(src), str(tmp_path / "a"), "--make", "--name", "t",
                 "--lists-dir", str(lists_dir), "--stratify", "case_type"]) == 0
    manifest = json.loads((lists_dir / "manifest.json").read_text())
    assert manifest["counts"] == {"train": 32, "valid": 4, "test": 4} and manifest["stratify_by"] == ["case_type"]
    assert main(["corpus", "split", str(src), str(tmp_path / "b"), "--ids", str(lists_dir)]) == 0
    for split in SPLITS:
        assert (tmp_path / "a" / f"{split}.jsonl").read_bytes() == (tmp_path / "b" / f"{split}.jsonl").read_bytes()
    remake = ["corpus", "split", str(src), str(tmp_path / "a"), "--make", "--name", "t", "--lists-dir", str(lists_dir)]
    assert main(remake) == 2                      # stored lists are not replaced by accident
    assert main(remake + ["--force", "--seed", "1"]) == 0
    write_jsonl(src, _docs(10))          # fewer documents than the lists name
    capsys.readouterr()
    assert main(["corpus", "split", str(src), str(tmp_path / "c"), "--ids", str(lists_dir)]) == 2
    assert "not in the input" in capsys.readouterr().err
    assert main(["corpus", "split", str(src), str(tmp_path / "c"), "--ids", "no-such-split"]) == 2
    assert main(["corpus", "split", str(src), str(tmp_path / "c"), "--make"]) == 2
