#!/usr/bin/env bash
# How far the test figures of record depend on their one realisation (BENCHMARKS.md "The readings step on other
# realisations of the test"): the held-out-source fact sections and precedents of the test split realised by this
# checkout's realiser at each SEED, predicted (model spans alone, the embedded model) by this checkout (U) and by the
# checkout BASE (P, a worktree of the parent), and scored pooled over the seeds, U paired against P. No decision is
# taken on these figures. From the repository root, venv active:
#   seed_spread.sh BASE D SEED...
set -euo pipefail
B=$(realpath "$1"); D=$2; shift 2
cd "$(dirname "$0")/../.."
export PYTHONPATH=$PWD
I="--inventory ../shared/data/thunder_deid/replacement/subset"; M=$PWD/thunder_deid/data/model
mkdir -p "$D"; D=$(realpath "$D")
date
for S in "$@"; do
  thunder-deid realize work/splits/thunder/test.jsonl $D/fact.$S.jsonl --seed $S --source eval $I
  thunder-deid realize work/splits/precedents/test.jsonl $D/prec.$S.jsonl --seed $S --source eval
  for K in fact prec; do
    [ -f $D/U.$K.$S.jsonl ] || thunder-deid predict --no-patterns --threads 2 --model $M $D/$K.$S.jsonl $D/U.$K.$S.jsonl 2>/dev/null
    [ -f $D/P.$K.$S.jsonl ] || (cd "$B" && PYTHONPATH=$B thunder-deid predict --no-patterns --threads 2 --model $M \
        $D/$K.$S.jsonl $D/P.$K.$S.jsonl 2>/dev/null)
  done
done
for K in fact prec; do
  for S in "$@"; do
    echo "== $K, held-out values, seed $S: U against P"
    thunder-deid eval --gold $D/$K.$S.jsonl --pred $D/U.$K.$S.jsonl --baseline $D/P.$K.$S.jsonl 2>/dev/null | grep "strict typed    F1"
  done
  echo "== $K, held-out values, seeds $* pooled: U against P"
  g=(); u=(); p=(); for S in "$@"; do g+=($D/$K.$S.jsonl); u+=($D/U.$K.$S.jsonl); p+=($D/P.$K.$S.jsonl); done
  thunder-deid eval --gold ${g[@]} --pred ${u[@]} --baseline ${p[@]} 2>/dev/null | grep "strict typed    F1"
done
date
