"""corpus common-words: the words legal text writes everywhere, counted by lines; the shipped list is rebuilt."""

from __future__ import annotations

import gzip

import pytest

from thunder_deid.cli import main
from thunder_deid.corpus.common_words import count_lines
from thunder_deid.document import Document, write_jsonl
from thunder_deid.recognizers.words import common_words, word_list

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
    assert lines[0].startswith("# stems held by at least 2 lines of corpus.txt.gz")
    assert lines[1:] == ["공소", "공소사", "공소사실", "대한"]
    assert "삼화일보" not in lines
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
    assert out.read_text(encoding="utf-8").splitlines()[1:] == ["공소", "공소사", "공소사실"]
    assert main(["corpus", "common-words", str(src), str(out), "--min-lines", "3", "--exclude", str(held)]) == 0
    assert out.read_text(encoding="utf-8").splitlines()[1:] == []  # one of 공소사실's three lines is a test line
    assert main(["corpus", "common-words", str(src), str(out), "--exclude", str(tmp_path / "none.jsonl")]) != 0


@pytest.mark.shared
def test_every_shipped_word_is_held_by_a_thousand_corpus_lines(shared_data, tmp_path):
    # what the package ships is the command's count over ../shared's corpus (less the lines of the validation and
    # test judgments, which can only lower a count), nothing added by hand
    out = tmp_path / "common_words.txt"
    corpus = shared_data / "ko_legal_corpus" / "ko_legal_corpus.txt.gz"
    assert main(["corpus", "common-words", str(corpus), str(out)]) == 0
    built = word_list(out.read_text(encoding="utf-8"))
    assert set(common_words()) <= built and len(common_words()) > 0.9 * len(built)
    assert {"공소사실", "당심", "대한", "여행", "차명"} <= common_words() and not {"삼화일보", "김민준"} & built
