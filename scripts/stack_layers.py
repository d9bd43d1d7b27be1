"""Grow a trained tagger deeper without changing what it computes: new layers appended as copies of the
existing ones with their output projections zeroed, so each starts as the identity on the residual stream
and the deeper model's first forward pass equals the shallow one's (pre-norm blocks: x + Wo(...)).

    python scripts/stack_layers.py thunder_deid/data/model runs/s2/init8 --layers 8
    thunder-deid train --config runs/s2/deep8.yaml --init runs/s2/init8 ...   # deep8.yaml: {base: small, model: {num_hidden_layers: 8}}
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
from pathlib import Path

from safetensors.torch import load_file, save_file

LAYER = re.compile(r"^model\.layers\.(\d+)\.(.+)$")
ZEROED = ("attn.Wo.weight", "mlp.Wo.weight")  # the two writes into the residual stream


def stack(src: Path, out: Path, layers: int) -> int:
    weights = {k: v.float() for k, v in load_file(str(src / "model.safetensors")).items()}
    n = 1 + max(int(m.group(1)) for k in weights if (m := LAYER.match(k)))
    if layers <= n:
        raise SystemExit(f"{src} has {n} layers; --layers must be more")
    for key, value in list(weights.items()):
        m = LAYER.match(key)
        if not m:
            continue
        i, rest = int(m.group(1)), m.group(2)
        for j in range(n + i, layers, n):
            weights[f"model.layers.{j}.{rest}"] = value.clone() * (0.0 if rest in ZEROED else 1.0)
    out.mkdir(parents=True, exist_ok=False)
    save_file(weights, str(out / "model.safetensors"))
    config = json.loads((src / "config.json").read_text(encoding="utf-8"))
    config["num_hidden_layers"] = layers
    config.pop("layer_types", None)  # rebuilt from global_attn_every_n_layers
    (out / "config.json").write_text(json.dumps(config, ensure_ascii=False, indent=2), encoding="utf-8")
    for name in ("thunder_deid.json",):
        if (src / name).is_file():
            shutil.copy(src / name, out / name)
    return n


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("src", type=Path, help="a tagger directory (model.safetensors, config.json)")
    p.add_argument("out", type=Path, help="new directory for the deeper initialisation")
    p.add_argument("--layers", type=int, required=True)
    a = p.parse_args()
    n = stack(a.src, a.out, a.layers)
    print(f"{a.out}: {a.layers} layers from {n} ({a.layers - n} new, identity at start)")


if __name__ == "__main__":
    main()
