#!/usr/bin/env bash
# Rounds 19-21 (BENCHMARKS.md): a candidate's validation rules, from the repository root with the venv active:
#   eval_r19.sh NAME MODEL [SEED]
# eval_r11.sh (rules 1-5, paired against X's stored predictions SS), person names from `eval --per-type`, rule 6
# (the validation documents realised again with SEED, default 2299; round 21: 3299; files runs/s19/*.SEED.jsonl,
# made by the commands in BENCHMARKS.md "Round 19"), and the validation gap against runs/s19/prec_valid60.same.jsonl.
# With NAME SS (X) it writes the predictions the others are paired against.
set -euo pipefail
N=$1; M=$2; S=${3:-2299}
cd "$(dirname "$0")/../.."
BASE=${BASE-SS} benchmarks/rounds/eval_r11.sh $N $M
thunder-deid eval --gold runs/s9/fact_valid.heldout.jsonl --pred runs/s9/ev/$N.fact.jsonl --per-type 2>/dev/null | grep "^인명 "
for f in fact_valid.$S prec_valid60.$S prec_valid60.same; do
  thunder-deid predict --no-patterns --threads 2 --model $M runs/s19/$f.jsonl runs/s19/$N.$f.jsonl 2>/dev/null
done
if [ "$N" != SS ]; then
  echo "== $N rule 6 (seed $S held-out, paired against SS): fact, then precedents valid60"
  for f in fact_valid prec_valid60; do
    thunder-deid eval --gold runs/s19/$f.$S.jsonl --pred runs/s19/$N.$f.$S.jsonl --baseline runs/s19/SS.$f.$S.jsonl 2>/dev/null \
        | grep "strict typed    F1"
  done
fi
echo "== $N validation gap (valid60 same-source against held-out; not a rule)"
python benchmarks/bench_generalisation.py --same runs/s19/prec_valid60.same.jsonl --heldout runs/s9/prec_valid60.heldout.jsonl \
    --pred-same runs/s19/$N.prec_valid60.same.jsonl --pred-heldout runs/s9/ev/$N.prec60.jsonl --bootstrap 1000 | tail -6
date
