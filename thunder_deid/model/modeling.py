"""Build, save and load the ModernBERT tagger (transformers' ``ModernBertForTokenClassification``).

A *model directory* is self-contained and offline-loadable::

    config.json          ModernBertConfig, with the tag list as id2label
    model.safetensors    weights (fp32, or fp16 for the embedded default)
    tokenizer/           the tokenizer bundle it was trained with
    thunder_deid.json    {"tokenizer": "tokenizer" | "KIND:tokenizer", "max_length", "stride", "target_level", ...}

Nothing is ever fetched from a hub: configurations are built from :class:`ModelConfig`, weights are
read with ``safetensors.torch.load_file``.
"""

from __future__ import annotations

import json
import logging
import shutil
from pathlib import Path
from typing import Any

import torch
from safetensors.torch import load_file, save_file
from transformers import ModernBertConfig, ModernBertForMaskedLM, ModernBertForTokenClassification

from thunder_deid.errors import ThunderDeidError
from thunder_deid.io import atomic_folder, inside_folder, read_text
from thunder_deid.model.config import ModelConfig
from thunder_deid.model.labels import LabelSet

log = logging.getLogger(__name__)
META = "thunder_deid.json"


def load_tokenizer(spec: str | Path):
    """A tokenizer by spec (``DIR`` or ``KIND:DIR``): the project's one loader."""
    from thunder_deid.tokenizer.load import load_tokenizer as project_loader

    return project_loader(str(spec))


def split_spec(spec: str) -> tuple[str | None, Path]:
    """``'mecab-bpe:/x/y'`` -> ``('mecab-bpe', Path('/x/y'))``; a plain path -> ``(None, path)``."""
    kind, sep, rest = spec.partition(":")
    if sep and kind in ("boundary", "bpe", "mecab-bpe", "char"):
        return kind, Path(rest)
    return None, Path(spec)


def hf_config(cfg: ModelConfig, tokenizer, num_labels: int, **extra: Any) -> ModernBertConfig:
    pad = tokenizer.pad_token_id
    cls, sep = tokenizer.cls_token_id, tokenizer.sep_token_id
    if None in (pad, cls, sep):
        raise ThunderDeidError("tokenizer must define [PAD], [CLS] and [SEP]")
    return ModernBertConfig(
        vocab_size=len(tokenizer), hidden_size=cfg.hidden_size, num_hidden_layers=cfg.num_hidden_layers,
        num_attention_heads=cfg.num_attention_heads, intermediate_size=cfg.intermediate_size,
        max_position_embeddings=max(cfg.max_length, 512), local_attention=cfg.local_attention,
        global_attn_every_n_layers=cfg.global_attn_every_n_layers, pad_token_id=pad, cls_token_id=cls,
        sep_token_id=sep, bos_token_id=cls, eos_token_id=sep, num_labels=num_labels,
        embedding_dropout=cfg.dropout, attention_dropout=cfg.dropout, mlp_dropout=cfg.dropout,
        attn_implementation="sdpa", **extra)


def build_tagger(cfg: ModelConfig, tokenizer, labels: LabelSet) -> ModernBertForTokenClassification:
    hf = hf_config(cfg, tokenizer, len(labels), id2label=dict(enumerate(labels.tags)),
                   label2id={t: i for i, t in enumerate(labels.tags)})
    return ModernBertForTokenClassification(hf)


def build_mlm(cfg: ModelConfig, tokenizer) -> ModernBertForMaskedLM:
    return ModernBertForMaskedLM(hf_config(cfg, tokenizer, 2))


def save_model(model, out: Path, tokenizer_spec: str, meta: dict[str, Any], dtype: torch.dtype = torch.float32) -> None:
    """Write a model directory (see module docstring) atomically; the tokenizer bundle is copied in."""
    out = Path(out)
    kind, src = split_spec(tokenizer_spec)
    with atomic_folder(out) as tmp:   # ``src`` may be ``out/tokenizer``: it stays readable until the swap
        model = getattr(model, "module", model)
        model.config.save_pretrained(tmp)
        state, seen = {}, set()
        for k, v in model.state_dict().items():
            if v.data_ptr() in seen:  # a tied weight (the MLM decoder is the embedding matrix): stored once
                continue
            seen.add(v.data_ptr())
            state[k] = v.detach().to("cpu", dtype if v.is_floating_point() else v.dtype).contiguous()
        save_file(state, str(tmp / "model.safetensors"), metadata={"format": "pt"})
        shutil.copytree(src, tmp / "tokenizer")
        meta = {**meta, "tokenizer": f"{kind}:tokenizer" if kind else "tokenizer"}
        (tmp / META).write_text(json.dumps(meta, ensure_ascii=False, indent=2), encoding="utf-8")


def read_meta(model_dir: Path) -> dict[str, Any]:
    p = Path(model_dir) / META
    if not p.is_file():
        raise ThunderDeidError(f"{model_dir}: not a thunder-deid model directory (no {META})")
    return _read_json(p)


def _read_json(p: Path) -> dict[str, Any]:
    try:
        obj = json.loads(read_text(p, "model file"))
    except json.JSONDecodeError as e:
        raise ThunderDeidError(f"{p}: invalid JSON ({e.msg.removesuffix(' at')} at line {e.lineno}, "
                               f"column {e.colno})") from None
    if not isinstance(obj, dict):
        raise ThunderDeidError(f"{p}: expected a JSON object")
    return obj


def tokenizer_spec(model_dir: Path) -> str:
    """The tokenizer spec the model directory's metadata names; its folder must lie inside the model's."""
    name = read_meta(model_dir).get("tokenizer")
    kind, rel = split_spec(name) if isinstance(name, str) else (None, name)
    path = inside_folder(model_dir, str(rel) if kind else name, f"{META} 'tokenizer'")
    return f"{kind}:{path}" if kind else str(path)


def load_model(model_dir: Path, device: torch.device | str = "cpu"):
    """``(model, tokenizer, labels, meta)`` from a model directory, weights in fp32, eval mode."""
    model_dir = Path(model_dir)
    meta = read_meta(model_dir)
    model, labels = load_network(model_dir, device)
    tok = load_tokenizer(tokenizer_spec(model_dir))
    return model, tok, labels, meta


def load_network(model_dir: Path, device: torch.device | str = "cpu"):
    """``(model, labels)`` of a model directory without its tokenizer (a distillation teacher needs only
    the network: its ids are the student's), weights in fp32, eval mode."""
    model_dir = Path(model_dir)
    hf = _config(model_dir)
    hf._attn_implementation = "sdpa"
    model = ModernBertForTokenClassification(hf)
    weights = model_dir / "model.safetensors"
    try:
        state = load_file(str(weights))
    except Exception as e:  # noqa: BLE001 - safetensors raises its own error types for every kind of damage
        raise ThunderDeidError(f"{weights}: not a readable safetensors file ({_first_line(e)})") from None
    _check_state(weights, model.state_dict(), state)
    model.load_state_dict({k: v.float() if v.is_floating_point() else v for k, v in state.items()})
    labels = LabelSet([t[2:] for t in (hf.id2label[i] for i in range(hf.num_labels)) if t.startswith("B-")])
    if labels.tags != [hf.id2label[i] for i in range(hf.num_labels)]:
        raise ThunderDeidError(f"{model_dir}: id2label is not in O/B-*/I-* order")
    return model.to(device).eval(), labels


def _config(model_dir: Path) -> ModernBertConfig:
    p = model_dir / "config.json"
    if p.is_file():
        _read_json(p)  # a one-line error for broken JSON before transformers reads it
    try:
        return ModernBertConfig.from_pretrained(str(model_dir), local_files_only=True)
    except Exception as e:  # noqa: BLE001 - transformers raises OSError/ValueError/TypeError for a bad config
        raise ThunderDeidError(f"{p}: not a usable ModernBERT config ({_first_line(e)})") from None


def _first_line(e: BaseException) -> str:
    return (str(e).strip().splitlines() or [type(e).__name__])[0][:160]


def _check_state(weights: Path, own: dict[str, torch.Tensor], state: dict[str, torch.Tensor]) -> None:
    """The weights file holds exactly the tensors config.json describes, with their shapes."""
    problems = []
    for what, keys in (("missing", sorted(set(own) - set(state))), ("unexpected", sorted(set(state) - set(own)))):
        if keys:
            problems.append(f"{len(keys)} {what} (first {keys[0]})")
    shape = [k for k in own if k in state and own[k].shape != state[k].shape]
    if shape:
        k = shape[0]
        problems.append(f"{len(shape)} of the wrong shape (first {k}: {list(state[k].shape)}, "
                        f"config.json needs {list(own[k].shape)})")
    if problems:
        raise ThunderDeidError(f"{weights}: tensors do not match config.json: {'; '.join(problems)}")


def init_from(model, init_dir: Path, labels: LabelSet) -> None:
    """Copy weights from any local ModernBERT checkpoint (an MLM backbone or an earlier tagger).

    Backbone and prediction-head weights load by name; classifier rows load per tag name, so a
    tagger fine-tuned on new targets keeps what it knew about the old ones.
    """
    init_dir = Path(init_dir)
    files = sorted(init_dir.glob("*.safetensors"))
    files = [f for f in files if f.name in ("model.safetensors",)] or files
    if not files:
        raise ThunderDeidError(f"--init {init_dir}: no model.safetensors there")
    src = {}
    for f in files:
        src.update(load_file(str(f)))
    own = model.state_dict()
    if "classifier.weight" in src:
        try:
            old = ModernBertConfig.from_pretrained(str(init_dir), local_files_only=True).id2label
            old_ids = {t: int(i) for i, t in old.items()}
        except Exception:  # noqa: BLE001 - no usable label map: start the classifier fresh
            old_ids = {}
        for key in ("classifier.weight", "classifier.bias"):
            if key not in src or key not in own:
                continue
            w = own[key].clone()
            for i, tag in enumerate(labels.tags):
                if tag in old_ids and old_ids[tag] < src[key].shape[0]:
                    w[i] = src[key][old_ids[tag]]
            src[key] = w
    loadable = {k: v.to(own[k].dtype) for k, v in src.items() if k in own and own[k].shape == v.shape}
    skipped = sorted(k for k in src if k not in loadable)
    missing = sorted(k for k in own if k not in loadable)
    if not any(k.startswith("model.") for k in loadable):
        raise ThunderDeidError(f"--init {init_dir}: no ModernBERT backbone weights matched this configuration")
    model.load_state_dict(loadable, strict=False)
    log.info("init from %s: %d tensors loaded, %d skipped, %d left fresh (%s)", init_dir, len(loadable),
             len(skipped), len(missing), ", ".join(missing[:4]))
