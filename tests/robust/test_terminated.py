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
