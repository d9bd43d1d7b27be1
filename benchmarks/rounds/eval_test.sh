#!/usr/bin/env bash
# The test measures of one model on one realisation of the test splits (BENCHMARKS.md, "two groups never read
# as one" on), run once after a decision; model spans alone except the court round trip (default policy).
# eval_test.sh DIR NAME MODEL   DIR holds fact.jsonl (old-inventory values), fact.same.jsonl, fact.heldout.jsonl,
#   prec.all.jsonl, prec.heldout.jsonl and prec150.heldout.jsonl (the commands are in BENCHMARKS.md)
set -euo pipefail
D=$1; N=$2; M=$3; O=$D/te; mkdir -p $O
for f in fact prec.heldout prec150.heldout; do
  thunder-deid predict --no-patterns --threads 2 --model $M $D/$f.jsonl $O/$N.$f.jsonl 2>/dev/null
done
for f in prec.all prec.heldout; do
  thunder-deid predict --threads 2 --model $M $D/$f.jsonl $O/$N.court.$f.jsonl 2>/dev/null
done
echo "== $N fact test (old-inventory values)"; thunder-deid eval --gold $D/fact.jsonl --pred $O/$N.fact.jsonl 2>/dev/null | grep "strict typed" | head -1
echo "== $N precedents test, held-out source"; thunder-deid eval --gold $D/prec.heldout.jsonl --pred $O/$N.prec.heldout.jsonl 2>/dev/null | grep "strict typed" | head -1
echo "== $N header names, held-out source (test150)"; python benchmarks/bench_patterns.py $D/prec150.heldout.jsonl $O/$N.prec150.heldout.jsonl 2>/dev/null | tail -2
echo "== $N court round trip (all sources, then held-out source)"
python benchmarks/bench_court.py --realized $D/prec.all.jsonl --pred $O/$N.court.prec.all.jsonl 2>/dev/null | grep "^default\|^surrogate"
python benchmarks/bench_court.py --realized $D/prec.heldout.jsonl --pred $O/$N.court.prec.heldout.jsonl 2>/dev/null | grep "^default"
echo "== $N leaks (court mode, consistency on)"; python benchmarks/count_leaks.py $O/$N.court.prec.all.jsonl 2>/dev/null | tail -2
echo "== $N generalisation (fact test, same vs held-out source)"
python benchmarks/bench_generalisation.py --model $M --same $D/fact.same.jsonl --heldout $D/fact.heldout.jsonl 2>/dev/null | tail -9
