#!/usr/bin/env bash
# Set up (idempotent) and run the test suite. Extra arguments go to pytest.
#   bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
KENLM=1 bash scripts/setup.sh  # tokenizer-training tests need lmplz
export PATH="$PWD/third_party/kenlm-build/bin:$PATH"
set +e
.venv/bin/python -m pytest -q "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then echo "pytest collected no tests: failing" >&2; exit 1; fi
exit "$rc"
