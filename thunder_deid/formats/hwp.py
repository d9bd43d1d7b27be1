"""Hancom Office 97-2022 binary documents (``.hwp``, HWP 5.0), read-only.

python-hwpx (Apache-2.0) converts the HWP 5.0 compound file into the OWPML model of an HWPX package; the
text is then read as an HWPX document, and the de-identified output is written as ``.hwpx`` (Hancom Office
opens it; content the conversion cannot carry is reported, not copied, so nothing it drops can leak).
Encrypted or distribution-protected files are refused with one error line.
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path
from typing import Iterable, Iterator

from thunder_deid.errors import ThunderDeidError
from thunder_deid.formats.base import Format, Source, read_bytes, register
from thunder_deid.formats.hwpx import MODEL, accept_tracked_changes, write_hwpx
from thunder_deid.formats.xmlzip import Package, read_package

OLE_MAGIC = bytes.fromhex("d0cf11e0a1b11ae1")


@register
class Hwp(Format):
    name = "hwp"
    suffixes = (".hwp",)
    output_suffix = ".hwpx"
    description = "Hancom HWP 5.0 (read-only): converted by python-hwpx, written as .hwpx"

    def read(self, path: Path, doc_id: str) -> Iterator[Source]:
        data = read_bytes(path)
        if not data.startswith(OLE_MAGIC):
            hint = " (it is a zip: rename it to .hwpx)" if data[:2] == b"PK" else ""
            raise ThunderDeidError(f"{path}: not an HWP 5.0 file (no OLE2 signature){hint}")
        try:
            from hwpx import HwpxDocument
        except ImportError:
            raise ThunderDeidError(f"{path}: reading .hwp needs python-hwpx: pip install 'thunder-deid[formats]'") from None
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                doc = HwpxDocument.open(data)
                converted = doc.to_bytes()
        except Exception as e:  # the library's own errors (protected, broken records) carry no document text
            raise ThunderDeidError(f"{path}: cannot read this HWP file ({type(e).__name__})") from None
        tmp = io.BytesIO(converted)
        pkg = Package(tmp, "HWP")  # type: ignore[arg-type]
        pkg.path = path
        accept_tracked_changes(pkg)
        src = read_package(pkg, MODEL, doc_id, self.name)
        src.meta["hwp_unconverted"] = len(caught)
        if caught:
            src.notes.append(f"{len(caught)} element(s) the HWP conversion could not carry are not in the output")
        yield src

    def write(self, out: Path, items: Iterable[tuple[Source, list]]) -> None:
        for src, reps in items:
            write_hwpx(src, reps, out)
