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
* **Overlapping predictions** are allowed and scored by coverage: a character counts as covered by every
  prediction that contains it, with each of their labels. So a second, overlapping prediction can turn
  a gold segment into a TP (if it supplies the missing coverage or label) but never adds an FP to a TP
  segment; on a non-PII segment any number of predictions make one FP. ``thunder-deid eval`` reports
  how many prediction spans overlap another.

Worked example, ``홍길동은 삼성 전자 직원이다`` with gold 홍길동 (인명) and 삼성 전자 (회사), so the segments
are 홍길동 | 은 | 삼성 전자 | 직원이다, and predictions 홍길 (인명) and 삼성 전자 (인명)::

    >>> text = "홍길동은 삼성 전자 직원이다"
    >>> gold = [(0, 3, "인명"), (5, 10, "회사")]
    >>> [text[s:e] for s, e, _ in word_segments(text, gold)]
    ['홍길동', '은', '삼성 전자', '직원이다']
    >>> s = count_document(text, gold, [(0, 2, "인명"), (5, 10, "인명")])
    >>> {v: (c.tp, c.fp, c.fn) for v, c in s.counts.items()}
    {'strict_typed': (0, 1, 2), 'partial_typed': (1, 1, 1), 'strict_binary': (1, 0, 1), 'partial_binary': (2, 0, 0)}

What follows (tested as properties): in every variant TP + FN = number of gold segments; TP(partial)
>= TP(strict) and TP(binary) >= TP(typed); both binary variants have the same FP (touched non-PII
segments), and FP(strict typed) >= FP(partial typed) >= FP(binary). Perfect predictions give F1 = 1.

Per-type attribution (``per_type=True``): a gold segment's TP and FN go to its gold label; a typed
wrong-label FP goes to the wrong label covering most of C's non-space characters, and a non-PII FP to
the predicted label covering most of the segment's non-space characters (ties: the label that sorts
first). So the per-label counts of each variant sum exactly to its overall counts.

Spans here are ``(start, end, label)`` tuples inside the text, gold spans not overlapping;
:mod:`thunder_deid.eval.score` checks documents with messages naming file and id, and filters and maps
labels. The work is numpy over the document's characters and spans, with no Python loop over
characters: coverage counts from span starts/ends, prefix sums over the non-space mask (so a range's
covered non-space count is two lookups), and same-label coverage from (prediction, gold segment)
overlap pairs found by binary search.
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


def _coverage(n: int, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """How many of the spans ``[starts[j], ends[j])`` cover each of the ``n`` characters."""
    delta = np.bincount(starts, minlength=n + 1) - np.bincount(ends, minlength=n + 1)
    return np.cumsum(delta[:n])


def _runs(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Starts and (exclusive) ends of the maximal runs of True."""
    edges = np.flatnonzero(np.diff(np.concatenate(([False], mask, [False])).astype(np.int8)))
    return edges[::2], edges[1::2]


def _overlapping_pairs(ps: np.ndarray, pe: np.ndarray, gs: np.ndarray, ge: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(prediction index, gold index) of every overlapping pair; gold sorted and non-overlapping."""
    lo = np.searchsorted(ge, ps, "right")   # first gold segment ending after the prediction starts
    hi = np.searchsorted(gs, pe, "left")    # gold segments starting before the prediction ends
    reps = np.maximum(hi - lo, 0)
    j = np.repeat(np.arange(len(ps)), reps)
    g = np.arange(int(reps.sum())) - np.repeat(np.cumsum(reps) - reps, reps) + np.repeat(lo, reps)
    return j, g


def _array(spans: Sequence[SpanTuple], row: dict[str, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    starts = np.fromiter((x[0] for x in spans), np.int64, len(spans))
    ends = np.fromiter((x[1] for x in spans), np.int64, len(spans))
    ids = np.fromiter((row[x[2]] for x in spans), np.int64, len(spans))
    return starts, ends, ids


def count_document(text: str, gold: Sequence[SpanTuple], pred: Sequence[SpanTuple], *,
                   per_type: bool = False) -> Scores:
    """Scores of one document (one prediction set); ``documents`` is 1, add documents with ``+=``.

    Spans must lie inside the text and gold spans must not overlap (``ValueError`` otherwise).
    """
    n = len(text)
    ns = nonspace_mask(text)
    ns_pre = _prefix(ns)
    gold = sorted(gold)
    pred = [p for p in pred if p[0] < p[1]]
    labels = sorted({p[2] for p in pred} | {g[2] for g in gold})  # ids in label order: ties pick the first
    row = {lab: i for i, lab in enumerate(labels)}

    # Gold segments: spans with at least one non-space character; ``size`` = |C|.
    gs, ge, gid = _array(gold, row)
    ps, pe, pid = _array(pred, row)
    if np.any(gs[1:] < ge[:-1]):
        raise ValueError("gold spans overlap")
    if any(len(x) and (x.min() < 0 or x.max() > n) for x in (gs, ge, ps, pe)):
        raise ValueError(f"a span lies outside the text of {n} characters")
    size = ns_pre[ge] - ns_pre[gs]
    keep = size > 0
    gs, ge, gid, size = gs[keep], ge[keep], gid[keep], size[keep]

    # Coverage by any prediction, and inside gold segments by predictions with the segment's label:
    # each same-label prediction clipped to the segment it overlaps (segments do not overlap).
    cnt_all = _coverage(n, ps, pe)
    j, g = _overlapping_pairs(ps, pe, gs, ge)
    same = pid[j] == gid[g]
    j, g = j[same], g[same]
    own = _coverage(n, np.maximum(ps[j], gs[g]), np.minimum(pe[j], ge[g]))
    any_pre = _prefix(ns & (cnt_all > 0))
    own_pre = _prefix(ns & (own > 0))
    other_pre = _prefix(ns & (cnt_all > own))

    cov_any = any_pre[ge] - any_pre[gs]
    cov_own = own_pre[ge] - own_pre[gs]
    cov_other = other_pre[ge] - other_pre[gs]
    hit = {"strict_typed": cov_own == size, "partial_typed": cov_own > 0,
           "strict_binary": cov_any == size, "partial_binary": cov_any > 0}
    wrong = {v: ~hit[v] & (cov_other > 0) for v in ("strict_typed", "partial_typed")}

    # Non-PII segments: maximal runs of non-space characters outside gold segments.
    rs, re_ = _runs(ns & (_coverage(n, gs, ge) == 0))
    run_hit = (any_pre[re_] - any_pre[rs]) > 0
    n_fp = int(run_hit.sum())

    out = Scores(documents=1, gold_segments=len(gs), non_pii_segments=len(rs))
    for v, h in hit.items():
        tp = int(h.sum())
        c = out.counts[v]
        c.tp, c.fn = tp, len(gs) - tp
        c.fp = n_fp + (int(wrong[v].sum()) if v in wrong else 0)
    for r, k in zip(*np.unique(gid, return_counts=True)):
        out.gold[labels[r]] = int(k)
    if per_type:
        _attribute(out, labels, ns_pre, (ps, pe, pid), (gs, ge, gid), hit, wrong, rs[run_hit], re_[run_hit])
    return out


def _most_covering(ns_pre: np.ndarray, preds: tuple[np.ndarray, np.ndarray, np.ndarray], k: int,
                   s: np.ndarray, e: np.ndarray, exclude: np.ndarray | None) -> np.ndarray:
    """For each range [s, e) (sorted, non-overlapping), the label id whose predictions cover most of its
    non-space characters, never ``exclude`` (one id per range); ties go to the smaller id."""
    ps, pe, pid = preds
    m = len(s)
    j, g = _overlapping_pairs(ps, pe, s, e)
    a, b = np.maximum(ps[j], s[g]), np.minimum(pe[j], e[g])
    key = g * k + pid[j]
    order = np.lexsort((a, key))
    key, a, b = key[order], a[order], b[order]
    # Union of each (range, label) group's intervals: an interval only adds what lies beyond the
    # furthest end seen so far in its group (the offset keeps groups apart in one running maximum).
    offset = key * (len(ns_pre) + 1)
    reach = np.maximum.accumulate(b + offset)
    before = np.concatenate(([-1], reach[:-1])) - offset
    lo = np.minimum(np.maximum(a, before), b)
    table = np.bincount(key, weights=ns_pre[b] - ns_pre[lo], minlength=m * k).reshape(m, k)
    if exclude is not None:
        table[np.arange(m), exclude] = -1
    return table.argmax(axis=1)


def _attribute(out: Scores, labels: list[str], ns_pre: np.ndarray, preds: tuple[np.ndarray, np.ndarray, np.ndarray],
               golds: tuple[np.ndarray, np.ndarray, np.ndarray], hit: dict[str, np.ndarray],
               wrong: dict[str, np.ndarray], fs: np.ndarray, fe: np.ndarray) -> None:
    """Per-label counts; see the module docstring for which label each TP, FP and FN goes to."""
    gs, ge, gid = golds
    k = len(labels)

    def add(v: str, field: str, ids: np.ndarray) -> None:
        per_label = np.bincount(ids, minlength=k)
        for r in np.flatnonzero(per_label):
            c = out.type_counts(labels[r])[v]
            setattr(c, field, getattr(c, field) + int(per_label[r]))

    for v, h in hit.items():
        add(v, "tp", gid[h])
        add(v, "fn", gid[~h])
    flagged = np.flatnonzero(wrong["strict_typed"])  # partial-typed wrong FPs are a subset
    if len(flagged):
        winner = np.full(len(gs), -1)
        winner[flagged] = _most_covering(ns_pre, preds, k, gs[flagged], ge[flagged], gid[flagged])
        for v, w in wrong.items():
            add(v, "fp", winner[w])
    if len(fs):
        winner = _most_covering(ns_pre, preds, k, fs, fe, None)
        for v in hit:
            add(v, "fp", winner)
