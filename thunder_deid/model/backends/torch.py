"""The PyTorch backend: the transformers ModernBERT module itself (bf16 autocast on CUDA).

    >>> from thunder_deid.model.backends import get_backend
    >>> get_backend("torch").name
    'torch'
"""

from __future__ import annotations

import contextlib

import numpy as np
import torch

from thunder_deid.model.backends import Backend, register


@register("torch")
class TorchBackend(Backend):
    def __init__(self, model, device: torch.device | str = "cpu", threads: int | None = None, **_options):
        self.model = getattr(model, "module", model).eval()
        self.device = torch.device(device)
        if threads:
            torch.set_num_threads(threads)
        if self.device.type == "cuda":
            self.batch_tokens = 65536  # a GPU wants wide batches; windows are still sorted longest first

    def precision(self):
        """The context the forward pass runs in: bf16 autocast on CUDA, plain fp32 on CPU."""
        if self.device.type == "cuda":
            return torch.autocast("cuda", dtype=torch.bfloat16)
        return contextlib.nullcontext()

    @torch.no_grad()
    def logprobs(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        ids_t = torch.from_numpy(ids).to(self.device)
        mask_t = torch.from_numpy(mask).to(self.device)
        with self.precision():
            logits = self.model(input_ids=ids_t, attention_mask=mask_t).logits
        return torch.log_softmax(logits.float(), -1).cpu().numpy()
