"""Tokenizer-independent word-segment evaluation (paper §3.4 and appendix D).

    >>> from thunder_deid.document import Document, Span
    >>> from thunder_deid.eval import score_documents
    >>> gold = [Document("d1", "홍길동은 삼성 전자 직원이다", [Span(0, 3, "인명"), Span(5, 10, "회사")])]
    >>> pred = [Document("d1", gold[0].text, [Span(0, 2, "인명"), Span(5, 10, "회사")])]
    >>> s = score_documents(gold, pred)
    >>> (s.strict_typed.tp, s.strict_typed.fn), (s.partial_typed.tp, s.partial_typed.fn)
    ((1, 1), (2, 0))

``score_documents`` scores whole prediction sets (several = seeds, summed); ``score_document`` one
document; ``document_scores`` each document apart (what :mod:`thunder_deid.eval.bootstrap` resamples for
intervals and paired differences); ``realisation_scores`` the same summed over several realisations of the
documents; ``count_document`` the raw ``(start, end, label)`` form;
``word_segments`` lists the segments.
The counting rules are in :mod:`thunder_deid.eval.segments`, the file-level decisions in
:mod:`thunder_deid.eval.score`.
"""

from thunder_deid.eval.bootstrap import Difference, Interval, interval, paired
from thunder_deid.eval.score import document_scores, realisation_scores, score_document, score_documents
from thunder_deid.eval.scores import VARIANTS, Counts, Scores
from thunder_deid.eval.segments import count_document, nonspace_mask, word_segments

__all__ = ["score_documents", "score_document", "document_scores", "realisation_scores", "interval", "paired", "Interval", "Difference", "count_document", "word_segments", "nonspace_mask",
           "Scores", "Counts", "VARIANTS"]
