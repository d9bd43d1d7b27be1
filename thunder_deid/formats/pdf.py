"""PDF (``.pdf``): the text layer, page by page, through pypdf (BSD-3-Clause); written as a PDF of the pages drawn
with every replacement in its mention's place (:mod:`thunder_deid.formats.pdfpages`), or as UTF-8 text with a form
feed between pages. A PDF encrypted only against printing or copying (it opens without
a password, as many published judgments do) is read; one that needs a password, or has no readable text layer (a
scan, or fonts whose codes have no Unicode map: their text reads as control characters), is refused with one line:
decrypt it, or run OCR first. Such pages among text pages are named in the run's notes (the summary and the
folder's manifest) and left out of the output. A table's rows are read with their cells a tab apart
(:func:`thunder_deid.formats.pdfpages.cells_apart`), as the DOCX and HWPX readers give them."""

from __future__ import annotations

import bisect
import unicodedata
from pathlib import Path
from typing import Iterable, Iterator

from thunder_deid.errors import ThunderDeidError
from thunder_deid.formats.base import Format, Segment, Source, register


@register
class Pdf(Format):
    name = "pdf"
    suffixes = (".pdf",)
    output_suffix = ".pdf"
    description = "PDF text layer (pypdf), written as the pages drawn with the replacements in place (or .txt); scans refused"

    def read(self, path: Path, doc_id: str) -> Iterator[Source]:
        try:
            from pypdf import PdfReader
            from pypdf.errors import DependencyError, PdfReadError
        except ImportError:
            raise ThunderDeidError(f"{path}: reading .pdf needs pypdf: pip install 'thunder-deid[formats]'") from None
        try:
            reader = PdfReader(path)
            # most encrypted judgments only restrict printing or copying: they open with the empty password
            if reader.is_encrypted and not reader.decrypt(""):
                raise ThunderDeidError(f"{path}: the PDF needs a password to open; decrypt it first")
            pages = [page.extract_text() or "" for page in reader.pages]
        except DependencyError:
            raise ThunderDeidError(f"{path}: an AES-encrypted PDF; reading it needs cryptography: "
                                   "pip install 'thunder-deid[formats]'") from None
        except (PdfReadError, OSError, ValueError, KeyError) as e:
            raise ThunderDeidError(f"{path}: not a readable PDF ({type(e).__name__})") from None
        # a font without a usable ToUnicode map reads as control characters: what the page shows is not in the
        # text, so nothing on it could be found; such a page counts as one without a text layer
        pages = ["" if unreadable(p) else p for p in pages]
        if not any(p.strip() for p in pages):
            raise ThunderDeidError(f"{path}: no readable text layer in {len(pages)} page(s) (a scanned PDF, or fonts "
                                   "without a Unicode map?); run OCR first")
        from thunder_deid.formats.pdfpages import cells_apart

        pages = cells_apart(path, pages)  # a table's cells a tab apart, as the DOCX and HWPX readers give them
        segments, pos = [], 0
        for k, page in enumerate(pages, 1):
            segments.append(Segment(pos, pos + len(page), f"page {k}", 0))
            pos += len(page) + 1
        blank = [k for k, page in enumerate(pages, 1) if not page.strip()]
        # a scanned page among text pages: the output has nothing of it, and the user must know it is missing
        notes = [f"page(s) {_ranges(blank)} of {len(pages)} have no readable text layer (scanned, or fonts without a "
                 "Unicode map?): not in the output; run OCR on them"] if blank else []
        yield Source(doc_id, "\f".join(pages), self.name, segments, notes=notes, state={"path": path, "pages": pages})

    def write(self, out: Path, items: Iterable[tuple[Source, list]]) -> None:
        """Each source's pages drawn with its replacements in place, as a PDF (one source per PDF file)."""
        from thunder_deid.formats.pdfpages import PageEdit, write_pdf
        from thunder_deid.io import atomic_writer

        for src, reps in items:
            pages = src.state["pages"]
            edits: list[list[PageEdit]] = [[] for _ in pages]
            starts = [seg.start for seg in src.segments]
            for r in reps:
                # from the page it starts on; a replacement across a page break is cut at the break
                for k in range(max(0, bisect.bisect_right(starts, r.start) - 1), len(src.segments)):
                    seg = src.segments[k]
                    if seg.start > r.start and seg.start >= r.end:
                        break
                    a, b = max(r.start, seg.start), min(r.end, seg.end)
                    if a < b or (a == b == r.start and seg.start <= a < seg.end):
                        first = r.start >= seg.start
                        edits[k].append(PageEdit(a - seg.start, b - seg.start, r.text if first else ""))
            keep = src.meta.get("pictures") == "keep"
            with atomic_writer(out, "wb") as f:
                removed = write_pdf(src.state["path"], pages, edits, f, keep_pictures=keep)
            if removed:
                src.notes.append(f"{removed} embedded picture(s) left out of the pages (a photo or a seal can show a "
                                 "name; policy pictures: keep keeps them)")


def unreadable(text: str) -> bool:
    """A page's text that is mostly control, private-use or replacement characters: a font's codes with no
    Unicode map behind them, not the words the page shows.

    >>> unreadable("\\x01\\r\\n \\x04\\x05\\x06 \\x07\\x08"), unreadable("피고인 김철수\\x01"), unreadable("")
    (True, False, False)
    """
    chars = [c for c in text if not c.isspace()]
    bad = sum(1 for c in chars if unicodedata.category(c) in ("Cc", "Co", "Cn") or c == "\ufffd")
    return bool(chars) and bad > len(chars) / 3


def _ranges(pages: list[int]) -> str:
    """``[2, 3, 4, 7]`` -> ``'2-4, 7'``.

    >>> _ranges([2, 3, 4, 7]), _ranges([5])
    ('2-4, 7', '5')
    """
    out, start = [], pages[0]
    for a, b in zip(pages, pages[1:] + [None]):
        if b != a + 1:
            out.append(f"{start}-{a}" if a > start else f"{a}")
            start = b
    return ", ".join(out)
