"""Outputs that are not regular files, and writes that fail. Probed 2026-12-05 (audit 06 and 09): the atomic
writer renamed a regular file over a FIFO the reader waited on, over a link to /proc/self/fd/1 (and, as root,
over /dev/full); ``>(cmd)`` failed naming ``/dev/fd/.63.pqu2ku71.tmp``; a full disk printed
``error:: No space left on device`` and failed a folder's file as "unexpected OSError". A stream is now
written where it is, and a failed write names the output."""

from __future__ import annotations

import contextlib
import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest

from thunder_deid.cli import main
from thunder_deid.formats import get_format
from thunder_deid.io import atomic_writer

REPO = Path(__file__).resolve().parents[2]
INLINE = "피고인 <<<홍길동:인명>>>은 2020. 3. 5. 피해자 <<<김철수:인명>>>에게 전화하였다.\n"
PLAIN = "피고인 홍길동은 2020. 3. 5. 피해자 김철수에게 전화하였다.\n"


@contextlib.contextmanager
def _reader(fifo: Path):
    """``cat fifo`` in a thread, started before the writer as a shell pipeline starts it; yields the list that
    holds what it read once the block ends."""
    got: list[bytes] = []
    t = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    t.start()
    yield got
    t.join(timeout=30)
    assert not t.is_alive(), "the reader never saw the end of its pipe: the output was not written into it"


def test_a_fifo_output_is_written_into_not_replaced(tmp_path, capsys):
    (tmp_path / "a.txt").write_text(INLINE, encoding="utf-8")
    fifo = tmp_path / "out.jsonl"
    os.mkfifo(fifo)
    with _reader(fifo) as got:
        assert main(["convert", str(tmp_path / "a.txt"), str(fifo)]) == 0
    assert json.loads(got[0])["text"] == PLAIN
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "out.jsonl"]  # no temporary file beside it
    assert f"converted 1 documents -> {fifo}" in capsys.readouterr().out


def test_a_link_to_a_fifo_stays_a_link_and_the_fifo_gets_the_text(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(PLAIN.replace("\n", "\r\n").encode("cp949"))
    fmt = get_format(path)
    (src,) = fmt.read(path, "a")
    fifo, link = tmp_path / "fifo", tmp_path / "out.txt"
    os.mkfifo(fifo)
    link.symlink_to(fifo)
    i = src.text.index("홍길동")
    with _reader(fifo) as got:
        fmt.write(link, [(src, [SimpleNamespace(start=i, end=i + 3, text="[인명]")])])
    assert got[0] == PLAIN.replace("홍길동", "[인명]").replace("\n", "\r\n").encode(src.encoding)  # CP949 kept
    assert link.is_symlink() and os.readlink(link) == str(fifo) and stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.skipif(not Path("/dev/fd").is_dir(), reason="no /dev/fd")
def test_a_pipe_named_by_dev_fd_is_written_into(tmp_path):
    """What ``thunder-deid redact a.txt >(wc -c)`` passes: /dev/fd/63, the write end of a pipe, in a folder no
    file can be created in."""
    r, w = os.pipe()
    try:
        with atomic_writer(f"/dev/fd/{w}") as f:
            f.write(PLAIN)
        os.close(w)
        w = -1
        with os.fdopen(r, "rb") as pipe:
            r = -1
            assert pipe.read().decode("utf-8") == PLAIN
    finally:
        for fd in (r, w):
            if fd >= 0:
                os.close(fd)


def test_a_link_to_a_regular_file_is_replaced_by_the_output_as_before(tmp_path):
    """Unchanged: the link itself becomes the output (the file it led to is left as it was), as ``mv`` does."""
    target, link = tmp_path / "target.txt", tmp_path / "out.txt"
    target.write_text("old", encoding="utf-8")
    link.symlink_to(target)
    with atomic_writer(link) as f:
        f.write("new")
    assert not link.is_symlink() and link.read_text(encoding="utf-8") == "new"
    assert target.read_text(encoding="utf-8") == "old"


# the process may write 2 KiB to a file; past that a write fails with EFBIG, a real write error a test can get
# without root (a full tmpfs needs a mount); SIGXFSZ is ignored so that the write fails instead of ending it
_LIMITED = """
import resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))
from thunder_deid.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _limited(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, "-c", _LIMITED, *args], capture_output=True, text=True, env=env,
                          timeout=300)


def test_a_failed_write_names_the_output_and_leaves_nothing(tmp_path):
    (tmp_path / "a.txt").write_text(INLINE * 40, encoding="utf-8")
    out = tmp_path / "sub" / "out.jsonl"
    r = _limited("convert", str(tmp_path / "a.txt"), str(out))
    assert r.returncode == 2
    assert r.stderr == f"thunder-deid convert: error: output {out}: cannot write (File too large)\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]  # no temporary file, no folder made for it


def test_a_failed_write_in_a_folder_run_names_the_output_in_the_manifest(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.txt").write_text(PLAIN * 60, encoding="utf-8")
    r = _limited("redact", str(tmp_path / "in"), str(tmp_path / "out"), "--mode", "mask")
    assert r.returncode == 1, r.stderr
    (row,) = [json.loads(x) for x in (tmp_path / "out.manifest.jsonl").read_text(encoding="utf-8").splitlines()]
    assert row["status"] == "failed"
    assert row["error"] == f"output {tmp_path / 'out' / 'a.txt'}: cannot write (File too large)"

