"""Lexicons: the small public-fact lists packaged under ``data/`` and external inventory folders.

The packaged YAML files hold name parts, administrative divisions, banks and type words. An *inventory*
is any folder of JSON (``{"SUB-LABEL": ["value", …]}``, nested objects allowed), YAML of the same shape,
or ``.txt`` files (one value a line, keyed by the file name). Values are keyed by their sub-label (the old
Thunder-DeID scheme's lists load this way), so richer inventories plug in without code changes::

    >>> inv = Inventory.from_mapping({"한식당": ["고향집", "  ", "고향집", "진미식당"]})
    >>> inv.get("한식당")
    ('고향집', '진미식당')

A key found in several files is sampled stratified: first a file, then a value of that file.
    >>> packaged()["geo"]["provinces"]["서울특별시"]["short"]
    '서울'

A JSON file whose top-level values are all objects with no list anywhere at the top (a category tree such
as ``all_categories.json``) still loads: only keys whose value is a list of strings become entries.
"""

from __future__ import annotations

import functools
import json
import os
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Mapping

from thunder_deid.errors import ThunderDeidError
from thunder_deid.io import load_yaml
from thunder_deid.surrogates.sources import current_part, split_lexicons

PACKAGED = ("names", "geo", "entities", "finance")
ENV_VAR = "THUNDER_DEID_INVENTORY"
# Keys that name the *category tree* of an inventory rather than a list of entities.
_TREE_KEYS = {"목록"}


def packaged() -> dict[str, Any]:
    """The packaged lexicons, by file stem (``names``, ``geo``, ``entities``, ``finance``), with every source
    list cut to the current source part (:mod:`.sources`; whole outside ``train``/``eval``)."""
    return _packaged_part(current_part())


@functools.lru_cache(maxsize=None)
def _packaged_part(part: str) -> dict[str, Any]:
    return split_lexicons(_packaged_all(), part)[0]


def shared_lists(part: str) -> list[str]:
    """Source lists left whole in ``part`` because cutting them would leave nothing."""
    return split_lexicons(_packaged_all(), part)[1]


@functools.lru_cache(maxsize=None)
def _packaged_all() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in PACKAGED:
        with resources.as_file(resources.files("thunder_deid.surrogates") / "data" / f"{name}.yaml") as p:
            out[name] = load_yaml(p, "surrogate lexicon")
    return out


class Inventory:
    """Entity lists keyed by sub-label, gathered from one or more inventory folders."""

    def __init__(self, lists: Mapping[str, Iterable[str]] | None = None, sources: Iterable[str] = ()):
        # key -> source file -> values: a key found in several files is sampled file first, then value
        # (stratified, appendix F), so one large file does not drown a small curated one
        self._strata: dict[str, dict[str, tuple[str, ...]]] = {}
        for k, vs in (lists or {}).items():
            self._add(k, vs, "")
        self.sources = list(sources)

    def _add(self, key: str, values: Iterable[str], source: str = "") -> None:
        strata = self._strata.setdefault(key, {})
        seen = dict.fromkeys(strata.get(source, ()))
        for v in values:
            if isinstance(v, str) and v.strip():
                seen.setdefault(v.strip(), None)
        if seen:
            strata[source] = tuple(seen)
        elif not strata:
            del self._strata[key]

    @classmethod
    def from_mapping(cls, lists: Mapping[str, Iterable[str]]) -> "Inventory":
        return cls(lists)

    @classmethod
    def from_paths(cls, paths: Iterable[str | Path]) -> "Inventory":
        inv = cls()
        for p in paths:
            inv.load(p)
        return inv

    @classmethod
    def from_env(cls) -> "Inventory":
        """Folders named in ``$THUNDER_DEID_INVENTORY`` (``os.pathsep``-separated); empty when unset."""
        raw = os.environ.get(ENV_VAR, "")
        return cls.from_paths([p for p in raw.split(os.pathsep) if p])

    def load(self, path: str | Path) -> None:
        path = Path(path)
        if not path.exists():
            raise ThunderDeidError(f"inventory {path}: no such file or folder")
        files = sorted(path.rglob("*")) if path.is_dir() else [path]
        for f in files:
            suffix = f.suffix.lower()
            if suffix not in (".json", ".yaml", ".yml", ".txt"):
                continue
            try:
                if suffix == ".txt":
                    with open(f, encoding="utf-8") as fh:
                        self._add(f.stem, fh.read().splitlines(), str(f))
                    continue
                if suffix == ".json":
                    with open(f, encoding="utf-8") as fh:
                        data = json.load(fh)
                else:
                    data = load_yaml(f, "inventory")  # its own errors name file and line
            except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
                raise ThunderDeidError(f"inventory {f}: cannot read ({type(e).__name__})") from None
            self._walk(data, f.stem, str(f))
        self.sources.append(str(path))

    def _walk(self, data: Any, stem: str, source: str) -> None:
        if isinstance(data, list):
            self._add(stem, data, source)
        elif isinstance(data, dict):
            for k, v in data.items():
                if k in _TREE_KEYS:
                    continue
                if isinstance(v, list) and all(isinstance(x, str) for x in v):
                    self._add(str(k), v, source)
                    if stem != k:
                        self._add(stem, v, f"{source}#{k}")  # a file's name keys the union of its lists
                elif isinstance(v, dict):
                    self._walk(v, str(k), source)

    def get(self, key: str | None) -> tuple[str, ...] | None:
        """All values of ``key`` (every source, first occurrence order), or None."""
        strata = self._strata.get(key) if key else None
        if not strata:
            return None
        return tuple(dict.fromkeys(v for vs in strata.values() for v in vs))

    def strata(self, key: str | None) -> tuple[tuple[str, ...], ...] | None:
        """The values of ``key`` per source file (in load order), for stratified sampling."""
        strata = self._strata.get(key) if key else None
        return tuple(strata.values()) if strata else None

    def keys(self) -> list[str]:
        return sorted(self._strata)

    def __len__(self) -> int:
        return len(self._strata)

    def __bool__(self) -> bool:
        return bool(self._strata)

    def size(self) -> int:
        return sum(len(v) for strata in self._strata.values() for v in strata.values())
