"""Shared test helpers: where the shared puzzle sets are, and skipping without them."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO.parent / "shared" / "data"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def shared_file(*parts: str) -> Path:
    """A file of ../shared/data, or skip the test with the reason when it is absent."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.is_file():
        pytest.skip(f"shared puzzle set {path} is absent (clone without ../shared/data)")
    return path
