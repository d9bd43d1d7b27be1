"""Replay some steps of an encoded run on the CPU and print each step's loss and gradient norm (round 8's NaN hunt).

    python benchmarks/rounds/replay_steps.py work/gpu/ft --from-step 155 --to-step 182 --bf16
        --init thunder_deid/data/model --tokenizer thunder_deid/data/model/tokenizer

The steps are those of ``train``'s plan for the epoch (same seed, same micro-batches, same loss normalisation),
trained from ``--init`` with AdamW at ``--lr`` and clipping at 1.0. ``--bf16`` runs the forward pass under CPU
bf16 autocast, as CUDA training does. ``--padding-only`` trains nothing: it counts the steps' micro-batches in
which some window is padded by more than half the local attention window (its padded rows then see no real
token in the sliding-window layers).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import torch
import torch.nn.functional as F

from thunder_deid.model.config import get_config
from thunder_deid.model.encoded import epoch_file, load_windows, read_manifest, vocabulary
from thunder_deid.model.labels import LabelSet
from thunder_deid.model.modeling import build_tagger, init_from
from thunder_deid.model.train import IGNORE, collate, make_optimizer, plan_epoch


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("encoded", type=Path)
    ap.add_argument("--tokenizer", required=True)
    ap.add_argument("--init", type=Path, required=True)
    ap.add_argument("--config", default="small")
    ap.add_argument("--epoch", type=int, default=1)
    ap.add_argument("--from-step", type=int, required=True, help="1-based, as train logs steps")
    ap.add_argument("--to-step", type=int, required=True)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--seed", type=int, default=1200)
    ap.add_argument("--bf16", action="store_true")
    ap.add_argument("--padding-only", action="store_true")
    a = ap.parse_args()
    torch.set_num_threads(2)
    tok = vocabulary(a.tokenizer)
    labels = LabelSet(read_manifest(a.encoded, a.tokenizer, a.epoch)["labels"])
    cfg = get_config(a.config)
    model = build_tagger(cfg.model, tok, labels)
    init_from(model, a.init, labels)
    wins = load_windows(epoch_file(a.encoded, a.epoch))
    plan = plan_epoch([len(x) for x, _ in wins], cfg.train.effective_batch, cfg.train.batch_size, a.seed, a.epoch)
    if a.padding_only:
        half = cfg.model.local_attention // 2
        padded = [mb for s in range(a.from_step - 1, a.to_step) for mb in plan[s]
                  if max(len(wins[i][0]) for i in mb) - min(len(wins[i][0]) for i in mb) > half]
        print(f"steps {a.from_step}-{a.to_step}: {len(padded)} micro-batches hold a window padded by more than {half}")
        return
    opt = make_optimizer(model, a.lr, cfg.train.weight_decay)
    model.train()
    print("step  loss  grad-norm  (micro-batch lengths)")
    for s in range(a.from_step - 1, a.to_step):
        count = sum(sum(1 for y in wins[i][1] if y != IGNORE) for mb in plan[s] for i in mb)
        total = 0.0
        for mb in plan[s]:
            b = collate([wins[i] for i in mb], tok.pad_token_id)
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=a.bf16):
                logits = model(input_ids=b["input_ids"], attention_mask=b["attention_mask"]).logits
            loss = F.cross_entropy(logits.float().view(-1, logits.shape[-1]), b["labels"].view(-1),
                                   ignore_index=IGNORE, reduction="sum")
            (loss / max(count, 1)).backward()
            total += float(loss.detach())
        norm = float(torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0))
        lengths = [sorted(len(wins[i][0]) for i in mb) for mb in plan[s]]
        print(f"{s + 1}  {total / max(count, 1):.4f}  {norm:.4f}  {[(ls[0], ls[-1]) for ls in lengths]}", flush=True)
        opt.step()
        opt.zero_grad(set_to_none=True)


if __name__ == "__main__":
    main()
