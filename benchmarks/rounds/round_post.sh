#!/usr/bin/env bash
# The rest of a model round's rules after confirm_r22.sh has run for the baseline and the candidate (BENCHMARKS.md
# rounds 45-55; the runs/sNNN/post.sh of those rounds): both models' predictions on the whole unprepared precedents
# (model spans alone), then rule 6c (held-out precedents valid150, pooled, paired), 6d (the whole precedents, pooled,
# paired), the baseline's person names (rule 5's bar), leaks of the court-bare default output, and the sample
# header (rule 5). From the repository root, venv active:
#   round_post.sh D "SEED1 SEED2" BASE BASE_MODEL NAME MODEL
set -euo pipefail
D=$1; read -r S1 S2 <<< "$2"; B=$3; BM=$4; N=$5; M=$6
cd "$(dirname "$0")/../.."
export PYTHONPATH=$PWD
date
for m in "$B:$BM" "$N:$M"; do
  for S in $S1 $S2; do
    [ -f $D/${m%%:*}.precu.$S.jsonl ] || thunder-deid predict --no-patterns --threads 2 --model ${m#*:} \
        $D/precu.$S.jsonl $D/${m%%:*}.precu.$S.jsonl 2>/dev/null
  done
done
echo "== $N rule 6c: held-out precedents valid150, pooled, paired against $B"
thunder-deid eval --gold $D/prec_valid150.{$S1,$S2}.jsonl --pred $D/$N.prec150.{$S1,$S2}.jsonl \
    --baseline $D/$B.prec150.{$S1,$S2}.jsonl 2>/dev/null | grep "strict typed    F1"
echo "== $N rule 6d: whole unprepared precedents, pooled, paired against $B"
thunder-deid eval --gold $D/precu.{$S1,$S2}.jsonl --pred $D/$N.precu.{$S1,$S2}.jsonl \
    --baseline $D/$B.precu.{$S1,$S2}.jsonl 2>/dev/null | grep "strict typed    F1"
echo "== $B person names (strict P / R / F1), pooled fact valid"
thunder-deid eval --gold $D/fact_valid.{$S1,$S2}.jsonl --pred $D/$B.fact.{$S1,$S2}.jsonl --per-type 2>/dev/null | grep "^인명 "
echo "== leaks, court-bare default output, court mode"
python benchmarks/count_leaks.py $D/{$B,$N}.court_bare.{$S1,$S2}.jsonl --mode court 2>/dev/null | grep -v "^  e.g."
echo "== rule 5: the sample header"
python benchmarks/rounds/sample_header.py $BM $M 2>/dev/null
date
