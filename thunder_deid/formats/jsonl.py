"""JSONL of documents (``{"id", "text", ...}`` a line): each line one document; the output is a JSONL of
``{"id", "text"}`` with the de-identified text (``--mode json`` writes the documents with their spans)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable, Iterator

from thunder_deid.formats.base import Format, Segment, Source, apply_replacements, register


@register
class Jsonl(Format):
    name = "jsonl"
    suffixes = (".jsonl",)
    output_suffix = None
    description = "documents a line, ids kept from the file"

    def read(self, path: Path, doc_id: str) -> Iterator[Source]:
        from thunder_deid.document import read_jsonl

        for k, d in enumerate(read_jsonl(path), 1):
            yield Source(d.id, d.text, self.name, [Segment(0, len(d.text), f"{path.name}:{k}", 0)], meta=d.meta)

    def write(self, out: Path, items: Iterable[tuple[Source, list]]) -> None:
        from thunder_deid.io import atomic_writer

        with atomic_writer(out) as f:
            for src, reps in items:
                f.write(json.dumps({"id": src.id, "text": apply_replacements(src.text, reps)}, ensure_ascii=False) + "\n")
