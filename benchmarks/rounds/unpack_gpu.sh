#!/usr/bin/env bash
# Unpack what benchmarks/rounds/gpu_round.sh brought back (models.tar.* from the device's $OUT) into model
# directories ready to load, evaluate or fine-tune from (`train --init DEST/mlm_S`), from the repository root:
#   bash benchmarks/rounds/unpack_gpu.sh FILES_AT DEST
# Each model came back without its tokenizer (it is thunder_deid/data/model/tokenizer, which the round used);
# it is copied back in, and `thunder_deid.json` already names it.
set -euo pipefail
SRC=$1; DEST=$2; T=thunder_deid/data/model/tokenizer
[ -e "$DEST" ] && { echo "unpack_gpu: $DEST exists; choose a new folder" >&2; exit 2; }
ls "$SRC"/models.tar.* >/dev/null 2>&1 || { echo "unpack_gpu: no models.tar.* in $SRC" >&2; exit 2; }
mkdir -p "$DEST"
cat "$SRC"/models.tar.* | tar -C "$DEST" -xf -
for m in "$DEST"/*/; do
  cp -r $T "$m/tokenizer"
  echo "$m: $(python -c "import json,sys; m=json.load(open(sys.argv[1])); print(m.get('kind', 'tagger'), 'epoch', m.get('epoch'))" "$m/thunder_deid.json")"
done
