"""Grids written as rows of cells, one row a line (grid, sdk, ss, marks): reading and layout."""

from __future__ import annotations

import re
from collections.abc import Callable

from grille.kind import Entry
from grille.sudoku.formats._text import SIZE_LIST, SIZES, Text, decode_cells
from grille.sudoku.geometry import default_shape
from grille.sudoku.grid import Grid

Row = tuple[int, list[tuple[int, str]]]
"""A row as read: its line index, and the column and text of each of its cells."""

CELL_RE = re.compile(r"[^\s|]")
"""A cell of a grid of characters."""

GROUP_RE = re.compile(r"[^\s|]+")
"""A cell of a pencil-mark grid: a group of candidates."""

_SEPARATOR_CHARS = frozenset("-=+|*.:'` \t\r")


def is_separator(line: str) -> bool:
    """Whether ``line`` is a border or a line between box rows, like ``------+------``."""
    return ("--" in line or "==" in line) and _SEPARATOR_CHARS.issuperset(line)


def read_blocks(
    t: Text, fmt: str, block: Callable[[Text, int], tuple[Grid, int]], *, comments: bool = False
) -> list[Entry[Grid]]:
    """Every grid of ``t``: ``block`` reads one from a line index on and tells the index after
    it; blank lines (and ``#`` lines if ``comments``) come between grids."""
    entries: list[Entry[Grid]] = []
    index = t.skip(0, comments=comments)
    while index < len(t.lines):
        grid, end = block(t, index)
        entries.append(Entry(grid, t.base + index, fmt))
        index = t.skip(end, comments=comments)
    return entries


def read_rows(t: Text, index: int, pattern: re.Pattern[str]) -> tuple[list[Row], int]:
    """The n rows of one grid from line ``index`` on, and the index of the line after them."""
    rows: list[Row] = []
    size = 0
    while not rows or len(rows) < size:
        if index >= len(t.lines) or not t.lines[index].strip():
            if rows:
                raise t.error(f"expected {size} rows, found {len(rows)}", index)
            raise t.error("expected a row of cells", index)
        line = t.lines[index]
        if not is_separator(line):
            cells = [(match.start() + 1, match.group()) for match in pattern.finditer(line)]
            if not size:
                size = len(cells)
                if size not in SIZES:
                    reason = f"a row of {size} cells: a grid row has n cells, n one of {SIZE_LIST}"
                    raise t.error(reason, index, cells[-1][0] if cells else 1, size=True)
            elif len(cells) != size:
                column = cells[size][0] if len(cells) > size else len(line.rstrip()) + 1
                reason = f"row {len(rows) + 1} has {len(cells)} cells, expected {size}"
                raise t.error(reason, index, column)
            if pattern is CELL_RE and size not in (16, 25):  # those two may use other alphabets
                decode_cells(t, [(index, column, char) for column, char in cells], size)
            rows.append((index, cells))
        index += 1
    while index < len(t.lines) and is_separator(t.lines[index]):
        index += 1
    return rows, index


def read_char_grid(t: Text, index: int) -> tuple[Grid, int]:
    """The grid of single characters from line ``index`` on, and the index after it."""
    rows, end = read_rows(t, index, CELL_RE)
    cells = [(line, column, char) for line, row in rows for column, char in row]
    return Grid(default_shape(len(rows)), tuple(decode_cells(t, cells, len(rows)))), end


def box_rows(grid: Grid, cell_text: Callable[[int], str], sep: str) -> list[str]:
    """Each row of ``grid``: the texts of its cells, with ``sep`` between boxes."""
    n, width = grid.size, grid.shape.box_cols
    return [
        sep.join(
            "".join(cell_text(row * n + col) for col in range(box, box + width))
            for box in range(0, n, width)
        )
        for row in range(n)
    ]


def boxed(grid: Grid, rows: list[str], separator: str) -> str:
    """``rows`` with ``separator`` between box rows, in a ``*---*`` border as wide."""
    border = "*" + "-" * (len(separator) - 2) + "*"
    out = [border]
    for row, text in enumerate(rows):
        if row and row % grid.shape.box_rows == 0:
            out.append(separator)
        out.append(text)
    return "\n".join([*out, border])
