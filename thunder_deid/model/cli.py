"""``thunder-deid train | pretrain | finetune | predict | redact | export-onnx``: the tagger's subcommands."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path

from thunder_deid.errors import ThunderDeidError


def positive_int(value: str) -> int:
    """An argument that counts something (threads, workers): a whole number of at least 1."""
    try:
        n = int(value)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {value!r}")
    return n


def _train_options(p: argparse.ArgumentParser, finetune: bool = False) -> None:
    from thunder_deid.model.config import CHOICES

    p.add_argument("--valid", type=Path, help="validation JSONL (realised text), for checkpoint selection "
                                               "(without it no epoch is scored and the last one is kept)")
    p.add_argument("--out", type=Path, required=True, help="run directory: best/, checkpoint/, metrics.jsonl")
    p.add_argument("--epochs", type=int, help="override the configuration's epochs")
    p.add_argument("--lr", type=float, help="override the learning rate")
    p.add_argument("--batch-size", type=int, help="windows per micro-batch per process")
    p.add_argument("--effective-batch", type=int, help="windows per optimiser step, all processes together")
    p.add_argument("--replacement", choices=("per-epoch", "single", "none"),
                   help="surrogate realisation of the training set: a new one each epoch (appendix F), one made "
                        "with the training seed, or none (the file is already realised text)")
    p.add_argument("--seed", type=int, help="training seed T (per-epoch replacement seeds (T-1199)*10000+2000+e)")
    p.add_argument("--device", default="auto", help="auto | cpu | cuda | cuda:N (torchrun: cuda:LOCAL_RANK)")
    p.add_argument("--resume", action="store_true", help="continue from OUT/checkpoint if present")
    p.add_argument("--threads", type=positive_int, help="torch CPU threads per process")
    p.add_argument("--max-steps", type=positive_int, help="stop after this many optimiser steps (smoke runs)")
    p.add_argument("--valid-limit", type=positive_int, help="score only the first N validation documents each epoch")
    if not finetune:
        p.add_argument("--target-level", choices=("leaf", "mid", "top"), help="collapse prediction targets")
    p.add_argument("--train-extra", type=Path, metavar="JSONL",
                   help="a second training set mixed into every epoch and realised with it, e.g. full-length "
                        "judgments from `corpus prepare-precedents`")
    p.add_argument("--extra-docs", type=int, metavar="N", help="--train-extra documents drawn anew each epoch (default: all)")
    p.add_argument("--extra-excerpt", type=int, metavar="CHARS",
                   help="keep of each drawn document its header (up to 주 문), its last lines and one random stretch of "
                        "about CHARS characters of the rest (default: the whole document)")
    p.add_argument("--extra-stems", choices=[c for c in CHOICES["train", "extra_stems"] if c],
                   help="realise the --train-extra documents' court placeholders of businesses and institutions as "
                        "bare stems, as the court wrote them (`realize --stems court_bare`)")
    p.add_argument("--teacher", type=Path, metavar="DIR",
                   help="distil from this trained tagger (same tokenizer; e.g. a larger shape trained on a GPU): "
                        "its soft tags join the gold tags in the loss")
    p.add_argument("--distill-weight", type=float, metavar="W",
                   help="with --teacher: the soft term's share of the loss, 0-1 (default 0.5)")
    p.add_argument("--distill-temperature", type=float, metavar="T",
                   help="with --teacher: softmax temperature of the soft term (default 2)")
    p.add_argument("--novel-stems", type=float, metavar="SHARE",
                   help="make this share of the business and place stems of every training realisation (main set and "
                        "--train-extra) new: syllables recombined or, for half of a business's, a word businesses are "
                        "named with, so that no stem recurs often enough to be learnt by heart (default 0)")
    p.add_argument("--rare-header-names", type=float, metavar="SHARE",
                   help="draw this share of the party names filled into --train-extra's headers (성명1) with a uniform "
                        "surname and a rare given name (native, one syllable, any generation's), so that the header "
                        "line, not the name's looks, teaches a party's name (default 0)")
    p.add_argument("--mask-mentions", type=float, metavar="SHARE",
                   help="the student reads this share of the gold mentions of every window as [MASK] tokens, so that it "
                        "learns a mention from its context, not its surface (the teacher, if any, reads the text; "
                        "default 0)")


def _apply(cfg, a: argparse.Namespace) -> None:
    t = cfg.train
    flags = {}
    for arg, field in (("epochs", "epochs"), ("lr", "learning_rate"), ("batch_size", "batch_size"),
                       ("effective_batch", "effective_batch"), ("replacement", "replacement"), ("seed", "seed"),
                       ("target_level", "target_level"), ("extra_docs", "extra_docs"), ("extra_excerpt", "extra_excerpt"),
                       ("extra_stems", "extra_stems"), ("distill_weight", "distill_weight"),
                       ("distill_temperature", "distill_temperature"), ("novel_stems", "novel_stems"),
                       ("rare_header_names", "rare_header_names"), ("mask_mentions", "mask_mentions")):
        v = getattr(a, arg, None)
        if v is not None:
            setattr(t, field, v)
            flags[field] = "--" + arg.replace("_", "-")
    _refuse_problems(cfg, flags)
    if (a.extra_docs or a.extra_excerpt or getattr(a, "extra_stems", None)) and a.train_extra is None:
        raise ThunderDeidError("--extra-docs, --extra-excerpt and --extra-stems need --train-extra")
    if (getattr(a, "distill_weight", None) is not None or getattr(a, "distill_temperature", None) is not None) \
            and getattr(a, "teacher", None) is None:
        raise ThunderDeidError("--distill-weight and --distill-temperature need --teacher")


def _refuse_problems(cfg, flags: dict[str, str]) -> None:
    """The first value ``cfg`` cannot train with, named by the option that set it (``flags``: field -> option),
    else as the configuration's."""
    from thunder_deid.model.config import problems

    for _, name, msg in problems(cfg):  # an option's value, or the model's configuration it starts from
        raise ThunderDeidError(f"{flags.get(name, 'config ' + name)}: {msg}")


def cmd_train(a: argparse.Namespace) -> int:
    from thunder_deid.model.config import get_config
    from thunder_deid.model.train import TrainJob, run

    if sum(x is not None for x in (a.train, a.train_dir, a.encoded)) != 1:
        raise ThunderDeidError("give exactly one of --train FILE, --train-dir DIR and --encoded DIR")
    if a.encode_to is not None and a.encoded is not None:
        raise ThunderDeidError("--encode-to writes what --encoded reads: give one of them")
    cfg = get_config(a.config)
    _apply(cfg, a)
    if a.max_length:
        cfg.model.max_length = a.max_length
    job = TrainJob(cfg, a.tokenizer, a.valid, a.out, a.train, a.train_dir, a.init, a.device, a.resume,
                   a.max_steps, a.valid_limit, a.threads, train_extra=a.train_extra, encoded=a.encoded,
                   teacher=a.teacher)
    if a.encode_to is not None:
        from thunder_deid.model.train import encode

        print(json.dumps(encode(job, a.encode_to)))
        return 0
    print(json.dumps(run(job)["best"]))
    return 0


def cmd_finetune(a: argparse.Namespace) -> int:
    from thunder_deid.model.config import Config
    from thunder_deid.model.modeling import read_meta, tokenizer_spec
    from thunder_deid.model.train import TrainJob, run

    meta = read_meta(a.source)
    cfg = Config.from_dict(meta["config"])
    cfg.train.epochs, cfg.train.replacement = 3, "none"  # appendix E: 3 epochs for adaptation
    _apply(cfg, a)
    res = run(TrainJob(cfg, tokenizer_spec(a.source), a.valid, a.out, a.train, None, a.source, a.device, a.resume,
                       a.max_steps, a.valid_limit, a.threads, train_extra=a.train_extra, teacher=a.teacher))
    print(json.dumps(res["best"]))
    return 0


def cmd_pretrain(a: argparse.Namespace) -> int:
    from thunder_deid.model.config import get_config
    from thunder_deid.model.pretrain import PretrainJob, run

    cfg = get_config(a.config)
    if a.max_length:
        cfg.model.max_length = a.max_length
    flags = {}
    for arg, field in (("batch_size", "batch_size"), ("effective_batch", "effective_batch"), ("seed", "seed")):
        if getattr(a, arg) is not None:
            setattr(cfg.train, field, getattr(a, arg))
            flags[field] = "--" + arg.replace("_", "-")
    _refuse_problems(cfg, flags)
    if not 0 < a.lr < float("inf") or a.epochs < 1:  # NaN fails the first test too
        raise ThunderDeidError(f"--lr {a.lr} --epochs {a.epochs}: a learning rate above 0 and at least one epoch")
    if (a.corpus is None) == (a.encoded is None):
        raise ThunderDeidError("give exactly one of --corpus FILE… and --encoded FILE")
    job = PretrainJob(cfg, a.tokenizer, a.corpus or [], a.out, max_lines=a.max_lines, exclude=tuple(a.exclude),
                      epochs=a.epochs, learning_rate=a.lr, device=a.device, threads=a.threads,
                      max_steps=a.max_steps, encoded=a.encoded)
    if a.encode_to is not None:
        from thunder_deid.model.pretrain import encode

        print(json.dumps(encode(job, a.encode_to)))
        return 0
    res = run(job)
    print(json.dumps(res))
    return 0


def _progress(total: int, unit: str = "char"):
    from tqdm import tqdm

    return tqdm(total=total, unit=unit, unit_scale=True, file=sys.stderr, disable=None if total > 20_000 else True)


def _load_options(a: argparse.Namespace) -> dict:
    """``Tagger.load`` keywords from the inference options (:func:`_inference_options`)."""
    return {"backend": a.backend, "threads": a.threads, "cache_dir": a.cache_dir, "int8": a.int8}


def cmd_predict(a: argparse.Namespace) -> int:
    from thunder_deid.io import atomic_writer, check_input_file, refuse_overwrite_input

    refuse_overwrite_input([a.input], a.output)
    if a.engine == "ray":
        from thunder_deid.model.ray_engine import predict_ray

        predict_ray([a.input], a.output, a.model, a.num_workers, _patterns(a), a.device, **_load_options(a))
        return 0
    check_input_file(a.input)
    from thunder_deid.model.infer import Tagger
    from thunder_deid.shards import read_documents

    tagger = Tagger.load(a.model, a.device, _patterns(a), **_load_options(a))
    bar = _progress(a.input.stat().st_size, unit="B")
    # streamed: one chunk of documents in memory at a time; "-" is standard output, as for redact
    with (contextlib.nullcontext(sys.stdout) if str(a.output) == "-" else atomic_writer(a.output)) as f:
        for doc in tagger.iter_predict(read_documents(a.input)):
            line = json.dumps(doc.to_dict(), ensure_ascii=False) + "\n"
            f.write(line)
            bar.update(len(line.encode("utf-8")))
    bar.close()
    return 0


def cmd_export_onnx(a: argparse.Namespace) -> int:
    from thunder_deid.model.backends.onnx import cached_onnx, export_onnx, quantize_int8
    from thunder_deid.model.infer import default_model_dir
    from thunder_deid.model.modeling import load_model

    model_dir = a.model or default_model_dir()
    model = load_model(model_dir)[0]
    if a.out is None:
        print(cached_onnx(model, model_dir, a.cache_dir, a.int8))
        return 0
    if a.int8:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            quantize_int8(export_onnx(model, Path(tmp) / "model.onnx"), a.out)
    else:
        export_onnx(model, a.out)
    print(a.out)
    return 0


def cmd_redact(a: argparse.Namespace) -> int:
    import tempfile

    from thunder_deid.pipeline import redact_path
    from thunder_deid.policy import load_policy

    policy = load_policy(a.policy)
    piped_in, piped_out = str(a.input) == "-", str(a.output) == "-"
    with tempfile.TemporaryDirectory(prefix="thunder-deid-") as tmp:  # owner-only; holds the text for the run only
        inp = _stdin_file(Path(tmp)) if piped_in else a.input
        out = None
        try:
            out = _stdout_file(inp, Path(tmp), a.mode or policy.mode) if piped_out else a.output
            summary = redact_path(inp, out, a.mode, a.model, a.device, _patterns(a), seed=a.seed,
                                  mapping=a.mapping, policy=policy, restart=a.restart, keep_names=a.keep_names,
                                  **_load_options(a))
        except ThunderDeidError as e:  # the text passes through files of ours: name what the user gave
            msg = str(e).replace(str(inp), "<stdin>") if piped_in else str(e)
            raise ThunderDeidError(msg.replace(str(out), "<stdout>") if piped_out and out else msg) from None
        if piped_out:
            sys.stdout.buffer.write(out.read_bytes())
            sys.stdout.flush()
    print(summary.line(a.output), file=sys.stderr if piped_out else sys.stdout)
    for note in summary.notes:
        print(f"note: {note}", file=sys.stderr)
    for reason in summary.reasons[:MAX_FAILURES_SHOWN]:  # one line each, naming the file (never its text)
        print(f"failed: {reason}", file=sys.stderr)
    if len(summary.reasons) > MAX_FAILURES_SHOWN:
        print(f"failed: … and {len(summary.reasons) - MAX_FAILURES_SHOWN} more", file=sys.stderr)
    return 1 if summary.failed else 0


MAX_FAILURES_SHOWN = 20  # a folder's manifest names them all


def _stdin_file(tmp: Path) -> Path:
    """``-`` as input: standard input saved as a text file (UTF-8, CP949 or EUC-KR, detected as for files)."""
    path = tmp / "stdin.txt"
    path.write_bytes(sys.stdin.buffer.read())
    return path


def _stdout_file(inp: Path, tmp: Path, mode: str) -> Path:
    """``-`` as output: where the run writes what then goes to standard output (text, a JSONL, JSON)."""
    from thunder_deid.formats import get_format

    if inp.is_dir():
        raise ThunderDeidError("output -: a folder input writes a folder (or a .jsonl file), not standard output")
    fmt = get_format(inp)
    if mode != "json" and fmt.name not in ("text", "jsonl", "pdf"):
        raise ThunderDeidError(f"output -: a {inp.suffix} document is written as a file; name the output "
                               f"*{fmt.output_suffix or inp.suffix} (or *.txt for its text)")
    return tmp / ("stdout.jsonl" if fmt.name == "jsonl" else "stdout.txt")


def _inference_options(p: argparse.ArgumentParser) -> None:
    from thunder_deid.model.backends import available_backends

    p.add_argument("--backend", default="torch", choices=available_backends(),
                   help="forward pass: torch (PyTorch), bf16 (PyTorch in bfloat16 on CPUs with AVX512-BF16/AMX; "
                        "spans may differ at close calls) or onnx (ONNX Runtime; the model is exported into "
                        "--cache-dir on first use)")
    p.add_argument("--threads", type=positive_int, help="intra-op CPU threads (default: the idle cores by the load "
                   "average)")
    p.add_argument("--cache-dir", type=Path, help="where exported ONNX models are kept (default: "
                   "$THUNDER_DEID_CACHE or ~/.cache/thunder-deid)")
    p.add_argument("--int8", action="store_true", help="with --backend onnx: the dynamically int8-quantised graph")


def _patterns_option(p: argparse.ArgumentParser) -> None:
    from thunder_deid.recognizers import recognizer_names

    p.add_argument("--no-patterns", action="store_true",
                   help="the model's spans alone, without the fixed-form identifier patterns (resident registration "
                        "numbers, phone numbers, e-mail and IP addresses, links, card, licence, business and passport "
                        "numbers, number plates, account "
                        "names, birth dates, header party "
                        "names, names in Hanja or Latin letters after a role word) that otherwise replace "
                        "overlapping model spans, without a name's Hanja or Latin gloss (김철수(金哲洙)), and without "
                        "removing the names of judges, prosecutors and counsel in a judgment's header and footer "
                        "lines (appendix A.2)")
    p.add_argument("--without", action="append", default=[], metavar="RECOGNIZER",
                   help="leave this recognizer out, the others run (repeatable): " + ", ".join(recognizer_names()))


def _patterns(a: argparse.Namespace) -> bool | tuple[str, ...]:
    """The recognizers a command runs: all, none (--no-patterns), or all but those --without names."""
    from thunder_deid.recognizers import recognizer_names
    from thunder_deid.recognizers.base import check_names

    if a.no_patterns or not a.without:
        return not a.no_patterns
    check_names(a.without)
    return tuple(n for n in recognizer_names() if n not in a.without)


def register(sub: "argparse._SubParsersAction") -> None:
    from thunder_deid.cli import HelpFormatter
    from thunder_deid.operators import get_operator, operator_names

    p = sub.add_parser("train", formatter_class=HelpFormatter, help="fine-tune the ModernBERT BIO tagger",
                       description="Fine-tune the ModernBERT BIO tagger (1 CPU, or a cluster under torchrun: "
                       "DDP with NCCL on GPUs, gloo on CPUs). Keeps the epoch with the best validation W. Strict "
                       "Typed F1 in OUT/best, a resumable checkpoint in OUT/checkpoint, metrics in "
                       "OUT/metrics.jsonl.\n\nexample:\n  thunder-deid train --config small --tokenizer "
                       "work/tokenizers/boundary32k --train work/splits/thunder/train.jsonl \\\n"
                       "      --valid work/realized/thunder/valid.jsonl --out runs/small\n"
                       "  torchrun --nnodes 1 --nproc_per_node 8 -m thunder_deid.cli train --config 150m ...")
    p.add_argument("--config", default="small", help="preset (tiny, small, 150m, 395m, 750m, 1b) or YAML file")
    p.add_argument("--tokenizer", required=True, help="tokenizer spec: DIR or KIND:DIR (boundary, bpe, mecab-bpe)")
    p.add_argument("--train", type=Path, help="training JSONL (taxonomy labels; realised per --replacement)")
    p.add_argument("--train-dir", type=Path, help="directory of pre-realised files, one per epoch, named *seed<S>.jsonl as "
                                                    "`realize --epochs` writes them (epoch_01.seed12001.jsonl …)")
    p.add_argument("--init", type=Path, help="start from a local ModernBERT checkpoint (pretrained backbone or tagger)")
    p.add_argument("--max-length", type=int, help="override the window length in tokens")
    p.add_argument("--encoded", type=Path, metavar="DIR", help="train on windows written by --encode-to (no "
                   "realising or KenLM here: e.g. a GPU node)")
    p.add_argument("--encode-to", type=Path, metavar="DIR", help="write the windows each epoch would train on "
                   "(epoch_NN.npz, manifest.json) and stop; --out is not written")
    _train_options(p)
    p.set_defaults(func=cmd_train)

    p = sub.add_parser("finetune", formatter_class=HelpFormatter, help="adapt a trained tagger to a few hundred documents",
                       description="Adapt a trained tagger to your own documents (appendix E: 3 epochs; the "
                       "model's tokenizer, window and learning rate; new labels get fresh classifier rows).\n\n"
                       "example:\n  thunder-deid finetune --from runs/small/best --train my_train.jsonl "
                       "--valid my_valid.jsonl --out runs/mine")
    p.add_argument("--from", dest="source", type=Path, required=True, help="trained model directory")
    p.add_argument("--train", type=Path, required=True, help="your labelled documents (JSONL)")
    _train_options(p, finetune=True)
    p.set_defaults(func=cmd_finetune)

    p = sub.add_parser("pretrain", formatter_class=HelpFormatter, help="masked-LM pre-training of a ModernBERT backbone",
                       description="Pre-train a ModernBERT backbone by masked language modelling (30%% masking) on "
                       "a text corpus; use it with `train --init`. Runs under torchrun like train.\n\nexample:\n"
                       "  thunder-deid pretrain --config small --tokenizer work/tokenizers/boundary32k \\\n"
                       "      --corpus ../shared/data/ko_legal_corpus/ko_legal_corpus.txt.gz --max-lines 100000 "
                       "--out runs/mlm")
    p.add_argument("--config", default="small", help="preset or YAML file")
    p.add_argument("--tokenizer", required=True, help="tokenizer spec")
    p.add_argument("--corpus", type=Path, nargs="+", help=".txt[.gz] (a text a line) or .jsonl[.gz]")
    p.add_argument("--encoded", type=Path, metavar="FILE", help="blocks written by --encode-to instead of --corpus")
    p.add_argument("--encode-to", type=Path, metavar="FILE", help="write the corpus's blocks (.npz) and stop")
    p.add_argument("--out", type=Path, required=True, help="backbone model directory to write")
    p.add_argument("--max-lines", type=int, help="read at most this many texts")
    p.add_argument("--exclude", type=Path, nargs="*", default=[], metavar="JSONL",
                   help="skip corpus texts that occur in these documents (the validation and test splits)")
    p.add_argument("--epochs", type=int, default=1, help="passes over the corpus")
    p.add_argument("--lr", type=float, default=1e-3, help="peak learning rate")
    p.add_argument("--max-length", type=int, help="block length in tokens")
    p.add_argument("--batch-size", type=int, help="blocks per micro-batch per process (default: the preset's)")
    p.add_argument("--effective-batch", type=int, help="blocks per optimiser step, all processes together "
                   "(default: the preset's)")
    p.add_argument("--seed", type=int, help="masking and shuffling seed (default: the preset's)")
    p.add_argument("--device", default="auto", help="auto | cpu | cuda | cuda:N (torchrun: cuda:LOCAL_RANK)")
    p.add_argument("--threads", type=positive_int, help="torch CPU threads per process")
    p.add_argument("--max-steps", type=positive_int, help="stop after this many optimiser steps (smoke runs)")
    p.set_defaults(func=cmd_pretrain)

    p = sub.add_parser("predict", formatter_class=HelpFormatter, help="tag documents (JSONL or Parquet in, JSONL out)",
                       description="Tag every document of a JSONL or Parquet file (--engine ray: also a folder of "
                       "shards); text and ids are unchanged, spans are "
                       "the model's (each with a score). Default model: the embedded one.\n\nexample:\n"
                       "  thunder-deid predict work/realized/thunder/test.jsonl runs/pred.jsonl --model runs/small/best")
    p.add_argument("input", type=Path, help="documents: .jsonl, .jsonl.gz or .parquet (columns id, text, …)")
    p.add_argument("output", type=Path, help="JSONL to write: the documents with predicted spans")
    p.add_argument("--model", type=Path, help="model directory (default: the embedded model)")
    p.add_argument("--device", default="cpu", help="cpu | cuda | cuda:N (bf16 on CUDA)")
    p.add_argument("--engine", choices=("local", "ray"), default="local",
                   help="local: this process; ray: Ray Data actors (a JSONL or Parquet file, or a folder of shards; "
                        "RAY_ADDRESS names a cluster)")
    p.add_argument("--num-workers", type=positive_int, default=2, help="--engine ray: tagger actors, one model each")
    _inference_options(p)
    _patterns_option(p)
    p.set_defaults(func=cmd_predict)

    p = sub.add_parser("export-onnx", formatter_class=HelpFormatter, help="export a tagger to ONNX",
                       description="Export a tagger to ONNX (log-softmax outputs, dynamic batch and length axes) "
                       "into the cache that --backend onnx reads (printing the file), or to --out.\n\n"
                       "example:\n  thunder-deid export-onnx --cache-dir /opt/thunder-cache\n"
                       "  thunder-deid export-onnx --model runs/small/best --out small.onnx")
    p.add_argument("--model", type=Path, help="model directory (default: the embedded model)")
    p.add_argument("--out", type=Path, help="write the ONNX file here instead of into the cache")
    p.add_argument("--cache-dir", type=Path, help="cache folder (default: $THUNDER_DEID_CACHE or ~/.cache/thunder-deid)")
    p.add_argument("--int8", action="store_true", help="dynamically int8-quantised weights")
    p.set_defaults(func=cmd_export_onnx)

    p = sub.add_parser("redact", formatter_class=HelpFormatter, help="de-identify a file, a folder tree or a JSONL",
                       description="De-identify a document (.txt/.md in UTF-8, CP949 or EUC-KR; .docx; .hwpx; .hwp; "
                       ".pdf), a JSONL of documents, or a folder tree of them (mirrored into OUTPUT, with "
                       "OUTPUT.manifest.jsonl beside it; a second run resumes). DOCX and HWPX keep their layout; HWP is written as "
                       "HWPX, a PDF as a PDF of its pages drawn (or .txt).\nmodes:\n"
                       + "".join(f"  {m:<10} {type(get_operator(m)).description}\n" for m in operator_names())
                       + "\nexamples:\n  thunder-deid redact examples/sample_judgment.txt out.txt --mode court\n"
                       "  pdftotext 판결.pdf - | thunder-deid redact - - --mode court > 판결.txt")
    p.add_argument("input", type=Path, help="a document, a .jsonl file or a folder (read recursively); - for "
                   "text on standard input")
    p.add_argument("output", type=Path, help="output file; for a folder input a folder, or a .jsonl file to "
                   "collect every document in one; - for standard output (text, JSONL or JSON; the summary "
                   "line then goes to standard error)")
    p.add_argument("--mode", choices=operator_names(), help="output mode (default: the policy's, else mask)")
    p.add_argument("--policy", type=Path, metavar="FILE",
                   help="YAML policy: per-label modes and thresholds, allow/deny lists, recognizers, consistency, pictures "
                        "(README 'Policies'); default: every detected form replaced wherever it stands")
    p.add_argument("--seed", type=int, help="surrogate mode: the replacement seed, for output that can be made again "
                   "(same seed, same output); keep it secret, as whoever knows it can test candidate names against "
                   "the pseudonyms. Default: a secret one each document")
    p.add_argument("--mapping", type=Path, metavar="FILE",
                   help="also write the original -> replacement table there (JSONL; CSV for a .csv name), for "
                        "authorised re-identification; it holds personal data: owner-only, an existing file is never "
                        "replaced")
    p.add_argument("--model", type=Path, help="model directory (default: the embedded model)")
    p.add_argument("--device", default="cpu", help="cpu | cuda | cuda:N (bf16 on CUDA)")
    _inference_options(p)
    p.add_argument("--restart", action="store_true",
                   help="folder input: redo every file instead of skipping those the output's manifest lists as done")
    p.add_argument("--keep-names", action="store_true",
                   help="folder input: name each output as its input even where the name holds a mention the output "
                        "replaces (by default 김민준_공소장.docx is written A_공소장.docx; the manifest pairs them)")
    _patterns_option(p)
    p.set_defaults(func=cmd_redact)
