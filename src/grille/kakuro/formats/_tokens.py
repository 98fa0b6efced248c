"""Cell tokens shared by the text formats: parsing one token, writing one cell."""

from __future__ import annotations

import re

from grille.errors import ParseError, quoted
from grille.kakuro.grid import Clue, KakuroGrid, digits_of_mask

__all__ = ["BLOCKS", "WHITES", "Cell", "cell_token", "parse_token"]

BLOCKS = frozenset("#xX-")
"""Tokens of a block without clues."""

WHITES = frozenset("._0")
"""Tokens of an empty white cell."""

_CLUE_RE = re.compile(r"(\d*)\\(\d*)")
_MARKS_RE = re.compile(r"\[([1-9]*)\]")

Cell = tuple[Clue | None, int, int]
"""A parsed token: the block's clue (``None`` for white), the digit written, the marks mask."""


def parse_token(token: str, *, line: int, column: int, source: str) -> Cell:
    """The cell a token spells; raises ``ParseError`` quoting it."""
    if token in BLOCKS:
        return (0, 0), 0, 0
    if token in WHITES or token == "":
        return None, 0, 0
    if len(token) == 1 and token in "123456789":
        return None, int(token), 0
    match = _CLUE_RE.fullmatch(token)
    if match:
        down, right = (int(part) if part else 0 for part in match.groups())
        for part in (down, right):
            if part > 45:
                raise ParseError(
                    f"clue {quoted(token)}: a run sums to at most 45", line=line, column=column,
                    source=source,
                )
        return (down, right), 0, 0
    match = _MARKS_RE.fullmatch(token)
    if match:
        mask = 0
        for char in match[1]:
            mask |= 1 << (int(char) - 1)
        return None, 0, mask
    raise ParseError(
        f"not a Kakuro cell: {quoted(token)} (expected '#', '.', a digit or a clue like "
        "'16\\23')",
        line=line, column=column, source=source,
    )


def cell_token(grid: KakuroGrid, cell: int, *, marks: bool = False, white: str = ".") -> str:
    """The token of ``cell``: ``#``, ``D\\R``, its digit, its marks or ``white``."""
    clue = grid.clues[cell]
    if clue is not None:
        down, right = clue
        if not down and not right:
            return "#"
        return f"{down or ''}\\{right or ''}"
    value = grid.cells[cell]
    if value:
        return str(value)
    if marks and grid.marks is not None:
        return "[" + "".join(map(str, digits_of_mask(grid.marks[cell]))) + "]"
    return white
