#!/usr/bin/env bash
# A round's validation rules for one model (BENCHMARKS.md "Round 4" on): model spans alone on the held-out-source
# fact and precedents files, header names, the court round trip, the sample's header; from the repository root.
# eval_valid.sh DIR NAME MODEL   DIR holds fact_valid.heldout.jsonl, prec_valid150.heldout.jsonl,
#   prec_valid60.heldout.jsonl and prec_valid.all.jsonl (made by the commands in BENCHMARKS.md; runs/ is git-ignored)
set -euo pipefail
D=$1; N=$2; M=$3; O=$D/ev; mkdir -p $O
thunder-deid predict --no-patterns --threads 2 --model $M $D/fact_valid.heldout.jsonl $O/$N.fact.jsonl 2>/dev/null
thunder-deid predict --no-patterns --threads 2 --model $M $D/prec_valid150.heldout.jsonl $O/$N.prec150.jsonl 2>/dev/null
head -60 $O/$N.prec150.jsonl > $O/$N.prec60.jsonl
thunder-deid predict --threads 2 --model $M $D/prec_valid.all.jsonl $O/$N.court.jsonl 2>/dev/null
echo "== $N rule 1 (fact valid held-out)"; thunder-deid eval --gold $D/fact_valid.heldout.jsonl --pred $O/$N.fact.jsonl 2>/dev/null | grep -i "strict typed" | head -1
echo "== $N rule 2 (prec valid60 held-out)"; thunder-deid eval --gold $D/prec_valid60.heldout.jsonl --pred $O/$N.prec60.jsonl 2>/dev/null | grep -i "strict typed" | head -1
echo "== $N rule 3 (header names, prec valid150 held-out)"; python benchmarks/bench_patterns.py $D/prec_valid150.heldout.jsonl $O/$N.prec150.jsonl 2>/dev/null | tail -2
echo "== $N rule 4 (court round trip, precedents valid, default policy)"; python benchmarks/bench_court.py --gold work/splits/precedents/valid.jsonl \
    --realized $D/prec_valid.all.jsonl --pred $O/$N.court.jsonl 2>/dev/null | grep "^default policy"
echo "== $N rule 5 (sample judgment header, model spans)"; python -c "
import sys; from thunder_deid.model.infer import Tagger
t = open('examples/sample_judgment.txt', encoding='utf-8').read()
d = Tagger.load(sys.argv[1], patterns=False).predict(t)
print([(t[s.start:s.end], s.label) for s in d.spans if s.start < t.find('주 문')])" $M 2>/dev/null
