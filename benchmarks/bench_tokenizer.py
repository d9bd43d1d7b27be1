"""Boundary-aware tokenizer against its baselines, side by side from one run (tables 5 and 30).

    python benchmarks/bench_tokenizer.py                       # realised test split, work/ artefacts
    python benchmarks/bench_tokenizer.py --docs D.jsonl --base work/bpe32k --bundle work/tokenizers/boundary32k

Prints vocabulary, tokens per 1K characters, clean span coverage, BIO round-trip ceiling, ms/document and
characters/second for base BPE, Mecab-ko+BPE, character-level and the boundary-aware tokenizer, then the
targets: clean coverage >= 99.5 %, tokens/1K <= 1.06 x base BPE, throughput >= 0.15 x base BPE (and the
throughput ratio to Mecab-ko+BPE). Timings: one call per document, fresh tokenizer (cold caches), best of
``--repeat`` interleaved runs; single process.
"""

from __future__ import annotations

import argparse
import json
import os
import platform

from thunder_deid.tokenizer.analyze import analyze, format_table


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--docs", default="work/realized/thunder/test.jsonl")
    ap.add_argument("--base", default="work/bpe32k")
    ap.add_argument("--bundle", default="work/tokenizers/boundary32k")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--max-docs", type=int, default=None)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    specs = [f"bpe:{args.base}", f"mecab-bpe:{args.base}", f"char:{args.base}", f"boundary:{args.bundle}"]
    rows = analyze(args.docs, specs, max_docs=args.max_docs, repeat=args.repeat)
    bpe, mecab, _, boundary = rows
    checks = {
        "clean_coverage": (boundary["clean_coverage"], ">= 0.995", boundary["clean_coverage"] >= 0.995),
        "tokens_per_1k / bpe": (boundary["tokens_per_1k"] / bpe["tokens_per_1k"], "<= 1.06",
                                boundary["tokens_per_1k"] / bpe["tokens_per_1k"] <= 1.06),
        "chars_per_s / bpe": (boundary["chars_per_s"] / bpe["chars_per_s"], ">= 0.15",
                              boundary["chars_per_s"] / bpe["chars_per_s"] >= 0.15),
        "chars_per_s / mecab-bpe": (boundary["chars_per_s"] / mecab["chars_per_s"], "(reported)", None),
    }
    if args.json:
        print(json.dumps({"rows": rows, "checks": {k: v[0] for k, v in checks.items()}}, ensure_ascii=False, indent=1))
        return 0
    print(f"# {args.docs}; {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs; "
          f"timing best of {args.repeat} cold runs")
    print(format_table(rows))
    print()
    for name, (value, target, ok) in checks.items():
        print(f"{name:26s} {value:8.4f}  {target:10s} {'' if ok is None else ('PASS' if ok else 'FAIL')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
