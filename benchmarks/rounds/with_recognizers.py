"""The second line over stored model-only predictions: what ``thunder-deid predict`` writes with the recognizers.

    python benchmarks/rounds/with_recognizers.py MODEL_ONLY.jsonl OUT.jsonl [--model DIR]

``MODEL_ONLY`` is ``thunder-deid predict --no-patterns`` on text already in canonical form (realised files are), so
:func:`thunder_deid.recognizers.apply_patterns` at the model's target level gives the spans ``predict`` gives
with them; run from two checkouts (``PYTHONPATH=``), it compares two versions of the recognizers on one set of
model predictions without running the model twice.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from thunder_deid.document import load_jsonl, write_jsonl
from thunder_deid.model.infer import default_model_dir
from thunder_deid.model.modeling import read_meta
from thunder_deid.recognizers import apply_patterns


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("model_only", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--model", type=Path, default=None, help="the model's directory (default: the embedded one)")
    a = ap.parse_args()
    level = read_meta(a.model or default_model_dir()).get("target_level", "leaf")
    write_jsonl(a.out, (apply_patterns(d, level) for d in load_jsonl(a.model_only)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
