"""Masked-LM pre-training speed: the full-vocabulary decoder vs sparse prediction (masked positions only).

    python benchmarks/bench_pretrain.py --corpus ../shared/data/ko_legal_corpus/ko_legal_corpus.txt.gz

Builds one model per variant from the same seed, runs the same optimiser steps on the same masked blocks
in one process, and prints tokens per second and the loss of each (the two losses must agree on the first
step: sparse prediction changes what is computed, not the result). Figures go to BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import torch
import torch.nn.functional as F

from thunder_deid.model.config import get_config
from thunder_deid.model.modeling import build_mlm, load_tokenizer
from thunder_deid.model.pretrain import blocks, mask_tokens, read_texts
from thunder_deid.model.train import IGNORE

REPO = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, required=True)
    ap.add_argument("--tokenizer", default=str(REPO / "thunder_deid/data/model/tokenizer"))
    ap.add_argument("--config", default="small")
    ap.add_argument("--steps", type=int, default=8)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--threads", type=int, default=2)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    cfg = get_config(a.config)
    tok = load_tokenizer(a.tokenizer)
    data = blocks(read_texts([a.corpus], a.steps * a.batch * 30), tok, cfg.model.max_length)
    need = a.steps * a.batch
    if len(data) < need:
        raise SystemExit(f"{a.corpus}: {len(data)} blocks, {need} needed")
    print(f"{a.config}: {a.steps} steps x {a.batch} blocks of {cfg.model.max_length} tokens, {a.threads} threads")
    for sparse in (False, True):
        torch.manual_seed(0)
        model = build_mlm(cfg.model, tok)
        model.sparse_prediction = sparse
        opt = torch.optim.AdamW(model.parameters(), 1e-3)
        gen = torch.Generator().manual_seed(0)
        first = None
        t0 = time.perf_counter()
        for i in range(a.steps):
            x, y = mask_tokens(data[i * a.batch:(i + 1) * a.batch], tok, 0.3, gen)
            logits = model(input_ids=x, attention_mask=torch.ones_like(x), labels=y if sparse else None).logits
            target = y.view(-1)
            if sparse:
                loss = F.cross_entropy(logits, target[target != IGNORE])
            else:
                loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), target, ignore_index=IGNORE)
            first = float(loss.detach()) if first is None else first
            loss.backward()
            opt.step()
            opt.zero_grad(set_to_none=True)
        dt = time.perf_counter() - t0
        name = "sparse prediction" if sparse else "full decoder (baseline)"
        print(f"{name:24s} {a.steps * a.batch * cfg.model.max_length / dt:8.0f} tokens/s   "
              f"first-step loss {first:.4f}   last-step loss {float(loss.detach()):.4f}")


if __name__ == "__main__":
    main()
