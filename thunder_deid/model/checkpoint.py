"""Resumable training checkpoints in safetensors + JSON, never pickle.

A checkpoint directory holds::

    model.safetensors       the (unwrapped) model's state dict
    optimizer.safetensors   optimiser state flattened to ``state.<param#>.<name>`` tensors
    rng.safetensors         torch CPU (and CUDA) generator states
    trainer_state.json      epoch, step, best score, optimiser param groups, scheduler state,
                            Python/NumPy RNG states

Restoring it and training on is bit-identical to never having stopped (``tests/model/test_checkpoint.py``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import torch
from safetensors.torch import load_file, save_file

from thunder_deid.io import atomic_folder


def _optimizer_tensors(opt: torch.optim.Optimizer) -> tuple[dict[str, torch.Tensor], list[dict[str, Any]]]:
    sd = opt.state_dict()
    tensors = {}
    for pid, st in sd["state"].items():
        for name, v in st.items():
            t = v if torch.is_tensor(v) else torch.tensor(v)
            tensors[f"state.{pid}.{name}"] = t.detach().cpu().contiguous()
    return tensors, sd["param_groups"]


def _optimizer_state(tensors: dict[str, torch.Tensor], groups: list[dict[str, Any]]) -> dict[str, Any]:
    state: dict[int, dict[str, torch.Tensor]] = {}
    for key, t in tensors.items():
        _, pid, name = key.split(".", 2)
        state.setdefault(int(pid), {})[name] = t
    return {"state": state, "param_groups": groups}


def save_checkpoint(path: Path, model, optimizer, scheduler, trainer_state: dict[str, Any]) -> None:
    """Write atomically (:func:`thunder_deid.io.atomic_folder`): a crash mid-write leaves the last checkpoint."""
    with atomic_folder(path) as tmp:
        model = getattr(model, "module", model)
        save_file({k: v.detach().cpu().contiguous() for k, v in model.state_dict().items()}, str(tmp / "model.safetensors"))
        tensors, groups = _optimizer_tensors(optimizer)
        save_file(tensors, str(tmp / "optimizer.safetensors"))
        rng = {"torch": torch.get_rng_state()}
        if torch.cuda.is_available() and torch.cuda.is_initialized():
            for i, s in enumerate(torch.cuda.get_rng_state_all()):
                rng[f"cuda.{i}"] = s
        save_file(rng, str(tmp / "rng.safetensors"))
        np_state = np.random.get_state()
        py_state = random.getstate()
        sched = scheduler.state_dict()  # LambdaLR keeps plain functions out of it (lr_lambdas: [None])
        state = {**trainer_state, "optimizer_param_groups": groups, "scheduler": sched,
                 "python_rng": [py_state[0], list(py_state[1]), py_state[2]],
                 "numpy_rng": [np_state[0], np_state[1].tolist(), *np_state[2:]]}
        (tmp / "trainer_state.json").write_text(json.dumps(state, indent=1), encoding="utf-8")


def load_checkpoint(path: Path, model, optimizer, scheduler, device: torch.device) -> dict[str, Any]:
    """Restore model, optimiser, scheduler and RNGs in place; returns the trainer state."""
    path = Path(path)
    state = json.loads((path / "trainer_state.json").read_text(encoding="utf-8"))
    model = getattr(model, "module", model)
    model.load_state_dict(load_file(str(path / "model.safetensors"), device=str(device)))
    opt_state = _optimizer_state(load_file(str(path / "optimizer.safetensors")), state.pop("optimizer_param_groups"))
    optimizer.load_state_dict(opt_state)
    scheduler.load_state_dict(state.pop("scheduler"))
    rng = load_file(str(path / "rng.safetensors"))
    torch.set_rng_state(rng["torch"])
    cuda = [rng[k] for k in sorted(rng) if k.startswith("cuda.")]
    if cuda and torch.cuda.is_available():
        torch.cuda.set_rng_state_all(cuda)
    v, key, pos = state.pop("python_rng")
    random.setstate((v, tuple(key), pos))
    n = state.pop("numpy_rng")
    np.random.set_state((n[0], np.array(n[1], dtype=np.uint32), *n[2:]))
    return state
