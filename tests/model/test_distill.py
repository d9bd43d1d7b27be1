"""Distillation (``train --teacher``): a real tiny teacher trained here, students trained against it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch

from thunder_deid.errors import ThunderDeidError
from thunder_deid.model.config import get_config
from thunder_deid.model.distill import Teacher, soft_loss, token_loss
from thunder_deid.model.train import TrainJob, run


def _job(data: Path, tok: Path, out: str, **kw) -> TrainJob:
    cfg = get_config("tiny")
    cfg.train.replacement = "none"
    cfg.model.max_length = 16
    cfg.train.stride = 4
    return TrainJob(cfg, str(tok), data / "valid.jsonl", data / out, train=data / "train.jsonl", device="cpu",
                    threads=1, **kw)


def _losses(run_dir: Path) -> list[float]:
    return [json.loads(x)["loss"] for x in (run_dir / "steps.jsonl").read_text().splitlines()]


@pytest.fixture()
def teacher(data, tiny_tokenizer_dir) -> Path:
    job = _job(data, tiny_tokenizer_dir, "teacher")
    job.config.train.epochs, job.config.train.learning_rate = 3, 3e-3
    run(job)
    return data / "teacher" / "best"


def test_weight_zero_trains_exactly_as_without_a_teacher_and_a_weight_changes_the_loss(data, tiny_tokenizer_dir, teacher):
    plain = _job(data, tiny_tokenizer_dir, "plain", max_steps=3, save_best=False)
    run(plain)
    zero = _job(data, tiny_tokenizer_dir, "zero", max_steps=3, save_best=False, teacher=teacher)
    zero.config.train.distill_weight = 0.0
    run(zero)
    half = _job(data, tiny_tokenizer_dir, "half", max_steps=3, save_best=False, teacher=teacher)
    run(half)
    assert _losses(data / "zero") == _losses(data / "plain")
    assert _losses(data / "half") != _losses(data / "plain")


def test_a_student_on_the_soft_term_alone_tags_as_its_teacher_not_as_the_gold(data, tiny_tokenizer_dir, model_dir):
    """Weight 1: the gold tags are never read. The teacher (the random tagger biased to ``B-인명``) tags
    otherwise than the gold, so whose spans a student reproduces shows what it learnt from."""
    from thunder_deid.document import load_jsonl, write_jsonl
    from thunder_deid.model.infer import Tagger

    keep = {"계좌번호", "은행업", "인명"}  # the teacher's labels
    docs = [d.__class__(d.id, d.text, [s for s in d.spans if s.label in keep]) for d in load_jsonl(data / "train.jsonl")]
    write_jsonl(data / "train.jsonl", docs)
    write_jsonl(data / "valid.jsonl", docs[:4])
    got = {}
    for w in (0.0, 1.0):
        job = _job(data, tiny_tokenizer_dir, f"w{w}", teacher=model_dir)
        job.config.train.epochs, job.config.train.learning_rate = 4, 3e-3
        job.config.train.distill_weight, job.config.train.distill_temperature = w, 1.0
        job.valid = None  # nothing to choose on: the last epoch is the student
        run(job)
        got[w] = Tagger.load(data / f"w{w}" / "best", patterns=False).predict_documents(docs)
    teacher = Tagger.load(model_dir, patterns=False).predict_documents(docs)
    keys = lambda d: {(s.start, s.end, s.label) for s in d.spans}
    agree = lambda a, b: sum(len(keys(p) & keys(q)) for p, q in zip(a, b)) / sum(len(keys(q)) for q in b)
    assert agree(teacher, docs) < 0.5  # the teacher tags otherwise than the gold
    assert agree(got[1.0], teacher) > 0.8 > 0.3 > agree(got[0.0], teacher)
    assert agree(got[0.0], docs) > agree(got[1.0], docs)
    meta = json.loads((data / "w1.0" / "best" / "thunder_deid.json").read_text())
    assert meta["teacher"] == str(model_dir)


def test_the_teachers_tags_are_read_in_the_students_order(tiny_tokenizer_dir, model_dir):
    from thunder_deid.model.labels import LabelSet
    from thunder_deid.model.modeling import load_network

    net, own = load_network(model_dir)
    student = LabelSet(["인명", "계좌번호"])  # another order, and one of the teacher's labels left out
    t = Teacher.load(model_dir, str(tiny_tokenizer_dir), student, "cpu")
    ids, mask = torch.tensor([[2, 40, 41, 42, 3]]), torch.ones(1, 5, dtype=torch.long)
    with torch.no_grad():
        raw = net(input_ids=ids, attention_mask=mask).logits
    got = t.logits(ids, mask)
    for i, tag in enumerate(student.tags):
        assert torch.equal(got[..., i], raw[..., own.tags.index(tag)])
    # a student tag the teacher never met: left out of the soft term, the rest read in order
    wider = LabelSet(["인명", "전화번호", "계좌번호"])
    t = Teacher.load(model_dir, str(tiny_tokenizer_dir), wider, "cpu")
    assert t.missing == ["B-전화번호", "I-전화번호"]
    got = t.logits(ids, mask)
    for k, i in enumerate(t.shared.tolist()):
        assert torch.equal(got[..., k], raw[..., own.tags.index(wider.tags[i])])


def test_a_teacher_that_cannot_teach_is_refused_by_name(tmp_path, tiny_tokenizer_dir, model_dir):
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    from thunder_deid.model.labels import LabelSet

    with pytest.raises(ThunderDeidError, match=r"--teacher .*shares no tag but O with the student"):
        Teacher.load(model_dir, str(tiny_tokenizer_dir), LabelSet(["전화번호"]), "cpu")
    tok = Tokenizer(models.BPE(unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.train_from_iterator(["다른 말뭉치로 만든 토크나이저"] * 3, trainers.BpeTrainer(
        vocab_size=300, special_tokens=["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    PreTrainedTokenizerFast(tokenizer_object=tok, pad_token="[PAD]", unk_token="[UNK]", cls_token="[CLS]",
                            sep_token="[SEP]", mask_token="[MASK]").save_pretrained(str(tmp_path / "other"))
    with pytest.raises(ThunderDeidError, match="its tokenizer is not the student's"):
        Teacher.load(model_dir, str(tmp_path / "other"), LabelSet(["인명"]), "cpu")
    with pytest.raises(ThunderDeidError, match="no such model folder"):
        Teacher.load(tmp_path / "nowhere", str(tiny_tokenizer_dir), LabelSet(["인명"]), "cpu")


def test_cli_distillation_options_are_checked(data, tiny_tokenizer_dir, model_dir, capsys):
    from thunder_deid.cli import main

    args = ["train", "--config", "tiny", "--tokenizer", str(tiny_tokenizer_dir), "--train", str(data / "train.jsonl"),
            "--valid", str(data / "valid.jsonl"), "--out", str(data / "run")]
    assert main(args + ["--distill-weight", "0.3"]) == 2
    assert main(args + ["--teacher", str(model_dir), "--distill-weight", "1.5"]) == 2
    assert main(args + ["--teacher", str(model_dir), "--distill-temperature", "0"]) == 2
    err = capsys.readouterr().err
    assert "--distill-weight and --distill-temperature need --teacher" in err
    assert "--distill-weight: 1.5 is not a share in [0, 1]" in err and "--distill-temperature: 0.0 is not above 0" in err
    assert not (data / "run").exists()


def test_the_soft_term_is_a_tempered_kl_over_labelled_tokens_only():
    torch.manual_seed(0)
    s, t = torch.randn(2, 3, 5), torch.randn(2, 3, 5)
    labels = torch.tensor([[-100, 1, 2], [0, -100, -100]])
    keep = labels != -100
    T = 2.0
    p = torch.softmax(t[keep] / T, -1)
    want = (p * (p.log() - torch.log_softmax(s[keep] / T, -1))).sum() * T * T
    assert float(soft_loss(s, t, labels, T)) == pytest.approx(float(want), rel=1e-5)
    # over shared tags 0, 1, 3 only: token (0, 2), labelled 2, has no soft term
    shared = torch.tensor([0, 1, 3])
    keep2 = torch.tensor([[False, True, False], [True, False, False]])
    p2 = torch.softmax(t[..., shared][keep2] / T, -1)
    want2 = (p2 * (p2.log() - torch.log_softmax(s[..., shared][keep2] / T, -1))).sum() * T * T
    assert float(soft_loss(s, t[..., shared], labels, T, shared)) == pytest.approx(float(want2), rel=1e-5)
    hard = token_loss(s, labels)
    assert float(token_loss(s, labels, t, 0.25, T)) == pytest.approx(0.75 * float(hard) + 0.25 * float(want), rel=1e-5)


def test_two_process_torchrun_with_a_teacher_matches_one_process(data, tiny_tokenizer_dir, teacher):
    """Each process runs its own frozen copy of the teacher on its micro-batches: the step losses of
    ``torchrun --nproc_per_node 2`` (gloo) are those of one process."""
    import os
    import socket
    import subprocess
    import sys

    from thunder_deid.cli import main

    (data / "cfg.yaml").write_text("base: tiny\nmodel: {max_length: 16}\ntrain: {stride: 4, replacement: none}\n")
    args = ["train", "--config", str(data / "cfg.yaml"), "--tokenizer", str(tiny_tokenizer_dir), "--train",
            str(data / "train.jsonl"), "--valid", str(data / "valid.jsonl"), "--max-steps", "3", "--threads", "1",
            "--device", "cpu", "--teacher", str(teacher), "--distill-weight", "0.7", "--out"]
    assert main(args + [str(data / "one")]) == 0
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    res = subprocess.run([sys.executable, "-m", "torch.distributed.run", "--nnodes", "1", "--nproc_per_node", "2",
                          "--master_addr", "127.0.0.1", "--master_port", str(port), "-m", "thunder_deid.cli", *args,
                          str(data / "two")], env={**os.environ, "OMP_NUM_THREADS": "1"}, capture_output=True,
                         text=True, timeout=150)
    assert res.returncode == 0, res.stderr[-3000:]
    one, two = _losses(data / "one"), _losses(data / "two")
    assert len(one) == len(two) == 3
    assert two == pytest.approx(one, rel=1e-5, abs=1e-6)
