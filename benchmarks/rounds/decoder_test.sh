#!/usr/bin/env bash
# A decoder step's test (BENCHMARKS.md "A business or a place is never one syllable"): the shipped model's
# predictions on the test realisations of record (seed 1199) from checkout C, written as NAME.* into OUT:
# model spans alone on the fact and precedent files, the default output (recognizers on) on the court-bare ones.
#   decoder_test.sh C NAME OUT        (C's runs/ holds the realisations; run with the venv active)
set -euo pipefail
C=$1; N=$2; O=$(realpath "$3")
cd "$C"; export PYTHONPATH=$PWD
date
for F in fact_test.heldout prec_test.heldout prec150.heldout; do
  thunder-deid predict --no-patterns --threads 2 --model thunder_deid/data/model runs/s60/test/$F.jsonl $O/$N.np.$F.jsonl 2>/dev/null
done
for F in fact_test.same prec_test.same; do
  thunder-deid predict --no-patterns --threads 2 --model thunder_deid/data/model runs/s43/$F.jsonl $O/$N.np.$F.jsonl 2>/dev/null
done
for V in heldout all; do
  thunder-deid predict --threads 2 --model thunder_deid/data/model runs/s62/test/prec_test.$V.court_bare.jsonl $O/$N.test.$V.jsonl 2>/dev/null
done
date
