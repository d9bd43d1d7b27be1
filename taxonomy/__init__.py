"""The three-tier PII taxonomy (appendix B), label normalisation and named label sets."""

from thunder_deid.taxonomy.tree import LEVELS, Level, Node, Taxonomy, load_taxonomy, split_label
from thunder_deid.taxonomy.normalize import Normalizer, Resolution, default_normalizer, label_key, normalize_label
from thunder_deid.taxonomy.policy import TargetPolicy, prediction_target

__all__ = ["LEVELS", "Level", "Node", "Taxonomy", "load_taxonomy", "split_label",
           "Normalizer", "Resolution", "default_normalizer", "label_key", "normalize_label",
           "TargetPolicy", "prediction_target"]
