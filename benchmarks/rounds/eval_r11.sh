#!/usr/bin/env bash
# Round 11 (BENCHMARKS.md): the round-10 validation rules for one model (eval_valid.sh on runs/s9), then the court
# round trip on the court-bare validation file, from the repository root with the venv active: eval_r11.sh NAME MODEL
set -euo pipefail
N=$1; M=$2
cd "$(dirname "$0")/../.."
date
benchmarks/rounds/eval_valid.sh runs/s9 $N $M
thunder-deid predict --threads 2 --model $M runs/s10/prec_valid.court_bare.jsonl runs/s10/$N.court_bare.valid.jsonl 2>/dev/null
echo "== $N rule 4 (court-bare)"; python benchmarks/bench_court.py --gold work/splits/precedents/valid.jsonl --realized runs/s10/prec_valid.court_bare.jsonl --pred runs/s10/$N.court_bare.valid.jsonl --why 2>/dev/null | sed -n 3,4p
echo "== $N rule 4 (default realisation, exact)"; python benchmarks/bench_court.py --gold work/splits/precedents/valid.jsonl --realized runs/s9/prec_valid.all.jsonl --pred runs/s9/ev/$N.court.jsonl --why 2>/dev/null | sed -n 4p
du -sh $M/model.safetensors
date
