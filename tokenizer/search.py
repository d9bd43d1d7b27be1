"""Beam search over the tokenisations the base vocabulary allows (section 3.3, appendix C).

The text is pre-tokenised exactly like the base byte-level BPE (GPT-2 regex: a word keeps its leading
space, which becomes ``Ġ``). Inside each pre-token "word" a lattice holds every vocabulary entry that
starts and ends at character boundaries (a character the vocabulary lacks is one piece the base BPE
spells in bytes). A beam (width ``beam``, hypotheses more than ``threshold`` below the best dropped) moves
left to right over character positions, scoring each hypothesis by

    w_LM * log10 P_KenLM(token | history) + w_bound * b(token | two previous tokens)

with KenLM queried incrementally (``kenlm.State`` + ``BaseScore``). Hypotheses reaching the same position
with the same KenLM state and previous two tokens are recombined.

Search is committed word by word: each word is searched from KenLM's null context (within the word
KenLM keeps the full n-gram history) and the result is cached per word, which makes the repeated
eojeols of legal text nearly free and lets the Rust pre-tokeniser hand the search one short word at a
time. Conditioning each word on the token before it (cache key ``(previous token, word)``) was measured
on the validation split: the same clean span coverage (99.63 %) and token count within 0.1 %, at half
the cold-cache speed, so the word alone is the key.

    >>> from thunder_deid.tokenizer import load_tokenizer
    >>> seg = load_tokenizer("work/tokenizers/boundary32k").segmenter                # doctest: +SKIP
    >>> [("홍길동은 왔다"[a:b]) for a, b, _ in seg.segment("홍길동은 왔다")]       # doctest: +SKIP
    ['홍길동', '은', ' 왔다']
"""

from __future__ import annotations

import gc
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from thunder_deid.tokenizer.boundary import BoundaryModel

# The GPT-2 pattern that the `tokenizers` ByteLevel pre-tokeniser splits words with.
GPT2_PATTERN = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""


@lru_cache(maxsize=1)
def word_splitter():
    """The base BPE's word split as a Rust ``tokenizers`` pre-tokenizer (same engine, same words)."""
    from tokenizers import Regex, pre_tokenizers

    return pre_tokenizers.Split(Regex(GPT2_PATTERN), behavior="isolated")


@lru_cache(maxsize=1)
def byte_encoder() -> dict[int, str]:
    """GPT-2's byte -> printable character map (what ``pre_tokenizers.ByteLevel`` uses)."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, map(chr, cs)))


def _n_chars(token: str, dec: dict[str, int]) -> int:
    """Characters a byte-level vocabulary entry spells (1 for entries that are not whole characters)."""
    try:
        return len(bytes(dec[c] for c in token).decode("utf-8"))
    except (KeyError, UnicodeDecodeError):
        return 1


@dataclass
class SearchConfig:
    """Weights and search limits (appendix C defaults: C = 5 lives in the boundary model)."""

    w_lm: float = 1.0
    w_bound: float = 2.0
    beam: int = 256
    threshold: float = 12.0     # drop hypotheses this far below the best at a position (score units)
    max_piece_chars: int = 16   # longest vocabulary entry considered, in characters
    cache_size: int = 1_000_000


class Segmenter:
    """Chooses vocabulary pieces for a text; see the module docstring."""

    def __init__(self, vocab: dict[str, int], lm, boundary: BoundaryModel, config: SearchConfig | None = None,
                 spell_bytes: Callable[[str], list[int]] | None = None):
        import kenlm

        self.vocab = vocab
        self.lm = lm
        self.boundary = boundary
        self.cfg = config or SearchConfig()
        self.spell_bytes = spell_bytes or (lambda s: [])
        self._kenlm = kenlm
        self._lmword = [str(i) for i in range(max(vocab.values()) + 1)]
        dec = {v: k for k, v in byte_encoder().items()}
        longest = max((_n_chars(t, dec) for t in vocab), default=1)
        self.max_len = max(1, min(self.cfg.max_piece_chars, longest))
        self._bytes = byte_encoder()
        self._char_bl: dict[str, str] = {}
        self._null = kenlm.State()
        lm.NullContextWrite(self._null)
        self._cache: dict[str, tuple] = {}
        self._edge_cache: dict[str, list] = {}
        # every prefix of a vocabulary entry -> its id if it is an entry itself, else -1 (one lookup per
        # lattice step, and the lattice stops extending a piece as soon as nothing starts with it)
        self._prefixes = {t[:k]: -1 for t in vocab for k in range(1, len(t))}
        self._prefixes.update(vocab)
        self.stats = {"words": 0, "cache_hits": 0}

    # -- public ---------------------------------------------------------------------------------------
    def segment(self, text: str) -> list[tuple[int, int, tuple[int, ...]]]:
        """``(start, end, token ids)`` pieces covering ``text`` exactly, in order (ids: one for a vocabulary
        piece, the byte tokens for a character the vocabulary lacks)."""
        out: list[tuple[int, int, tuple[int, ...]]] = []
        for word, (start, _) in word_splitter().pre_tokenize_str(text):
            for a, b, ids in self.word_pieces(word):
                out.append((start + a, start + b, ids))
        return out

    def word_pieces(self, word: str) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
        """The chosen pieces of one pre-token word (cached)."""
        self.stats["words"] += 1
        pieces = self._cache.get(word)
        if pieces is None:
            gc_was_on = gc.isenabled()
            gc.disable()  # the search allocates many short-lived tuples: cyclic GC passes are wasted on them
            try:
                pieces = self._search(word)
            finally:
                if gc_was_on:
                    gc.enable()
            if len(self._cache) >= self.cfg.cache_size:
                self._cache.clear()
            self._cache[word] = pieces
        else:
            self.stats["cache_hits"] += 1
        return pieces

    # -- search ---------------------------------------------------------------------------------------
    def _bl(self, ch: str) -> str:
        s = self._char_bl.get(ch)
        if s is None:
            s = self._char_bl[ch] = "".join(self._bytes[b] for b in ch.encode("utf-8"))
        return s

    def _edges(self, word: str) -> list[list[tuple[int, tuple[int, ...]]]]:
        """``edges[i]``: ``(j, ids)`` for every piece ``word[i:j]`` the vocabulary allows."""
        edges = self._edge_cache.get(word)
        if edges is None:
            if len(self._edge_cache) >= self.cfg.cache_size:
                self._edge_cache.clear()
            edges = self._edge_cache[word] = self._lattice(word)
        return edges

    def _lattice(self, word: str) -> list[list[tuple[int, tuple[int, ...]]]]:
        bl = [self._bl(c) for c in word]
        n, L, prefixes = len(word), self.max_len, self._prefixes
        edges: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(n)]
        for i in range(n):
            s = ""
            for j in range(i, min(n, i + L)):
                s += bl[j]
                t = prefixes.get(s)
                if t is None:  # no vocabulary entry starts with this
                    break
                if t >= 0:
                    edges[i].append((j + 1, (t,)))
            if not edges[i] or edges[i][0][0] != i + 1:  # the character itself is not in the vocabulary
                edges[i].insert(0, (i + 1, tuple(self.spell_bytes(bl[i])) or (0,)))
        return edges

    def _search(self, word: str) -> tuple:
        n = len(word)
        edges = self._edges(word)
        if n == 1:
            return ((0, 1, edges[0][0][1]),)
        cfg, lm, words, State = self.cfg, self.lm, self._lmword, self._kenlm.State
        w_lm = cfg.w_lm
        # boundary score inlined (hot loop): w_bound * sum_n w_n * table_n[pattern]. A trigram can only
        # have been at a boundary if its bigram was, so the trigram table is read only after a bigram hit.
        bw = [cfg.w_bound * w for w in self.boundary.weights] + [0.0, 0.0]
        b1, b2, b3 = bw[0], bw[1], bw[2]
        tabs = self.boundary.tables + [{}, {}]
        u, bi, tri = tabs[0], tabs[1], tabs[2]
        beam, threshold = cfg.beam, cfg.threshold
        # hypothesis: (score, kenlm state, last token, token before, back-pointer, piece start, ids)
        hyps: list[dict] = [dict() for _ in range(n + 1)]
        hyps[0][None] = (0.0, self._null, None, None, None, 0, ())
        for i in range(n):
            hi = hyps[i]
            if not hi:
                continue
            if len(hi) == 1:
                cur = list(hi.values())
            else:
                cur = sorted(hi.values(), key=lambda h: -h[0])[:beam]
                floor = cur[0][0] - threshold
                cur = [h for h in cur if h[0] >= floor]
            for j, ids in edges[i]:
                nxt = hyps[j]
                if len(ids) == 1:  # the common case: one vocabulary piece
                    t = ids[0]
                    word_t = words[t]
                    ub = b1 * u.get((t,), 0.0)
                    for h in cur:
                        out = State()
                        score = h[0] + w_lm * lm.BaseScore(h[1], word_t, out) + ub
                        t1 = h[2]
                        if t1 is not None:
                            v = bi.get((t1, t))
                            if v is not None:
                                score += b2 * v
                                if h[3] is not None:
                                    score += b3 * tri.get((h[3], t1, t), 0.0)
                        key = (out, t, t1)
                        old = nxt.get(key)
                        if old is None or old[0] < score:
                            nxt[key] = (score, out, t, t1, h, i, ids)
                    continue
                for h in cur:  # a character spelt in several byte tokens
                    score, st, t1, t2 = h[0], h[1], h[2], h[3]
                    for t in ids:
                        out = State()
                        score += w_lm * lm.BaseScore(st, words[t], out) + self.boundary.score(t, t1, t2) * cfg.w_bound
                        st, t2, t1 = out, t1, t
                    key = (st, t1, t2)
                    old = nxt.get(key)
                    if old is None or old[0] < score:
                        nxt[key] = (score, st, t1, t2, h, i, ids)
        best = max(hyps[n].values(), key=lambda h: h[0])
        pieces = []
        h = best
        end = n
        while h[4] is not None:
            pieces.append((h[5], end, h[6]))
            end = h[5]
            h = h[4]
        return tuple(reversed(pieces))
