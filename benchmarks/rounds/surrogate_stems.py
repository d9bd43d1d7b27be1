"""What ``Realizer(stems={"in_words"})`` changes in ``surrogate`` output: the replacements that differ from
the engine's default (BENCHMARKS.md, "A surrogate inside a word is a stem").

    python benchmarks/rounds/surrogate_stems.py runs/s9/ev/Qp.court.jsonl
"""

from __future__ import annotations

import sys

from thunder_deid.document import load_jsonl
from thunder_deid.operators.surrogate import Surrogate
from thunder_deid.surrogates.engine import Realizer


def main() -> None:
    docs = load_jsonl(sys.argv[1])
    plain, stems = Surrogate(seed=1, realizer=Realizer()), Surrogate(seed=1)
    total = changed = 0
    for d in docs:
        a = {(r.start, r.end): r.text for r in plain.replacements(d) if r.label}
        b = {(r.start, r.end): r.text for r in stems.replacements(d) if r.label}
        total += len(b)
        changed += sum(1 for k, v in b.items() if a.get(k) != v)
    print(f"{len(docs)} documents: {total} replacements, {changed} differ ({changed / max(total, 1):.2%})")


if __name__ == "__main__":
    main()
