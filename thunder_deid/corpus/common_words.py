"""The words Korean legal text writes everywhere (``공소사실``, ``당심``, ``대한``), counted in the legal corpus.

A tagger sometimes tags a common word (``공소사실`` as a policy, ``당심`` as a bank) with a low score, and
document consistency then replaces it wherever it stands: 143 times in one judgment, and ``대한`` of every
``~에 대한``. A name the tagger is as unsure of is the opposite case (``삼화일보``, scored as low in one judgment),
and the two differ in one way a document cannot show: the common word is everywhere in other legal text, the
name nowhere. This module counts, for every head of two to eight syllables of a Hangul word (``여행`` of
``여행회사``, ``대한`` of ``대한``, ``공소사실`` of ``공소사실의``: what a tagger's span may cover of a word), the
lines of the corpus that hold it, and keeps those held by at least ``min_lines``:

    thunder-deid corpus common-words ../shared/data/ko_legal_corpus/ko_legal_corpus.txt.gz \\
        thunder_deid/data/common_words.txt --min-lines 1000 \\
        --exclude work/splits/{thunder,precedents}/{valid,test}.jsonl

The corpus holds the court text of most precedents, and one judgment can run to 3,230 lines, so the lines of the
validation and test judgments are left out (``--exclude``, the matcher of ``tokenizer train-bpe --exclude``): no
word is common because an evaluated judgment repeats it.

    >>> sorted(stems("여행회사에 대한 판단"))
    ['대한', '여행', '여행회', '여행회사', '여행회사에', '판단']
    >>> count_lines(["공소사실에 대한 판단", "공소사실의 요지", "대한의 판단"], min_lines=2)
    {'공소': 2, '공소사': 2, '공소사실': 2, '대한': 2, '판단': 2}
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from pathlib import Path
from typing import Iterable

_RUN = re.compile(r"[가-힣]+")
MAX_SYLLABLES = 8


def _word_stems(run: str) -> tuple[str, ...]:
    """The heads of one Hangul run, two syllables long to eight."""
    return tuple(run[:i] for i in range(2, min(len(run), MAX_SYLLABLES) + 1))


def stems(line: str, cache: dict[str, tuple[str, ...]] | None = None) -> set[str]:
    """The heads of the Hangul words of ``line``."""
    cache = {} if cache is None else cache
    out: set[str] = set()
    for run in _RUN.findall(line):
        got = cache.get(run)
        if got is None:
            got = cache[run] = _word_stems(run)
        out.update(got)
    return out


def count_lines(lines: Iterable[str], min_lines: int) -> dict[str, int]:
    """Each stem held by at least ``min_lines`` of ``lines``, with its count."""
    counts: Counter = Counter()
    cache: dict[str, tuple[str, ...]] = {}
    for line in lines:
        counts.update(stems(line, cache))
        if len(cache) > 2_000_000:  # a long tail of one-off runs: keep memory bounded
            cache.clear()
    return {w: n for w, n in sorted(counts.items()) if n >= min_lines}


def _cmd(a: argparse.Namespace) -> int:
    from thunder_deid.io import atomic_writer, check_input_file, refuse_overwrite_input
    from thunder_deid.tokenizer.bpe import LineExcluder, corpus_lines

    src = Path(a.corpus)
    for p in [src, *a.exclude]:
        check_input_file(p, "corpus" if p == src else "--exclude")
    refuse_overwrite_input([src, *a.exclude], a.out)
    stats: dict = {}
    exclude = LineExcluder.from_jsonl(a.exclude) if a.exclude else None
    words = count_lines(corpus_lines([src], exclude=exclude, stats=stats), a.min_lines)
    with atomic_writer(a.out) as f:
        f.write(f"# stems held by at least {a.min_lines} lines of {src.name}, the lines of {len(a.exclude)} document files "
                "left out (thunder-deid corpus common-words)\n")
        f.writelines(f"{w}\n" for w in words)
    print(f"{len(words)} common words -> {a.out} ({stats.get('dropped', 0)} corpus lines left out)")
    return 0


def register(sub: "argparse._SubParsersAction") -> None:
    from thunder_deid.cli import HelpFormatter

    p = sub.add_parser("common-words", help="count the words legal text writes everywhere (for consistency)",
                       formatter_class=HelpFormatter,
                       description="Write the heads of Hangul words (two to eight syllables) held by at least\n"
                       "--min-lines lines of a corpus, one per line: the common words consistency does not take for\n"
                       "a name the tagger was unsure of (thunder_deid/data/common_words.txt ships with the package).\n\n"
                       "example:\n"
                       "  thunder-deid corpus common-words ../shared/data/ko_legal_corpus/ko_legal_corpus.txt.gz "
                       "thunder_deid/data/common_words.txt \\\n"
                       "      --exclude work/splits/{thunder,precedents}/{valid,test}.jsonl")
    p.add_argument("corpus", help="text corpus (.txt or .txt.gz), one paragraph a line")
    p.add_argument("out", help="output word list")
    p.add_argument("--min-lines", type=int, default=1000, help="lines a stem must be held by")
    p.add_argument("--exclude", nargs="*", default=[], type=Path, metavar="JSONL",
                   help="documents (the validation and test splits) whose lines are not counted")
    p.set_defaults(func=_cmd)
