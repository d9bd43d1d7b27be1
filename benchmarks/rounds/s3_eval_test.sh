#!/usr/bin/env bash
# BENCHMARKS.md "Whole person names in decoding": the test measures; run from the repository root.
# eval_test.sh NAME [PYTHONPATH]: the round-2 test measures with the shipped model (model spans alone)
set -euo pipefail
N=$1; export PYTHONPATH=${2:-}; O=runs/s3/te; mkdir -p $O
P="python -m thunder_deid.cli"
$P predict --no-patterns --threads 2 work/realized/thunder/test.jsonl $O/$N.fact.jsonl 2>/dev/null
$P predict --no-patterns --threads 2 work/realized_heldout/precedents/test.jsonl $O/$N.prec.jsonl 2>/dev/null
$P predict --no-patterns --threads 2 runs/lead4/prec_test150.heldout.real.jsonl $O/$N.prec150.jsonl 2>/dev/null
echo "== $N fact test (old inventory)"; $P eval --gold work/realized/thunder/test.jsonl --pred $O/$N.fact.jsonl 2>/dev/null | grep "strict typed"
echo "== $N precedents test held-out"; $P eval --gold work/realized_heldout/precedents/test.jsonl --pred $O/$N.prec.jsonl 2>/dev/null | grep "strict typed"
echo "== $N header names test150 held-out"; python benchmarks/bench_patterns.py runs/lead4/prec_test150.heldout.real.jsonl $O/$N.prec150.jsonl 2>/dev/null | tail -2
echo "== $N generalisation (fact test same vs held-out)"; python benchmarks/bench_generalisation.py 2>/dev/null | tail -9
