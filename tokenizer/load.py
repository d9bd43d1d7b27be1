"""One entry point for every tokenizer the project compares: ``load_tokenizer(spec)``.

A spec is a directory or ``KIND:DIR``:

=====================  ====================================================================================
``DIR``                 a boundary-aware bundle (``boundary_config.json`` inside) or any local Hugging Face
                        tokenizer directory (``tokenizer.json``), e.g. a user's own model
``boundary:DIR``        the boundary-aware tokenizer bundle in DIR (section 3.3, appendix C)
``bpe:DIR``             the plain base BPE of DIR (for a bundle: its base BPE)
``mecab-bpe:DIR``       Mecab-ko morphemes, then DIR's BPE inside each morpheme (the Thunder-DeID approach)
``char:DIR``            one token per character: DIR's single-character vocabulary, bytes for the rest
=====================  ====================================================================================

Every result is a ``transformers.PreTrainedTokenizerFast`` (batching, truncation, stride, overflow,
padding and offsets into the original text all work the usual way)::

    >>> tok = load_tokenizer("work/tokenizers/boundary32k")                        # doctest: +SKIP
    >>> tok("홍길동은", return_offsets_mapping=True)["offset_mapping"]             # doctest: +SKIP
    [(0, 0), (0, 3), (3, 4), (0, 0)]
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from thunder_deid.errors import ThunderDeidError

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerFast

BUNDLE_CONFIG = "boundary_config.json"
KINDS = ("boundary", "bpe", "mecab-bpe", "char")


def _base_dir(path: Path) -> Path:
    """The directory holding the base BPE: a bundle keeps it in ``base/``."""
    return path / "base" if (path / BUNDLE_CONFIG).is_file() else path


def load_tokenizer(spec: str | Path) -> "PreTrainedTokenizerFast":
    """A transformers-compatible tokenizer from a spec (see the module docstring)."""
    spec = str(spec)
    kind, sep, rest = spec.partition(":")
    if not sep or kind not in KINDS:
        kind, rest = "", spec
    path = Path(rest)
    if not path.is_dir():
        raise ThunderDeidError(f"tokenizer {spec!r}: directory {path} not found")
    if kind in ("", "boundary") and (path / BUNDLE_CONFIG).is_file():
        from thunder_deid.tokenizer.hf import BoundaryTokenizerFast

        return BoundaryTokenizerFast.from_pretrained(str(path))
    if kind == "boundary":
        raise ThunderDeidError(f"tokenizer {spec!r}: no {BUNDLE_CONFIG} in {path} (train one with "
                               "`thunder-deid tokenizer train`)")
    base = _base_dir(path)
    if not (base / "tokenizer.json").is_file():
        raise ThunderDeidError(f"tokenizer {spec!r}: no tokenizer.json in {base}")
    if kind in ("", "bpe"):
        from transformers import PreTrainedTokenizerFast

        return PreTrainedTokenizerFast.from_pretrained(str(base))
    from thunder_deid.tokenizer.baselines import char_tokenizer, mecab_bpe_tokenizer

    return mecab_bpe_tokenizer(base) if kind == "mecab-bpe" else char_tokenizer(base)
