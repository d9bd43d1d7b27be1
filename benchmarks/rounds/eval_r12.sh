#!/usr/bin/env bash
# Round 12 (BENCHMARKS.md): eval_r11.sh's rules for one model, its court counts taken with the court operator of
# round 11 from a worktree WT at 2dc1423; from the repository root with the venv active: eval_r12.sh NAME MODEL WT
set -euo pipefail
N=$1; M=$2; WT=$3
cd "$(dirname "$0")/../.."
date
benchmarks/rounds/eval_valid.sh runs/s9 $N $M | grep -v "rule 4" | grep -v "^default policy"
thunder-deid predict --threads 2 --model $M runs/s10/prec_valid.court_bare.jsonl runs/s10/$N.court_bare.valid.jsonl 2>/dev/null
R=$PWD
for f in s10/prec_valid.court_bare:s10/$N.court_bare.valid s9/prec_valid.all:s9/ev/$N.court; do
  echo "== $N rule 4 (${f%%:*}, round 11's court operator)"
  (cd $WT && PYTHONPATH=$PWD python benchmarks/bench_court.py --gold $R/work/splits/precedents/valid.jsonl \
      --realized $R/runs/${f%%:*}.jsonl --pred $R/runs/${f##*:}.jsonl --why 2>/dev/null | sed -n 3,4p)
done
du -sh $M/model.safetensors
date
