"""Boundary-aware tokenizer against its baselines, side by side from one run (tables 5 and 30).

    python benchmarks/bench_tokenizer.py                       # realised test split, work/ artefacts
    python benchmarks/bench_tokenizer.py --docs D.jsonl --base work/bpe32k --bundle work/tokenizers/boundary32k

Prints vocabulary, tokens per 1K characters, clean span coverage, BIO round-trip ceiling, ms/document and
characters/second for base BPE, Mecab-ko+BPE, character-level and the boundary-aware tokenizer, then the
targets: clean coverage >= 99.5 %, tokens/1K <= 1.06 x base BPE, throughput >= 0.15 x base BPE (and the
throughput ratio to Mecab-ko+BPE). Timings: one call per document, fresh tokenizer, best of ``--repeat``
interleaved runs; single process. The boundary tokenizer starts with its bundle's precomputed word table
(the search's decisions for frequent training words); its speed without it is printed too.
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
    ap.add_argument("--general-lines", type=int, default=3000,
                    help="also compare with the base BPE on this many general corpus lines (0: skip)")
    ap.add_argument("--general-skip", type=int, default=1_400_000,
                    help="take them after this many corpus lines (beyond the base BPE's --max-lines)")
    ap.add_argument("--corpus", default="../shared/data/ko_legal_corpus/ko_legal_corpus.txt.gz")
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
    # the same boundary tokenizer without its precomputed word table: every word searched at first sight
    from thunder_deid.document import load_jsonl
    from thunder_deid.tokenizer.analyze import time_tokenizer
    from thunder_deid.tokenizer.hf import BoundaryTokenizerFast

    docs = load_jsonl(args.docs)[: args.max_docs]
    cold = time_tokenizer(docs, lambda: BoundaryTokenizerFast.from_pretrained(args.bundle, word_table=False),
                          args.repeat)
    checks["chars_per_s / bpe, no word table"] = (cold / bpe["chars_per_s"], "(reported)", None)
    general = fidelity(args) if args.general_lines else None
    if args.json:
        print(json.dumps({"rows": rows, "checks": {k: v[0] for k, v in checks.items()}, "general": general,
                          "boundary_no_word_table_chars_per_s": cold},
                         ensure_ascii=False, indent=1))
        return 0
    print(f"# {args.docs}; {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs; "
          f"timing best of {args.repeat} cold runs")
    print(format_table(rows))
    print(f"boundary without its precomputed word table: {cold:,.0f} chars/s")
    print()
    for name, (value, target, ok) in checks.items():
        print(f"{name:34s} {value:8.4f}  {target:10s} {'' if ok is None else ('PASS' if ok else 'FAIL')}")
    if general:
        print(f"general text ({general['lines']} corpus lines after line {args.general_skip:,}): identical to base "
              f"BPE {general['identical']:.3f} of lines, token ratio {general['token_ratio']:.4f}")
    return 0


def fidelity(args) -> dict:
    """How closely the boundary tokenizer reproduces the base BPE on text without PII context."""
    import gzip

    from thunder_deid.tokenizer.load import load_tokenizer

    lines = []
    with gzip.open(args.corpus, "rt", encoding="utf-8") as f:
        for i, line in enumerate(f):
            if i >= args.general_skip and line.strip():
                lines.append(line.rstrip("\n"))
                if len(lines) >= args.general_lines:
                    break
    tok, base = load_tokenizer(f"boundary:{args.bundle}"), load_tokenizer(f"bpe:{args.base}")
    same = n_tok = n_base = 0
    for line in lines:
        a, b = tok(line, add_special_tokens=False)["input_ids"], base(line, add_special_tokens=False)["input_ids"]
        same += a == b
        n_tok += len(a)
        n_base += len(b)
    return {"lines": len(lines), "identical": same / max(1, len(lines)), "token_ratio": n_tok / max(1, n_base)}


if __name__ == "__main__":
    raise SystemExit(main())
