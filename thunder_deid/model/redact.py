"""Kept for callers of the old location: output modes live in :mod:`thunder_deid.operators`."""

from thunder_deid.operators import render

__all__ = ["render"]
