"""corpus common-words: the words legal text writes everywhere, counted by lines; the shipped list is rebuilt."""

from __future__ import annotations

import gzip

import pytest

from thunder_deid.cli import main
from thunder_deid.corpus.common_words import count_lines
from thunder_deid.recognizers.words import common_words

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
    with pytest.raises(SystemExit, match="nosuch.txt"):
        main(["corpus", "common-words", str(tmp_path / "nosuch.txt"), str(tmp_path / "w2.txt")])


@pytest.mark.shared
def test_the_shipped_list_is_the_legal_corpus_count(shared_data, tmp_path):
    # what the package ships is what the command builds from ../shared, nothing edited by hand
    out = tmp_path / "common_words.txt"
    corpus = shared_data / "ko_legal_corpus" / "ko_legal_corpus.txt.gz"
    assert main(["corpus", "common-words", str(corpus), str(out)]) == 0
    built = {w for w in out.read_text(encoding="utf-8").splitlines() if not w.startswith("#")}
    assert built == set(common_words())
    assert {"공소사실", "당심", "대한", "여행", "차명"} <= built and not {"삼화일보", "김민준"} & built
