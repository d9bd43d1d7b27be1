"""Named label sets: fixed lists of taxonomy labels that a benchmark restricts scoring to.

The sets live in ``data/label_sets.yaml`` and are checked against the taxonomy when first loaded, so a
typo in the data file fails loudly instead of silently scoring nothing::

    >>> sorted(get_label_set("general18"))[:3]
    ['url', '가상화폐개인지갑주소', '결제수단관련번호']
    >>> len(get_label_set("general18")), "general18" in label_set_names()
    (18, True)

``general18`` is the general-document benchmark of appendix H (table 22); ``thunder-deid eval
--label-set general18`` drops every gold span and prediction with another label before scoring.
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path


from thunder_deid.errors import ConfigError, LabelError
from thunder_deid.io import load_yaml
from thunder_deid.taxonomy.tree import Taxonomy, load_taxonomy


def load_label_sets(path: str | Path | None = None, taxonomy: Taxonomy | None = None) -> dict[str, frozenset[str]]:
    """All sets of a YAML file (the packaged one by default), each label validated against the taxonomy."""
    if path is None:
        return dict(_packaged())
    tax = taxonomy or load_taxonomy()
    data = load_yaml(path, "label sets") or {}
    sets = data.get("sets") if isinstance(data, dict) else None
    if not isinstance(sets, dict) or not sets:
        raise ConfigError(f"{path}: expected a non-empty mapping 'sets'")
    out: dict[str, frozenset[str]] = {}
    for name, body in sets.items():
        labels = body.get("labels") if isinstance(body, dict) else None
        if not isinstance(labels, list) or not labels:
            raise ConfigError(f"{path}: set {name!r}: expected a non-empty list 'labels'")
        for label in labels:
            if not isinstance(label, str) or label not in tax or ":" in label:
                raise ConfigError(f"{path}: set {name!r}: {label!r} is not a taxonomy label")
        if len(set(labels)) != len(labels):
            dup = sorted({x for x in labels if labels.count(x) > 1})
            raise ConfigError(f"{path}: set {name!r}: duplicate labels {dup}")
        out[str(name)] = frozenset(labels)
    return out


@functools.lru_cache(maxsize=1)
def _packaged() -> dict[str, frozenset[str]]:
    with resources.as_file(resources.files("thunder_deid.taxonomy") / "data" / "label_sets.yaml") as p:
        return load_label_sets(p)


def label_set_names() -> list[str]:
    """Names of the packaged label sets, sorted."""
    return sorted(_packaged())


def get_label_set(name: str) -> frozenset[str]:
    """The labels of a packaged set; an unknown name raises :class:`LabelError` listing the known ones."""
    try:
        return _packaged()[name]
    except KeyError:
        raise LabelError(f"unknown label set {name!r}; known sets: {', '.join(label_set_names())}") from None
