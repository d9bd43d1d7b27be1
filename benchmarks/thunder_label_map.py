"""Coverage of the old Thunder-DeID label map (taxonomy/data/thunder_label_map.yaml) on ../shared/data.

    python benchmarks/thunder_label_map.py [--keep 150]

Prints, for the real corpus: spans and old labels by the rule kind that mapped them, the share of spans
at leaf / mid / top level, and the held-out check -- explicit entries kept only for the KEEP most
frequent labels, how many of the remaining (long-tail) labels the rules alone still map, and how many
of those land on the same node as the full reviewed map. With ``--typos N``, N random one-syllable edits
(insert, delete, replace) of every old label of 3+ characters: how often the map still lands on the
original label's node, by the rule kind that decided.
"""

import argparse
import collections
import json
import random
import time
from pathlib import Path

from thunder_deid.corpus.thunder import ConversionStats, convert_thunder, held_out_coverage
from thunder_deid.taxonomy import load_taxonomy

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "thunder_deid"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--keep", type=int, default=150)
    ap.add_argument("--data", default=str(SHARED))
    ap.add_argument("--typos", type=int, default=0, help="random edits per label for the misspelling check")
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
    if args.typos:
        typo_check(counts, args.typos)


def typo_check(counts: collections.Counter, per_label: int, seed: int = 0) -> None:
    from thunder_deid.corpus.thunder import thunder_normalizer
    from thunder_deid.errors import LabelError

    norm, rng = thunder_normalizer(None), random.Random(seed)
    syllables = [chr(c) for c in range(0xAC00, 0xD7A4)]
    outcome: collections.Counter = collections.Counter()
    for label in counts:
        if len(label) < 3:
            continue
        right = norm.resolve(label).label
        for _ in range(per_label):
            i, op = rng.randrange(len(label)), rng.choice("idr")
            bad = label[:i] + (rng.choice(syllables) if op != "d" else "") + label[i + (op != "i"):]
            try:
                res = norm.resolve(bad)
            except LabelError:
                outcome["unmapped", "-"] += 1
                continue
            outcome[res.kind, "same node" if res.label == right else "other node"] += 1
    total = sum(outcome.values())
    print(f"misspelt labels ({total}: {per_label} random one-syllable edits of each old label of 3+ characters):")
    for (kind, verdict), n in sorted(outcome.items(), key=lambda kv: -kv[1]):
        print(f"  {kind:14s} {verdict:10s} {n:5d} ({n / total:.1%})")


if __name__ == "__main__":
    main()
