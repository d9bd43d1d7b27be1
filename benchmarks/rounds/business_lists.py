"""The ``business_lists`` frame read against the court's own choices on realised precedents (training split).

    thunder-deid realize work/splits/precedents/train.jsonl runs/s64/prec_train.court_bare.jsonl --seed 1 --source train --stems court_bare
    python benchmarks/rounds/business_lists.py runs/s64/prec_train.court_bare.jsonl

The gold spans of a realised precedent are exactly the names the court deleted. Two counts:

* **kept**: the recognizer run over the gold spans (as if the tagger had read every deleted name) finds only words
  the court left readable, each a false replacement it would make;
* **deleted, found back**: each deleted name in a list (a join next to it) is taken out of the spans, and the
  recognizer run over the rest; found with its exact extent, the frame would have masked it.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter

from thunder_deid.document import Document, load_jsonl
from thunder_deid.recognizers.business_lists import listed_businesses, listed_kind

_NEAR_JOIN = re.compile(r"(?:, ?| 및 |[·ㆍ])")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("realized", help="realised precedents (JSONL): gold spans are the court's deletions")
    ap.add_argument("--examples", type=int, default=8, help="most frequent kept words shown per label")
    args = ap.parse_args()
    kept, back, tried = Counter(), Counter(), Counter()
    kept_words: dict[str, Counter] = {}
    docs = load_jsonl(args.realized)
    for d in docs:
        for s in listed_businesses(d):
            kept[s.label] += 1
            kept_words.setdefault(s.label, Counter())[d.text[s.start:s.end]] += 1
        for i, g in enumerate(d.spans):
            if not listed_kind(g.label):
                continue
            around = d.text[max(0, g.start - 3):g.start] + "|" + d.text[g.end:g.end + 8]
            if not _NEAR_JOIN.search(around):
                continue
            tried[g.label] += 1
            rest = Document(d.id, d.text, [s for j, s in enumerate(d.spans) if j != i])
            back[g.label] += any((s.start, s.end) == (g.start, g.end) for s in listed_businesses(rest))
    print(f"{len(docs)} realised precedents")
    print(f"{'label':<16} {'deleted, found back':>20} {'of listed':>10} {'kept, found':>12}  kept words")
    for label in sorted(set(back) | set(kept), key=lambda x: -(back[x] + kept[x])):
        if back[label] or kept[label]:
            words = ", ".join(w for w, _ in kept_words.get(label, Counter()).most_common(args.examples))
            print(f"{label:<16} {back[label]:>20} {tried[label]:>10} {kept[label]:>12}  {words}")
    print(f"{'all':<16} {sum(back.values()):>20} {sum(tried.values()):>10} {sum(kept.values()):>12}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
