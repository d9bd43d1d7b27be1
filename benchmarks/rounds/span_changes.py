"""Two prediction files on the same documents compared: which documents' spans moved, and what one document's spans read.

    python benchmarks/rounds/span_changes.py A.jsonl B.jsonl [--doc ID --forms 이하 이하나]

Prints the number of B's spans that A does not have at the same offsets, per document (most first), and with
``--doc`` how many spans of that document read as each of ``--forms`` in A and in B. BENCHMARKS.md, the
particle-step rounds (ev2-ev4), counts with it.
"""

from __future__ import annotations

import argparse
from collections import Counter

from thunder_deid.document import load_jsonl


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--doc")
    ap.add_argument("--forms", nargs="+", default=[])
    x = ap.parse_args()
    a, b = load_jsonl(x.a), load_jsonl(x.b)
    if [d.id for d in a] != [d.id for d in b]:
        raise SystemExit("the two files do not hold the same documents in the same order")
    moved = Counter()
    for da, db in zip(a, b):
        have = {(s.start, s.end) for s in da.spans}
        moved[db.id] = sum((s.start, s.end) not in have for s in db.spans)
    print(f"{sum(moved.values())} spans of B are not in A, in {sum(n > 0 for n in moved.values())} documents; "
          f"most: {[(k, n) for k, n in moved.most_common(3) if n]}")
    if x.doc:
        for name, docs in (("A", a), ("B", b)):
            d = next(d for d in docs if d.id == x.doc)
            read = Counter(d.text[s.start:s.end] for s in d.spans)
            print(f"{name} {x.doc}: " + ", ".join(f"{f} {read[f]}" for f in x.forms))


if __name__ == "__main__":
    main()
