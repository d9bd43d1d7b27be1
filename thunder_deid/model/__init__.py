"""The ModernBERT BIO tagger: configurations, training (1 CPU to a torchrun cluster), inference, redaction.

    >>> import thunder_deid.model as tm
    >>> tagger = tm.load()                                   # the embedded default model
    >>> tagger.redact("피고인 김민준은 하나은행 계좌로 송금하였다.", mode="court")
    '피고인 A는 ○○은행 계좌로 송금하였다.'

``load(model=None, device="cpu", patterns=True, backend="torch", threads=None, cache_dir=None, int8=False)``
returns a :class:`Tagger` with ``predict(text) -> Document``, ``predict_documents(docs)``,
``iter_predict(docs)`` (streaming) and ``redact(text, mode=None, policy=None, seed=None) -> str`` (modes ``tag``,
``mask``, ``court``, ``surrogate``, ``json``; :mod:`thunder_deid.operators`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Collection

if TYPE_CHECKING:
    from thunder_deid.model.infer import Tagger


def load(model: str | Path | None = None, device: str = "cpu", patterns: bool | Collection[str] = True,
         backend: str = "torch", threads: int | None = None, cache_dir: str | Path | None = None,
         int8: bool = False) -> "Tagger":
    """A :class:`~thunder_deid.model.infer.Tagger` for a model directory (default: the embedded model).

    ``patterns=False`` leaves out the recognizers (``thunder_deid.recognizers``: fixed-form identifiers, a
    table's names …), the names of some (``recognizer_names()``) run only those;
    ``backend="onnx"`` runs ONNX Runtime on a graph exported into ``cache_dir`` on first use
    (``thunder_deid.model.backends``).
    """
    from thunder_deid.model.infer import Tagger

    return Tagger.load(model, device, patterns, backend, threads, cache_dir, int8)


def __getattr__(name: str):
    if name == "Tagger":
        from thunder_deid.model.infer import Tagger

        return Tagger
    raise AttributeError(name)


__all__ = ["load", "Tagger"]
