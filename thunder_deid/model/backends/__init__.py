"""Inference backends: what turns a batch of token windows into tag log-probabilities.

A backend is ONE file in this folder: a :class:`Backend` subclass registered under a name, e.g.::

    @register("mybackend")
    class MyBackend(Backend):
        def logprobs(self, ids, mask):
            ...

``get_backend("mybackend")`` imports ``thunder_deid.model.backends.mybackend`` on first use, so the name
is also the file name; a backend living elsewhere registers itself when its module is imported.
Everything around the forward pass (windows, batching, merging, decoding) is shared, so backends agree
on spans whenever their log-probs agree.

    >>> sorted(available_backends())
    ['bf16', 'onnx', 'torch']
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import Callable, ClassVar

import numpy as np

from thunder_deid.errors import ThunderDeidError

_REGISTRY: dict[str, type["Backend"]] = {}
_HERE = Path(__file__).resolve().parent


class Backend:
    """Runs the tagger's forward pass on ``[batch, length]`` int64 ``ids`` and ``mask`` arrays."""

    name: ClassVar[str] = ""
    batch_tokens: int = 8192  # padded tokens per forward call (a GPU backend raises it)

    def logprobs(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """``[batch, length, tags]`` float32 log-softmax of the logits; rows past ``mask`` are ignored."""
        raise NotImplementedError


def register(name: str) -> Callable[[type[Backend]], type[Backend]]:
    def deco(cls: type[Backend]) -> type[Backend]:
        cls.name = name
        _REGISTRY[name] = cls
        return cls

    return deco


def available_backends() -> list[str]:
    """Registered names and the files of this folder (each file is one backend)."""
    return sorted({*_REGISTRY, *(p.stem for p in _HERE.glob("*.py") if not p.stem.startswith("_"))})


def get_backend(name: str) -> type[Backend]:
    if name not in _REGISTRY and name in available_backends():
        importlib.import_module(f"{__name__}.{name}")
    if name not in _REGISTRY:
        raise ThunderDeidError(f"--backend {name}: unknown backend (available: {', '.join(available_backends())})")
    return _REGISTRY[name]


def default_threads() -> int:
    """Intra-op threads that leave a shared machine's busy cores alone: the idle cores by the 1-minute
    load average, at least 1, at most 8 (a busy 2-core machine ran 7x slower with every core claimed)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    try:
        busy = int(os.getloadavg()[0] + 0.5)
    except OSError:
        busy = 0
    return max(1, min(8, cpus - busy))
