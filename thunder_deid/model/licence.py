"""A trained tagger says on what terms it may be used: the licences of what it learnt from.

The annotated Thunder-DeID judgments are CC BY-NC-SA 4.0, and a model trained on them is an adaptation of
them. So a tagger trained on documents of that source (``corpus convert-thunder`` marks each with
``source: thunder_deid``), initialised from a tagger that carries a licence, or taught by one, carries it in
its ``thunder_deid.json`` as ``licence``: a model fine-tuned from the embedded default is NC-SA too, without
anyone having to remember it. law.go.kr precedents and the legal corpus are public works and add nothing.

    >>> from thunder_deid.document import Document
    >>> sorted(data_licences([Document("a", "", [], {"source": "thunder_deid"}), Document("b", "", [], {})]))
    ['CC BY-NC-SA 4.0: trained on the annotated Thunder-DeID judgments (CC BY-NC-SA 4.0); see MODEL_CARD.md']
    >>> licence_text({"B | A", "A"}), licence_text(set())
    ('A | B', None)
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from thunder_deid.document import Document

# a document's ``source`` (meta) -> the licence a model trained on it carries
SOURCE_LICENCES = {
    "thunder_deid": "CC BY-NC-SA 4.0: trained on the annotated Thunder-DeID judgments (CC BY-NC-SA 4.0); "
                    "see MODEL_CARD.md",
}


def data_licences(docs: Iterable[Document]) -> set[str]:
    """The licences the sources of ``docs`` pass on to a model trained on them."""
    return {SOURCE_LICENCES[s] for d in docs if (s := d.meta.get("source")) in SOURCE_LICENCES}


def model_licences(model_dirs: Iterable[str | Path | None]) -> set[str]:
    """The licences the taggers in ``model_dirs`` carry (``--init``, ``--teacher``; a pre-trained backbone or
    a missing one carries none)."""
    from thunder_deid.model.modeling import META, read_meta

    found = (read_meta(Path(d)).get("licence") for d in model_dirs if d is not None and (Path(d) / META).is_file())
    return {lic for lic in found if lic}


def licence_text(licences: set[str]) -> str | None:
    """One line for ``thunder_deid.json``: each licence once (a parent's line may already join several)."""
    parts = {p.strip() for text in licences for p in text.split(" | ") if p.strip()}
    return " | ".join(sorted(parts)) or None
