"""Document-level train / validation / test splits (section 4.1: 8:1:1, stratified by case type).

The split of a corpus is stored in the repository as id lists (``data/splits/<name>/{train,valid,test}.txt``
plus ``manifest.json``), so every run trains and evaluates on the same documents. ``--make`` computes
them: within each stratum (case type, court level …) documents are ordered by a seeded hash of their
id -- independent of input order -- and the first tenth goes to test, the next to valid::

    >>> ids = [(f"fraud/doc_{i:03d}", ("fraud",)) for i in range(20)] + [(f"violence/d{i}", ("violence",)) for i in range(10)]
    >>> s = make_splits(ids, seed=42)
    >>> {k: len(v) for k, v in s.items()}
    {'train': 24, 'valid': 3, 'test': 3}
    >>> make_splits(list(reversed(ids)), seed=42) == s
    True

    $ thunder-deid corpus split work/judgments.jsonl work/splits/thunder --ids thunder
    $ thunder-deid corpus split precedents.jsonl work/splits/precedents --make --name precedents
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import sys
from pathlib import Path
from typing import Iterable, Sequence

from thunder_deid.document import Document, read_jsonl, write_jsonl
from thunder_deid.errors import DocumentError, ThunderDeidError
from thunder_deid.io import atomic_writer, read_text, refuse_overwrite_input

SPLITS = ("train", "valid", "test")
DEFAULT_SEED = 42
DEFAULT_RATIOS = (8, 1, 1)
LISTS_DIR = Path(__file__).parent / "data" / "splits"


def _rank(seed: int, doc_id: str) -> str:
    return hashlib.sha256(f"{seed}\x00{doc_id}".encode("utf-8")).hexdigest()


def make_splits(items: Iterable[tuple[str, Sequence[str]]], seed: int = DEFAULT_SEED,
                ratios: Sequence[int] = DEFAULT_RATIOS) -> dict[str, list[str]]:
    """``(doc id, stratum)`` pairs -> ``{"train": [...], "valid": [...], "test": [...]}`` (ids sorted).

    Each stratum is split on its own (``round(n * valid share)`` to valid, the same for test, the rest
    to train), so every case type keeps the corpus proportions.
    """
    if len(ratios) != 3 or any(r < 0 for r in ratios) or sum(ratios) == 0:
        raise ValueError(f"ratios must be three non-negative numbers (train, valid, test), got {ratios}")
    strata: dict[tuple[str, ...], list[str]] = collections.defaultdict(list)
    seen: set[str] = set()
    for doc_id, stratum in items:
        if doc_id in seen:
            raise DocumentError(f"document id {doc_id!r} occurs twice; splits need unique ids")
        seen.add(doc_id)
        strata[tuple(stratum)].append(doc_id)
    total = sum(ratios)
    out: dict[str, list[str]] = {k: [] for k in SPLITS}
    for key in sorted(strata):
        ordered = sorted(strata[key], key=lambda i: (_rank(seed, i), i))
        n = len(ordered)
        n_test = round(n * ratios[2] / total)
        n_valid = round(n * ratios[1] / total)
        out["test"] += ordered[:n_test]
        out["valid"] += ordered[n_test : n_test + n_valid]
        out["train"] += ordered[n_test + n_valid :]
    return {k: sorted(v) for k, v in out.items()}


def strata_of(doc: Document, fields: Sequence[str]) -> tuple[str, ...]:
    return tuple(str(doc.meta.get(f, "-")) for f in fields)


# -- stored lists -----------------------------------------------------------------------------------
def lists_dir(name_or_path: str) -> Path:
    """A stored split by name (``thunder``) or a folder holding ``{train,valid,test}.txt``."""
    p = Path(name_or_path)
    if p.is_dir() and (p / "train.txt").exists():
        return p
    d = LISTS_DIR / name_or_path
    if not d.is_dir():
        known = sorted(x.name for x in LISTS_DIR.iterdir() if x.is_dir()) if LISTS_DIR.is_dir() else []
        raise ThunderDeidError(f"no stored split {name_or_path!r} (known: {', '.join(known) or 'none'}; "
                               "or give a folder with train.txt, valid.txt, test.txt)")
    return d


def load_lists(name_or_path: str) -> dict[str, list[str]]:
    d = lists_dir(name_or_path)
    out: dict[str, list[str]] = {}
    owner: dict[str, str] = {}
    for split in SPLITS:
        path = d / f"{split}.txt"
        if not path.exists():
            raise ThunderDeidError(f"{path}: missing")
        ids = [line.strip() for line in read_text(path, "id list").splitlines() if line.strip()]
        for i in ids:
            if i in owner:
                raise ThunderDeidError(f"{path}: id {i!r} is also in {owner[i]}.txt")
            owner[i] = split
        out[split] = ids
    return out


def save_lists(lists: dict[str, list[str]], out_dir: str | Path, manifest: dict) -> None:
    out = Path(out_dir)
    for split in SPLITS:
        with atomic_writer(out / f"{split}.txt") as f:
            f.write("".join(i + "\n" for i in lists[split]))
    with atomic_writer(out / "manifest.json") as f:
        json.dump(manifest | {"counts": {k: len(v) for k, v in lists.items()}}, f, ensure_ascii=False, indent=1)
        f.write("\n")


def materialise(docs: Iterable[Document], lists: dict[str, list[str]], out_dir: str | Path) -> dict[str, int]:
    """Write ``OUT_DIR/{train,valid,test}.jsonl`` in list order; every listed id must be in ``docs``."""
    by_id = {d.id: d for d in docs}
    missing = [i for split in SPLITS for i in lists[split] if i not in by_id]
    if missing:
        shown = ", ".join(repr(i) for i in missing[:20])
        raise DocumentError(f"{len(missing)} listed document id(s) are not in the input: {shown}"
                            + (" …" if len(missing) > 20 else ""))
    counts = {}
    for split in SPLITS:
        counts[split] = write_jsonl(Path(out_dir) / f"{split}.jsonl", (by_id[i] for i in lists[split]))
    return counts


# -- CLI --------------------------------------------------------------------------------------------
def _cmd(args: argparse.Namespace) -> int:
    for split in SPLITS:
        refuse_overwrite_input([args.input], Path(args.out_dir) / f"{split}.jsonl")
    docs = list(read_jsonl(args.input))
    if args.make:
        if not args.name:
            raise ThunderDeidError("--make needs --name (the name the lists are stored under)")
        fields = [f for f in args.stratify.split(",") if f]
        lists = make_splits(((d.id, strata_of(d, fields)) for d in docs), args.seed, args.ratios)
        target = Path(args.lists_dir) if args.lists_dir else LISTS_DIR / args.name
        if (target / "train.txt").exists() and not args.force:
            raise ThunderDeidError(f"split lists already stored in {target}; changing them changes every result "
                                   "measured on them -- pass --force to replace them")
        save_lists(lists, target, {"name": args.name, "seed": args.seed, "ratios": list(args.ratios),
                                   "stratify_by": fields, "source": Path(args.input).name})
        print(f"stored split lists in {target}", file=sys.stderr)
    else:
        lists = load_lists(args.ids)
    listed = {i for v in lists.values() for i in v}
    unlisted = sum(1 for d in docs if d.id not in listed)
    counts = materialise(docs, lists, args.out_dir)
    print(f"wrote {', '.join(f'{k} {v}' for k, v in counts.items())} documents to {args.out_dir}"
          + (f"; {unlisted} input document(s) are in no list" if unlisted else ""), file=sys.stderr)
    return 0


def register(sub: "argparse._SubParsersAction") -> None:
    from thunder_deid.cli import HelpFormatter

    p = sub.add_parser("split", help="materialise (or --make) document-level train/valid/test splits",
                       formatter_class=HelpFormatter,
                       description="Write OUT_DIR/{train,valid,test}.jsonl from stored id lists (--ids NAME or a\n"
                       "folder), or with --make compute new lists (8:1:1, stratified, seeded, independent of\n"
                       "input order), store them and write the files. Listed ids missing from INPUT are an error.\n\n"
                       "examples:\n"
                       "  thunder-deid corpus split work/judgments.jsonl work/splits/thunder --ids thunder\n"
                       "  thunder-deid corpus split precedents.jsonl work/splits/precedents --make --name precedents "
                       "--stratify case_type,court_level")
    p.add_argument("input", help="JSONL corpus")
    p.add_argument("out_dir", help="folder for train.jsonl, valid.jsonl, test.jsonl")
    p.add_argument("--ids", default="thunder", help="stored split name or folder of id lists")
    p.add_argument("--make", action="store_true", help="compute new lists from INPUT and store them")
    p.add_argument("--name", default=None, help="with --make: name to store the lists under")
    p.add_argument("--force", action="store_true", help="with --make: replace lists already stored under NAME")
    p.add_argument("--lists-dir", default=None, help="with --make: store the lists here instead of the package data")
    p.add_argument("--stratify", default="case_type,court_level",
                   help="with --make: comma-separated document fields to stratify by (absent fields count as '-')")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED, help="with --make: split seed")
    p.add_argument("--ratios", type=int, nargs=3, default=list(DEFAULT_RATIOS), metavar=("TRAIN", "VALID", "TEST"),
                   help="with --make: split ratios")
    p.set_defaults(func=_cmd)
