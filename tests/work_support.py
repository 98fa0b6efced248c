"""Functions a test hands to worker processes (they must be importable by name there), and
what tests ask of those processes."""

from __future__ import annotations

import os
import time
from typing import Any


def slow_answer(question: Any) -> Any:
    """A hint that takes a minute to work out."""
    time.sleep(60)
    raise AssertionError("a cancelled hint ran to its end")


def slow_work(*args: Any) -> Any:
    """Any search (a solve, an explanation, a generation) that takes a minute."""
    time.sleep(60)
    raise AssertionError("cancelled work ran to its end")


def alive(pid: int) -> bool:
    """Whether the process ``pid`` is still running (a worker that was stopped is not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True



def slow_solve(question: Any) -> Any:
    """The search of a puzzle's solutions, after three seconds (a slow uniqueness check)."""
    from grille.game.assist import solve

    time.sleep(3)
    return solve(question)
