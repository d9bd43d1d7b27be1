"""Score saved predictions as they are and after the decoder's name steps, without running the model again.

    python benchmarks/rounds/s3_retidy.py GOLD:PRED [GOLD:PRED ...] [--steps whole_names without_particles]
        [--write-to DIR]

For each pair: W. Strict Typed F1 and person names (strict recall, partly covered; counted as
``benchmarks/bench_generalisation.py`` counts them) before and after ``decode.whole_names`` (and
``decode.without_particles`` first, when named). ``--write-to`` saves the re-tidied predictions (for
``bench_patterns.py``). Used for BENCHMARKS.md "Whole person names in decoding" and "Particles inside
person-name spans" (validation figures).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_generalisation import name_coverage  # noqa: E402

from thunder_deid.consistency import joined_pieces, one_label, whole_forms  # noqa: E402
from thunder_deid.document import Document, load_jsonl, write_jsonl  # noqa: E402
from thunder_deid.eval import score_documents  # noqa: E402
from thunder_deid.model import decode  # noqa: E402


# in the order tidy runs them; particles_all (a candidate that did not join tidy): every label, after the name steps
STEPS = {"without_particles": decode.without_particles, "whole_names": decode.whole_names,
         "particles_all": lambda spans, text: decode.without_particles(spans, text, labels=None),
         # ev5: the document-consistency steps that end tidy
         "one_reading": lambda spans, text: whole_forms(one_label(joined_pieces(spans, text), text), text)}


def retidy(docs: list[Document], steps: list[str]) -> list[Document]:
    out = []
    for d in docs:
        spans = sorted(d.spans, key=lambda s: (s.start, s.end))
        for step, fn in STEPS.items():
            if step in steps:
                spans = fn(spans, d.text)
        out.append(Document(d.id, d.text, spans, d.meta))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pairs", nargs="+", help="GOLD.jsonl:PRED.jsonl")
    ap.add_argument("--steps", nargs="+", default=["whole_names"], choices=tuple(STEPS))
    ap.add_argument("--write-to", type=Path)
    a = ap.parse_args()
    for pair in a.pairs:
        gold_path, pred_path = pair.split(":")
        gold, pred = load_jsonl(gold_path), load_jsonl(pred_path)
        for name, docs in (("as saved", pred), ("+ " + " + ".join(a.steps), retidy(pred, a.steps))):
            st = score_documents(gold, docs).counts["strict_typed"].f1
            names = score_documents(gold, docs, labels=["인명"]).counts["strict_typed"].recall
            cov = name_coverage(gold, docs)
            print(f"{Path(pred_path).name}  {name:<40} ST F1 {st:.4f}  names {cov['names']}  strict recall "
                  f"{names:.4f}  partly covered {cov['partial']:.4f}")
            if a.write_to and name != "as saved":
                a.write_to.mkdir(parents=True, exist_ok=True)
                write_jsonl(a.write_to / Path(pred_path).name, docs)


if __name__ == "__main__":
    main()
