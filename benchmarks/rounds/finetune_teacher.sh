#!/usr/bin/env bash
# "Fine-tuning without forgetting" (BENCHMARKS.md): the embedded model fine-tuned on 300 fact sections, plain and
# with itself as teacher, each scored on held-out fact validation (in domain) and the 60 held-out validation
# precedents (the rest), paired against the embedded model's stored predictions (runs/s9/ev/SS.*, eval_r19.sh SS).
# From the repository root with the venv active; files go to runs/s22.
set -euo pipefail
cd "$(dirname "$0")/../.."
O=runs/s22; mkdir -p $O
date
python -c "import random; l=open('work/splits/thunder/train.jsonl').readlines(); open('$O/fact_train300.jsonl','w').writelines(random.Random(0).sample(l,300))"
thunder-deid realize $O/fact_train300.jsonl $O/mine_train.jsonl --seed 1200 --source train 2>/dev/null
head -100 runs/s9/fact_valid.heldout.jsonl > $O/mine_valid.jsonl
for v in plain teacher; do
  extra=""; [ $v = teacher ] && extra="--teacher thunder_deid/data/model"
  rm -rf $O/$v $O/cand_$v
  /usr/bin/time -f "$v %e s" thunder-deid finetune --from thunder_deid/data/model --train $O/mine_train.jsonl \
      --valid $O/mine_valid.jsonl --out $O/$v --threads 2 $extra > $O/$v.log 2>&1
  tail -1 $O/$v.log
  python -m thunder_deid.model.export $O/$v/best $O/cand_$v --fp16 > /dev/null
  thunder-deid predict --no-patterns --threads 2 --model $O/cand_$v runs/s9/fact_valid.heldout.jsonl $O/$v.fact.jsonl 2>/dev/null
  thunder-deid predict --no-patterns --threads 2 --model $O/cand_$v runs/s9/prec_valid60.heldout.jsonl $O/$v.prec60.jsonl 2>/dev/null
done
for v in plain teacher; do
  echo "== $v against the embedded model: fact valid held-out (in domain), precedents valid60 held-out (the rest)"
  thunder-deid eval --gold runs/s9/fact_valid.heldout.jsonl --pred $O/$v.fact.jsonl --baseline runs/s9/ev/SS.fact.jsonl 2>/dev/null | grep "strict typed    F1"
  thunder-deid eval --gold runs/s9/prec_valid60.heldout.jsonl --pred $O/$v.prec60.jsonl --baseline runs/s9/ev/SS.prec60.jsonl 2>/dev/null | grep "strict typed    F1"
done
date
