"""Sudoku text formats (placeholder: one-line format only; being extended)."""

from __future__ import annotations

from grille.errors import ParseError, SizeError
from grille.sudoku.geometry import Shape, default_shape
from grille.sudoku.grid import Grid
from grille.sudoku.symbols import digit_char, digit_of

FORMATS = ("line", "grid")


def parse_line(
    text: str, shape: Shape | None = None, *, line: int = 1, source: str = "<input>"
) -> Grid:
    """A grid from one line of n*n characters (``.`` or ``0`` empty)."""
    body = text.split("#", 1)[0].rstrip()
    size = shape.size if shape else round(len(body) ** 0.5)
    if size * size != len(body):
        raise SizeError(f"expected a square number of cells, got {len(body)}", line=line,
                        column=1, source=source)
    shape = shape or default_shape(size)
    cells = []
    for column, char in enumerate(body, start=1):
        digit = digit_of(char, size)
        if digit is None:
            raise ParseError(f"{char!r} is not a digit of a {size}x{size} grid", line=line,
                             column=column, source=source)
        cells.append(digit)
    return Grid(shape, tuple(cells))


def format_grid(grid: Grid, fmt: str) -> str:
    """``grid`` written in ``fmt``."""
    if fmt == "line":
        return grid.line()
    n = grid.size
    return "\n".join(
        "".join(digit_char(d) for d in grid.cells[r * n:(r + 1) * n]) for r in range(n)
    )
