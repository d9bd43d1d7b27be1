"""What document consistency adds to court-style output: the replacements made with consistency on that the same
policy without it does not make, over a court placeholder of the realised text or over none, and the forms behind
each kind, per document, with their count and the best score the tagger gave them there (BENCHMARKS.md "Common words the tagger
only guessed at are not spread").

    python benchmarks/rounds/spread_counts.py REALISED.jsonl PRED.jsonl [PRED2 …] --realized R [R2 …] [--common-words 0] [--top 8]

``PRED`` are ``thunder-deid predict`` outputs on the realised files ``R`` (in the same order); ``--common-words``
is the policy setting (0: before the common-word guard). The forms are surrogate values and benchmark text.
"""

from __future__ import annotations

import argparse
from collections import Counter

from thunder_deid.consistency import sure_scores
from thunder_deid.document import load_jsonl
from thunder_deid.policy import Policy


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pred", nargs="+")
    ap.add_argument("--realized", nargs="+", required=True)
    ap.add_argument("--common-words", type=float, default=0.5)
    ap.add_argument("--top", type=int, default=8)
    a = ap.parse_args()
    on = Policy(mode="court", common_words=a.common_words)
    off = Policy(mode="court", consistency=False)
    over, none = Counter(), Counter()
    best: dict[tuple[str, str, str], float] = {}
    for pred_file, real_file in zip(a.pred, a.realized, strict=True):
        real = {d.id: d for d in load_jsonl(real_file)}
        for doc in load_jsonl(pred_file):
            without = {(r.start, r.end) for r in off.redact(doc)[1] if r.label}
            gold = real[doc.id].spans
            for form, score in sure_scores(doc.spans, doc.text).items():
                best[(pred_file, doc.id, form)] = score
            for r in on.redact(doc)[1]:
                if not r.label or (r.start, r.end) in without:
                    continue
                kind = over if any(s.start < r.end and r.start < s.end for s in gold) else none
                kind[(pred_file, doc.id, doc.text[r.start:r.end])] += 1
    print(f"added by consistency: {sum(over.values())} over a court placeholder, {sum(none.values())} over none")
    for name, kind in (("over a court placeholder", over), ("over none", none)):
        print(name)
        for (pred_file, doc_id, form), n in kind.most_common(a.top):
            score = best.get((pred_file, doc_id, form))
            where = f"{doc_id} of {pred_file}"
            print(f"  {form}: {n} in {where} (tagged at best {score:.2f})" if score is not None
                  else f"  {form}: {n} in {where} (not tagged as such: part of a longer form)")


if __name__ == "__main__":
    main()
