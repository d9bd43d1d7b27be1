"""Score prediction documents against gold documents: match by id, check, filter and map labels, sum.

    >>> from thunder_deid.document import Document, Span
    >>> gold = [Document("d1", "홍길동은 삼성 전자 직원이다", [Span(0, 3, "인명"), Span(5, 10, "회사")])]
    >>> pred = [Document("d1", gold[0].text, [Span(0, 3, "인명")])]
    >>> s = score_documents(gold, pred)
    >>> s.strict_typed.tp, s.strict_typed.fn, round(s.strict_typed.f1, 3)
    (1, 1, 0.667)
    >>> s2 = score_documents(gold, [pred, []])          # two seeds; the second predicted nothing
    >>> s2.strict_typed.tp, s2.strict_typed.fn, s2.missing_documents
    (1, 3, 1)

Decisions (the counting rules themselves are in :mod:`thunder_deid.eval.segments`):

* Labels are compared without their sub-label (``식당:한식당`` counts as ``식당``).
* ``labels``: gold spans and predictions whose label is not in the set are dropped first, on the labels
  as written (before ``level``). A dropped gold span's text becomes ordinary non-PII segments; a
  dropped prediction covers nothing (appendix H: predictions outside the set are non-PII predictions).
* ``level`` (``"mid"`` or ``"top"``): both sides' labels are replaced by their taxonomy ancestor at that
  level before typed comparison. A label that is not in the taxonomy cannot be mapped, so it raises
  :class:`LabelError` naming the label, the side and the document id (map old-scheme labels first).
* Several prediction sets (seeds): each is scored against the gold and TP/FP/FN are summed before
  P/R/F1 are computed (micro-aggregation, :meth:`Scores.over_sets`).
* A gold document missing from a prediction set counts as predicting nothing; ``missing_documents``
  counts such (document, set) pairs.
* A prediction document whose id is not in the gold is an error (the files do not belong together,
  and silently ignoring it would score a different test set than the one predicted). So are
  duplicate ids, a prediction text that differs from the gold text (the error names the set, the
  document id and the first differing offset, never the text), gold spans that are out of range,
  empty or overlapping, and prediction spans that are out of range or empty (predictions may overlap).
"""

from __future__ import annotations

import logging
from collections import Counter
from typing import Iterable, Iterator, Mapping, Sequence

from thunder_deid.document import Document
from thunder_deid.errors import DocumentError, LabelError, ThunderDeidError
from thunder_deid.eval.scores import Scores
from thunder_deid.eval.segments import SpanTuple, count_document
from thunder_deid.taxonomy import Level, Taxonomy, load_taxonomy, split_label
from thunder_deid.validate import problems

log = logging.getLogger(__name__)


def _check(doc: Document, where: str, *, gold: bool) -> None:
    """Spans inside the text and not empty, gold spans not overlapping, a span's ``text`` field (if any)
    matching; the messages come from :func:`thunder_deid.validate.problems`, run only on failure."""
    n, reach = len(doc.text), 0
    for s in doc.spans:  # sorted by start
        quoted = s.extra.get("text") if s.extra else None
        if not 0 <= s.start < s.end <= n or (gold and s.start < reach) or (
                quoted is not None and quoted != doc.text[s.start : s.end]):
            found = problems(doc, check_labels=False, allow_overlap=not gold)
            more = f" (and {len(found) - 1} more problems in this document)" if len(found) > 1 else ""
            raise DocumentError(f"{where}: {found[0]}{more}")
        reach = max(reach, s.end)


def _check_text(gold: Document, pred: Document, where: str) -> None:
    if pred.text != gold.text:
        a, b = gold.text, pred.text
        first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        raise DocumentError(f"{where}: document {pred.id!r}: text differs from the gold document's text "
                            f"(first difference at offset {first}; lengths {len(a)} and {len(b)})")


def _tuples(doc: Document, labels: frozenset[str] | None, level: Level | None, tax: Taxonomy | None,
            where: str) -> list[SpanTuple]:
    """The document's spans as ``(start, end, label)`` after sub-label removal, filtering and mapping."""
    out = []
    for s in doc.spans:
        label = split_label(s.label)[0] if ":" in s.label else s.label
        if labels is not None and label not in labels:
            continue
        if level is not None:
            if label not in tax:  # type: ignore[operator]
                raise LabelError(f"{where}: document {doc.id!r}: label {label!r} is not in the taxonomy, so it "
                                 f"cannot be mapped to level {level!r} (map the labels onto the taxonomy first)")
            label = tax.at_level(label, level)  # type: ignore[union-attr]
        out.append((s.start, s.end, label))
    return out


def score_document(gold: Document, pred: Document | None, *, labels: Iterable[str] | None = None,
                   level: Level | None = None, per_type: bool = False, gold_name: str = "gold",
                   pred_name: str = "predictions") -> Scores:
    """Scores of one document; ``pred=None`` means the prediction set lacks it (predicts nothing)."""
    if level is not None and level not in ("mid", "top"):
        raise ValueError(f"level must be 'mid' or 'top', got {level!r}")
    label_set = None if labels is None else frozenset(split_label(x)[0] for x in labels)
    tax = load_taxonomy() if level is not None else None
    _check(gold, gold_name, gold=True)
    gold_spans = _tuples(gold, label_set, level, tax, gold_name)
    return _score_one(gold, gold_spans, pred, label_set, level, tax, per_type, pred_name)


def _score_one(gold: Document, gold_spans: list[SpanTuple], pred: Document | None,
               labels: frozenset[str] | None, level: Level | None, tax: Taxonomy | None,
               per_type: bool, pred_name: str) -> Scores:
    if pred is None:
        out = count_document(gold.text, gold_spans, [], per_type=per_type)
        out.missing_documents = 1
        return out
    if pred.id != gold.id:
        raise DocumentError(f"{pred_name}: document {pred.id!r} scored against gold document {gold.id!r}")
    _check_text(gold, pred, pred_name)
    _check(pred, pred_name, gold=False)
    return count_document(gold.text, gold_spans, _tuples(pred, labels, level, tax, pred_name), per_type=per_type)


def _as_sets(pred: Iterable[Document] | Sequence[Iterable[Document]]) -> list[list[Document]]:
    """One prediction set (documents) or several (a sequence of document iterables)."""
    items = list(pred)
    if not items or isinstance(items[0], Document):
        return [items]  # type: ignore[list-item]
    return [list(x) for x in items]  # type: ignore[arg-type]


def _by_id(docs: Iterable[Document], where: str) -> dict[str, Document]:
    out: dict[str, Document] = {}
    for d in docs:
        if not isinstance(d, Document):
            raise TypeError(f"{where}: expected Document objects, got {type(d).__name__}")
        if d.id in out:
            raise DocumentError(f"{where}: duplicate document id {d.id!r}")
        out[d.id] = d
    return out


def _scored(gold: Iterable[Document], pred: Iterable[Document] | Sequence[Iterable[Document]], *,
            labels: Iterable[str] | None, level: Level | None, per_type: bool, gold_name: str,
            pred_names: Sequence[str] | None) -> Iterator[tuple[int, str, Scores]]:
    """``(prediction set, document id, scores)`` for every gold document under every prediction set, after the
    checks of the module docstring; :func:`score_documents` sums them per set, :func:`document_scores` per
    document."""
    if level is not None and level not in ("mid", "top"):
        raise ValueError(f"level must be 'mid' or 'top', got {level!r}")
    label_set = None if labels is None else frozenset(split_label(x)[0] for x in labels)
    tax = load_taxonomy() if level is not None else None
    gold_docs = _by_id(gold, gold_name)
    prepared = []
    for doc in gold_docs.values():
        _check(doc, gold_name, gold=True)
        prepared.append((doc, _tuples(doc, label_set, level, tax, gold_name)))

    pred_sets = _as_sets(pred)
    names = list(pred_names) if pred_names is not None else [f"prediction set {i + 1}" for i in range(len(pred_sets))]
    if len(names) != len(pred_sets):
        raise ValueError(f"{len(pred_names or [])} names for {len(pred_sets)} prediction sets")
    seen_labels: set[str] = set()  # only for the warning about --labels that never occur
    gold_labels = {split_label(s.label)[0] for d in gold_docs.values() for s in d.spans}
    for k, (docs, name) in enumerate(zip(pred_sets, names)):
        by_id = _by_id(docs, name)
        unknown = [i for i in by_id if i not in gold_docs]
        if unknown:
            raise DocumentError(f"{name}: {len(unknown)} document id(s) not in {gold_name}, e.g. "
                                f"{', '.join(repr(i) for i in unknown[:3])}")
        _warn_foreign_labels(by_id.values(), gold_labels, label_set, name)
        for doc, gold_spans in prepared:
            yield k, doc.id, _score_one(doc, gold_spans, by_id.get(doc.id), label_set, level, tax, per_type, name)
        if label_set is not None:
            seen_labels.update(split_label(s.label)[0] for d in [*by_id.values(), *gold_docs.values()] for s in d.spans)
    if label_set is not None and label_set - seen_labels:
        log.warning("labels never seen in gold or predictions: %s", ", ".join(sorted(label_set - seen_labels)))


def _warn_foreign_labels(docs: Iterable[Document], gold_labels: set[str], keep: frozenset[str] | None,
                         name: str) -> None:
    """Warn of predicted labels that neither the gold nor the taxonomy knows: another system's label names not
    mapped onto the taxonomy (``PERSON``, ``사람``) score every span of theirs as a wrong type, silently."""
    tax = load_taxonomy()
    foreign = Counter(b for d in docs for s in d.spans
                      if (b := split_label(s.label)[0]) not in gold_labels and b not in tax and (keep is None or b in keep))
    if foreign:
        log.warning("%s: labels that neither the gold nor the taxonomy knows, scored as wrong types: %s (map them "
                    "onto the taxonomy first)", name, ", ".join(f"{b} ({n} span{'s' * (n != 1)})" for b, n in foreign.most_common(5)))


def score_documents(gold: Iterable[Document], pred: Iterable[Document] | Sequence[Iterable[Document]], *,
                    labels: Iterable[str] | None = None, level: Level | None = None, per_type: bool = False,
                    gold_name: str = "gold", pred_names: Sequence[str] | None = None) -> Scores:
    """Word-segment scores of one prediction set, or of several (seeds) summed, against the gold.

    ``labels`` restricts both sides to a label set, ``level`` maps labels to their ``"mid"``/``"top"``
    ancestor, ``per_type`` collects per-label counts. ``gold_name`` / ``pred_names`` (file names) are
    only used in error messages. See the module docstring for the decisions.
    """
    per_set: dict[int, Scores] = {}
    for k, _, scores in _scored(gold, pred, labels=labels, level=level, per_type=per_type, gold_name=gold_name,
                                pred_names=pred_names):
        per_set.setdefault(k, Scores(documents=0))
        per_set[k] += scores
    if not per_set:  # no gold documents: one empty set per prediction set
        per_set = {k: Scores(documents=0) for k in range(len(_as_sets(pred)))}
    return Scores.over_sets(per_set.values())


def document_scores(gold: Iterable[Document], pred: Iterable[Document] | Sequence[Iterable[Document]], *,
                    labels: Iterable[str] | None = None, level: Level | None = None, per_type: bool = False,
                    gold_name: str = "gold", pred_names: Sequence[str] | None = None) -> dict[str, Scores]:
    """Each gold document's scores (by id, in gold order), summed over the prediction sets: the unit that
    :mod:`thunder_deid.eval.bootstrap` resamples. Same arguments and checks as :func:`score_documents`.

        >>> from thunder_deid.document import Document, Span
        >>> gold = [Document("d1", "홍길동은 왔다", [Span(0, 3, "인명")]), Document("d2", "김철수도 왔다", [Span(0, 3, "인명")])]
        >>> pred = [Document("d1", "홍길동은 왔다", [Span(0, 3, "인명")])]
        >>> {i: (s.strict_typed.tp, s.strict_typed.fn) for i, s in document_scores(gold, pred).items()}
        {'d1': (1, 0), 'd2': (0, 1)}
    """
    out: dict[str, list[Scores]] = {}
    for _, doc_id, scores in _scored(gold, pred, labels=labels, level=level, per_type=per_type, gold_name=gold_name,
                                     pred_names=pred_names):
        out.setdefault(doc_id, []).append(scores)
    return {doc_id: Scores.over_sets(sets) for doc_id, sets in out.items()}


def realisation_scores(golds: Sequence[Sequence[Document]], preds: Sequence[Sequence[Document]], *,
                       labels: Iterable[str] | None = None, level: Level | None = None, per_type: bool = False,
                       gold_names: Sequence[str] | None = None, pred_names: Sequence[str] | None = None
                       ) -> dict[str, Scores]:
    """Each document's scores summed over several realisations of the same documents (the same ids, other
    surrogate values): gold ``i`` is scored against prediction set ``i``. A surrogate-realised test set is one
    draw of names among many, and a third decimal can owe more to the draw than to the model; with the
    realisations pooled per document, :mod:`.bootstrap` resamples each document with all its realisations.

        >>> from thunder_deid.document import Document, Span
        >>> g1 = [Document("d1", "홍길동은 왔다", [Span(0, 3, "인명")])]
        >>> g2 = [Document("d1", "남궁민은 왔다", [Span(0, 3, "인명")])]
        >>> p2 = [Document("d1", "남궁민은 왔다", [])]
        >>> s = realisation_scores([g1, g2], [g1, p2])["d1"]
        >>> s.strict_typed.tp, s.strict_typed.fn, s.documents
        (1, 1, 2)
    """
    if len(golds) != len(preds) or not golds:
        raise ThunderDeidError(f"realisations: {len(golds)} gold and {len(preds)} prediction files; give one "
                               f"prediction file per gold realisation, in the same order")
    gold_names = list(gold_names or [f"gold {i + 1}" for i in range(len(golds))])
    pred_names = list(pred_names or [f"pred {i + 1}" for i in range(len(preds))])
    out: dict[str, Scores] = {}  # in the first realisation's document order
    for gold, pred, gname, pname in zip(golds, preds, gold_names, pred_names):
        one = document_scores(gold, pred, labels=labels, level=level, per_type=per_type, gold_name=gname,
                              pred_names=[pname])
        if not out:
            out = one
            continue
        if set(one) != set(out):
            odd = sorted(set(one) ^ set(out))[0]
            raise ThunderDeidError(f"{gname}: not a realisation of the same documents as {gold_names[0]} "
                                   f"(document {odd!r} is in one of them only)")
        for doc_id, sc in one.items():
            out[doc_id] += sc
    return out


def summed(per_document: Mapping[str, Scores]) -> Scores:
    """What :func:`score_documents` returns, from :func:`document_scores`' output without scoring again (callers
    that need both, as intervals do, score each document once)."""
    out = Scores(documents=0)
    for s in per_document.values():
        out += s
        out.prediction_sets = s.prediction_sets  # the same for every document: the sets each was scored under
    return out
