"""Knowledge distillation: a trained tagger (the teacher) guides the one being trained (the student).

    thunder-deid train --config small --init runs/mlm --tokenizer thunder_deid/data/model/tokenizer \\
        --teacher runs/large/best --distill-weight 0.5 --distill-temperature 2 ...

The teacher is any tagger folder over the *same* tokenizer (so both read the same ids), usually a larger
shape trained where a GPU was at hand; the student is the embedded size. On every labelled token the loss is

    (1 - w) * cross-entropy(student, gold tag) + w * T² * KL(teacher_T || student_T)

where ``_T`` is the softmax at temperature ``T`` and ``T²`` keeps the soft term's gradient on the hard term's
scale (Hinton et al., 2015). The teacher's tags are put in the student's order by name, and a teacher tag
the student does not have is dropped before its softmax. A student tag the teacher lacks (a rare label the
teacher never met) is left to the gold alone: both softmaxes of the soft term run over the tags the two
share, and a token whose gold tag is not among them has no soft term.

    >>> import torch
    >>> s = torch.tensor([[2.0, 0.0, -1.0]]); gold = torch.tensor([0])
    >>> float(soft_loss(s, s, gold, temperature=2.0))   # a student that already is its teacher
    0.0
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import torch
import torch.nn.functional as F

from thunder_deid.errors import ThunderDeidError
from thunder_deid.model.labels import IGNORE, LabelSet


class Teacher:
    """A frozen tagger whose logits for the tags it shares with the student, in the student's order, are the soft
    targets."""

    def __init__(self, model: torch.nn.Module, rows: torch.Tensor, shared: torch.Tensor, missing: list[str],
                 device: torch.device, bf16: bool = False):
        self.model, self.device, self.bf16 = model.eval(), device, bf16
        self.rows, self.shared = rows.to(device), shared.to(device)  # teacher rows of the shared student tags
        self.missing = missing  # student tags the teacher lacks
        for p in self.model.parameters():
            p.requires_grad_(False)

    @classmethod
    def load(cls, folder: Path, tokenizer: str, labels: LabelSet, device: torch.device | str,
             bf16: bool = False) -> "Teacher":
        """The tagger in ``folder``, checked against the student's tokenizer (spec) and tags. Only the
        vocabularies are compared, so neither segmenter (nor KenLM) is loaded."""
        from thunder_deid.model.encoded import vocabulary
        from thunder_deid.model.modeling import load_network, tokenizer_spec

        folder = Path(folder)
        if not folder.is_dir():
            raise ThunderDeidError(f"--teacher {folder}: no such model folder")
        model, own = load_network(folder, "cpu")
        if vocabulary(tokenizer_spec(folder)).get_vocab() != vocabulary(tokenizer).get_vocab():
            raise ThunderDeidError(f"--teacher {folder}: its tokenizer is not the student's (both must read the same ids)")
        index = {t: i for i, t in enumerate(own.tags)}
        shared = [i for i, t in enumerate(labels.tags) if t in index]
        if len(shared) < 2:
            raise ThunderDeidError(f"--teacher {folder}: shares no tag but O with the student; distil from a "
                                   f"teacher trained on the same labels")
        device = torch.device(device)
        return cls(model.to(device), torch.tensor([index[labels.tags[i]] for i in shared]), torch.tensor(shared),
                   [t for t in labels.tags if t not in index], device, bf16)

    @torch.no_grad()
    def logits(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """``[batch, length, shared tags]`` float32 logits, in the order of ``shared`` (student tag ids)."""
        amp = torch.autocast("cuda", dtype=torch.bfloat16) if self.bf16 and self.device.type == "cuda" \
            else contextlib.nullcontext()
        with amp:
            out = self.model(input_ids=input_ids, attention_mask=attention_mask).logits
        return out.float().index_select(-1, self.rows)


def soft_loss(student: torch.Tensor, teacher: torch.Tensor, labels: torch.Tensor, temperature: float,
              shared: torch.Tensor | None = None) -> torch.Tensor:
    """``T² · KL(teacher_T || student_T)`` summed over the labelled tokens (``labels != -100``), as the
    hard cross-entropy is summed, so that both share the step's normalisation by the labelled-token count.
    ``shared``: the student tag ids the teacher's logits stand for (default: all, in order); tokens labelled
    with another tag are skipped."""
    keep = labels.view(-1) != IGNORE
    if shared is not None:
        student = student.index_select(-1, shared)
        keep &= torch.isin(labels.view(-1), shared)
    s = student.float().reshape(-1, student.shape[-1])[keep] / temperature
    t = teacher.float().reshape(-1, teacher.shape[-1])[keep] / temperature
    kl = F.kl_div(F.log_softmax(s, -1), F.log_softmax(t, -1), log_target=True, reduction="sum")
    return kl * temperature ** 2


def token_loss(student: torch.Tensor, labels: torch.Tensor, teacher: torch.Tensor | None = None,
               weight: float = 0.0, temperature: float = 1.0, shared: torch.Tensor | None = None) -> torch.Tensor:
    """The summed per-token training loss: the hard cross-entropy, mixed with :func:`soft_loss` when a
    teacher's logits are given (``weight`` is the soft term's share, ``shared`` as there)."""
    hard = F.cross_entropy(student.float().view(-1, student.shape[-1]), labels.view(-1), ignore_index=IGNORE,
                           reduction="sum")
    if teacher is None or weight == 0:
        return hard
    return (1 - weight) * hard + weight * soft_loss(student, teacher, labels, temperature, shared)
