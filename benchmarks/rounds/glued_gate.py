"""Consistency reading a detected form where a type word is glued after it (``봄날연구소의``), gated by the form's
best detection score and its length: what the court round trip gains and what it pays in false replacements
(BENCHMARKS.md, "A detected form with a type word glued after it elsewhere", and its score gates).

    python benchmarks/rounds/glued_gate.py GOLD REALIZED MIN_SCORE MIN_LENGTH PRED

The policy's ``propagate`` is wrapped here, for this measurement only; the product is unchanged.
"""

import collections
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "surrogates"))

import bench_court as bc  # noqa: E402
import thunder_deid.consistency as C  # noqa: E402
import thunder_deid.policy as P  # noqa: E402
from thunder_deid.document import Span, load_jsonl  # noqa: E402
from thunder_deid.policy import Policy  # noqa: E402
from thunder_deid.surrogates.engine import type_word_after  # noqa: E402
from thunder_deid.taxonomy import load_taxonomy, split_label  # noqa: E402


def main() -> None:
    tax = load_taxonomy()
    min_score, min_length = float(sys.argv[3]), int(sys.argv[4])
    orig = C.propagate

    def prop(doc, allow=(), min_length_=2):
        out = orig(doc, allow, min_length_)
        t = doc.text
        taken = [(s.start, s.end) for s in out.spans]
        add = []
        best: dict[str, float] = {}
        for s in out.spans:
            f = t[s.start:s.end]
            best[f] = max(best.get(f, 0), 1.0 if s.score is None else s.score)
        for s in out.spans:
            base = split_label(s.label)[0]
            f = t[s.start:s.end]
            if base not in tax or tax.is_name(base) or len(f) < min_length or best[f] < min_score or s.extra.get("tw"):
                continue
            for m in re.finditer(re.escape(f), t):
                a, b = m.start(), m.end()
                if (a > 0 and C._word_char(t[a - 1])) or any(x < b and a < y for x, y in taken):
                    continue
                w = type_word_after(t[b:b + 32], base)
                if w and len(w) >= 2 and t.startswith(w, b) and C.particle_follows(t[b + len(w):b + len(w) + 12]):
                    add.append(Span(a, b, s.label, score=best[f], extra={"propagated": True, "tw": True}))
                    taken.append((a, b))
        return out.with_spans(list(out.spans) + add) if add else out

    P.propagate = prop
    gold = load_jsonl(sys.argv[1])
    real = {d.id: d for d in load_jsonl(sys.argv[2])}
    pred = {d.id: d for d in load_jsonl(sys.argv[5])}
    tot = collections.Counter()
    for g in gold:
        r = real[g.id]
        if len(r.spans) == len(g.spans):
            tot.update(bc.round_trip(g, r, pred[g.id], Policy(mode="court")))
    print(f"gate score {min_score}, length {min_length}: reproduced {tot['reproduced']}, false replacements "
          f"{tot['false_positive_replacements']}, changed outside replacements {tot['changed_outside_replacements']}")


if __name__ == "__main__":
    main()
