"""Train the base byte-level BPE (the "original tokenizer" of section 3.3) on Korean text.

ModernBERT-style: GPT-2 byte-level pre-tokenisation (a word carries its leading space as ``Ġ``), special
tokens ``[PAD] [UNK] [CLS] [SEP] [MASK]`` (ids 0-4) and a ``[CLS] … [SEP]`` post-processor. Offsets index
the original text (the ByteLevel post-processor trims the ``Ġ`` space off a token's offsets); a Korean
syllable split over several byte tokens gives each of them that syllable's offsets.

    >>> tok = train_bpe(["홍길동은 서울에 산다."] * 50, vocab_size=300)            # doctest: +SKIP
    >>> tok("홍길동은", return_offsets_mapping=True)["offset_mapping"]          # doctest: +SKIP
    [(0, 0), (0, 4), (0, 0)]

Validation and test documents must not leak into the BPE's training text: :class:`LineExcluder` drops every
corpus line that occurs inside one of their texts (``--exclude``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable, Iterator, Sequence

import numpy as np

from thunder_deid.document import read_jsonl
from thunder_deid.io import atomic_folder, check_output_folder, text_lines

SPECIAL_TOKENS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
SPECIAL_KWARGS = dict(pad_token="[PAD]", unk_token="[UNK]", cls_token="[CLS]", sep_token="[SEP]", mask_token="[MASK]")
_WS = re.compile(r"\s+")


def _norm(s: str) -> str:
    return _WS.sub(" ", s).strip()


class LineExcluder:
    """Whether a corpus line occurs (whitespace-normalised) inside any of the given texts.

    Lines of at least ``k`` characters are looked up by the hash of their first ``k`` characters among the
    hashes of every ``k``-character window of the texts (a sorted numpy array, so millions of windows stay
    small), and confirmed by a real substring test; shorter lines must equal a whole line of a text.
    """

    def __init__(self, texts: Iterable[str], k: int = 24):
        self.k = k
        raw = list(texts)
        self.short = {_norm(line) for t in raw for line in t.split("\n")} - {""}
        self.texts = [_norm(t) for t in raw]
        hashes, owners = [], []
        for i, t in enumerate(self.texts):
            n = len(t) - k + 1
            if n <= 0:
                continue
            hashes.append(np.fromiter((hash(t[j:j + k]) for j in range(n)), dtype=np.int64, count=n))
            owners.append(np.full(n, i, dtype=np.int32))
        h = np.concatenate(hashes) if hashes else np.zeros(0, np.int64)
        o = np.concatenate(owners) if owners else np.zeros(0, np.int32)
        order = np.argsort(h, kind="stable")
        self.hashes, self.owners = h[order], o[order]

    def __len__(self) -> int:
        return len(self.texts)

    def excluded(self, line: str) -> bool:
        s = _norm(line)
        if not s:
            return False
        if len(s) < self.k:
            return s in self.short
        h = hash(s[: self.k])
        lo = int(np.searchsorted(self.hashes, h, "left"))
        hi = int(np.searchsorted(self.hashes, h, "right"))
        return any(s in self.texts[i] for i in set(self.owners[lo:hi].tolist()))

    @classmethod
    def from_jsonl(cls, paths: Sequence[str | Path]) -> "LineExcluder":
        return cls(d.text for p in paths for d in read_jsonl(p))


def corpus_lines(paths: Sequence[str | Path], max_lines: int | None = None,
                 exclude: LineExcluder | None = None, stats: dict | None = None) -> Iterator[str]:
    """Non-empty lines of text files (``.gz`` or plain) and of JSONL documents' texts, minus excluded lines."""
    n = dropped = 0
    for p in paths:
        p = Path(p)
        if p.suffix == ".jsonl" or p.name.endswith(".jsonl.gz"):
            lines: Iterable[str] = (line for d in read_jsonl(p) for line in d.text.split("\n"))
        else:
            lines = (line.rstrip("\n") for _, line in text_lines(p, "corpus"))
        for line in lines:
            if max_lines is not None and n >= max_lines:
                break
            if not line.strip():
                continue
            if exclude is not None and exclude.excluded(line):
                dropped += 1
                continue
            n += 1
            yield line
    if stats is not None:
        stats.update(lines=n, dropped=dropped)


def new_bpe_tokenizer():
    """An empty byte-level BPE ``tokenizers.Tokenizer`` with the project's pipeline (not yet trained)."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers

    tok = Tokenizer(models.BPE(unk_token=None))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    tok.decoder = decoders.ByteLevel()
    return tok


def add_post_processor(tok) -> None:
    """``[CLS] A [SEP]`` (pairs ``[CLS] A [SEP] B [SEP]``) after the ByteLevel offset trimming."""
    from tokenizers import processors

    cls_id, sep_id = tok.token_to_id("[CLS]"), tok.token_to_id("[SEP]")
    tok.post_processor = processors.Sequence([
        processors.ByteLevel(trim_offsets=True),
        processors.TemplateProcessing(single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1",
                                      special_tokens=[("[CLS]", cls_id), ("[SEP]", sep_id)]),
    ])


def train_bpe(lines: Iterable[str], vocab_size: int = 32_000, min_frequency: int = 2):
    """Train and return a ``transformers.PreTrainedTokenizerFast`` byte-level BPE on ``lines``."""
    from tokenizers import pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tok = new_bpe_tokenizer()
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, min_frequency=min_frequency, show_progress=False,
                                  special_tokens=SPECIAL_TOKENS,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(lines, trainer=trainer)
    add_post_processor(tok)
    return PreTrainedTokenizerFast(tokenizer_object=tok, **SPECIAL_KWARGS)


def save_bpe(hf_tok, out: str | Path) -> Path:
    """Save as a directory ``PreTrainedTokenizerFast.from_pretrained`` (and :func:`load_tokenizer`) reads."""
    out = check_output_folder(out, "tokenizer.json", "tokenizer folder")
    with atomic_folder(out) as tmp:
        hf_tok.save_pretrained(str(tmp))
    return out
