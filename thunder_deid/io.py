"""Atomic output: write to a temporary file beside the target, then rename it into place, so an
interrupted run never leaves a half-written output and never touches an input."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import IO, Iterator


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
def atomic_writer(path: str | Path, mode: str = "w", encoding: str | None = "utf-8") -> Iterator[IO]:
    """Open ``path`` for writing through a temporary file that replaces it only on success.

    >>> with atomic_writer("/tmp/x.txt") as f:
    ...     _ = f.write("hello")
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, mode, encoding=None if "b" in mode else encoding) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, _default_mode(path))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def refuse_overwrite_input(inputs: list[str | Path], output: str | Path) -> None:
    """Raise if ``output`` is one of ``inputs``: outputs never replace an input."""
    out = Path(output).resolve()
    for p in inputs:
        if Path(p).resolve() == out:
            from thunder_deid.errors import ThunderDeidError

            raise ThunderDeidError(f"output {output} is also an input; refusing to overwrite it")
