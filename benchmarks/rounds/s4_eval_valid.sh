#!/usr/bin/env bash
# Round 4 of issue 16 / issue 12 (BENCHMARKS.md "Round 4"): validation rules 1-5 for one model, every file
# realised with bare court placeholders realised bare (commit 4925252); run from the repository root.
# s4_eval_valid.sh NAME MODEL   (runs/ is git-ignored; the files are made by the commands in BENCHMARKS.md)
set -euo pipefail
N=$1; M=$2; O=runs/s4/ev; mkdir -p $O
thunder-deid predict --no-patterns --threads 2 --model $M runs/s4/fact_valid.heldout.jsonl $O/$N.fact.jsonl 2>/dev/null
thunder-deid predict --no-patterns --threads 2 --model $M runs/s4/prec_valid150.heldout.jsonl $O/$N.prec150.jsonl 2>/dev/null
head -60 $O/$N.prec150.jsonl > $O/$N.prec60.jsonl
thunder-deid predict --threads 2 --model $M work/realized_bare/precedents/valid.jsonl $O/$N.court.jsonl 2>/dev/null
echo "== $N rule 1 (fact valid held-out)"; thunder-deid eval --gold runs/s4/fact_valid.heldout.jsonl --pred $O/$N.fact.jsonl 2>/dev/null | grep -i "strict typed" | head -1
echo "== $N rule 2 (prec valid60 held-out)"; thunder-deid eval --gold runs/s4/prec_valid60.heldout.jsonl --pred $O/$N.prec60.jsonl 2>/dev/null | grep -i "strict typed" | head -1
echo "== $N rule 3 (header names, prec valid150 held-out)"; python benchmarks/bench_patterns.py runs/s4/prec_valid150.heldout.jsonl $O/$N.prec150.jsonl 2>/dev/null | tail -2
echo "== $N rule 4 (court round trip, precedents valid, default policy)"; python benchmarks/bench_court.py --gold work/splits/precedents/valid.jsonl \
    --realized work/realized_bare/precedents/valid.jsonl --pred $O/$N.court.jsonl 2>/dev/null | grep "^default policy"
echo "== $N rule 5 (sample judgment header, model spans)"; python -c "
import sys; from thunder_deid.model.infer import Tagger
t = open('examples/sample_judgment.txt', encoding='utf-8').read()
d = Tagger.load(sys.argv[1], patterns=False).predict(t)
print([(t[s.start:s.end], s.label) for s in d.spans if s.start < t.find('주 문')])" $M 2>/dev/null
