#!/usr/bin/env bash
# Round 22 (BENCHMARKS.md): a model's predictions on the validation documents realised with seeds 4299 and 5299
# (files runs/s24/*.SEED.jsonl, made by the commands there; round 23: D=runs/s25 SEEDS="6299 7299"), then, for any NAME but the baseline's, the round's
# pooled rules against the baseline's stored predictions. From the repository root (or a worktree of it whose
# runs/ and work/ lead to the same files), with the venv active:
#   confirm_r22.sh NAME MODEL        BASE (environment, default X22): the baseline's NAME
set -euo pipefail
N=$1; M=$2; B=${BASE-X22}; D=${D:-runs/s24}; G=work/splits/precedents/valid.jsonl
SEEDS=${SEEDS:-4299 5299}; S1=${SEEDS%% *}; S2=${SEEDS##* }   # round 23: D=runs/s25 SEEDS="6299 7299"
cd "$(dirname "$0")/../.."
export PYTHONPATH=$PWD  # the decoder of this checkout, not the installed one
date
for S in $S1 $S2; do
  thunder-deid predict --no-patterns --threads 2 --model $M $D/fact_valid.$S.jsonl $D/$N.fact.$S.jsonl 2>/dev/null
  thunder-deid predict --no-patterns --threads 2 --model $M $D/prec_valid150.$S.jsonl $D/$N.prec150.$S.jsonl 2>/dev/null
  head -60 $D/$N.prec150.$S.jsonl > $D/$N.prec60.$S.jsonl
  thunder-deid predict --threads 2 --model $M $D/prec_valid.court_bare.$S.jsonl $D/$N.court_bare.$S.jsonl 2>/dev/null
done
date
[ "$N" = "$B" ] && exit 0
echo "== $N rule 1: held-out precedents valid60, seeds $S1 + $S2 pooled, paired against $B"
thunder-deid eval --gold $D/prec_valid60.{$S1,$S2}.jsonl --pred $D/$N.prec60.{$S1,$S2}.jsonl \
    --baseline $D/$B.prec60.{$S1,$S2}.jsonl 2>/dev/null | grep "strict typed    F1"
echo "== $N rule 2: held-out fact valid, pooled, paired against $B; rule 5: person names (strict P / R / F1)"
thunder-deid eval --gold $D/fact_valid.{$S1,$S2}.jsonl --pred $D/$N.fact.{$S1,$S2}.jsonl \
    --baseline $D/$B.fact.{$S1,$S2}.jsonl 2>/dev/null | grep "strict typed    F1"
thunder-deid eval --gold $D/fact_valid.{$S1,$S2}.jsonl --pred $D/$N.fact.{$S1,$S2}.jsonl --per-type 2>/dev/null | grep "^인명 "
for S in $S1 $S2; do
  for m in $B $N; do
    echo "== rule 3: header names, seed $S, $m"
    python benchmarks/bench_patterns.py $D/prec_valid150.$S.jsonl $D/$m.prec150.$S.jsonl 2>/dev/null | grep "^model "
  done
  echo "== $N rule 4: court-bare round trip, seed $S (rows: $N, then $N against $B)"
  python benchmarks/bench_court.py --gold $G --realized $D/prec_valid.court_bare.$S.jsonl --pred $D/$N.court_bare.$S.jsonl \
      --baseline $D/$B.court_bare.$S.jsonl --why 2>/dev/null | grep -E "^default policy|reproduced strictly:|against"
  python benchmarks/bench_court.py --gold $G --realized $D/prec_valid.court_bare.$S.jsonl --pred $D/$B.court_bare.$S.jsonl \
      --why 2>/dev/null | grep -E "^default policy|reproduced strictly:" | sed "s/^/    $B: /"
done
echo "== $N rule 5: sample judgment header (model spans), bundle"
python -c "
import sys; from thunder_deid.model.infer import Tagger
t = open('examples/sample_judgment.txt', encoding='utf-8').read()
d = Tagger.load(sys.argv[1], patterns=False).predict(t)
print([(t[s.start:s.end], s.label) for s in d.spans if s.start < t.find('주 문')])" $M 2>/dev/null
du -sh $M/model.safetensors $M/tokenizer
date
