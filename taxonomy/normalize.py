"""Label normalisation (appendix F): map a raw label onto a taxonomy node through declarative rules.

    >>> normalize_label("레스토랑")            # compatibility rule: legacy synonym
    '식당'
    >>> normalize_label("음식점:한식당")        # the sub-label is kept
    '식당:한식당'
    >>> normalize_label("사회적권익")           # spacing / middle-dot variants match the node itself
    '사회적 권익'
    >>> normalize_label("A저축은행")            # suffix rule
    '은행업'

Rules live in a YAML file (``data/normalization.yaml`` is the packaged default; a user's own file can
fall back to it) with five sections, tried in this order -- the first that matches wins (steps 1-4 of
this file and then of its fallback come before steps 5-6 of either, so a specific entry anywhere beats
a pattern; suffixes of both are ordered together, longest first):

1. ``drop``          -- labels that must not become spans, each with a ``reason`` (``label:`` or ``pattern:``)
2. ``exact``         -- alias -> label: spelling variants, abbreviations, other names of a node
3. ``compatibility`` -- legacy / synonym labels of other schemes -> label (``레스토랑`` -> ``식당``)
4. the taxonomy itself: a node name, its appendix code (``B.5.1.1``) or its unique English gloss
5. ``wildcard``      -- glob patterns (``*내장소`` -> ``시설부속공간``), in file order
6. ``suffix``        -- "ends with X" -> label, longest suffix first (file order among equals);
                        ``strip: true`` instead removes the suffix and normalises the rest
                        (``건물이름`` -> normalise ``건물``), optionally only when the rest lands
                        ``within`` a node (``택배회사`` -> ``택배`` -> 화물운송·물류업, within 사업체);
                        when the rest does not normalise, the next rule is tried
7. ``typo``          -- no rule in the files: a label one edit (a character added, missing, changed or two
                        swapped) away from an ``exact``/``compatibility`` entry or node name of 3+ characters
                        takes its label, when every such neighbour agrees (``차량변호`` -> ``차량번호``,
                        ``사건번호호`` -> ``사건번호``); reported as its own kind so a reviewer sees it
8. ``fallback``      -- another rule file (``fallback: default`` = the packaged one; ``none``)

Matching is on a *key*: Unicode NFKC (``㈜`` = ``(주)``), case-folded, with whitespace, middle dots,
hyphens, underscores, slashes, full stops and brackets removed, so ``앞 노상`` = ``앞노상`` and
``병의원`` = ``병·의원``. Every rule target must be a taxonomy node (checked when the file is loaded), so a normalised label is always valid.
"""

from __future__ import annotations

import fnmatch
import functools
import re
import unicodedata
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Iterable

from thunder_deid.errors import ConfigError, LabelError
from thunder_deid.io import load_yaml
from thunder_deid.taxonomy.tree import Taxonomy, load_taxonomy, split_label

RULE_KINDS = ("drop", "exact", "compatibility", "node", "wildcard", "suffix", "typo")
_STRIP = re.compile(r"[\s·‧・∙•\-_./()\[\]]+")


def label_key(raw: str) -> str:
    """The form rules match on: ``'앞 노상'`` -> ``'앞노상'``, ``'병·의원'`` -> ``'병의원'``, ``'URL'`` -> ``'url'``."""
    return _STRIP.sub("", unicodedata.normalize("NFKC", raw)).casefold()


@dataclass(frozen=True)
class Resolution:
    """How a raw label was normalised: the taxonomy ``label``, the kept ``sub``, the rule that decided.

    ``label`` is None exactly when the label was dropped (``reason`` says why).
    """

    raw: str
    label: str | None
    sub: str | None
    kind: str          # one of RULE_KINDS
    rule: str          # the rule as written, for reports and error messages
    reason: str | None = None

    @property
    def dropped(self) -> bool:
        return self.label is None

    @property
    def full_label(self) -> str:
        if self.label is None:
            raise LabelError(f"label {self.raw!r} is dropped ({self.reason})")
        return f"{self.label}:{self.sub}" if self.sub else self.label


@dataclass(frozen=True)
class _Pattern:
    pattern: str       # keyed glob or suffix
    label: str | None  # target (None for strip / drop)
    sub: str | None
    strip: bool = False
    within: str | None = None  # strip rules: the rest must normalise to this node or below it
    reason: str | None = None
    text: str = ""     # the rule as written


class Normalizer:
    """Normalises raw labels with the rules of one YAML file (and its fallback).

        >>> n = Normalizer({"exact": {"상호": "사업체"}, "suffix": [{"suffix": "횟집", "label": "식당"}]},
        ...                fallback=None)
        >>> n.normalize("상호"), n.normalize("바다횟집"), n.resolve("바다횟집").kind
        ('사업체', '식당', 'suffix')
    """

    def __init__(self, rules: dict[str, Any] | None = None, *, taxonomy: Taxonomy | None = None,
                 fallback: "Normalizer | None | str" = "default", source: str = "<rules>"):
        self.tax = taxonomy or load_taxonomy()
        self.source = source
        rules = rules or {}
        unknown = set(rules) - {"version", "fallback", "drop", "exact", "compatibility", "wildcard", "suffix"}
        if unknown:
            raise ConfigError(f"{source}: unknown section(s) {sorted(unknown)}")
        self._exact = self._table(rules.get("exact"), "exact")
        self._compat = self._table(rules.get("compatibility"), "compatibility")
        self._drop_exact: dict[str, _Pattern] = {}
        self._drop_glob: list[_Pattern] = []
        for i, r in enumerate(rules.get("drop") or []):
            where = f"{source}: drop[{i}]"
            if not isinstance(r, dict) or not r.get("reason"):
                raise ConfigError(f"{where}: needs 'label' or 'pattern' and a 'reason'")
            if "label" in r:
                self._drop_exact[label_key(str(r["label"]))] = _Pattern(label_key(str(r["label"])), None, None,
                                                                      reason=str(r["reason"]), text=f"drop {r['label']}")
            elif "pattern" in r:
                self._drop_glob.append(_Pattern(label_key(str(r["pattern"])), None, None, reason=str(r["reason"]),
                                                text=f"drop {r['pattern']}"))
            else:
                raise ConfigError(f"{where}: needs 'label' or 'pattern'")
        self._wild = [self._pattern(r, "pattern", f"{source}: wildcard[{i}]")
                      for i, r in enumerate(rules.get("wildcard") or [])]
        suffixes = [self._pattern(r, "suffix", f"{source}: suffix[{i}]") for i, r in enumerate(rules.get("suffix") or [])]
        self._suffix = sorted(suffixes, key=lambda p: -len(p.pattern))  # stable: file order among equal lengths
        self._nodes = self._node_index()
        self._codes = {n.code.upper(): n.name for n in self.tax}  # codes keep their dots: B.5.1.1 != B.5.11
        if fallback == "default":
            fb_name = rules.get("fallback", "default")
            if fb_name in (None, "none"):
                fallback = None
            elif fb_name == "default":
                fallback = default_normalizer(self.tax)
            else:  # a path, relative to this rule file
                fb_path = Path(source).parent / fb_name if Path(source).exists() else Path(fb_name)
                fallback = Normalizer.from_yaml(fb_path, taxonomy=self.tax)
        self.fallback: Normalizer | None = fallback  # type: ignore[assignment]

    # -- loading ------------------------------------------------------------------------------------
    @classmethod
    def from_yaml(cls, path: str | Path, *, taxonomy: Taxonomy | None = None,
                  fallback: "Normalizer | None | str" = "default") -> "Normalizer":
        """Rules from a YAML file; its ``fallback:`` key (``default``, ``none`` or a path) picks the fallback."""
        rules = load_yaml(path, "normalisation rules") or {}
        if not isinstance(rules, dict):
            raise ConfigError(f"{path}: expected a mapping of rule sections")
        return cls(rules, taxonomy=taxonomy, fallback=fallback, source=str(path))

    def _target(self, value: Any, where: str) -> tuple[str, str | None]:
        if not isinstance(value, str) or not value.strip():
            raise ConfigError(f"{where}: target must be a non-empty label string")
        base, sub = split_label(value.strip())
        if base not in self.tax:
            raise ConfigError(f"{where}: target {base!r} is not a taxonomy node")
        return self.tax[base].name, sub

    def _table(self, table: Any, section: str) -> dict[str, tuple[str, str | None, str]]:
        out: dict[str, tuple[str, str | None, str]] = {}
        for raw, value in (table or {}).items():
            where = f"{self.source}: {section}[{raw!r}]"
            label, sub = self._target(value, where)
            key = label_key(str(raw))
            if key in out and out[key][:2] != (label, sub):
                raise ConfigError(f"{where}: conflicts with another {section} entry of the same key {key!r}")
            out[key] = (label, sub, f"{section} {raw} -> {value}")
        return out

    def _pattern(self, r: Any, field: str, where: str) -> _Pattern:
        if not isinstance(r, dict) or field not in r:
            raise ConfigError(f"{where}: needs {field!r}")
        pat = label_key(str(r[field]))
        if r.get("strip"):
            if field != "suffix":
                raise ConfigError(f"{where}: 'strip' is only for suffix rules")
            within = None
            if r.get("within") is not None:
                within = self._target(r["within"], where)[0]
            return _Pattern(pat, None, None, strip=True, within=within,
                            text=f"suffix -{r[field]} (strip{', within ' + within if within else ''})")
        label, sub = self._target(r.get("label"), where)
        return _Pattern(pat, label, sub, text=f"{field} {r[field]} -> {r['label']}")

    def _node_index(self) -> dict[str, tuple[str, str]]:
        idx: dict[str, tuple[str, str]] = {}
        english: dict[str, list[str]] = {}
        for n in self.tax:
            english.setdefault(label_key(n.en), []).append(n.name)
        for key, names in english.items():  # only unambiguous English glosses
            if len(names) == 1 and key:
                idx[key] = (names[0], f"node (English gloss) -> {names[0]}")
        for n in self.tax:
            idx[label_key(n.name)] = (n.name, "node")
        return idx

    # -- normalising --------------------------------------------------------------------------------
    def resolve(self, raw: str) -> Resolution:
        """The full decision for one raw label; raises :class:`LabelError` naming it when no rule applies."""
        if not isinstance(raw, str) or not raw.strip():
            raise LabelError(f"empty label {raw!r}")
        base, sub = split_label(raw.strip())
        found = self._resolve_base(base.strip())
        if found is None:
            raise LabelError(f"label {raw!r}: no normalisation rule maps it onto the taxonomy "
                             f"(rules: {self.source}; add an exact, suffix or wildcard rule, or a drop with a reason)")
        return Resolution(raw, found.label, sub.strip() if sub and sub.strip() else found.sub,
                          found.kind, found.rule, found.reason)

    def normalize(self, raw: str) -> str:
        """``LABEL`` or ``LABEL:SUB``; a dropped label raises :class:`LabelError` with its reason."""
        return self.resolve(raw).full_label

    def _chain(self) -> list["Normalizer"]:
        out, n = [], self
        while n is not None and n not in out:
            out.append(n)
            n = n.fallback
        return out

    def _resolve_base(self, base: str, depth: int = 0) -> Resolution | None:
        # Label-by-label rules of this file and then of its fallbacks come before any pattern rule:
        # a fallback's exact entry (휴대폰번호 -> 전화번호) is more specific than this file's "*번호".
        key = label_key(base)
        if not key:
            return None
        chain = self._chain()
        for n in chain:
            found = n._lookup(base, key)
            if found is not None:
                return found
        for n in chain:
            for p in n._wild:
                if fnmatch.fnmatchcase(key, p.pattern):
                    return Resolution(base, p.label, p.sub, "wildcard", p.text)
        # suffixes: longest first over this file and its fallbacks together (this file first on ties)
        suffixes = sorted(((p, n) for n in chain for p in n._suffix), key=lambda pn: -len(pn[0].pattern))
        for p, n in suffixes:
            if not key.endswith(p.pattern):
                continue
            if not p.strip:
                return Resolution(base, p.label, p.sub, "suffix", p.text)
            rest = key[: -len(p.pattern)]
            if rest and depth < 4:
                inner = self._resolve_base(rest, depth + 1)  # the rest goes through every rule again
                if inner is not None and not inner.dropped and (
                        p.within is None or self.tax.is_descendant(inner.label, p.within)):  # type: ignore[arg-type]
                    return Resolution(base, inner.label, inner.sub, inner.kind, f"{p.text}; {inner.rule}")
        return self._typo(base, key, chain) if depth == 0 else None

    def _typo(self, base: str, key: str, chain: list["Normalizer"]) -> Resolution | None:
        if len(key) < 3:  # one edit in a two-letter label is another word
            return None
        hits: dict[tuple[str, str | None], str] = {}
        for n in chain:
            entries = [(k, (v[0], v[1])) for table in (n._exact, n._compat) for k, v in table.items()]
            entries += [(k, (name, None)) for k, (name, _) in n._nodes.items()]
            for k, target in entries:
                if len(k) >= 3 and _one_edit(key, k):
                    hits.setdefault(target, k)
        if len(hits) != 1:
            return None
        (label, sub), near = next(iter(hits.items()))
        return Resolution(base, label, sub, "typo", f"typo of {near} -> {label}")

    def _lookup(self, base: str, key: str) -> Resolution | None:
        if key in self._drop_exact:
            p = self._drop_exact[key]
            return Resolution(base, None, None, "drop", p.text, p.reason)
        for p in self._drop_glob:
            if fnmatch.fnmatchcase(key, p.pattern):
                return Resolution(base, None, None, "drop", p.text, p.reason)
        for kind, table in (("exact", self._exact), ("compatibility", self._compat)):
            if key in table:
                label, sub, rule = table[key]
                return Resolution(base, label, sub, kind, rule)
        code = self._codes.get(base.strip().upper())
        if code is not None:
            return Resolution(base, code, None, "node", f"node (code {base.strip().upper()})")
        if key in self._nodes:
            name, rule = self._nodes[key]
            return Resolution(base, name, None, "node", rule)
        return None

    def resolve_all(self, raws: Iterable[str]) -> tuple[dict[str, Resolution], list[str]]:
        """Resolve many labels at once: (resolutions, labels no rule maps) -- for coverage reports."""
        done: dict[str, Resolution] = {}
        missing: list[str] = []
        for raw in dict.fromkeys(raws):
            try:
                done[raw] = self.resolve(raw)
            except LabelError:
                missing.append(raw)
        return done, missing


def _one_edit(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` differ by exactly one insertion, deletion, substitution or adjacent swap."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    i = next((i for i in range(len(short)) if short[i] != long_[i]), len(short))
    return short[i:] == long_[i + 1:]


@functools.lru_cache(maxsize=None)
def _default(tax_id: int, tax: Taxonomy) -> Normalizer:
    with resources.as_file(resources.files("thunder_deid.taxonomy") / "data" / "normalization.yaml") as p:
        rules = load_yaml(p, "taxonomy rules") or {}
    rules = {k: v for k, v in rules.items() if k != "fallback"}
    return Normalizer(rules, taxonomy=tax, fallback=None, source="normalization.yaml")


def default_normalizer(taxonomy: Taxonomy | None = None) -> Normalizer:
    """The packaged rules (``data/normalization.yaml``), cached per taxonomy."""
    tax = taxonomy or load_taxonomy()
    return _default(id(tax), tax)


def normalize_label(raw: str, *, taxonomy: Taxonomy | None = None) -> str:
    """Normalise one raw label with the packaged rules: a taxonomy label, ``:sub`` kept when given.

    Raises :class:`LabelError` naming the raw label when no rule maps it (or a rule drops it).
    """
    return default_normalizer(taxonomy).normalize(raw)
