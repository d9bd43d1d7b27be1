"""Coverage of the old Thunder-DeID label map (taxonomy/data/thunder_label_map.yaml) on ../shared/data.

    python benchmarks/thunder_label_map.py [--keep 150]

Prints, for the real corpus: spans and old labels by the rule kind that mapped them, the share of spans
at leaf / mid / top level, and the held-out check -- explicit entries kept only for the KEEP most
frequent labels, how many of the remaining (long-tail) labels the rules alone still map, and how many
of those land on the same node as the full reviewed map.
"""

import argparse
import collections
import json
import time
from pathlib import Path

from thunder_deid.corpus.thunder import ConversionStats, convert_thunder, held_out_coverage
from thunder_deid.taxonomy import load_taxonomy

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "thunder_deid"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--keep", type=int, default=150)
    ap.add_argument("--data", default=str(SHARED))
    args = ap.parse_args()
    t0 = time.perf_counter()
    stats = ConversionStats()
    docs = convert_thunder(Path(args.data) / "documents", stats=stats)
    secs = time.perf_counter() - t0
    tax = load_taxonomy()
    levels = collections.Counter(tax.level(s.label) for d in docs for s in d.spans)
    kinds = collections.Counter(stats.rule_labels.values())
    counts = collections.Counter()
    for d in docs:
        for s in d.spans:
            counts[s.sub or s.label] += 1
    r = held_out_coverage(counts, keep=args.keep)
    print(f"converted {stats.documents} documents, {stats.spans} spans in {secs:.1f} s")
    print("spans at level: " + ", ".join(f"{lv} {levels[lv]} ({levels[lv] / stats.spans:.1%})" for lv in ("leaf", "mid", "top")))
    print("old labels / spans by rule kind: " + ", ".join(f"{k} {kinds[k]}/{stats.rule_spans[k]}" for k in kinds))
    print(f"held-out (explicit entries for the {args.keep} most frequent labels only): "
          f"{r['covered_labels']}/{r['tail_labels']} tail labels ({r['covered_spans']}/{r['tail_spans']} spans) mapped by "
          f"rules; {r['agree_labels']}/{r['covered_labels']} on the same node as the reviewed map")
    print("not covered by rules alone: " + json.dumps(r["uncovered"], ensure_ascii=False))


if __name__ == "__main__":
    main()
