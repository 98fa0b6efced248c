"""The title line of a drawing: number, the board's title (kind and size), level, and the
puzzle's ID."""

from __future__ import annotations

import re

from grille.kind import Puzzle
from grille.kinds import kind_info

__all__ = ["given_level", "puzzle_id", "title_line"]

LEVEL_KEYS = ("level", "difficulty", "label")
"""Metadata fields that may name a puzzle's level, in order of preference."""

ID_KEYS = ("id", "name", "title")
"""Metadata fields that may name a puzzle."""

LEVEL_COMMENT = re.compile(r"\s*(?:level\s*[:=]?\s*)?(?P<level>[^\W\d_][\w -]*?)\s*", re.I)
"""A comment that is a level: ``hard``, ``level: very hard``, ``Level=Easy``."""


def _metadata(puzzle: Puzzle) -> tuple[tuple[str, str], ...]:
    metadata: tuple[tuple[str, str], ...] = getattr(puzzle, "metadata", ())
    return metadata


def _first(puzzle: Puzzle, keys: tuple[str, ...]) -> str | None:
    fields = dict(_metadata(puzzle))
    for key in keys:
        value = fields.get(key, "").strip()
        if value and value != "-":
            return value
    return None


def given_level(puzzle: Puzzle) -> str | None:
    """The level a file gave the puzzle: a ``level``, ``difficulty`` or ``label`` field,
    else a comment that is one of its kind's levels (``# level: hard`` after a puzzle's line,
    as ``grille generate --level hard`` writes it)."""
    level = _first(puzzle, LEVEL_KEYS)
    if level is not None:
        return level
    comment = _first(puzzle, ("comment",))
    match = LEVEL_COMMENT.fullmatch(comment or "")
    if match is None:
        return None
    try:
        levels = kind_info(puzzle.kind).levels
    except ValueError:
        return None
    named = " ".join(match["level"].lower().split())
    return named if named in levels else None


def puzzle_id(puzzle: Puzzle) -> str | None:
    """The puzzle's ID or name from its file, if any."""
    return _first(puzzle, ID_KEYS)


def title_line(
    puzzle: Puzzle, board: str, *, number: int | None = None, level: str | None = None,
) -> str:
    """``No. 3 · {board} · easy · janko-091``: the parts that are known, in that order
    (``board``: the board's own title, its kind and size as ``BoardView.title`` says)."""
    parts = [f"No. {number}"] if number is not None else []
    parts.append(board)
    level = level or given_level(puzzle)
    if level:
        parts.append(level)
    ident = puzzle_id(puzzle)
    if ident:
        parts.append(ident)
    return " · ".join(parts)
