"""CPU inference throughput of the tagger on whole documents (characters per second).

    python benchmarks/bench_inference.py                                   # embedded model, test split
    python benchmarks/bench_inference.py --model runs/small_boundary/best --input work/realized/thunder/test.jsonl

Prints, in one run, the batched path (``Tagger.predict_documents``: windows of many documents batched
longest-first) next to the baseline of one document per call, and the share of time spent in the
tokenizer. Figures go to BENCHMARKS.md ("Tagger") with the command that produced them.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import torch

from thunder_deid.document import Document, load_jsonl
from thunder_deid.model.infer import Tagger

REPO = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", type=Path, help="model directory (default: the embedded model)")
    ap.add_argument("--input", type=Path, default=REPO / "work/realized/thunder/test.jsonl",
                    help="JSONL of documents (default: the realised test split; falls back to the sample judgment)")
    ap.add_argument("--limit", type=int, default=200, help="documents to time")
    ap.add_argument("--threads", type=int, default=2)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    if a.input.is_file():
        docs = load_jsonl(a.input)[: a.limit]
    else:
        docs = [Document("sample", (REPO / "examples/sample_judgment.txt").read_text(encoding="utf-8"), [])]
    docs = [Document(d.id, d.text, []) for d in docs]
    chars = sum(len(d.text) for d in docs)
    tagger = Tagger.load(a.model)
    tagger.predict_documents(docs[:4])  # warm-up

    t0 = time.perf_counter()
    for d in docs:
        tagger.tokenizer(d.text, add_special_tokens=False, return_offsets_mapping=True)
    t_tok = time.perf_counter() - t0

    t0 = time.perf_counter()
    tagger.predict_documents(docs)
    t_batch = time.perf_counter() - t0

    t0 = time.perf_counter()
    for d in docs:
        tagger.predict_documents([d])
    t_one = time.perf_counter() - t0

    print(f"model {a.model or 'embedded'}; {len(docs)} documents, {chars:,} characters; torch threads {a.threads}")
    print(f"{'path':<34}{'seconds':>9}{'chars/s':>11}")
    print(f"{'batched (predict_documents)':<34}{t_batch:>9.2f}{chars / t_batch:>11,.0f}")
    print(f"{'baseline: one document per call':<34}{t_one:>9.2f}{chars / t_one:>11,.0f}")
    print(f"{'tokenizer alone':<34}{t_tok:>9.2f}{chars / t_tok:>11,.0f}   ({100 * t_tok / t_batch:.0f}% of batched)")


if __name__ == "__main__":
    main()
