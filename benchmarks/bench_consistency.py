"""Consistency on a register of many parties: ``consistency.propagate`` against the per-form search it replaced.

A judgment listing thousands of plaintiffs (or a register) holds thousands of detected names. The earlier
propagation searched the whole text once per name and compared every candidate with every span already
taken, so its time grew with the names times the text. This runs both on synthetic registers of N parties
(each named twice on its line, ``피고인 김가나다은 김가나다에게 …``), checks they add the very same spans, and
prints the seconds of each, side by side::

    python benchmarks/bench_consistency.py                 # N = 1000 4000 16000 (baseline up to 16000)
    python benchmarks/bench_consistency.py --n 64000 --baseline-max 0
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from thunder_deid.consistency import _best_scores, _forms, _inside, propagate, stands_as_word, whole_forms  # noqa: E402
from thunder_deid.document import Document, Span  # noqa: E402

SYLLABLES = "가나다라마바사아자차카타파하거너더러머버서어저처커터퍼허고노도로모보소오조초"


def register(n: int, seed: int = 1) -> Document:
    rnd, parts, spans, pos = random.Random(seed), [], [], 0
    for i in range(n):
        name = "김" + "".join(rnd.choice(SYLLABLES) for _ in range(3))
        line = f"피고인 {name}은 {name}에게 010-1234-{i % 10000:04d}로 전화했다.\n"
        spans.append(Span(pos + 4, pos + 4 + len(name), "인명", score=0.9))
        parts.append(line)
        pos += len(line)
    return Document("register", "".join(parts), spans)


def baseline(doc: Document) -> list[Span]:
    """The propagation as it was (commit 201133a): a search per form, a scan of the taken spans per hit."""
    spans = whole_forms(doc.spans, doc.text, (), 2)
    weights = _forms(spans, doc.text, (), 2)
    best = _best_scores(spans, doc.text)
    taken = [(s.start, s.end) for s in spans]
    replaced = _inside(spans)
    added = []
    for form in sorted(weights, key=len, reverse=True):
        label = weights[form].most_common(1)[0][0]
        for m in re.finditer(re.escape(form), doc.text):
            a, b = m.start(), m.end()
            if not stands_as_word(doc.text, a, b, replaced) or any(x < b and a < y for x, y in taken):
                continue
            added.append(Span(a, b, label, score=best[form], extra={"propagated": True}))
            taken.append((a, b))
    return sorted(spans + added, key=lambda s: (s.start, s.end))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, nargs="+", default=[1000, 4000, 16000])
    ap.add_argument("--baseline-max", type=int, default=16000, help="run the baseline up to this N (it is quadratic)")
    a = ap.parse_args()
    print(f"{'parties':>8} {'characters':>11} {'spans out':>10} {'propagate s':>12} {'baseline s':>11} same")
    for n in a.n:
        doc = register(n)
        t = time.perf_counter()
        out = propagate(doc)
        now = time.perf_counter() - t
        if n <= a.baseline_max:
            t = time.perf_counter()
            ref = baseline(doc)
            was = f"{time.perf_counter() - t:11.2f}"
            same = "yes" if [(s.start, s.end, s.label) for s in ref] == [(s.start, s.end, s.label) for s in out.spans] else "NO"
        else:
            was, same = f"{'-':>11}", "-"
        print(f"{n:8d} {len(doc.text):11,d} {len(out.spans):10,d} {now:12.2f} {was} {same}")


if __name__ == "__main__":
    main()
