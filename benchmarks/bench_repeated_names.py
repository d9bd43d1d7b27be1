"""The ``repeated_names`` recognizer on a register naming thousands of parties, this checkout against a baseline.

A register or a judgment with many defendants names each party after a role word again and again (``피고인
김가나다은 … 피고인 김가나다에게``); every such form is a candidate, and counting where each appears in the
text must cost one pass over the text, not one per candidate. For each N this times
:func:`~thunder_deid.recognizers.repeated_names.repeated_names` (no tagger spans, so every party is a candidate)
in a fresh process per checkout and says whether both found the same spans::

    git worktree add /tmp/base 03599cf
    python benchmarks/bench_repeated_names.py --baseline /tmp/base --n 1000 4000
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from checkouts import run_in

ROOT = Path(__file__).resolve().parent.parent

_CHILD = r"""
import hashlib, json, random, sys, time
from thunder_deid.document import Document
from thunder_deid.recognizers.repeated_names import repeated_names
import thunder_deid
assert thunder_deid.__file__.startswith(sys.argv[2]), thunder_deid.__file__
rnd, lines = random.Random(1), []
syllables = [chr(c) for c in range(ord("가"), ord("힣") + 1, 97)]
for i in range(int(sys.argv[1])):
    name = "김" + "".join(rnd.choice(syllables) for _ in range(2))
    lines.append(f"피고인 {name}은 {i}번 사건의 당사자이다. 피고인 {name}에게 010-1234-{i % 10000:04d}로 전화했다.\n")
doc = Document("register", "".join(lines), [])
repeated_names(Document("warm", "피고인 김민준은 … 피고인 김민준의", []))
a = time.perf_counter()
found = repeated_names(doc)
spans = json.dumps([(s.start, s.end) for s in found])
print(json.dumps({"seconds": time.perf_counter() - a, "spans": len(found),
                  "sha": hashlib.sha256(spans.encode()).hexdigest()[:12]}))
"""


def run(tree: Path, n: int) -> dict:
    return run_in(tree, _CHILD, n, tree)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", type=Path, required=True, help="a checkout to compare with (git worktree)")
    ap.add_argument("--n", type=int, nargs="+", default=[1000, 4000])
    args = ap.parse_args()
    print(f"{'parties':>8} {'this checkout':>14} {'baseline':>10} {'spans':>7} {'same spans':>10}")
    for n in args.n:
        ours, base = run(ROOT, n), run(args.baseline.resolve(), n)
        print(f"{n:>8} {ours['seconds']:>13.2f}s {base['seconds']:>9.2f}s {ours['spans']:>7} "
              f"{str(ours['sha'] == base['sha']):>10}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
