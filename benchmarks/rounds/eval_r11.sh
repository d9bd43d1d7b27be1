#!/usr/bin/env bash
# Round 11 (BENCHMARKS.md): the round-10 validation rules for one model (eval_valid.sh on runs/s9), then the court
# round trip on the court-bare and default validation realisations, from the repository root with the venv active:
#   eval_r11.sh NAME MODEL [WT]
# WT (round 12): a worktree whose court operator takes the court counts (round 12 held round 11's, 2dc1423).
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
du -sh $M/model.safetensors
date
