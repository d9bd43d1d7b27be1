"""Word segments of one document and their counts under the four variants (paper §3.4, appendix D).

The rules, exactly:

* **Segments.** Every gold span is one segment, even when it contains whitespace. The rest of the text
  splits into maximal runs of non-whitespace characters (``str.isspace``), which are non-PII segments;
  a gold span boundary also ends a run, so ``홍길동은`` with gold ``홍길동`` gives ``홍길동 | 은``.
  Only non-whitespace characters ever count; a gold span made only of whitespace is no segment at all.
* **Gold PII segment** with label L and non-space positions C:
  binary strict TP iff every position of C is covered by some prediction, binary partial TP iff any is;
  typed strict TP iff every position of C is covered by a prediction labelled L, typed partial TP iff
  any is. Otherwise it is an FN, and in the typed variants also one FP when some position of C is
  covered by a prediction whose label is not L (a segment that is a TP never adds an FP).
* **Non-PII segment**: one FP, in all four variants, when any of its non-space characters is covered
  by a prediction.

Worked example, ``홍길동은 삼성 전자 직원이다`` with gold 홍길동 (인명) and 삼성 전자 (회사), so the segments
are 홍길동 | 은 | 삼성 전자 | 직원이다, and predictions 홍길 (인명) and 삼성 전자 (인명)::

    >>> text = "홍길동은 삼성 전자 직원이다"
    >>> gold = [(0, 3, "인명"), (5, 10, "회사")]
    >>> [text[s:e] for s, e, _ in word_segments(text, gold)]
    ['홍길동', '은', '삼성 전자', '직원이다']
    >>> s = count_document(text, gold, [(0, 2, "인명"), (5, 10, "인명")])
    >>> {v: (c.tp, c.fp, c.fn) for v, c in s.counts.items()}
    {'strict_typed': (0, 1, 2), 'partial_typed': (1, 1, 1), 'strict_binary': (1, 0, 1), 'partial_binary': (2, 0, 0)}

Per-type attribution (``per_type=True``): a gold segment's TP and FN go to its gold label; a typed
wrong-label FP goes to the wrong label covering most of C's non-space characters, and a non-PII FP to
the predicted label covering most of the segment's non-space characters (ties: the label that sorts
first). So the per-label counts of each variant sum exactly to its overall counts.

Spans here are ``(start, end, label)`` tuples already checked to lie inside the text, gold spans not
overlapping; :mod:`thunder_deid.eval.score` does the checking, label filtering and mapping. The work
is numpy over the document's characters (coverage counts from span starts/ends, prefix sums over the
non-space mask), with Python loops only over spans and labels.
"""

from __future__ import annotations

from typing import Iterator, Sequence

import numpy as np

from thunder_deid.eval.scores import Scores

SpanTuple = tuple[int, int, str]

# Every whitespace code point lies at or below U+3000 (IDEOGRAPHIC SPACE); the last entry stands for
# "any code point above" and is False.
_TOP = 0x3001
_IS_SPACE = np.array([chr(c).isspace() for c in range(_TOP)] + [False], dtype=bool)


def nonspace_mask(text: str) -> np.ndarray:
    """Boolean array, True where ``text[i]`` is not whitespace (same rule as ``str.isspace``)."""
    cps = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype="<u4")
    return ~_IS_SPACE[np.minimum(cps, _TOP)]


def word_segments(text: str, gold: Sequence[SpanTuple]) -> Iterator[tuple[int, int, str | None]]:
    """The document's word segments in text order: gold spans (their label) and non-PII runs (None)."""
    ns = nonspace_mask(text)
    in_gold = np.zeros(len(text), dtype=bool)
    keep = []
    for s, e, label in sorted(gold):
        if ns[s:e].any():
            keep.append((s, e, label))
        in_gold[s:e] = True
    rs, re_ = _runs(ns & ~in_gold)
    runs = [(int(a), int(b), None) for a, b in zip(rs, re_)]
    yield from sorted(keep + runs, key=lambda t: t[0])


def _prefix(mask: np.ndarray) -> np.ndarray:
    """``p[i]`` = number of True in ``mask[:i]`` (length n + 1), so a range count is ``p[e] - p[s]``."""
    out = np.zeros(len(mask) + 1, dtype=np.int64)
    np.cumsum(mask, out=out[1:])
    return out


def _coverage(n: int, starts: np.ndarray, ends: np.ndarray, rows: np.ndarray | None = None, k: int = 1) -> np.ndarray:
    """How many spans cover each character: shape ``(n,)``, or ``(k, n)`` counted per row id ``rows``."""
    if rows is None:
        delta = np.bincount(starts, minlength=n + 1) - np.bincount(ends, minlength=n + 1)
        return np.cumsum(delta[:n])
    flat = rows * (n + 1)
    delta = np.bincount(flat + starts, minlength=k * (n + 1)) - np.bincount(flat + ends, minlength=k * (n + 1))
    return np.cumsum(delta.reshape(k, n + 1)[:, :n], axis=1)


def _runs(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Starts and (exclusive) ends of the maximal runs of True."""
    edges = np.flatnonzero(np.diff(np.concatenate(([False], mask, [False])).astype(np.int8)))
    return edges[::2], edges[1::2]


def count_document(text: str, gold: Sequence[SpanTuple], pred: Sequence[SpanTuple], *,
                   per_type: bool = False) -> Scores:
    """Scores of one document (one prediction set); ``documents`` is 1, add documents with ``+=``."""
    n = len(text)
    ns = nonspace_mask(text)
    ns_pre = _prefix(ns)
    pred = [p for p in pred if p[0] < p[1]]
    labels = sorted({p[2] for p in pred} | {g[2] for g in gold})  # row ids; sorted so ties pick the first
    row = {lab: i for i, lab in enumerate(labels)}
    k = len(labels)

    # Gold segments: spans with at least one non-space character; ``size`` = |C|.
    gs, ge = (np.array([g[i] for g in gold], np.int64) for i in (0, 1))
    gid = np.array([row[g[2]] for g in gold], np.int64)
    size = ns_pre[ge] - ns_pre[gs]
    keep = size > 0
    gs, ge, gid, size = gs[keep], ge[keep], gid[keep], size[keep]
    # gold_at[i] = 1 + row of the gold label at character i, 0 outside gold (gold spans do not overlap).
    delta = np.bincount(gs, gid + 1, n + 1) - np.bincount(ge, gid + 1, n + 1)
    gold_at = np.cumsum(delta[:n]).astype(np.int64)

    # Prediction coverage per label (k x n) and in total; own = coverage by the gold label there.
    ps, pe = (np.array([p[i] for p in pred], np.int64) for i in (0, 1))
    pid = np.array([row[p[2]] for p in pred], np.int64)
    cnt = _coverage(n, ps, pe, pid, k) if k else np.zeros((0, n), np.int64)
    cnt_all = cnt.sum(axis=0) if k else np.zeros(n, np.int64)
    own = np.where(gold_at > 0, cnt[np.maximum(gold_at - 1, 0), np.arange(n)], 0) if k else cnt_all
    any_pre = _prefix(ns & (cnt_all > 0))
    own_pre = _prefix(ns & (own > 0))
    other_pre = _prefix(ns & (cnt_all - own > 0))

    cov_any = any_pre[ge] - any_pre[gs]
    cov_own = own_pre[ge] - own_pre[gs]
    cov_other = other_pre[ge] - other_pre[gs]
    hit = {"strict_typed": cov_own == size, "partial_typed": cov_own > 0,
           "strict_binary": cov_any == size, "partial_binary": cov_any > 0}
    wrong = {v: ~hit[v] & (cov_other > 0) for v in ("strict_typed", "partial_typed")}

    # Non-PII segments: maximal runs of non-space characters outside gold spans.
    rs, re_ = _runs(ns & (gold_at == 0))
    run_hit = (any_pre[re_] - any_pre[rs]) > 0
    n_fp = int(run_hit.sum())

    out = Scores(documents=1, gold_segments=len(gs), non_pii_segments=len(rs))
    for v, h in hit.items():
        tp = int(h.sum())
        c = out.counts[v]
        c.tp, c.fn = tp, len(gs) - tp
        c.fp = n_fp + (int(wrong[v].sum()) if v in wrong else 0)
    for i in gid:
        out.gold[labels[i]] = out.gold.get(labels[i], 0) + 1
    if per_type:
        _attribute(out, labels, gid, hit, wrong, ns, cnt, gs, ge, rs[run_hit], re_[run_hit])
    return out


def _attribute(out: Scores, labels: list[str], gid: np.ndarray, hit: dict[str, np.ndarray],
               wrong: dict[str, np.ndarray], ns: np.ndarray, cnt: np.ndarray,
               gs: np.ndarray, ge: np.ndarray, fs: np.ndarray, fe: np.ndarray) -> None:
    """Per-label counts; see the module docstring for which label each TP, FP and FN goes to."""
    for i, r in enumerate(gid):
        counts = out.type_counts(labels[r])
        for v, h in hit.items():
            if h[i]:
                counts[v].tp += 1
            else:
                counts[v].fn += 1
    # pre[r, i] = non-space characters of text[:i] covered by a prediction labelled labels[r].
    pre = np.zeros((len(labels), len(ns) + 1), np.int64)
    np.cumsum(ns & (cnt > 0), axis=1, out=pre[:, 1:])
    for v, w in wrong.items():
        idx = np.flatnonzero(w)
        if not len(idx):
            continue
        table = pre[:, ge[idx]] - pre[:, gs[idx]]
        table[gid[idx], np.arange(len(idx))] = -1  # the gold label itself is not a wrong label
        for r in table.argmax(axis=0):
            out.type_counts(labels[r])[v].fp += 1
    if len(fs):
        for r in (pre[:, fe] - pre[:, fs]).argmax(axis=0):
            counts = out.type_counts(labels[r])
            for v in hit:
                counts[v].fp += 1
