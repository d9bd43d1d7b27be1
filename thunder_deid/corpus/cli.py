"""``thunder-deid corpus ...``: building annotated judgment corpora from ../shared/data.

Each module in ``CORPUS_MODULES`` exposes ``register(corpus_subparsers)`` adding its actions.
"""

from __future__ import annotations

import argparse
import importlib

CORPUS_MODULES = (
    "thunder_deid.corpus.thunder",       # convert-thunder (old Thunder-DeID annotations -> taxonomy)
    "thunder_deid.corpus.report",        # report
    "thunder_deid.corpus.placeholders",  # annotate-placeholders (law.go.kr precedents)
    "thunder_deid.corpus.splits",        # split (materialise train/valid/test from id lists)
    "thunder_deid.corpus.precedents",    # prepare-precedents (header names, officials, context typing)
    "thunder_deid.corpus.common_words",  # common-words (the words legal text writes everywhere)
)


def register(sub: argparse._SubParsersAction) -> None:
    from thunder_deid.cli import HelpFormatter

    p = sub.add_parser("corpus", help="build annotated judgment corpora", formatter_class=HelpFormatter,
                       description="Build annotated judgment corpora in the project's JSONL format.\n\nexamples:\n"
                       "  thunder-deid corpus convert-thunder ../shared/data/thunder_deid/documents judgments.jsonl\n"
                       "  thunder-deid corpus report judgments.jsonl --json")
    s = p.add_subparsers(dest="corpus_command", metavar="ACTION", required=True)
    for name in CORPUS_MODULES:
        importlib.import_module(name).register(s)
