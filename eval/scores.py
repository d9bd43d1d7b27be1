"""Counts and scores of the four word-segment variants, summed over documents and prediction sets.

    >>> c = Counts(tp=8, fp=2, fn=0)
    >>> round(c.precision, 3), c.recall, round(c.f1, 3)
    (0.8, 1.0, 0.889)
    >>> Counts().f1          # 0/0 is defined as 0
    0.0

A :class:`Scores` holds one :class:`Counts` per variant (``strict_typed``, ``partial_typed``,
``strict_binary``, ``partial_binary``), optionally the same per label (``per_type``), and the size of
what was scored. ``+=`` adds the scores of another document of the same prediction set;
:meth:`Scores.over_sets` sums several prediction sets (seeds) scored against the same gold, so P/R/F1
are micro-aggregated from summed TP/FP/FN as in the paper.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any, Iterable

VARIANTS: tuple[str, ...] = ("strict_typed", "partial_typed", "strict_binary", "partial_binary")


def _ratio(num: int, den: int) -> float:
    return num / den if den else 0.0


@dataclass
class Counts:
    """True positives, false positives and false negatives of one variant; P, R and F1 derive from them."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def precision(self) -> float:
        return _ratio(self.tp, self.tp + self.fp)

    @property
    def recall(self) -> float:
        return _ratio(self.tp, self.tp + self.fn)

    @property
    def f1(self) -> float:
        return _ratio(2 * self.tp, 2 * self.tp + self.fp + self.fn)

    def __iadd__(self, other: "Counts") -> "Counts":
        self.tp += other.tp
        self.fp += other.fp
        self.fn += other.fn
        return self

    def to_dict(self) -> dict[str, float | int]:
        return {"tp": self.tp, "fp": self.fp, "fn": self.fn,
                "precision": self.precision, "recall": self.recall, "f1": self.f1}


def _variant_counts() -> dict[str, Counts]:
    return {v: Counts() for v in VARIANTS}


@dataclass
class Scores:
    """Word-segment scores of one or more documents under one or more prediction sets.

    ``gold_segments`` / ``non_pii_segments`` / ``documents`` / ``gold`` (gold segments per label) describe
    the gold side once, however many prediction sets were summed; ``missing_documents`` counts (document,
    prediction set) pairs in which the prediction set lacked the document (scored as predicting nothing).
    ``per_type`` maps a label to its four :class:`Counts` and is empty unless requested.
    """

    counts: dict[str, Counts] = field(default_factory=_variant_counts)
    per_type: dict[str, dict[str, Counts]] = field(default_factory=dict)
    gold: dict[str, int] = field(default_factory=dict)
    documents: int = 0
    gold_segments: int = 0
    non_pii_segments: int = 0
    prediction_sets: int = 1
    missing_documents: int = 0

    # -- the four variants as attributes: scores.strict_typed.f1 ------------------------------------
    @property
    def strict_typed(self) -> Counts:
        return self.counts["strict_typed"]

    @property
    def partial_typed(self) -> Counts:
        return self.counts["partial_typed"]

    @property
    def strict_binary(self) -> Counts:
        return self.counts["strict_binary"]

    @property
    def partial_binary(self) -> Counts:
        return self.counts["partial_binary"]

    def type_counts(self, label: str) -> dict[str, Counts]:
        """The four counts of one label, created on first use (so callers can add to them)."""
        got = self.per_type.get(label)
        if got is None:
            got = self.per_type[label] = _variant_counts()
        return got

    def __iadd__(self, other: "Scores") -> "Scores":
        """Add another document (or batch of documents) scored under the same prediction set."""
        self._add_counts(other)
        for label, n in other.gold.items():
            self.gold[label] = self.gold.get(label, 0) + n
        self.documents += other.documents
        self.gold_segments += other.gold_segments
        self.non_pii_segments += other.non_pii_segments
        self.missing_documents += other.missing_documents
        return self

    def _add_counts(self, other: "Scores") -> None:
        for v in VARIANTS:
            self.counts[v] += other.counts[v]
        for label, counts in other.per_type.items():
            mine = self.type_counts(label)
            for v in VARIANTS:
                mine[v] += counts[v]

    @classmethod
    def over_sets(cls, sets: Iterable["Scores"]) -> "Scores":
        """Sum prediction sets scored against the same gold: counts add, the gold description is kept once."""
        sets = list(sets)
        if not sets:
            raise ValueError("over_sets needs at least one Scores")
        first = sets[0]
        out = cls(gold=dict(first.gold), documents=first.documents, gold_segments=first.gold_segments,
                  non_pii_segments=first.non_pii_segments, prediction_sets=0)
        for s in sets:
            if (s.documents, s.gold_segments, s.non_pii_segments) != (first.documents, first.gold_segments, first.non_pii_segments):
                raise ValueError("over_sets: the prediction sets were scored against different gold documents")
            out._add_counts(s)
            out.prediction_sets += s.prediction_sets
            out.missing_documents += s.missing_documents
        return out

    def to_dict(self) -> dict[str, Any]:
        """The ``thunder-deid eval --json`` object (``per_type`` only when per-type counts were collected)."""
        d: dict[str, Any] = {v: self.counts[v].to_dict() for v in VARIANTS}
        d.update(documents=self.documents, prediction_sets=self.prediction_sets,
                 missing_documents=self.missing_documents, gold_segments=self.gold_segments,
                 non_pii_segments=self.non_pii_segments)
        if self.per_type:
            d["per_type"] = {label: {"gold": self.gold.get(label, 0),
                                     **{v: self.per_type[label][v].to_dict() for v in VARIANTS}}
                             for label in self._labels()}
        return d

    def _labels(self) -> list[str]:
        """Labels by gold count (descending), then name; labels only ever predicted come last."""
        return sorted(self.per_type, key=lambda label: (-self.gold.get(label, 0), label))

    def format_table(self) -> str:
        """A small aligned plain-text table of the four variants (and per label when collected)."""
        rows = [["variant", "TP", "FP", "FN", "precision", "recall", "F1"]]
        for v in VARIANTS:
            c = self.counts[v]
            rows.append([v.replace("_", " "), str(c.tp), str(c.fp), str(c.fn),
                         f"{c.precision:.4f}", f"{c.recall:.4f}", f"{c.f1:.4f}"])
        head = (f"documents {self.documents}, gold PII segments {self.gold_segments}, non-PII segments "
                f"{self.non_pii_segments}, prediction sets {self.prediction_sets}, "
                f"documents missing from a prediction set {self.missing_documents}")
        out = [head, "", _align(rows)]
        if self.per_type:
            rows = [["label", "gold", "ST-P", "ST-R", "ST-F1", "PT-F1", "SB-F1", "PB-F1"]]
            for label in self._labels():
                c = self.per_type[label]
                st = c["strict_typed"]
                rows.append([label, str(self.gold.get(label, 0)), f"{st.precision:.4f}", f"{st.recall:.4f}",
                             f"{st.f1:.4f}"] + [f"{c[v].f1:.4f}" for v in VARIANTS[1:]])
            out += ["", "per label (ST strict typed, PT partial typed, SB strict binary, PB partial binary;",
                    "P precision, R recall):", "", _align(rows)]
        return "\n".join(out)


def _width(s: str) -> int:
    """Terminal columns: Hangul and other wide characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


def _align(rows: list[list[str]]) -> str:
    """First column left-aligned, the others right-aligned, two spaces apart."""
    widths = [max(_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for r in rows:
        cells = [r[0] + " " * (widths[0] - _width(r[0]))]
        cells += [" " * (widths[i] - _width(x)) + x for i, x in enumerate(r[1:], 1)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)
