"""Copy models with fp16 weights and without the tokenizer, to bring them back from a GPU machine.

    python benchmarks/rounds/pack_fp16.py RUNS DEST NAME...     # RUNS/NAME/best (a run) or RUNS/NAME -> DEST/NAME

The weights are what ``python -m thunder_deid.model.export SRC DST --fp16`` writes; the tokenizer is left
out because it is the one the run was given (copy it back in, or export again, before loading). Loading the
model is not needed, so neither is KenLM.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from safetensors.torch import load_file, save_file


def main() -> None:
    runs, dest, names = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3:]
    for n in names:
        src, dst = (runs / n / "best" if (runs / n / "best").is_dir() else runs / n), dest / n
        if not (src / "model.safetensors").is_file():
            print(f"{n}: no {src / 'model.safetensors'}")
            continue
        dst.mkdir(parents=True, exist_ok=False)
        for f in ("config.json", "thunder_deid.json"):
            shutil.copy(src / f, dst / f)
        if (runs / n / "metrics.jsonl").is_file():
            shutil.copy(runs / n / "metrics.jsonl", dst / "metrics.jsonl")
        state = {k: v.half() if v.is_floating_point() else v for k, v in load_file(str(src / "model.safetensors")).items()}
        save_file(state, str(dst / "model.safetensors"), metadata={"format": "pt"})
        print(f"{n}: {sum(v.numel() for v in state.values()) / 1e6:.2f}M parameters packed")


if __name__ == "__main__":
    main()
