"""The ``grid`` format: n rows of n characters, optionally spaced and boxed."""

from __future__ import annotations

from grille.kind import Entry
from grille.sudoku.formats._rows import read_blocks, read_char_grid
from grille.sudoku.formats._text import Text, parse_one
from grille.sudoku.grid import Grid
from grille.sudoku.symbols import digit_char


def parse_grid(text: str, *, line: int = 1, source: str = "<input>") -> Grid:
    """A grid from n rows of n characters (spaces, ``|`` and separator lines allowed)."""
    return parse_one(read, text, line, source)


def read(t: Text, text: str) -> list[Entry[Grid]]:
    return read_blocks(t, "grid", read_char_grid, comments=True)


def dump(grid: Grid) -> str:
    """n rows of n characters, as most programs write and read them."""
    n = grid.size
    return "\n".join(
        "".join(digit_char(d) for d in grid.cells[r * n : (r + 1) * n]) for r in range(n)
    )
