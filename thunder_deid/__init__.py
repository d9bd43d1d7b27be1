"""thunder-deid: boundary-aware de-identification of Korean court judgments (Thunder-DeID+).

    >>> import thunder_deid as td
    >>> doc = td.parse_inline("피해자 공소외 <<<2:인명>>>에게")
    >>> doc.text, doc.spans[0].label
    ('피해자 공소외 2에게', '인명')

The main job, with the embedded default model (offline):

    >>> tagger = td.load()
    >>> tagger.redact("피고인 김민준은 하나은행 계좌로 송금하였다.", mode="mask")
    '피고인 [인명]은 [은행업]은행 계좌로 송금하였다.'

Files and folders in any readable format (DOCX and HWPX keep their layout, a PDF its pages):

    >>> td.redact_path("판결.docx", "판결.redacted.docx", "mask").line("판결.redacted.docx")  # doctest: +SKIP

A recognizer of one's own (an in-house case number) joins every ``predict`` and ``redact`` once registered:

    >>> import re
    >>> @td.recognizers.register                                                # doctest: +SKIP
    ... class CaseNumbers(td.PatternRecognizer):
    ...     name = "in_house_case_numbers"
    ...     def __init__(self):
    ...         super().__init__([td.Pattern("재판사건번호", re.compile(r"TD-\\d{4}"))])
"""

from thunder_deid.document import Document, Span, load_jsonl, read_jsonl, write_jsonl
from thunder_deid.errors import DocumentError, InlineFormatError, LabelError, ThunderDeidError
from thunder_deid.inline import parse_inline, render_inline
from thunder_deid.taxonomy import Normalizer, TargetPolicy, Taxonomy, load_taxonomy, normalize_label, prediction_target
from thunder_deid.taxonomy.label_sets import get_label_set, label_set_names
from thunder_deid.eval import Scores, score_documents
from thunder_deid.tokenizer import load_tokenizer
from thunder_deid.surrogates import Inventory, RealizeReport, Realizer, epoch_seed, realize_document, realize_documents
from thunder_deid.model import load  # light: torch and transformers are imported on the first call
from thunder_deid.operators import Operator, Replacement, apply, get_operator, operator_names, register, render
from thunder_deid.policy import Policy, load_policy
from thunder_deid.formats import Format, Source, document_id, get_format
from thunder_deid.pipeline import redact_path
from thunder_deid.recognizers import Pattern, PatternRecognizer, Recognizer, apply_patterns, recognizer_names

__version__ = "0.1.0"

__all__ = [
    "Document", "Span", "read_jsonl", "load_jsonl", "write_jsonl",
    "parse_inline", "render_inline",
    "Taxonomy", "load_taxonomy", "normalize_label", "Normalizer", "TargetPolicy", "prediction_target",
    "get_label_set", "label_set_names",
    "score_documents", "Scores",
    "load_tokenizer",
    "realize_document", "realize_documents", "epoch_seed", "Realizer", "Inventory", "RealizeReport",
    "load",
    "Operator", "Replacement", "apply", "get_operator", "operator_names", "register", "render",
    "Policy", "load_policy",
    "Format", "Source", "get_format", "document_id", "redact_path",
    "Recognizer", "PatternRecognizer", "Pattern", "apply_patterns", "recognizer_names",
    "ThunderDeidError", "DocumentError", "InlineFormatError", "LabelError",
]
