"""``thunder-deid tokenizer train-bpe|train|encode|analyze``."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

DEFAULT_CORPUS = "../shared/data/ko_legal_corpus/ko_legal_corpus.txt.gz"


def register(sub: "argparse._SubParsersAction") -> None:
    from thunder_deid.cli import HelpFormatter

    p = sub.add_parser("tokenizer", help="train, inspect and compare tokenizers", formatter_class=HelpFormatter,
                       description="Base BPE, boundary-aware tokenizer (section 3.3) and baselines.\n\n"
                       "example:\n  thunder-deid tokenizer encode --tokenizer work/tokenizers/boundary32k 홍길동은")
    tsub = p.add_subparsers(dest="tokenizer_command", metavar="COMMAND")
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])

    b = tsub.add_parser("train-bpe", formatter_class=HelpFormatter, help="train the base byte-level BPE",
                        description="Train a byte-level BPE ([PAD] [UNK] [CLS] [SEP] [MASK]) on Korean text.\n\n"
                        "example:\n  thunder-deid tokenizer train-bpe --out work/bpe32k --max-lines 300000 \\\n"
                        "    --exclude work/splits/thunder/valid.jsonl work/splits/thunder/test.jsonl")
    b.add_argument("--out", required=True, help="output directory (PreTrainedTokenizerFast)")
    b.add_argument("--corpus", nargs="+", default=[DEFAULT_CORPUS],
                   help="text files (.txt/.gz, one passage a line) or JSONL documents (e.g. the training split)")
    b.add_argument("--vocab-size", type=_at_least(300), default=32_000, help="paper: 50,000")
    b.add_argument("--min-frequency", type=_at_least(1), default=2, help="keep merges seen at least this often")
    b.add_argument("--max-lines", type=_at_least(1), default=None, help="stop after this many kept lines")
    b.add_argument("--exclude", nargs="*", default=[], metavar="JSONL",
                   help="drop corpus lines occurring in these documents' texts (validation and test splits)")
    b.set_defaults(func=cmd_train_bpe)

    t = tsub.add_parser("train", formatter_class=HelpFormatter, help="train a boundary-aware tokenizer bundle",
                        description="KenLM 5-gram + boundary statistics over a base BPE (appendix C).\n\n"
                        "example:\n  thunder-deid tokenizer train --base work/bpe32k \\\n"
                        "    --train work/realized/thunder/train.seed1200.jsonl --out work/tokenizers/boundary32k")
    t.add_argument("--base", required=True, help="base BPE directory")
    t.add_argument("--train", required=True, nargs="+", help="JSONL documents with PII spans")
    t.add_argument("--out", required=True, help="bundle directory")
    t.add_argument("--order", type=int, default=5, help="KenLM n-gram order")
    t.add_argument("--prune", default="0 0 1", help="lmplz --prune thresholds (per order; last repeats)")
    t.add_argument("--quantize", type=int, default=8, help="build_binary -q bits (0: no quantisation)")
    t.add_argument("--extra-lines", type=int, default=0,
                   help="also feed this many lines of --corpus (no spans) to the LM")
    t.add_argument("--corpus", nargs="*", default=[DEFAULT_CORPUS],
                   help="text files (.txt/.gz) the --extra-lines come from")
    t.add_argument("--word-table", type=int, default=30_000,
                   help="precompute the search's decisions for this many frequent words (0: none)")
    t.add_argument("--exclude", nargs="*", default=[], metavar="JSONL",
                   help="drop --corpus lines occurring in these documents' texts")
    t.set_defaults(func=cmd_train)

    e = tsub.add_parser("encode", formatter_class=HelpFormatter, help="show the tokens of a text with offsets",
                        description="Print one token a line: id, byte-level token, start, end, the characters covered.\n\n"
                        "example:\n  thunder-deid tokenizer encode --tokenizer bpe:work/bpe32k 홍길동은")
    e.add_argument("text", help="the text to split into tokens")
    e.add_argument("--tokenizer", default=None, help="tokenizer spec (default: the embedded bundle)")
    e.set_defaults(func=cmd_encode)

    a = tsub.add_parser("analyze", formatter_class=HelpFormatter, help="tables 5 and 30 for several tokenizers",
                        description="Vocabulary, tokens per 1K characters, clean span coverage, BIO round-trip\n"
                        "ceiling, ms per document and characters per second, side by side from one run.\n\n"
                        "example:\n  thunder-deid tokenizer analyze --tokenizers bpe:work/bpe32k,mecab-bpe:work/bpe32k,"
                        "char:work/bpe32k,work/tokenizers/boundary32k \\\n    work/realized/thunder/test.jsonl")
    a.add_argument("docs", help="JSONL documents with gold spans")
    a.add_argument("--tokenizers", required=True, help="comma-separated tokenizer specs")
    a.add_argument("--max-docs", type=int, default=None, help="analyse at most this many documents (default: all)")
    a.add_argument("--repeat", type=int, default=1, help="timing: best of this many cold runs")
    a.add_argument("--json", action="store_true", help="print JSON instead of a table")
    a.set_defaults(func=cmd_analyze)


def _at_least(low: int):
    """An argparse type: an integer >= ``low`` (argparse then reports the option by name)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {value}")
        return value

    return parse


def cmd_train_bpe(args) -> int:
    from thunder_deid.errors import ThunderDeidError
    from thunder_deid.io import check_input_file, check_output_folder
    from thunder_deid.tokenizer.bpe import LineExcluder, corpus_lines, save_bpe, train_bpe

    for p in [*args.corpus, *args.exclude]:
        check_input_file(p, "corpus" if p in args.corpus else "--exclude")
    check_output_folder(args.out, "tokenizer.json", "tokenizer folder", [*args.corpus, *args.exclude])
    excl = LineExcluder.from_jsonl(args.exclude) if args.exclude else None
    stats: dict = {}
    t0 = time.time()
    tok = train_bpe(corpus_lines(args.corpus, args.max_lines, excl, stats), args.vocab_size, args.min_frequency)
    if not stats.get("lines"):
        raise ThunderDeidError(f"no training text: the corpus files hold no non-empty line "
                               f"({stats.get('dropped', 0)} dropped as validation/test text); nothing written")
    save_bpe(tok, args.out)
    print(f"trained BPE (vocab {len(tok)}) on {stats.get('lines', 0)} lines "
          f"({stats.get('dropped', 0)} dropped as validation/test text) in {time.time() - t0:.0f}s -> {args.out}")
    return 0


def cmd_train(args) -> int:
    from thunder_deid.tokenizer.train import train_bundle

    out = train_bundle(args.base, args.train, args.out, order=args.order, prune=args.prune,
                       quantize=args.quantize, corpus=args.corpus if args.extra_lines else (),
                       extra_lines=args.extra_lines, exclude=args.exclude, word_table=args.word_table)
    print(f"boundary-aware tokenizer -> {out}")
    return 0


def cmd_encode(args) -> int:
    from thunder_deid.tokenizer.load import load_tokenizer

    tok = load_tokenizer(args.tokenizer or _default_spec())
    enc = tok(args.text, return_offsets_mapping=True, add_special_tokens=False)
    for i, (a, b) in zip(enc["input_ids"], enc["offset_mapping"]):
        print(f"{i}\t{tok.convert_ids_to_tokens(i)!s}\t{a}\t{b}\t{args.text[a:b]!r}")
    return 0


def _default_spec() -> str:
    from thunder_deid.errors import ThunderDeidError

    here = Path(__file__).resolve().parent / "data" / "boundary32k"
    for p in (here, Path("work/tokenizers/boundary32k")):
        if p.is_dir():
            return str(p)
    raise ThunderDeidError("no default tokenizer found; pass --tokenizer")


def cmd_analyze(args) -> int:
    from thunder_deid.tokenizer.analyze import analyze, format_table

    rows = analyze(args.docs, [s for s in args.tokenizers.split(",") if s], max_docs=args.max_docs,
                   repeat=args.repeat)
    print(json.dumps(rows, ensure_ascii=False, indent=1) if args.json else format_table(rows))
    return 0
