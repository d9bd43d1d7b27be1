"""One process or a ``torchrun`` cluster: the same training code runs on both.

Under ``torchrun --nnodes N --nproc_per_node G`` the environment carries ``RANK``, ``WORLD_SIZE`` and
``LOCAL_RANK``; we then join the process group (NCCL when the device is a CUDA GPU, gloo on CPUs) and
each process drives ``cuda:LOCAL_RANK`` (or the CPU). Without those variables everything is a no-op.

    >>> ctx = setup("cpu")
    >>> ctx.world, ctx.rank, ctx.is_main, ctx.device.type
    (1, 0, True, 'cpu')
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import torch
import torch.distributed as dist


@dataclass
class Context:
    rank: int
    world: int
    local_rank: int
    device: torch.device

    @property
    def is_main(self) -> bool:
        return self.rank == 0

    @property
    def distributed(self) -> bool:
        return self.world > 1

    def barrier(self) -> None:
        if self.distributed:
            dist.barrier()

    def all_sum(self, value: float) -> float:
        """Sum of ``value`` over processes (a plain float in a single process)."""
        if not self.distributed:
            return value
        t = torch.tensor([value], dtype=torch.float64, device=self.device)
        dist.all_reduce(t)
        return float(t.item())


def pick_device(name: str = "auto", local_rank: int = 0) -> torch.device:
    """``auto``: the local CUDA GPU when there is one, else the CPU."""
    if name == "auto":
        name = "cuda" if torch.cuda.is_available() else "cpu"
    from thunder_deid.errors import ThunderDeidError

    if name.startswith("cuda"):
        if not torch.cuda.is_available():
            raise ThunderDeidError("--device cuda: no CUDA GPU visible to torch on this machine")
        index = name.split(":", 1)[1] if ":" in name else str(local_rank)
        if name.split(":", 1)[0] != "cuda" or not index.isdigit():
            raise ThunderDeidError(f"--device {name}: expected auto, cpu, cuda or cuda:N")
        return torch.device("cuda", int(index))
    if name != "cpu":
        raise ThunderDeidError(f"--device {name}: expected auto, cpu, cuda or cuda:N")
    return torch.device(name)


def setup(device: str = "auto") -> Context:
    world = int(os.environ.get("WORLD_SIZE", "1"))
    rank = int(os.environ.get("RANK", "0"))
    local_rank = int(os.environ.get("LOCAL_RANK", "0"))
    dev = pick_device(device, local_rank)
    if world > 1 and not dist.is_initialized():
        if dev.type == "cuda":
            torch.cuda.set_device(dev)
        dist.init_process_group("nccl" if dev.type == "cuda" else "gloo")
    return Context(rank, world, local_rank, dev)


def teardown(ctx: Context) -> None:
    if ctx.distributed and dist.is_initialized():
        dist.destroy_process_group()
