"""``thunder-deid surrogates coverage`` and ``thunder-deid realize`` (single and per-epoch schedules)."""

from __future__ import annotations

import argparse
import json
import logging
import re
import sys
from pathlib import Path

log = logging.getLogger(__name__)

# one realisation a file: what `realize --epochs` writes and `train --train-dir` reads (train.seed1200.jsonl too)
_SEED_FILE = re.compile(r"(?:^|[._-])seed(\d+)\.jsonl$")


def epoch_filename(epoch: int, seed: int) -> str:
    """``epoch_01.seed12001.jsonl``: the epoch for people, the replacement seed for ``train --train-dir``.

    >>> epoch_filename(1, 12001), seed_of_filename(epoch_filename(1, 12001)), seed_of_filename("train.seed1200.jsonl")
    ('epoch_01.seed12001.jsonl', 12001, 1200)
    """
    return f"epoch_{epoch:02d}.seed{seed}.jsonl"


def seed_of_filename(name: str) -> int | None:
    """The replacement seed a realisation's file name records, or None."""
    m = _SEED_FILE.search(name)
    return int(m.group(1)) if m else None


def register(sub: "argparse._SubParsersAction") -> None:
    from thunder_deid.cli import HelpFormatter

    sg = sub.add_parser(
        "surrogates", formatter_class=HelpFormatter, help="inspect the surrogate inventory",
        description="Inspect the surrogate engine's label registry.\n\nexample:\n"
        "  thunder-deid surrogates coverage --inventory ../shared/data/thunder_deid/replacement/subset",
    )
    ssub = sg.add_subparsers(dest="surrogates_command", metavar="COMMAND")
    cov = ssub.add_parser(
        "coverage", formatter_class=HelpFormatter, help="which rule serves each taxonomy label",
        description="Print, for every taxonomy node, the rule that produces its surrogates (generate, sample,\n"
        "keep, or fallback to another label). Exit status 1 if any label has no rule.\n\nexample:\n"
        "  thunder-deid surrogates coverage\n  thunder-deid surrogates coverage --json",
    )
    cov.add_argument("--inventory", action="append", default=[], metavar="DIR", help="external inventory folder (repeatable)")
    cov.add_argument("--json", action="store_true", help="one JSON object a line instead of a table")
    cov.set_defaults(func=_coverage)
    sg.set_defaults(func=lambda a: (sg.print_help(), 2)[1])

    from thunder_deid.surrogates.engine import STEMS

    rz = sub.add_parser(
        "realize", formatter_class=HelpFormatter, help="replace every span by a surrogate (training/evaluation data)",
        description="Replace every span of a JSONL corpus by a seeded, type-compatible surrogate, repair the Korean\n"
        "around it (particles, type words) and re-anchor the spans (appendix F).\n\n"
        "Single schedule writes one file; --epochs N writes OUT_DIR/epoch_01.seed12001.jsonl … with replacement\n"
        "seed (TRAIN_SEED - 1199) * 10000 + 2000 + e for epoch e: the names `train --train-dir OUT_DIR` reads.\n\n"
        "example:\n"
        "  thunder-deid realize work/splits/thunder/test.jsonl work/realized/thunder/test.jsonl --seed 1199\n"
        "  thunder-deid realize work/splits/thunder/test.jsonl work/realized_heldout/thunder/test.jsonl --seed 1199 --source eval\n"
        "  thunder-deid realize work/splits/thunder/train.jsonl work/realized/thunder/train_epochs --epochs 30 --train-seed 1200",
    )
    rz.add_argument("input", help="JSONL documents (spans labelled with taxonomy nodes, old label as sub)")
    rz.add_argument("output", help="output JSONL (single schedule) or folder (--epochs)")
    rz.add_argument("--seed", type=int, help="replacement seed (single schedule)")
    rz.add_argument("--epochs", type=int, help="per-epoch schedule: number of epochs")
    rz.add_argument("--train-seed", type=int, help="training seed of the per-epoch schedule")
    rz.add_argument("--inventory", action="append", default=[], metavar="DIR",
                    help="external inventory folder keyed by sub-label (repeatable; also $THUNDER_DEID_INVENTORY)")
    rz.add_argument("--keep", action="append", default=[], metavar="LABEL",
                    help="leave spans of this taxonomy label as they are (plain text, not spans; repeatable)")
    rz.add_argument("--source", choices=("all", "train", "eval"), default="all",
                    help="part of every surrogate source to draw from: train (training data), eval (held-out-source\n"
                    "evaluation sets; never shares a name, given name or business name with train), all (default)")
    rz.add_argument("--novel-stems", type=float, default=0.0, metavar="SHARE",
                    help="training data only: this share of business and place stems recombined from syllables\n"
                    "(what `train --novel-stems` does to training realisations; default 0)")
    rz.add_argument("--rare-header-names", type=float, default=0.0, metavar="SHARE",
                    help="training data only: this share of a precedent's filled-in header names (성명1) drawn rare\n"
                    "(what `train --rare-header-names` does to training realisations; default 0)")
    rz.add_argument("--stems", action="append", default=[], choices=STEMS, metavar="WHERE",
                    help="also write a value's stem (no type word of its own) here: court_bare, a court placeholder court\n"
                    "style writes as a letter or a symbol (the court round trip's file: courts keep type words outside\n"
                    "placeholders); in_words, a span ending inside a word (repeatable; default: only before a type word)")
    rz.add_argument("--report", metavar="FILE", help="also write the replacement report as JSON")
    rz.add_argument("--skip-invalid", action="store_true",
                    help="leave invalid spans (out of range, empty, unknown label, overlapping) as plain text and count "
                    "them, instead of stopping at the first (their original values stay in the output)")
    rz.set_defaults(func=_realize)


def _inventory(paths: list[str]):
    from thunder_deid.surrogates.lexicon import Inventory

    inv = Inventory.from_env()
    for p in paths:
        inv.load(p)
    return inv


def _coverage(args: argparse.Namespace) -> int:
    from thunder_deid.surrogates.registry import Registry

    reg = Registry(inventory=_inventory(args.inventory))
    rows = reg.coverage()
    for label, level, kind, detail in rows:
        if args.json:
            print(json.dumps({"label": label, "level": level, "rule": kind, "detail": detail}, ensure_ascii=False))
        else:
            print(f"{label:<24}\t{level:<4}\t{kind:<8}\t{detail}")
    missing = [r[0] for r in rows if r[2] == "MISSING"]
    if not args.json:
        kinds: dict[str, int] = {}
        for r in rows:
            kinds[r[2]] = kinds.get(r[2], 0) + 1
        print(f"# {len(rows)} labels: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
              + f"; inventory: {len(reg.inventory)} lists, {reg.inventory.size()} entries", file=sys.stderr)
    return 1 if missing else 0


def _realize(args: argparse.Namespace) -> int:
    from thunder_deid.document import read_jsonl, write_jsonl
    from thunder_deid.errors import ThunderDeidError
    from thunder_deid.io import atomic_writer, check_output_file, refuse_overwrite_input
    from thunder_deid.surrogates.engine import RealizeReport, Realizer, epoch_seed, invalid_spans, realize_documents
    from thunder_deid.surrogates.places import check_novel

    if not Path(args.input).is_file():
        raise ThunderDeidError(f"input {args.input}: no such file")
    if (args.seed is None) == (args.epochs is None):
        raise ThunderDeidError("give either --seed S (single schedule) or --epochs N --train-seed T (per-epoch)")
    if args.epochs is not None and (args.train_seed is None or args.epochs < 1):
        raise ThunderDeidError("--epochs N needs N >= 1 and --train-seed T")
    try:
        novel = check_novel(args.novel_stems, "--novel-stems")
        rare = check_novel(args.rare_header_names, "--rare-header-names")
    except ValueError as e:
        raise ThunderDeidError(str(e)) from None
    realizer = Realizer(_inventory(args.inventory), args.keep, args.source, args.stems, novel, rare_header=rare)
    if args.seed is not None:
        jobs = [(args.seed, Path(args.output))]
    else:
        out_dir = Path(args.output)
        if out_dir.suffix == ".jsonl":
            raise ThunderDeidError(f"--epochs writes a folder, not {args.output}")
        seeds = [epoch_seed(args.train_seed, e) for e in range(1, args.epochs + 1)]
        jobs = [(s, out_dir / epoch_filename(e, s)) for e, s in enumerate(seeds, 1)]
    # every output is checked before any work, so a bad path never leaves half the epochs written
    for _, out in jobs:
        refuse_overwrite_input([args.input], out)
        check_output_file(out)
    if args.report:
        refuse_overwrite_input([args.input, *(out for _, out in jobs)], args.report)
        check_output_file(args.report)
    total = RealizeReport()
    summary = []
    for seed, out in jobs:
        report = RealizeReport()
        n = write_jsonl(out, _checked(realize_documents(read_jsonl(args.input), seed, realizer, report), report,
                                      args.input, args.skip_invalid))
        total = total + report
        summary.append({"seed": seed, "output": str(out), **report.to_dict()})
        skipped = sum(report.skipped.values())
        if args.skip_invalid:
            print(f"{out}: {sum(invalid_spans(report).values())} invalid spans skipped "
                  f"({', '.join(f'{k} {v}' for k, v in invalid_spans(report).items()) or 'none'})", file=sys.stderr)
        print(f"{out}: {n} documents, seed {seed}, source {args.source}, {report.realized}/{report.spans_in} spans "
              f"realised, {skipped} rendered as text, {report.particles_changed} particles re-chosen", file=sys.stderr)
    if args.report:
        with atomic_writer(args.report) as f:
            json.dump(summary if len(summary) > 1 else summary[0], f, ensure_ascii=False, indent=1)
    return 0


def _checked(docs, report, source: str, skip_invalid: bool):
    """Pass realised documents through; stop at the first document with an invalid span unless
    ``skip_invalid`` (the report then counts them). Names the document, never its text."""
    from thunder_deid.errors import ThunderDeidError
    from thunder_deid.surrogates.engine import invalid_spans

    seen: dict[str, int] = {}
    for n, doc in enumerate(docs, 1):
        bad = invalid_spans(report)
        if bad != seen and not skip_invalid:
            new = ", ".join(f"{k.replace('_', ' ')} {v - seen.get(k, 0)}" for k, v in bad.items() if v != seen.get(k, 0))
            raise ThunderDeidError(f"{source}: document {n} (id {doc.id!r}) has invalid spans ({new}); their original "
                                   "values would stay in the output. Fix them (thunder-deid validate) or pass --skip-invalid")
        seen = bad
        yield doc

