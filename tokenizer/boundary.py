"""The boundary model of appendix C: how strongly a token pattern is associated with PII span boundaries.

For a token ``x_i`` with preceding tokens ``x_{i-2}, x_{i-1}`` the boundary score is

    b(x_i | context) = sum_{n=1..M} w_n * log(C * count_bound(pattern_n) / count(pattern_n) + 1)

where ``pattern_1 = (x_i)``, ``pattern_2 = (x_{i-1}, x_i)``, ``pattern_3 = (x_{i-2}, x_{i-1}, x_i)`` (M = 3,
"contexts up to trigrams"), counted over the training token sequences (documents split at span boundaries,
each piece tokenised by the base BPE, pieces of a line concatenated):

* ``count(pattern)``: occurrences of the pattern, i.e. of token ``x_i`` preceded by that context;
* ``count_bound(pattern)``: those occurrences whose token ``x_i`` *starts or ends at a span boundary*:
  its first non-space character is a span's first character or the character right after a span, or its
  last character is a span's last character or the character right before a span.
  (A leading ``Ġ`` space does not count: `` 홍길동`` starts at the name.)

Interpolation with backoff: a pattern never seen at a boundary (or never seen) contributes 0 (its term
is ``log(0 + 1)``), so an unseen trigram context falls back on what its bigram and unigram terms give.
Default weights ``w = (0.6, 0.3, 0.1)``, chosen on the validation split (BENCHMARKS.md): the unigram
evidence (a token mostly seen at boundaries, such as a particle standing alone) carries over to unseen
surrogate names, longer contexts refine it. The table keeps only patterns with ``count_bound > 0``
(their precomputed term), so it stays small.

    >>> m = BoundaryModel.from_sequences([([5, 7, 9], [False, True, True])], c=5.0)
    >>> round(m.score(7, 5, None), 4) == round(0.6 * math.log(6) + 0.3 * math.log(6), 4)
    True
"""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

Pattern = tuple[int, ...]


@dataclass
class BoundaryModel:
    """Per-order tables ``pattern -> log(C * count_bound / count + 1)`` (only patterns with count_bound > 0)."""

    tables: list[dict[Pattern, float]] = field(default_factory=lambda: [{}, {}, {}])
    weights: tuple[float, ...] = (0.6, 0.3, 0.1)
    c: float = 5.0

    @classmethod
    def from_sequences(cls, seqs: Iterable[tuple[Sequence[int], Sequence[bool]]], c: float = 5.0,
                       weights: tuple[float, ...] = (0.6, 0.3, 0.1), min_count: int = 1) -> "BoundaryModel":
        """Count over ``(token ids, at_boundary flags)`` sequences; two passes so only boundary patterns
        are counted in full (the sequences must be re-iterable, e.g. a list)."""
        seqs = list(seqs)
        order = len(weights)
        bound: list[Counter] = [Counter() for _ in range(order)]
        for ids, flags in seqs:
            for i, f in enumerate(flags):
                if f:
                    for n in range(1, min(order, i + 1) + 1):
                        bound[n - 1][tuple(ids[i - n + 1: i + 1])] += 1
        total: list[Counter] = [Counter() for _ in range(order)]
        for ids, _ in seqs:
            for i in range(len(ids)):
                for n in range(1, min(order, i + 1) + 1):
                    p = tuple(ids[i - n + 1: i + 1])
                    if p in bound[n - 1]:
                        total[n - 1][p] += 1
        tables = [{p: math.log(c * cb / total[n][p] + 1.0) for p, cb in bound[n].items() if total[n][p] >= min_count}
                  for n in range(order)]
        return cls(tables, tuple(weights), c)

    def score(self, tok: int, prev: int | None, prev2: int | None) -> float:
        """``b(tok | prev2, prev)``; ``None`` marks a context the caller does not have."""
        t = self.tables
        s = self.weights[0] * t[0].get((tok,), 0.0)
        if prev is not None and len(t) > 1:
            s += self.weights[1] * t[1].get((prev, tok), 0.0)
            if prev2 is not None and len(t) > 2:
                s += self.weights[2] * t[2].get((prev2, prev, tok), 0.0)
        return s

    def save(self, path: str | Path) -> None:
        from thunder_deid.io import atomic_writer

        data = {"c": self.c, "weights": list(self.weights),
                "tables": [[[list(p), round(v, 6)] for p, v in sorted(t.items())] for t in self.tables]}
        with atomic_writer(path) as f:
            json.dump(data, f, separators=(",", ":"))

    @classmethod
    def load(cls, path: str | Path) -> "BoundaryModel":
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        tables = [{tuple(p): float(v) for p, v in t} for t in data["tables"]]
        return cls(tables, tuple(data["weights"]), float(data["c"]))


def boundary_flags(offsets: Sequence[tuple[int, int]], text: str, boundaries: set[int]) -> list[bool]:
    """Whether each token (character offsets into ``text``) starts or ends at a span boundary.

    ``boundaries`` holds every span's start and end offset. A token's start is taken after its leading
    whitespace, its end before trailing whitespace.
    """
    out = []
    for a, b in offsets:
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        out.append(a < b and (a in boundaries or b in boundaries))
    return out
