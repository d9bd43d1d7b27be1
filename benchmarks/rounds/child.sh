#!/usr/bin/env bash
# A child of a shipped model (BENCHMARKS.md rounds 41-55): PARENT stepped 3 epochs at lr 1e-4 on all fact sections
# and every prepared training precedent (court-bare stems, half the business and place stems novel, half the header
# names drawn rare), PARENT teaching (weight 0.5, temperature 2), training SEED; its last epoch copied to OUT/g3
# ("epoch": 3), as committed in each round's rule. The logged fact score (VALID, 60 documents) chooses nothing.
# From the repository root, venv active, nothing else on the cores:
#   child.sh PARENT SEED OUT VALID
set -euo pipefail
P=$1; S=$2; O=$3; V=$4
cd "$(dirname "$0")/../.."
export PYTHONPATH=$PWD
mkdir -p "$O"
date
thunder-deid train --config small --epochs 3 --lr 1e-4 --seed "$S" --tokenizer thunder_deid/data/model/tokenizer \
    --init "$P" --train work/splits/thunder/train.jsonl \
    --train-extra work/precedents_train.prepared.jsonl --extra-docs 0 --extra-excerpt 3000 --extra-stems court_bare \
    --novel-stems 0.5 --rare-header-names 0.5 --teacher "$P" --distill-weight 0.5 \
    --distill-temperature 2 --valid "$V" --valid-limit 60 --out "$O/g" --threads 2
mkdir -p "$O/g3"
cp -r "$O"/g/best/{config.json,thunder_deid.json,tokenizer} "$O/g3/"
cp "$O/g/checkpoint/model.safetensors" "$O/g3/"
python - "$O/g3/thunder_deid.json" <<'PY'
import json, sys
p = sys.argv[1]; m = json.load(open(p, encoding="utf-8")); m["epoch"] = 3
open(p, "w", encoding="utf-8").write(json.dumps(m, ensure_ascii=False, indent=2))
PY
date
