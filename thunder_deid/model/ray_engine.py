"""``thunder-deid predict --engine ray``: the tagger as Ray Data actors, for corpora beyond one machine.

Each actor loads the model once and tags batches of documents; Ray Data spreads the input's blocks over
the actors (CPU actors, or one GPU each with ``device="cuda"``) and hands results back in input order,
so the output file is the one the local path writes. Input: a JSONL file of Documents (as ``predict``
reads), a Parquet shard (:mod:`thunder_deid.shards`) or a folder of shards of one kind (read in name
order); output: one JSONL file, written atomically. Every window is padded to its own length bucket
(``infer.padded_length``), so how Ray splits the input into batches does not change a digit of it.

    thunder-deid predict docs.jsonl out.jsonl --engine ray --num-workers 8
    RAY_ADDRESS=ray://head:10001 thunder-deid predict /shared/shards out.jsonl --engine ray --num-workers 64

    >>> from thunder_deid.model.ray_engine import predict_ray
    >>> predict_ray(["docs.jsonl"], "out.jsonl", num_workers=2)     # doctest: +SKIP

On a cluster every node reads the same paths (a shared file system) and has thunder-deid installed;
``address`` (or ``RAY_ADDRESS``) names the cluster, otherwise a local Ray instance is started.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Sequence

import numpy as np

from thunder_deid.errors import ThunderDeidError


class TaggerActor:
    """One model per actor process; ``__call__`` tags a batch of documents: JSONL lines (``{"text": lines}``)
    or a ``pyarrow`` table of Parquet rows (:mod:`thunder_deid.shards`)."""

    def __init__(self, model, device: str, patterns: bool | Sequence[str], load_options: dict):
        from thunder_deid.model.infer import Tagger

        self.tagger = Tagger.load(model, device, patterns, **load_options)

    def __call__(self, batch) -> dict:
        """``{"json": output lines, "error": ""}``, or one row whose ``error`` is a bad input's one-line message
        (passed back as data, so that the driver can raise it without Ray's traceback around it)."""
        try:
            docs = _documents(batch)
        except ThunderDeidError as e:
            return {"json": np.array([""], dtype=object), "error": np.array([str(e)], dtype=object)}
        out = self.tagger.predict_documents(docs)
        return {"json": np.array([json.dumps(d.to_dict(), ensure_ascii=False) for d in out], dtype=object),
                "error": np.array([""] * len(out), dtype=object)}


def _documents(batch) -> list:
    from thunder_deid.document import Document
    from thunder_deid.shards import parquet_document

    if isinstance(batch, dict):  # JSONL lines; blank ones are skipped, as the local reader does
        return [Document.from_dict(_json_line(line), "input line") for line in batch["text"] if line.strip()]
    # Parquet rows, as the local reader converts them
    return [parquet_document(row, f"Parquet row (id {row.get('id')!r})") for row in batch.to_pylist()]


def _json_line(line: str):
    from thunder_deid.errors import DocumentError

    try:
        return json.loads(line)
    except json.JSONDecodeError as e:
        raise DocumentError(f"input line: invalid JSON ({e.msg.removesuffix(' at')} at column {e.colno})") from None


def _settle_fsspec_http() -> None:
    """Ray lists Parquet paths on several threads, each importing fsspec's HTTP filesystem to ask whether
    a path lives on one. Without aiohttp that import fails, and a thread can meet the module half-made and
    raise an ImportError Ray does not catch (seen in the full test run). Settle the answer once, here."""
    import importlib
    import sys

    name = "fsspec.implementations.http"
    try:
        mod = importlib.import_module(name)
    except ImportError:
        mod = None
    if mod is None or not hasattr(mod, "HTTPFileSystem"):
        sys.modules[name] = None  # later imports raise ModuleNotFoundError, which Ray reads as "not HTTP"


def predict_ray(inputs: Sequence[str | Path], output: str | Path, model: str | Path | None = None,
                num_workers: int = 2, patterns: bool | Sequence[str] = True, device: str = "cpu", batch_size: int = 64,
                address: str | None = None, backend: str = "torch", threads: int | None = None,
                cache_dir: str | Path | None = None, int8: bool = False) -> int:
    """Tag ``inputs`` with ``num_workers`` actors into the JSONL ``output``; returns the number of documents."""
    try:
        import ray
        import ray.data
    except ImportError:
        raise ThunderDeidError("--engine ray needs Ray: pip install 'thunder-deid[ray]'") from None
    from thunder_deid.io import atomic_writer, refuse_overwrite_input

    from thunder_deid.shards import is_parquet, shard_files

    files = [str(f.resolve()) for f in shard_files(inputs)]
    refuse_overwrite_input(files, output)
    if num_workers < 1:
        raise ThunderDeidError(f"--num-workers {num_workers}: need at least 1")
    address = address or os.environ.get("RAY_ADDRESS")
    threads = threads or 1  # one core per CPU actor: scale out with --num-workers, not threads
    if not ray.is_initialized():
        # a local instance gets room for every actor plus the read tasks (logical CPUs only schedule work):
        # with exactly one CPU per actor the readers would wait for a free CPU forever
        local = {} if address else {"num_cpus": max(os.cpu_count() or 1, num_workers * threads + 1)}
        ray.init(address=address, include_dashboard=False, log_to_driver=False, configure_logging=False, **local)
    ray.data.DataContext.get_current().execution_options.preserve_order = True
    parquet = is_parquet(files[0])
    if parquet:
        _settle_fsspec_http()
    ds = ray.data.read_parquet(files) if parquet else ray.data.read_text(files)
    gpu = str(device).startswith("cuda")
    load_options = {"backend": backend, "threads": threads, "cache_dir": cache_dir, "int8": int8}
    model = str(Path(model).resolve()) if model else None
    tagged = ds.map_batches(TaggerActor, batch_size=batch_size, batch_format="pyarrow" if parquet else "numpy",
                            compute=ray.data.ActorPoolStrategy(size=num_workers),
                            fn_constructor_kwargs={"model": model, "device": "cuda" if gpu else device,
                                                   "patterns": patterns, "load_options": load_options},
                            num_cpus=0 if gpu else threads, num_gpus=1 if gpu else 0)
    n = 0
    with atomic_writer(output) as f:
        for batch in tagged.iter_batches(batch_size=None, batch_format="numpy"):
            for line, error in zip(batch["json"], batch["error"]):
                if error:
                    raise ThunderDeidError(f"{', '.join(map(str, inputs))}: {error}")
                f.write(line + "\n")
                n += 1
    return n
