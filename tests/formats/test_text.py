"""Plain text in the encodings Korean files come in: the output keeps encoding, BOM and line endings,
and every byte outside a replacement."""

from __future__ import annotations

from pathlib import Path

import pytest

from thunder_deid.errors import ThunderDeidError
from thunder_deid.formats import get_format

from .conftest import replacements

TEXT = "피고인 홍길동은 2020. 3. 5.\n피해자 김철수에게 돈을 빌렸다.\n\n판사 이름 생략\n"


def _roundtrip(tmp_path: Path, data: bytes, name: str = "a.txt"):
    path = tmp_path / name
    path.write_bytes(data)
    fmt = get_format(path)
    (src,) = fmt.read(path, "a")
    reps = replacements(src.text)
    out = tmp_path / ("out_" + name)
    fmt.write(out, [(src, reps)])
    return src, reps, out.read_bytes()


@pytest.mark.parametrize("encoding, newline, bom, reported", [
    ("utf-8", "\n", b"", "utf-8"),
    ("utf-8", "\r\n", b"\xef\xbb\xbf", "utf-8-sig"),
    ("euc-kr", "\r\n", b"", "euc-kr"),
    ("cp949", "\r", b"", "cp949"),  # 똠 is outside EUC-KR's 2,350 syllables: only CP949 holds it
    ("utf-16-le", "\r\n", b"\xff\xfe", "utf-16-le"),
    ("utf-32-le", "\r\n", b"\xff\xfe\x00\x00", "utf-32-le"),  # its BOM begins with UTF-16-LE's
    ("utf-32-be", "\n", b"\x00\x00\xfe\xff", "utf-32-be"),
])
def test_encodings_and_line_endings_round_trip_outside_spans(tmp_path, encoding, newline, bom, reported):
    text = TEXT.replace("\n", newline) + ("똠양꿍" if encoding == "cp949" else "")
    data = bom + text.encode(encoding)
    src, reps, out = _roundtrip(tmp_path, data)
    assert src.encoding == reported and src.text == text  # line endings kept exactly
    assert len(reps) == 2
    expected = text.replace("홍길동", "[인명]").replace("김철수", "[인명]")
    assert out == bom + expected.encode(encoding)
    # byte-identical outside the spans: the pieces between replacements are the input's own bytes
    for piece in text.split("홍길동")[0], text.split("김철수")[1]:
        assert piece.encode(encoding) in data and piece.encode(encoding) in out


def test_source_map_points_at_the_input_bytes(tmp_path):
    data = TEXT.replace("\n", "\r\n").encode("cp949")
    src, _, _ = _roundtrip(tmp_path, data)
    i = src.text.index("김철수")
    part, offset = src.locate(i)
    assert (part, offset) == ("a.txt:2", 4)  # line 2, column 4 (0-based)
    assert data.split(b"\r\n")[1].decode("cp949")[offset:offset + 3] == "김철수"


def test_binary_and_undecodable_files_get_one_line_naming_the_file(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    with pytest.raises(ThunderDeidError, match=r"a\.txt: binary file") as e:
        next(get_format(tmp_path / "a.txt").read(tmp_path / "a.txt", "a"))
    assert "\n" not in str(e.value)
    (tmp_path / "b.txt").write_bytes("홍길동".encode("utf-8") + b"\xff\xfe\xfd\xff")
    with pytest.raises(ThunderDeidError, match=r"b\.txt:1: neither UTF-8 nor CP949/EUC-KR") as e:
        next(get_format(tmp_path / "b.txt").read(tmp_path / "b.txt", "b"))
    assert "홍길동" not in str(e.value)
    with pytest.raises(ThunderDeidError, match=r"c\.exe: unsupported file type '\.exe'"):
        get_format(tmp_path / "c.exe")


def test_utf32_is_read_as_utf32_not_as_utf16_with_nuls(tmp_path):
    """Probed 2026-12-05 (audit 05): UTF-32's BOM FF FE 00 00 begins with UTF-16-LE's, so a UTF-32 file was
    read as UTF-16, every letter followed by a NUL; the model read past the names (exit 0, names kept)."""
    src, reps, out = _roundtrip(tmp_path, TEXT.encode("utf-32"))
    assert src.encoding == "utf-32-le" and src.text == TEXT and "\x00" not in src.text
    assert out.decode("utf-32") == TEXT.replace("홍길동", "[인명]").replace("김철수", "[인명]")
    (tmp_path / "cut.txt").write_bytes(TEXT.encode("utf-32")[:-1])  # a truncated last character, on line 4
    with pytest.raises(ThunderDeidError, match=r"cut\.txt:4: broken utf-32-le text \(byte offset \d+\)"):
        next(get_format(tmp_path / "cut.txt").read(tmp_path / "cut.txt", "cut"))


@pytest.mark.parametrize("encoding, cut", [("cp949", b"\xff\xff"), ("utf-8", b"\xff\xff"), ("cp949", b"\x80"),
                                           ("utf-16", b"\x00\xdc"), ("utf-32", b"\x00\x00\x11\x00")])
def test_an_undecodable_byte_is_named_by_its_line_and_offset(tmp_path, encoding, cut):
    """Probed 2026-12-06 (unicode audit): a CP949 file with a bad byte on line 6 was reported at line 1, byte
    offset 0 (where the UTF-8 attempt stopped); broken UTF-16/UTF-32 named no line. The error names the line
    and offset of the bad byte, as far as the encoding that reads furthest gets; never the text."""
    head = (TEXT + "피고인 이몽룡은\r\n").encode(encoding)   # five lines, the last CRLF
    data = head + cut + "더 읽을 글\n".encode({"utf-16": "utf-16-le", "utf-32": "utf-32-le"}.get(encoding, encoding))
    path = tmp_path / "a.txt"
    path.write_bytes(data)
    with pytest.raises(ThunderDeidError) as e:
        next(get_format(path).read(path, "a"))
    assert str(e.value).startswith(f"{path}:6: ") and f"(byte offset {len(head)})" in str(e.value)
    assert "이몽룡" not in str(e.value)


JOHAB = "피고인 홍길동은 2020. 3. 1. 피고인 김철수에게 돈을 보냈다. 김철수의 전화번호는 010-1234-5678이다.\r\n"


def test_a_johab_file_is_read_and_written_as_johab_not_as_cp949(tmp_path):
    """Probed 2026-12-06 (unicode audit): Johab bytes may also read as CP949, as rare syllables, Hanja and
    symbols (``피고인 홍길동은`` as ``區돘램 祈떓빓톏``); the file was reported as CP949 and the names in it left
    readable. A Johab file that fails CP949 was refused. Both are read as Johab and written back in it, byte
    for byte outside the replacements; a CP949 file is still CP949."""
    assert JOHAB.encode("johab").decode("cp949") != JOHAB                       # reads as CP949 too
    fails_cp949 = "피해자 홍길동은 똠양꿍을 먹었다. 金哲洙\n"
    with pytest.raises(UnicodeDecodeError):
        fails_cp949.encode("johab").decode("cp949")
    for text in (JOHAB, fails_cp949 + JOHAB * 20):
        data = text.encode("johab")
        src, reps, out = _roundtrip(tmp_path, data)
        assert src.encoding == "johab" and src.text == text
        assert out == text.replace("홍길동", "[인명]").replace("김철수", "[인명]").encode("johab")
        assert data.split("홍길동".encode("johab"))[0] == out.split(b"[")[0]
    src, _, _ = _roundtrip(tmp_path, JOHAB.encode("cp949"))
    assert src.encoding == "euc-kr" and src.text == JOHAB
    # 똠 in CP949 is 깎 in Johab: without Hanja or symbols in the CP949 reading, CP949 stays
    src, _, _ = _roundtrip(tmp_path, "똠똠 abc 똠\n".encode("cp949"))
    assert src.encoding == "cp949" and src.text == "똠똠 abc 똠\n"


def test_johab_that_would_not_be_written_back_byte_for_byte_is_refused(tmp_path):
    """Johab spells a lone jamo two ways (84 42 and 88 41 both read as ㄱ): written back, the first would
    change, so the file is refused rather than altered outside the replacements."""
    path = tmp_path / "a.txt"
    path.write_bytes(JOHAB.encode("johab") + b"\x84\x42")
    with pytest.raises(ThunderDeidError, match=r"a\.txt: Johab text .* save it as UTF-8"):
        next(get_format(path).read(path, "a"))


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_without_a_bom_is_told_how_to_save_it(tmp_path, encoding):
    """A BOM-less UTF-16 file was refused as "binary file"; it is still refused (the byte order would be a
    guess), with what it looks like and what to do. A binary file or BOM-less UTF-32 keeps the binary message."""
    path = tmp_path / "a.txt"
    path.write_bytes((TEXT * 300).encode(encoding))  # past the 8 KiB looked at: it may end inside a character
    with pytest.raises(ThunderDeidError) as e:
        next(get_format(path).read(path, "a"))
    assert str(e.value) == (f"{path}: UTF-16 text without a byte-order mark (NUL bytes between letters); "
                            "save it as UTF-8, or as UTF-16 with a BOM")
    for data in (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", TEXT.encode("utf-32-le"), b"\x00\x01\x02binary"):
        path.write_bytes(data)
        with pytest.raises(ThunderDeidError, match=r"a\.txt: binary file, not text \(NUL bytes\)"):
            next(get_format(path).read(path, "a"))


def test_a_replacement_the_legacy_encoding_cannot_hold_is_an_error_not_mojibake(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(TEXT.encode("euc-kr"))
    fmt = get_format(path)
    (src,) = fmt.read(path, "a")
    reps = replacements(src.text, repl="\U0001F600")  # no legacy Korean encoding holds an emoji
    with pytest.raises(ThunderDeidError, match="cannot be written in euc-kr"):
        fmt.write(tmp_path / "out.txt", [(src, reps)])
    assert not (tmp_path / "out.txt").exists()


def test_a_syllable_euc_kr_lacks_is_written_in_cp949_not_as_jamo_pieces(tmp_path):
    """Probed 2026-12-05: Python's EUC-KR spells 똠 as an 8-byte jamo sequence most readers show in pieces. A
    replacement that brings such a syllable into an EUC-KR file makes the output CP949, the superset: every
    other byte is the input's own."""
    path = tmp_path / "a.txt"
    data = TEXT.replace("\n", "\r\n").encode("euc-kr")
    path.write_bytes(data)
    fmt = get_format(path)
    (src,) = fmt.read(path, "a")
    assert src.encoding == "euc-kr"
    fmt.write(tmp_path / "out.txt", [(src, replacements(src.text, repl="김똠"))])
    out = (tmp_path / "out.txt").read_bytes()
    assert out == src.text.replace("홍길동", "김똠").replace("김철수", "김똠").encode("cp949")
    assert len("똠".encode("euc-kr")) == 8 and "똠".encode("euc-kr") not in out
    assert data.split("홍길동".encode("euc-kr"))[0] == out.split("김똠".encode("cp949"))[0]
    fmt.write(tmp_path / "plain.txt", [(src, replacements(src.text))])   # nothing new: EUC-KR as it was
    assert (tmp_path / "plain.txt").read_bytes() == src.text.replace("홍길동", "[인명]").replace(
        "김철수", "[인명]").encode("euc-kr")


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_PIECES = st.sampled_from(["피고인", "홍길동", "은 ", "서울", "\r\n", "\r", "\n", " ", "2020. 3. 5.", "똠", "abc", "\t"])


@settings(max_examples=60, deadline=None)
@given(pieces=st.lists(_PIECES, min_size=1, max_size=30), cuts=st.lists(st.integers(0, 400), max_size=8),
       encoding=st.sampled_from(["utf-8", "utf-8-sig", "cp949", "utf-16", "utf-32"]))
def test_bytes_outside_replacements_are_the_input_bytes(tmp_path_factory, pieces, cuts, encoding):
    """Whatever the line endings, encoding and replacement positions: the output is, byte for byte, the
    input's bytes between the replacements and the replacements encoded alike."""
    from types import SimpleNamespace

    text = "".join(pieces)
    data = text.encode(encoding)
    path = tmp_path_factory.mktemp("p") / "a.txt"
    path.write_bytes(data)
    fmt = get_format(path)
    (src,) = fmt.read(path, "a")
    assert src.text == text
    bounds = sorted({min(c, len(text)) for c in cuts})
    reps = [SimpleNamespace(start=a, end=b, text="[인명]") for a, b in zip(bounds[::2], bounds[1::2])]
    out = path.with_name("out.txt")
    fmt.write(out, [(src, reps)])
    # the encoding as detected: an ASCII-only CP949 file is indistinguishable from UTF-8, and is written so
    codec = {"utf-8-sig": "utf-8"}.get(src.encoding, src.encoding)
    assert src.encoding == encoding or (encoding, src.encoding) in (("cp949", "utf-8"), ("cp949", "euc-kr"),
                                                                     ("utf-16", "utf-16-le"), ("utf-32", "utf-32-le"))
    bom = data[:len(data) - len(text.encode(codec))]
    expected, pos = bom, 0
    for r in reps:
        expected += data[len(bom) + len(text[:pos].encode(codec)):len(bom) + len(text[:r.start].encode(codec))]
        expected += r.text.encode(codec)
        pos = r.end
    expected += data[len(bom) + len(text[:pos].encode(codec)):]
    assert out.read_bytes() == expected
