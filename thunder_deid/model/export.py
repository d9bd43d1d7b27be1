"""Copy a trained model directory into a compact one (fp16 weights), e.g. the embedded default model.

    python -m thunder_deid.model.export runs/small_boundary/best thunder_deid/data/model --fp16

Weights are stored in fp16 safetensors (loaded back as fp32); the tokenizer bundle is copied along.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import torch

from thunder_deid.model.modeling import load_model, save_model, tokenizer_spec


def export(src: Path, dst: Path, fp16: bool = True, extra: dict | None = None) -> int:
    """Write ``dst`` from ``src``; returns its size in bytes."""
    model, _, _, meta = load_model(src)
    save_model(model, dst, tokenizer_spec(src), {**meta, **(extra or {})}, torch.float16 if fp16 else torch.float32)
    return sum(p.stat().st_size for p in Path(dst).rglob("*") if p.is_file())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("src", type=Path)
    ap.add_argument("dst", type=Path)
    ap.add_argument("--fp16", action="store_true")
    ap.add_argument("--note", help="JSON object merged into thunder_deid.json (e.g. test figures)")
    a = ap.parse_args()
    size = export(a.src, a.dst, a.fp16, json.loads(a.note) if a.note else None)
    print(f"{a.dst}: {size / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
