"""Tokenizers: the base byte-level BPE, the boundary-aware tokenizer of section 3.3 and the baselines.

    >>> from thunder_deid.tokenizer import load_tokenizer
    >>> tok = load_tokenizer("work/tokenizers/boundary32k")                         # doctest: +SKIP
    >>> enc = tok("홍길동은 왔다", return_offsets_mapping=True)                        # doctest: +SKIP

Modules: :mod:`.bpe` (train the base BPE), :mod:`.boundary` (boundary statistics and score),
:mod:`.search` (beam search over vocabulary pieces), :mod:`.train` (KenLM + tables -> bundle),
:mod:`.hf` (the ``PreTrainedTokenizerFast``), :mod:`.baselines` (Mecab-ko+BPE, characters),
:mod:`.load` (``load_tokenizer(spec)``), :mod:`.analyze` (tables 5 and 30), :mod:`.cli`.
"""

from thunder_deid.tokenizer.load import load_tokenizer

__all__ = ["load_tokenizer"]
