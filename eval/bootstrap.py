"""How sure is an F1: documents resampled with replacement (percentile bootstrap), alone or paired.

A test split of a few hundred judgments gives an F1 whose third decimal depends on which documents were
drawn, and errors cluster inside documents (a company name missed forty times in one judgment, one
realisation's hard surrogate repeated through a document). So the unit resampled is the document, never the
span: each resample draws as many documents as there are, with replacement, sums their TP/FP/FN and takes
F1 of the sums (micro, as :func:`~thunder_deid.eval.score.score_documents` does).

* :func:`interval`: one system's F1 with its percentile interval;
* :func:`paired`: the difference of two F1s on the *same* documents (two systems on one gold, or one model
  on the same documents realised twice: the memorisation gap), both sides resampled with the same draw, with
  the share of resamples in which the first is ahead;
* :func:`share_interval`: the same for a share summed over documents (placeholders reproduced of those in
  the text, names found of those in the headers): one (hits, total) row per document.

    >>> import numpy as np
    >>> a = np.array([[8, 2, 0], [5, 0, 5], [9, 1, 1], [4, 0, 0]])   # per document: TP, FP, FN
    >>> iv = interval(a, resamples=400, seed=0)
    >>> round(iv.value, 3), iv.low < iv.value < iv.high, iv.resamples
    (0.852, True, 400)
    >>> paired(a, a, resamples=100)                                    # a system against itself
    Difference(value=0.0, low=0.0, high=0.0, ahead=0.0, resamples=100, confidence=0.95)
    >>> b = a + np.array([0, 0, 1])                                     # one more miss in every document
    >>> d = paired(a, b, resamples=400, seed=0)
    >>> d.value > 0, d.low > 0, d.ahead
    (True, True, 1.0)
    >>> share_interval(np.array([[9, 10], [10, 10], [18, 20]]), resamples=200).value   # 37 of 40
    0.925
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np

from thunder_deid.eval.scores import VARIANTS, Scores

CHUNK = 64  # resamples drawn at once: memory stays CHUNK x documents whatever the resample count


@dataclass(frozen=True)
class Interval:
    """F1 on all documents and the percentile interval of its resamples."""

    value: float
    low: float
    high: float
    resamples: int
    confidence: float

    def __str__(self) -> str:
        return f"{self.value:.4f} [{self.low:.4f}, {self.high:.4f}]"


@dataclass(frozen=True)
class Difference:
    """F1 of the first minus F1 of the second, its percentile interval, and the share of resamples in which
    the first is strictly ahead."""

    value: float
    low: float
    high: float
    ahead: float
    resamples: int
    confidence: float

    def __str__(self) -> str:
        return f"{self.value:+.4f} [{self.low:+.4f}, {self.high:+.4f}], ahead in {self.ahead:.1%}"


def _f1(sums: np.ndarray) -> np.ndarray:
    """F1 of rows of summed (TP, FP, FN); 0/0 is 0, as :class:`~thunder_deid.eval.scores.Counts` has it."""
    tp, fp, fn = sums[..., 0], sums[..., 1], sums[..., 2]
    den = 2 * tp + fp + fn
    return np.divide(2 * tp, den, out=np.zeros(den.shape, dtype=float), where=den > 0)


def _share(sums: np.ndarray) -> np.ndarray:
    hits, total = sums[..., 0], sums[..., 1]
    return np.divide(hits, total, out=np.zeros(total.shape, dtype=float), where=total > 0)


def _check(counts: np.ndarray, name: str, columns: str = "(TP, FP, FN)") -> np.ndarray:
    c = np.asarray(counts)
    if c.ndim != 2 or c.shape[1] != columns.count(",") + 1 or len(c) == 0:
        raise ValueError(f"{name}: expected one {columns} row per document, got shape {c.shape}")
    if (c < 0).any():
        raise ValueError(f"{name}: counts must not be negative")
    return c.astype(np.int64)


def _resampled(sides: Sequence[np.ndarray], resamples: int, seed: int, statistic=_f1) -> list[np.ndarray]:
    """``statistic`` (F1) of every resample for each side; all sides share each draw of documents."""
    if resamples < 1:
        raise ValueError(f"resamples must be at least 1, got {resamples}")
    n = len(sides[0])
    rng = np.random.default_rng(seed)
    out: list[list[np.ndarray]] = [[] for _ in sides]
    for start in range(0, resamples, CHUNK):
        # how often each document is drawn, per resample: multinomial counts are a with-replacement draw
        weights = rng.multinomial(n, np.full(n, 1.0 / n), size=min(CHUNK, resamples - start))
        for f1s, c in zip(out, sides):
            f1s.append(statistic(weights @ c))
    return [np.concatenate(f) for f in out]


def _bounds(values: np.ndarray, confidence: float) -> tuple[float, float]:
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
    tail = (1 - confidence) / 2 * 100
    low, high = np.percentile(values, [tail, 100 - tail])
    return float(low), float(high)


def interval(counts: np.ndarray, *, resamples: int = 1000, seed: int = 0, confidence: float = 0.95) -> Interval:
    """F1 of ``counts`` (one TP, FP, FN row per document) with its percentile bootstrap interval."""
    c = _check(counts, "counts")
    (f1s,) = _resampled([c], resamples, seed)
    low, high = _bounds(f1s, confidence)
    return Interval(float(_f1(c.sum(axis=0))), low, high, resamples, confidence)


def paired(first: np.ndarray, second: np.ndarray, *, resamples: int = 1000, seed: int = 0,
           confidence: float = 0.95, share: bool = False) -> Difference:
    """F1(first) - F1(second) on the same documents (row ``i`` of both is document ``i``), resampled together;
    with ``share``, rows are (hits, total) and the difference is of the summed shares (:func:`share_interval`).

        >>> round(paired(np.array([[9, 10], [10, 10]]), np.array([[8, 10], [10, 10]]), resamples=50, share=True).value, 3)
        0.05
    """
    columns, statistic = ("(hits, total)", _share) if share else ("(TP, FP, FN)", _f1)
    a, b = _check(first, "first", columns), _check(second, "second", columns)
    if len(a) != len(b):
        raise ValueError(f"paired: {len(a)} documents against {len(b)}; both sides must hold the same documents")
    fa, fb = _resampled([a, b], resamples, seed, statistic)
    diff = fa - fb
    low, high = _bounds(diff, confidence)
    value = float(statistic(a.sum(axis=0)) - statistic(b.sum(axis=0)))
    return Difference(value, low, high, float((diff > 0).mean()), resamples, confidence)


def share_interval(rows: np.ndarray, *, resamples: int = 1000, seed: int = 0, confidence: float = 0.95) -> Interval:
    """A share summed over documents (one (hits, total) row each) with its percentile bootstrap interval."""
    c = _check(rows, "rows", "(hits, total)")
    if (c[:, 0] > c[:, 1]).any():
        raise ValueError("rows: hits must not exceed the total")
    (values,) = _resampled([c], resamples, seed, _share)
    low, high = _bounds(values, confidence)
    return Interval(float(_share(c.sum(axis=0))), low, high, resamples, confidence)


def count_rows(scores: Mapping[str, Scores], variant: str = "strict_typed", ids: Sequence[str] | None = None,
               label: str | None = None) -> np.ndarray:
    """(TP, FP, FN) rows of :func:`~thunder_deid.eval.score.document_scores`' output, in ``ids`` order (default:
    its own); ``label`` takes one label's per-type counts (scored with ``per_type=True``) instead of the total."""
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {', '.join(VARIANTS)}, not {variant!r}")
    rows = []
    for i in ids if ids is not None else list(scores):
        if i not in scores:
            raise KeyError(f"document {i!r} has no scores")
        s = scores[i]
        c = s.counts[variant] if label is None else s.per_type.get(label, {}).get(variant)
        rows.append((c.tp, c.fp, c.fn) if c is not None else (0, 0, 0))
    return np.array(rows, dtype=np.int64).reshape(-1, 3)
