"""The three-tier PII taxonomy (appendix B) as a tree of nodes loaded from ``data/taxonomy.yaml``.

    >>> tax = load_taxonomy()
    >>> tax.counts()
    {'top': 8, 'mid': 43, 'leaf': 195}
    >>> tax["인명"].code, tax.parent("인명").name, tax.level("이름")
    ('B.1.1.1', '이름', 'mid')
    >>> [n.name for n in tax.ancestors("은행업")]
    ['금융업', '사업체']

Labels may carry a sub-label after a colon (``식당:한식당``); the prediction target is the part before it.
"""

from __future__ import annotations

import difflib
import functools
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Iterator, Literal


from thunder_deid.errors import ConfigError, LabelError
from thunder_deid.io import load_yaml

Level = Literal["top", "mid", "leaf"]
LEVELS: tuple[Level, ...] = ("top", "mid", "leaf")


@dataclass(frozen=True)
class Node:
    """One taxonomy node: Korean ``name`` (the label), English gloss ``en``, appendix ``code``, ``parent`` name."""

    name: str
    en: str
    code: str
    level: Level
    parent: str | None


def split_label(label: str) -> tuple[str, str | None]:
    """``'식당:한식당'`` -> ``('식당', '한식당')``; ``'인명'`` -> ``('인명', None)``."""
    base, sep, sub = label.partition(":")
    return base, (sub if sep else None)


class Taxonomy:
    """Lookup over the taxonomy tree: by name, parent, ancestors, level, leaves under a node, validity."""

    def __init__(self, nodes: list[Node]):
        self._nodes: dict[str, Node] = {}
        self._children: dict[str | None, list[str]] = {}
        for n in nodes:
            if n.name in self._nodes:
                raise ConfigError(f"taxonomy: duplicate node name {n.name!r} ({n.code})")
            self._nodes[n.name] = n
            self._children.setdefault(n.parent, []).append(n.name)
        for n in nodes:
            if n.parent is not None and n.parent not in self._nodes:
                raise ConfigError(f"taxonomy: node {n.name!r} has unknown parent {n.parent!r}")

    @classmethod
    def from_yaml(cls, path: str | Path) -> "Taxonomy":
        data = load_yaml(path, "taxonomy")
        nodes: list[Node] = []

        def walk(items: list[dict], level_i: int, parent: str | None, where: str) -> None:
            for i, item in enumerate(items):
                here = f"{path}: {where}[{i}]"
                for key in ("name", "code", "en"):
                    if key not in item:
                        raise ConfigError(f"{here}: missing {key!r}")
                nodes.append(Node(item["name"], item["en"], item["code"], LEVELS[level_i], parent))
                kids = item.get("children") or []
                if kids and level_i == 2:
                    raise ConfigError(f"{here}: leaf {item['name']!r} has children")
                walk(kids, level_i + 1, item["name"], f"{where}[{i}].children")

        walk(data["tree"], 0, None, "tree")
        return cls(nodes)

    # -- lookup -----------------------------------------------------------------------------------
    def __contains__(self, label: object) -> bool:
        return isinstance(label, str) and split_label(label)[0] in self._nodes

    def __getitem__(self, label: str) -> Node:
        base = split_label(label)[0]
        try:
            return self._nodes[base]
        except KeyError:
            raise LabelError(f"unknown label {base!r}: not a node of the taxonomy{self.did_you_mean(base)}") from None

    def did_you_mean(self, label: str) -> str:
        """A hint naming the nodes closest to an unknown ``label`` (empty when none is close).

        >>> load_taxonomy().did_you_mean("사건번호")
        " (did you mean '재판사건번호' or '경찰사건번호' or '사건'?)"
        """
        close = difflib.get_close_matches(split_label(label)[0], list(self._nodes), n=3, cutoff=0.6)
        return f" (did you mean {' or '.join(map(repr, close))}?)" if close else ""

    def __iter__(self) -> Iterator[Node]:
        return iter(self._nodes.values())

    def __len__(self) -> int:
        return len(self._nodes)

    def get(self, label: str) -> Node | None:
        return self._nodes.get(split_label(label)[0])

    def is_valid(self, label: str) -> bool:
        """True for a node name, with or without a sub-label."""
        return label in self

    def level(self, label: str) -> Level:
        return self[label].level

    def parent(self, label: str) -> Node | None:
        p = self[label].parent
        return None if p is None else self._nodes[p]

    def ancestors(self, label: str) -> list[Node]:
        """Parent first, top last."""
        out, node = [], self[label]
        while node.parent is not None:
            node = self._nodes[node.parent]
            out.append(node)
        return out

    def children(self, label: str | None = None) -> list[Node]:
        """Children of a node, or the top nodes when ``label`` is None."""
        key = None if label is None else self[label].name
        return [self._nodes[c] for c in self._children.get(key, [])]

    def leaves(self, label: str | None = None) -> list[Node]:
        """All leaves under a node (the node itself if it is a leaf); all leaves when ``label`` is None."""
        if label is not None and self[label].level == "leaf":
            return [self[label]]
        out: list[Node] = []
        for child in self.children(label):
            out.extend(self.leaves(child.name))
        return out

    def nodes(self, level: Level | None = None) -> list[Node]:
        return [n for n in self._nodes.values() if level is None or n.level == level]

    def counts(self) -> dict[str, int]:
        return {lv: len(self.nodes(lv)) for lv in LEVELS}

    def at_level(self, label: str, level: Level) -> str:
        """The label's ancestor (or itself) at ``level``; a label above ``level`` is returned unchanged.

        >>> load_taxonomy().at_level("은행업", "top")
        '사업체'
        """
        node = self[label]
        rank = LEVELS.index(level)
        while LEVELS.index(node.level) > rank:
            node = self._nodes[node.parent]  # type: ignore[index]
        return node.name

    def is_descendant(self, label: str, ancestor: str) -> bool:
        return ancestor == self[label].name or any(a.name == ancestor for a in self.ancestors(label))

    def is_name(self, label: str) -> bool:
        """A person's name (a node under 이름, sub-label or not); False outside the taxonomy, so callers that treat
        names apart (no type word, no stem) tell a known label from an unknown one with ``in``.

        >>> tax = load_taxonomy()
        >>> tax.is_name("인명"), tax.is_name("인명:피고인"), tax.is_name("사업체"), tax.is_name("없는라벨")
        (True, True, False, False)
        """
        return label in self and self.is_descendant(label, "이름")


@functools.lru_cache(maxsize=None)
def load_taxonomy(path: str | None = None) -> Taxonomy:
    """The packaged taxonomy (cached), or one from a YAML file of the same shape."""
    if path is not None:
        return Taxonomy.from_yaml(path)
    with resources.as_file(resources.files("thunder_deid.taxonomy") / "data" / "taxonomy.yaml") as p:
        return Taxonomy.from_yaml(p)
