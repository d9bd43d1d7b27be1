"""A tiny base BPE and a tiny boundary-aware bundle, trained inside the test session (seconds)."""

from __future__ import annotations

import random

import pytest

from thunder_deid.document import Document, Span

NAMES = ["홍길동", "김철수", "이영희", "박민준", "최서연", "정우성", "강동원", "윤아름", "장보고", "한승우",
         "오세훈", "서지민", "임꺽정", "신사임", "권율희", "황진이"]
PARTICLES = ["은", "는", "이", "가", "을", "를", "에게", "의", "와", "과"]
TEMPLATES = ["피해자 {n}{p} 피고인에게 돈을 빌려 주었다.", "피고인은 {n}{p} 폭행하였다.", "증인 {n}{p} 법정에서 진술하였다.",
             "{n}{p} 2020. 6. 6. 서울에서 만났다.", "그 무렵 {n}{p} 사무실에 있었다."]
GENERAL = ["피고인은 2020. 6. 6. 12:50경 청주시 흥덕구에 있는 식당 앞 도로에서 시비를 하였다.",
           "이 사건 공소사실의 요지는 다음과 같다.", "The court held that the appeal is dismissed.",
           "피고인은 피해자에게 전화를 걸어 거짓말을 하였다.", "이에 피고인은 이를 인정하였다."]


def make_docs(n: int, seed: int = 0) -> list[Document]:
    rnd = random.Random(seed)
    docs = []
    for k in range(n):
        parts, spans, pos = [], [], 0
        for _ in range(3):
            t = rnd.choice(TEMPLATES)
            name, part = rnd.choice(NAMES), rnd.choice(PARTICLES)
            i = t.index("{n}")
            sent = t.format(n=name, p=part)
            spans.append(Span(pos + i, pos + i + len(name), "인명"))
            parts.append(sent)
            pos += len(sent) + 1
            g = rnd.choice(GENERAL)
            parts.append(g)
            pos += len(g) + 1
        docs.append(Document(f"d{k}", "\n".join(parts), spans))
    return docs


def kenlm_available() -> bool:
    from thunder_deid.errors import ThunderDeidError
    from thunder_deid.tokenizer.train import kenlm_bin

    try:
        kenlm_bin("lmplz"), kenlm_bin("build_binary")
        return True
    except ThunderDeidError:
        return False


@pytest.fixture(scope="session")
def tiny_base(tmp_path_factory):
    from thunder_deid.tokenizer.bpe import save_bpe, train_bpe

    lines = [line for d in make_docs(150, seed=1) for line in d.text.split("\n")]
    lines += ["홍길동은 김철수에게 이영희를 보았다."] * 80  # so the base BPE glues these names to their particles
    d = tmp_path_factory.mktemp("base")
    save_bpe(train_bpe(lines, vocab_size=700), d)
    return d


@pytest.fixture(scope="session")
def tiny_train(tmp_path_factory):
    from thunder_deid.document import write_jsonl

    p = tmp_path_factory.mktemp("docs") / "train.jsonl"
    write_jsonl(p, make_docs(200, seed=2))
    return p


@pytest.fixture(scope="session")
def tiny_bundle(tmp_path_factory, tiny_base, tiny_train):
    if not kenlm_available():
        pytest.skip("KenLM's lmplz/build_binary not built: run `bash scripts/build_kenlm.sh`")
    from thunder_deid.tokenizer.train import train_bundle

    out = tmp_path_factory.mktemp("bundle") / "boundary"
    return train_bundle(tiny_base, [tiny_train], out, prune="0", quantize=0)
