#!/usr/bin/env bash
# A model round's validation files (BENCHMARKS.md round 22's commands and, since round 45, the whole unprepared
# precedents; the runs/sNNN/files.sh of rounds 45-54): for each seed, the held-out fact sections, the prepared
# precedents (first 150 and 60), the court-bare precedents (all sources) and the whole precedents (held-out), into
# D. Needs the rebuilt work/ and runs/train/prec_valid.jsonl (README "Building the corpora"). From the repository
# root, venv active; confirm_r22.sh reads what it writes:
#   round_files.sh D SEED...
set -euo pipefail
cd "$(dirname "$0")/../.."
D=$1; shift; I="--inventory ../shared/data/thunder_deid/replacement/subset"
mkdir -p "$D"
[ -f runs/train/prec_valid.jsonl ] || thunder-deid corpus prepare-precedents work/splits/precedents/valid.jsonl runs/train/prec_valid.jsonl
for S in "$@"; do
  thunder-deid realize work/splits/thunder/valid.jsonl $D/fact_valid.$S.jsonl --seed $S --source eval $I
  thunder-deid realize runs/train/prec_valid.jsonl $D/prec_valid.$S.jsonl --seed $S --source eval
  head -150 $D/prec_valid.$S.jsonl > $D/prec_valid150.$S.jsonl
  head -60 $D/prec_valid.$S.jsonl > $D/prec_valid60.$S.jsonl
  thunder-deid realize work/splits/precedents/valid.jsonl $D/prec_valid.court_bare.$S.jsonl --seed $S --stems court_bare
  thunder-deid realize work/splits/precedents/valid.jsonl $D/precu.$S.jsonl --seed $S --source eval
done
