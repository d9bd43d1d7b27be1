"""Court-style round trip on law.go.kr judgments: does ``redact --mode court`` give back the court's text?

    python benchmarks/bench_court.py [--pred PRED.jsonl] [--limit N] [--why]

The precedents test split holds law.go.kr judgments whose placeholders (``피고인 1``, ``(주소 1 생략)``,
``○○``) are gold spans; ``work/realized/precedents/test.jsonl`` is the same text with every placeholder
realised as a surrogate (same spans, same order). The tagger reads the realised text (``--pred``: its
predictions from ``thunder-deid predict``, to score without running the model again), the court operator
writes the output, and the output is compared with the court's own text after renaming the court's
placeholders to ours (one of ours per court placeholder, particles re-chosen for it):

* **reproduced**: a court placeholder whose exact position gets a replacement, the one ours gives that
  placeholder everywhere, used for no other placeholder (consistent renaming); *covered*: any overlap;
* **changed outside spans**: characters between the court's placeholders that differ from the court's
  text (false-positive replacements set aside: they are counted as such), and characters outside the
  operator's own replacements that differ from its input (the operator's invariant, must be 0);
* **particles**: the independent final-consonant check of tests/surrogates/conftest.py on the particle after
  every replacement, for ``court`` and ``surrogate`` outputs.

Rows: the default policy (consistency on); the same with every span replaced whole (court style keeps a
trailing type word, ``동신산업`` -> ``A산업``, which the realiser had often put into the surrogate where the
court wrote none: the ``+type word`` column counts those as reproduced); and, as the baseline, the default
policy without consistency.
"""

from __future__ import annotations

import argparse
import difflib
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "surrogates"))

from conftest import jong, particle_after, particle_ok  # noqa: E402  (the independent test check)

from thunder_deid.document import Document, load_jsonl  # noqa: E402
from thunder_deid.eval.bootstrap import paired, share_interval  # noqa: E402
from thunder_deid.operators.base import Replacement, apply, placed  # noqa: E402
from thunder_deid.operators import register  # noqa: E402
from thunder_deid.operators.court import Court, court_style, mention_key, reading  # noqa: E402
from thunder_deid.operators.particles import with_particles  # noqa: E402
from thunder_deid.policy import Policy  # noqa: E402

WORK = REPO / "work"


def particles(text: str, reps: list[Replacement]) -> tuple[int, int]:
    """(checked, wrong) particles after the replacements of one output."""
    checked = bad = 0
    for a, b, r in placed(reps):
        if r.label is None:
            continue
        j, p = jong(reading(r.text)), particle_after(text, b)
        if j is not None and p is not None:
            checked += 1
            bad += not particle_ok(j, p)
    return checked, bad


def out_pos(reps: list[Replacement], x: int, side: str) -> int:
    """Output offset of input offset ``x``; inside a replacement: its output start (``side='start'``) or end."""
    for a, b, r in placed(reps):
        if r.start < x < r.end or (r.start == x == r.end):
            return a if side == "start" else b
        if r.start >= x:
            return a - (r.start - x)
    last = list(placed(reps))
    if not last:
        return x
    a, b, r = last[-1]
    return b + (x - r.end)


def without_stem(text: str, span, r: Replacement) -> str:
    """What court style left of a realised span after its replacement: a trailing type word, or ''."""
    from thunder_deid.operators.court import without_type_word

    kept = without_type_word(text, span)
    return text[kept.end:span.end] if kept.end == r.end else ""


def changed(a: str, b: str) -> int:
    if a == b:
        return 0
    ops = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    return sum(max(i2 - i1, j2 - j1) for t, i1, i2, j1, j2 in ops if t != "equal")


@register
class CourtWhole(Court):
    """Court style with each span replaced whole, its trailing type word too (``동신산업`` -> ``A``)."""

    name = "court-whole"

    def __init__(self):
        super().__init__(type_words=False)


def shown(text: str, s, r: Replacement | None) -> str:
    """A placeholder in its realised context, ``⟦…⟧`` around it and ``[…]`` around our replacement's extent."""
    marks = [(s.start, "⟦"), (s.end, "⟧")] + ([(r.start, "["), (r.end, "]")] if r is not None else [])
    a, b = min(x for x, _ in marks) - 15, max(x for x, _ in marks) + 10
    out, pos = [], max(a, 0)
    for x, m in sorted(marks, key=lambda xm: (xm[0], xm[1] in "⟧]")):
        out += [text[pos:x], m]
        pos = x
    return ("".join(out) + text[pos:b]).replace("\n", "⏎")


def round_trip(gold: Document, real: Document, pred: Document, policy: Policy,
               examples: dict[str, list[str]] | None = None) -> dict:
    text, reps = policy.redact(pred)
    res = Counter()
    res["docs"] = 1
    # operator invariant: outside its replacements the output is its input
    pos, o = 0, 0
    for a, b, r in placed(reps):
        res["changed_outside_replacements"] += changed(real.text[pos:r.start], text[o:a])
        pos, o = r.end, b
    res["changed_outside_replacements"] += changed(real.text[pos:], text[o:])
    labelled = [r for r in reps if r.label]
    # the realiser keeps the parentheses of "(주소 1 생략)" around its surrogate: they belong to the placeholder
    bounds = []
    for g, s in zip(gold.spans, real.spans):
        wrapped = (gold.text[g.start] == "(" and real.text[s.start - 1:s.start] == "("
                   and real.text[s.end:s.end + 1] == ")")
        bounds.append((s.start - 1, s.end + 1) if wrapped else (s.start, s.end))
    # court placeholder -> ours, at exact positions (or, for the tolerant figure, ours ending before a type word
    # that the realiser had put into the surrogate and that court style keeps: "공소외 A주식회사")
    by_key: dict[tuple[str, str], Counter] = defaultdict(Counter)
    exact: dict[int, str] = {}
    type_word: set[int] = set()
    hits: list[list[Replacement]] = []
    for i, (g, s) in enumerate(zip(gold.spans, real.spans)):
        hit = [r for r in labelled if r.start < s.end and s.start < r.end]
        hits.append(hit)
        res["placeholders"] += 1
        res["covered"] += bool(hit)
        same = [r for r in hit if (r.start, r.end) in ((s.start, s.end), bounds[i])]
        if not same:
            same = [r for r in hit if r.start == s.start and r.end < s.end and r.end - r.start >= 2
                    and real.text[r.end:s.end].strip() and real.text[r.end:s.end] == without_stem(real.text, s, r)]
            type_word.update(i for _ in same[:1])
        if same:
            exact[i] = same[0].text
            by_key[(gold.text[g.start:g.end], g.label)][same[0].text] += 1
    canon = {k: c.most_common(1)[0][0] for k, c in by_key.items()}
    # one of ours standing for two court placeholders is a merge, unless the realiser gave both the same text
    # (then no system could tell them apart)
    seen_as: dict[str, set[str]] = defaultdict(set)
    for i, ours in exact.items():
        seen_as[ours].add(mention_key(real.text[real.spans[i].start:real.spans[i].end]))
    owners = Counter(canon.values())
    for i, ours in exact.items():
        g = gold.spans[i]
        key = (gold.text[g.start:g.end], g.label)
        ok = ours == canon[key] and (owners[ours] == 1 or len(seen_as[ours]) == 1)
        res["reproduced_tolerant"] += ok
        res["reproduced"] += ok and i not in type_word
        why = ("renamed otherwise (a merge or another letter)" if not ok else
               "ours stops before a type word the realiser put in" if i in type_word else None)
        if why:
            res[f"why:{court_style(g.label)}:{why}"] += 1
            if examples is not None:
                examples[f"{court_style(g.label)}:{why}"].append(shown(real.text, real.spans[i], None))
    for i, (g, s) in enumerate(zip(gold.spans, real.spans)):
        if i in exact:
            continue
        if not hits[i]:
            kind = "missed"
        else:
            r = hits[i][0]
            a, b = bounds[i]
            kind = ("ours ends early" if r.start in (s.start, a) and r.end < s.end else
                    "ours starts late" if r.start > s.start and r.end in (s.end, b) else
                    "ours runs over (a particle, a word)" if r.start <= s.start and r.end >= s.end else "ours cuts it elsewhere")
        res[f"why:{court_style(g.label)}:{kind}"] += 1
        if examples is not None:
            examples[f"{court_style(g.label)}:{kind}"].append(shown(real.text, s, hits[i][0] if hits[i] else None))
    fp = [r for r in labelled if not any(r.start < s.end and s.start < r.end for s in real.spans)]
    res["false_positive_replacements"] = len(fp)
    # characters between the court's placeholders: the court's text with its placeholders renamed to ours
    # (particles re-chosen) against our output with the false-positive replacements undone
    expected_reps = with_particles(gold.text, [(g, exact.get(i, gold.text[g.start:g.end]))
                                               for i, g in enumerate(gold.spans)], reading)
    expected = apply(gold.text, expected_reps)
    exp_at = [(a, b) for a, b, r in placed(expected_reps) if r.label]
    keep = [r for r in reps if r not in fp and not (r.label is None and any(f.end <= r.start <= f.end + 2 for f in fp))]
    ours_text = apply(real.text, keep)
    ours_at = [(out_pos(keep, a, "start"), out_pos(keep, b, "end")) for a, b in bounds]
    edges_exp = [0] + [x for ab in exp_at for x in ab] + [len(expected)]
    edges_ours = [0] + [x for ab in ours_at for x in ab] + [len(ours_text)]
    for k in range(0, len(edges_exp), 2):
        res["changed_outside_spans"] += changed(expected[edges_exp[k]:edges_exp[k + 1]],
                                                ours_text[edges_ours[k]:edges_ours[k + 1]])
    c, b = particles(text, reps)
    res["court_particles"], res["court_particles_wrong"] = c, b
    return res


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gold", default=str(WORK / "splits/precedents/test.jsonl"))
    ap.add_argument("--realized", default=str(WORK / "realized/precedents/test.jsonl"))
    ap.add_argument("--pred", help="predictions on the realised text (default: run the embedded model)")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--per-doc", action="store_true", help="also print one line per document")
    ap.add_argument("--bootstrap", type=int, default=0, metavar="N",
                    help="also the default policy's strict share with its 95%% interval from N resamples of the documents")
    ap.add_argument("--baseline", metavar="PRED",
                    help="another model's predictions on the same realised text: also the paired difference of the "
                         "default policy's strict share (with --bootstrap N, else 1000 resamples)")
    ap.add_argument("--why", action="store_true", help="also break the placeholders the default policy does not "
                    "reproduce down by court style (letter, symbol, omission) and by what our replacement does")
    ap.add_argument("--examples", type=int, default=0, metavar="N",
                    help="with --why: N placeholders of each kind in their realised context (benchmark text only)")
    args = ap.parse_args()
    gold = load_jsonl(args.gold)
    real = {d.id: d for d in load_jsonl(args.realized)}
    if args.limit:
        gold = gold[: args.limit]
    if args.pred:
        pred = {d.id: d for d in load_jsonl(args.pred)}
    else:
        from thunder_deid.model import load

        tagger = load()
        pred = {d.id: d for d in tagger.predict_documents([Document(g.id, real[g.id].text, []) for g in gold])}
    # a realisation whose span count differs from the gold cannot be compared span for span
    kept = [g for g in gold if len(real[g.id].spans) == len(g.spans)]
    rows = [("default policy (consistency on)", Policy(mode="court")),
            ("same, type words replaced too", Policy(mode="court-whole")),
            ("baseline: consistency off", Policy(mode="court", consistency=False))]
    print(f"{len(gold)} documents")
    print(f"{'policy':<34} {'placeholders':>12} {'reproduced':>11} {'+type word':>10} {'covered':>8} {'FP repl.':>8} "
          f"{'chg outside':>11} {'chg outside repl.':>17} {'court particles':>15} {'wrong':>6} {'docs>=95%':>9}")
    for name, policy in rows:
        total, per_doc = Counter(), []
        examples: dict[str, list[str]] = defaultdict(list)
        for g in kept:
            res = round_trip(g, real[g.id], pred[g.id], policy, examples if policy is rows[0][1] else None)
            total.update(res)
            per_doc.append((g.id, res))
        ok = sum(1 for _, x in per_doc if x["placeholders"] and x["reproduced"] >= 0.95 * x["placeholders"])
        with_ph = sum(1 for _, x in per_doc if x["placeholders"])
        print(f"{name:<34} {total['placeholders']:>12} {total['reproduced'] / max(total['placeholders'], 1):>11.1%} "
              f"{total['reproduced_tolerant'] / max(total['placeholders'], 1):>10.1%} "
              f"{total['covered'] / max(total['placeholders'], 1):>8.1%} {total['false_positive_replacements']:>8} "
              f"{total['changed_outside_spans']:>11} {total['changed_outside_replacements']:>17} "
              f"{total['court_particles']:>15} {total['court_particles_wrong']:>6} {ok:>4}/{with_ph}")
        ours = np.array([(x["reproduced"], x["placeholders"]) for _, x in per_doc])
        if args.bootstrap and policy is rows[0][1]:
            iv = share_interval(ours, resamples=args.bootstrap)
            print(f"    reproduced strictly, 95% interval from {args.bootstrap} document resamples: {iv.value:.2%} "
                  f"[{iv.low:.2%}, {iv.high:.2%}]")
        if args.baseline and policy is rows[0][1]:
            base = {d.id: d for d in load_jsonl(args.baseline)}
            theirs = np.array([(r["reproduced"], r["placeholders"])
                               for r in (round_trip(g, real[g.id], base[g.id], policy) for g in kept)])
            d = paired(ours, theirs, resamples=args.bootstrap or 1000, share=True)
            print(f"    against {args.baseline}: reproduced strictly {int(ours[:, 0].sum()) - int(theirs[:, 0].sum()):+d}, "
                  f"share {d.value:+.2%} [{d.low:+.2%}, {d.high:+.2%}], ahead in {d.ahead:.1%} of resamples")
        if args.why and policy is rows[0][1]:
            print(f"    reproduced strictly: {total['reproduced']} of {total['placeholders']} (exact counts, for "
                  f"comparing runs finer than the rounded share)")
            whys = sorted(((k[4:], v) for k, v in total.items() if k.startswith("why:")), key=lambda kv: -kv[1])
            for k, v in whys:
                print(f"    not reproduced: {k:<66} {v:>6} ({v / max(total['placeholders'], 1):.1%})")
                for e in random.Random(0).sample(examples[k], min(args.examples, len(examples[k]))):
                    print(f"        {e}")
        if args.per_doc:
            for doc_id, x in per_doc:
                if x["placeholders"]:
                    print(f"  {doc_id}: {x['reproduced']}/{x['placeholders']} reproduced, "
                          f"{x['changed_outside_spans']} chars changed outside spans, "
                          f"{x['false_positive_replacements']} FP replacements")
    s_checked = s_bad = 0
    for g in gold:
        text, reps = Policy(mode="surrogate").redact(pred[g.id], seed=1)
        c, b = particles(text, reps)
        s_checked, s_bad = s_checked + c, s_bad + b
    print(f"surrogate particles (seed 1, default policy): {s_checked} checked, {s_bad} wrong "
          f"({1 - s_bad / max(s_checked, 1):.2%} correct)")
    skipped = (len(gold) - len(kept)) * len(rows)
    if skipped:
        print(f"({skipped} document rows skipped: realised and gold span counts differ)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
