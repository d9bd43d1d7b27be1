"""Pre-train a ModernBERT backbone by masked language modelling on a text corpus.

    thunder-deid pretrain --config small --tokenizer work/tokenizers/boundary32k \\
        --corpus ../shared/data/ko_legal_corpus/ko_legal_corpus.txt.gz --max-lines 200000 --out runs/mlm
    thunder-deid train --init runs/mlm ...            # then fine-tune the tagger from it

``--exclude`` takes JSONL documents (the validation and test splits) whose text must not be pre-trained on:
a corpus text that occurs in one of them is skipped (the same matcher as ``tokenizer train-bpe --exclude``).
The vocabulary decoder runs on the masked positions only (ModernBERT's sparse prediction).

The corpus (``.txt``, ``.txt.gz``: one text a line; ``.jsonl[.gz]``: a ``text`` field) is tokenised,
concatenated with ``[SEP]`` between texts and cut into blocks of ``max_length`` tokens; 30 % of the
tokens are masked (ModernBERT's rate; 80 % ``[MASK]``, 10 % random, 10 % kept). The step plan, the
global-token loss normalisation and the distributed setup are those of ``train`` (same ``torchrun``).
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import torch
import torch.nn.functional as F

from thunder_deid.errors import ThunderDeidError
from thunder_deid.io import check_output_folder, text_lines
from thunder_deid.model.config import Config
from thunder_deid.model.distributed import setup, teardown
from thunder_deid.model.modeling import META, build_mlm, load_tokenizer, save_model
from thunder_deid.model.train import (IGNORE, _Null, accumulation, linear_schedule, make_optimizer, optimizer_step,
                                      plan_epoch)


@dataclass
class PretrainJob:
    config: Config
    tokenizer: str
    corpus: list[Path]
    out: Path
    max_lines: int | None = None
    exclude: tuple[Path, ...] = ()   # JSONL documents whose lines must not be trained on (held-out splits)
    epochs: int = 1
    learning_rate: float = 1e-3
    mask_rate: float = 0.3
    device: str = "auto"
    threads: int | None = None
    max_steps: int | None = None
    encoded: Path | None = None      # blocks written by --encode-to (model.encoded) instead of the corpus


def read_texts(paths: list[Path], max_lines: int | None, exclude=None, stats: dict | None = None) -> Iterator[str]:
    """Non-empty texts of the corpus files; a bad line is an error naming its file and line. ``exclude``
    (a :class:`thunder_deid.tokenizer.bpe.LineExcluder`) drops texts that occur in held-out documents."""
    n = dropped = 0
    try:
        for p in paths:
            is_json = ".jsonl" in Path(p).name
            for lineno, line in text_lines(p, "corpus"):
                line = line.strip()
                if not line:
                    continue
                if is_json:
                    try:
                        line = json.loads(line)["text"]
                        if not isinstance(line, str):
                            raise TypeError
                    except (ValueError, KeyError, TypeError):
                        raise ThunderDeidError(f"{p}:{lineno}: expected a JSON object with a string \"text\"") from None
                if exclude is not None and exclude.excluded(line):
                    dropped += 1
                    continue
                yield line
                n += 1
                if max_lines is not None and n >= max_lines:
                    return
    finally:
        if stats is not None:
            stats.update(texts=n, dropped=dropped)


def blocks(texts: Iterator[str], tokenizer, length: int) -> torch.Tensor:
    """``[n, length]`` token blocks, each ``[CLS] … [SEP]``-wrapped."""
    body = length - 2
    buf: list[int] = []
    out: list[list[int]] = []
    batch: list[str] = []

    def flush() -> None:
        for ids in tokenizer(batch, add_special_tokens=False)["input_ids"]:
            buf.extend(ids + [tokenizer.sep_token_id])
        batch.clear()
        while len(buf) >= body:
            out.append([tokenizer.cls_token_id, *buf[:body], tokenizer.sep_token_id])
            del buf[:body]

    for t in texts:
        batch.append(t)
        if len(batch) >= 256:
            flush()
    flush()
    if not out:
        raise ThunderDeidError("pretrain: corpus too small for one block")
    return torch.tensor(out, dtype=torch.long)


def mask_tokens(ids: torch.Tensor, tokenizer, rate: float, gen: torch.Generator) -> tuple[torch.Tensor, torch.Tensor]:
    special = torch.zeros_like(ids, dtype=torch.bool)
    for s in tokenizer.all_special_ids:
        special |= ids == s
    pick = (torch.rand(ids.shape, generator=gen) < rate) & ~special
    labels = torch.where(pick, ids, torch.full_like(ids, IGNORE))
    roll = torch.rand(ids.shape, generator=gen)
    inputs = ids.clone()
    inputs[pick & (roll < 0.8)] = tokenizer.mask_token_id
    rand = pick & (roll >= 0.8) & (roll < 0.9)
    inputs[rand] = torch.randint(len(tokenizer), ids.shape, generator=gen)[rand]
    return inputs, labels


def corpus_blocks(job: PretrainJob, tok) -> tuple[torch.Tensor, dict]:
    """The job's corpus as ``[n, max_length]`` blocks, held-out texts skipped; and what was read."""
    excl = None
    if job.exclude:
        from thunder_deid.tokenizer.bpe import LineExcluder

        excl = LineExcluder.from_jsonl(job.exclude)
    seen: dict = {}
    return blocks(read_texts(job.corpus, job.max_lines, excl, seen), tok, job.config.model.max_length), seen


def encode(job: PretrainJob, path: Path) -> dict:
    """Write the job's blocks to ``path`` (``.npz``) for ``pretrain --encoded`` elsewhere."""
    from thunder_deid.model.encoded import save_blocks

    tok = load_tokenizer(job.tokenizer)
    data, seen = corpus_blocks(job, tok)
    save_blocks(path, data, job.tokenizer, len(tok))
    return {"blocks": len(data), "length": job.config.model.max_length, **seen}


def run(job: PretrainJob) -> dict:
    check_output_folder(job.out, META, "model directory", [*job.corpus, *job.exclude, *filter(None, [job.encoded])])
    ctx = setup(job.device)
    try:
        cfg, t = job.config, job.config.train
        if job.threads:
            torch.set_num_threads(job.threads)
        torch.manual_seed(t.seed)
        if job.encoded is not None:   # ids only: the vocabulary is enough (no KenLM on a GPU node)
            from thunder_deid.model.encoded import load_blocks, vocabulary

            tok, seen = vocabulary(job.tokenizer), {}
            data = load_blocks(job.encoded, job.tokenizer)
            if data.shape[1] != cfg.model.max_length:
                raise ThunderDeidError(f"--encoded {job.encoded}: blocks of {data.shape[1]} tokens, "
                                       f"the configuration's max_length is {cfg.model.max_length}")
        else:
            tok = load_tokenizer(job.tokenizer)
            data, seen = corpus_blocks(job, tok)
        model = build_mlm(cfg.model, tok).to(ctx.device)
        model.sparse_prediction = True   # 2-3x the tokens/s of a full decoder on CPU (benchmarks/bench_pretrain.py)
        A = accumulation(t.effective_batch, t.batch_size, ctx.world)
        opt = make_optimizer(model, job.learning_rate, t.weight_decay)
        steps = -(-len(data) // t.effective_batch) * job.epochs
        if job.max_steps:
            steps = min(steps, job.max_steps)
        sched = linear_schedule(opt, max(1, int(0.06 * steps)), steps)
        ddp = model
        if ctx.distributed:
            from torch.nn.parallel import DistributedDataParallel

            ddp = DistributedDataParallel(model, device_ids=[ctx.device.index] if ctx.device.type == "cuda" else None)
        amp = ctx.device.type == "cuda" and t.bf16
        if ctx.is_main:
            source = (f"encoded {job.encoded}" if job.encoded is not None else
                      f"{seen.get('texts', 0)} texts ({seen.get('dropped', 0)} held-out texts skipped)")
            print(f"pretrain: {source}, {len(data)} blocks of {cfg.model.max_length} tokens, {steps} steps",
                  file=sys.stderr)
        step, t0, last = 0, time.time(), float("nan")
        for epoch in range(1, job.epochs + 1):
            gen = torch.Generator().manual_seed(t.seed * 1000 + epoch)
            for plan in plan_epoch([1] * len(data), t.effective_batch, t.batch_size, t.seed, epoch):
                if step >= steps:
                    break
                mine = plan[ctx.rank * A:(ctx.rank + 1) * A]
                masked = [mask_tokens(data[mb], tok, job.mask_rate, gen) for mb in plan]  # all ranks: same RNG use
                count = float(sum(int((lab != IGNORE).sum()) for _, lab in masked))
                mine_masked = masked[ctx.rank * A:(ctx.rank + 1) * A]
                total = 0.0
                for k, (x, y) in enumerate(mine_masked):
                    x, y = x.to(ctx.device), y.to(ctx.device)
                    with (ddp.no_sync() if ctx.distributed and k < len(mine) - 1 else _Null()):
                        with torch.autocast("cuda", dtype=torch.bfloat16) if amp else _Null():
                            # sparse prediction: the vocabulary decoder runs on the masked positions only
                            logits = ddp(input_ids=x, attention_mask=torch.ones_like(x), labels=y).logits
                        target = y.view(-1)
                        loss = F.cross_entropy(logits.float(), target[target != IGNORE], reduction="sum")
                        (loss * ctx.world / max(count, 1.0)).backward()
                    total += float(loss.detach())
                if not optimizer_step(model, opt, sched, t.max_grad_norm) and ctx.is_main:
                    print(f"pretrain step {step + 1}: the gradient is not finite; step skipped", file=sys.stderr)
                step += 1
                last = ctx.all_sum(total) / max(count, 1.0)
                if ctx.is_main and step % 20 == 0:
                    print(f"pretrain step {step}/{steps} mlm loss {last:.4f} "
                          f"({time.time() - t0:.0f}s)", file=sys.stderr, flush=True)
        if ctx.is_main:
            save_model(model, job.out, job.tokenizer, {"kind": "mlm-backbone", "config": cfg.to_dict(),
                                                       "max_length": cfg.model.max_length, "stride": t.stride,
                                                       "steps": step, "final_mlm_loss": last})
        ctx.barrier()
        return {"steps": step, "loss": last}
    finally:
        teardown(ctx)
