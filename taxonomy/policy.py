"""Prediction targets (appendix A.2 / F): what a tagger predicts for an annotated label.

Annotations may be more specific (a sub-label, ``식당:한식당``) or more abstract (a mid or top node)
than a leaf; the sub-label serves surrogates only, so the prediction target is the label without it,
optionally collapsed to the mid or top level::

    >>> prediction_target("식당:한식당"), prediction_target("식당:한식당", "mid"), prediction_target("은행업", "top")
    ('식당', '외식업', '사업체')
    >>> p = TargetPolicy(level="mid", aliases={"이름": "연령정보"}, ignore=("사건관련숫자정보",))
    >>> p.target("인명"), p.target("나이"), p.target("계좌번호")
    ('연령정보', '연령정보', None)
    >>> p.bio_labels(observed=["인명", "나이:만나이", "계좌번호"])
    ['O', 'B-연령정보', 'I-연령정보']
    >>> p.labels()[:3]    # without observed labels: every node's target (parents can be annotated too)
    ['사건관계인특정정보', '온라인식별자', '연령정보']

A :class:`TargetPolicy` is what a tagger stores with its model: the level, aliases (merge one target
into another; appendix F's "configured aliases") and the labels whose spans are not targets at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from thunder_deid.errors import LabelError
from thunder_deid.taxonomy.tree import LEVELS, Level, Taxonomy, load_taxonomy, split_label


def _check_level(level: str) -> None:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")


def prediction_target(label: str, level: Level = "leaf", *, taxonomy: Taxonomy | None = None) -> str:
    """The label without its sub-label, collapsed to ``level`` (a label above ``level`` stays as it is).

    Raises :class:`LabelError` for a label that is not a taxonomy node.
    """
    _check_level(level)
    tax = taxonomy or load_taxonomy()
    return tax.at_level(split_label(label)[0], level)


@dataclass(frozen=True)
class TargetPolicy:
    """How annotated labels become prediction targets.

    ``level``: collapse targets to this level (``leaf`` keeps them as annotated, minus the sub-label).
    ``aliases``: target -> target renames applied after collapsing (both must be taxonomy nodes).
    ``ignore``: nodes whose spans (and all spans below them) are not prediction targets.
    """

    level: Level = "leaf"
    aliases: Mapping[str, str] = field(default_factory=dict)
    ignore: tuple[str, ...] = ()
    taxonomy_path: str | None = None  # None: the packaged taxonomy

    def __post_init__(self) -> None:
        _check_level(self.level)
        object.__setattr__(self, "aliases", dict(self.aliases))
        object.__setattr__(self, "ignore", tuple(self.ignore))
        tax = self.taxonomy
        for name in (*self.aliases.keys(), *self.aliases.values(), *self.ignore):
            if name not in tax:
                raise LabelError(f"target policy: {name!r} is not a taxonomy node")
        for src, dst in self.aliases.items():
            if dst in self.aliases and self.aliases[dst] != dst:
                raise ValueError(f"target policy: alias chain {src!r} -> {dst!r} -> {self.aliases[dst]!r}; "
                                 "point every alias at its final target")

    def __hash__(self) -> int:  # aliases is a dict: hash its items (policies key caches of label lists)
        return hash((self.level, tuple(sorted(self.aliases.items())), self.ignore, self.taxonomy_path))

    @property
    def taxonomy(self) -> Taxonomy:
        return load_taxonomy(self.taxonomy_path)

    def target(self, label: str) -> str | None:
        """The prediction target of an annotated label (``LABEL`` or ``LABEL:SUB``); None when ignored."""
        tax = self.taxonomy
        base = split_label(label)[0]
        if any(tax.is_descendant(base, ig) for ig in self.ignore):
            return None
        collapsed = tax.at_level(base, self.level)
        return self.aliases.get(collapsed, collapsed)

    def labels(self, observed: Iterable[str] | None = None) -> list[str]:
        """The ordered target labels (taxonomy order) that can occur.

        Without ``observed``, every node can be annotated (a parent when the leaf is not determined),
        so every node's target is listed; with ``observed`` (the labels of a corpus), only theirs.
        """
        tax = self.taxonomy
        names = [n.name for n in tax] if observed is None else list(observed)
        targets = {t for t in (self.target(x) for x in names) if t is not None}
        return [n.name for n in tax if n.name in targets]

    def bio_labels(self, observed: Iterable[str] | None = None) -> list[str]:
        """``['O', 'B-x', 'I-x', …]`` over :meth:`labels`, for a token-classification head."""
        out = ["O"]
        for lab in self.labels(observed):
            out += [f"B-{lab}", f"I-{lab}"]
        return out

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"level": self.level, "aliases": dict(self.aliases), "ignore": list(self.ignore)}
        if self.taxonomy_path:
            d["taxonomy_path"] = self.taxonomy_path
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "TargetPolicy":
        unknown = set(d) - {"level", "aliases", "ignore", "taxonomy_path"}
        if unknown:
            raise ValueError(f"target policy: unknown field(s) {sorted(unknown)}")
        return cls(d.get("level", "leaf"), d.get("aliases") or {}, tuple(d.get("ignore") or ()),
                   d.get("taxonomy_path"))
