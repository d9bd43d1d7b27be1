"""A tiny byte-level BPE trained in-process (no shared data, no downloads) for the model tests."""

from __future__ import annotations

from pathlib import Path

import pytest

TEXTS = [
    "피고인은 2020. 3. 5. 서울 강남구 테헤란로 123에서 피해자 김민준에게 전화를 걸었다.",
    "피고인은 하나은행 계좌(123-456-789012)로 돈을 송금받았다.",
    "피해자 이서연은 부산 해운대구 센텀로 45 아파트 101동 1203호에 산다.",
    "피고인은 주식회사 한빛상사의 대표로서 010-1234-5678 번호로 연락하였다.",
] * 5


@pytest.fixture(scope="session")
def tiny_tokenizer_dir(tmp_path_factory) -> Path:
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE(unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(TEXTS, trainers.BpeTrainer(
        vocab_size=400, special_tokens=["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    out = tmp_path_factory.mktemp("tok")
    PreTrainedTokenizerFast(tokenizer_object=tok, pad_token="[PAD]", unk_token="[UNK]", cls_token="[CLS]",
                            sep_token="[SEP]", mask_token="[MASK]").save_pretrained(str(out))
    return out


@pytest.fixture(scope="session")
def tiny_tokenizer(tiny_tokenizer_dir):
    from thunder_deid.model.modeling import load_tokenizer

    return load_tokenizer(tiny_tokenizer_dir)


def tiny_docs():
    """Labelled documents over TEXTS (realised text: names and numbers as they appear)."""
    from thunder_deid.document import Document, Span

    out = []
    for i, t in enumerate(TEXTS):
        spans = []
        for mention, label in (("김민준", "인명"), ("이서연", "인명"), ("하나은행", "은행업"),
                               ("123-456-789012", "계좌번호"), ("010-1234-5678", "전화번호"),
                               ("한빛상사", "공산품판매업")):
            k = t.find(mention)
            if k >= 0:
                spans.append(Span(k, k + len(mention), label))
        out.append(Document(f"d{i}", t, sorted(spans, key=lambda s: s.start)))
    return out


@pytest.fixture()
def data(tmp_path):
    """A training and a validation file of :func:`tiny_docs` in a fresh folder (runs go beside them)."""
    from thunder_deid.document import write_jsonl

    docs = tiny_docs()
    write_jsonl(tmp_path / "train.jsonl", docs)
    write_jsonl(tmp_path / "valid.jsonl", docs[:4])
    return tmp_path


@pytest.fixture(scope="session")
def model_dir(tmp_path_factory, tiny_tokenizer, tiny_tokenizer_dir) -> Path:
    """A tiny random tagger saved as a model directory (fp16 weights, like the embedded model)."""
    import torch

    from thunder_deid.model.config import get_config
    from thunder_deid.model.labels import LabelSet
    from thunder_deid.model.modeling import build_tagger, save_model

    torch.manual_seed(0)
    cfg = get_config("tiny")
    labels = LabelSet(["계좌번호", "은행업", "인명"])
    model = build_tagger(cfg.model, tiny_tokenizer, labels)
    with torch.no_grad():  # make the random model tag a lot: bias B-인명 up
        model.classifier.bias = torch.nn.Parameter(torch.zeros(len(labels)))
        model.classifier.bias[labels.tag_id("B-인명")] = 3.0
    out = tmp_path_factory.mktemp("m") / "model"
    save_model(model, out, str(tiny_tokenizer_dir), {"max_length": 16, "stride": 4, "config": cfg.to_dict()},
               dtype=torch.float16)
    return out
