"""What writing a de-identified PDF costs: ``redact --mode court`` of the same PDFs to ``.pdf`` (the pages drawn,
replacements painted in place: thunder_deid/formats/pdfpages.py) and, as the baseline, to ``.txt``.

    python benchmarks/bench_pdf.py [--input work/realized/precedents/valid.jsonl] [--n 20]

Full-length judgments are typeset as PDFs by fpdf2 with NanumGothic (10 pt, A4), then each side runs in its own
process (peak RSS its own), file by file through ``redact_path``, model loading included.
"""

from __future__ import annotations

import argparse
import json
import logging
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FONT = Path("/usr/share/fonts/truetype/nanum/NanumGothic.ttf")


def build(docs: list[dict], root: Path) -> int:
    from fpdf import FPDF

    root.mkdir(parents=True)
    pages = 0
    for k, d in enumerate(docs):
        pdf = FPDF()
        pdf.add_font("nanum", fname=str(FONT))
        pdf.set_font("nanum", size=10)
        pdf.add_page()
        pdf.multi_cell(0, 6, d["text"])
        pages += pdf.page_no()
        pdf.output(str(root / f"doc{k:03d}.pdf"))
    return pages


def child(suffix: str, src: Path, out: Path) -> None:
    from thunder_deid.pipeline import redact_path

    t0 = time.perf_counter()
    chars = 0
    for f in sorted(src.glob("*.pdf")):
        chars += redact_path(f, out / f.with_suffix(suffix).name, "court").characters
    print(json.dumps({"seconds": time.perf_counter() - t0, "characters": chars,
                      "bytes": sum(p.stat().st_size for p in out.glob(f"*{suffix}")),
                      "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--input", type=Path, default=REPO / "work/realized/precedents/valid.jsonl")
    ap.add_argument("--n", type=int, default=20, help="judgments")
    ap.add_argument("--child", nargs=3, metavar=("SUFFIX", "SRC", "OUT"), help=argparse.SUPPRESS)
    a = ap.parse_args()
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    if a.child:
        child(a.child[0], Path(a.child[1]), Path(a.child[2]))
        return
    if not FONT.is_file():
        sys.exit(f"{FONT}: not found (apt-get install fonts-nanum)")
    docs = [json.loads(line) for line, _ in zip(a.input.open(encoding="utf-8"), range(a.n))]
    with tempfile.TemporaryDirectory(prefix="bench_pdf.") as tmp:
        tmp = Path(tmp)
        pages = build(docs, tmp / "in")
        print(f"{len(docs)} judgments, {pages} pages")
        print(f"{'output':<44}{'seconds':>9}{'pages/s':>9}{'chars':>10}{'MB out':>8}{'peak MiB':>10}")
        for suffix, label in ((".txt", "baseline: redact --mode court to .txt"),
                              (".pdf", "new: redact --mode court to .pdf")):
            res = subprocess.run([sys.executable, __file__, "--child", suffix, str(tmp / "in"), str(tmp / suffix[1:])],
                                 capture_output=True, text=True, check=True)
            r = json.loads(res.stdout.strip().splitlines()[-1])
            print(f"{label:<44}{r['seconds']:>9.1f}{pages / r['seconds']:>9.2f}{r['characters']:>10}"
                  f"{r['bytes'] / 1e6:>8.2f}{r['peak_mib']:>10.0f}")


if __name__ == "__main__":
    main()
