"""The title line of a drawing: number, kind and size, level, and the puzzle's ID."""

from __future__ import annotations

from grille.kind import Puzzle

__all__ = ["given_level", "puzzle_id", "title_line"]

LEVEL_KEYS = ("level", "difficulty", "label")
"""Metadata fields that may name a puzzle's level, in order of preference."""

ID_KEYS = ("id", "name", "title")
"""Metadata fields that may name a puzzle."""


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
    """The level a file gave the puzzle (``level``, ``difficulty`` or ``label`` field)."""
    return _first(puzzle, LEVEL_KEYS)


def puzzle_id(puzzle: Puzzle) -> str | None:
    """The puzzle's ID or name from its file, if any."""
    return _first(puzzle, ID_KEYS)


def title_line(
    puzzle: Puzzle, dimensions: str, *, number: int | None = None, level: str | None = None,
) -> str:
    """``No. 3 · Sudoku 9×9 · easy · janko-091``: the parts that are known, in that order."""
    parts = [f"No. {number}"] if number is not None else []
    parts.append(f"{puzzle.kind.capitalize()} {dimensions}")
    level = level or given_level(puzzle)
    if level:
        parts.append(level)
    ident = puzzle_id(puzzle)
    if ident:
        parts.append(ident)
    return " · ".join(parts)
