"""Named model and training configurations (appendix E, table 15), as dataclasses loadable from YAML.

    >>> cfg = get_config("150m")
    >>> cfg.model.num_hidden_layers, cfg.model.hidden_size, cfg.train.learning_rate, cfg.train.effective_batch
    (22, 768, 5e-05, 32)
    >>> get_config("small").model.hidden_size
    128

Heads and intermediate sizes follow the ModernBERT conventions (head dimension 64; GLU MLP whose
``intermediate_size`` is the width of each of its two halves). The published ModernBERT-base/large use
1152 (1.5 × 768) and 2624 (≈2.56 × 1024); for the two wider shapes we pick multiples of 64 that land on
the paper's parameter counts with a 50K vocabulary (checked in ``tests/model/test_config.py``):

=====  ======  ======  =====  ============  ==============================
name   layers  hidden  heads  intermediate  params (50,368 vocab, approx.)
=====  ======  ======  =====  ============  ==============================
150m   22      768     12     1152          149M
395m   28      1024    16     2624          395M
750m   32      1152    18     4608          737M
1b     22      1792    28     5376          1.01B
small  4       128     2      256           a CPU model (windows of 512)
medium 4       192     3      384           a CPU model with dropout 0.1 (windows of 512)
tiny   2       64      2      128           tests only
=====  ======  ======  =====  ============  ==============================

A YAML file holds ``{model: {...}, train: {...}}`` overriding a ``base`` preset (default ``small``)::

    base: 150m
    train: {epochs: 10, learning_rate: 3.0e-5}
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


from thunder_deid.io import load_yaml
from thunder_deid.errors import ThunderDeidError


@dataclass
class ModelConfig:
    """Backbone shape; ``vocab_size`` and special-token ids come from the tokenizer at build time."""

    num_hidden_layers: int = 4
    hidden_size: int = 256
    num_attention_heads: int = 4
    intermediate_size: int = 512
    max_length: int = 1024          # window length in tokens, special tokens included
    global_attn_every_n_layers: int = 3
    local_attention: int = 128
    dropout: float = 0.0            # embedding, attention and MLP dropout (ModernBERT's default is none)


@dataclass
class TrainConfig:
    """Fine-tuning defaults of appendix E (AdamW, weight decay 0.01, bf16 on GPU, window stride 128)."""

    learning_rate: float = 5e-5
    weight_decay: float = 0.01
    epochs: int = 30
    batch_size: int = 8             # windows per micro-batch per process
    effective_batch: int = 32       # windows per optimiser step, all processes together
    stride: int = 128               # overlap between consecutive windows, in tokens
    warmup_ratio: float = 0.06
    max_grad_norm: float = 1.0
    seed: int = 1200                # appendix F training seed
    target_level: str = "leaf"      # leaf | mid | top: collapse prediction targets
    replacement: str = "per-epoch"  # per-epoch | single (appendix F)
    bf16: bool = True               # autocast on CUDA only; CPUs train in fp32
    eval_every_epochs: int = 1
    extra_docs: int = 0             # --train-extra documents drawn per epoch (0: all of them)
    extra_excerpt: int = 0          # body characters kept per extra document besides header and footer (0: whole)
    extra_stems: str = ""           # "court_bare": extra documents' bare court placeholders realised as stems
    distill_weight: float = 0.5     # with --teacher: the soft (teacher) term's share of the loss
    distill_temperature: float = 2.0  # with --teacher: softmax temperature of both sides of the soft term
    novel_stems: float = 0.0        # share of training realisations' business and place stems recombined from syllables
    rare_header_names: float = 0.0  # share of --train-extra's filled-in header names (성명1) drawn rare
    mask_mentions: float = 0.0      # share of gold mentions the student reads as [MASK] tokens (the teacher reads the text)


@dataclass
class Config:
    name: str = "small"
    model: ModelConfig = field(default_factory=ModelConfig)
    train: TrainConfig = field(default_factory=TrainConfig)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Config":
        return cls(d.get("name", "custom"), _build(ModelConfig, d.get("model", {}), "model"),
                   _build(TrainConfig, d.get("train", {}), "train"))


def _build(klass, values: dict[str, Any], where: str):
    known = {f.name for f in dataclasses.fields(klass)}
    unknown = set(values) - known
    if unknown:
        raise ThunderDeidError(f"config: unknown {where} field(s) {sorted(unknown)}; known: {sorted(known)}")
    return klass(**values)


# Counts a run divides by or loops over: 0 would divide by zero or train nothing and report success.
AT_LEAST_ONE = {("train", "epochs"), ("train", "batch_size"), ("train", "effective_batch"),
                ("model", "max_length"), ("model", "num_hidden_layers"), ("model", "hidden_size"),
                ("model", "num_attention_heads"), ("model", "intermediate_size")}

# Fields whose value picks a code path: a typo must fail, not train another way.
CHOICES: dict[tuple[str, str], tuple[str, ...]] = {
    ("train", "replacement"): ("per-epoch", "single", "none"),
    ("train", "target_level"): ("leaf", "mid", "top"),
    ("train", "extra_stems"): ("", "court_bare"),
}


def problems(cfg: Config) -> list[tuple[str, str, str]]:
    """``(section, field, message)`` for every value :class:`Config` cannot train with.

        >>> cfg = get_config("small"); cfg.train.replacement = "per_epoch"; cfg.train.extra_docs = -1
        >>> [(s, f) for s, f, _ in problems(cfg)]
        [('train', 'replacement'), ('train', 'extra_docs')]
    """
    out = []
    for (section, name), allowed in CHOICES.items():
        v = getattr(getattr(cfg, section), name)
        if v not in allowed:
            out.append((section, name, f"{v!r} is not one of {', '.join(allowed)}"))
    for section in ("model", "train"):
        obj = getattr(cfg, section)
        for f in dataclasses.fields(obj):
            v, kind = getattr(obj, f.name), {"int": int, "float": (int, float), "bool": bool, "str": str}[str(f.type)]
            if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
                out.append((section, f.name, f"{v!r} is not a{'n' if str(f.type) == 'int' else ''} {f.type}"))
            elif kind is int and v < 0:
                out.append((section, f.name, f"{v} is negative"))
            elif kind is int and v < 1 and (section, f.name) in AT_LEAST_ONE:
                out.append((section, f.name, f"{v} is not at least 1"))
    t = cfg.train
    for name in ("distill_weight", "novel_stems", "rare_header_names", "mask_mentions"):  # shares
        v = getattr(t, name)
        if isinstance(v, (int, float)) and not 0 <= v <= 1:
            out.append(("train", name, f"{v} is not a share in [0, 1]"))
    if isinstance(t.learning_rate, (int, float)) and not 0 < t.learning_rate < math.inf:  # NaN too
        out.append(("train", "learning_rate", f"{t.learning_rate} is not a number above 0"))
    if isinstance(t.distill_temperature, (int, float)) and not t.distill_temperature > 0:
        out.append(("train", "distill_temperature", f"{t.distill_temperature} is not above 0"))
    return out


def _key_line(path: Path, section: str, name: str) -> int | None:
    """The 1-based line of ``section: {name: ...}`` in a YAML file (None when not written there)."""
    import yaml

    try:
        root = yaml.compose(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return None
    for keys in ((section, name), (name,)):
        node = root
        for k in keys:
            if not isinstance(node, yaml.MappingNode):
                break
            node = next((v for kn, v in node.value if kn.value == k), None)
            if node is None:
                break
        else:
            return node.start_mark.line + 1
    return None


def _paper(layers: int, hidden: int, heads: int, inter: int, lr: float, batch: int) -> dict[str, Any]:
    return {"model": {"num_hidden_layers": layers, "hidden_size": hidden, "num_attention_heads": heads,
                      "intermediate_size": inter, "max_length": 4096},
            "train": {"learning_rate": lr, "effective_batch": batch, "batch_size": 1}}


PRESETS: dict[str, dict[str, Any]] = {
    "tiny": {"model": {"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 2,
                       "intermediate_size": 128, "max_length": 64},
             "train": {"learning_rate": 1e-3, "epochs": 2, "batch_size": 2, "effective_batch": 4, "stride": 8}},
    # The embedded CPU default: trained on a shared 2-core machine, so windows are 512 tokens
    # (most judgments fit in one) and the learning rate is that of small from-scratch encoders.
    "small": {"model": {"num_hidden_layers": 4, "hidden_size": 128, "num_attention_heads": 2,
                        "intermediate_size": 256, "max_length": 512},
              "train": {"learning_rate": 1.5e-3, "epochs": 2, "batch_size": 8, "effective_batch": 16,
                        "stride": 64, "warmup_ratio": 0.03}},
    # small, wider and with dropout: 7.7M parameters, still a CPU model (about 2x small's training time)
    "medium": {"model": {"num_hidden_layers": 4, "hidden_size": 192, "num_attention_heads": 3,
                         "intermediate_size": 384, "max_length": 512, "dropout": 0.1},
               "train": {"learning_rate": 1e-3, "epochs": 10, "batch_size": 8, "effective_batch": 16,
                         "stride": 64, "warmup_ratio": 0.03}},
    "150m": _paper(22, 768, 12, 1152, 5e-5, 32),
    "395m": _paper(28, 1024, 16, 2624, 5e-5, 32),
    "750m": _paper(32, 1152, 18, 4608, 1e-5, 16),
    "1b": _paper(22, 1792, 28, 5376, 1e-5, 16),
}


def get_config(name_or_path: str | Path) -> Config:
    """A preset by name, or a YAML file ``{base: PRESET, model: {...}, train: {...}}``."""
    p = Path(name_or_path)
    if str(name_or_path) in PRESETS and not p.is_file():
        base, over = str(name_or_path), {}
    elif p.is_file():
        over = load_yaml(p, "config") or {}
        if not isinstance(over, dict):
            raise ThunderDeidError(f"config {p}: expected a mapping at top level")
        base = over.pop("base", "small")
        if base not in PRESETS:
            raise ThunderDeidError(f"config {p}: unknown base {base!r}; presets: {sorted(PRESETS)}")
    else:
        raise ThunderDeidError(f"config {name_or_path!r}: neither a preset ({', '.join(PRESETS)}) nor a file")
    extra = set(over) - {"name", "model", "train"}
    if extra:
        raise ThunderDeidError(f"config {p}: unknown top-level key(s) {sorted(extra)}")
    for section, klass in (("model", ModelConfig), ("train", TrainConfig)):
        if not isinstance(over.get(section, {}), dict):
            raise ThunderDeidError(f"config {p}: '{section}' is a mapping of fields")
        known = {f.name for f in dataclasses.fields(klass)}
        for key in sorted(set(over.get(section, {})) - known):
            line = _key_line(p, section, key)
            raise ThunderDeidError(f"config {p}{f':{line}' if line else ''}: {section}.{key}: unknown field; known: "
                                   f"{', '.join(sorted(known))}")
    d = {"name": over.get("name", base if not over else f"{base}+{p.stem}"),
         "model": {**PRESETS[base].get("model", {}), **over.get("model", {})},
         "train": {**PRESETS[base].get("train", {}), **over.get("train", {})}}
    cfg = Config.from_dict(d)
    for section, name, msg in problems(cfg):
        line = _key_line(p, section, name) if p.is_file() else None
        raise ThunderDeidError(f"config {p}{f':{line}' if line else ''}: {section}.{name}: {msg}")
    return cfg
