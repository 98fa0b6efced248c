"""Moves as short strings, shared by every kind.

A move names a cell r1c1-style (1-based) and what to do there:

====================  ===============================================
``r3c5=7``            write value 7 (decimal, so ``r1c1=12`` on 16x16)
``r3c5-``             clear the cell
``r3c5=0``            write value 0: a Takuzu digit; kinds without a 0 (Sudoku) clear
``r3c5^7``            toggle pencil mark 7
``fill``              fill every empty cell's pencil marks from the rules
====================  ===============================================

A state plus a move gives a new state, so a game's history, undo/redo, save files
and replays are lists of these strings.

The helpers at the end build move lists from grids seen as flat row-major sequences of
values and pencil-mark bitmasks, which is how every kind stores them; each kind's
``play`` module uses them to diff two states, clean up marks and carry out a logical step.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from grille.errors import GrilleError, MoveError

__all__ = [
    "Move",
    "MoveOp",
    "cell_move",
    "differing_cells",
    "keep_eliminations",
    "mark_moves",
    "moves_for_step",
    "parse_move",
    "unmark_moves",
    "value_moves",
]


class MoveOp(enum.Enum):
    """What a move does."""

    SET = "="
    CLEAR = "-"
    TOGGLE_MARK = "^"
    FILL_MARKS = "fill"


_CELL_MOVE = re.compile(r"r(\d{1,9})c(\d{1,9})(?:(=)(\d{1,9})|(-)|(\^)(\d{1,9}))", re.ASCII)
"""A cell move; nine digits at most, so that no number is too long to convert."""


@dataclass(frozen=True, slots=True)
class Move:
    """A parsed move; ``row`` and ``col`` are 0-based (-1 for whole-grid moves)."""

    op: MoveOp
    row: int = -1
    col: int = -1
    value: int = 0

    def __str__(self) -> str:
        if self.op is MoveOp.FILL_MARKS:
            return "fill"
        cell = f"r{self.row + 1}c{self.col + 1}"
        if self.op is MoveOp.CLEAR:
            return f"{cell}-"
        return f"{cell}{self.op.value}{self.value}"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


def parse_move(text: str) -> Move:
    """The move ``text`` spells; raises ``MoveError`` quoting it when malformed."""
    stripped = text.strip()
    if stripped == "fill":
        return Move(MoveOp.FILL_MARKS)
    match = _CELL_MOVE.fullmatch(stripped)
    if match is None:
        raise MoveError(f"not a move: {text!r} (expected e.g. 'r3c5=7', 'r3c5-', 'r3c5^7', 'fill')")
    row, col = int(match[1]) - 1, int(match[2]) - 1
    if row < 0 or col < 0:
        raise MoveError(f"rows and columns count from 1: {text!r}")
    if match[3]:
        return Move(MoveOp.SET, row, col, int(match[4]))
    if match[5]:
        return Move(MoveOp.CLEAR, row, col)
    return Move(MoveOp.TOGGLE_MARK, row, col, int(match[7]))


# -- move lists from flat grids ------------------------------------------------------------
# ``width`` is the number of columns; bit ``i`` of a marks mask stands for the value
# ``lowest + i`` (1 for digits, 0 for Takuzu's 0 and 1); ``None`` marks mean no marks.


def cell_move(row: int, col: int, value: int | None) -> str:
    """``r3c5=7`` for 0-based ``row`` and ``col``, or ``r3c5-`` when ``value`` is ``None``."""
    if value is None:
        return str(Move(MoveOp.CLEAR, row, col))
    return str(Move(MoveOp.SET, row, col, value))


def value_moves(
    before: Sequence[int], after: Sequence[int], width: int, *, empty: int = 0
) -> list[str]:
    """The moves that write ``after``'s values where they differ from ``before``'s."""
    _same_size(before, after)
    return [
        cell_move(*divmod(cell, width), None if new == empty else new)
        for cell, (old, new) in enumerate(zip(before, after, strict=True))
        if old != new
    ]


def mark_moves(
    before: Sequence[int] | None, after: Sequence[int] | None, width: int, *, lowest: int = 1
) -> list[str]:
    """The pencil-mark toggles that turn the marks ``before`` into ``after``."""
    if before is None and after is None:
        return []
    old_marks = before if before is not None else (0,) * len(after or ())
    new_marks = after if after is not None else (0,) * len(old_marks)
    _same_size(old_marks, new_marks)
    moves = []
    for cell, (old, new) in enumerate(zip(old_marks, new_marks, strict=True)):
        moves.extend(_toggles(cell, old ^ new, width, lowest))
    return moves


def unmark_moves(
    marks: Sequence[int] | None, cells: Iterable[int], value: int, width: int, *, lowest: int = 1
) -> list[str]:
    """The toggles that take ``value`` out of the marks of those ``cells`` that hold it."""
    if marks is None:
        return []
    bit = 1 << (value - lowest)
    return [_toggle(cell, value, width) for cell in cells if marks[cell] & bit]


def moves_for_step(
    placements: Iterable[tuple[int, int, int]],
    eliminations: Iterable[tuple[int, int, int]],
    marks: Sequence[int] | None,
    candidates: Callable[[], Sequence[int]],
    width: int,
    *,
    lowest: int = 1,
) -> list[str]:
    """The moves that carry out a logical step for a player whose pencil marks are ``marks``.

    Placements become ``=`` moves. An eliminated value leaves the marks of a cell that has
    some; a cell without marks first gets its rule ``candidates`` (called only when needed),
    less the eliminated values, so the elimination shows.
    """
    moves = [cell_move(row, col, value) for row, col, value in placements]
    removed: dict[int, int] = {}
    for row, col, value in eliminations:
        cell = row * width + col
        removed[cell] = removed.get(cell, 0) | 1 << (value - lowest)
    rule_masks: Sequence[int] | None = None
    for cell, mask in removed.items():
        held = marks[cell] if marks is not None else 0
        if held:
            moves.extend(_toggles(cell, held & mask, width, lowest))
            continue
        if rule_masks is None:
            rule_masks = candidates()
        moves.extend(_toggles(cell, rule_masks[cell] & ~mask, width, lowest))
    return moves


def keep_eliminations(candidates: Sequence[int], marks: Sequence[int] | None) -> tuple[int, ...]:
    """Rule candidates narrowed to the player's marks in the cells that have some."""
    if marks is None:
        return tuple(candidates)
    _same_size(candidates, marks)
    return tuple(new & old if old else new for new, old in zip(candidates, marks, strict=True))


def differing_cells(
    values: Sequence[int], solution: Sequence[int], width: int, *, empty: int = 0
) -> tuple[tuple[int, int], ...]:
    """The (row, col) of every filled cell whose value differs from ``solution``'s."""
    _same_size(values, solution)
    return tuple(
        divmod(cell, width)
        for cell, (value, right) in enumerate(zip(values, solution, strict=True))
        if value != empty and value != right
    )


def _toggle(cell: int, value: int, width: int) -> str:
    row, col = divmod(cell, width)
    return str(Move(MoveOp.TOGGLE_MARK, row, col, value))


def _toggles(cell: int, mask: int, width: int, lowest: int) -> list[str]:
    moves = []
    value = lowest
    while mask:
        if mask & 1:
            moves.append(_toggle(cell, value, width))
        mask >>= 1
        value += 1
    return moves


def _same_size(first: Sequence[int], second: Sequence[int]) -> None:
    if len(first) != len(second):
        raise GrilleError(f"grids of different sizes: {len(first)} and {len(second)} cells")
