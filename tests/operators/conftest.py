"""Fixtures of the operator tests: the independent final-consonant check of the surrogate tests."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "surrogates"))
