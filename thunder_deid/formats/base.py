"""The document-format registry: one module per file format, each a :class:`Format` subclass.

A format reads a file into :class:`Source` objects -- the text the tagger sees plus a map back to where each
character came from -- and writes the de-identified result given per-span replacements (``start``, ``end``,
``text`` over that text; :class:`thunder_deid.operators.Replacement`). A new format is one file: subclass
:class:`Format`, set ``name`` and ``suffixes``, implement :meth:`Format.read` (and :meth:`Format.write`
when the output keeps the file's own format), decorate it with :func:`register` and list its module in
``_BUILTINS``.

    >>> get_format("판결문.txt").name, get_format("판결문.DOCX").name, get_format("a.hwp").output_suffix
    ('text', 'docx', '.hwpx')
    >>> document_id(Path("in/2019/a.docx"), Path("in"))
    '2019/a'
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Iterable, Iterator, Protocol, TypeVar

from thunder_deid.errors import ThunderDeidError


class ReplacementLike(Protocol):
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Segment:
    """``text[start:end]`` comes from ``part`` (a line of a text file, a text node of an XML part, a page)
    at character ``offset`` there."""

    start: int
    end: int
    part: str
    offset: int


@dataclass
class Source:
    """One document read from a file: its text, the map back to the file, and what its writer needs."""

    id: str
    text: str
    format: str
    segments: list[Segment] = field(default_factory=list)
    encoding: str | None = None
    meta: dict = field(default_factory=dict)
    state: Any = None  # format-private (parsed XML parts, line endings ...); never serialised
    # what the user should know of this file's reading (a PDF page without text): counts and places, never text
    notes: list[str] = field(default_factory=list)

    def locate(self, i: int) -> tuple[str, int] | None:
        """``(part, offset)`` of character ``i`` in the source file, or None for a character the reader
        added (the line break between two paragraphs).

        >>> s = Source("d", "가나\\n다", "x", [Segment(0, 2, "p1", 10), Segment(3, 4, "p2", 0)])
        >>> s.locate(1), s.locate(2), s.locate(3)
        (('p1', 11), None, ('p2', 0))
        """
        k = bisect.bisect_right([s.start for s in self.segments], i) - 1
        if k >= 0 and self.segments[k].start <= i < self.segments[k].end:
            seg = self.segments[k]
            return seg.part, seg.offset + i - seg.start
        return None


class Format:
    """Reads one kind of file; writes its de-identified version (by default, UTF-8 text)."""

    name: ClassVar[str] = ""
    suffixes: ClassVar[tuple[str, ...]] = ()
    output_suffix: ClassVar[str | None] = ".txt"  # None: the input's own suffix
    description: ClassVar[str] = ""

    def read(self, path: Path, doc_id: str) -> Iterator[Source]:
        raise NotImplementedError

    def write(self, out: Path, items: Iterable[tuple[Source, list]]) -> None:
        """Write ``(source, replacements)`` pairs to ``out``; the default writes the replaced text as UTF-8."""
        write_text(out, items)

    def out_name(self, name: str) -> str:
        """The output file name for input file ``name``."""
        return name if self.output_suffix is None else str(Path(name).with_suffix(self.output_suffix))


def write_text(out: Path, items: Iterable[tuple[Source, list]]) -> None:
    """The replaced text of each source as UTF-8 (what any format can be written as: ``redact a.docx a.txt``)."""
    from thunder_deid.io import atomic_writer

    with atomic_writer(out) as f:
        for src, reps in items:
            f.write(apply_replacements(src.text, reps))


def apply_replacements(text: str, reps: Iterable[ReplacementLike]) -> str:
    """``text`` with each replacement spliced in (sorted, non-overlapping); the rest kept as it is.

    >>> from types import SimpleNamespace as R
    >>> apply_replacements("피고인 김민준은", [R(start=4, end=7, text="[인명]")])
    '피고인 [인명]은'
    """
    parts, pos = [], 0
    for r in reps:
        parts += [text[pos:r.start], r.text]
        pos = r.end
    parts.append(text[pos:])
    return "".join(parts)


F = TypeVar("F", bound=type[Format])
_REGISTRY: dict[str, type[Format]] = {}
_BUILTINS = ("text", "jsonl", "docx", "hwpx", "hwp", "pdf")


def register(cls: F) -> F:
    """Class decorator: make a format available for its suffixes."""
    if not cls.name or not cls.suffixes:
        raise ValueError(f"{cls.__name__}: a format needs a name and suffixes")
    _REGISTRY[cls.name] = cls
    return cls


def _load_builtins() -> None:
    import importlib

    for mod in _BUILTINS:
        importlib.import_module(f"thunder_deid.formats.{mod}")


def formats() -> dict[str, type[Format]]:
    """The registered formats by name."""
    _load_builtins()
    return dict(_REGISTRY)


def suffixes() -> tuple[str, ...]:
    """Every suffix some format reads (lower case, with the dot)."""
    return tuple(s for cls in formats().values() for s in cls.suffixes)


def get_format(path: str | Path) -> Format:
    """The format that reads ``path`` (by suffix, case-insensitively); a one-line error for any other file."""
    suffix = Path(path).suffix.lower()
    for cls in formats().values():
        if suffix in cls.suffixes:
            return cls()
    raise ThunderDeidError(f"{path}: unsupported file type {suffix or '(no suffix)'!r}; "
                           f"readable: {', '.join(suffixes())}")


def document_id(path: Path, root: Path | None = None) -> str:
    """The one document-id rule of ``convert``, ``redact`` and ``predict``: the path relative to the folder
    given on the command line, without its extension, with '/' separators (a single file: its name without
    extension)."""
    rel = path.relative_to(root) if root is not None and root != path else Path(path.name)
    return rel.with_suffix("").as_posix()


def read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as e:
        raise ThunderDeidError(f"{path}: cannot read ({e.strerror or type(e).__name__})") from None
