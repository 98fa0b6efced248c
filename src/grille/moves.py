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
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from grille.errors import MoveError

__all__ = ["Move", "MoveOp", "parse_move"]


class MoveOp(enum.Enum):
    """What a move does."""

    SET = "="
    CLEAR = "-"
    TOGGLE_MARK = "^"
    FILL_MARKS = "fill"


_CELL_MOVE = re.compile(r"r(\d+)c(\d+)(?:(=)(\d+)|(-)|(\^)(\d+))")


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
