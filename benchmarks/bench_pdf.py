"""What writing a de-identified PDF costs: ``redact --mode court`` of the same PDFs to ``.pdf`` (the pages drawn,
replacements painted in place: thunder_deid/formats/pdfpages.py) and, as the baseline, to ``.txt``.

    python benchmarks/bench_pdf.py [--input work/realized/precedents/valid.jsonl] [--n 20] [--long-pages 90]

Full-length judgments are typeset as PDFs by fpdf2 with NanumGothic (10 pt, A4), then each side runs in its own
process (peak RSS its own), file by file through ``redact_path``, model loading included.

``--long-pages P`` measures the writer alone on one long judgment instead: the first judgment's text repeated to at
least P pages, every occurrence of its first ten gold span texts replaced by ``A``, and the peak RSS the writing adds
in its own process (no model).
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


def long_child(src: Path) -> None:
    from types import SimpleNamespace

    from thunder_deid.formats import get_format

    meta = json.loads(src.with_suffix(".json").read_text(encoding="utf-8"))
    fmt = get_format(src)
    (doc,) = fmt.read(src, "long")
    found = []
    for name in meta["names"]:
        at = doc.text.find(name)
        while at >= 0:
            found.append(SimpleNamespace(start=at, end=at + len(name), text="A", label="인명"))
            at = doc.text.find(name, at + len(name))
    reps, end = [], 0
    for r in sorted(found, key=lambda r: r.start):  # replacements do not overlap
        if r.start >= end:
            reps.append(r)
            end = r.end
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    t0 = time.perf_counter()
    fmt.write(src.with_name("out.pdf"), [(doc, reps)])
    print(json.dumps({"pages": len(doc.state["pages"]), "replacements": len(reps), "seconds": time.perf_counter() - t0,
                      "added_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 - before}))


def long_judgment(doc: dict, pages: int, tmp: Path) -> None:
    from fpdf import FPDF

    names = list(dict.fromkeys(doc["text"][s["start"]:s["end"]] for s in doc["spans"]
                               if len(doc["text"][s["start"]:s["end"]].strip()) >= 2))[:10]
    pdf = FPDF()
    pdf.add_font("nanum", fname=str(FONT))
    pdf.set_font("nanum", size=10)
    pdf.add_page()
    while pdf.page_no() < pages:
        pdf.multi_cell(0, 6, doc["text"], new_x="LMARGIN", new_y="NEXT")
    path = tmp / "long.pdf"
    pdf.output(str(path))
    path.with_suffix(".json").write_text(json.dumps({"names": names}, ensure_ascii=False), encoding="utf-8")
    res = subprocess.run([sys.executable, __file__, "--long-child", str(path)], capture_output=True, text=True, check=True)
    r = json.loads(res.stdout.strip().splitlines()[-1])
    print(f"one judgment of {r['pages']} pages, {r['replacements']} replacements: written in {r['seconds']:.1f} s, "
          f"peak RSS +{r['added_mib']:.0f} MiB over reading it")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--input", type=Path, default=REPO / "work/realized/precedents/valid.jsonl")
    ap.add_argument("--n", type=int, default=20, help="judgments")
    ap.add_argument("--long-pages", type=int, default=0, help="measure the writer alone on one judgment of this many pages")
    ap.add_argument("--child", nargs=3, metavar=("SUFFIX", "SRC", "OUT"), help=argparse.SUPPRESS)
    ap.add_argument("--long-child", type=Path, help=argparse.SUPPRESS)
    a = ap.parse_args()
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    if a.child:
        child(a.child[0], Path(a.child[1]), Path(a.child[2]))
        return
    if a.long_child:
        long_child(a.long_child)
        return
    if not FONT.is_file():
        sys.exit(f"{FONT}: not found (apt-get install fonts-nanum)")
    docs = [json.loads(line) for line, _ in zip(a.input.open(encoding="utf-8"), range(a.n))]
    if a.long_pages:
        with tempfile.TemporaryDirectory(prefix="bench_pdf.") as tmp:
            long_judgment(docs[0], a.long_pages, Path(tmp))
        return
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
