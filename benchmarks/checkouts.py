"""One benchmark child run in a checkout: the side-by-side scripts time this checkout and a baseline worktree alike
(:func:`side_by_side` is the command line of those that time one child at several sizes).

``run_in(tree, CHILD, *args)`` runs the Python source ``CHILD`` in a fresh process with ``tree`` first on the path
and as the working directory (so ``import thunder_deid`` is that checkout's), and returns the JSON object the child
prints last.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path


def run_in(tree: Path, child: str, *args: object) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    r = subprocess.run([sys.executable, "-c", child, *map(str, args)], env=env, cwd=tree, capture_output=True,
                       text=True, check=True)
    return json.loads(r.stdout.strip().splitlines()[-1])


def side_by_side(description: str, child: str, unit: str, count: str, same: str) -> int:
    """The command line of a benchmark that times ``child`` at each ``--n`` in this checkout and in ``--baseline``:
    the child prints ``seconds``, ``count`` and ``sha`` (a digest of what it found), and a row says whether both
    found the same (``unit``, ``same``: the table's column names)."""
    ap = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", type=Path, required=True, help="a checkout to compare with (git worktree)")
    ap.add_argument("--n", type=int, nargs="+", default=[1000, 4000])
    args = ap.parse_args()
    root, base = Path(__file__).resolve().parent.parent, args.baseline.resolve()
    print(f"{unit:>9} {'this checkout':>14} {'baseline':>10} {count:>7} {same:>11}")
    for n in args.n:
        ours, theirs = run_in(root, child, n, root), run_in(base, child, n, base)
        print(f"{n:>9} {ours['seconds']:>13.2f}s {theirs['seconds']:>9.2f}s {ours[count]:>7} "
              f"{str(ours['sha'] == theirs['sha']):>11}")
    return 0
