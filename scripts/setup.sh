#!/usr/bin/env bash
# Set up a virtual environment with everything thunder-deid needs, CPU-only, idempotently.
#   bash scripts/setup.sh            # .venv in the repository root
#   KENLM=1 bash scripts/setup.sh    # also build KenLM's lmplz/build_binary (only tokenizer training needs them;
#                                    # scripts/test.sh asks for it)
# On a GPU machine install your CUDA build of torch into the venv first; this script keeps it.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=${VENV:-.venv}
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
PIP=("$VENV/bin/python" -m pip --disable-pip-version-check -q)
# pip.conf on some machines lists local indexes that may be absent: hide only that warning (pip prints it as
# "WARNING: Location '...' is ignored: it is neither a file nor a directory.").
quiet() { "$@" 2>&1 | { grep -v "is ignored: it is neither a file nor a directory" || true; }; }
FIND=()
[ -d /opt/wheels ] && FIND=(--find-links /opt/wheels)
# torch: the exact CPU wheel unless some torch is already there; never let a resolver pick a CUDA build.
if ! "$VENV/bin/python" -c "import torch" 2>/dev/null; then
  quiet "${PIP[@]}" install "${FIND[@]}" "torch==2.13.0"
fi
quiet "${PIP[@]}" install "${FIND[@]}" -e ".[all]"
# A Korean TrueType font for the PDF tests (fonts-nanum), where this user may install Debian packages.
if ! ls /usr/share/fonts/truetype/nanum/NanumGothic.ttf >/dev/null 2>&1 && command -v apt-get >/dev/null \
   && [ "$(id -u)" = 0 ]; then
  { apt-get install -y -q fonts-nanum || { apt-get update -q && apt-get install -y -q fonts-nanum; }; } >/dev/null 2>&1 \
    || echo "setup: could not install fonts-nanum; the PDF tests will skip" >&2
fi
# KenLM's lmplz/build_binary for training boundary-aware tokenizers (skipped when already on PATH or built).
if [ "${KENLM:-0}" = 1 ]; then
  bash scripts/build_kenlm.sh
fi
