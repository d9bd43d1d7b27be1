"""Counts behind three decoder steps (BENCHMARKS.md "An account is not its bank's name", "A business or a place is
never one syllable", "A number plate is a vehicle's number"): how a prediction's spans of one shape compare with
gold, and how often the training split's gold spans have that shape.

    python benchmarks/rounds/span_shapes.py lone GOLD.jsonl PRED.jsonl       # one-syllable letter/symbol spans
    python benchmarks/rounds/span_shapes.py account GOLD.jsonl PRED.jsonl    # bank spans ending in an account word
    python benchmarks/rounds/span_shapes.py plates GOLD.jsonl PRED.jsonl     # spans the plate pattern reads whole
    python benchmarks/rounds/span_shapes.py train work/splits/thunder/train.jsonl

A predicted span is ``right`` (gold has it, same place and label), ``overlap`` (it overlaps a gold span otherwise) or
``spurious``. Counts only; no document text is printed.
"""

from __future__ import annotations

import argparse
from collections import Counter

from thunder_deid.consistency import ACCOUNT_WORDS
from thunder_deid.document import Span, load_jsonl
from thunder_deid.operators.court import lettered_entity as lettered
from thunder_deid.recognizers.base import find_patterns
from thunder_deid.recognizers.patterns import PATTERNS
from thunder_deid.surrogates.hangul import is_hangul_syllable
from thunder_deid.taxonomy import load_taxonomy, split_label

BANK = "은행업"


def lone(text: str, s: Span) -> bool:
    form = text[s.start:s.end].strip()
    return len(form) == 1 and is_hangul_syllable(form) and lettered(s.label)


def account(text: str, s: Span) -> bool:
    return s.label == BANK and text[s.start:s.end].endswith(ACCOUNT_WORDS)


def compare(gold_path: str, pred_path: str, shape) -> Counter:
    gold = {d.id: d for d in load_jsonl(gold_path)}
    out: Counter = Counter()
    for p in load_jsonl(pred_path):
        g = gold[p.id]
        exact = {(a.start, a.end): a.label for a in g.spans}
        for s in p.spans:
            if not shape(p.text, s):
                continue
            kind = ("right" if exact.get((s.start, s.end)) == s.label else
                    "overlap" if any(a.start < s.end and s.start < a.end for a in g.spans) else "spurious")
            out[kind] += 1
            if shape is account:  # where the gold bank span ends: before the account word, or at its stem
                a = next((a for a in g.spans if a.start == s.start and a.label == BANK), None)
                out["gold: " + ("none at its start" if a is None else
                                "the whole bank" if g.text[a.start:a.end].endswith("은행") else "its stem")] += 1
    return out


def plates(gold_path: str, pred_path: str) -> Counter:
    plate = next(p for p in PATTERNS if p.label == "차량번호")
    gold = {d.id: d for d in load_jsonl(gold_path)}
    out: Counter = Counter()
    for p in load_jsonl(pred_path):
        found = {(m.start, m.end) for m in find_patterns(p.text, (plate,))}
        exact = {(a.start, a.end): a.label for a in gold[p.id].spans}
        for s in p.spans:
            if (s.start, s.end) in found:
                out[f"read {s.label}, gold {exact.get((s.start, s.end), '-')}"] += 1
    return out


def train(path: str) -> Counter:
    out: Counter = Counter()
    for d in load_jsonl(path):
        for s in d.spans:
            if lettered(s.label):
                out["letter/symbol spans"] += 1
                out["  of one syllable"] += lone(d.text, s)
            base = split_label(s.label)[0]
            if load_taxonomy().is_name(base) or base not in load_taxonomy():
                continue
            out["non-name spans"] += 1
            form = d.text[s.start:s.end].strip()
            out["  of one Hangul syllable"] += len(form) == 1 and is_hangul_syllable(form)
            if s.label == BANK:
                out["bank spans"] += 1
                out["  taking an account word in"] += any(w in d.text[s.start:s.end] for w in ACCOUNT_WORDS)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("lone", "account", "plates", "train"))
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    if a.what == "train":
        got = train(a.files[0])
    elif a.what == "plates":
        got = plates(*a.files)
    else:
        got = compare(*a.files, lone if a.what == "lone" else account)
    for k, v in got.items():
        print(f"{k:<40} {v:>7}")


if __name__ == "__main__":
    main()
