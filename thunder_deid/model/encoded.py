"""Training data encoded once, trained on anywhere: windows and MLM blocks as token ids.

Realising surrogates and tokenising (the KenLM search) is CPU work; a GPU node should neither wait for it
nor need KenLM. So the data of a run can be written once where the CPUs are and trained on elsewhere::

    thunder-deid train ... --encode-to runs/enc          # writes the windows each epoch would train on
    thunder-deid train ... --encoded runs/enc --device cuda
    thunder-deid pretrain ... --encode-to runs/blocks.npz
    thunder-deid pretrain ... --encoded runs/blocks.npz --device cuda

A windows folder holds ``epoch_NN.npz`` (token ids, BIO label ids, window offsets) and ``manifest.json``
(the prediction targets, the tokenizer's fingerprint, the number of epochs). Training from it checks that the
tokenizer it is given is the one the ids came from, byte for byte, and then loads only its vocabulary
(:func:`vocabulary`): the ids already carry the segmentation.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np

from thunder_deid.errors import ThunderDeidError
from thunder_deid.io import atomic_writer

MANIFEST = "manifest.json"
Window = tuple[list[int], list[int]]


def fingerprint(spec: str) -> str:
    """SHA-256 over every file of the tokenizer's folder (names and bytes): ids are only meaningful with it."""
    from thunder_deid.model.modeling import split_spec

    _, root = split_spec(str(spec))
    if not root.is_dir():
        raise ThunderDeidError(f"tokenizer {spec}: directory {root} not found")
    h = hashlib.sha256()
    for p in sorted(q for q in root.rglob("*") if q.is_file()):
        h.update(p.relative_to(root).as_posix().encode() + b"\0")
        h.update(p.read_bytes())
    return h.hexdigest()


def vocabulary(spec: str):
    """The tokenizer's vocabulary and special tokens without its segmenter (no KenLM needed): for a
    boundary-aware bundle its base BPE, whose ids and special tokens are the bundle's
    (``tests/model/test_encoded.py``)."""
    from thunder_deid.model.modeling import load_tokenizer, split_spec

    kind, root = split_spec(str(spec))
    return load_tokenizer(f"bpe:{root}") if kind in (None, "boundary", "bpe") else load_tokenizer(spec)


def _npz(path: Path, **arrays: np.ndarray) -> None:
    import io

    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)
    _write(Path(path), buf.getvalue())


def _write(path: Path, data: bytes) -> None:
    with atomic_writer(path, "wb", encoding=None) as f:
        f.write(data)


def _id_dtype(vocab_size: int):
    return np.uint16 if vocab_size <= 2**16 else np.uint32


def save_windows(path: Path, windows: list[Window], vocab_size: int) -> None:
    """Windows as three flat arrays (ids, labels, offsets); -100 labels stay -100.

    >>> import tempfile, os; p = os.path.join(tempfile.mkdtemp(), "e.npz")
    >>> save_windows(p, [([2, 7, 3], [-100, 1, -100]), ([2, 9, 3], [-100, 0, -100])], 32000)
    >>> load_windows(p)
    [([2, 7, 3], [-100, 1, -100]), ([2, 9, 3], [-100, 0, -100])]
    """
    offsets = np.cumsum([0] + [len(x) for x, _ in windows]).astype(np.int64)
    ids = np.fromiter((i for x, _ in windows for i in x), dtype=_id_dtype(vocab_size), count=int(offsets[-1]))
    labels = np.fromiter((y for _, ys in windows for y in ys), dtype=np.int16, count=int(offsets[-1]))
    _npz(path, ids=ids, labels=labels, offsets=offsets)


def load_windows(path: Path) -> list[Window]:
    try:
        z = np.load(path)
        ids, labels, offsets = z["ids"].astype(np.int64), z["labels"].astype(np.int64), z["offsets"]
    except (OSError, KeyError, ValueError) as e:
        raise ThunderDeidError(f"{path}: not an encoded windows file ({e})") from None
    return [(ids[a:b].tolist(), labels[a:b].tolist()) for a, b in zip(offsets[:-1], offsets[1:])]


def _check_tokenizer(sha: str, tokenizer: str, where: Path) -> None:
    if sha != fingerprint(tokenizer):
        raise ThunderDeidError(f"--encoded {where} was encoded with another tokenizer than {tokenizer}")


def epoch_file(folder: Path, epoch: int) -> Path:
    return Path(folder) / f"epoch_{epoch:02d}.npz"


def write_manifest(folder: Path, targets: list[str], tokenizer: str, epochs: int, meta: dict) -> None:
    doc = {"labels": targets, "tokenizer_sha256": fingerprint(tokenizer), "epochs": epochs, **meta}
    _write(Path(folder) / MANIFEST, json.dumps(doc, ensure_ascii=False, indent=1).encode())


def read_manifest(folder: Path, tokenizer: str, epochs: int) -> dict:
    """The folder's manifest, checked against the tokenizer and the number of epochs the run needs."""
    p = Path(folder) / MANIFEST
    if not p.is_file():
        raise ThunderDeidError(f"--encoded {folder}: no {MANIFEST} (write it with `train ... --encode-to`)")
    try:
        m = json.loads(p.read_text(encoding="utf-8"))
        sha, have = m["tokenizer_sha256"], int(m["epochs"])
        if not isinstance(m["labels"], list):
            raise TypeError("labels: not a list")
    except (ValueError, KeyError, TypeError) as e:
        raise ThunderDeidError(f"{p}: invalid manifest ({e})") from None
    _check_tokenizer(sha, tokenizer, folder)
    if have < epochs:
        raise ThunderDeidError(f"--encoded {folder} holds {have} epochs; the run needs {epochs}")
    return m


def save_blocks(path: Path, blocks, tokenizer: str, vocab_size: int) -> None:
    """MLM blocks ``[n, length]`` with the tokenizer's fingerprint."""
    _npz(path, blocks=np.asarray(blocks).astype(_id_dtype(vocab_size)),
         tokenizer_sha256=np.array(fingerprint(tokenizer)))


def load_blocks(path: Path, tokenizer: str):
    import torch

    try:
        z = np.load(path)
        blocks, sha = z["blocks"], str(z["tokenizer_sha256"])
    except (OSError, KeyError, ValueError) as e:
        raise ThunderDeidError(f"{path}: not an encoded blocks file ({e})") from None
    _check_tokenizer(sha, tokenizer, path)
    return torch.from_numpy(blocks.astype(np.int64))
