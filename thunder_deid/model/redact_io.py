"""``thunder-deid redact``: a text file, a folder of ``.txt`` files or a JSONL in, the same shape out.

=============  ==================================================================================
input          output
=============  ==================================================================================
``x.txt``      one file: the rendered text (``tag``/``mask``) or one Document JSON line (``json``)
folder         a folder with one output per ``*.txt`` (same name; ``.json`` in json mode)
``x.jsonl``    JSONL: Documents with predicted spans (``json``) or ``{"id", "text"}`` rendered lines
=============  ==================================================================================

Outputs are written atomically and never replace an input; a progress bar goes to stderr on long inputs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from thunder_deid.document import Document, load_jsonl
from thunder_deid.errors import ThunderDeidError
from thunder_deid.io import atomic_writer, refuse_overwrite_input
from thunder_deid.operators.mapping import mapping_rows, refuse_existing, write_mapping
from thunder_deid.policy import Policy


def _read_text(p: Path) -> str:
    try:
        return p.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise ThunderDeidError(f"{p}: not UTF-8 text (byte {e.start})") from None


def redact_path(inp: Path, out: Path, mode: str | None, model: Path | None = None, device: str = "cpu",
                patterns: bool = True, *, seed: int = 0, mapping: Path | None = None,
                policy: Policy | None = None, **load_options) -> int:
    """Redact ``inp`` into ``out`` in output mode ``mode`` (:mod:`thunder_deid.operators`; None: the
    policy's) under ``policy`` (:mod:`thunder_deid.policy`; default: consistency on, nothing else);
    returns the number of documents. ``mapping``: also write the original -> replacement table there;
    ``load_options``: :meth:`Tagger.load`'s (backend, threads, cache_dir, int8)."""
    from tqdm import tqdm

    from thunder_deid.model.infer import Tagger

    inp, out = Path(inp), Path(out)
    if not inp.exists():
        raise ThunderDeidError(f"{inp}: no such file or folder")
    refuse_overwrite_input([inp], out)
    if mapping is not None:
        refuse_overwrite_input([inp, out], mapping)
        refuse_existing(mapping)
    policy = policy or Policy()
    mode = mode or policy.mode
    if inp.is_dir():
        files = sorted(inp.glob("*.txt"))
        if not files:
            raise ThunderDeidError(f"{inp}: no .txt files in this folder")
        if out.resolve() == inp.resolve():
            raise ThunderDeidError(f"{out}: output folder is the input folder; refusing to overwrite inputs")
        docs = [Document(f.name, _read_text(f), []) for f in files]
    elif inp.suffix == ".jsonl":
        docs = [Document(d.id, d.text, [], d.meta) for d in load_jsonl(inp)]
    else:
        docs = [Document(inp.name, _read_text(inp), [])]
    tagger = Tagger.load(model, device, patterns, **load_options)
    total = sum(len(d.text) for d in docs)
    bar = tqdm(total=total, unit="char", unit_scale=True, file=sys.stderr, disable=None if total > 20_000 else True)
    tagged = []
    for i in range(0, len(docs), 32):
        chunk = docs[i:i + 32]
        tagged += tagger.predict_documents(chunk)
        bar.update(sum(len(d.text) for d in chunk))
    bar.close()
    rows: list[dict] = []

    def render(d: Document) -> str:
        text, reps = policy.redact(d, mode, seed)
        rows.extend(mapping_rows(d, reps))
        return text

    if inp.is_dir():
        out.mkdir(parents=True, exist_ok=True)
        for d in tagged:
            name = Path(d.id).with_suffix(".json").name if mode == "json" else d.id
            with atomic_writer(out / name) as f:
                f.write(render(d) + ("\n" if mode == "json" else ""))
    elif inp.suffix == ".jsonl":
        with atomic_writer(out) as f:
            for d in tagged:
                line = render(d) if mode == "json" else json.dumps({"id": d.id, "text": render(d)}, ensure_ascii=False)
                f.write(line + "\n")
    else:
        with atomic_writer(out) as f:
            f.write(render(tagged[0]) + ("\n" if mode == "json" else ""))
    if mapping is not None:
        write_mapping(mapping, rows)
    return len(tagged)
