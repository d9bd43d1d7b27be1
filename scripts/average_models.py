"""Average the weights of taggers of one shape and label set (a "model soup"), no training.

    python scripts/average_models.py OUT MODEL_A MODEL_B [...] [--tokenizer-from MODEL_B]

Weights are averaged in fp32 and saved in fp32; the configuration, metadata and tokenizer are copied from
the first model (or the tokenizer from ``--tokenizer-from``). Refuses models whose label sets or tensor
shapes differ, since an average of unaligned rows means nothing.
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

from safetensors.torch import load_file, save_file


def average(models: list[Path], out: Path, tokenizer_from: Path | None = None) -> None:
    labels = [json.loads((m / "config.json").read_text(encoding="utf-8")).get("id2label") for m in models]
    if any(x != labels[0] for x in labels):
        raise SystemExit("label sets differ: " + ", ".join(map(str, models)))
    states = [load_file(str(m / "model.safetensors")) for m in models]
    keys = set(states[0])
    if any(set(s) != keys or any(s[k].shape != states[0][k].shape for k in keys) for s in states):
        raise SystemExit("tensor names or shapes differ")
    avg = {k: sum(s[k].float() for s in states) / len(states) for k in keys}
    out.mkdir(parents=True, exist_ok=False)
    save_file(avg, str(out / "model.safetensors"))
    for name in ("config.json", "thunder_deid.json"):
        shutil.copy(models[0] / name, out / name)
    shutil.copytree((tokenizer_from or models[0]) / "tokenizer", out / "tokenizer")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("out", type=Path)
    p.add_argument("models", type=Path, nargs="+")
    p.add_argument("--tokenizer-from", type=Path)
    a = p.parse_args()
    average(a.models, a.out, a.tokenizer_from)
    print(f"{a.out}: average of {len(a.models)} models")


if __name__ == "__main__":
    main()
