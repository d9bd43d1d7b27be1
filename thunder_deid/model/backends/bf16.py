"""The PyTorch backend in bfloat16 on CPU: the same module under ``torch.autocast("cpu", bfloat16)``.

Matrix products run in bf16 with fp32 accumulation, about 1.4-1.7x faster forward passes than fp32 on CPUs
with AVX512-BF16 or AMX (oneDNN kernels); elsewhere bf16 is emulated and slower, so it is a choice
(``--backend bf16``), never the default. Spans may differ from fp32 at the last digit of a close call:
``benchmarks/bench_inference.py`` reports its F1 next to fp32's. Its output still never depends on which
documents share a batch (windows are padded to their own length bucket, see ``infer.padded_length``).
On CUDA it is the torch backend (which already autocasts to bf16 there).

    >>> from thunder_deid.model.backends import get_backend
    >>> get_backend("bf16").name
    'bf16'
"""

from __future__ import annotations

import logging

import torch

from thunder_deid.model.backends import register
from thunder_deid.model.backends.torch import TorchBackend

log = logging.getLogger(__name__)


def cpu_has_bf16() -> bool:
    """Whether oneDNN has native bf16 kernels on this CPU (AVX512-BF16 or AMX)."""
    try:
        return bool(torch.ops.mkldnn._is_mkldnn_bf16_supported())
    except (AttributeError, RuntimeError):
        return False


@register("bf16")
class Bf16Backend(TorchBackend):
    def __init__(self, model, device: torch.device | str = "cpu", threads: int | None = None, **options):
        super().__init__(model, device, threads, **options)
        if self.device.type == "cpu" and not cpu_has_bf16():
            log.warning("--backend bf16: this CPU has no native bf16 kernels; expect it slower than torch")

    def precision(self):
        """bf16 autocast on CPU too (on CUDA the torch backend's own bf16)."""
        return torch.autocast(self.device.type, dtype=torch.bfloat16)
