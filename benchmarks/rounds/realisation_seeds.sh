#!/usr/bin/env bash
# The test documents realised again with other seeds, to see how much a figure owes to one realisation
# (BENCHMARKS.md "The realisation, not only the documents"), from the repository root with the venv active:
#   realisation_seeds.sh NAME MODEL SEED...
# Per seed: the precedents and the fact sections realised from the training part and from the held-out part, the
# fact sections also with the old inventory; the model predicts them anew (model spans alone); printed: the
# memorisation gaps with their paired intervals and the old-inventory fact figure. Files go to runs/s18.
set -euo pipefail
N=$1; M=$2; shift 2
cd "$(dirname "$0")/../.."
O=runs/s18; mkdir -p $O
I="--inventory ../shared/data/thunder_deid/replacement/subset"
date
for s in "$@"; do
  for src in train eval; do
    [ -f $O/prec.$src.$s.jsonl ] || thunder-deid realize work/splits/precedents/test.jsonl $O/prec.$src.$s.jsonl --seed $s --source $src 2>/dev/null
    [ -f $O/fact.$src.$s.jsonl ] || thunder-deid realize work/splits/thunder/test.jsonl $O/fact.$src.$s.jsonl --seed $s --source $src $I 2>/dev/null
    thunder-deid predict --no-patterns --threads 2 --model $M $O/prec.$src.$s.jsonl $O/$N.prec.$src.$s.jsonl 2>/dev/null
  done
  [ -f $O/fact.all.$s.jsonl ] || thunder-deid realize work/splits/thunder/test.jsonl $O/fact.all.$s.jsonl --seed $s $I 2>/dev/null
  thunder-deid predict --no-patterns --threads 2 --model $M $O/fact.all.$s.jsonl $O/$N.fact.all.$s.jsonl 2>/dev/null
  echo "== $N seed $s: precedents, same-source against held-out"
  python benchmarks/bench_generalisation.py --same $O/prec.train.$s.jsonl --heldout $O/prec.eval.$s.jsonl \
      --pred-same $O/$N.prec.train.$s.jsonl --pred-heldout $O/$N.prec.eval.$s.jsonl --bootstrap 1000 | tail -14
  echo "== $N seed $s: fact sections, same-source against held-out"
  python benchmarks/bench_generalisation.py --model $M --same $O/fact.train.$s.jsonl --heldout $O/fact.eval.$s.jsonl --bootstrap 1000 | tail -14
  echo "== $N seed $s: fact sections, old-inventory values"
  thunder-deid eval --gold $O/fact.all.$s.jsonl --pred $O/$N.fact.all.$s.jsonl 2>/dev/null | grep "strict typed" | head -1
done
date
