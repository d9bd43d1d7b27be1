"""``thunder-deid convert`` (inline text files/folders <-> JSONL) and ``thunder-deid validate``."""

from __future__ import annotations

import argparse
from pathlib import Path

from thunder_deid.document import Document, read_jsonl, write_jsonl
from thunder_deid.errors import InlineFormatError, ThunderDeidError
from thunder_deid.inline import parse_inline, render_inline
from thunder_deid.formats.base import document_id, read_bytes
from thunder_deid.io import atomic_writer, check_output_file, refuse_overwrite_input
from thunder_deid.validate import file_problems

INLINE_SUFFIXES = (".txt", ".md")


def _inline_files(src: Path) -> list[tuple[str, Path]]:
    """(document id, path) for a file or every .txt/.md file under a folder, ids by the one rule of
    :func:`thunder_deid.formats.document_id` (the relative path without suffix), as ``redact`` names them."""
    if src.is_file():
        return [(document_id(src), src)]
    if not src.is_dir():
        raise ThunderDeidError(f"{src}: no such file or folder")
    files = sorted(p for p in src.rglob("*") if p.is_file() and p.suffix.lower() in INLINE_SUFFIXES)
    if not files:
        raise ThunderDeidError(f"{src}: no {'/'.join(INLINE_SUFFIXES)} files in this folder")
    return [(document_id(p, src), p) for p in files]


MAX_REPORTED = 20  # a folder of misannotated files: the first errors, each with its place, then a count


def inline_to_jsonl(src: Path, out: Path, allow_unknown: bool = False) -> int:
    """Inline-annotated text files (UTF-8, with or without BOM, or CP949/EUC-KR) into one JSONL. Every file
    is read before anything is written, and the first error of each bad file is reported together (an
    annotator fixes a folder in one pass, not one file per run); with any, nothing is written."""
    from thunder_deid.formats.text import decode_text

    docs, errors = [], []
    files = _inline_files(src)
    for doc_id, path in files:
        try:
            text = decode_text(read_bytes(path), path, doc_id).text
            docs.append(parse_inline(text, doc_id, allow_unknown=allow_unknown, source=str(path)))
        except ThunderDeidError as e:
            errors.append(str(e))
    if errors:
        more = f"\n  … and {len(errors) - MAX_REPORTED} more" if len(errors) > MAX_REPORTED else ""
        raise ThunderDeidError(f"{len(errors)} of {len(files)} files have errors; nothing written:\n  "
                               + "\n  ".join(errors[:MAX_REPORTED]) + more)
    return write_jsonl(out, docs)


def jsonl_to_inline(src: Path, out: Path) -> int:
    """One ``<id>.txt`` per document under folder ``out`` (ids with '/' become sub-folders)."""
    if out.is_file():
        raise ThunderDeidError(f"output {out} is a file; converting to inline text writes a folder")
    # read, check and render everything first: a bad line must not leave half of the folder written
    rendered: dict[Path, str] = {}
    for doc in read_jsonl(src):
        rel = Path(doc.id + ".txt")
        if not doc.id or rel.is_absolute() or ".." in rel.parts:
            raise ThunderDeidError(f"{src}: document id {doc.id!r} is not a safe relative file name")
        if rel in rendered:
            raise ThunderDeidError(f"{src}: duplicate document id {doc.id!r}")
        try:
            rendered[rel] = render_inline(doc)
        except InlineFormatError as e:
            raise InlineFormatError(f"{src}: {e}") from None
    for rel, text in rendered.items():
        with atomic_writer(out / rel) as f:
            f.write(text)
    return len(rendered)


def cmd_convert(args: argparse.Namespace) -> int:
    src, out = Path(args.src), Path(args.out)
    refuse_overwrite_input([src], out)
    to = args.to or ("jsonl" if out.suffix == ".jsonl" else "inline")
    if to == "jsonl":
        check_output_file(out)
        n = inline_to_jsonl(src, out, allow_unknown=args.allow_unknown)
    else:
        if not src.is_file():
            raise ThunderDeidError(f"{src}: expected a JSONL file")
        n = jsonl_to_inline(src, out)
    print(f"converted {n} documents -> {out}")
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    bad = 0
    for path in args.files:
        for found in file_problems(read_jsonl(path), check_labels=not args.no_labels):
            for p in found:
                print(f"{path}: {p}")
                bad += 1
    print(f"{bad} problems")
    return 1 if bad else 0


def register(sub: argparse._SubParsersAction) -> None:
    from thunder_deid.cli import HelpFormatter

    p = sub.add_parser(
        "convert", formatter_class=HelpFormatter,
        help="convert between inline-annotated text and JSONL",
        description="Convert inline-annotated text (<<<MENTION:LABEL[:SUB]>>>) to JSONL, or JSONL to inline text.\n"
        "A folder is read recursively (*.txt, *.md); each file's relative path is its document id.\n\n"
        "examples:\n  thunder-deid convert annotated/ docs.jsonl\n  thunder-deid convert docs.jsonl annotated/",
    )
    p.add_argument("src", help="inline .txt/.md file or folder, or a JSONL file")
    p.add_argument("out", help="JSONL file (when converting to JSONL) or folder (when converting to inline)")
    p.add_argument("--to", choices=["jsonl", "inline"], help="direction; default: jsonl if OUT ends in .jsonl")
    p.add_argument("--allow-unknown", action="store_true", help="accept labels outside the taxonomy")
    p.set_defaults(func=cmd_convert)

    p = sub.add_parser(
        "validate", formatter_class=HelpFormatter, help="check JSONL documents (offsets, overlaps, labels)",
        description="Report overlapping spans, offsets out of range, span text mismatches and unknown labels.\n\n"
        "example:\n  thunder-deid validate docs.jsonl",
    )
    p.add_argument("files", nargs="+", help="JSONL files of documents")
    p.add_argument("--no-labels", action="store_true", help="do not check labels against the taxonomy")
    p.set_defaults(func=cmd_validate)


__all__ = ["Document", "inline_to_jsonl", "jsonl_to_inline", "register"]
