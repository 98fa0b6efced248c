"""Hint answers a browser test hands to the server's worker processes (importable there by
name): one slow enough to be seen being worked on, one that never ends by itself."""

from __future__ import annotations

import time
from typing import Any

from grille.game.assist import answer_hint

SLOW_SECONDS = 2.5
"""How long :func:`slow_hint` works before it answers (longer than the page waits before
it says a hint is being worked on)."""


def slow_hint(question: Any) -> Any:
    """The real answer, after :data:`SLOW_SECONDS`: the page has to poll for it."""
    time.sleep(SLOW_SECONDS)
    return answer_hint(question)


def endless_hint(question: Any) -> Any:
    """A hint that takes ten minutes: only a cancel (killing its process) ends it."""
    time.sleep(600)
    raise AssertionError("a cancelled hint ran to its end")
