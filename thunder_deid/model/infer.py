"""Tag documents with a trained model: windows -> log-probs -> merged, constrained spans.

    >>> from thunder_deid.model.infer import Tagger
    >>> tagger = Tagger.load()                       # the embedded default model   # doctest: +SKIP
    >>> tagger.predict("피고인 김민준은 …").spans      # doctest: +SKIP

Windows of all documents in a call are batched together, longest first (little padding); predictions
never change the text.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Sequence

import numpy as np
import torch

from thunder_deid.document import Document
from thunder_deid.model.decode import decode_spans, merge_windows
from thunder_deid.model.labels import LabelSet
from thunder_deid.model.windows import encode


def default_model_dir() -> Path:
    """The embedded default model shipped in the package (``thunder_deid/data/model``)."""
    return Path(__file__).resolve().parent.parent / "data" / "model"


@torch.no_grad()
def predict_documents(model, tokenizer, labels: LabelSet, docs: Sequence[Document], max_length: int, stride: int,
                      device: torch.device | str = "cpu", batch_tokens: int = 8192, progress=None) -> list[Document]:
    """Documents with predicted spans (labels are the model's targets), text and ids unchanged."""
    model.eval()
    device = torch.device(device)
    encs = [encode(d.text, tokenizer, max_length, stride) for d in docs]
    items = [(i, w, b - a + 2) for i, e in enumerate(encs) for w, (a, b) in enumerate(e.spans)]
    items.sort(key=lambda x: -x[2])
    out_lp: dict[tuple[int, int], np.ndarray] = {}
    cls_id, sep_id, pad_id = tokenizer.cls_token_id, tokenizer.sep_token_id, tokenizer.pad_token_id
    autocast = torch.autocast("cuda", dtype=torch.bfloat16) if device.type == "cuda" else _null()
    k = 0
    while k < len(items):
        longest = items[k][2]
        n = max(1, batch_tokens // longest)
        chunk = items[k:k + n]
        k += len(chunk)
        ids = torch.full((len(chunk), longest), pad_id, dtype=torch.long)
        mask = torch.zeros((len(chunk), longest), dtype=torch.long)
        for r, (i, w, L) in enumerate(chunk):
            ids[r, :L] = torch.tensor(encs[i].window_ids(w, cls_id, sep_id))
            mask[r, :L] = 1
        with autocast:
            logits = model(input_ids=ids.to(device), attention_mask=mask.to(device)).logits
        lp = torch.log_softmax(logits.float(), -1).cpu().numpy()
        for r, (i, w, L) in enumerate(chunk):
            out_lp[(i, w)] = lp[r, 1:L - 1]
        if progress is not None:
            progress.update(sum(L for *_, L in chunk))
    result = []
    for i, (doc, enc) in enumerate(zip(docs, encs)):
        if not enc.ids:
            result.append(Document(doc.id, doc.text, [], doc.meta))
            continue
        merged = merge_windows([out_lp[(i, w)] for w in range(len(enc.spans))], enc.spans, len(enc.ids))
        spans = decode_spans(merged, labels.tags, enc.offsets, doc.text)
        result.append(Document(doc.id, doc.text, spans, doc.meta))
    return result


class _null:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


class Tagger:
    """A loaded model: ``predict(text) -> Document``, ``predict_documents(docs)``, ``redact(text, mode)``."""

    def __init__(self, model, tokenizer, labels: LabelSet, meta: dict, device: torch.device, patterns: bool = True):
        self.model, self.tokenizer, self.labels, self.meta, self.device = model, tokenizer, labels, meta, device
        self.patterns = patterns  # merge fixed-form identifiers over the model's spans (model/patterns.py)
        self.max_length = int(meta["max_length"])
        self.stride = int(meta["stride"])

    @classmethod
    def load(cls, model: str | Path | None = None, device: str = "cpu", patterns: bool = True) -> "Tagger":
        from thunder_deid.errors import ThunderDeidError
        from thunder_deid.model.distributed import pick_device
        from thunder_deid.model.modeling import load_model

        path = Path(model) if model else default_model_dir()
        if not (path / "model.safetensors").is_file():
            raise ThunderDeidError(f"model {path}: no model.safetensors there"
                                   + (" (the embedded default model is missing from this install)" if not model else ""))
        dev = pick_device(device)
        m, tok, labels, meta = load_model(path, dev)
        return cls(m, tok, labels, meta, dev, patterns)

    def predict_documents(self, docs: Sequence[Document], progress=None, batch_tokens: int = 8192) -> list[Document]:
        out = predict_documents(self.model, self.tokenizer, self.labels, docs, self.max_length, self.stride,
                                self.device, batch_tokens, progress)
        if self.patterns:
            from thunder_deid.model.patterns import apply_patterns

            level = self.meta.get("target_level", "leaf")
            out = [apply_patterns(d, level) for d in out]
        return out

    def predict(self, text: str, doc_id: str = "text") -> Document:
        return self.predict_documents([Document(doc_id, text, [])])[0]

    def redact(self, text: str, mode: str | None = None, policy=None, seed: int = 0) -> str:
        """``text`` de-identified in output mode ``mode`` (``tag``, ``mask``, ``court``, ``surrogate``, ``json``;
        default: the policy's, ``mask``) under ``policy`` (a :class:`thunder_deid.policy.Policy` or a YAML
        path; default: every detected form replaced everywhere); ``seed`` for ``surrogate``."""
        from thunder_deid.policy import Policy, load_policy

        pol = policy if isinstance(policy, Policy) else load_policy(policy)
        return pol.redact(self.predict(text), mode, seed)[0]

    def iter_predict(self, docs: Iterable[Document], chunk: int = 64, progress=None):
        buf: list[Document] = []
        for d in docs:
            buf.append(d)
            if len(buf) >= chunk:
                yield from self.predict_documents(buf, progress)
                buf = []
        if buf:
            yield from self.predict_documents(buf, progress)
