"""Two realisations of the same documents compared: how many texts differ, how many spans moved.

    python benchmarks/rounds/realisation_diff.py OLD.jsonl NEW.jsonl

BENCHMARKS.md (rounds 4-6, "two groups never read as one") counts with it what a realiser change touched.
"""

from __future__ import annotations

import sys

from thunder_deid.document import load_jsonl


def main() -> None:
    old, new = load_jsonl(sys.argv[1]), load_jsonl(sys.argv[2])
    if [d.id for d in old] != [d.id for d in new]:
        raise SystemExit("the two files do not hold the same documents in the same order")
    texts = sum(a.text != b.text for a, b in zip(old, new))
    spans = sum(len(a.spans) for a in old)
    pairs = [(a, b, s, t) for a, b in zip(old, new) for s, t in zip(a.spans, b.spans)]
    changed = sum(a.text[s.start:s.end] != b.text[t.start:t.end] for a, b, s, t in pairs)
    moved = sum((s.start, s.end) != (t.start, t.end) for a, b, s, t in pairs)
    print(f"{len(old)} documents: {texts} texts differ; of {spans} spans, {changed} read differently, "
          f"{moved} lie at other offsets")


if __name__ == "__main__":
    main()
