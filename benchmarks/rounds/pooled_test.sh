#!/usr/bin/env bash
# The test figures pooled over the seed of record (1199) and seeds 1299 and 1399 (BENCHMARKS.md "The test figures
# pooled over three realisations"): each document's counts summed over its three realisations (`eval --gold R1 R2
# R3`), model spans alone, from the repository root with the venv active. Needs the files of eval_test.sh
# (runs/s6/test_new) and of realisation_seeds.sh (runs/s18); predictions already there are reused.
#   pooled_test.sh NAME MODEL
set -euo pipefail
N=$1; M=$2
cd "$(dirname "$0")/../.."
T=runs/s6/test_new; O=runs/s18
date
pred() { [ -f "$2" ] || thunder-deid predict --no-patterns --threads 2 --model $M "$1" "$2"; }  # errors stay visible
for kind in fact prec; do
  for src in eval train; do
    [ $src = eval ] && old=heldout || old=same
    golds=($T/$kind.$old.jsonl); preds=($T/te/$N.$kind.$old.jsonl)
    for s in 1299 1399; do golds+=($O/$kind.$src.$s.jsonl); preds+=($O/$N.$kind.$src.$s.jsonl); done
    for i in 0 1 2; do pred ${golds[$i]} ${preds[$i]}; done
    echo "== $N $kind test, $([ $src = eval ] && echo held-out || echo same-source) values, seeds 1199 1299 1399 pooled"
    thunder-deid eval --gold ${golds[@]} --pred ${preds[@]} --bootstrap 1000 2>/dev/null | grep "strict typed    F1"
  done
done
date
