"""Subcommands of this component (filled in by its issue)."""

import argparse


def register(sub: "argparse._SubParsersAction") -> None:
    return None
