"""One benchmark child run in a checkout: the side-by-side scripts time this checkout and a baseline worktree alike.

``run_in(tree, CHILD, *args)`` runs the Python source ``CHILD`` in a fresh process with ``tree`` first on the path
and as the working directory (so ``import thunder_deid`` is that checkout's), and returns the JSON object the child
prints last.
"""

from __future__ import annotations

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
