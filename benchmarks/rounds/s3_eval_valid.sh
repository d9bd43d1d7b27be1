#!/usr/bin/env bash
# Round 3 of issue 16 (BENCHMARKS.md "Round 3"): validation rules 1-4 for one model; run from the repository root.
# eval_valid.sh NAME MODEL: round-3 validation rules 1-4 for one model (runs/ is git-ignored)
set -euo pipefail
N=$1; M=$2; O=runs/s3/ev; mkdir -p $O
thunder-deid predict --no-patterns --threads 2 --model $M work/realized_heldout/thunder/valid.jsonl $O/$N.fact.jsonl 2>/dev/null
thunder-deid predict --no-patterns --threads 2 --model $M runs/s3/prec_valid150.heldout.jsonl $O/$N.prec150.jsonl 2>/dev/null
head -60 $O/$N.prec150.jsonl > $O/$N.prec60.jsonl
echo "== $N rule 1 (fact valid held-out)"; thunder-deid eval --gold work/realized_heldout/thunder/valid.jsonl --pred $O/$N.fact.jsonl 2>/dev/null | grep -i "strict.typed\|strict_typed" | head -2
echo "== $N rule 2 (prec valid60 held-out)"; thunder-deid eval --gold runs/s3/prec_valid60.heldout.jsonl --pred $O/$N.prec60.jsonl 2>/dev/null | grep -i "strict.typed\|strict_typed" | head -2
echo "== $N rule 3 (header names, prec valid150 held-out)"; python benchmarks/bench_patterns.py runs/s3/prec_valid150.heldout.jsonl $O/$N.prec150.jsonl 2>/dev/null | tail -2
echo "== $N rule 4 (sample judgment header, model spans)"; python -c "
import sys; from thunder_deid.model.infer import Tagger
t = open('examples/sample_judgment.txt', encoding='utf-8').read()
d = Tagger.load(sys.argv[1], patterns=False).predict(t)
print([(t[s.start:s.end], s.label) for s in d.spans if s.start < t.find('주 문')])" $M 2>/dev/null
