"""What the fixed-form identifier patterns (``thunder_deid/model/patterns.py``) change in scored predictions,
and how a model treats the two kinds of names a judgment's header and footer hold.

    thunder-deid predict --no-patterns work/realized/thunder/valid.jsonl runs/valid.pred.jsonl
    python benchmarks/bench_patterns.py work/realized/thunder/valid.jsonl runs/valid.pred.jsonl

Scores the model's own spans (a ``--no-patterns`` prediction file) and the same spans with the patterns
merged over them, and counts the pattern spans per label: a pattern that disagreed with the annotation
would show up as lost TPs or new FPs. Then, for both:

- **header party-name recall**: gold ``인명`` spans on the header's party lines (``피 고 인 X`` or the line under
  a party title, before ``주 문``), found exactly by a predicted ``인명`` span (strict) or with every character
  inside predicted spans (covered).
  On law.go.kr precedents the court deleted those names, so score a realisation of
  ``corpus prepare-precedents`` output, where they are surrogate names;
- **officials masked**: the names of officials acting in office (Korean names on the lines
  ``patterns.official_zones`` finds -- the footer's judges, the header's prosecutors and counsel -- that no
  gold span covers) overlapped by any predicted span, as a share of all of them (A.2: should be 0).
"""

from __future__ import annotations

import argparse
import collections
import re

import numpy as np

from thunder_deid.corpus.precedents import on_party_line
from thunder_deid.document import Document, load_jsonl
from thunder_deid.eval import score_documents
from thunder_deid.eval.bootstrap import share_interval
from thunder_deid.recognizers import apply_patterns, find_patterns
from thunder_deid.recognizers.officials import is_official, official_zones

_WORD = re.compile(r"(?<![가-힣])[가-힣]{2,4}(?![가-힣])")
# words on officials' lines that are titles or firms, not names
_TITLES = re.compile(r"^(?:대법관|대법원장|재판장|주심|판사|부장판사|재판관|사법보좌관|검사|변호사|변호인|담당변호사|"
                     r"소송대리인|법무법인|합동법률|법률사무소|외|기소|공판|국선|사선|피고인|원고|피고|위한)")


def header_names(gold: Document) -> list[tuple[int, int]]:
    """Gold names on the header's party lines (``corpus.precedents.on_party_line``), officials' lines excepted."""
    zones = official_zones(gold.text)
    return [(s.start, s.end) for s in gold.spans
            if s.label == "인명" and on_party_line(gold.text, s.start) and not is_official(gold.text, s, zones)]


def official_names(gold: Document) -> list[tuple[int, int]]:
    """Surname-led Korean words on officials' lines outside every gold span."""
    from thunder_deid.surrogates.lexicon import packaged

    surnames = packaged()["names"]["surnames"]
    out = []
    for a, b in official_zones(gold.text):
        for m in _WORD.finditer(gold.text, a, b):
            w = m.group(0)
            if _TITLES.match(w) or not (w[0] in surnames or w[:2] in surnames):
                continue
            if not any(s.start < m.end() and m.start() < s.end for s in gold.spans):
                out.append(m.span())
    return out


def name_counts(gold: list[Document], pred: list[Document]) -> dict[str, int]:
    c: collections.Counter = collections.Counter()
    for g, p in zip(gold, pred):
        names = [(s.start, s.end) for s in p.spans if s.label == "인명"]
        covered = set()
        for s in p.spans:
            covered.update(range(s.start, s.end))
        for a, b in header_names(g):
            c["header"] += 1
            c["header_strict"] += (a, b) in names
            c["header_covered"] += all(i in covered for i in range(a, b))
        for a, b in official_names(g):
            c["officials"] += 1
            c["officials_masked"] += any(s.start < b and a < s.end for s in p.spans)
    return c


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("gold")
    ap.add_argument("pred", help="predictions made with --no-patterns")
    ap.add_argument("--bootstrap", type=int, default=0, metavar="N",
                    help="also the model's header-name strict recall with its 95%% interval from N document resamples")
    ap.add_argument("--misses", action="store_true", help="also list the header names the model alone misses: "
                    "document, the line, the gold name and the model's spans on that line")
    a = ap.parse_args()
    gold, pred = load_jsonl(a.gold), load_jsonl(a.pred)
    if [d.id for d in gold] != [d.id for d in pred]:
        raise SystemExit(f"{a.pred}: not the documents of {a.gold} in the same order")
    found = collections.Counter(s.label for d in pred for s in find_patterns(d.text))
    print(f"{len(pred)} documents; pattern spans: " + (", ".join(f"{k} {v}" for k, v in found.most_common()) or "none"))
    print(f"{'':10s} {'variant':15s} {'TP':>6s} {'FP':>6s} {'FN':>6s} {'F1':>7s}")
    variants = (("model", pred), ("+patterns", [apply_patterns(d) for d in pred]))
    for name, docs in variants:
        for variant, c in score_documents(gold, docs).counts.items():
            print(f"{name:10s} {variant:15s} {c.tp:6d} {c.fp:6d} {c.fn:6d} {c.f1:7.4f}")
    print(f"\n{'':10s} {'header names':>12s} {'strict recall':>14s} {'covered':>8s} {'officials':>10s} {'masked':>7s} {'share':>7s}")
    for name, docs in variants:
        c = name_counts(gold, docs)
        h, o = max(c["header"], 1), max(c["officials"], 1)
        print(f"{name:10s} {c['header']:12d} {c['header_strict'] / h:14.4f} {c['header_covered'] / h:8.4f} "
              f"{c['officials']:10d} {c['officials_masked']:7d} {c['officials_masked'] / o:7.4f}")
    if a.bootstrap:
        rows = [(c["header_strict"], c["header"]) for c in (name_counts([g], [p]) for g, p in zip(gold, pred))]
        iv = share_interval(np.array(rows), resamples=a.bootstrap)
        print(f"\nmodel header names, strict recall, 95% interval from {a.bootstrap} document resamples: "
              f"{iv.value:.4f} [{iv.low:.4f}, {iv.high:.4f}]")
    if a.misses:
        for g, p in zip(gold, pred):
            names = {(s.start, s.end) for s in p.spans if s.label == "인명"}
            for x, y in header_names(g):
                if (x, y) not in names:
                    start, end = g.text.rfind("\n", 0, x) + 1, g.text.find("\n", y)
                    end = len(g.text) if end < 0 else end  # the name's line, the last one included
                    ours = [g.text[s.start:s.end] for s in p.spans if s.start < end and start < s.end]
                    print(f"  missed {g.id}: {g.text[start:end][:70]!r} gold {g.text[x:y]!r} model {ours}")


if __name__ == "__main__":
    main()
