"""Train a boundary-aware tokenizer bundle from a base BPE and documents with PII spans (section 3.3).

1. Every line of every training document is split at its span boundaries (a split before a span moves
   left over the spaces in front of it, so the span's piece starts with its `` `` like a BPE word does);
   each piece is tokenised by the base BPE and the pieces of a line are concatenated.
2. Those token sequences (ids written as words, one line a sentence) train a KenLM n-gram model with
   KenLM's own ``lmplz`` (pruned) and ``build_binary`` (quantised trie).
3. The same sequences, with each token flagged when it starts or ends at a span boundary, give the
   boundary tables (:mod:`thunder_deid.tokenizer.boundary`).

Bundle layout::

    boundary_config.json   search weights, KenLM/boundary file names, training summary
    lm.binary              KenLM model over base token ids
    boundary.json          boundary tables
    words.json             the search's decisions for the most frequent words of the training documents
                           and general lines (a memo of the search)
    base/                  the base BPE (tokenizer.json + its special tokens config)

    >>> train_bundle("work/bpe32k", ["work/realized/thunder/train.seed1200.jsonl"],
    ...              "work/tokenizers/boundary32k")                                 # doctest: +SKIP
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import Iterable, Iterator, Sequence

from thunder_deid.document import Document, read_jsonl
from thunder_deid.errors import ThunderDeidError
from thunder_deid.io import atomic_folder, atomic_writer, check_output_folder
from thunder_deid.tokenizer.boundary import BoundaryModel, boundary_flags
from thunder_deid.tokenizer.load import BUNDLE_CONFIG
from thunder_deid.tokenizer.search import SearchConfig

log = logging.getLogger(__name__)
REPO = Path(__file__).resolve().parents[1]


def kenlm_bin(name: str) -> str:
    """Path of a KenLM program: ``$KENLM_BIN``, ``third_party/kenlm-build/bin`` or PATH."""
    for d in (os.environ.get("KENLM_BIN"), REPO / "third_party" / "kenlm-build" / "bin"):
        if d and (Path(d) / name).is_file():
            return str(Path(d) / name)
    found = shutil.which(name)
    if not found:
        raise ThunderDeidError(f"KenLM's {name} not found: run `bash scripts/build_kenlm.sh` (or set KENLM_BIN)")
    return found


def split_points(text: str, start: int, end: int, spans) -> list[int]:
    """Cut positions inside ``text[start:end]``: span ends, and span starts moved left over spaces."""
    cuts = set()
    for s in spans:
        for pos, is_start in ((s.start, True), (s.end, False)):
            if is_start:
                while pos > start and text[pos - 1] == " ":
                    pos -= 1
            if start < pos < end:
                cuts.add(pos)
    return sorted(cuts)


def token_sequences(docs: Iterable[Document], base) -> Iterator[tuple[list[int], list[bool]]]:
    """Per document line: base-BPE token ids of its span-split pieces and their boundary flags."""
    for doc in docs:
        pos = 0
        for line in doc.text.split("\n"):
            start, end = pos, pos + len(line)
            pos = end + 1
            if not line.strip():
                continue
            spans = [s for s in doc.spans if s.start < end and s.end > start]
            cuts = [start] + split_points(doc.text, start, end, spans) + [end]
            pieces = [doc.text[a:b] for a, b in zip(cuts, cuts[1:])]
            ids: list[int] = []
            offs: list[tuple[int, int]] = []
            for a, enc in zip(cuts, base.encode_batch(pieces, add_special_tokens=False)):
                ids.extend(enc.ids)
                offs.extend((a + x, a + y) for x, y in enc.offsets)
            bounds = {b for s in spans for b in (s.start, s.end)}
            yield ids, boundary_flags(offs, doc.text, bounds)


def _run(cmd: list[str], stdin=None, stdout=None) -> None:
    r = subprocess.run(cmd, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE)
    if r.returncode:
        tail = r.stderr.decode("utf-8", "replace")[-2000:]
        raise ThunderDeidError(f"{Path(cmd[0]).name} failed (exit {r.returncode}): {tail}")


def build_kenlm(sentences: Iterable[Sequence[int]], out: Path, order: int = 5, prune: str = "0 0 1",
                quantize: int = 8, memory: str = "1G") -> dict:
    """Train ``lmplz`` on id sentences and write a (quantised) trie binary to ``out``."""
    with tempfile.TemporaryDirectory(prefix="thunder-kenlm-") as tmp:
        txt, arpa = Path(tmp) / "corpus.txt", Path(tmp) / "lm.arpa"
        n = 0
        with open(txt, "w", encoding="utf-8") as f:
            for ids in sentences:
                if ids:
                    f.write(" ".join(map(str, ids)) + "\n")
                    n += 1
        prune_args = ["--prune", *prune.split()] if prune.strip() else []
        with open(txt, "rb") as fin, open(arpa, "wb") as fout:
            _run([kenlm_bin("lmplz"), "-o", str(order), "-S", memory, "-T", tmp, "--discount_fallback",
                  *prune_args], stdin=fin, stdout=fout)
        q = ["-q", str(quantize), "-b", str(quantize)] if quantize else []
        tmp_bin = Path(tmp) / "lm.binary"
        _run([kenlm_bin("build_binary"), "-s", *q, "trie", str(arpa), str(tmp_bin)], stdout=subprocess.DEVNULL)
        shutil.move(str(tmp_bin), out)
    return {"sentences": n, "order": order, "prune": prune, "quantize": quantize}


WORD_TABLE = "words.json"


def build_word_table(out: Path, base, bm: BoundaryModel, search: SearchConfig, lines: Iterable[str],
                     size: int) -> int:
    """Precompute the search's decision for the ``size`` most frequent words (seen at least twice) of
    ``lines``: a memo the tokenizer starts with (exactly what the search returns for them)."""
    if size <= 0:
        return 0
    import kenlm
    from collections import Counter

    from thunder_deid.tokenizer.search import Segmenter, word_splitter

    counts: Counter = Counter()
    split = word_splitter()
    for line in lines:
        counts.update(w for w, _ in split.pre_tokenize_str(line))
    words = [w for w, c in counts.most_common(size) if c >= 2]
    seg = Segmenter(base.get_vocab(with_added_tokens=False), kenlm.Model(str(out / "lm.binary")), bm, search,
                    lambda s: [t.id for t in base.model.tokenize(s)])
    table = [[w, [[a, b, list(ids)] for a, b, ids in seg.word_pieces(w)]] for w in words]
    with atomic_writer(out / WORD_TABLE) as f:
        json.dump(table, f, ensure_ascii=False, separators=(",", ":"))
    return len(table)


def train_bundle(base_dir: str | Path, train: Sequence[str | Path], out: str | Path, *, order: int = 5,
                 prune: str = "0 0 1", quantize: int = 8, corpus: Sequence[str | Path] = (),
                 extra_lines: int = 0, exclude: Sequence[str | Path] = (),
                 search: SearchConfig | None = None, c: float = 5.0,
                 weights: tuple[float, ...] = (0.6, 0.3, 0.1), word_table: int = 30_000) -> Path:
    """Build a bundle in ``out`` (see the module docstring); returns its path."""
    from tokenizers import Tokenizer

    base_dir, out = Path(base_dir), Path(out)
    if (base_dir / BUNDLE_CONFIG).is_file():
        base_dir = base_dir / "base"
    if not (base_dir / "tokenizer.json").is_file():
        raise ThunderDeidError(f"--base {base_dir}: no tokenizer.json")
    # the base may sit inside ``out`` (retraining a bundle from its own base): it is copied before the swap
    check_output_folder(out, BUNDLE_CONFIG, "tokenizer bundle", [*train, *corpus, *exclude])
    base = Tokenizer.from_file(str(base_dir / "tokenizer.json"))
    docs = [d for p in train for d in read_jsonl(p)]
    seqs = list(token_sequences(docs, base))
    n_spans = sum(len(d.spans) for d in docs)
    log.info("%d documents, %d lines, %d spans", len(docs), len(seqs), n_spans)
    sentences: list[Sequence[int]] = [ids for ids, _ in seqs]
    lines: list[str] = []
    if extra_lines:
        from thunder_deid.tokenizer.bpe import LineExcluder, corpus_lines

        excl = LineExcluder.from_jsonl(exclude) if exclude else None
        lines = list(corpus_lines(corpus, extra_lines, excl))
        sentences += [e.ids for e in base.encode_batch(lines, add_special_tokens=False)]
    with atomic_folder(out) as tmp_out:
        _write_bundle(tmp_out, base_dir, base, docs, seqs, sentences, lines, n_spans, order=order, prune=prune,
                      quantize=quantize, search=search, c=c, weights=weights, word_table=word_table)
    return out


def _write_bundle(tmp_out: Path, base_dir: Path, base, docs: list[Document], seqs, sentences, lines: list[str],
                  n_spans: int, *, order: int, prune: str, quantize: int, search: SearchConfig | None, c: float,
                  weights: tuple[float, ...], word_table: int) -> None:
    lm_info = build_kenlm(sentences, tmp_out / "lm.binary", order, prune, quantize)
    bm = BoundaryModel.from_sequences(seqs, c=c, weights=weights)
    bm.save(tmp_out / "boundary.json")
    shutil.copytree(base_dir, tmp_out / "base", ignore=shutil.ignore_patterns(BUNDLE_CONFIG))
    table_text = [line for d in docs for line in d.text.split("\n")] + lines
    n_table = build_word_table(tmp_out, base, bm, search or SearchConfig(), table_text, word_table)
    cfg = {"format": 1, "kenlm": "lm.binary", "boundary": "boundary.json", "base": "base",
           "search": asdict(search or SearchConfig()),
           "training": {"documents": len(docs), "lines": len(seqs), "spans": n_spans,
                        "extra_lines": len(sentences) - len(seqs), "kenlm": lm_info,
                        "boundary_patterns": [len(t) for t in bm.tables], "word_table": n_table}}
    if n_table:
        cfg["word_table"] = WORD_TABLE
    with atomic_writer(tmp_out / BUNDLE_CONFIG) as f:
        json.dump(cfg, f, ensure_ascii=False, indent=1)

