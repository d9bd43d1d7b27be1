"""``redact`` over a folder of judgments in mixed formats: peak memory and characters per second.

    python benchmarks/bench_formats.py                      # 1,000 judgments of work/realized/thunder/train.seed1200.jsonl
    python benchmarks/bench_formats.py --n 200 --input work/splits/thunder/train.jsonl

Builds, at run time under a temporary folder, a tree of ``--n`` judgments: UTF-8 text, CP949 text with CRLF,
DOCX (python-docx), HWPX (python-hwpx), PDF (fpdf2 with NanumGothic, when installed) and one JSONL. Then,
each in its own process so that peak memory (``ru_maxrss``) is its own, side by side:

- **new**: ``thunder_deid.pipeline.redact_path`` over the mixed tree (streaming, bounded batches);
- **baseline**: what ``redact`` did before (``model/redact_io.py``): every document of the same judgments as
  UTF-8 text read into memory first, all tagged, all kept, then written.

Figures go to BENCHMARKS.md ("Documents in and out") with the command that produced them.
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
import warnings
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FONT = Path("/usr/share/fonts/truetype/nanum/NanumGothic.ttf")
# share of the documents per format (the rest: UTF-8 text)
MIX = (("cp949", 0.2), ("docx", 0.2), ("hwpx", 0.15), ("pdf", 0.05), ("jsonl", 0.1))


def build(docs: list[dict], root: Path) -> dict[str, int]:
    from collections import Counter

    import docx
    from hwpx import HwpxDocument

    kinds: list[str] = []
    for kind, share in MIX:
        kinds += [kind] * round(share * len(docs))
    kinds += ["utf8"] * (len(docs) - len(kinds))
    made: Counter[str] = Counter()
    jsonl = []
    for k, (d, kind) in enumerate(zip(docs, kinds)):
        text, name = d["text"], root / f"{k // 100:02d}" / f"doc{k:04d}"
        name.parent.mkdir(parents=True, exist_ok=True)
        if kind == "cp949":
            try:
                name.with_suffix(".txt").write_bytes(text.replace("\n", "\r\n").encode("cp949"))
            except UnicodeEncodeError:
                kind = "utf8"
        if kind == "docx":
            doc = docx.Document()
            doc.core_properties.author = "작성자"
            for para in text.split("\n"):
                doc.add_paragraph(para)
            doc.save(name.with_suffix(".docx"))
        elif kind == "hwpx":
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                h = HwpxDocument.new()
                paras = text.split("\n")
                h.paragraphs[0].text = paras[0]
                for para in paras[1:]:
                    h.add_paragraph(para)
                h.save_to_path(name.with_suffix(".hwpx"))
        elif kind == "pdf":
            if not FONT.is_file():
                kind = "utf8"
            else:
                from fpdf import FPDF

                pdf = FPDF()
                pdf.add_font("nanum", fname=str(FONT))
                pdf.set_font("nanum", size=10)
                pdf.add_page()
                pdf.multi_cell(0, 6, text)
                pdf.output(str(name.with_suffix(".pdf")))
        elif kind == "jsonl":
            jsonl.append({"id": f"j{k}", "text": text})
        if kind == "utf8":
            name.with_suffix(".txt").write_text(text, encoding="utf-8")
        made[kind] += 1
    if jsonl:
        (root / "batch.jsonl").write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in jsonl),
                                          encoding="utf-8")
    return made


def run_new(src: Path, out: Path) -> dict:
    from thunder_deid.pipeline import redact_path

    s = redact_path(src, out, "mask")
    return {"documents": s.documents, "characters": s.characters, "failed": s.failed}


def run_baseline(src: Path, out: Path) -> dict:
    """The former ``redact`` of a folder: read all, tag all (chunks of 32, results kept), write all."""
    from thunder_deid.document import Document
    from thunder_deid.model.infer import Tagger
    from thunder_deid.operators import get_operator

    files = sorted(src.rglob("*.txt"))
    docs = [Document(f.name, f.read_text(encoding="utf-8"), []) for f in files]
    tagger = Tagger.load()
    tagged = []
    for i in range(0, len(docs), 32):
        tagged += tagger.predict_documents(docs[i:i + 32])
    out.mkdir(parents=True)
    op = get_operator("mask")
    for d in tagged:
        (out / d.id).write_text(op.render(d), encoding="utf-8")
    return {"documents": len(docs), "characters": sum(len(d.text) for d in docs), "failed": 0}


def child(which: str, src: Path, out: Path) -> None:
    t0 = time.perf_counter()
    res = (run_new if which == "new" else run_baseline)(src, out)
    res["seconds"] = time.perf_counter() - t0
    res["peak_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(res))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--input", type=Path, default=REPO / "work/realized/thunder/train.seed1200.jsonl",
                    help="JSONL of judgments to build the folder from")
    ap.add_argument("--n", type=int, default=1000, help="judgments in the folder")
    ap.add_argument("--child", nargs=3, metavar=("WHICH", "SRC", "OUT"), help=argparse.SUPPRESS)
    a = ap.parse_args()
    logging.getLogger("fontTools").setLevel(logging.ERROR)  # font subsetting chatter
    if a.child:
        child(a.child[0], Path(a.child[1]), Path(a.child[2]))
        return
    if not a.input.is_file():
        sys.exit(f"{a.input}: not found (build work/ as README 'Building the corpora' says)")
    docs = []
    with a.input.open(encoding="utf-8") as f:
        for line in f:
            docs.append(json.loads(line))
            if len(docs) == a.n:
                break
    with tempfile.TemporaryDirectory(prefix="bench_formats.") as tmp:
        tmp = Path(tmp)
        t0 = time.perf_counter()
        made = build(docs, tmp / "mixed")
        print(f"built {len(docs)} judgments in {time.perf_counter() - t0:.0f}s: "
              + ", ".join(f"{k} {v}" for k, v in sorted(made.items())))
        plain = tmp / "plain"
        plain.mkdir()
        for k, d in enumerate(docs):
            (plain / f"doc{k:04d}.txt").write_text(d["text"], encoding="utf-8")
        print(f"{'run':<52}{'docs':>6}{'chars':>11}{'seconds':>9}{'chars/s':>9}{'peak MiB':>10}")
        for which, src, label in (("new", tmp / "mixed", "new: redact_path, mixed-format tree"),
                                  ("baseline", plain, "baseline: read all, tag all, write (UTF-8 .txt)")):
            res = subprocess.run([sys.executable, __file__, "--child", which, str(src), str(tmp / f"out_{which}")],
                                 capture_output=True, text=True, check=True)
            r = json.loads(res.stdout.strip().splitlines()[-1])
            print(f"{label:<52}{r['documents']:>6}{r['characters']:>11,}{r['seconds']:>9.1f}"
                  f"{r['characters'] / r['seconds']:>9,.0f}{r['peak_mib']:>10,.0f}"
                  + (f"  ({r['failed']} failed)" if r["failed"] else ""))


if __name__ == "__main__":
    main()
