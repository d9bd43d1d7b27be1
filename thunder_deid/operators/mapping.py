"""The mapping table: which original mention became which replacement, for authorised re-identification.

It holds the personal data the output removed, so it is written only where asked (``--mapping FILE``),
never logged, never over an existing file, atomically, and readable by its owner alone (0600). One JSON
object a line, one line per distinct (document, label, original, replacement); a file named ``*.csv`` gets the
same rows as CSV instead, with a header, in UTF-8 with a byte-order mark so that Excel shows Hangul, and a cell
that a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@`` first) quoted with ``'`` first::

    >>> from thunder_deid.document import Document, Span
    >>> from thunder_deid.operators import get_operator
    >>> doc = Document("d1", "김민준은 김민준의", [Span(0, 3, "인명"), Span(5, 8, "인명")])
    >>> text, reps = get_operator("court").redact(doc)
    >>> mapping_rows(doc, reps)
    [{'document': 'd1', 'label': '인명', 'original': '김민준', 'replacement': 'A'}]
"""

from __future__ import annotations

import csv
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


def check_mapping_path(path: str | Path, inputs: Iterable[str | Path], out_folder: Path | None) -> Path:
    """Raise before any work when the table could not be written where asked, or should not be: standard
    output (the table re-identifies the output), an input, the output folder (the table would be published
    with what it re-identifies), an existing file, a folder that does not exist or cannot be written."""
    import os

    path = Path(path)
    if str(path) == "-":
        raise ThunderDeidError("--mapping -: the table re-identifies the output; name a file for it, not standard "
                               "output")
    dest = path.resolve()
    for p in map(Path, inputs):
        if p.resolve() == dest:
            raise ThunderDeidError(f"--mapping {path} is an input; refusing to overwrite it")
        if p.is_dir() and p.resolve() in dest.parents:  # a later run would read the table as a document
            raise ThunderDeidError(f"--mapping {path} lies inside the input folder {p}; keep it outside")
    if out_folder is not None and out_folder.resolve() in dest.parents:
        raise ThunderDeidError(f"--mapping {path} lies inside the output folder {out_folder}; the table would be "
                               "published with the output it re-identifies: keep it outside")
    refuse_existing(path)
    parent = dest.parent
    if not parent.is_dir():
        raise ThunderDeidError(f"--mapping {path}: folder {parent} does not exist")
    if not os.access(parent, os.W_OK):
        raise ThunderDeidError(f"--mapping {path}: folder {parent} is not writable")
    return path


COLUMNS = ("document", "label", "original", "replacement")


def write_mapping(path: str | Path, rows: Iterable[dict]) -> int:
    """Write the table atomically (JSONL, or CSV for a ``.csv`` name); returns the number of rows."""
    path = refuse_existing(path)
    as_csv = path.suffix.lower() == ".csv"
    n = 0
    with atomic_writer(path, encoding="utf-8-sig" if as_csv else "utf-8", private=True) as f:
        out = csv.writer(f) if as_csv else None
        if out:
            out.writerow(COLUMNS)
        for row in rows:
            if out:
                out.writerow([_cell(str(row[c])) for c in COLUMNS])
            else:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
            n += 1
    return n


def _cell(value: str) -> str:
    """A spreadsheet cell that shows ``value`` as text (OWASP's advice on CSV injection).

    >>> _cell("=HYPERLINK(1)"), _cell("+82-10-1234-5678"), _cell("김민준")
    ("'=HYPERLINK(1)", "'+82-10-1234-5678", '김민준')
    """
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value
