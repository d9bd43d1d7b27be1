"""The memorisation gap: one model scored on the same documents realised from each surrogate source part.

    python benchmarks/bench_generalisation.py [--model DIR] [--same FILE] [--heldout FILE] [--limit N]

``--same`` (default ``work/realized_samesource/thunder/test.jsonl``) is realised from the *training* part
of every surrogate source (``realize --source train``), ``--heldout`` (default
``work/realized_heldout/thunder/test.jsonl``) from the *evaluation* part (``--source eval``): the same
documents and seed, so only the surrogate values differ, and the held-out ones are values (names, given
names, business names) a model trained on the training part never saw. The model (default: the embedded
one) predicts its own spans only (no patterns, as ``--no-patterns``). Printed side by side, with the gap:

* W. Strict Typed F1 and W. Partial Binary F1 (the word-segment scorer, ``eval/score.py``);
* person names (``인명``): strict typed recall of the word-segment scorer restricted to the label;
* person names fully covered by predicted spans, partially covered (a syllable left readable: some but not
  all of the name's characters inside predicted spans) and missed, as shares of gold names.

``--pred-same`` / ``--pred-heldout`` score stored predictions (``thunder-deid predict --no-patterns``) instead
of running a model, for the precedents files or a rerun. ``--bootstrap N`` adds each F1's interval and the
gap's, from N resamples of the documents drawn alike on both sides (the same judgments realised twice:
``eval/bootstrap.py``'s paired difference), so a gap can be told apart from the luck of one realisation.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from thunder_deid.document import Document, load_jsonl
from thunder_deid.eval import Scores, document_scores, interval, paired, score_documents
from thunder_deid.eval.bootstrap import count_rows
from thunder_deid.eval.score import summed

REPO = Path(__file__).resolve().parents[1]
NAME = "인명"


def name_coverage(gold: list[Document], pred: list[Document]) -> dict[str, float]:
    """Shares of gold person names fully covered, partially covered and missed by predicted spans (any label)."""
    by_id = {d.id: d for d in pred}
    full = partial = missed = 0
    for g in gold:
        p = by_id.get(g.id)
        covered = set()
        for s in p.spans if p else ():
            covered.update(range(s.start, s.end))
        for s in g.spans:
            if s.label != NAME:
                continue
            chars = [i for i in range(s.start, s.end) if not g.text[i].isspace()]
            inside = sum(i in covered for i in chars)
            if inside == len(chars):
                full += 1
            elif inside:
                partial += 1
            else:
                missed += 1
    n = full + partial + missed
    return {"names": n, "full": full / n if n else 0.0, "partial": partial / n if n else 0.0,
            "missed": missed / n if n else 0.0}


def measure(tagger, path: Path, limit: int | None, stored: Path | None = None
            ) -> tuple[dict[str, float], float, dict[str, Scores]]:
    gold = load_jsonl(path)[:limit] if limit else load_jsonl(path)
    t = time.perf_counter()
    if stored:
        wanted = {d.id for d in gold}
        pred = [d for d in load_jsonl(stored) if d.id in wanted]
    else:
        pred = tagger.predict_documents([Document(d.id, d.text, [], {}) for d in gold])
    seconds = time.perf_counter() - t
    per_doc = document_scores(gold, pred)
    scores = summed(per_doc)
    names = score_documents(gold, pred, labels=[NAME])
    cov = name_coverage(gold, pred)
    row = {"W. Strict Typed F1": scores.counts["strict_typed"].f1,
           "W. Partial Binary F1": scores.counts["partial_binary"].f1,
           "name strict recall": names.counts["strict_typed"].recall,
           "names fully covered": cov["full"], "names partially covered": cov["partial"],
           "names missed": cov["missed"], "gold names": cov["names"], "documents": len(gold)}
    return row, seconds, per_doc


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", help="model folder (default: the embedded model)")
    ap.add_argument("--same", type=Path, default=REPO / "work/realized_samesource/thunder/test.jsonl")
    ap.add_argument("--heldout", type=Path, default=REPO / "work/realized_heldout/thunder/test.jsonl")
    ap.add_argument("--limit", type=int, help="only the first N documents of each file")
    ap.add_argument("--pred-same", type=Path, help="stored predictions on --same (no model is run)")
    ap.add_argument("--pred-heldout", type=Path, help="stored predictions on --heldout (no model is run)")
    ap.add_argument("--bootstrap", type=int, default=0, metavar="N", help="intervals from N document resamples")
    a = ap.parse_args()
    if bool(a.pred_same) != bool(a.pred_heldout):
        ap.error("--pred-same and --pred-heldout go together")
    tagger = None
    if not a.pred_same:
        import thunder_deid as td

        tagger = td.load(a.model, patterns=False)
    same, t1, same_docs = measure(tagger, a.same, a.limit, a.pred_same)
    held, t2, held_docs = measure(tagger, a.heldout, a.limit, a.pred_heldout)
    what = f"stored predictions {a.pred_same}, {a.pred_heldout}" if a.pred_same else f"model: {a.model or 'embedded'}"
    print(f"{what}; same-source {a.same} ({t1:.0f} s); held-out-source {a.heldout} ({t2:.0f} s)")
    print(f"| {'metric':26s} | same-source | held-out-source | gap |")
    print("|---|---:|---:|---:|")
    for k in same:
        if k in ("gold names", "documents"):
            print(f"| {k:26s} | {same[k]:,} | {held[k]:,} | |")
        else:
            print(f"| {k:26s} | {same[k]:.4f} | {held[k]:.4f} | {same[k] - held[k]:+.4f} |")
    if a.bootstrap:
        ids = list(held_docs)
        if sorted(ids) != sorted(same_docs):
            raise SystemExit("--bootstrap: the two files must hold the same documents (the same judgments realised twice)")
        print(f"\n95 % intervals, {a.bootstrap} resamples of the {len(ids)} documents, drawn alike on both sides:")
        print("| F1 | same-source | held-out-source | gap (same - held-out) |")
        print("|---|---:|---:|---:|")
        for v in ("strict_typed", "partial_binary"):
            s_rows, h_rows = count_rows(same_docs, v, ids), count_rows(held_docs, v, ids)
            gap = paired(s_rows, h_rows, resamples=a.bootstrap)
            print(f"| {v.replace('_', ' ')} | {interval(s_rows, resamples=a.bootstrap)} | "
                  f"{interval(h_rows, resamples=a.bootstrap)} | {gap.value:+.4f} [{gap.low:+.4f}, {gap.high:+.4f}] |")


if __name__ == "__main__":
    main()
