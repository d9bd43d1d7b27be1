#!/usr/bin/env bash
# Build KenLM's lmplz and build_binary (needed only to TRAIN boundary-aware tokenizers) into
# third_party/kenlm-build/bin/, idempotently:
#   bash scripts/build_kenlm.sh          # seconds when already built or on PATH
# Source: the kenlm sdist from PyPI (Debian has no kenlm package); Boost/zlib headers from Debian when
# missing and apt-get is usable. Set KENLM_SKIP=1 to skip, KENLM_JOBS to change the make parallelism.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
DEST=third_party/kenlm-build
BIN=$DEST/bin
[ "${KENLM_SKIP:-0}" = 1 ] && exit 0
if [ -x "$BIN/lmplz" ] && [ -x "$BIN/build_binary" ]; then
  exit 0
fi
if command -v lmplz >/dev/null && command -v build_binary >/dev/null; then
  mkdir -p "$BIN"
  ln -sf "$(command -v lmplz)" "$BIN/lmplz"
  ln -sf "$(command -v build_binary)" "$BIN/build_binary"
  exit 0
fi
echo "build_kenlm: building lmplz and build_binary from the kenlm source distribution (a few minutes)" >&2

# Build dependencies: cmake, a C++ compiler, Boost (program_options, system, thread, test), zlib.
need=()
command -v cmake >/dev/null || need+=(cmake)
command -v g++ >/dev/null || need+=(g++)
[ -e /usr/include/boost/program_options.hpp ] || need+=(libboost-program-options-dev)
[ -e /usr/include/boost/thread.hpp ] || need+=(libboost-thread-dev)
ls /usr/lib/*/libboost_system* >/dev/null 2>&1 || need+=(libboost-system-dev)
# kenlm's CMakeLists asks for unit_test_framework even with COMPILE_TESTS=OFF
ls /usr/lib/*/cmake/boost_unit_test_framework-* >/dev/null 2>&1 || need+=(libboost-test-dev)
[ -e /usr/include/zlib.h ] || need+=(zlib1g-dev)
if [ ${#need[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    apt-get install -y -q "${need[@]}" >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q "${need[@]}" >/dev/null; }
  else
    echo "build_kenlm: missing ${need[*]}; install them (e.g. apt-get install ${need[*]}) and rerun" >&2
    exit 1
  fi
fi

PY=${PYTHON:-}
[ -z "$PY" ] && { [ -x .venv/bin/python ] && PY=.venv/bin/python || PY=python3; }
SRC=$DEST/src
mkdir -p "$SRC"
if [ ! -f "$SRC/CMakeLists.txt" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  # --no-build-isolation: only download the sdist (no build of its build requirements); pip still reads
  # its metadata with setuptools, which Python >= 3.12 venvs lack
  "$PY" -c "import setuptools" 2>/dev/null || "$PY" -m pip install -q setuptools
  # (pip.conf's absent local indexes: the same one warning scripts/setup.sh hides)
  "$PY" -m pip download -q --no-deps --no-binary kenlm --no-build-isolation -d "$tmp" kenlm 2>&1 \
    | { grep -v "is ignored: it is neither a file nor a directory" || true; }
  tar xzf "$tmp"/kenlm-*.tar.gz -C "$tmp"
  cp -r "$tmp"/kenlm-*/. "$SRC"/
fi
mkdir -p "$DEST/cmake"
LOG=$DEST/build.log
{ cmake -S "$SRC" -B "$DEST/cmake" -DCMAKE_BUILD_TYPE=Release -DENABLE_PYTHON=OFF -DCOMPILE_TESTS=OFF &&
  cmake --build "$DEST/cmake" --target lmplz build_binary -j "${KENLM_JOBS:-$(nproc)}"; } >"$LOG" 2>&1 ||
  { tail -40 "$LOG" >&2; echo "build_kenlm: build failed, see $LOG" >&2; exit 1; }
mkdir -p "$BIN"
cp "$DEST/cmake/bin/lmplz" "$DEST/cmake/bin/build_binary" "$BIN"/
echo "build_kenlm: $ROOT/$BIN/{lmplz,build_binary}" >&2
