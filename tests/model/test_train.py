"""Training: 1 process vs a 2-process torchrun (gloo) cluster, and checkpoint resume."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from safetensors.torch import load_file

from thunder_deid.document import write_jsonl
from thunder_deid.model.config import get_config
from thunder_deid.model.train import TrainJob, plan_epoch, run


def _job(data: Path, tok: Path, out: str, **kw) -> TrainJob:
    cfg = get_config("tiny")
    cfg.train.replacement = "none"
    cfg.model.max_length = 16     # several windows per document
    cfg.train.stride = 4
    return TrainJob(cfg, str(tok), data / "valid.jsonl", data / out, train=data / "train.jsonl", device="cpu",
                    threads=1, **kw)


def _losses(path: Path) -> list[float]:
    return [json.loads(x)["loss"] for x in path.read_text().splitlines()]


@pytest.mark.parametrize("world, micro", [(1, 2), (2, 2), (4, 1)])
def test_plan_is_independent_of_world_size(world, micro):
    plan = plan_epoch([5, 9, 2, 7, 7, 3, 1, 8, 4], effective=4, micro=micro, seed=1, epoch=1)
    assert all(len(step) == 4 // micro for step in plan)
    flat = [i for step in plan for mb in step for i in mb]
    assert len(flat) == 12 and set(flat) == set(range(9))  # last step completed from the start


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_two_process_torchrun_matches_one_process(data, tiny_tokenizer_dir):
    """The same command, 1 process vs ``torchrun --nproc_per_node 2`` (gloo): the same step losses."""
    from thunder_deid.cli import main

    (data / "cfg.yaml").write_text("base: tiny\nmodel: {max_length: 16}\ntrain: {stride: 4, replacement: none}\n")
    args = ["train", "--config", str(data / "cfg.yaml"), "--tokenizer", str(tiny_tokenizer_dir), "--train",
            str(data / "train.jsonl"), "--valid", str(data / "valid.jsonl"), "--max-steps", "4", "--threads", "1",
            "--device", "cpu", "--out"]
    assert main(args + [str(data / "one")]) == 0
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    res = subprocess.run([sys.executable, "-m", "torch.distributed.run", "--nnodes", "1", "--nproc_per_node", "2",
                          "--master_addr", "127.0.0.1", "--master_port", str(_free_port()),
                          "-m", "thunder_deid.cli", *args, str(data / "two")],
                         env=env, capture_output=True, text=True, timeout=150)
    assert res.returncode == 0, res.stderr[-3000:]
    assert "2 process(es) × 1 accumulation" in res.stderr
    one, two = _losses(data / "one" / "steps.jsonl"), _losses(data / "two" / "steps.jsonl")
    assert len(one) == len(two) == 4
    assert two == pytest.approx(one, rel=1e-5, abs=1e-6)
    assert one[-1] < one[0]  # it learns


def test_resume_continues_bit_identically(data, tiny_tokenizer_dir):
    straight = _job(data, tiny_tokenizer_dir, "straight", save_best=False)
    straight.config.train.epochs = 2
    run(straight)
    n_steps = json.loads((data / "straight" / "metrics.jsonl").read_text().splitlines()[0])["step"]
    first = _job(data, tiny_tokenizer_dir, "resumed", max_steps=n_steps, save_best=False)
    first.config.train.epochs = 2
    run(first)  # stops after epoch 1, leaving a checkpoint
    state = json.loads((data / "resumed" / "checkpoint" / "trainer_state.json").read_text())
    assert state["epoch"] == 1
    second = _job(data, tiny_tokenizer_dir, "resumed", resume=True, save_best=False)
    second.config.train.epochs = 2
    run(second)
    a = load_file(str(data / "straight" / "checkpoint" / "model.safetensors"))
    b = load_file(str(data / "resumed" / "checkpoint" / "model.safetensors"))
    assert a.keys() == b.keys()
    assert all(torch.equal(a[k], b[k]) for k in a)
    oa = load_file(str(data / "straight" / "checkpoint" / "optimizer.safetensors"))
    ob = load_file(str(data / "resumed" / "checkpoint" / "optimizer.safetensors"))
    assert all(torch.equal(oa[k], ob[k]) for k in oa)


def test_finetune_from_a_model_directory(data, model_dir):
    """``finetune --from`` reuses the model's tokenizer and config, adds new labels, trains, saves best/."""
    from thunder_deid.cli import main
    from thunder_deid.model.modeling import load_model

    assert main(["finetune", "--from", str(model_dir), "--train", str(data / "train.jsonl"), "--valid",
                 str(data / "valid.jsonl"), "--out", str(data / "ft"), "--max-steps", "2", "--threads", "1",
                 "--device", "cpu"]) == 0
    model, tok, labels, meta = load_model(data / "ft" / "best")
    assert {"인명", "은행업", "계좌번호", "전화번호"} <= set(labels.targets)
    assert meta["init"] == str(model_dir)


@pytest.mark.parametrize("setup, message", [
    ("file", "is a file"),
    ("foreign", "not a training run"),
    ("earlier", "holds an earlier run; pass --resume"),
    ("inside", "would hold the input"),
])
def test_train_refuses_an_out_folder_it_could_damage(data, tiny_tokenizer_dir, setup, message):
    from thunder_deid.errors import ThunderDeidError

    out = data / "run"
    if setup == "file":
        out.write_text("keep me")
    elif setup == "foreign":
        out.mkdir()
        (out / "notes.txt").write_text("keep me")
    elif setup == "earlier":
        out.mkdir()
        (out / "metrics.jsonl").write_text("{}\n")
    before = sorted(p.name for p in data.rglob("*"))
    job = _job(data, tiny_tokenizer_dir, "." if setup == "inside" else "run", max_steps=1)
    with pytest.raises(ThunderDeidError, match=message):
        run(job)
    assert sorted(p.name for p in data.rglob("*")) == before


def test_train_resumes_into_an_earlier_run(data, tiny_tokenizer_dir):
    job = _job(data, tiny_tokenizer_dir, "run", max_steps=1, save_best=False)
    run(job)
    run(_job(data, tiny_tokenizer_dir, "run", max_steps=1, save_best=False, resume=True))


@pytest.mark.parametrize("leftover, accepted", [
    (".best.k3x9q1.tmp", True),        # io.atomic_folder's private folder, left by a run killed mid-write
    (".checkpoint.a1b2c3.old", True),
    ("best.tmp", True),                # the name runs used before atomic_folder
    (".notes.k3x9q1.tmp", False),      # not one of the run's own entries
])
def test_resume_accepts_what_a_killed_run_leaves(data, tiny_tokenizer_dir, leftover, accepted):
    from thunder_deid.errors import ThunderDeidError

    run(_job(data, tiny_tokenizer_dir, "run", max_steps=1, save_best=False))
    (data / "run" / leftover).mkdir()
    again = _job(data, tiny_tokenizer_dir, "run", max_steps=1, save_best=False, resume=True)
    if accepted:
        run(again)
    else:
        with pytest.raises(ThunderDeidError, match="not a training run"):
            run(again)


def test_a_failed_save_leaves_the_previous_model_whole(model_dir, tmp_path):
    """``save_model`` writes into a private folder: an error mid-write changes nothing that was there."""
    import shutil

    from thunder_deid.model.modeling import load_model, save_model

    out = tmp_path / "model"
    shutil.copytree(model_dir, out)
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    model, _, _, meta = load_model(out)
    with pytest.raises(FileNotFoundError):
        save_model(model, out, str(tmp_path / "no-such-tokenizer"), meta)
    assert {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model"]     # no temporary folder left behind
    save_model(model, out, str(out / "tokenizer"), meta)               # re-saving in place reads its own copy
    assert load_model(out)[3]["tokenizer"] == "tokenizer"


def test_realize_epochs_writes_what_train_dir_reads(data, tiny_tokenizer_dir):
    """``realize --epochs`` and ``train --train-dir`` agree on file names: each epoch trains on its own file."""
    import doctest

    import thunder_deid.surrogates.cli as scli
    from thunder_deid.cli import main
    from thunder_deid.model.train import realisation_file

    assert doctest.testmod(scli).failed == 0
    assert main(["realize", str(data / "train.jsonl"), str(data / "ep"), "--epochs", "2", "--train-seed", "1200"]) == 0
    assert sorted(p.name for p in (data / "ep").iterdir()) == ["epoch_01.seed12001.jsonl", "epoch_02.seed12002.jsonl"]
    assert realisation_file(data / "ep", 12002, 2).name == "epoch_02.seed12002.jsonl"
    job = _job(data, tiny_tokenizer_dir, "run", save_best=False)
    job.train, job.train_dir = None, data / "ep"
    job.config.train.replacement, job.config.train.epochs = "per-epoch", 2
    run(job)
    assert [json.loads(x)["epoch"] for x in (data / "run" / "metrics.jsonl").read_text().splitlines()] == [1, 2]


def test_realize_refuses_a_share_outside_zero_to_one_naming_its_flag(data, capsys):
    from thunder_deid.cli import main

    for flag in ("--novel-stems", "--rare-header-names"):
        assert main(["realize", str(data / "train.jsonl"), str(data / "out.jsonl"), "--seed", "1", flag, "1.5"]) == 2
        assert f"{flag} must lie in [0, 1], not 1.5" in capsys.readouterr().err
    assert not (data / "out.jsonl").exists()


def test_train_dir_without_the_epoch_file_is_a_clear_error(data, tiny_tokenizer_dir):
    from thunder_deid.errors import ThunderDeidError

    (data / "ep").mkdir()
    (data / "ep" / "train.seed1200.jsonl").write_bytes((data / "train.jsonl").read_bytes())
    job = _job(data, tiny_tokenizer_dir, "run", save_best=False)
    job.train, job.train_dir = None, data / "ep"
    job.config.train.replacement = "per-epoch"    # epoch 1 wants seed 12001; only 1200 is there
    with pytest.raises(ThunderDeidError, match=r"no \*seed12001.jsonl for epoch 1 .*realize --epochs"):
        run(job)
    job.config.train.replacement = "single"       # the training seed's realisation
    run(job)


@pytest.mark.parametrize("flag", ["--train", "--valid", "--train-extra"])
def test_a_label_outside_the_taxonomy_names_file_document_and_span(data, tiny_tokenizer_dir, flag):
    """A user's own annotation label the taxonomy lacks is refused before training, naming where it stands
    and the labels it may have meant; nothing is trained."""
    from thunder_deid.document import Document, Span
    from thunder_deid.errors import LabelError

    bad = data / "bad.jsonl"
    write_jsonl(bad, [Document("mine-7", "사건 2023가단1 피고 홍길동", [Span(3, 11, "사건번호"), Span(14, 17, "인명")])])
    job = _job(data, tiny_tokenizer_dir, "run", save_best=False)
    setattr(job, {"--train": "train", "--valid": "valid", "--train-extra": "train_extra"}[flag], bad)
    with pytest.raises(LabelError) as e:
        run(job)
    assert str(e.value).startswith(f"{flag} {bad}: document 'mine-7', span [3, 11): unknown label '사건번호'")
    assert "did you mean '재판사건번호'" in str(e.value)
    assert not (data / "run" / "metrics.jsonl").exists()


def test_extra_documents_are_drawn_per_epoch_and_realised(data, tiny_tokenizer_dir):
    """``--train-extra``: ``extra_docs`` documents a epoch, another draw each epoch, the same on a rerun,
    realised with the epoch's seed like the main set."""
    from thunder_deid.document import Document, Span, load_jsonl
    from thunder_deid.model.train import epoch_documents, load_extra

    extra = [Document(f"p{i}", f"피 고 인 성명{i}\n\n주 문\n\n피해자 공소외 {i}에게", [Span(6, 8 + len(str(i)), "인명")])
             for i in range(1, 9)]
    write_jsonl(data / "extra.jsonl", extra)
    job = _job(data, tiny_tokenizer_dir, "run", save_best=False)
    job.train_extra = data / "extra.jsonl"
    job.config.train.replacement, job.config.train.extra_docs = "per-epoch", 3
    base, pool = load_jsonl(data / "train.jsonl"), load_extra(job)
    e1, e1b, e2 = (epoch_documents(job, base, e, pool) for e in (1, 1, 2))
    assert len(e1) == len(base) + 3 and [d.text for d in e1] == [d.text for d in e1b]
    drawn1, drawn2 = [d.id for d in e1[len(base):]], [d.id for d in e2[len(base):]]
    assert set(drawn1) <= {d.id for d in extra} and drawn1 != drawn2
    assert all("성명" not in d.text for d in e1[len(base):])   # the placeholder got a surrogate name
    job.config.train.extra_docs = 9
    from thunder_deid.errors import ThunderDeidError

    with pytest.raises(ThunderDeidError, match="--extra-docs 9: .*holds only 8 documents"):
        load_extra(job)
    job.config.train.extra_docs, job.config.train.epochs = 3, 1
    run(job)
    assert json.loads((data / "run" / "metrics.jsonl").read_text())["epoch"] == 1


def test_cli_mix_options_are_checked(data, tiny_tokenizer_dir, capsys):
    from thunder_deid.cli import main

    args = ["train", "--config", "tiny", "--tokenizer", str(tiny_tokenizer_dir), "--train", str(data / "train.jsonl"),
            "--valid", str(data / "valid.jsonl"), "--out", str(data / "run")]
    assert main(args + ["--extra-docs", "3"]) == 2
    assert main(args + ["--train-extra", str(data / "train.jsonl"), "--extra-excerpt", "-5"]) == 2
    assert main(args + ["--novel-stems", "1.5"]) == 2
    assert main(args + ["--mask-mentions", "-0.1"]) == 2
    assert main(args + ["--rare-header-names", "2"]) == 2
    err = capsys.readouterr().err
    assert "--rare-header-names: 2.0 is not a share in [0, 1]" in err
    assert "--extra-docs, --extra-excerpt and --extra-stems need --train-extra" in err and "--extra-excerpt: -5 is negative" in err
    assert "--novel-stems: 1.5 is not a share in [0, 1]" in err and "--mask-mentions: -0.1 is not a share in [0, 1]" in err
    assert not (data / "run").exists()


def test_extra_documents_with_court_bare_stems(data, tiny_tokenizer_dir):
    """``--extra-stems court_bare``: the extra documents' bare business placeholders get stems, the main set
    is realised as before, and a typo in a config file is refused."""
    from thunder_deid.document import Document, Span, load_jsonl
    from thunder_deid.model.config import problems
    from thunder_deid.model.train import epoch_documents, load_extra
    from thunder_deid.operators.court import without_type_word

    text = "피고인은 B와 C에게 D를 팔았다."
    extra = [Document(f"p{i}", text, [Span(5, 6, "사업체"), Span(8, 9, "사업체"), Span(12, 13, "사업체")])
             for i in range(20)]
    write_jsonl(data / "extra.jsonl", extra)
    job = _job(data, tiny_tokenizer_dir, "run", save_best=False)
    job.train_extra = data / "extra.jsonl"
    job.config.train.replacement = "per-epoch"
    base, pool = load_jsonl(data / "train.jsonl"), load_extra(job)
    kept = {}
    for stems in ("", "court_bare"):
        job.config.train.extra_stems = stems
        docs = epoch_documents(job, base, 1, pool)
        kept[stems] = sum(without_type_word(d.text, s).end < s.end for d in docs[len(base):] for s in d.spans)
        kept[f"main {stems}"] = [d.text for d in docs[:len(base)]]
    assert kept["court_bare"] == 0 < kept[""] and kept["main "] == kept["main court_bare"]
    job.config.train.extra_stems = ""
    plain = [d.text for d in epoch_documents(job, base, 1, pool)]
    job.config.train.novel_stems = 1.0  # every training realisation: the main set's business too
    novel = [d.text for d in epoch_documents(job, base, 1, pool)]
    assert plain[:len(base)] == kept["main "] != novel[:len(base)]
    assert sum(a != b for a, b in zip(plain[len(base):], novel[len(base):])) > len(extra) // 2
    job.config.train.extra_stems = "court-bare"
    assert [(s, f) for s, f, _ in problems(job.config)] == [("train", "extra_stems")]


def test_a_step_with_a_non_finite_gradient_is_skipped_not_applied(data, tiny_tokenizer_dir, monkeypatch, capsys):
    """One bad batch (NaN logits, as a bf16 overflow gives) drops that step; the weights stay finite."""
    import thunder_deid.model.train as tr

    real = tr.build_tagger
    calls = {"n": 0}

    def with_one_bad_batch(*a, **k):
        model = real(*a, **k)

        def poison(_module, _inputs, out):
            calls["n"] += 1
            if calls["n"] == 3 and model.training:
                out.logits = out.logits * float("nan")
            return out
        model.register_forward_hook(poison)
        return model

    monkeypatch.setattr(tr, "build_tagger", with_one_bad_batch)
    job = _job(data, tiny_tokenizer_dir, "run")
    job.config.train.epochs = 1
    run(job)
    rec = json.loads((data / "run" / "metrics.jsonl").read_text().splitlines()[0])
    assert rec["skipped_steps"] == 1 and rec["train_loss"] == rec["train_loss"]   # finite, not NaN
    assert "the gradient is not finite; step skipped (1 this epoch; window lengths " in capsys.readouterr().err
    weights = load_file(str(data / "run" / "best" / "model.safetensors"))
    assert all(torch.isfinite(v).all() for v in weights.values())


def test_a_diverged_run_stops_with_a_clear_error(data, tiny_tokenizer_dir):
    from thunder_deid.errors import ThunderDeidError

    job = _job(data, tiny_tokenizer_dir, "run")
    job.config.train.learning_rate, job.config.train.max_grad_norm = 1e30, 0.0
    with pytest.raises(ThunderDeidError, match=r"training diverged: 10 steps in a row with a non-finite gradient"):
        run(job)


@pytest.mark.parametrize("which, docs, message", [
    ("train", "overlap", "--train {path}: document 'd0': span [2, 4) overlaps span [0, 3)"),
    ("train", "range", "--train {path}: document 'd0': span [0, 999) is out of range"),
    ("train", "empty", "--train {path}: no documents"),
    ("valid", "overlap", "--valid {path}: document 'd0': span [2, 4) overlaps span [0, 3)"),
    ("valid", "empty", "--valid {path}: no documents"),
])
def test_spans_no_scorer_accepts_are_refused_before_the_run_folder_gets_anything(data, model_dir, capsys, which, docs,
                                                                                message):
    """finetune had trained on overlapping and out-of-range spans (and on an empty file) and exited 0; a bad
    --valid span surfaced after the first epoch, which was lost, and left OUT/tokenizer behind."""
    from thunder_deid.cli import main
    from thunder_deid.document import Document, Span

    bad = data / "bad.jsonl"
    text = "홍길동은 서울에 산다"
    spans = {"overlap": [Span(0, 3, "인명"), Span(2, 4, "인명")], "range": [Span(0, 999, "인명")]}.get(docs)
    write_jsonl(bad, [Document("d0", text, spans)] if spans else [])
    files = {"train": data / "train.jsonl", "valid": data / "valid.jsonl", which: bad}
    assert main(["finetune", "--from", str(model_dir), "--train", str(files["train"]), "--valid", str(files["valid"]),
                 "--out", str(data / "run"), "--threads", "1", "--device", "cpu"]) == 2
    assert message.format(path=bad) in capsys.readouterr().err
    assert not (data / "run").exists()


@pytest.mark.parametrize("argv, message", [
    (["--lr", "-1"], "--lr: -1.0 is not a number above 0"),
    (["--lr", "nan"], "--lr: nan is not a number above 0"),
    (["--batch-size", "0"], "--batch-size: 0 is not at least 1"),
    (["--effective-batch", "0"], "--effective-batch: 0 is not at least 1"),
    (["--epochs", "0"], "--epochs: 0 is not at least 1"),
])
def test_numbers_a_run_cannot_train_with_are_one_line(data, model_dir, capsys, argv, message):
    """They had been tracebacks (ZeroDivisionError, torch's ValueError) or, for --epochs 0, a success with no model."""
    from thunder_deid.cli import main

    assert main(["finetune", "--from", str(model_dir), "--train", str(data / "train.jsonl"), "--out",
                 str(data / "run"), *argv]) == 2
    assert message in capsys.readouterr().err and not (data / "run").exists()


@pytest.mark.parametrize("body, line, message", [
    ("base: tiny\ntrain:\n  learnig_rate: 0.1\n", 3, "train.learnig_rate: unknown field"),
    ("base: tiny\ntrain:\n  epochs: 1\n  batch_size: 0\n", 4, "train.batch_size: 0 is not at least 1"),
    ("base: tiny\ntrain:\n  learning_rate: -1\n", 3, "train.learning_rate: -1 is not a number above 0"),
])
def test_a_config_file_names_the_line_of_a_bad_field(tmp_path, body, line, message):
    from thunder_deid.errors import ThunderDeidError

    p = tmp_path / "cfg.yaml"
    p.write_text(body, encoding="utf-8")
    with pytest.raises(ThunderDeidError) as e:
        get_config(p)
    assert str(e.value).startswith(f"config {p}:{line}: ") and message in str(e.value)


def test_a_new_run_replaces_the_tokenizer_an_unfinished_one_left(data, model_dir):
    """A run that stopped before its first epoch leaves OUT/tokenizer; the next run into that folder had kept it,
    even from another --from, and shipped the other model's tokenizer."""
    from thunder_deid.cli import main

    (data / "ft" / "tokenizer").mkdir(parents=True)
    (data / "ft" / "tokenizer" / "MARKER_OTHER_MODEL").write_text("x")
    assert main(["finetune", "--from", str(model_dir), "--train", str(data / "train.jsonl"), "--out", str(data / "ft"),
                 "--max-steps", "1", "--threads", "1", "--device", "cpu"]) == 0
    assert not (data / "ft" / "tokenizer" / "MARKER_OTHER_MODEL").exists()
    assert not (data / "ft" / "best" / "tokenizer" / "MARKER_OTHER_MODEL").exists()


def test_resume_without_a_checkpoint_replaces_the_tokenizer_too(data, model_dir):
    """--resume with no checkpoint starts at epoch 1: the tokenizer copy is then not the run's either."""
    from thunder_deid.cli import main

    (data / "ft" / "tokenizer").mkdir(parents=True)
    (data / "ft" / "tokenizer" / "MARKER_OTHER_MODEL").write_text("x")
    assert main(["finetune", "--from", str(model_dir), "--train", str(data / "train.jsonl"), "--out", str(data / "ft"),
                 "--max-steps", "1", "--threads", "1", "--device", "cpu", "--resume"]) == 0
    assert not (data / "ft" / "tokenizer" / "MARKER_OTHER_MODEL").exists()


def test_resume_keeps_the_metrics_rows_the_checkpoint_holds(tmp_path):
    """The checkpoint is written before the epoch's metrics row and holds it: a run stopped between the two
    resumes with the row written once; rows of epochs no checkpoint holds go (their epochs are trained again)."""
    from thunder_deid.model.train import _metrics_up_to

    m = tmp_path / "metrics.jsonl"
    m.write_text('{"epoch": 1, "f": 1}\n{"epoch": 2, "f": 2}\n{"epo', encoding="utf-8")
    _metrics_up_to(m, 1, {"epoch": 1, "f": 9})
    assert [json.loads(x) for x in m.read_text().splitlines()] == [{"epoch": 1, "f": 1}]
    _metrics_up_to(m, 2, {"epoch": 2, "f": 2})
    assert [json.loads(x)["epoch"] for x in m.read_text().splitlines()] == [1, 2]
    _metrics_up_to(m, 0, None)
    assert m.read_text() == ""


def test_validate_counts_repeated_ids_and_an_empty_file(tmp_path, capsys):
    from thunder_deid.cli import main
    from thunder_deid.document import Document

    write_jsonl(tmp_path / "d.jsonl", [Document("a", "가", []), Document("a", "나", [])])
    (tmp_path / "e.jsonl").write_text("", encoding="utf-8")
    assert main(["validate", str(tmp_path / "d.jsonl"), str(tmp_path / "e.jsonl")]) == 1
    out = capsys.readouterr().out
    assert "document 'a': duplicate document id" in out and f"{tmp_path / 'e.jsonl'}: no documents" in out


def test_masked_mentions_change_what_the_student_reads_and_share_zero_changes_nothing(data, tiny_tokenizer_dir):
    """``--mask-mentions``: the same run, the same windows and the same steps; share 0 is the run without it, share 1
    (every gold mention read as [MASK]) another loss curve."""
    runs = {}
    for name, share in (("plain", None), ("zero", 0.0), ("all", 1.0)):
        job = _job(data, tiny_tokenizer_dir, name, max_steps=3, save_best=False)
        if share is not None:
            job.config.train.mask_mentions = share
        run(job)
        runs[name] = _losses(data / name / "steps.jsonl")
    assert runs["zero"] == runs["plain"] != runs["all"]
