"""CR, CRLF, a BOM and NFD through the CLI: ``redact`` keeps them byte for byte outside the spans, its JSON
offsets point into the file's own text, and ``redact --mode tag`` -> ``convert`` gives that text back. (A
BOM is the encoding's mark, not text: the readers drop it from the document text and the text writers put
it back.)"""

import json
import unicodedata

import pytest

from thunder_deid.cli import main

TEXT = "피고인 홍길동은 2020. 3. 4. 서울에서\n피해자 김비밀에게 <<<돈>>>을 주었다.\n휴대전화 010-4821-7736\n"


@pytest.fixture(scope="module")
def redacted(tmp_path_factory):
    """Each variant of TEXT redacted in json, tag and mask mode (one model load per variant and mode)."""
    root = tmp_path_factory.mktemp("ends")
    out = {}
    for name, text in {"crlf": TEXT.replace("\n", "\r\n"), "cr": TEXT.replace("\n", "\r"),
                       "bom-nfd": "\ufeff" + unicodedata.normalize("NFD", TEXT)}.items():
        src = root / f"{name}.txt"
        src.write_bytes(text.encode("utf-8"))
        for mode in ("json", "tag", "mask"):
            dst = root / f"{name}.{mode}"
            assert main(["redact", str(src), str(dst), "--mode", mode]) == 0
        out[name] = (text, root)
    return out


@pytest.mark.parametrize("name", ["crlf", "cr", "bom-nfd"])
def test_json_offsets_point_into_the_file_text(redacted, name):
    text, root = redacted[name]
    doc = json.loads((root / f"{name}.json").read_bytes().decode("utf-8"))
    assert doc["text"] == text.removeprefix("\ufeff")
    text = doc["text"]
    found = {unicodedata.normalize("NFC", text[s["start"]:s["end"]]) for s in doc["spans"]}
    # the offsets are the subject here, not the model's span boundaries (the default may keep a particle: 홍길동은)
    assert "010-4821-7736" in found and any(f.startswith("홍길동") for f in found)


@pytest.mark.parametrize("name", ["crlf", "cr", "bom-nfd"])
def test_mask_output_keeps_the_line_ends_and_bom(redacted, name):
    text, root = redacted[name]
    masked = (root / f"{name}.mask").read_bytes().decode("utf-8")
    assert masked.count("\r") == text.count("\r") and masked.count("\n") == text.count("\n")
    assert masked.startswith("\ufeff") == text.startswith("\ufeff")
    assert "[인명]" in unicodedata.normalize("NFC", masked) and "홍길동" not in unicodedata.normalize("NFC", masked)
    # a decomposed file stays decomposed, its replacements too
    assert unicodedata.is_normalized("NFD", masked) or "nfd" not in name


@pytest.mark.parametrize("name", ["crlf", "cr", "bom-nfd"])
def test_tag_then_convert_gives_the_text_and_spans_back(redacted, name, tmp_path):
    text, root = redacted[name]
    tagged = tmp_path / f"{name}.txt"
    tagged.write_bytes((root / f"{name}.tag").read_bytes())
    assert main(["convert", str(tagged), str(tmp_path / "back.jsonl")]) == 0
    back = json.loads((tmp_path / "back.jsonl").read_text(encoding="utf-8"))
    doc = json.loads((root / f"{name}.json").read_bytes().decode("utf-8"))
    assert back["text"] == text.removeprefix("\ufeff")
    assert [(s["start"], s["end"], s["label"]) for s in back["spans"]] == \
        [(s["start"], s["end"], s["label"]) for s in doc["spans"]]
