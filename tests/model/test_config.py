import pytest
import torch
from transformers import ModernBertConfig, ModernBertForTokenClassification

from thunder_deid.errors import ThunderDeidError
from thunder_deid.model.config import PRESETS, get_config


@pytest.mark.parametrize("name, layers, hidden, params_m, lr, batch", [
    ("150m", 22, 768, 150, 5e-5, 32),
    ("395m", 28, 1024, 395, 5e-5, 32),
    ("750m", 32, 1152, 750, 1e-5, 16),
    ("1b", 22, 1792, 1000, 1e-5, 16),
])
def test_paper_shapes(name, layers, hidden, params_m, lr, batch):
    cfg = get_config(name)
    m = cfg.model
    assert (m.num_hidden_layers, m.hidden_size, m.max_length) == (layers, hidden, 4096)
    assert m.hidden_size // m.num_attention_heads == 64
    assert (cfg.train.learning_rate, cfg.train.effective_batch, cfg.train.weight_decay, cfg.train.stride) == (lr, batch, 0.01, 128)
    with torch.device("meta"):
        model = ModernBertForTokenClassification(ModernBertConfig(
            vocab_size=50368, hidden_size=m.hidden_size, num_hidden_layers=m.num_hidden_layers,
            num_attention_heads=m.num_attention_heads, intermediate_size=m.intermediate_size, num_labels=3))
    n = sum(p.numel() for p in model.parameters()) / 1e6
    assert abs(n - params_m) / params_m < 0.05, n


def test_yaml_overrides(tmp_path):
    p = tmp_path / "c.yaml"
    p.write_text("base: 150m\ntrain: {epochs: 3}\nmodel: {max_length: 2048}\n")
    cfg = get_config(p)
    assert cfg.train.epochs == 3 and cfg.model.max_length == 2048 and cfg.model.hidden_size == 768


@pytest.mark.parametrize("text", ["base: nope\n", "train: {bogus: 1}\n", "extra: 1\n",
                                  "train: {epochs: 3}\ntrain: {epochs: 4}\n", "train: {epochs: 3, epochs: 4}\n"])
def test_bad_yaml_is_a_clear_error(tmp_path, text):
    p = tmp_path / "c.yaml"
    p.write_text(text)
    with pytest.raises(ThunderDeidError):
        get_config(p)


def test_presets_exist():
    assert {"tiny", "small", "150m", "395m", "750m", "1b"} <= set(PRESETS)


def test_dropout_reaches_the_modernbert_config(tiny_tokenizer):
    from thunder_deid.model.labels import LabelSet
    from thunder_deid.model.modeling import build_tagger

    cfg = get_config("medium").model
    assert cfg.dropout == 0.1 and cfg.hidden_size // cfg.num_attention_heads == 64
    cfg.hidden_size, cfg.num_attention_heads, cfg.intermediate_size = 64, 1, 64  # keep the test light
    hf = build_tagger(cfg, tiny_tokenizer, LabelSet(["인명"])).config
    assert (hf.embedding_dropout, hf.attention_dropout, hf.mlp_dropout) == (0.1, 0.1, 0.1)
    assert get_config("small").model.dropout == 0.0


@pytest.mark.parametrize("text, line, message", [
    ("base: tiny\ntrain:\n  epochs: 2\n  replacement: per_epoch\n", 4, "train.replacement: 'per_epoch' is not one of"),
    ("# a comment\ntrain: {target_level: leaves}\n", 2, "train.target_level: 'leaves' is not one of leaf, mid, top"),
    ("train:\n  epochs: two\n", 2, "train.epochs: 'two' is not an int"),
    ("model: {dropout: high}\n", 1, "model.dropout: 'high' is not a float"),
])
def test_a_typo_in_a_choice_fails_with_file_and_line(tmp_path, text, line, message):
    """``replacement: per_epoch`` must not silently train with another schedule."""
    p = tmp_path / "c.yaml"
    p.write_text(text)
    with pytest.raises(ThunderDeidError) as e:
        get_config(p)
    assert f"c.yaml:{line}: {message}" in str(e.value)


def test_config_doctests():
    import doctest

    import thunder_deid.model.config as config

    assert doctest.testmod(config).failed == 0
