"""The boundary-aware tokenizer as a real ``transformers.PreTrainedTokenizerFast``.

The base BPE's own word split (Rust) is followed by the search (:mod:`thunder_deid.tokenizer.search`) as
a custom ``tokenizers`` pre-tokenizer that splits each word into the chosen vocabulary pieces; ByteLevel (no regex) then spells each piece in bytes and
the base BPE model, with ``ignore_merges=True``, maps each piece to its own id (a character the vocabulary
lacks still falls back to the BPE's byte tokens). Everything else (special tokens, ``[CLS] … [SEP]``,
truncation, stride, overflow, padding, offsets into the original text, batching) is the Rust tokenizer's.

Custom components cannot be serialised into ``tokenizer.json``, so :meth:`save_pretrained` writes the
bundle (base ``tokenizer.json``, KenLM binary, boundary tables, config) and :meth:`from_pretrained`
re-attaches the search. Pickling/deepcopy reload from the bundle directory.

    >>> tok = BoundaryTokenizerFast.from_pretrained("work/tokenizers/boundary32k")   # doctest: +SKIP
    >>> enc = tok(["홍길동은 왔다"], return_offsets_mapping=True, truncation=True, max_length=512)  # doctest: +SKIP
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from transformers import PreTrainedTokenizerFast

from thunder_deid.errors import ThunderDeidError
from thunder_deid.io import inside_folder
from thunder_deid.tokenizer.boundary import BoundaryModel
from thunder_deid.tokenizer.bpe import SPECIAL_KWARGS
from thunder_deid.tokenizer.load import BUNDLE_CONFIG
from thunder_deid.tokenizer.search import SearchConfig, Segmenter, word_splitter


class PieceSplitter:
    """A ``tokenizers`` custom pre-tokenizer: split each pre-token into ``pieces(pretoken) -> [(start, end, …)]``.

    It runs after a Rust split (words, lines), so a slice is mostly taken from a short string, and a one-piece
    word is passed through. Slicing a ``NormalizedString`` costs time proportional to its length, so a long
    word (a run of Hangul without a space: one pre-token of the whole run) is halved at a piece boundary until
    few pieces are left, then sliced: ``n log n`` in the word's length, where one slice per piece was ``n²``.
    A slice of a slice is the same string with the same offsets as the slice of the whole.
    """

    DIRECT = 32  # pieces sliced straight from the string they lie in

    def __init__(self, pieces):
        self.pieces = pieces

    def _split(self, i, ns):
        p = self.pieces(ns.normalized)
        if len(p) == 1:
            return [ns]
        out: list = []
        self._slices(ns, p, 0, len(p), out)
        return out

    def _slices(self, ns, p, lo: int, hi: int, out: list) -> None:
        """``out`` += pieces ``p[lo:hi]`` sliced from ``ns``, which spans exactly those pieces."""
        base = p[lo][0]
        if hi - lo <= self.DIRECT:
            out += [ns[a - base:b - base] for a, b, _ in p[lo:hi]]
            return
        mid = (lo + hi) // 2
        cut = p[mid][0] - base
        self._slices(ns[:cut], p, lo, mid, out)
        self._slices(ns[cut:], p, mid, hi, out)

    def pre_tokenize(self, pretok) -> None:
        pretok.split(self._split)


def base_backend(base_dir: Path, ignore_merges: bool):
    """The base ``tokenizers.Tokenizer`` (optionally with ``ignore_merges`` on its BPE model)."""
    from tokenizers import Tokenizer

    data = json.loads((base_dir / "tokenizer.json").read_text(encoding="utf-8"))
    if data.get("model", {}).get("type") != "BPE":
        raise ThunderDeidError(f"{base_dir}/tokenizer.json: a BPE model is required, got {data.get('model', {}).get('type')}")
    data["model"]["ignore_merges"] = ignore_merges
    return Tokenizer.from_str(json.dumps(data))


def with_pre_tokenizer(cls, base_dir: Path, steps: list, ignore_merges: bool = True, **kwargs):
    """A ``cls`` (a ``PreTrainedTokenizerFast``) over the base BPE whose pre-tokenisation is ``steps`` then
    ByteLevel without its regex (``ignore_merges``: a piece that is a vocabulary entry is that entry).
    The steps are attached after construction because transformers deep-copies (pickles) the backend it
    is given, which a custom component does not survive."""
    from tokenizers import pre_tokenizers

    backend = base_backend(base_dir, ignore_merges=ignore_merges)
    special = {k: v for k, v in SPECIAL_KWARGS.items() if backend.token_to_id(v) is not None}
    tok = cls(tokenizer_object=backend, **special, **kwargs)
    tok.backend_tokenizer.pre_tokenizer = pre_tokenizers.Sequence(
        [*steps, pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)])
    return tok


class BoundaryTokenizerFast(PreTrainedTokenizerFast):
    """Base BPE vocabulary, boundary-aware choice of tokenisation (section 3.3, appendix C)."""

    bundle_dir: Path | None = None
    segmenter: Segmenter | None = None

    @classmethod
    def from_pretrained(cls, path, *args, search: SearchConfig | dict | None = None, word_table: bool = True,
                        **kwargs):  # type: ignore[override]
        """Load a bundle directory; ``search`` overrides the bundle's search settings (and then the
        precomputed word table, made with the bundle's settings, is not used); ``word_table=False``
        starts with an empty cache."""
        import kenlm
        from tokenizers import Tokenizer

        path = Path(path)
        cfg_path = path / BUNDLE_CONFIG
        if not cfg_path.is_file():
            raise ThunderDeidError(f"{path}: not a boundary-aware tokenizer bundle (no {BUNDLE_CONFIG})")
        cfg = json.loads(cfg_path.read_text(encoding="utf-8"))
        scfg = dict(cfg.get("search", {}))
        if isinstance(search, SearchConfig):
            search = search.__dict__
        scfg.update(search or {})
        unknown = set(scfg) - set(SearchConfig.__dataclass_fields__)
        if unknown:
            raise ThunderDeidError(f"{cfg_path}: unknown search settings {sorted(unknown)}")
        def named(key: str, default: str | None = None) -> Path:  # files the bundle names stay inside it
            return inside_folder(path, cfg.get(key, default), f"{BUNDLE_CONFIG} {key!r}")

        base_dir = named("base", "base")
        plain = Tokenizer.from_file(str(base_dir / "tokenizer.json"))

        def spell_bytes(piece: str) -> list[int]:
            return [t.id for t in plain.model.tokenize(piece)]

        lm = kenlm.Model(str(named("kenlm", "lm.binary")))
        seg = Segmenter(plain.get_vocab(with_added_tokens=False), lm,
                        BoundaryModel.load(named("boundary", "boundary.json")),
                        SearchConfig(**scfg), spell_bytes)
        from tokenizers.pre_tokenizers import PreTokenizer

        steps = [word_splitter(), PreTokenizer.custom(PieceSplitter(seg.word_pieces))]
        tok = with_pre_tokenizer(cls, base_dir, steps, **kwargs)
        if word_table and not search and cfg.get("word_table"):
            table = json.loads(named("word_table").read_text(encoding="utf-8"))
            seg._cache.update((w, tuple((a, b, tuple(ids)) for a, b, ids in p)) for w, p in table)
        tok.bundle_dir, tok.segmenter, tok._bundle_cfg = path, seg, cfg
        tok.name_or_path = str(path)
        tok._search_override = search or {}
        return tok

    def save_pretrained(self, save_directory, *args, **kwargs):  # type: ignore[override]
        """Write the bundle (not a serialised tokenizer.json: the search is Python)."""
        if self.bundle_dir is None:
            raise ThunderDeidError("this tokenizer was not loaded from a bundle")
        out = Path(save_directory)
        out.mkdir(parents=True, exist_ok=True)
        src = self.bundle_dir
        if out.resolve() != src.resolve():
            cfg = self._bundle_cfg
            for name in (cfg.get("kenlm", "lm.binary"), cfg.get("boundary", "boundary.json"), cfg.get("word_table")):
                if name:
                    shutil.copy2(src / name, out / name)
            base = cfg.get("base", "base")
            if (out / base).exists():
                shutil.rmtree(out / base)
            shutil.copytree(src / base, out / base)
            cfg = dict(cfg, search=dict(cfg.get("search", {}), **self._search_override))
            (out / BUNDLE_CONFIG).write_text(json.dumps(cfg, ensure_ascii=False, indent=1), encoding="utf-8")
        return (str(out / BUNDLE_CONFIG),)

    def __reduce__(self):
        if self.bundle_dir is None:
            raise TypeError("BoundaryTokenizerFast can only be pickled when loaded from a bundle")
        return (_reload, (str(self.bundle_dir), self._search_override))

    def __deepcopy__(self, memo):
        return _reload(str(self.bundle_dir), self._search_override)


def _reload(path: str, search: dict):
    return BoundaryTokenizerFast.from_pretrained(path, search=search)
