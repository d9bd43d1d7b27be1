"""Document formats: readers for text, JSONL, DOCX, HWPX, HWP and PDF behind one registry, and
format-preserving writers for DOCX and HWPX (``base.py`` describes how to add one)."""

from thunder_deid.formats.base import (
    Format, Segment, Source, apply_replacements, document_id, formats, get_format, register, suffixes)

__all__ = ["Format", "Segment", "Source", "apply_replacements", "document_id", "formats", "get_format", "register",
           "suffixes"]
