"""One huge judgment-like document: peak memory and time of ``thunder-deid predict`` on it.

    python benchmarks/bench_huge.py                      # 10 MB document, onnx backend, baseline on 0.5 MB
    python benchmarks/bench_huge.py --mb 10 --backend torch --baseline-mb 0

The document is the judgment test split's realised texts joined by blank lines until it reaches ``--mb``
megabytes of UTF-8 (one JSONL line). The new path tokenises it in line-bounded blocks and streams its
windows into the streaming Viterbi; the baseline is the pre-streaming loop
(``bench_inference.baseline_predict``: every window's log-probs and the whole ``[tokens, tags]`` array
held), run on a smaller document since its memory grows ~1.8 GB per MB. Each runs in its own process;
peak RSS is that process's high-water mark (wait4).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))


def build(mb: float, out: Path) -> int:
    """Write the one-document JSONL; returns its characters."""
    from thunder_deid.document import load_jsonl

    parts, size = [], 0
    texts = [d.text for d in load_jsonl(REPO / "work/realized/thunder/test.jsonl")]
    while size < mb * 1e6:
        t = texts[len(parts) % len(texts)]
        parts.append(t)
        size += len(t.encode("utf-8")) + 2
    text = "\n\n".join(parts)
    out.write_text(json.dumps({"id": "huge", "text": text, "spans": []}, ensure_ascii=False) + "\n", encoding="utf-8")
    return len(text)


def run(cmd: list[str]) -> tuple[float, float]:
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"exit {os.waitstatus_to_exitcode(status)}: {proc.stderr.read().decode()[-2000:]}")
    return time.perf_counter() - t0, usage.ru_maxrss / 1024


def baseline_worker(inp: Path, out: Path, threads: int) -> None:
    import torch

    from bench_inference import baseline_predict
    from thunder_deid.document import load_jsonl, write_jsonl
    from thunder_deid.model.infer import Tagger

    torch.set_num_threads(threads)
    t = Tagger.load(patterns=False, threads=threads)
    write_jsonl(out, baseline_predict(t.model, t.tokenizer, t.labels, load_jsonl(inp), t.max_length, t.stride))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=float, default=10.0)
    ap.add_argument("--backend", default="onnx")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--baseline-mb", type=float, default=0.5, help="0: skip the baseline")
    ap.add_argument("--baseline-worker", nargs=2, type=Path, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.baseline_worker:
        baseline_worker(*a.baseline_worker, a.threads)
        return
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        print(f"{'path':<40}{'MB':>6}{'characters':>12}{'seconds':>9}{'chars/s':>9}{'peak MiB':>10}{'spans':>8}")
        chars = build(a.mb, tmp / "huge.jsonl")
        s, peak = run([sys.executable, "-m", "thunder_deid.cli", "predict", "--no-patterns", "--backend", a.backend,
                       "--threads", str(a.threads), "--cache-dir", str(tmp / "cache"), str(tmp / "huge.jsonl"),
                       str(tmp / "huge.out.jsonl")])
        n = len(json.loads((tmp / "huge.out.jsonl").read_text(encoding="utf-8"))["spans"])
        print(f"{f'predict --backend {a.backend} (streaming)':<40}{a.mb:>6.1f}{chars:>12,}{s:>9.1f}{chars / s:>9,.0f}"
              f"{peak:>10,.0f}{n:>8,}")
        if a.baseline_mb:
            chars = build(a.baseline_mb, tmp / "small.jsonl")
            s, peak = run([sys.executable, __file__, "--threads", str(a.threads), "--baseline-worker",
                           str(tmp / "small.jsonl"), str(tmp / "small.out.jsonl")])
            n = len(json.loads((tmp / "small.out.jsonl").read_text(encoding="utf-8"))["spans"])
            print(f"{'baseline (old loop, torch)':<40}{a.baseline_mb:>6.1f}{chars:>12,}{s:>9.1f}{chars / s:>9,.0f}"
                  f"{peak:>10,.0f}{n:>8,}")


if __name__ == "__main__":
    main()
