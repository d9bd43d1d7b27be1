"""Atomic output: write to a temporary file beside the target, then rename it into place, so an
interrupted run never leaves a half-written output and never touches an input. An output that is a stream
(a pipe, ``/dev/stdout``, a device) is written straight into instead, and a write that fails names the
output. Reading: :func:`text_lines` and :func:`read_text` turn a missing file, a folder, a broken gzip or
non-UTF-8 bytes into one :class:`ThunderDeidError` naming the file (and line), never quoting its contents."""

from __future__ import annotations

import contextlib
import gzip
import io
import os
import re
import stat
import tempfile
import zlib
from pathlib import Path
from typing import IO, Iterable, Iterator

from thunder_deid.errors import ThunderDeidError

# what a broken or truncated gzip raises while reading
_GZIP_ERRORS = (gzip.BadGzipFile, EOFError, zlib.error)


def _default_mode(path: Path) -> int:
    """Keep an existing file's mode; new files get what ``open()`` would give (0o666 less the umask),
    not mkstemp's 0o600."""
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


@contextlib.contextmanager
def atomic_writer(path: str | Path, mode: str = "w", encoding: str | None = "utf-8",
                  private: bool = False) -> Iterator[IO]:
    """Open ``path`` for writing through a temporary file that replaces it only on success (a stream, see
    :func:`is_stream`, is written into as it is); ``private``: readable by its owner alone (0600), for files
    that hold personal data. An OSError of the writing is a
    :class:`ThunderDeidError` naming ``path`` (but a BrokenPipeError: the reader of a pipe has gone).

    >>> with atomic_writer("/tmp/x.txt") as f:
    ...     _ = f.write("hello")
    """
    path = Path(path)
    check_output_file(path)
    if is_stream(path):
        with _open_stream(path, mode, encoding) as f:
            yield f
        return
    created, tmp = _make_parents(path.parent), None
    try:
        fd, tmp = _named(path, tempfile.mkstemp, prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with _output_file(fd, path, mode, encoding) as f:
            yield f
            f.flush()
            _named(path, os.fsync, f.fileno())
        _named(path, os.chmod, tmp, 0o600 if private else _default_mode(path))
        _named(path, os.replace, tmp, path)
    except BaseException:
        if tmp is not None:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
        for d in created:  # leave no empty folders behind either (deepest first)
            with contextlib.suppress(OSError):
                d.rmdir()
        raise


def is_stream(path: str | Path) -> bool:
    """Whether ``path`` exists and is, or a link leads to, something other than a regular file or a folder: a
    pipe (``mkfifo``, ``>(cmd)``'s ``/dev/fd/63``), a terminal, ``/dev/null``. Such an output is written into,
    never replaced: a rename would put a regular file where the reader waits (as root, in place of /dev/full)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _open_stream(path: Path, mode: str, encoding: str | None) -> IO:
    """``path`` (a stream) opened for writing as it is: no temporary file, no truncation, no fsync or chmod
    (a pipe has no data to sync; /dev/null's mode is not ours to change)."""
    return _output_file(_named(path, os.open, path, os.O_WRONLY), path, mode, encoding)


class _Output(io.FileIO):
    """The raw file under an output's buffers: a write that fails, whenever the buffers pass it on (a write, a
    flush, the close), names the output. A full disk had printed ``error:: No space left on device``, naming
    nothing, and failed a folder's file as "unexpected OSError"."""

    def __init__(self, fd: int, path: Path):
        super().__init__(fd, "w")
        self.path = path

    def write(self, b) -> int | None:
        return _named(self.path, super().write, b)


def _output_file(fd: int, path: Path, mode: str, encoding: str | None) -> IO:
    """What ``os.fdopen(fd, mode)`` gives, over :class:`_Output`; text with ``newline=""``: what is written is
    what the file holds (a CRLF text stays CRLF on every platform)."""
    buffered = io.BufferedWriter(_Output(fd, path))
    return buffered if "b" in mode else io.TextIOWrapper(buffered, encoding=encoding, newline="")


def _named(path: Path, call, *args, **kwargs):
    """``call(*args, **kwargs)``, its OSError a failed write of ``path``."""
    try:
        return call(*args, **kwargs)
    except BrokenPipeError:
        raise  # the reader has gone (``| head``): the command line's quiet end, not a fault of this output
    except OSError as e:
        raise _write_error(path, e) from None


def _write_error(path: Path, e: OSError) -> ThunderDeidError:
    """The one line a failed write gives: the output's name, never the temporary file's beside it (a process
    substitution had been told ``/dev/fd/.63.pqu2ku71.tmp: No such file or directory``).

    >>> str(_write_error(Path("out/a.txt"), OSError(28, "No space left on device")))
    'output out/a.txt: cannot write (No space left on device)'
    """
    return ThunderDeidError(f"output {path}: cannot write ({e.strerror or type(e).__name__})")


def check_output_file(path: str | Path) -> None:
    """Raise a one-line error now, before any work, if ``path`` cannot be written as a file."""
    path = Path(path)
    if path.is_dir():
        raise ThunderDeidError(f"output {path} is a folder; expected a file path")
    if is_stream(path):  # written into where it is: its folder need not be writable (/dev/fd is not, to a user)
        if not os.access(path, os.W_OK):
            raise ThunderDeidError(f"output {path} is not writable")
        return
    for parent in path.parents:
        if parent.exists():
            if not parent.is_dir():
                raise ThunderDeidError(f"output {path}: {parent} is a file, not a folder")
            if not os.access(parent, os.W_OK):
                raise ThunderDeidError(f"output {path}: folder {parent} is not writable")
            break


def _make_parents(folder: Path) -> list[Path]:
    """``mkdir -p``; returns the folders it created, deepest first."""
    missing = []
    for d in (folder, *folder.parents):
        if d.exists():
            break
        missing.append(d)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ThunderDeidError(f"cannot create folder {folder} ({e.strerror or type(e).__name__})") from None
    return missing


def check_input_file(path: str | Path, what: str = "input") -> Path:
    """``path`` as a Path if it is a readable file; otherwise a one-line error naming it."""
    path = Path(path)
    if path.is_dir():
        raise ThunderDeidError(f"{what} {path} is a folder; expected a file")
    if not path.is_file():
        raise ThunderDeidError(f"{what} {path}: no such file")
    return path


def text_lines(path: str | Path, what: str = "input") -> Iterator[tuple[int, str]]:
    """``(line number, line)`` of a UTF-8 text file, read through gzip when it ends in ``.gz``.

    Unreadable input raises :class:`ThunderDeidError` naming the file and line, never its bytes.
    """
    path = check_input_file(path, what)
    lineno = 0
    try:
        # bytes, decoded line by line: a text-mode reader decodes ahead in chunks and would blame the wrong line
        with (gzip.open if path.suffix == ".gz" else open)(path, "rb") as f:
            for lineno, raw in enumerate(f, 1):
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError as e:
                    raise ThunderDeidError(f"{path}:{lineno}: not UTF-8 text (byte {e.start} of the line)") from None
                yield lineno, line[:-2] + "\n" if line.endswith("\r\n") else line
    except _GZIP_ERRORS:
        where = f" (broken or truncated after line {lineno})" if lineno else ""
        raise ThunderDeidError(f"{path}: not a valid gzip file{where}") from None
    except OSError as e:
        raise ThunderDeidError(f"{what} {path}: cannot read ({e.strerror or type(e).__name__})") from None


def read_text(path: str | Path, what: str = "input") -> str:
    """The whole UTF-8 text of a file; errors as in :func:`text_lines` (the offset, not the line, of bad bytes)."""
    path = check_input_file(path, what)
    try:
        data = path.read_bytes()
    except OSError as e:
        raise ThunderDeidError(f"{what} {path}: cannot read ({e.strerror or type(e).__name__})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise ThunderDeidError(f"{path}:{line}: not UTF-8 text (byte offset {e.start})") from None


def refuse_overwrite_input(inputs: list[str | Path], output: str | Path) -> None:
    """Raise if ``output`` is one of ``inputs``: outputs never replace an input."""
    out = Path(output).resolve()
    for p in inputs:
        if Path(p).resolve() == out:
            raise ThunderDeidError(f"output {output} is also an input; refusing to overwrite it")


def load_yaml(path: str | Path, what: str = "file", lines: bool = False):
    """The parsed YAML of a UTF-8 file; unreadable or malformed input is a :class:`ConfigError` naming the
    file, line and column (never quoting the text).

    ``lines=True`` returns ``(data, lines)`` where ``lines`` maps the key path of every value (``("labels",
    "인명", "threshold")``, list items by index) to its 1-based line, so a validator can name ``file:line``.
    A key given twice in one mapping is an error: YAML would silently keep the later value.
    """
    return parse_yaml(read_text(path, what), path, lines)


def parse_yaml(text: str, where: str | Path, lines: bool = False):
    """:func:`load_yaml` on text already read (a packaged resource); ``where`` names it in errors."""
    import yaml

    from thunder_deid.errors import ConfigError

    loader = yaml.SafeLoader(text)  # one parse: the node tree is checked, then built into data (as safe_load does)
    try:
        node = loader.get_single_node()
        _no_repeated_keys(node, where)
        data = loader.construct_document(node) if node is not None else None
        return (data, _yaml_lines(node)) if lines else data
    except RecursionError:
        raise ConfigError(f"{where}: invalid YAML (nested too deeply)") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        at = f"{where}:{mark.line + 1}:{mark.column + 1}" if mark is not None else str(where)
        problem = getattr(e, "problem", None) or type(e).__name__
        raise ConfigError(f"{at}: invalid YAML ({problem})") from None
    finally:
        loader.dispose()


def _no_repeated_keys(node, path: str | Path, seen: set[int] | None = None) -> None:
    import yaml

    from thunder_deid.errors import ConfigError

    # an alias is the anchored node itself: walked once, or a self-referencing file never ends and nested
    # aliases ("billion laughs") take exponential time
    seen = set() if seen is None else seen
    if id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        first: dict[str, int] = {}
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode):
                line = k.start_mark.line + 1
                if k.value in first:
                    raise ConfigError(f"{path}:{line}: key {k.value!r} given again (first on line {first[k.value]}); "
                                      "YAML would silently keep the later value")
                first[k.value] = line
            _no_repeated_keys(v, path, seen)
    elif isinstance(node, yaml.SequenceNode):
        for v in node.value:
            _no_repeated_keys(v, path, seen)


def _yaml_lines(node, path: tuple = (), seen: set[int] | None = None) -> dict[tuple, int]:
    import yaml

    out: dict[tuple, int] = {}
    if node is None:
        return out
    out[path] = node.start_mark.line + 1
    seen = set() if seen is None else seen
    if id(node) in seen:  # an alias: its values are named by the anchor's lines
        return out
    seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            out.update(_yaml_lines(v, path + (k.value,), seen))
            out[path + (k.value,)] = k.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            out.update(_yaml_lines(v, path + (i,), seen))
    return out


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def check_output_folder(out: str | Path, marker: str, what: str, inputs: list[str | Path] = ()) -> Path:
    """Raise now, before any work, unless ``out`` can be replaced as a whole without losing anything.

    ``out`` may be new, an empty folder or an earlier output of the same kind (it holds ``marker``);
    a file, a folder of other things, or a folder holding one of ``inputs`` is an error.
    """
    out = Path(out)
    if out.exists():
        if not out.is_dir():
            raise ThunderDeidError(f"--out {out} is a file; expected a folder for the {what}")
        if any(out.iterdir()) and not (out / marker).is_file():
            raise ThunderDeidError(f"--out {out} is a folder that is not a {what} (no {marker}); refusing to replace it")
    refuse_inputs_inside(out, inputs, "would replace")
    return out


def refuse_inputs_inside(out: str | Path, inputs: Iterable[str | Path | None], verb: str = "would replace") -> None:
    """Raise when one of ``inputs`` is the folder ``out`` or lies inside it (``None`` entries are skipped)."""
    dest = Path(out).resolve()
    for p in inputs:
        if p is None:
            continue
        src = Path(p).resolve()
        if src == dest or dest in src.parents:
            raise ThunderDeidError(f"--out {out} {verb} the input {p}; choose another folder")


def inside_folder(folder: str | Path, name: object, what: str) -> Path:
    """``folder / name`` for a file name read from ``folder``'s own metadata, which must stay inside it: a
    relative path without ``..`` that does not lead out through a link either.

    >>> inside_folder("/m", "tokenizer", "tokenizer").as_posix()
    '/m/tokenizer'
    """
    folder = Path(folder)
    rel = Path(name) if isinstance(name, str) and name else None
    if rel is None or rel.is_absolute() or ".." in rel.parts:
        raise ThunderDeidError(f"{folder}: {what} must be a relative path inside this folder, not {name!r}")
    path = folder / rel
    root = folder.resolve()
    if path.exists() and root != path.resolve() and root not in path.resolve().parents:
        raise ThunderDeidError(f"{folder}: {what} {name!r} leads out of this folder (a link)")
    return path


_LEFTOVER = re.compile(r"\.(.+)\.[^.]+\.(?:tmp|old)")


def atomic_leftover(entry: str) -> str | None:
    """The name a temporary entry of :func:`atomic_writer` / :func:`atomic_folder` was written for, as a
    crash leaves it beside its target, or None for any other name.

    >>> atomic_leftover(".best.k3x9q1_z.tmp"), atomic_leftover("best")
    ('best', None)
    """
    m = _LEFTOVER.fullmatch(entry)
    return m.group(1) if m else None


@contextlib.contextmanager
def atomic_folder(out: str | Path) -> Iterator[Path]:
    """A fresh private folder beside ``out`` to fill; on success it replaces ``out`` whole (two renames, so
    a reader never finds it half written), on failure it is removed and ``out`` is untouched."""
    import shutil

    out = Path(out)
    _make_parents(out.parent)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent))
    try:
        yield tmp
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    tmp.chmod(0o777 & ~current_umask())
    old = None
    if out.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".old", dir=out.parent))
        out.rename(old / out.name)
    tmp.rename(out)
    if old is not None:
        shutil.rmtree(old)
