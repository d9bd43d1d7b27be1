"""The mapping table: which original mention became which replacement, for authorised re-identification.

It holds the personal data the output removed, so it is written only where asked (``--mapping FILE``),
never logged, never over an existing file, and atomically. One JSON object a line, one line per distinct
(document, label, original, replacement)::

    >>> from thunder_deid.document import Document, Span
    >>> from thunder_deid.operators import get_operator
    >>> doc = Document("d1", "김민준은 김민준의", [Span(0, 3, "인명"), Span(5, 8, "인명")])
    >>> text, reps = get_operator("court").redact(doc)
    >>> mapping_rows(doc, reps)
    [{'document': 'd1', 'label': '인명', 'original': '김민준', 'replacement': 'A'}]
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

from thunder_deid.document import Document
from thunder_deid.errors import ThunderDeidError
from thunder_deid.io import atomic_writer
from thunder_deid.operators.base import Replacement


def mapping_rows(doc: Document, replacements: Iterable[Replacement]) -> list[dict]:
    rows, seen = [], set()
    for r in replacements:
        if r.label is None:
            continue  # a particle repair is grammar, not a mention
        key = (r.label, doc.text[r.start:r.end], r.text)
        if key not in seen:
            seen.add(key)
            rows.append({"document": doc.id, "label": key[0], "original": key[1], "replacement": key[2]})
    return rows


def refuse_existing(path: str | Path) -> Path:
    """Raise before any work when the mapping file already exists (an earlier table is never replaced)."""
    path = Path(path)
    if path.exists():
        raise ThunderDeidError(f"--mapping {path}: the file exists; refusing to overwrite a mapping table")
    return path


def write_mapping(path: str | Path, rows: Iterable[dict]) -> int:
    """Write the table atomically; returns the number of rows."""
    path = refuse_existing(path)
    n = 0
    with atomic_writer(path) as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
            n += 1
    return n
