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
for c in 8ac5b07 1e126c4; do git worktree remove --force "$T/$c"; done
# the files S18 scored round 50's test figures on, to the last digit (BENCHMARKS.md, 2026-12-07 21:35)
sha256sum -c <<'SUMS'
66041cc93f3db8a502f31f4f0d7679c5f45663f9bd04011e5ee7bbdbb9eeafaa  runs/s60/test/fact_test.heldout.jsonl
0122427dcb8f5d5dd2204de452ed0ac4a1169e194b879851c4ba2839dcd7e9de  runs/s60/test/prec150.heldout.jsonl
7fda5196d0ee5760046ed13f94117d1b0b04e58e47b57906b65733fae4b606ea  runs/s60/test/prec_test.heldout.jsonl
5a51e8a553cd99b4a287286cd7ec9c9174248d29409fd9446e1faace942d449d  runs/s43/fact_test.same.jsonl
e3caf85e49ad77222e3aab094cdc76207849c9b733106b48b9490a684e6aa9f0  runs/s43/prec_test.same.jsonl
1be7ec828170456c99c96fc3e900935a9fbe62a034ae692eef22ae6cbee12346  runs/s62/test/prec_test.heldout.court_bare.jsonl
45b24848e367697203a134768a3ec8ae018dfde202b0152f0bffdb5ba43dc54c  runs/s62/test/prec_test.all.court_bare.jsonl
SUMS
