#!/usr/bin/env bash
# A decoder step's validation figures (BENCHMARKS.md, the decoder steps' rules since "A word of legal text the tagger
# only guessed to be a name"): the predictions of the parent P and of the step U, made by confirm_r22.sh's predict
# commands and `thunder-deid predict --no-patterns` on the whole precedents (D/M.precu.S.jsonl), compared pooled and
# paired: fact valid, precedents valid150, whole precedents, person names, header names and officials, the court-bare
# round trip of the default output and its leaks. From the repository root, venv active:
#   decoder_rule.sh D "SEED1 SEED2" [P U]
set -euo pipefail
D=$1; read -r A B <<< "$2"; P=${3:-P}; U=${4:-U}; G=work/splits/precedents/valid.jsonl
cd "$(dirname "$0")/../.."
export PYTHONPATH=$PWD
echo "== fact valid, pooled, $U against $P"
thunder-deid eval --gold $D/fact_valid.{$A,$B}.jsonl --pred $D/$U.fact.{$A,$B}.jsonl --baseline $D/$P.fact.{$A,$B}.jsonl 2>/dev/null | grep "strict typed    F1"
echo "== precedents valid150, pooled"
thunder-deid eval --gold $D/prec_valid150.{$A,$B}.jsonl --pred $D/$U.prec150.{$A,$B}.jsonl --baseline $D/$P.prec150.{$A,$B}.jsonl 2>/dev/null | grep "strict typed    F1"
echo "== whole precedents, pooled"
thunder-deid eval --gold $D/precu.{$A,$B}.jsonl --pred $D/$U.precu.{$A,$B}.jsonl --baseline $D/$P.precu.{$A,$B}.jsonl 2>/dev/null | grep "strict typed    F1"
echo "== person names, pooled fact valid, $P then $U"
for m in $P $U; do thunder-deid eval --gold $D/fact_valid.{$A,$B}.jsonl --pred $D/$m.fact.{$A,$B}.jsonl --per-type 2>/dev/null | grep "^인명 "; done
for S in $A $B; do for m in $P $U; do
  echo "== header names, seed $S, $m"
  python benchmarks/bench_patterns.py $D/prec_valid150.$S.jsonl $D/$m.prec150.$S.jsonl 2>/dev/null | grep "^model " | tail -1
  echo "== court-bare, seed $S, $m"
  python benchmarks/bench_court.py --gold $G --realized $D/prec_valid.court_bare.$S.jsonl --pred $D/$m.court_bare.$S.jsonl --why 2>/dev/null | grep -E "^default policy|reproduced strictly:"
done; done
python benchmarks/count_leaks.py $D/{$P,$U}.court_bare.{$A,$B}.jsonl --mode court 2>/dev/null | grep "consistency on"
