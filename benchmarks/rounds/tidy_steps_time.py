"""Seconds each decoder step of ``decode.tidy`` takes on one huge document made of saved predictions, without
the model (BENCHMARKS.md, "One reading per form in a document": what the consistency steps add to
``bench_huge.py``'s 10 MB document).

    python benchmarks/rounds/tidy_steps_time.py runs/s6/test_new/te/ev4.fact.jsonl --chars 4400000

The predictions' texts are joined by blank lines (their spans shifted) until ``--chars`` characters.
"""

from __future__ import annotations

import argparse
import time

from thunder_deid.consistency import joined_pieces, one_label, whole_forms
from thunder_deid.document import Span, load_jsonl
from thunder_deid.model import decode

STEPS = {"trim_edges": decode.trim_edges, "whole_words": decode.whole_words,
         "without_particles": decode.without_particles, "whole_names": decode.whole_names,
         "joined_pieces": joined_pieces, "one_label": one_label, "whole_forms": whole_forms}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pred")
    ap.add_argument("--chars", type=int, default=4_400_000)
    a = ap.parse_args()
    docs = load_jsonl(a.pred)
    parts, spans, offset = [], [], 0
    while offset < a.chars:
        for d in docs:
            parts.append(d.text)
            spans += [Span(s.start + offset, s.end + offset, s.label, score=s.score) for s in d.spans]
            offset += len(d.text) + 2
            if offset >= a.chars:
                break
    text = "\n\n".join(parts)
    print(f"{len(text):,} characters, {len(spans):,} spans")
    for name, step in STEPS.items():
        t = time.perf_counter()
        step(spans, text)
        print(f"{name:<20}{time.perf_counter() - t:8.2f} s")


if __name__ == "__main__":
    main()
