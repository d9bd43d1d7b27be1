#!/usr/bin/env bash
# Round 8 on one CUDA GPU (BENCHMARKS.md "Round 8"), from the repository root of a machine whose python3 has torch
# with CUDA: masked-LM pre-training and fine-tuning of two shapes side by side on the GPU, from data encoded on
# the CPU machine (work/gpu: blocks.npz and ft/, written by the `--encode-to` commands in BENCHMARKS.md), then the
# GPU inference check (benchmarks/bench_gpu.py). KenLM (only the validation scoring and the check tokenise text)
# is built from its carried source meanwhile.
#   bash benchmarks/rounds/gpu_round.sh OUT [SMOKE]     SMOKE=1: two steps on the CPU, to test this script
set -uo pipefail
OUT=$1; SMOKE=${2:-0}; G=work/gpu; T=thunder_deid/data/model/tokenizer; R=/tmp/round8
export OUT SMOKE G T R
mkdir -p $R; date -u +%T > $OUT/times.txt
if [ "$SMOKE" = 1 ]; then DEV=cpu; MAX="--max-steps 2 --valid-limit 3"; EP=2; PY=python; else DEV=cuda; MAX=""; EP=10; PY=python3; fi
export DEV MAX EP PY
if [ "$SMOKE" = 1 ]; then
  echo "kenlm rc 0 (the local one)" > /tmp/kenlm.log
else
  $PY -m pip install -q --no-deps --no-build-isolation --no-index --target /tmp/td . >> $OUT/times.txt 2>&1 || exit 1
  export PYTHONPATH=/tmp/td PYTHONSAFEPATH=1   # the installed package, not the repository's folders (package-dir)
  rm -f /tmp/kenlm.log
  ( $PY -m pip install -q --no-deps --no-build-isolation --no-index --target /tmp/kenlm $G/kenlm-0.3.0.tar.gz \
      > /tmp/kenlm.part 2>&1; echo "kenlm rc $?" >> /tmp/kenlm.part; mv /tmp/kenlm.part /tmp/kenlm.log;
    cat /tmp/kenlm.log >> $OUT/times.txt ) &
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader >> $OUT/times.txt
fi
td() { $PY -m thunder_deid.cli "$@"; }
wait_kenlm() { while [ ! -f /tmp/kenlm.log ]; do sleep 2; done; }

chain() {  # NAME CONFIG MLM_LR: pre-train, then fine-tune, scored per epoch once KenLM is there (else not)
  local n=$1 cfg=$2 lr=$3 valid=()
  td pretrain --config $cfg --tokenizer $T --encoded $G/blocks.npz --epochs 4 --lr $lr --batch-size 64 \
     --effective-batch 64 --device $DEV --out $R/mlm_$n ${MAX%--valid-limit*} || return 1
  echo "$n pretrained $(date -u +%T)" >> $OUT/times.txt
  wait_kenlm
  if PYTHONPATH=${PYTHONPATH:-}:/tmp/kenlm $PY -c "import kenlm" 2>/dev/null; then valid=(--valid $G/mix_valid.jsonl.gz); fi
  PYTHONPATH=${PYTHONPATH:-}:/tmp/kenlm td train --config $cfg --tokenizer $T --encoded $G/ft --init $R/mlm_$n \
     --epochs $EP --lr 1e-3 "${valid[@]}" --device $DEV --out $R/$n $MAX || return 1
  echo "$n trained $(date -u +%T) (validation: ${valid[*]:-none})" >> $OUT/times.txt
}

# Both chains side by side (models this small leave the GPU mostly idle); at DEADLINE seconds from the start
# whatever is still training is stopped: its best/ so far is what comes back (the lease is short).
DEADLINE=${DEADLINE:-400}
setsid bash -c "$(declare -f td chain wait_kenlm); chain S small 2e-3" > $OUT/S.log 2>&1 &
PS=$!
setsid bash -c "$(declare -f td chain wait_kenlm); chain W benchmarks/rounds/medium8.yaml 1.5e-3" > $OUT/W.log 2>&1 &
PW=$!
while kill -0 $PS 2>/dev/null || kill -0 $PW 2>/dev/null; do
  if [ $SECONDS -ge $DEADLINE ]; then
    echo "deadline at $(date -u +%T): stopping what still runs" >> $OUT/times.txt
    kill -- -$PS -$PW 2>/dev/null; sleep 3; break
  fi
  sleep 2
done
wait $PS; echo "S rc $?" >> $OUT/times.txt
wait $PW; echo "W rc $?" >> $OUT/times.txt

# What comes back: each run's best/ and each pre-trained backbone with fp16 weights (the shipping format, as
# `model.export --fp16` writes them, without loading the tokenizer: it is T and stays here) and the runs' metrics,
# in parts under 16 MiB (8 files at most come back: times.txt, S.log, W.log and 4 parts).
$PY benchmarks/rounds/pack_fp16.py $R $R/ship S W mlm_S mlm_W >> $OUT/times.txt 2>&1
[ -d $R/ship ] && tar -C $R/ship -cf - . | split -b 15M - $OUT/models.tar.
echo "packed $(date -u +%T)" >> $OUT/times.txt

if [ "$SMOKE" != 1 ] && [ "${BENCH:-1}" = 1 ]; then
  wait_kenlm
  PYTHONPATH=$PYTHONPATH:/tmp/kenlm timeout ${BENCH_LIMIT:-120} $PY benchmarks/bench_gpu.py $G/thunder_test.jsonl.gz $G/prec_test100.jsonl.gz \
      --threads 2 --batch-tokens 0 262144 >> $OUT/times.txt 2>&1
  echo "bench done $(date -u +%T)" >> $OUT/times.txt
fi
