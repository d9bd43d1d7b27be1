"""(filled in by the Judgment corpora issue)"""

import argparse


def register(sub: "argparse._SubParsersAction") -> None:
    return None
