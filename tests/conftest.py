"""Shared fixtures. Tests mirror the package layout (tests/<component>/test_*.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(os.environ.get("THUNDER_DEID_SHARED", REPO.parent / "shared")) / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data``; tests that use it skip cleanly when it is absent."""
    if not (SHARED_DATA / "thunder_deid").is_dir():
        pytest.skip(f"shared data not found at {SHARED_DATA}")
    return SHARED_DATA
