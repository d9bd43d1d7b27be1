"""Plain text (``.txt``, ``.md``): UTF-8, UTF-8 with a BOM, UTF-16 or UTF-32 with a BOM, or the Korean
legacy encodings EUC-KR, CP949 and Johab, detected and reported. Line endings are kept exactly (CRLF, CR, LF), and
the output is written in the input's encoding with its BOM, so every byte outside a replacement is unchanged.

    >>> src = decode_text("피고인 김민준은\\r\\n".encode("cp949"), Path("a.txt"), "a")
    >>> src.encoding, src.text
    ('euc-kr', '피고인 김민준은\\r\\n')
    >>> encode_text(src, "피고인 [인명]은\\r\\n") == "피고인 [인명]은\\r\\n".encode("euc-kr")
    True
    >>> encode_text(src, "피고인 김똠은\\r\\n") == "피고인 김똠은\\r\\n".encode("cp949")   # 똠 is not EUC-KR
    True
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from pathlib import Path
from typing import Iterable, Iterator

from thunder_deid.errors import ThunderDeidError
from thunder_deid.formats.base import Format, Segment, Source, apply_replacements, read_bytes, register

# UTF-32 first: its little-endian BOM (FF FE 00 00) begins with UTF-16's (FF FE), and read as UTF-16 a
# UTF-32 file had become letters with NULs between them, which the model read past (names kept, exit 0)
_BOMS = ((codecs.BOM_UTF8, "utf-8-sig", "utf-8"), (codecs.BOM_UTF32_LE, "utf-32-le", "utf-32-le"),
         (codecs.BOM_UTF32_BE, "utf-32-be", "utf-32-be"), (codecs.BOM_UTF16_LE, "utf-16-le", "utf-16-le"),
         (codecs.BOM_UTF16_BE, "utf-16-be", "utf-16-be"))
# tried in order: EUC-KR is the strict subset, so a file that fits it is reported as EUC-KR
_LEGACY = ("euc-kr", "cp949")


def decode_text(data: bytes, path: Path, doc_id: str) -> Source:
    """The text of ``data`` and its encoding; a binary file or undecodable bytes are a one-line error."""
    for bom, name, codec in _BOMS:
        if data.startswith(bom):
            try:
                text = data[len(bom):].decode(codec)
            except UnicodeDecodeError as e:
                at = f"{_line_at(data[len(bom):], e.start, codec)}: broken {name} text (byte offset {e.start + len(bom)})"
                raise ThunderDeidError(f"{path}:{at}") from None
            return _source(doc_id, text, name, codec, path)
    if b"\x00" in data[:8192]:
        if _looks_utf16(data[:8192]):
            raise ThunderDeidError(f"{path}: UTF-16 text without a byte-order mark (NUL bytes between letters); "
                                   "save it as UTF-8, or as UTF-16 with a BOM")
        raise ThunderDeidError(f"{path}: binary file, not text (NUL bytes); convert it to a supported format first")
    stops = {}  # where each reading stops: the one that reads furthest is the file's encoding, broken there
    legacy = None
    for enc in ("utf-8", *_LEGACY):
        try:
            text = data.decode(enc)
        except UnicodeDecodeError as e:
            stops[enc] = e.start
            continue
        if enc == "utf-8":
            return _source(doc_id, text, enc, enc, path)
        legacy = enc
        break
    try:
        johab = data.decode("johab")
    except UnicodeDecodeError as e:
        stops["johab"] = e.start
    else:
        if _johab_reads_better(johab, text if legacy else None):
            if johab.encode("johab") != data:
                raise ThunderDeidError(f"{path}: Johab text with characters Johab spells two ways (jamo-only codes), "
                                       "which could not be written back byte for byte; save it as UTF-8")
            return _source(doc_id, johab, "johab", "johab", path)
    if legacy:
        return _source(doc_id, text, legacy, legacy, path)
    enc = max(stops, key=stops.__getitem__)
    line = _line_at(data, stops[enc], enc)
    raise ThunderDeidError(f"{path}:{line}: neither UTF-8 nor CP949/EUC-KR/Johab text (byte offset {stops[enc]})")


# the 2,350 Hangul syllables of KS X 1001 (EUC-KR's), those everyday Korean is written in
_COMMON = frozenset(c for c in map(chr, range(0xAC00, 0xD7A4)) if len(c.encode("euc-kr")) == 2)
_SYLLABLES = re.compile("[\uac00-\ud7a3]")


def _korean_counts(text: str) -> tuple[int, int, int]:
    """The common Hangul syllables of ``text``, its other non-ASCII characters, and those of them that are no
    Hangul syllable (Hanja, symbols)."""
    common = sum(map(_COMMON.__contains__, text))
    other = len(text) - len(text.encode("ascii", "ignore")) - common
    return common, other, other - (len(_SYLLABLES.findall(text)) - common)


def _johab_reads_better(johab: str, legacy: str | None) -> bool:
    """Whether a file's Johab reading is its Korean one, against its EUC-KR/CP949 reading (None: there is none).

    Johab bytes often read as CP949 too, as rare syllables, Hanja and symbols (``피고인 김민준은`` as ``區돘램
    떛％틗톏``), and the tagger found no names in that. Johab is taken when its reading has more common
    syllables and at most half the other non-ASCII characters, and the CP949 reading has Hanja or symbols:
    without them the bytes of a few rare syllables are a guess either way (``똠`` in CP949 is ``깎`` in Johab)
    and CP949 stays. Of the 15,757 non-ASCII lines of the validation judgments, each taken as a file, every
    one in CP949 was read as CP949, and in Johab every one but 1,492 short ones that read as CP949 too (a
    heading such as ``주 문``; all but six under ten syllables).

    >>> line = "피고인 김민준은 2020. 3. 1. 피고인 박서연에게 돈을 보냈다."
    >>> misread = line.encode("johab").decode("cp949")
    >>> _johab_reads_better(line, misread), _johab_reads_better(misread, line), _johab_reads_better("깎", "똠")
    (True, False, False)
    """
    common, other, _ = _korean_counts(johab)
    if legacy is None:
        return common > other
    common_legacy, other_legacy, strange_legacy = _korean_counts(legacy)
    return common > common_legacy and 2 * other <= other_legacy and strange_legacy > 0


def _line_at(data: bytes, offset: int, codec: str) -> int:
    """The line of byte ``offset`` of ``data``, numbered as the segments number lines (``str.splitlines``: CR
    alone and CRLF end lines too), its bytes before it read in ``codec``."""
    return len((data[:offset].decode(codec, "replace") + "|").splitlines())


def _looks_utf16(head: bytes) -> bool:
    """Whether ``head`` reads as UTF-16 text without a BOM, in one byte order or the other: most of its NULs the
    high bytes of pairs (spaces, digits and line breaks have one; a Hangul syllable seldom does), and no control
    character in it but tabs and line breaks, nothing unassigned or private. Only told, not read: without a BOM
    the byte order is a guess, and a wrong guess garbles the whole file.

    >>> _looks_utf16("대법원 2020. 3. 5.\\r\\n".encode("utf-16-le")), _looks_utf16("가".encode("utf-32-le"))
    (True, False)
    >>> _looks_utf16(b"\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\rIHDR"), _looks_utf16(b"\\x00\\x01\\x02binary")
    (False, False)
    """
    for codec, high, low in (("utf-16-le", head[1::2], head[::2]), ("utf-16-be", head[::2], head[1::2])):
        if high.count(0) <= low.count(0):
            continue
        try:  # incremental: the head may end inside a character
            text = codecs.getincrementaldecoder(codec)().decode(head)
        except UnicodeDecodeError:
            continue
        if all(c in "\t\n\r\f" or unicodedata.category(c) not in ("Cc", "Cn", "Co") for c in text):
            return True
    return False


def _source(doc_id: str, text: str, name: str, codec: str, path: Path) -> Source:
    segments, pos = [], 0
    for lineno, line in enumerate(text.splitlines(keepends=True), 1):
        segments.append(Segment(pos, pos + len(line), f"{path.name}:{lineno}", 0))
        pos += len(line)
    return Source(doc_id, text, "text", segments, encoding=name, state=(codec, name))


def encode_text(src: Source, text: str, out: Path | str = "output") -> bytes:
    """``text`` in ``src``'s encoding, with its BOM; a replacement the encoding cannot hold is an error."""
    codec, name = src.state
    bom = next((b for b, n, _ in _BOMS if n == name), b"")
    if codec == "euc-kr" and _outside_ksx1001(text) - _outside_ksx1001(src.text):
        # a replacement brought a syllable outside EUC-KR's 2,350 (똠, 햏), which EUC-KR can only spell as an
        # 8-byte jamo sequence most readers show in pieces; CP949 holds every syllable, writes every other
        # character byte for byte as EUC-KR, and is what reads Korean legacy text on Windows
        codec = "cp949"
    try:
        return bom + text.encode(codec)
    except UnicodeEncodeError as e:
        raise ThunderDeidError(f"{out}: a replacement cannot be written in {name} (character {e.start}); "
                               "choose another mode or convert the input to UTF-8") from None


def _outside_ksx1001(text: str) -> set[str]:
    """The Hangul syllables of ``text`` that EUC-KR has no code for."""
    return {c for c in set(text) if "가" <= c <= "힣" and len(c.encode("euc-kr")) > 2}


@register
class Text(Format):
    name = "text"
    suffixes = (".txt", ".md")
    output_suffix = None
    description = ("plain text: UTF-8 (BOM or not), UTF-16 or UTF-32 with BOM, CP949/EUC-KR, Johab; encoding and "
                   "line endings kept")

    def read(self, path: Path, doc_id: str) -> Iterator[Source]:
        yield decode_text(read_bytes(path), path, doc_id)

    def write(self, out: Path, items: Iterable[tuple[Source, list]]) -> None:
        from thunder_deid.io import atomic_writer

        with atomic_writer(out, "wb") as f:
            for src, reps in items:
                f.write(encode_text(src, apply_replacements(src.text, reps), out))
