"""``thunder-deid eval``: word-segment scores of prediction files against a gold file.

    thunder-deid eval --gold test.jsonl --pred seed1.jsonl seed2.jsonl --label-set general18 --per-type

Prints a small aligned table, or with ``--json`` one object with keys ``strict_typed``,
``partial_typed``, ``strict_binary``, ``partial_binary`` (each ``{tp, fp, fn, precision, recall,
f1}``), ``documents``, ``prediction_sets``, ``missing_documents``, ``gold_segments``,
``non_pii_segments``, ``labels``, ``level`` and, with ``--per-type``, ``per_type``; with several ``--gold``
realisations also ``realisations`` and ``distinct_documents`` (``documents`` and the segment counts are summed over
the realisations, as the table shows them).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from thunder_deid.document import read_jsonl
from thunder_deid.errors import ThunderDeidError
from thunder_deid.eval.score import document_scores, score_documents, summed
from thunder_deid.eval.scores import VARIANTS
from thunder_deid.taxonomy.label_sets import get_label_set

DESCRIPTION = """\
Score predicted spans against gold spans on tokenizer-independent word segments (paper §3.4,
appendix D). Each gold span is one segment (even with spaces inside); the rest of the text splits
at whitespace into non-PII segments. Four variants: strict/partial coverage of a gold segment's
non-space characters x typed/binary label matching. A prediction touching a non-PII segment is one
FP; under typed scoring a wrong label on a missed gold segment is an FN plus an FP.

Overlapping predictions are scored by coverage (a character covered by several predictions counts with
each of their labels; a TP segment never adds an FP); their number is reported.

Several --pred files (seeds) are summed before P/R/F1 (micro). A gold document missing from a
prediction file counts as predicting nothing and is reported; a prediction document not in the gold,
or with a different text, is an error. F1 = 2TP/(2TP+FP+FN); 0/0 is reported as 0.

Per-type (--per-type): TP and FN go to the gold label; a wrong-label FP to the wrong label, and a
non-PII FP to the predicted label, covering most of the segment's non-space characters.

Realisations (several --gold files): a test set realised with surrogates is one draw of names; the same
documents realised with other seeds are others. Give each realisation with its own --pred (and --baseline)
file, in the same order: each document's counts are summed over its realisations, so the table and the
intervals pool the draws, and a resample takes a document with all its realisations.

Intervals (--bootstrap N): documents are resampled with replacement N times and each variant's F1 gets its
percentile interval (--confidence, default 0.95), and with --per-type each label's strict typed F1. With --baseline, a second system's predictions on the same
gold are scored too, and each variant's F1 difference (--pred minus --baseline) gets its interval from the
same resamples, with the share of resamples in which --pred is ahead (eval/bootstrap.py).

examples:
  thunder-deid eval --gold test.jsonl --pred pred.jsonl
  thunder-deid eval --gold test.jsonl --pred seed1.jsonl seed2.jsonl seed3.jsonl --json
  thunder-deid eval --gold general_test.jsonl --pred pred.jsonl --label-set general18 --per-type
  thunder-deid eval --gold test.jsonl --pred pred.jsonl --level top
  thunder-deid eval --gold test.jsonl --pred new.jsonl --baseline old.jsonl --bootstrap 1000
  thunder-deid eval --gold test.s1.jsonl test.s2.jsonl --pred new.s1.jsonl new.s2.jsonl \
      --baseline old.s1.jsonl old.s2.jsonl"""


def _labels(args: argparse.Namespace) -> frozenset[str] | None:
    if args.label_set:
        return get_label_set(args.label_set)
    if args.labels is not None:
        labels = frozenset(x.strip() for x in args.labels.split(",") if x.strip())
        if not labels:
            raise ThunderDeidError("--labels: expected a comma-separated list of labels")
        return labels
    return None


def cmd_eval(args: argparse.Namespace) -> int:
    labels = _labels(args)
    from thunder_deid.io import check_input_file

    for p in args.gold:
        check_input_file(p, "--gold")
    for p in args.pred:
        check_input_file(p, "--pred")
    for p in args.baseline or ():
        check_input_file(p, "--baseline")
    resamples = args.bootstrap or (1000 if args.baseline else 0)
    if resamples < 0:
        raise ThunderDeidError(f"--bootstrap: expected a number of resamples of at least 1, got {args.bootstrap}")
    if args.seed < 0:
        raise ThunderDeidError(f"--seed: expected a resampling seed of at least 0, got {args.seed}")
    if not 0 < args.confidence < 1:
        raise ThunderDeidError(f"--confidence: expected a share between 0 and 1, got {args.confidence}")
    if len(args.gold) > 1:
        scores, intervals, overlapping, extra = _score_realisations(args, labels, resamples)
    else:
        scores, intervals, overlapping, extra = _score_one(args, labels, resamples)
    if args.json:
        out = scores.to_dict()
        # with several realisations the segment counts are summed over them: "documents" says as much too,
        # "distinct_documents" how many documents they realise
        if extra:
            extra = {"realisations": extra["realisations"], "distinct_documents": extra["documents"]}
        out.update(labels=None if labels is None else sorted(labels), level=args.level,
                   overlapping_predictions=overlapping, **extra)
        if intervals:
            out["bootstrap"] = intervals
        print(json.dumps(out, ensure_ascii=False))
    else:
        if labels is not None or args.level:
            what = f"label set {args.label_set}" if args.label_set else "--labels"
            kept = f"restricted to {len(labels)} labels ({what})" if labels is not None else "all labels"
            print(kept + (f", compared at the {args.level} level" if args.level else ""))
        if extra:
            print(f"{extra['documents']} documents, each scored on {extra['realisations']} realisations and summed")
        print(scores.format_table())
        if intervals:
            print("\n" + _format_intervals(intervals))
        for name, n in overlapping.items():
            print(f"{name}: {n} predicted spans overlap an earlier one (scored by coverage, see --help)")
    return 0


def _read_predictions(files) -> tuple[list[list], dict[str, int]]:
    """The prediction sets of ``files`` and, by file, how many of their spans overlap an earlier one."""
    preds = [list(read_jsonl(p)) for p in files]
    return preds, {str(p): n for p, docs in zip(files, preds) if (n := overlapping_spans(docs))}


def _score_one(args: argparse.Namespace, labels, resamples: int):
    """One --gold file, --pred files summed (seeds): ``(scores, intervals, overlapping, {})``."""
    gold = list(read_jsonl(args.gold[0]))
    if resamples and not gold:
        raise ThunderDeidError(f"--bootstrap/--baseline: {args.gold[0]} holds no documents to resample")
    preds, overlapping = _read_predictions(args.pred)
    kw = dict(labels=labels, level=args.level, gold_name=str(args.gold[0]))
    if not resamples:
        return score_documents(gold, preds, per_type=args.per_type, pred_names=[str(p) for p in args.pred],
                               **kw), None, overlapping, {}
    # each document scored once: its rows feed the resamples and their sum is the table
    ours = document_scores(gold, preds, per_type=args.per_type, pred_names=[str(p) for p in args.pred], **kw)
    baseline = [list(read_jsonl(p)) for p in args.baseline] if args.baseline else None
    theirs = document_scores(gold, baseline, pred_names=[str(p) for p in args.baseline], **kw) if baseline else None
    return summed(ours), _intervals(ours, theirs, args, resamples), overlapping, {}


def _score_realisations(args: argparse.Namespace, labels, resamples: int):
    """Several --gold files: realisations of the same documents, --pred (and --baseline) one file each, in order;
    each document's counts summed over the realisations before the table and the resamples:
    ``(scores, intervals, overlapping, {realisations, documents})``."""
    from thunder_deid.eval.score import realisation_scores

    k = len(args.gold)
    for flag, files in (("--pred", args.pred), ("--baseline", args.baseline)):
        if files is not None and len(files) != k:
            raise ThunderDeidError(f"{flag}: {len(files)} file(s) for {k} --gold realisations; give one per "
                                   f"realisation, in the order of --gold")
    golds = [list(read_jsonl(p)) for p in args.gold]
    kw = dict(labels=labels, level=args.level, gold_names=[str(p) for p in args.gold])
    preds, overlapping = _read_predictions(args.pred)
    ours = realisation_scores(golds, preds, pred_names=[str(p) for p in args.pred], per_type=args.per_type, **kw)
    if resamples and not ours:
        raise ThunderDeidError(f"--bootstrap/--baseline: {args.gold[0]} holds no documents to resample")
    intervals = None
    if resamples:
        theirs = realisation_scores(golds, [list(read_jsonl(p)) for p in args.baseline],
                                    pred_names=[str(p) for p in args.baseline], **kw) if args.baseline else None
        intervals = _intervals(ours, theirs, args, resamples)
    return summed(ours), intervals, overlapping, {"realisations": k, "documents": len(ours)}


def _intervals(ours: dict, theirs: dict | None, args: argparse.Namespace, resamples: int) -> dict:
    """Each variant's F1 interval from the documents' scores ``ours``, and with a baseline's (``theirs``) the
    paired difference: the JSON ``bootstrap`` object."""
    from thunder_deid.eval import bootstrap

    ids = list(ours)
    out: dict = {"resamples": resamples, "confidence": args.confidence, "seed": args.seed, "documents": len(ids)}
    opts = dict(resamples=resamples, seed=args.seed, confidence=args.confidence)
    for v in VARIANTS:
        mine = bootstrap.count_rows(ours, v, ids)
        iv = bootstrap.interval(mine, **opts)
        row = {"f1": iv.value, "low": iv.low, "high": iv.high}
        if theirs is not None:
            d = bootstrap.paired(mine, bootstrap.count_rows(theirs, v, ids), **opts)
            row["baseline"] = {"f1": iv.value - d.value, "difference": d.value, "low": d.low, "high": d.high,
                               "ahead": d.ahead}
        out[v] = row
    if args.per_type:
        # strict typed F1 per label (labels by their summed counts: gold first, then those only ever predicted)
        totals: dict[str, int] = {}
        for sc in ours.values():
            for label, c in sc.per_type.items():
                st = c["strict_typed"]
                totals[label] = totals.get(label, 0) + st.tp + st.fn
        out["per_type"] = {}
        for label in sorted(totals, key=lambda x: (-totals[x], x)):
            iv = bootstrap.interval(bootstrap.count_rows(ours, "strict_typed", ids, label=label), **opts)
            out["per_type"][label] = {"f1": iv.value, "low": iv.low, "high": iv.high}
    return out


def _format_intervals(b: dict) -> str:
    lines = [f"{b['confidence']:.0%} intervals from {b['resamples']} resamples of the {b['documents']} documents "
             f"(seed {b['seed']}):"]
    for v in VARIANTS:
        r = b[v]
        line = f"  {v.replace('_', ' '):<15} F1 {r['f1']:.4f} [{r['low']:.4f}, {r['high']:.4f}]"
        if "baseline" in r:
            x = r["baseline"]
            line += (f"   baseline {x['f1']:.4f}, difference {x['difference']:+.4f} [{x['low']:+.4f}, {x['high']:+.4f}],"
                     f" ahead in {x['ahead']:.1%} of resamples")
        lines.append(line)
    if "per_type" in b:
        lines.append("  strict typed F1 per label:")
        lines += [f"    {label} {r['f1']:.4f} [{r['low']:.4f}, {r['high']:.4f}]" for label, r in b["per_type"].items()]
    return "\n".join(lines)


def overlapping_spans(docs) -> int:
    """How many spans of ``docs`` start before an earlier span of the same document ends.

        >>> from thunder_deid.document import Document, Span
        >>> overlapping_spans([Document("d", "홍길동은", [Span(0, 3, "인명"), Span(1, 3, "회사"), Span(3, 4, "인명")])])
        1
    """
    n = 0
    for d in docs:
        reach = 0
        for s in d.spans:  # sorted by start
            n += s.start < reach
            reach = max(reach, s.end)
    return n


def cmd_align(args: argparse.Namespace) -> int:
    from thunder_deid.eval.align import Labels, align_files, read_labels
    from thunder_deid.io import check_input_file, check_output_file, refuse_overwrite_input

    check_input_file(args.original, "original")
    if not args.redacted.is_dir():
        check_input_file(args.redacted, "redacted")
    refuse_overwrite_input([args.original, args.redacted], args.out)
    check_output_file(args.out)
    labels = Labels(read_labels(args.labels) if args.labels else {}, args.default_label)
    n, spans, missing = align_files(args.original, args.redacted, args.out, labels)
    print(f"aligned {n} document(s), {spans} span(s) -> {args.out}")
    if labels.guessed:
        print(f"{labels.guessed} replacement(s) stood before another with only spaces between them while the "
              "original held more spaces there: where they split is a guess", file=sys.stderr)
    if missing:
        print(f"{missing} document(s) of {args.original} have no redacted text: eval counts their gold spans as missed",
              file=sys.stderr)
    return 0


def register(sub: "argparse._SubParsersAction") -> None:
    from thunder_deid.cli import HelpFormatter

    p = sub.add_parser("align", formatter_class=HelpFormatter,
                       help="spans from another system's masked text, to score it with eval",
                       description="Find the spans another system replaced, from its de-identified text and the "
                       "original: where its text leaves the original, up to where they agree again, is a "
                       "replaced mention, and the token standing there ([인명], <PERSON>, ***) names its label "
                       "(a taxonomy node, or --labels, or --default-label). The system must keep the rest of the "
                       "text as it was.\n\nexample:\n  thunder-deid align test.jsonl presidio_out.jsonl "
                       "presidio.jsonl --labels presidio_labels.yaml\n  thunder-deid eval --gold test.jsonl "
                       "--pred presidio.jsonl --label-set general18")
    p.add_argument("original", type=Path, help="the original documents (JSONL, e.g. the gold file; spans not read)")
    p.add_argument("redacted", type=Path, help="the system's texts: a JSONL of {id, text}, or a folder of .txt "
                   "files named by document id")
    p.add_argument("out", type=Path, help="JSONL of the original documents with the spans found (eval --pred)")
    p.add_argument("--labels", type=Path, metavar="FILE", help="YAML mapping the system's tokens to taxonomy labels "
                   "(PERSON: 인명); brackets are stripped before lookup")
    p.add_argument("--default-label", metavar="LABEL", help="label of a token nothing names (for binary scores)")
    p.set_defaults(func=cmd_align)

    p = sub.add_parser("eval", help="word-segment scores of predictions against gold (four variants)",
                       formatter_class=HelpFormatter, description=DESCRIPTION)
    p.add_argument("--gold", required=True, nargs="+", type=Path, metavar="GOLD",
                   help="gold documents (JSONL); several files: realisations of the same documents (--seed of "
                        "`realize`), each with its own --pred file, summed per document")
    p.add_argument("--pred", required=True, nargs="+", type=Path, metavar="PRED",
                   help="prediction documents (JSONL); several files (seeds) are summed, or with several --gold "
                        "one per realisation")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--labels", help="comma-separated labels to keep; other gold spans and predictions are dropped")
    which.add_argument("--label-set", metavar="NAME",
                       help="a named label set from taxonomy/data/label_sets.yaml, e.g. general18 (appendix H's 18 labels)")
    p.add_argument("--level", choices=("mid", "top"),
                   help="map both sides' labels to this taxonomy level before typed comparison")
    p.add_argument("--per-type", action="store_true", help="also report counts and P/R/F1 per label")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    p.add_argument("--bootstrap", type=int, default=0, metavar="N",
                   help="add each F1's interval from N resamples of the documents (default: none; 1000 with --baseline)")
    p.add_argument("--baseline", nargs="+", type=Path, metavar="PRED",
                   help="another system's predictions on the same gold (several files: seeds, summed): also report "
                        "the paired F1 difference and its interval")
    p.add_argument("--confidence", type=float, default=0.95, help="interval coverage (default 0.95)")
    p.add_argument("--seed", type=int, default=0, help="seed of the resampling (default 0)")
    p.set_defaults(func=cmd_eval)
