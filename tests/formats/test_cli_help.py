"""Newcomer polish over the whole command line: every option and argument of every subcommand has a help
line, and its default is shown once (not again after a help text that already states it)."""

from __future__ import annotations

import argparse

import pytest

from thunder_deid.cli import build_parser


def _actions(parser: argparse.ArgumentParser, path=()):
    for a in parser._actions:
        if isinstance(a, argparse._SubParsersAction):
            for name, sub in a.choices.items():
                yield from _actions(sub, (*path, name))
        elif not isinstance(a, argparse._HelpAction):
            yield " ".join(path), a, parser


ACTIONS = list(_actions(build_parser()))


def test_the_walk_reaches_every_subcommand():
    commands = {path.split(" ")[0] for path, _, _ in ACTIONS}
    assert {"redact", "predict", "convert", "eval", "train", "tokenizer", "corpus", "taxonomy"} <= commands
    assert len(ACTIONS) > 150


@pytest.mark.parametrize("path, action, parser", ACTIONS,
                         ids=[f"{p}:{'/'.join(a.option_strings) or a.dest}" for p, a, _ in ACTIONS])
def test_every_option_has_help_and_its_default_once(path, action, parser):
    assert action.help and action.help.strip(), f"{path} {action.option_strings or action.dest}: no help line"
    shown = parser._get_formatter()._expand_help(action)
    assert shown.lower().count("default") <= 1, shown
    assert "(default: None)" not in shown and "(default: False)" not in shown


def test_redact_help_shows_each_default_once(capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["redact", "--help"])
    out = capsys.readouterr().out
    assert out.count("(default: cpu)") == 1 and "(default: None)" not in out and "(default: False)" not in out
