#!/usr/bin/env bash
# Round 11 (BENCHMARKS.md): the round-10 validation rules for one model (eval_valid.sh on runs/s9), then the court
# round trip on the court-bare and default validation realisations, from the repository root with the venv active:
#   eval_r11.sh NAME MODEL [WT]
# WT (round 12): a worktree whose court operator takes the court counts (round 12 held round 11's, 2dc1423).
# BASE (environment, default SS: the shipped model's stored predictions): the paired differences against it, for
# rules stated as paired differences (BENCHMARKS.md "How sure the figures are"); BASE= skips them.
set -euo pipefail
N=$1; M=$2; WT=${3:-}
cd "$(dirname "$0")/../.."
R=$PWD
date
benchmarks/rounds/eval_valid.sh runs/s9 $N $M | grep -v "rule 4 (court round trip" | grep -v "^default policy"
thunder-deid predict --threads 2 --model $M runs/s10/prec_valid.court_bare.jsonl runs/s10/$N.court_bare.valid.jsonl 2>/dev/null
for f in s10/prec_valid.court_bare:s10/$N.court_bare.valid s9/prec_valid.all:s9/ev/$N.court; do
  echo "== $N rule 4 (${f%%:*}${WT:+, the court operator of $WT})"
  (cd ${WT:-$R} && PYTHONPATH=$PWD python benchmarks/bench_court.py --gold $R/work/splits/precedents/valid.jsonl \
      --realized $R/runs/${f%%:*}.jsonl --pred $R/runs/${f##*:}.jsonl --why 2>/dev/null | sed -n 3,4p)
done
B=${BASE-SS}
if [ -n "$B" ] && [ "$B" != "$N" ] && [ -f runs/s9/ev/$B.fact.jsonl ]; then
  echo "== $N paired against $B: fact valid held-out, prec valid60 held-out (strict typed F1)"
  thunder-deid eval --gold runs/s9/fact_valid.heldout.jsonl --pred runs/s9/ev/$N.fact.jsonl --baseline runs/s9/ev/$B.fact.jsonl 2>/dev/null | grep "strict typed    F1"
  thunder-deid eval --gold runs/s9/prec_valid60.heldout.jsonl --pred runs/s9/ev/$N.prec60.jsonl --baseline runs/s9/ev/$B.prec60.jsonl 2>/dev/null | grep "strict typed    F1"
  echo "== $N paired against $B: court strict share, court-bare then default realisation"
  for f in s10/prec_valid.court_bare:s10/$N.court_bare.valid:s10/$B.court_bare.valid s9/prec_valid.all:s9/ev/$N.court:s9/ev/$B.court; do
    IFS=: read -r real ours theirs <<< "$f"
    (cd ${WT:-$R} && PYTHONPATH=$PWD python benchmarks/bench_court.py --gold $R/work/splits/precedents/valid.jsonl \
        --realized $R/runs/$real.jsonl --pred $R/runs/$ours.jsonl --baseline $R/runs/$theirs.jsonl 2>/dev/null | grep "against")
  done
fi
du -sh $M/model.safetensors
date
