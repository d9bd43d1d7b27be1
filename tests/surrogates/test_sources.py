"""Train/eval source parts: a stable split of every surrogate source, and realisations that never meet."""

import json
from collections import defaultdict

import pytest

from thunder_deid.cli import main
from thunder_deid.document import load_jsonl, write_jsonl
from thunder_deid.inline import parse_inline
from thunder_deid.surrogates import Inventory, Realizer
from thunder_deid.surrogates.lexicon import _packaged_all, packaged, shared_lists
from thunder_deid.surrogates.sources import SPLIT_LISTS, _is_split, part_of, source_part, split_lexicons
from thunder_deid.taxonomy import load_taxonomy

# Names, businesses, organisations and facilities: the values a model could memorise.
NAME_LIKE = ("이름", "사업체", "조직", "기관 및 시설")
SHARED_LABELS = {"은행업"}  # a closed public class, shared on purpose (sources.SHARED_SOURCES)

DOCS = [parse_inline(t, f"d{i}") for i, t in enumerate([
    "피고인 <<<B:인명>>>(남, 45세)은 피해자 <<<C:인명>>>(여, 71세)에게 <<<D:사업체>>>의 주식을 팔았다.",
    "피해자 <<<E:인명>>>은 <<<F:식당>>>식당에서 <<<G:인명>>>를 만났고, <<<H:사업체:회사>>> 주식회사의 직원이었다.",
    "피고인은 <<<I:주거시설>>>아파트 <<<1:건물동호수>>>에서 <<<J:학교>>>에 다니는 <<<K:인명>>>(남, 15세)을 만났다.",
    "<<<L:인명:중국인이름>>>과 <<<M:인명:내국인이름>>>은 <<<N:카페>>> 카페에서 <<<O:소프트웨어개발업>>>의 대표를 만났다.",
    "피고인 <<<P:인명>>>은 일명 '<<<Q:닉네임:별명>>>'으로 불리며 <<<R:종합물품판매업>>>를 운영하였다.",
])]


def test_part_is_stable():
    """The split is part of the data: values must never change part between versions."""
    assert [part_of(v) for v in ("민준", "서연", "한빛", "삼우", "역삼동", "래미안", "말순", "그린라이프")] == \
        ["eval", "eval", "train", "train", "eval", "train", "eval", "train"]
    share = sum(part_of(f"v{i}") == "eval" for i in range(20000)) / 20000
    assert 0.23 < share < 0.27


def test_lexicon_lists_are_partitioned():
    everything = _packaged_all()
    train, train_shared = split_lexicons(everything, "train")
    ev, eval_shared = split_lexicons(everything, "eval")

    def lists(node, path):
        if isinstance(node, dict):
            for k, v in node.items():
                yield from lists(v, f"{path}/{k}" if path else k)
        elif isinstance(node, list) and node and all(isinstance(x, str) for x in node):
            yield path, node

    t, e, split = dict(lists(train, "")), dict(lists(ev, "")), 0
    for path, values in lists(everything, ""):
        if not _is_split(path) or path in train_shared or path in eval_shared:
            assert t[path] == e[path] == values
            continue
        split += 1
        assert not set(t[path]) & set(e[path]) and set(t[path]) | set(e[path]) == set(values), path
    # left whole only where a part would be empty: a district's few roads, lists of templates ({city}청)
    assert split > 100
    assert all(len(t[p]) <= 5 or p.startswith("entities/lists/") for p in train_shared + eval_shared)
    assert all(any(_is_split(p) for p, _ in lists(everything, "") if p.startswith(pat.split("*")[0].rstrip("/")))
               for pat in SPLIT_LISTS)  # no pattern is stale
    assert shared_lists("all") == []


def test_packaged_follows_the_current_part():
    dong = set(packaged()["geo"]["dong"])
    with source_part("eval"):
        ev = set(packaged()["geo"]["dong"])
    with source_part("train"):
        tr = set(packaged()["geo"]["dong"])
    assert ev and tr and not ev & tr and ev | tr == dong


def _values(part, seeds, docs, inventory=None):
    tax = load_taxonomy()
    realizer = Realizer(inventory or Inventory(), source=part)
    by_label, given, out_of_part = defaultdict(set), set(), 0
    for seed in seeds:
        for doc in docs:
            out, rep = realizer.realize(doc, seed)
            out_of_part += rep.out_of_part
            for s in out.spans:
                v = out.text[s.start : s.end]
                by_label[s.label].add(v)
                if s.label == "인명" and " " not in v:
                    given.add(v[1:])
    names = {lab: vs for lab, vs in by_label.items()
             if lab not in SHARED_LABELS and any(lab == top or tax.is_descendant(lab, top) for top in NAME_LIKE)}
    return names, given, out_of_part


def test_train_and_eval_realisations_never_meet():
    tr, tr_given, _ = _values("train", range(40), DOCS)
    ev, ev_given, miss = _values("eval", range(40), DOCS)
    assert {"인명", "사업체", "식당", "주거시설", "학교", "카페"} <= set(ev)
    for label in ev:
        assert not tr.get(label, set()) & ev[label], label
    assert len(ev["인명"]) > 200 and not tr_given & ev_given and miss == 0
    # the same documents and seeds realised from everything meet both parts
    al, _, _ = _values("all", range(40), DOCS)
    assert al["인명"] & tr["인명"] and al["인명"] & ev["인명"]


def test_cli_source(tmp_path, capsys):
    src = tmp_path / "in.jsonl"
    write_jsonl(src, DOCS)
    assert main(["realize", str(src), str(tmp_path / "ev.jsonl"), "--seed", "3", "--source", "eval",
                 "--report", str(tmp_path / "rep.json")]) == 0
    assert main(["realize", str(src), str(tmp_path / "tr.jsonl"), "--seed", "3", "--source", "train"]) == 0
    ev, tr = load_jsonl(tmp_path / "ev.jsonl"), load_jsonl(tmp_path / "tr.jsonl")
    names = lambda docs: {d.span_text(s) for d in docs for s in d.spans if s.label == "인명"}
    assert names(ev) and not names(ev) & names(tr)
    assert json.loads((tmp_path / "rep.json").read_text())["out_of_part"] == 0
    assert "source eval" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["realize", str(src), str(tmp_path / "x.jsonl"), "--seed", "3", "--source", "test"])


@pytest.mark.shared
def test_judgments_with_the_old_inventory_never_meet(shared_data):
    """Real fact sections and the old-scheme inventory: the inventory's values are split too."""
    from thunder_deid.corpus.thunder import convert_thunder

    docs = convert_thunder(shared_data / "thunder_deid" / "documents")[::40]
    inv = Inventory.from_paths([shared_data / "thunder_deid" / "replacement" / "subset"])
    tr, tr_given, _ = _values("train", (1, 2), docs, inv)
    ev, ev_given, _ = _values("eval", (1, 2), docs, inv)
    assert sum(map(len, ev.values())) > 300
    for label in ev:
        assert not tr.get(label, set()) & ev[label], label
    assert not tr_given & ev_given
