"""Corpus shards: Documents in JSONL or Parquet files, read lazily, for ``predict`` (local or Ray).

A Parquet shard holds one row per document: string columns ``id`` and ``text``; optionally ``spans``
(a list of structs with the JSONL span fields) and any other columns, which become the document's
metadata as JSONL's extra fields do (a ``meta`` column of JSON text is unpacked into them). Null
values are dropped, so a column that only some documents have round-trips like a missing JSONL key.

    >>> row = {"id": "d1", "text": "피고인 홍길동", "spans": [{"start": 4, "end": 7, "label": "인명", "score": None}],
    ...        "court": "서울중앙지방법원", "note": None}
    >>> Document.from_dict(parquet_row(row)).to_dict()["spans"]
    [{'start': 4, 'end': 7, 'label': '인명'}]
    >>> parquet_row(row)["court"], "note" in parquet_row(row)
    ('서울중앙지방법원', False)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator, Sequence

from thunder_deid.document import Document, read_jsonl
from thunder_deid.errors import DocumentError, ThunderDeidError

SHARD_SUFFIXES = (".jsonl", ".parquet")  # a folder's shards; a named file may also be .jsonl.gz


def is_parquet(path: str | Path) -> bool:
    return str(path).lower().endswith(".parquet")


def parquet_row(row: dict[str, Any]) -> dict[str, Any]:
    """A Parquet row (as ``pyarrow`` gives it) as the JSON object a JSONL line would hold."""
    d = {k: v for k, v in row.items() if v is not None}
    if isinstance(d.get("spans"), list):
        d["spans"] = [{k: v for k, v in s.items() if v is not None} if isinstance(s, dict) else s
                      for s in d["spans"]]
    meta = d.pop("meta", None)
    if isinstance(meta, str):
        try:
            meta = json.loads(meta)
        except json.JSONDecodeError as e:
            raise DocumentError(f"'meta' is not JSON ({e.msg.removesuffix(' at')} at column {e.colno})") from None
    if isinstance(meta, dict):
        d = {**meta, **d}
    elif meta is not None:
        d["meta"] = meta
    return d


def parquet_document(row: dict[str, Any], where: str) -> Document:
    """The Document of one Parquet row; a bad row raises ``DocumentError`` starting with ``where``."""
    try:
        d = parquet_row(row)
    except DocumentError as e:
        raise DocumentError(f"{where}: {e}") from None
    return Document.from_dict(d, where)


def _parquet_file(path: Path):
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise ThunderDeidError(f"{path}: reading Parquet needs pyarrow: pip install 'thunder-deid[ray]'") from None
    try:
        pf = pq.ParquetFile(path)
    except Exception as e:  # noqa: BLE001 - pyarrow raises several kinds for a file that is not Parquet
        raise DocumentError(f"{path}: not a readable Parquet file ({type(e).__name__})") from None
    missing = [c for c in ("id", "text") if c not in pf.schema_arrow.names]
    if missing:
        raise DocumentError(f"{path}: Parquet shard lacks column(s) {', '.join(missing)} "
                            f"(has {', '.join(pf.schema_arrow.names)})")
    return pf


def read_parquet(path: str | Path, batch_rows: int = 256) -> Iterator[Document]:
    """Documents of a Parquet shard, ``batch_rows`` rows in memory at a time; a bad row raises
    ``DocumentError`` naming file and row (1-based)."""
    path = Path(path)
    if not path.is_file():
        raise ThunderDeidError(f"{path}: no such file")
    n = 0
    for batch in _parquet_file(path).iter_batches(batch_size=batch_rows):
        for row in batch.to_pylist():
            n += 1
            yield parquet_document(row, f"{path}: row {n}")


def read_documents(path: str | Path) -> Iterator[Document]:
    """Documents of one file, JSONL (``.jsonl``, ``.jsonl.gz``) or Parquet (``.parquet``)."""
    return read_parquet(path) if is_parquet(path) else read_jsonl(path)


def shard_files(paths: Sequence[str | Path]) -> list[Path]:
    """Input files in order: files as given, a folder's shards sorted by name; all of one kind."""
    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            files += sorted(f for f in p.iterdir() if f.is_file() and f.name.lower().endswith(SHARD_SUFFIXES))
        elif p.is_file():
            files.append(p)
        else:
            raise ThunderDeidError(f"{p}: no such file or folder")
    if not files:
        raise ThunderDeidError(f"{', '.join(map(str, paths))}: no {', '.join(SHARD_SUFFIXES)} files")
    if len({is_parquet(f) for f in files}) > 1:
        raise ThunderDeidError(f"{', '.join(map(str, paths))}: mixes JSONL and Parquet shards; give one kind")
    return files
