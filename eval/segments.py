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
    in_gold = np.zeros(len(text) + 1, dtype=bool)
    keep = []
    for s, e, label in sorted(gold):
        if ns[s:e].any():
            keep.append((s, e, label))
        in_gold[s:e] = True
    free = ns & ~in_gold[:-1]
    edges = np.flatnonzero(np.diff(np.concatenate(([False], free, [False])).astype(np.int8)))
    runs = [(int(a), int(b), None) for a, b in zip(edges[::2], edges[1::2])]
    yield from sorted(keep + runs, key=lambda t: t[0])


def _prefix(mask: np.ndarray) -> np.ndarray:
    """``p[i]`` = number of True in ``mask[:i]`` (length n + 1), so a range count is ``p[e] - p[s]``."""
    out = np.zeros(len(mask) + 1, dtype=np.int64)
    np.cumsum(mask, out=out[1:])
    return out


def _coverage(n: int, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """How many of the spans cover each character."""
    delta = np.bincount(starts, minlength=n + 1) - np.bincount(ends, minlength=n + 1)
    return np.cumsum(delta[:n])


def _arrays(spans: Sequence[SpanTuple]) -> tuple[np.ndarray, np.ndarray, list[str]]:
    if not spans:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), []
    starts, ends, labels = zip(*spans)
    return np.asarray(starts, np.int64), np.asarray(ends, np.int64), list(labels)


def _most_covered(pre_by: dict[str, np.ndarray], labels: list[str], s: np.ndarray, e: np.ndarray) -> list[str]:
    """For each range [s, e), the label among ``labels`` (sorted) covering most non-space characters."""
    table = np.stack([pre_by[lab][e] - pre_by[lab][s] for lab in labels])  # labels x ranges
    return [labels[i] for i in table.argmax(axis=0)]


def count_document(text: str, gold: Sequence[SpanTuple], pred: Sequence[SpanTuple], *,
                   per_type: bool = False) -> Scores:
    """Scores of one document (one prediction set); ``documents`` is 1, add documents with ``+=``."""
    n = len(text)
    ns = nonspace_mask(text)
    ns_pre = _prefix(ns)
    out = Scores(documents=1)

    # Gold segments: keep spans with at least one non-space character; ``size`` = |C|.
    gs_all, ge_all, gl_all = _arrays(gold)
    size_all = ns_pre[ge_all] - ns_pre[gs_all]
    keep = size_all > 0
    gs, ge, size = gs_all[keep], ge_all[keep], size_all[keep]
    gl = [lab for lab, k in zip(gl_all, keep) if k]

    ps, pe, pl = _arrays([p for p in pred if p[0] < p[1]])
    cnt_all = _coverage(n, ps, pe)
    any_pre = _prefix(ns & (cnt_all > 0))
    pred_labels = sorted(set(pl))
    pl_arr = np.asarray(pl, dtype=object)
    cnt_by = {lab: _coverage(n, ps[pl_arr == lab], pe[pl_arr == lab]) for lab in pred_labels}

    # Typed coverage of each gold segment by its own label (cov_l) and by any other label (cov_o).
    cov_any = any_pre[ge] - any_pre[gs]
    cov_l = np.zeros(len(gl), np.int64)
    cov_o = cov_any.copy()
    gl_arr = np.asarray(gl, dtype=object)
    for lab in set(gl) & set(pred_labels):
        idx = gl_arr == lab
        own = cnt_by[lab]
        own_pre, other_pre = _prefix(ns & (own > 0)), _prefix(ns & (cnt_all - own > 0))
        cov_l[idx] = own_pre[ge[idx]] - own_pre[gs[idx]]
        cov_o[idx] = other_pre[ge[idx]] - other_pre[gs[idx]]

    hit = {"strict_typed": cov_l == size, "partial_typed": cov_l > 0,
           "strict_binary": cov_any == size, "partial_binary": cov_any > 0}
    wrong = {v: ~hit[v] & (cov_o > 0) for v in ("strict_typed", "partial_typed")}

    # Non-PII segments: maximal runs of non-space characters outside gold spans.
    free = ns & (_coverage(n, gs_all, ge_all) == 0)
    edges = np.flatnonzero(np.diff(np.concatenate(([False], free, [False])).astype(np.int8)))
    rs, re_ = edges[::2], edges[1::2]
    run_hit = (any_pre[re_] - any_pre[rs]) > 0
    n_fp = int(run_hit.sum())

    out.gold_segments = len(gl)
    out.non_pii_segments = len(rs)
    for v in hit:
        tp = int(hit[v].sum())
        out.counts[v].tp, out.counts[v].fn = tp, len(gl) - tp
        out.counts[v].fp = n_fp + (int(wrong[v].sum()) if v in wrong else 0)
    for lab in gl:
        out.gold[lab] = out.gold.get(lab, 0) + 1
    if per_type:
        _attribute(out, gl, hit, wrong, pred_labels, cnt_by, ns, gs, ge, rs[run_hit], re_[run_hit])
    return out


def _attribute(out: Scores, gl: list[str], hit: dict[str, np.ndarray], wrong: dict[str, np.ndarray],
               pred_labels: list[str], cnt_by: dict[str, np.ndarray], ns: np.ndarray,
               gs: np.ndarray, ge: np.ndarray, fs: np.ndarray, fe: np.ndarray) -> None:
    """Per-label counts; see the module docstring for which label each TP, FP and FN goes to."""
    for i, lab in enumerate(gl):
        counts = out.type_counts(lab)
        for v, h in hit.items():
            if h[i]:
                counts[v].tp += 1
            else:
                counts[v].fn += 1
    pre_by = {lab: _prefix(ns & (c > 0)) for lab, c in cnt_by.items()}
    for v, w in wrong.items():
        for i in np.flatnonzero(w):
            others = [lab for lab in pred_labels if lab != gl[i]]
            (best,) = _most_covered(pre_by, others, gs[i : i + 1], ge[i : i + 1])
            out.type_counts(best)[v].fp += 1
    if len(fs):
        for lab in _most_covered(pre_by, pred_labels, fs, fe):
            counts = out.type_counts(lab)
            for v in hit:
                counts[v].fp += 1
