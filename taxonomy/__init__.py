"""The three-tier PII taxonomy (appendix B), label normalisation and named label sets."""

from thunder_deid.taxonomy.tree import LEVELS, Level, Node, Taxonomy, load_taxonomy, split_label

__all__ = ["LEVELS", "Level", "Node", "Taxonomy", "load_taxonomy", "split_label"]
