#!/usr/bin/env bash
# The test realisations of record (seed 1199), made again on a fresh machine by the commits that made them, from
# the rebuilt work/ (README "Building the corpora"): the held-out and same-source fact and precedent files and the
# 150 prepared precedents by 8ac5b07's realiser (runs/s60/test, runs/s43: BENCHMARKS.md "generated names that read
# as a bank or a country"), the court-bare ones by 1e126c4's (runs/s62/test: "court-bare stems by court style's
# test"). decoder_test.sh and score_test.sh read them where these commands write them. From the repository root
# (a clone with ../shared beside it), venv active; the two worktrees go under ${TMPDIR:-/tmp}/td_record.
#   test_record.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
R=$PWD; T=${TMPDIR:-/tmp}/td_record; I="--inventory $R/../shared/data/thunder_deid/replacement/subset"
mkdir -p runs/s60/test runs/s43 runs/s62/test runs/train "$T"
at() {  # at COMMIT CMD...: CMD in a worktree of COMMIT, its runs/ and work/ this checkout's
  local w=$T/$1; shift
  [ -d "$w" ] || git worktree add -q --detach "$w" "$(basename "$w")"
  ln -sfn "$R/runs" "$w/runs"; ln -sfn "$R/work" "$w/work"
  # the installed package maps thunder_deid.surrogates (…) to this checkout's folders: the worktree's own come first
  for p in taxonomy surrogates tokenizer eval; do ln -sfn "../$p" "$w/thunder_deid/$p"; done
  (cd "$w" && PYTHONPATH=$w "$@")
}
H=runs/s60/test
at 8ac5b07 thunder-deid realize work/splits/thunder/test.jsonl $H/fact_test.heldout.jsonl --seed 1199 --source eval $I
at 8ac5b07 thunder-deid realize work/splits/precedents/test.jsonl $H/prec_test.heldout.jsonl --seed 1199 --source eval
at 8ac5b07 thunder-deid corpus prepare-precedents work/splits/precedents/test.jsonl runs/train/prec_test.jsonl
at 8ac5b07 thunder-deid realize runs/train/prec_test.jsonl $H/prec_prepared.heldout.jsonl --seed 1199 --source eval
head -150 $H/prec_prepared.heldout.jsonl > $H/prec150.heldout.jsonl
at 8ac5b07 thunder-deid realize work/splits/thunder/test.jsonl runs/s43/fact_test.same.jsonl --seed 1199 --source train $I
at 8ac5b07 thunder-deid realize work/splits/precedents/test.jsonl runs/s43/prec_test.same.jsonl --seed 1199 --source train
for V in heldout:eval all:all; do
  at 1e126c4 thunder-deid realize work/splits/precedents/test.jsonl runs/s62/test/prec_test.${V%%:*}.court_bare.jsonl \
      --seed 1199 --source ${V##*:} --stems court_bare
done
sha256sum $H/*.heldout.jsonl runs/s43/*.same.jsonl runs/s62/test/*.court_bare.jsonl
