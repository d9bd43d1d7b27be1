#!/usr/bin/env bash
# A shipped model's test of record, scored once (BENCHMARKS.md round 41): the predictions decoder_test.sh wrote as
# NAME.* into DIR, against the baseline's BASE.* in BDIR. From the repository root, venv active:
#   score_test.sh NAME DIR BASE BDIR
set -euo pipefail
N=$1; O=$2; B=$3; P=$4
cd "$(dirname "$0")/../.."
export PYTHONPATH=$PWD
H=runs/s60/test; S=runs/s43; G=work/splits/precedents/test.jsonl
echo "== fact sections: held-out, then same-source (model alone), against $B"
thunder-deid eval --gold $H/fact_test.heldout.jsonl --pred $O/$N.np.fact_test.heldout.jsonl --baseline $P/$B.np.fact_test.heldout.jsonl 2>/dev/null | grep "strict typed    F1"
thunder-deid eval --gold $S/fact_test.same.jsonl --pred $O/$N.np.fact_test.same.jsonl --baseline $P/$B.np.fact_test.same.jsonl 2>/dev/null | grep "strict typed    F1"
echo "== precedents: held-out, then same-source (model alone), against $B"
thunder-deid eval --gold $H/prec_test.heldout.jsonl --pred $O/$N.np.prec_test.heldout.jsonl --baseline $P/$B.np.prec_test.heldout.jsonl 2>/dev/null | grep "strict typed    F1"
thunder-deid eval --gold $S/prec_test.same.jsonl --pred $O/$N.np.prec_test.same.jsonl --baseline $P/$B.np.prec_test.same.jsonl 2>/dev/null | grep "strict typed    F1"
echo "== fact sections: memorisation gap and person names"
python benchmarks/bench_generalisation.py --same $S/fact_test.same.jsonl --heldout $H/fact_test.heldout.jsonl \
    --pred-same $O/$N.np.fact_test.same.jsonl --pred-heldout $O/$N.np.fact_test.heldout.jsonl --bootstrap 1000 2>/dev/null | tail -14
echo "== precedents: memorisation gap"
python benchmarks/bench_generalisation.py --same $S/prec_test.same.jsonl --heldout $H/prec_test.heldout.jsonl \
    --pred-same $O/$N.np.prec_test.same.jsonl --pred-heldout $O/$N.np.prec_test.heldout.jsonl --bootstrap 1000 2>/dev/null | tail -14
echo "== header names and officials (150 prepared test judgments)"
python benchmarks/bench_patterns.py $H/prec150.heldout.jsonl $O/$N.np.prec150.heldout.jsonl --misses 2>/dev/null | tail -12
for V in heldout all; do
  echo "== court-bare round trip, $V, against $B"
  python benchmarks/bench_court.py --gold $G --realized runs/s62/test/prec_test.$V.court_bare.jsonl --pred $O/$N.test.$V.jsonl \
      --baseline $P/$B.test.$V.jsonl --why 2>/dev/null | grep -E "^policy|^default policy|reproduced strictly:|against"
  echo "== leaks, $V"
  python benchmarks/count_leaks.py $O/$N.test.$V.jsonl 2>/dev/null | tail -4
done
