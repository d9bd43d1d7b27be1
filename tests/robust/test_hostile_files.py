"""Hostile files: each gives one error line (exit 2 through the CLI), no traceback, no document text."""

import json
import shutil

import pytest
from safetensors.torch import load_file, save_file

from thunder_deid.cli import main
from thunder_deid.model.infer import default_model_dir

SECRET = "김비밀"


def _run(capsys, args):
    code = main(args)
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and SECRET not in err and len(err.strip().splitlines()) == 1, err
    return err


@pytest.mark.parametrize("line, fragment", [
    ('{"id": "a", "text": "피고인 %s \\ud800 은", "spans": []}', "'text' holds a lone UTF-16 surrogate"),
    ('{"id": "a\\udc00", "text": "피고인 %s", "spans": []}', "'id' holds a lone UTF-16 surrogate"),
    ('{"id": "a", "text": "%s", "spans": [{"start": 0, "end": 1, "label": "\\ud83d"}]}', "'label' holds a lone"),
    ('{"id": "a", "text": "%s", "spans": [], "note": ["\\udfff"]}', "a metadata field holds a lone"),
])
def test_lone_surrogates_in_jsonl(tmp_path, capsys, line, fragment):
    src = tmp_path / "in.jsonl"
    src.write_text(line % SECRET + "\n", encoding="utf-8")
    err = _run(capsys, ["predict", str(src), str(tmp_path / "out.jsonl")])
    assert f"{src}:1" in err and fragment in err
    assert not (tmp_path / "out.jsonl").exists()


def test_a_surrogate_pair_is_text(tmp_path):
    from thunder_deid.document import load_jsonl

    src = tmp_path / "in.jsonl"
    src.write_text('{"id": "a", "text": "\\ud83d\\ude00 %s", "spans": []}\n' % SECRET, encoding="utf-8")
    assert load_jsonl(src)[0].text == "\U0001F600 " + SECRET


@pytest.fixture
def model_copy(tmp_path):
    """A copy of the embedded model's small files; the tokenizer bundle is linked, not copied."""
    src, dst = default_model_dir(), tmp_path / "model"
    dst.mkdir()
    for name in ("config.json", "model.safetensors", "thunder_deid.json"):
        shutil.copy(src / name, dst / name)
    (dst / "tokenizer").symlink_to(src / "tokenizer")
    (tmp_path / "doc.txt").write_text(f"피고인 {SECRET}은 왔다.", encoding="utf-8")
    return dst


def _redact(capsys, model, fragment):
    err = _run(capsys, ["redact", str(model.parent / "doc.txt"), str(model.parent / "out.txt"), "--model", str(model)])
    assert fragment in err and not (model.parent / "out.txt").exists()
    return err


def test_corrupt_weights(model_copy, capsys):
    data = (model_copy / "model.safetensors").read_bytes()
    (model_copy / "model.safetensors").write_bytes(data[: len(data) // 2])
    _redact(capsys, model_copy, "model.safetensors: not a readable safetensors file")


def test_weights_that_are_not_safetensors(model_copy, capsys):
    (model_copy / "model.safetensors").write_bytes(b"\x00" * 64)
    _redact(capsys, model_copy, "not a readable safetensors file")


def test_missing_and_renamed_tensors(model_copy, capsys):
    state = load_file(str(model_copy / "model.safetensors"))
    state["renamed.weight"] = state.pop("classifier.weight")
    save_file(state, str(model_copy / "model.safetensors"))
    _redact(capsys, model_copy, "tensors do not match config.json: 1 missing (first classifier.weight); "
                                "1 unexpected (first renamed.weight)")


def test_tensor_of_the_wrong_shape(model_copy, capsys):
    state = load_file(str(model_copy / "model.safetensors"))
    state["classifier.weight"] = state["classifier.weight"][:3].clone()
    save_file(state, str(model_copy / "model.safetensors"))
    _redact(capsys, model_copy, "1 of the wrong shape (first classifier.weight: [3, ")


@pytest.mark.parametrize("name", ["config.json", "thunder_deid.json"])
def test_broken_json_in_the_model_folder(model_copy, capsys, name):
    (model_copy / name).write_text('{"oops": ', encoding="utf-8")
    _redact(capsys, model_copy, f"{name}: invalid JSON")


@pytest.mark.parametrize("tokenizer", ["/etc", "../tokenizer", "boundary:/tmp", "bpe:../../x", 7])
def test_tokenizer_must_lie_inside_the_model_folder(model_copy, capsys, tokenizer):
    meta = json.loads((model_copy / "thunder_deid.json").read_text(encoding="utf-8"))
    meta["tokenizer"] = tokenizer
    (model_copy / "thunder_deid.json").write_text(json.dumps(meta), encoding="utf-8")
    _redact(capsys, model_copy, "'tokenizer' must be a relative path inside this folder")


def test_a_link_out_of_the_model_folder_is_refused(model_copy, capsys, tmp_path):
    meta = json.loads((model_copy / "thunder_deid.json").read_text(encoding="utf-8"))
    meta["tokenizer"] = "elsewhere"
    (model_copy / "thunder_deid.json").write_text(json.dumps(meta), encoding="utf-8")
    (model_copy / "elsewhere").symlink_to(tmp_path)
    _redact(capsys, model_copy, "leads out of this folder")


@pytest.mark.parametrize("key", ["kenlm", "boundary", "base", "word_table"])
def test_tokenizer_bundle_files_stay_inside_the_bundle(tmp_path, key):
    from thunder_deid.errors import ThunderDeidError
    from thunder_deid.tokenizer.load import load_tokenizer

    bundle = tmp_path / "tok"
    shutil.copytree(default_model_dir() / "tokenizer", bundle, symlinks=True)
    cfg = json.loads((bundle / "boundary_config.json").read_text(encoding="utf-8"))
    cfg[key] = "/etc/passwd" if key != "base" else "../../etc"
    (bundle / "boundary_config.json").write_text(json.dumps(cfg), encoding="utf-8")
    with pytest.raises(ThunderDeidError, match=f"'{key}' must be a relative path inside this folder"):
        load_tokenizer(bundle)
