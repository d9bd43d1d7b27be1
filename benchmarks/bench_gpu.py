"""The GPU check (issue 14, item 4): the tagger in bf16 on CUDA against fp32 on the CPU, same documents, one run.

    python benchmarks/bench_gpu.py work/realized/thunder/test.jsonl work/realized/precedents/test.jsonl --limit 100

For each input: characters/s end to end (tokenizer, windows and decoder on the host CPU, as deployed), the
seconds of the forward pass alone, W. Strict Typed F1 (model spans alone), and the share of documents whose
spans are identical to the CPU path's. Each path first runs once on the input's last documents (not timed):
CUDA kernels are set up and the tokenizer's word cache is warm for both. Needs a CUDA device.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def run_path(model, device: str, docs, warm, threads: int, batch_tokens: int | None) -> dict:
    from bench_inference import forward_seconds

    from thunder_deid.model.infer import Tagger

    tagger = Tagger.load(model, device=device, patterns=False, threads=threads)
    if batch_tokens:
        tagger.backend.batch_tokens = batch_tokens
    tagger.predict_documents(warm)
    t0 = time.perf_counter()
    out = list(tagger.iter_predict(docs))
    seconds = time.perf_counter() - t0
    return {"out": out, "seconds": seconds, "forward": forward_seconds(tagger, docs),
            "batch_tokens": tagger.backend.batch_tokens}


def main() -> None:
    import torch

    from thunder_deid.document import Document, load_jsonl
    from thunder_deid.eval import score_documents

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("inputs", type=Path, nargs="+", help="JSONL (or .jsonl.gz) with gold spans")
    ap.add_argument("--model", type=Path, help="model directory (default: the embedded model)")
    ap.add_argument("--limit", type=int, default=405, help="documents timed per input")
    ap.add_argument("--warm", type=int, default=20, help="documents from the end of each input run first, untimed")
    ap.add_argument("--threads", type=int, default=2, help="CPU path's torch threads")
    ap.add_argument("--batch-tokens", type=int, nargs="+", default=[0], help="CUDA padded tokens per forward "
                    "pass (0: the backend's default); several: one CUDA row each")
    ap.add_argument("--device", default="cuda", help="the accelerated path's device (cpu: only to test this script)")
    a = ap.parse_args()
    if a.device.startswith("cuda") and not torch.cuda.is_available():
        raise SystemExit("bench_gpu: no CUDA device")
    name = torch.cuda.get_device_name(0) if a.device.startswith("cuda") else a.device
    print(f"GPU {name}, torch {torch.__version__}, CPU path {a.threads} threads")
    for inp in a.inputs:
        gold = load_jsonl(inp)
        docs = [Document(d.id, d.text, []) for d in gold[: a.limit]]
        warm = [Document(d.id, d.text, []) for d in gold[-a.warm:]]
        chars = sum(len(d.text) for d in docs)
        print(f"\n## {inp.name}: {len(docs)} documents, {chars:,} characters")
        print(f"{'path':<26}{'seconds':>9}{'forward':>9}{'chars/s':>12}{'W.ST F1':>9}  identical spans")
        cpu = run_path(a.model, "cpu", docs, warm, a.threads, None)
        rows = [("cpu fp32", cpu)] + [(f"{a.device} bf16 (batch {b or 'default'})",
                                       run_path(a.model, a.device, docs, warm, a.threads, b or None))
                                      for b in a.batch_tokens]
        ref = [[(s.start, s.end, s.label) for s in d.spans] for d in cpu["out"]]
        for name, r in rows:
            f1 = score_documents(gold[: a.limit], r["out"]).counts["strict_typed"].f1
            same = sum(ref[i] == [(s.start, s.end, s.label) for s in d.spans] for i, d in enumerate(r["out"]))
            print(f"{name:<26}{r['seconds']:>9.2f}{r['forward']:>9.2f}{chars / r['seconds']:>12,.0f}{f1:>9.4f}  "
                  f"{same}/{len(docs)} (batch_tokens {r['batch_tokens']})", flush=True)


if __name__ == "__main__":
    main()
