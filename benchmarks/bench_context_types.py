"""Typing businesses from their context (:mod:`thunder_deid.corpus.context`) on a register naming thousands of
companies, this checkout against a baseline.

The decoder types every business the tagger read only as ``사업체`` from the words around its mentions, so the
refiner now runs on whatever a user predicts: a register of thousands of companies each named twice. Finding a
mention's other occurrences must cost one pass over the text, not one per company. For each N this times
``context_refiner().refine`` on such a register (the spans given, as the decoder gives them) in a fresh process
per checkout and says whether both typed the same::

    git worktree add /tmp/base fce1be6
    python benchmarks/bench_context_types.py --baseline /tmp/base --n 1000 4000 16000
"""

from __future__ import annotations

import sys

from checkouts import side_by_side

_CHILD = r"""
import hashlib, json, random, sys, time
from thunder_deid.corpus.context import context_refiner
from thunder_deid.document import Document, Span
import thunder_deid
assert thunder_deid.__file__.startswith(sys.argv[2]), thunder_deid.__file__
rnd, lines, spans, pos = random.Random(1), [], [], 0
syllables = [chr(c) for c in range(ord("가"), ord("힣") + 1, 97)]
for i in range(int(sys.argv[1])):
    name = "".join(rnd.choice(syllables) for _ in range(3)) + str(i)
    line = f"{i}. 운송업체인 주식회사 {name}의 대표는 {name}의 차량으로 운송하였다.\n"
    first = line.index(name)
    for a in (first, line.index(name, first + 1)):
        spans.append(Span(pos + a, pos + a + len(name), "사업체"))
    lines.append(line)
    pos += len(line)
doc = Document("register", "".join(lines), spans)
refiner = context_refiner()
refiner.refine(Document("warm", "운송업체인 주식회사 B의", [Span(11, 12, "사업체")]))
a = time.perf_counter()
new, n = refiner.refine(doc)
labels = json.dumps([s.label for s in new.spans], ensure_ascii=False)
print(json.dumps({"seconds": time.perf_counter() - a, "typed": n,
                  "sha": hashlib.sha256(labels.encode()).hexdigest()[:12]}))
"""


def main() -> int:
    return side_by_side(__doc__, _CHILD, "companies", "typed", "same labels")


if __name__ == "__main__":
    sys.exit(main())
