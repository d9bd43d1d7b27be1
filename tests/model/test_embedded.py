"""The embedded default model: present in the package, loadable offline, tags the sample judgment."""

from __future__ import annotations

from pathlib import Path

import pytest

from thunder_deid.model.infer import default_model_dir

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not (default_model_dir() / "model.safetensors").is_file(),
                                reason="embedded model not built in this checkout")


def test_embedded_model_is_small():
    size = sum(p.stat().st_size for p in default_model_dir().rglob("*") if p.is_file())
    assert size <= 40 * 2**20


def test_default_load_finds_names_in_the_sample_judgment():
    import thunder_deid.model as tm

    text = (REPO / "examples" / "sample_judgment.txt").read_text(encoding="utf-8")
    doc = tm.load().predict(text)
    found = {doc.text[s.start:s.end] for s in doc.spans if s.label == "인명"}
    assert found & {"박도윤", "김서윤", "이준서", "최가온"}
    masked = tm.load().redact(text, mode="mask")
    assert "[인명]" in masked and len(masked) < len(text) + 10 * len(doc.spans)


def test_public_api_load_predicts_and_redacts():
    import thunder_deid as td

    tagger = td.load()
    text = "피고인 김민준은 하나은행 계좌로 송금하였다."
    doc = tagger.predict(text)
    # the API contract (exact boundaries are the model's accuracy, measured in BENCHMARKS.md): the name is
    # covered by a 인명 span, gone from the masked text, marked in the tagged text
    assert doc.text == text and any(s.start <= 4 and s.end >= 7 and s.label == "인명" for s in doc.spans)
    assert "김민준" not in tagger.redact(text, mode="mask") and "<<<김민준" in tagger.redact(text, mode="tag")


def test_a_one_line_text_that_opens_like_a_header_keeps_its_particle():
    """The issue's one-line examples: the header pattern had taken ``이효리는`` whole over the model's ``이효리``,
    and court style had written ``피고인 A``, the particle lost. A name ending in ``이`` stays whole."""
    import thunder_deid as td

    tagger = td.load()
    assert tagger.redact("피고인 이효리는", mode="court") == "피고인 A는"
    assert tagger.redact("피고인 김민준은\n피해자에게 송금하였다.", mode="court").startswith("피고인 A는\n")
    doc = tagger.predict("피 고 인\n신다솜이")
    assert [doc.text[s.start:s.end] for s in doc.spans] == ["신다솜이"]


def test_a_surname_tagged_alone_is_finished_though_its_given_name_reads_as_particles():
    """``피해자 장나라에 대한 폭행``: the model tags ``장``, and ``나라에`` had read as three particles, so court style
    wrote ``A나라에``, the given name readable."""
    import thunder_deid as td

    assert td.load().redact("피해자 장나라에 대한 폭행", mode="court") == "피해자 A에 대한 폭행"


def test_a_three_syllable_name_keeps_out_the_particle_the_model_took():
    """``피고인 기성용은 2020. 5. 1.``: the model tags ``기성용은``, and court style had written ``피고인 A 2020. 5. 1.``."""
    import thunder_deid as td

    tagger = td.load()
    assert tagger.redact("피고인 기성용은 2020. 5. 1. 피해자 여진구의 집에서", mode="court") == \
        "피고인 A는 2020. 5. 1. 피해자 B의 집에서"


def test_redact_cli_masks_fixed_form_identifiers_of_the_sample_header(tmp_path):
    """The header's masked resident registration number and the phone number come out whole and typed;
    ``--no-patterns`` gives the model's spans alone."""
    import json

    from thunder_deid.cli import main

    sample = REPO / "examples" / "sample_judgment.txt"
    assert main(["redact", str(sample), str(tmp_path / "with.json"), "--mode", "json"]) == 0
    doc = json.loads((tmp_path / "with.json").read_text(encoding="utf-8"))
    typed = {(s["label"], doc["text"][s["start"]:s["end"]]) for s in doc["spans"]}
    assert {("주민등록번호", "9X0315-1XXXXXX"), ("전화번호", "010-4821-7736")} <= typed
    assert main(["redact", str(sample), str(tmp_path / "without.json"), "--mode", "json", "--no-patterns"]) == 0
    bare = json.loads((tmp_path / "without.json").read_text(encoding="utf-8"))
    import thunder_deid as td

    raw = td.load(patterns=False).predict(doc["text"], doc["id"])
    assert bare == td.Policy().prepare(raw).to_dict() and bare != doc  # redact's default policy: consistency


def test_text_the_tokenizer_cannot_read_is_a_clear_error_and_stray_characters_stay_out_of_spans():
    """A lone surrogate had surfaced as the tokenizer's TypeError naming neither document nor cause; a NUL
    glued to a party title had become a person of its own in court style (``피고인AB는``)."""
    import thunder_deid as td
    from thunder_deid.errors import DocumentError

    tagger = td.load()
    with pytest.raises(DocumentError, match=r"document 'text': its text holds a lone UTF-16 surrogate"):
        tagger.predict("피고인 \ud800김민준은 갔다")
    for c in ("\x00", "\x7f", "\U0001F600"):
        text = f"피고인{c}김민준은 송금하였다.\n피해자 이서연은 김민준에게 전화하였다."
        assert tagger.redact(text, mode="court") == f"피고인{c}A는 송금하였다.\n피해자 B는 A에게 전화하였다."
    # a combining mark after a name is the name's: it had stayed on the replacement, and the particle unrepaired
    assert tagger.redact("피고인 김민준\u0301은 갔다", mode="court") == "피고인 A는 갔다"


def test_a_recognizer_can_be_left_out_by_name(tmp_path, capsys):
    """``--without legal_forms`` (``patterns=`` the others' names) leaves a company the model never read, which
    only that recognizer finds, readable; the others still run; a misspelt name is a clear error, not a
    silently different set."""
    import thunder_deid as td
    from thunder_deid.cli import main
    from thunder_deid.errors import ThunderDeidError

    text = "공소외 그린팜 회사로부터 9X0315-1XXXXXX 명의로 받았다."
    src = tmp_path / "in.txt"
    src.write_text(text, encoding="utf-8")
    assert main(["redact", str(src), str(tmp_path / "all.txt"), "--mode", "court"]) == 0
    assert main(["redact", str(src), str(tmp_path / "without.txt"), "--mode", "court", "--without", "legal_forms"]) == 0
    every, without = ((tmp_path / f).read_text(encoding="utf-8") for f in ("all.txt", "without.txt"))
    assert "그린팜" not in every and "그린팜" in without
    assert "9X0315" not in without  # fixed_forms still ran
    others = [n for n in td.recognizer_names() if n != "legal_forms"]
    assert td.load(patterns=others).redact(text, mode="court") == without
    with pytest.raises(ThunderDeidError, match=r"unknown recognizer 'legal_form' \(known: fixed_forms, "):
        td.load(patterns=["legal_form"])
    assert main(["redact", str(src), str(tmp_path / "x.txt"), "--without", "legal_form"]) == 2
    assert "unknown recognizer 'legal_form'" in capsys.readouterr().err and not (tmp_path / "x.txt").exists()


def test_a_person_span_run_over_a_space_keeps_the_next_word():
    """The model read ``김기구 연령`` as one name: court style wrote ``피고인 A, 성행`` and the word was gone."""
    import thunder_deid as td

    text = "피고인 김기구는 범행을 자백하였다. 그 밖에 피고인 김기구 연령, 성행, 환경, 범행의 동기"
    assert td.load().redact(text, mode="court") == "피고인 A는 범행을 자백하였다. 그 밖에 피고인 A 연령, 성행, 환경, 범행의 동기"


def test_banks_listed_before_one_type_word_are_all_masked():
    """``하나·신한·우리은행``: the model reads the last bank; court style had written ``하나·신한·○○은행``."""
    import thunder_deid as td

    out = td.load().redact("피고인은 피해자 명의의 하나·신한·우리은행 계좌로 송금하였다.", mode="court")
    assert out == "피고인은 피해자 명의의 ○○·△△·□□은행 계좌로 송금하였다."
