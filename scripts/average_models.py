"""Average the weights of taggers of one shape and label set (a "model soup"), no training.

    python scripts/average_models.py OUT MODEL_A MODEL_B [...] [--tokenizer-from MODEL_B] [--align-labels]

Weights are averaged in fp32 and saved in fp32; the configuration, metadata and tokenizer are copied from
the first model (or the tokenizer from ``--tokenizer-from``), the metadata's licence naming every averaged
model's (``thunder_deid.model.licence``). Refuses models whose label sets or tensor
shapes differ, since an average of unaligned rows means nothing; with ``--align-labels`` the classifier
rows of every model are first put in the first model's label order, by label name, and the output keeps the
first model's label set (a fine-tune that met new labels, whose rows got fresh weights, drops those rows;
a model lacking one of the first model's labels is refused).
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

from safetensors.torch import load_file, save_file

from thunder_deid.model.licence import licence_text, model_licences


HEAD = ("classifier.weight", "classifier.bias")  # the tensors with one row per BIO label


def aligned(state: dict, labels: dict, order: list[str], where: Path) -> dict:
    """``state`` with its classifier rows in ``order`` (label names), the other tensors as they are."""
    row = {name: int(i) for i, name in labels.items()}
    missing = [name for name in order if name not in row]
    if missing:
        raise SystemExit(f"{where}: lacks label(s) of the first model: {', '.join(missing[:5])}")
    index = [row[name] for name in order]
    return {k: (v[index] if k in HEAD else v) for k, v in state.items()}


def average(models: list[Path], out: Path, tokenizer_from: Path | None = None, align_labels: bool = False) -> None:
    labels = [json.loads((m / "config.json").read_text(encoding="utf-8")).get("id2label") for m in models]
    states = [load_file(str(m / "model.safetensors")) for m in models]
    if align_labels:
        order = [labels[0][str(i)] for i in range(len(labels[0]))]
        states = [aligned(s, lab, order, m) for s, lab, m in zip(states, labels, models)]
    elif any(x != labels[0] for x in labels):
        raise SystemExit("label sets differ (--align-labels puts them in one order): " + ", ".join(map(str, models)))
    keys = set(states[0])
    if any(set(s) != keys or any(s[k].shape != states[0][k].shape for k in keys) for s in states):
        raise SystemExit("tensor names or shapes differ")
    avg = {k: sum(s[k].float() for s in states) / len(states) for k in keys}
    out.mkdir(parents=True, exist_ok=False)
    save_file(avg, str(out / "model.safetensors"))
    shutil.copy(models[0] / "config.json", out / "config.json")
    meta = json.loads((models[0] / "thunder_deid.json").read_text(encoding="utf-8"))
    meta["licence"] = licence_text(model_licences(models))  # an average is made from every model it averages
    (out / "thunder_deid.json").write_text(json.dumps(meta, ensure_ascii=False, indent=2), encoding="utf-8")
    shutil.copytree((tokenizer_from or models[0]) / "tokenizer", out / "tokenizer")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("out", type=Path)
    p.add_argument("models", type=Path, nargs="+")
    p.add_argument("--tokenizer-from", type=Path)
    p.add_argument("--align-labels", action="store_true",
                   help="put every model's classifier rows in the first model's label order; keep its label set")
    a = p.parse_args()
    average(a.models, a.out, a.tokenizer_from, a.align_labels)
    print(f"{a.out}: average of {len(a.models)} models")


if __name__ == "__main__":
    main()
