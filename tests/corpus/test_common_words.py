"""corpus common-words: the words legal text writes everywhere, counted by lines; the shipped list is rebuilt."""

from __future__ import annotations

import gzip
from importlib import resources

import pytest

from thunder_deid.cli import main
from thunder_deid.corpus.common_words import count_lines
from thunder_deid.document import Document, write_jsonl
from thunder_deid.recognizers.words import COMMON_LINES, WORD_LINES, common_words

LINES = ["공소사실에 대한 판단", "공소사실의 요지는 다음과 같다", "피고인에 대한 공소사실", "삼화일보 기자"]


def test_heads_are_counted_once_a_line():
    counts = count_lines(LINES + ["대한 대한 대한"], min_lines=3)
    assert counts == {"공소": 3, "공소사": 3, "공소사실": 3, "대한": 3}


def test_cli_writes_the_list_and_refuses_its_input(tmp_path, capsys):
    src = tmp_path / "corpus.txt.gz"
    with gzip.open(src, "wt", encoding="utf-8") as f:
        f.write("\n".join(LINES) + "\n")
    out = tmp_path / "words.txt"
    assert main(["corpus", "common-words", str(src), str(out), "--min-lines", "2"]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# stems held by at least 2 lines of corpus.txt.gz, each with its count of lines")
    assert lines[1:] == ["공소\t3", "공소사\t3", "공소사실\t3", "대한\t2"]
    assert not [line for line in lines if line.startswith("삼화일보")]
    assert main(["corpus", "common-words", str(src), str(src)]) != 0  # never overwrites its input
    assert src.stat().st_size > 0
    assert main(["corpus", "common-words", str(tmp_path / "nosuch.txt"), str(tmp_path / "w2.txt")]) != 0


def test_lines_of_excluded_documents_are_not_counted(tmp_path):
    src = tmp_path / "corpus.txt"
    src.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    held = tmp_path / "test.jsonl"
    write_jsonl(held, [Document("t", "공소사실의 요지는 다음과 같다\n삼화일보 기자")])
    out = tmp_path / "words.txt"
    assert main(["corpus", "common-words", str(src), str(out), "--min-lines", "3"]) == 0
    assert out.read_text(encoding="utf-8").splitlines()[1:] == ["공소\t3", "공소사\t3", "공소사실\t3"]
    assert main(["corpus", "common-words", str(src), str(out), "--min-lines", "3", "--exclude", str(held)]) == 0
    assert out.read_text(encoding="utf-8").splitlines()[1:] == []  # one of 공소사실's three lines is a test line
    assert main(["corpus", "common-words", str(src), str(out), "--exclude", str(tmp_path / "none.jsonl")]) != 0


@pytest.mark.shared
def test_every_shipped_word_is_held_by_as_many_corpus_lines_as_it_says(shared_data, tmp_path):
    # what the package ships is the command's count over ../shared's corpus (less the lines of the validation and
    # test judgments, which can only lower a count), nothing added by hand
    out = tmp_path / "common_words.txt"
    corpus = shared_data / "ko_legal_corpus" / "ko_legal_corpus.txt.gz"
    assert main(["corpus", "common-words", str(corpus), str(out)]) == 0
    rows = [line.split("\t") for line in out.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    built = {w: int(n) for w, n in rows}
    shipped = resources.files("thunder_deid").joinpath("data/common_words.txt").read_text(encoding="utf-8")
    for w, n in (line.split("\t") for line in shipped.splitlines() if not line.startswith("#")):
        assert built[w] >= int(n), w
    assert len(common_words(WORD_LINES)) > 0.9 * len(built)
    assert {w for w, n in built.items() if n >= COMMON_LINES} >= common_words() > {"공소사실", "당심", "대한", "여행", "차명"}
    assert {"영어", "박스"} <= common_words(WORD_LINES) - common_words()
    assert not {"삼화일보", "김민준", "김재형"} & set(built)  # a judge's name is in 47 lines: no word at 100
