"""Functions a test hands to worker processes (they must be importable by name there)."""

from __future__ import annotations

import time
from typing import Any


def slow_answer(question: Any) -> Any:
    """A hint that takes a minute to work out."""
    time.sleep(60)
    raise AssertionError("a cancelled hint ran to its end")
