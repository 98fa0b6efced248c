"""Going on with an interrupted batch from its output file.

A batch writes one output line per input puzzle, in input order (a format may put comment
lines before it, like a ``# rules:`` line), and a failed puzzle's line is a marker
starting with :data:`~grille.batch.jobs.MARKER`. So the number of finished puzzles is the
number of complete lines that are not plain comments. What follows the last such line (a
line cut by a kill, or comment lines whose puzzle line never came) is cut off, and the run
goes on with the next puzzle.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from grille.batch.jobs import MARKER

__all__ = ["ResumePoint", "cut_to", "finishes_a_puzzle", "resume_point"]

_MARKER = MARKER.encode()


@dataclass(frozen=True, slots=True)
class ResumePoint:
    """Where an output file stands: puzzles finished, how many failed, the bytes to keep."""

    done: int = 0
    failed: int = 0
    size: int = 0


def finishes_a_puzzle(line: bytes) -> bool:
    """Whether an output line is a puzzle's own line (not a comment before it)."""
    return not line.startswith(b"#") or line.startswith(_MARKER)


def resume_point(path: str) -> ResumePoint:
    """How far the output file at ``path`` got (nothing done if there is no such file)."""
    if not os.path.exists(path):
        return ResumePoint()
    done = failed = size = offset = 0
    with open(path, "rb") as handle:
        for line in handle:
            if not line.endswith(b"\n"):
                break
            offset += len(line)
            if finishes_a_puzzle(line):
                done += 1
                failed += line.startswith(_MARKER)
                size = offset
    return ResumePoint(done, failed, size)


def cut_to(path: str, point: ResumePoint) -> None:
    """Cut the output file at ``path`` after its last finished puzzle."""
    if os.path.exists(path) and os.path.getsize(path) != point.size:
        os.truncate(path, point.size)
