"""Fine-tune the BIO tagger on one CPU or a ``torchrun`` cluster (DistributedDataParallel).

    thunder-deid train --config small --tokenizer work/tokenizers/boundary32k \\
        --train work/splits/thunder/train.jsonl --valid work/realized/thunder/valid.jsonl --out runs/small
    torchrun --nnodes 1 --nproc_per_node 8 -m thunder_deid.cli train --config 150m ...   # same, 8 GPUs

One global step always consumes ``effective_batch`` windows, whatever the number of processes: each
step's windows are cut into micro-batches of ``batch_size``; process ``r`` of ``W`` takes micro-batches
``r·A … r·A+A−1`` (``A = effective_batch / (batch_size·W)`` accumulation steps). The loss is the sum of
token losses divided by the *global* number of labelled tokens of the step (an all-reduced count), so
1 process and W processes compute the same gradient up to float summation order
(``tests/model/test_distributed.py``).

Each epoch trains on that epoch's surrogate realisation (appendix F, ``--replacement per-epoch``: seed
``(T − 1199)·10000 + 2000 + e``, realised on the fly, or read from ``--train-dir``), or on one
realisation made with the training seed (``single``), or on the file as given (``none``: already
realised text, e.g. a user's own documents). ``--train-extra`` mixes a second set into every epoch --
``extra_docs`` of its documents drawn anew each epoch, each cut to header, footer and ``extra_excerpt``
characters of body when that is set -- realised with the same seed (full-length judgments from ``corpus
prepare-precedents`` next to the fact sections). After each epoch process 0 scores the validation set
(word-segment W. Strict Typed F1), appends a line to ``metrics.jsonl``, keeps the best model in
``best/`` and a resumable checkpoint in ``checkpoint/``.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import torch

from thunder_deid.document import Document, load_jsonl
from thunder_deid.errors import ThunderDeidError
from thunder_deid.io import atomic_folder, atomic_leftover, atomic_writer, refuse_inputs_inside
from thunder_deid.model.checkpoint import load_checkpoint, save_checkpoint
from thunder_deid.model.config import Config
from thunder_deid.model.distributed import Context, setup, teardown
from thunder_deid.model.distill import Teacher, token_loss
from thunder_deid.model.labels import IGNORE, LabelSet, targets_of
from thunder_deid.model.modeling import build_tagger, init_from, load_tokenizer, save_model
from thunder_deid.model.windows import training_windows
from thunder_deid.surrogates import epoch_seed, realize_documents
from thunder_deid.surrogates.engine import default_realizer

MAX_SKIPPED = 10   # consecutive steps with a non-finite gradient after which a run has diverged


@dataclass
class TrainJob:
    config: Config
    tokenizer: str
    valid: Path | None             # None: no per-epoch scoring; the last epoch is kept as best/
    out: Path
    train: Path | None = None
    train_dir: Path | None = None
    init: Path | None = None
    device: str = "auto"
    resume: bool = False
    max_steps: int | None = None     # stop early (tests, smoke runs)
    valid_limit: int | None = None   # score only the first N validation documents
    threads: int | None = None
    save_best: bool = True
    train_extra: Path | None = None  # documents mixed into every epoch (TrainConfig.extra_docs / extra_excerpt)
    encoded: Path | None = None      # train on windows written by --encode-to (model.encoded), not on documents
    teacher: Path | None = None      # distil from this tagger (model.distill; TrainConfig.distill_*)

    def inputs(self) -> tuple[Path | None, ...]:
        """The paths the run reads, which its output folder must not hold."""
        return (self.train, self.train_dir, self.valid, self.init, self.train_extra, self.encoded, self.teacher)


def snapshot_tokenizer(spec: str, dest: Path, ctx: Context, resume: bool = False) -> str:
    """Copy the tokenizer into the run directory and use the copy: a tokenizer rebuilt elsewhere while
    training runs can then never end up next to weights that were trained with another vocabulary. A resumed
    run keeps its copy; a new one replaces what a run that never finished an epoch left (another --from's)."""
    import shutil

    from thunder_deid.model.modeling import split_spec

    kind, src = split_spec(str(spec))
    if ctx.is_main and dest.exists() and not resume:
        shutil.rmtree(dest)
    if ctx.is_main and not dest.exists():
        if not src.is_dir():
            raise ThunderDeidError(f"tokenizer {spec}: directory {src} not found")
        with atomic_folder(dest) as tmp:
            shutil.copytree(src, tmp, dirs_exist_ok=True)
    ctx.barrier()
    return f"{kind}:{dest}" if kind else str(dest)


RUN_ENTRIES = frozenset({"tokenizer", "best", "checkpoint", "metrics.jsonl", "steps.jsonl"})
# the temporaries of runs written before io.atomic_folder was used (a killed run may have left one)
_OLD_TEMPORARIES = frozenset({"tokenizer.tmp", "best.tmp", "checkpoint.tmp"})


def _run_entry(name: str) -> bool:
    """A run's own entry, or what a run killed mid-write leaves of one (``.best.x1y2.tmp``)."""
    return name in RUN_ENTRIES or name in _OLD_TEMPORARIES or atomic_leftover(name) in RUN_ENTRIES


def check_run_dir(job: TrainJob) -> None:
    """Raise before any work unless ``job.out`` is new, empty, or (with ``--resume``) an earlier run.

    A run writes ``best/``, ``checkpoint/`` and logs into ``out`` and replaces ``best/`` whole, so a folder
    holding anything else, or one of the job's inputs, is refused rather than mixed into; an earlier run
    without ``--resume`` is refused too, because its logs would be appended to.
    """
    out = Path(job.out)
    if out.exists() and not out.is_dir():
        raise ThunderDeidError(f"--out {out} is a file; expected a run folder")
    refuse_inputs_inside(out, job.inputs(), "would hold")
    entries = {e.name for e in out.iterdir()} if out.is_dir() else set()
    foreign = {e for e in entries if not _run_entry(e)}
    if foreign:
        raise ThunderDeidError(f"--out {out} is a folder that is not a training run (it holds {sorted(foreign)[0]!r}"
                               f"{f' and {len(foreign) - 1} more' if len(foreign) > 1 else ''}); choose a new folder")
    if entries & {"metrics.jsonl", "steps.jsonl", "checkpoint"} and not job.resume:
        raise ThunderDeidError(f"--out {out} holds an earlier run; pass --resume to continue it or choose a new folder")


# -- data ------------------------------------------------------------------------------------------

def epoch_documents(job: TrainJob, base: list[Document] | None, epoch: int,
                    extra: list[Document] | None = None) -> list[Document]:
    """The training documents of 1-based ``epoch`` under the job's replacement schedule: the main set, then
    that epoch's draw of ``--train-extra`` documents (see :func:`extra_draw`), realised with the same seed."""
    t = job.config.train
    seed = epoch_seed(t.seed, epoch) if t.replacement == "per-epoch" else t.seed
    # the training part of every surrogate source: held-out evaluation sets draw from the other part
    realizer = default_realizer("train", novel=t.novel_stems, rare_header=t.rare_header_names)
    if job.train_dir is not None:
        docs = load_jsonl(realisation_file(job.train_dir, seed, epoch))
    else:
        assert base is not None
        docs = list(base) if t.replacement == "none" else list(realize_documents(base, seed, realizer))
    if extra:
        drawn = extra_draw(extra, t, epoch)
        stems = [t.extra_stems] if t.extra_stems else []
        extra_realizer = default_realizer("train", stems, t.novel_stems, rare_header=t.rare_header_names)
        docs += drawn if t.replacement == "none" else list(realize_documents(drawn, seed, extra_realizer))
    return docs


def realisation_file(folder: Path, seed: int, epoch: int) -> Path:
    """The file of ``folder`` holding the realisation with replacement ``seed`` (``realize --epochs`` names)."""
    from thunder_deid.surrogates.cli import seed_of_filename

    hits = sorted(p for p in folder.glob("*.jsonl") if seed_of_filename(p.name) == seed)
    if len(hits) != 1:
        what = "no" if not hits else f"{len(hits)} files named"
        raise ThunderDeidError(f"--train-dir {folder}: {what} *seed{seed}.jsonl for epoch {epoch} "
                               f"(write them with `thunder-deid realize --epochs N --train-seed T`)")
    return hits[0]


def load_extra(job: TrainJob) -> list[Document] | None:
    """The ``--train-extra`` documents, checked against the configured draw (``extra_docs``)."""
    if job.train_extra is None:
        return None
    docs = checked_documents(job.train_extra, "--train-extra")
    n = job.config.train.extra_docs
    if n > len(docs):
        raise ThunderDeidError(f"--extra-docs {n}: {job.train_extra} holds only {len(docs)} documents")
    return docs


def extra_draw(extra: list[Document], t, epoch: int) -> list[Document]:
    """Epoch ``epoch``'s ``extra_docs`` documents (all when 0), each cut to an excerpt of ``extra_excerpt``
    body characters plus header and footer when that is set (``corpus.precedents.excerpt``); seeded by
    (seed, epoch), so a resumed run draws the same."""
    from thunder_deid.corpus.precedents import excerpt

    rng = random.Random(t.seed * 1_000_003 + epoch)
    drawn = rng.sample(extra, t.extra_docs) if t.extra_docs else list(extra)
    return [excerpt(d, rng, t.extra_excerpt) for d in drawn] if t.extra_excerpt else drawn


def windows_of(docs: list[Document], tokenizer, labels: LabelSet, cfg: Config) -> list[tuple[list[int], list[int]]]:
    """The training windows of documents: targets at the configured level, ``max_length`` tokens, ``stride``."""
    t = cfg.train
    return [w for d in docs for w in training_windows(targets_of(d, t.target_level), tokenizer, labels,
                                                      cfg.model.max_length, t.stride)]


def label_set(job: TrainJob, first: list[Document], valid: list[Document]) -> LabelSet:
    """The targets of the first epoch and the validation set, plus those of an ``--init`` tagger (kept)."""
    targets = {s.label for d in first + valid for s in d.spans}
    if job.init is not None and (Path(job.init) / "thunder_deid.json").is_file():
        hf = json.loads((Path(job.init) / "config.json").read_text(encoding="utf-8"))
        targets |= {v[2:] for v in hf.get("id2label", {}).values() if v.startswith("B-")}
    return LabelSet(sorted(targets))


def valid_documents(job: TrainJob) -> list[Document]:
    """The validation documents at the configured target level, cut to ``valid_limit``; checked before any
    training (a bad span had surfaced after the first epoch, which was lost)."""
    t = job.config.train
    docs = checked_documents(job.valid, "--valid") if job.valid else []
    valid = [targets_of(d, t.target_level, f"--valid {job.valid}") for d in docs]
    return valid[: job.valid_limit] if job.valid_limit else valid


def checked_documents(path: Path, flag: str) -> list[Document]:
    """The documents of a training or validation file, refused when it holds none or a span no scorer accepts
    (out of range, empty, overlapping another, its ``text`` field elsewhere): trained on, such a span teaches
    the model to tag the words around it."""
    from thunder_deid.validate import file_problems

    docs = load_jsonl(path)
    for found in file_problems(docs, check_labels=False):  # labels are checked at the target level, later
        if found:
            more = f" (and {len(found) - 1} more in this document)" if len(found) > 1 else ""
            raise ThunderDeidError(f"{flag} {path}: {found[0]}{more}")
    return docs


def first_epoch(job: TrainJob, valid: list[Document]):
    """The training base, the extra documents, epoch 1's documents (at the target level) and the label set:
    what :func:`run` and :func:`encode` both start from."""
    t = job.config.train
    base = checked_documents(job.train, "--train") if job.train is not None else None
    extra = load_extra(job)
    # every label checked where the user can find it, before realisation mixes the files
    for flag, path, docs in (("--train", job.train, base), ("--train-extra", job.train_extra, extra)):
        for d in docs or ():
            targets_of(d, t.target_level, f"{flag} {path}")
    first = [targets_of(d, t.target_level) for d in epoch_documents(job, base, 1, extra)]
    return base, extra, first, label_set(job, first, valid)


def run_licence(job: TrainJob, docs: list[Document], recorded: str | None = None) -> str | None:
    """The licence a model trained by ``job`` on ``docs`` (or on windows encoded with the licence ``recorded``)
    carries, its ``--init`` and ``--teacher`` taggers' included (``model.licence``)."""
    from thunder_deid.model.licence import data_licences, licence_text, model_licences

    return licence_text(data_licences(docs) | model_licences([job.init, job.teacher]) | ({recorded} if recorded else set()))


def encode(job: TrainJob, folder: Path) -> dict:
    """Write the windows every epoch of ``job`` would train on into ``folder`` (see :mod:`.encoded`).

    The same realisation seeds, ``--train-extra`` draws and label set as :func:`run`; the manifest is
    written last, so a folder cut short by an interruption is refused rather than trained on.
    """
    from thunder_deid.model.encoded import epoch_file, save_windows, write_manifest

    cfg, t = job.config, job.config.train
    refuse_inputs_inside(folder, job.inputs(), "would hold")
    tokenizer = load_tokenizer(job.tokenizer)
    base, extra, first, labels = first_epoch(job, valid_documents(job))
    n = 0
    for epoch in range(1, t.epochs + 1):
        docs = first if epoch == 1 else epoch_documents(job, base, epoch, extra)
        wins = windows_of(docs, tokenizer, labels, cfg)
        save_windows(epoch_file(folder, epoch), wins, len(tokenizer))
        n += len(wins)
        print(f"encode: epoch {epoch}: {len(docs)} documents, {len(wins)} windows", file=sys.stderr, flush=True)
    meta = {"config": cfg.to_dict(), "train": str(job.train or job.train_dir), "init": str(job.init) if job.init else None,
            "train_extra": str(job.train_extra) if job.train_extra else None,
            "licence": run_licence(job, (base or first) + (extra or []))}
    write_manifest(folder, labels.targets, job.tokenizer, t.epochs, meta)
    return {"epochs": t.epochs, "windows": n, "labels": len(labels.targets)}


def plan_epoch(lengths: list[int], effective: int, micro: int, seed: int, epoch: int) -> list[list[list[int]]]:
    """Steps of ``effective`` window indices, each cut into micro-batches of ``micro`` similar lengths.

    Deterministic in (seed, epoch) and independent of the number of processes. Windows are shuffled,
    sorted by length within chunks of 16 steps (little padding), and the steps shuffled again.
    """
    rng = random.Random(seed * 100_003 + epoch)
    idx = list(range(len(lengths)))
    rng.shuffle(idx)
    if len(idx) % effective:  # complete the last step with windows from the start (as DistributedSampler)
        idx += (idx * (effective // max(len(idx), 1) + 1))[: effective - len(idx) % effective]
    chunk = effective * 16
    steps = []
    for c in range(0, len(idx), chunk):
        part = sorted(idx[c:c + chunk], key=lambda i: -lengths[i])
        steps += [part[s:s + effective] for s in range(0, len(part), effective)]
    rng.shuffle(steps)
    return [[st[m:m + micro] for m in range(0, effective, micro)] for st in steps]


def collate(windows: list[tuple[list[int], list[int]]], pad_id: int) -> dict[str, torch.Tensor]:
    n = max(len(w[0]) for w in windows)
    ids = torch.full((len(windows), n), pad_id, dtype=torch.long)
    lab = torch.full((len(windows), n), IGNORE, dtype=torch.long)
    mask = torch.zeros((len(windows), n), dtype=torch.long)
    for r, (x, y) in enumerate(windows):
        ids[r, :len(x)] = torch.tensor(x)
        lab[r, :len(y)] = torch.tensor(y)
        mask[r, :len(x)] = 1
    return {"input_ids": ids, "attention_mask": mask, "labels": lab}


def mention_tags(labels: LabelSet) -> tuple[torch.Tensor, torch.Tensor]:
    """Boolean tables over label ids: which begin a mention (``B-``), which continue one (``I-``)."""
    return (torch.tensor([t.startswith("B-") for t in labels.tags]), torch.tensor([t.startswith("I-") for t in labels.tags]))


def mask_mentions(ids: torch.Tensor, labels: torch.Tensor, tags: tuple[torch.Tensor, torch.Tensor], share: float,
                  mask_id: int, gen: torch.Generator) -> torch.Tensor:
    """``ids`` with the tokens of each gold mention (a ``B-`` and the ``I-`` after it) replaced by ``mask_id``, a mention
    at a time with probability ``share``: the student must read a name it never saw from what stands around it.

        >>> tags = (torch.tensor([False, True, False]), torch.tensor([False, False, True]))   # O, B-x, I-x
        >>> ids, lab = torch.tensor([[5, 6, 7, 8, 9]]), torch.tensor([[0, 1, 2, 0, 1]])
        >>> mask_mentions(ids, lab, tags, 1.0, 4, torch.Generator().manual_seed(0)).tolist()
        [[5, 4, 4, 8, 4]]
        >>> mask_mentions(ids, lab, tags, 0.0, 4, torch.Generator().manual_seed(0)).tolist()
        [[5, 6, 7, 8, 9]]
    """
    known = labels >= 0
    lab = labels.clamp(min=0)
    begins, insides = tags[0][lab] & known, tags[1][lab] & known
    inside = begins | insides
    before = torch.zeros_like(inside)
    before[:, 1:] = inside[:, :-1]
    starts = begins | (insides & ~before)  # an I- with no mention before it (a window's edge) starts one too
    group = torch.cumsum(starts.flatten().long(), 0).view_as(labels)
    chosen = torch.rand(int(group.max()) + 1, generator=gen) < share
    chosen[0] = False
    return ids.masked_fill(inside & chosen[group], mask_id)


# -- optimisation -----------------------------------------------------------------------------------

def make_optimizer(model, lr: float, weight_decay: float) -> torch.optim.Optimizer:
    """AdamW; no weight decay on norms and biases (1-D parameters)."""
    decay = [p for p in model.parameters() if p.requires_grad and p.ndim >= 2]
    rest = [p for p in model.parameters() if p.requires_grad and p.ndim < 2]
    return torch.optim.AdamW([{"params": decay, "weight_decay": weight_decay}, {"params": rest, "weight_decay": 0.0}],
                             lr=lr, betas=(0.9, 0.98), eps=1e-6)


def linear_schedule(opt, warmup: int, total: int) -> torch.optim.lr_scheduler.LambdaLR:
    def f(step: int) -> float:
        if step < warmup:
            return (step + 1) / max(1, warmup)
        return max(0.0, (total - step) / max(1, total - warmup))
    return torch.optim.lr_scheduler.LambdaLR(opt, f)


def optimizer_step(model, opt, sched, max_grad_norm: float) -> bool:
    """Clip and step, unless the gradient is not finite: then the step's gradient is dropped and False returned.

    One bad batch (a bf16 overflow, say) would otherwise turn every weight into NaN for the rest of the run.
    The norm is that of the all-reduced gradient, so every process decides alike. The schedule advances
    either way, so a run's learning rates do not depend on how many steps were dropped.
    """
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_grad_norm or float("inf"))
    ok = bool(torch.isfinite(norm))
    if ok:
        opt.step()
    sched.step()
    opt.zero_grad(set_to_none=True)
    return ok


def accumulation(effective: int, micro: int, world: int) -> int:
    if effective % (micro * world):
        raise ThunderDeidError(f"effective batch {effective} is not a multiple of batch size {micro} × "
                               f"{world} processes")
    return effective // (micro * world)


# -- the loop ---------------------------------------------------------------------------------------

def _say(ctx: Context, msg: str) -> None:
    if ctx.is_main:
        print(msg, file=sys.stderr, flush=True)


def run(job: TrainJob) -> dict:
    """Train; returns the best validation record. Safe to call under ``torchrun``."""
    ctx = setup(job.device)
    try:
        return _run(job, ctx)
    finally:
        teardown(ctx)


@dataclass
class _Trainer:
    """What every epoch of a run shares: set up once by :func:`_setup`."""

    job: TrainJob
    ctx: Context
    tokenizer: object
    labels: LabelSet
    model: torch.nn.Module
    ddp: torch.nn.Module
    opt: torch.optim.Optimizer
    sched: torch.optim.lr_scheduler.LambdaLR
    valid: list[Document]
    base: list[Document] | None
    extra: list[Document] | None
    meta: dict
    accumulation: int
    wins: list[tuple[list[int], list[int]]]       # the windows of the epoch about to run
    teacher: Teacher | None = None
    start_epoch: int = 1
    step: int = 0
    best: dict = field(default_factory=lambda: {"f1": -1.0})

    def windows_of(self, docs: list[Document]) -> list[tuple[list[int], list[int]]]:
        return windows_of(docs, self.tokenizer, self.labels, self.job.config)

    @property
    def done(self) -> bool:
        return self.job.max_steps is not None and self.step >= self.job.max_steps


def _run(job: TrainJob, ctx: Context) -> dict:
    tr = _setup(job, ctx)
    record: dict = {}
    for epoch in range(tr.start_epoch, job.config.train.epochs + 1):
        if epoch > tr.start_epoch or tr.start_epoch > 1:
            tr.wins = _epoch_windows(tr, epoch)
        record = _train_epoch(tr, epoch)
        _end_epoch(tr, epoch, record)
        if tr.done:
            break
    return {"best": tr.best, "last": record}


def _epoch_windows(tr: _Trainer, epoch: int) -> list[tuple[list[int], list[int]]]:
    if tr.job.encoded is not None:
        from thunder_deid.model.encoded import epoch_file, load_windows

        return load_windows(epoch_file(tr.job.encoded, epoch))
    return tr.windows_of(epoch_documents(tr.job, tr.base, epoch, tr.extra))


def _setup(job: TrainJob, ctx: Context) -> _Trainer:
    """Check the run folder, seed, load data, tokenizer and model, build the optimiser, resume if asked."""
    cfg, t = job.config, job.config.train
    check_run_dir(job)
    ctx.barrier()  # every rank has looked before process 0 creates anything
    if job.threads:
        torch.set_num_threads(job.threads)
    torch.manual_seed(t.seed)
    np.random.seed(t.seed % 2**32)
    random.seed(t.seed)
    valid = valid_documents(job)
    if job.encoded is None:  # every input checked before the run folder gets anything
        base, extra, first, labels = first_epoch(job, valid)
    # a copy is the run's only when a checkpoint trained with it is resumed
    resuming = job.resume and (job.out / "checkpoint" / "trainer_state.json").is_file()
    job.tokenizer = snapshot_tokenizer(job.tokenizer, job.out / "tokenizer", ctx, resuming)
    if job.encoded is not None:
        from thunder_deid.model.encoded import read_manifest, vocabulary

        man = read_manifest(job.encoded, job.tokenizer, t.epochs)
        was = man.get("config", {})
        for what, now, then in (("max_length", cfg.model.max_length, was.get("model", {}).get("max_length")),
                                ("stride", t.stride, was.get("train", {}).get("stride")),
                                ("target_level", t.target_level, was.get("train", {}).get("target_level"))):
            if now != then:
                raise ThunderDeidError(f"--encoded {job.encoded}: windows made with {what} {then}; this run's is {now}")
        labels = LabelSet(man["labels"])
        licence = run_licence(job, [], man.get("licence"))
        missing = sorted({s.label for d in valid for s in d.spans} - set(labels.targets))
        if missing:
            raise ThunderDeidError(f"--valid {job.valid}: labels {missing[:3]} are not in --encoded {job.encoded}")
        # scoring validation text needs the whole tokenizer; training on ids only its vocabulary
        tokenizer = load_tokenizer(job.tokenizer) if valid else vocabulary(job.tokenizer)
        base = extra = None
    else:
        tokenizer = load_tokenizer(job.tokenizer)
        licence = run_licence(job, (base or first) + (extra or []))
    model = build_tagger(cfg.model, tokenizer, labels)
    if job.init is not None:
        init_from(model, Path(job.init), labels)
    model.to(ctx.device)
    A = accumulation(t.effective_batch, t.batch_size, ctx.world)
    opt = make_optimizer(model, t.learning_rate, t.weight_decay)
    tr = _Trainer(job, ctx, tokenizer, labels, model, model, opt, None, valid, base, extra, {}, A, [])  # type: ignore[arg-type]
    if job.teacher is not None:
        tr.teacher = Teacher.load(job.teacher, job.tokenizer, labels, ctx.device, bf16=t.bf16)
        if tr.teacher.missing:
            _say(ctx, f"teacher: lacks {len(tr.teacher.missing)} of the student's tags (first {tr.teacher.missing[0]}); "
                      f"the gold alone teaches them")
    tr.wins = _epoch_windows(tr, 1) if job.encoded is not None else tr.windows_of(first)
    steps_per_epoch = math.ceil(len(tr.wins) / t.effective_batch)
    total = steps_per_epoch * t.epochs
    tr.sched = linear_schedule(opt, int(t.warmup_ratio * total), total)
    tr.meta = {"config": cfg.to_dict(), "max_length": cfg.model.max_length, "stride": t.stride,
               "target_level": t.target_level, "train": str(job.train or job.train_dir or job.encoded), "valid": str(job.valid),
               "init": str(job.init) if job.init else None,
               "train_extra": str(job.train_extra) if job.train_extra else None,
               "teacher": str(job.teacher) if job.teacher else None,
               "licence": licence}
    ck = job.out / "checkpoint"
    if resuming:
        st = load_checkpoint(ck, model, opt, tr.sched, ctx.device)
        if st["labels"] != labels.tags:
            raise ThunderDeidError(f"--resume: {ck} was trained with another label set")
        tr.start_epoch, tr.step, tr.best = st["epoch"] + 1, st["step"], st["best"]
        if ctx.is_main:
            _metrics_up_to(job.out / "metrics.jsonl", st["epoch"], st.get("record"))
        _say(ctx, f"resumed from {ck} after epoch {st['epoch']} (step {tr.step})")
    elif job.resume:
        if ctx.is_main:
            _metrics_up_to(job.out / "metrics.jsonl", 0, None)
        _say(ctx, f"--resume: no checkpoint in {job.out} (a run stopped before its first epoch was saved); "
                  "starting at epoch 1")
    if ctx.distributed:
        from torch.nn.parallel import DistributedDataParallel

        tr.ddp = DistributedDataParallel(model, device_ids=[ctx.device.index] if ctx.device.type == "cuda" else None)
    if ctx.is_main:
        job.out.mkdir(parents=True, exist_ok=True)
    _say(ctx, f"train: {len(labels.targets)} targets, {sum(p.numel() for p in model.parameters()) / 1e6:.1f}M "
              f"params, {len(tr.wins)} windows/epoch, {steps_per_epoch} steps/epoch × {t.epochs} epochs, "
              f"{ctx.world} process(es) × {A} accumulation, device {ctx.device}")
    return tr


def _train_epoch(tr: _Trainer, epoch: int) -> dict:
    """One pass over ``tr.wins``; returns the epoch's record (loss, steps, seconds)."""
    job, ctx, t = tr.job, tr.ctx, tr.job.config.train
    amp = ctx.device.type == "cuda" and t.bf16
    A, wins = tr.accumulation, tr.wins
    plan = plan_epoch([len(w[0]) for w in wins], t.effective_batch, t.batch_size, t.seed, epoch)
    tr.model.train()
    t0, loss_sum, tok_sum, seen = time.time(), 0.0, 0.0, 0
    # every rank draws for its own micro-batches, the same way each time the epoch is run
    gen = torch.Generator().manual_seed(t.seed * 1000 + epoch * 10 + ctx.rank) if t.mask_mentions else None
    tags = mention_tags(tr.labels) if t.mask_mentions else None
    skipped = bad = 0
    for s, micro in enumerate(plan):
        mine = micro[ctx.rank * A:(ctx.rank + 1) * A]
        batches = [collate([wins[i] for i in mb], tr.tokenizer.pad_token_id) for mb in mine]
        local = float(sum(int((b["labels"] != IGNORE).sum()) for b in batches))
        count = ctx.all_sum(local)
        step_loss = 0.0
        for k, b in enumerate(batches):
            # drawn on the host, where its generator is; the ids themselves go to the device once
            masked = None if gen is None else mask_mentions(b["input_ids"], b["labels"], tags, t.mask_mentions,
                                                            tr.tokenizer.mask_token_id, gen)
            b = {key: v.to(ctx.device) for key, v in b.items()}
            read = b["input_ids"] if masked is None else masked.to(ctx.device)
            sync = k == len(batches) - 1
            ctxm = tr.ddp.no_sync() if (ctx.distributed and not sync) else _Null()
            with ctxm:
                with torch.autocast("cuda", dtype=torch.bfloat16) if amp else _Null():
                    logits = tr.ddp(input_ids=read, attention_mask=b["attention_mask"]).logits
                teach = tr.teacher is not None and t.distill_weight > 0  # weight 0: the teacher's pass is unused
                soft = tr.teacher.logits(b["input_ids"], b["attention_mask"]) if teach else None
                tok_loss = token_loss(logits, b["labels"], soft, t.distill_weight, t.distill_temperature,
                                      tr.teacher.shared if tr.teacher else None)
                (tok_loss * ctx.world / max(count, 1.0)).backward()
            step_loss += float(tok_loss.detach())
            seen += int(b["attention_mask"].sum())
        ok = optimizer_step(tr.model, tr.opt, tr.sched, t.max_grad_norm)
        tr.step += 1
        g = ctx.all_sum(step_loss)
        if ok:
            loss_sum += g
            tok_sum += count
            bad = 0
        else:
            skipped, bad = skipped + 1, bad + 1
            lengths = sorted(len(wins[i][0]) for mb in micro for i in mb)   # padding is the usual suspect
            _say(ctx, f"epoch {epoch} step {s + 1}: the gradient is not finite; step skipped ({skipped} this epoch; "
                      f"window lengths {lengths[0]}-{lengths[-1]})")
            if bad >= MAX_SKIPPED:
                raise ThunderDeidError(f"training diverged: {bad} steps in a row with a non-finite gradient (epoch {epoch}, "
                                       f"step {s + 1}); lower --lr, or train in fp32 (train: {{bf16: false}})")
        if ctx.is_main and job.max_steps is not None:
            _log_step(job.out, {"step": tr.step, "loss": g / max(count, 1.0)})
        if ctx.is_main and (s + 1) % 20 == 0:
            el = time.time() - t0
            _say(ctx, f"epoch {epoch} step {s + 1}/{len(plan)} loss {loss_sum / max(tok_sum, 1):.4f} "
                      f"{seen * ctx.world / el:.0f} tok/s lr {tr.sched.get_last_lr()[0]:.2e}")
        if tr.done:
            break
    return {"epoch": epoch, "step": tr.step, "train_loss": loss_sum / max(tok_sum, 1.0),
            "seconds": round(time.time() - t0, 1), "windows": len(wins), "skipped_steps": skipped}


def _end_epoch(tr: _Trainer, epoch: int, record: dict) -> None:
    """Process 0 scores validation, keeps the best model, logs the epoch and writes the checkpoint."""
    job, ctx, cfg = tr.job, tr.ctx, tr.job.config
    if ctx.is_main:
        if tr.valid:
            record.update(evaluate(tr.model, tr.tokenizer, tr.labels, tr.valid, cfg, ctx.device))
            if record["valid"]["strict_typed"]["f1"] > tr.best["f1"]:
                tr.best = {"f1": record["valid"]["strict_typed"]["f1"], "epoch": epoch}
                if job.save_best:
                    save_model(tr.model, job.out / "best", job.tokenizer,
                               {**tr.meta, "epoch": epoch, "valid": record["valid"]})
            _say(ctx, f"epoch {epoch}: train loss {record['train_loss']:.4f}, valid W. Strict Typed F1 "
                      f"{record['valid']['strict_typed']['f1']:.4f} (best {tr.best['f1']:.4f} @ {tr.best['epoch']})")
        else:   # nothing to choose on: the last epoch is the run's model
            tr.best = {"f1": None, "epoch": epoch}
            if job.save_best:
                save_model(tr.model, job.out / "best", job.tokenizer, {**tr.meta, "epoch": epoch})
            _say(ctx, f"epoch {epoch}: train loss {record['train_loss']:.4f} (no validation set: kept as best/)")
        record["best_epoch"] = tr.best["epoch"]
        # the checkpoint first, holding the epoch's row: a run stopped between the two resumes from it and
        # writes the row then (it had retrained the epoch and logged it twice)
        save_checkpoint(job.out / "checkpoint", tr.model, tr.opt, tr.sched,
                        {"epoch": epoch, "step": tr.step, "best": tr.best, "labels": tr.labels.tags,
                         "config": cfg.to_dict(), "record": record})
        with open(job.out / "metrics.jsonl", "a", encoding="utf-8") as f:
            f.write(json.dumps(record, ensure_ascii=False) + "\n")
    ctx.barrier()


def _metrics_up_to(path: Path, epoch: int, record: dict | None) -> None:
    """``metrics.jsonl`` with the rows of epochs 1..``epoch`` only (a later row is of an epoch the checkpoint
    does not hold, which the resumed run trains again) and ``record`` as epoch ``epoch``'s row if it is missing."""
    rows = []
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut by the kill
            if isinstance(row, dict) and isinstance(row.get("epoch"), int) and row["epoch"] <= epoch:
                rows.append(row)
    if record is not None and not any(r["epoch"] == epoch for r in rows):
        rows.append(record)
    with atomic_writer(path) as f:
        f.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)


def evaluate(model, tokenizer, labels: LabelSet, valid: list[Document], cfg: Config, device) -> dict:
    """Validation scores (four variants) of the current weights."""
    from thunder_deid.eval import score_documents
    from thunder_deid.model.infer import predict_documents

    t0 = time.time()
    pred = predict_documents(model, tokenizer, labels, valid, cfg.model.max_length, cfg.train.stride, device)
    sc = score_documents(valid, pred)
    variants = {v: {"p": round(c.precision, 4), "r": round(c.recall, 4), "f1": round(c.f1, 4)}
                for v, c in sc.counts.items()}
    return {"valid": variants, "valid_seconds": round(time.time() - t0, 1)}


def _log_step(out: Path, rec: dict) -> None:
    with open(out / "steps.jsonl", "a", encoding="utf-8") as f:
        f.write(json.dumps(rec) + "\n")


class _Null:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False
