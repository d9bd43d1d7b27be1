"""The ONNX Runtime backend: the tagger exported once to ONNX, run by ONNX Runtime's CPU (or CUDA) provider.

The exported graph is built on first use into a cache folder the user controls and never fetched:
``--cache-dir``, else ``$THUNDER_DEID_CACHE``, else ``$XDG_CACHE_HOME/thunder-deid`` (``~/.cache/thunder-deid``).
Each model gets ``onnx/<key>/model.onnx`` where ``key`` hashes its weights and configuration, so a
retrained model never reuses a stale graph; files are written atomically. ``thunder-deid export-onnx``
builds it ahead of time (e.g. into a read-only image). The graph ends in the log-softmax, has dynamic
batch and sequence axes, and ``int8=True`` selects a dynamically quantised copy (``model.int8.onnx``).

    >>> from thunder_deid.model.backends import get_backend
    >>> get_backend("onnx").name
    'onnx'
"""

from __future__ import annotations

import hashlib
import io
import logging
import os
import warnings
from pathlib import Path

import numpy as np

from thunder_deid.errors import ThunderDeidError
from thunder_deid.io import atomic_writer
from thunder_deid.model.backends import Backend, register

log = logging.getLogger(__name__)
OPSET = 17
FORMAT = 1  # bump when the exported graph changes shape or meaning: old cache entries are then ignored


def default_cache_dir() -> Path:
    env = os.environ.get("THUNDER_DEID_CACHE")
    if env:
        return Path(env)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "thunder-deid"


def model_key(model_dir: Path) -> str:
    """Hash of the weights and the configuration files of a model directory."""
    h = hashlib.sha256(f"thunder-deid onnx format {FORMAT} opset {OPSET}\n".encode())
    for name in ("config.json", "thunder_deid.json", "model.safetensors"):
        with open(Path(model_dir) / name, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
    return h.hexdigest()[:20]


def export_onnx(model, out: Path) -> Path:
    """Write ``model`` (a ModernBERT token classifier) as ONNX with log-softmax outputs, atomically."""
    import torch

    class LogProbs(torch.nn.Module):
        def __init__(self, m):
            super().__init__()
            self.m = m

        def forward(self, input_ids, attention_mask):
            return torch.log_softmax(self.m(input_ids=input_ids, attention_mask=attention_mask).logits.float(), -1)

    wrapped = LogProbs(getattr(model, "module", model)).eval().to("cpu")
    # two rows, one padded, longer than the local-attention window: the traced masks stay general
    ids = torch.full((2, 160), 5, dtype=torch.long)
    mask = torch.ones_like(ids)
    mask[1, 100:] = 0
    buf = io.BytesIO()
    axes = {"input_ids": {0: "batch", 1: "length"}, "attention_mask": {0: "batch", 1: "length"},
            "logprobs": {0: "batch", 1: "length"}}
    with warnings.catch_warnings(), torch.no_grad():
        warnings.simplefilter("ignore")  # the TorchScript exporter's deprecation and tracer notes
        torch.onnx.export(wrapped, (ids, mask), buf, input_names=["input_ids", "attention_mask"],
                          output_names=["logprobs"], dynamic_axes=axes, opset_version=OPSET, dynamo=False)
    with atomic_writer(out, "wb") as f:
        f.write(buf.getvalue())
    return out


def quantize_int8(src: Path, out: Path) -> Path:
    """Dynamic int8 quantisation of the weights of the linear layers (ONNX Runtime's quantize_dynamic)."""
    import tempfile

    from onnxruntime.quantization import QuantType, quantize_dynamic

    with tempfile.TemporaryDirectory(dir=out.parent) as tmp:
        q = Path(tmp) / "q.onnx"
        quantize_dynamic(str(src), str(q), weight_type=QuantType.QInt8)
        with atomic_writer(out, "wb") as f:
            f.write(q.read_bytes())
    return out


def cached_onnx(model, model_dir: Path, cache_dir: Path | None = None, int8: bool = False) -> Path:
    """The ONNX file for ``model_dir``, exported (and quantised) into the cache on first use."""
    folder = Path(cache_dir or default_cache_dir()) / "onnx" / model_key(model_dir)
    fp32 = folder / "model.onnx"
    try:
        if not fp32.is_file():
            log.info("exporting the model to ONNX into %s (first use)", folder)
            export_onnx(model, fp32)
        if not int8:
            return fp32
        q = folder / "model.int8.onnx"
        if not q.is_file():
            quantize_int8(fp32, q)
        return q
    except OSError as e:
        raise ThunderDeidError(f"ONNX cache {folder}: cannot write ({e.strerror or type(e).__name__}); "
                               "pass --cache-dir or set THUNDER_DEID_CACHE") from None


@register("onnx")
class OnnxBackend(Backend):
    def __init__(self, model, device="cpu", threads: int | None = None, model_dir: Path | None = None,
                 cache_dir: Path | None = None, int8: bool = False, onnx_file: Path | None = None, **_options):
        try:
            import onnxruntime as ort
        except ImportError:
            raise ThunderDeidError("--backend onnx needs onnxruntime: pip install 'thunder-deid[onnx]'") from None
        path = Path(onnx_file) if onnx_file else cached_onnx(model, model_dir, cache_dir, int8)
        so = ort.SessionOptions()
        so.intra_op_num_threads = threads or 0
        so.inter_op_num_threads = 1
        so.log_severity_level = 3
        providers = ["CPUExecutionProvider"]
        if str(device).startswith("cuda"):
            if "CUDAExecutionProvider" not in ort.get_available_providers():
                raise ThunderDeidError("--backend onnx --device cuda: this onnxruntime has no CUDA provider "
                                       "(install onnxruntime-gpu)")
            providers.insert(0, "CUDAExecutionProvider")
            self.batch_tokens = 65536
        self.path = path
        self.session = ort.InferenceSession(str(path), so, providers=providers)

    def logprobs(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return self.session.run(["logprobs"], {"input_ids": ids, "attention_mask": mask})[0]
