"""A scheduler's SIGTERM mid-write: the command unwinds, says so and leaves neither a half-written output nor
its temporary file."""

import os
import subprocess
import sys
import textwrap

from thunder_deid.document import Document, Span, write_jsonl


def test_sigterm_mid_write_leaves_no_partial_output(tmp_path):
    src, out = tmp_path / "in.jsonl", tmp_path / "out" / "real.jsonl"
    write_jsonl(src, [Document(f"d{i}", f"피고인 B{i}는 C에게 전화하였다.", [Span(4, 5, "인명")]) for i in range(5)])
    # the real `realize` command; the third document's realisation is where the kill arrives
    script = textwrap.dedent(f"""
        import os, signal, sys
        import thunder_deid.surrogates.engine as engine
        from thunder_deid.cli import main
        real, seen = engine.Realizer.realize, []
        def realize(self, doc, seed):
            seen.append(doc.id)
            if len(seen) == 3:
                os.kill(os.getpid(), signal.SIGTERM)
            return real(self, doc, seed)
        engine.Realizer.realize = realize
        sys.exit(main(["realize", {str(src)!r}, {str(out)!r}, "--seed", "1"]))
    """)
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert r.returncode == 143, r.stderr
    assert "terminated; outputs are written atomically" in r.stderr and "Traceback" not in r.stderr
    assert not out.exists() and not (out.parent.exists() and os.listdir(out.parent))


def test_sigterm_inside_the_tokenizers_callback_ends_a_folder_run(tmp_path):
    """The tokenizers library calls our pre-tokenizer from Rust, which hands a Terminated raised there back as
    its own ``Exception: Terminated:``: the CLI had printed a traceback, and a folder run would have recorded
    the file as failed and gone on. The run stops with the terminated line and status 143."""
    (tmp_path / "in").mkdir()
    for i in range(3):
        (tmp_path / "in" / f"d{i}.txt").write_text(f"피고인 김민준{i}은 갔다.", encoding="utf-8")
    script = textwrap.dedent(f"""
        import os, signal, sys
        import thunder_deid.tokenizer.hf as hf
        from thunder_deid.cli import main
        real = hf.PieceSplitter.pre_tokenize
        def pre_tokenize(self, pretok):
            os.kill(os.getpid(), signal.SIGTERM)
            return real(self, pretok)
        hf.PieceSplitter.pre_tokenize = pre_tokenize
        sys.exit(main(["redact", {str(tmp_path / "in")!r}, {str(tmp_path / "out")!r}]))
    """)
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert r.returncode == 143, r.stderr[-2000:]
    assert "terminated; outputs are written atomically" in r.stderr and "Traceback" not in r.stderr
    assert not [p for p in (tmp_path / "out").rglob("*.txt")]
