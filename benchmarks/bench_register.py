"""`redact --mode court` (or ``--mode surrogate``) on a register of many parties, this checkout against a baseline
checkout, in one run.

A judgment listing thousands of plaintiffs, or a register, holds thousands of detected names and numbers. Each
step after the tagger (patterns, glosses, consistency, the decoder's ``whole_forms``) must cost what the text
holds, not the spans times the spans (in surrogate mode, each party's pseudonym drawn too, seed 1). For each N
this times ``td.load().redact(text, mode=MODE)`` on the
synthetic register of ``bench_consistency.py`` (N lines, each naming one party twice with a phone number), in a
fresh process per checkout (the model loaded and warmed first, outside the timing), and says whether both
outputs are the same::

    git worktree add /tmp/base 201133a
    python benchmarks/bench_register.py --baseline /tmp/base --n 1000 4000 16000 [--mode surrogate]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from checkouts import run_in

ROOT = Path(__file__).resolve().parent.parent

_CHILD = r"""
import hashlib, json, sys, time
import thunder_deid as td  # first: bench_consistency puts this checkout's root on sys.path
sys.path.insert(0, sys.argv[2])
from bench_consistency import register
assert td.__file__.startswith(sys.argv[3]), td.__file__
t = td.load(threads=2)
t.redact("피고인 김민준은 피해자 이서연에게", mode="court")
text = register(int(sys.argv[1])).text
a = time.perf_counter()
out = t.redact(text, mode=sys.argv[4], seed=1)
print(json.dumps({"seconds": time.perf_counter() - a, "sha": hashlib.sha256(out.encode()).hexdigest()[:12]}))
"""


def run(tree: Path, n: int, mode: str) -> dict:
    return run_in(tree, _CHILD, n, ROOT / "benchmarks", tree.resolve(), mode)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", type=Path, required=True, help="a checkout of the baseline commit (git worktree)")
    ap.add_argument("--n", type=int, nargs="+", default=[1000, 4000, 16000])
    ap.add_argument("--mode", default="court", choices=["court", "surrogate"])
    a = ap.parse_args()
    print(f"{'parties':>8} {'characters':>11} {'this checkout s':>16} {'baseline s':>11} same output")
    for n in a.n:
        now, was = run(ROOT, n, a.mode), run(a.baseline, n, a.mode)
        chars = len(__import__("bench_consistency").register(n).text)
        print(f"{n:8d} {chars:11,d} {now['seconds']:16.1f} {was['seconds']:11.1f} "
              f"{'yes' if now['sha'] == was['sha'] else 'no'}")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "benchmarks"))
    main()
