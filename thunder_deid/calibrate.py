"""``thunder-deid calibrate``: per-label score thresholds for a target recall, written as a policy file.

De-identification favours recall: a missed name is published, a false alarm only hides a word. For each
label of the gold development documents, calibrate picks the **highest** threshold that keeps the label's
recall at or above the target (word-segment partial typed recall, :mod:`thunder_deid.eval`), so as many
false alarms as possible go while the recall holds; a label whose recall is below the target even with
every span kept gets threshold 0 and is reported. The report gives recall and precision before and after,
overall and per label -- the precision the target costs or buys.

    >>> from thunder_deid.document import Document, Span
    >>> gold = [Document("a", "김민준 이서연 박도윤", [Span(0, 3, "인명"), Span(4, 7, "인명")])]
    >>> pred = [Document("a", gold[0].text, [Span(0, 3, "인명", score=0.9), Span(4, 7, "인명", score=0.6),
    ...                                      Span(8, 11, "인명", score=0.3)])]
    >>> thresholds(gold, pred, recall=1.0)
    {'인명': 0.6}
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Sequence

from thunder_deid.document import Document
from thunder_deid.eval import score_documents


def _filter(pred: Sequence[Document], label: str, t: float) -> list[Document]:
    return [d.with_spans(s for s in d.spans if s.label == label and (s.score is None or s.score >= t)) for d in pred]


def _recall(gold, pred, label: str, t: float, match: str) -> tuple[float, float]:
    c = getattr(score_documents(gold, _filter(pred, label, t), labels=[label]), f"{match}_typed")
    return c.recall, c.precision


def thresholds(gold: Sequence[Document], pred: Sequence[Document], recall: float = 0.95,
               match: str = "partial") -> dict[str, float]:
    """The highest threshold per label whose recall is still >= ``recall`` (0 where even 0 falls short)."""
    labels = sorted({s.label for d in gold for s in d.spans})
    out = {}
    for label in labels:
        scores = sorted({s.score for d in pred for s in d.spans if s.label == label and s.score is not None})
        lo, hi, best = 0, len(scores) - 1, 0.0
        if not scores or _recall(gold, pred, label, 0.0, match)[0] < recall:
            out[label] = 0.0
            continue
        while lo <= hi:  # recall falls as the threshold rises: binary search for the last one that holds
            mid = (lo + hi) // 2
            if _recall(gold, pred, label, scores[mid], match)[0] >= recall:
                best, lo = scores[mid], mid + 1
            else:
                hi = mid - 1
        out[label] = round(best, 4)
    return out


def policy_yaml(th: dict[str, float], recall: float, report: list[str]) -> str:
    lines = [f"# written by `thunder-deid calibrate` for a target recall of {recall:g} (partial typed, per label)"]
    lines += [f"# {r}" for r in report]
    lines.append("labels:")
    lines += [f"  {label}: {{threshold: {t:g}}}" for label, t in sorted(th.items()) if t > 0]
    if not any(t > 0 for t in th.values()):
        lines[-1] = "labels: {}"
    return "\n".join(lines) + "\n"


def cmd_calibrate(a: argparse.Namespace) -> int:
    from thunder_deid.document import load_jsonl
    from thunder_deid.errors import ThunderDeidError
    from thunder_deid.io import atomic_writer, refuse_overwrite_input
    from thunder_deid.policy import Policy

    if not 0 < a.recall <= 1:
        raise ThunderDeidError("--recall is a share between 0 and 1")
    refuse_overwrite_input([a.gold] + ([a.pred] if a.pred else []), a.out)
    gold = load_jsonl(a.gold)
    if a.pred:
        pred = load_jsonl(a.pred)
    else:
        from thunder_deid.model.infer import Tagger

        pred = Tagger.load(a.model, a.device).predict_documents([Document(d.id, d.text, [], d.meta) for d in gold])
    # checked once with the files' names, so a bad prediction file is named in the error (the sweeps below are not)
    score_documents(gold, pred, gold_name=str(a.gold), pred_names=[str(a.pred) if a.pred else "the model's predictions"])
    th = thresholds(gold, pred, a.recall, a.match)
    before = Policy(consistency=False)
    after = Policy(consistency=False, labels={k: _rule(v) for k, v in th.items() if v > 0})
    rows = []
    for name, pol in (("every span kept", before), ("calibrated", after)):
        c = getattr(score_documents(gold, [pol.prepare(d) for d in pred]), f"{a.match}_typed")
        rows.append(f"{name}: recall {c.recall:.3f}, precision {c.precision:.3f} ({a.match} typed, {len(gold)} documents)")
    short = sum(1 for k, v in th.items() if v == 0)
    rows.append(f"labels whose recall is below the target even with every span kept (threshold 0): {short}")
    with atomic_writer(a.out) as f:
        f.write(policy_yaml(th, a.recall, rows))
    print("\n".join(rows))
    print(f"{sum(t > 0 for t in th.values())} of {len(th)} labels get a threshold; policy written to {a.out}")
    return 0


def _rule(t: float):
    from thunder_deid.policy import LabelRule

    return LabelRule(threshold=t)


def register(sub) -> None:
    from thunder_deid.cli import HelpFormatter

    p = sub.add_parser("calibrate", formatter_class=HelpFormatter, help="per-label thresholds for a target recall",
                       description="Pick per-label score thresholds that keep each label's recall on gold "
                       "development documents at or above a target, write them as a policy file (use it with "
                       "`redact --policy`), and report the precision before and after.\n\nexample:\n"
                       "  thunder-deid calibrate --gold work/realized/thunder/valid.jsonl --recall 0.95 "
                       "--out policy.yaml")
    p.add_argument("--gold", type=Path, required=True, help="annotated development documents (JSONL)")
    p.add_argument("--pred", type=Path, help="the tagger's predictions on them (default: run --model)")
    p.add_argument("--model", type=Path, help="model directory (default: the embedded model)")
    p.add_argument("--device", default="cpu", help="where the model runs without --pred (cpu, cuda, cuda:N)")
    p.add_argument("--recall", type=float, default=0.95, help="target recall per label")
    p.add_argument("--match", choices=("partial", "strict"), default="partial", help="word-segment matching")
    p.add_argument("--out", type=Path, required=True, help="policy YAML to write")
    p.set_defaults(func=cmd_calibrate)
