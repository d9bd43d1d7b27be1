"""Round 24 rule 5: every span a baseline model alone finds in the sample judgment's header (before ``주 문``)
is found the same by the candidate; prints both lists and what the candidate lost or gained.

    python benchmarks/rounds/sample_header.py BASELINE_MODEL CANDIDATE_MODEL
"""

from __future__ import annotations

import sys
from pathlib import Path

from thunder_deid.model.infer import Tagger

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_judgment.txt"


def header_spans(model: str, text: str) -> set[tuple[int, int, str]]:
    doc = Tagger.load(model, patterns=False).predict(text)
    end = text.find("주 문")
    return {(s.start, s.end, s.label) for s in doc.spans if s.start < end}


def main() -> int:
    text = SAMPLE.read_text(encoding="utf-8")
    base, cand = (header_spans(m, text) for m in sys.argv[1:3])
    show = lambda spans: [(text[a:b], label) for a, b, label in sorted(spans)]  # noqa: E731
    print("baseline:", show(base))
    print("candidate:", show(cand))
    print("lost:", show(base - cand), "gained:", show(cand - base))
    print("rule 5 (every baseline span kept):", "holds" if base <= cand else "fails")
    return 0


if __name__ == "__main__":
    sys.exit(main())
