"""The ``line`` format: one puzzle a line, HoDoKu library lines included."""

from __future__ import annotations

import re

from grille.errors import ParseError, SizeError
from grille.kind import Entry
from grille.sudoku.formats._cells import marks_without, normal_givens
from grille.sudoku.formats._text import (
    SIZE_LIST,
    SIZE_OF_CELLS,
    Text,
    decode,
    decode_cells,
    metadata_value,
    one_line,
    read_lines,
)
from grille.sudoku.geometry import Shape, default_shape
from grille.sudoku.grid import Grid


def parse_line(
    text: str, shape: Shape | None = None, *, line: int = 1, source: str = "<input>"
) -> Grid:
    """A grid from one line of n*n characters, with an optional trailing ``# comment``."""
    code, _, comment = text.rstrip("\r\n").partition("#")
    if code.lstrip().startswith(":"):
        return _parse_library(code, shape, line, source)
    offset, space = 0, _line_size(len(code), shape) is not None
    if not space:
        offset = len(code) - len(code.lstrip())
        code = code.strip()
    size = _line_size(len(code), shape)
    if size is None:
        raise _length_error(len(code), shape, line, offset, source)

    def fail(bad: int, reason: str) -> ParseError:
        return ParseError(reason, line=line, column=offset + bad + 1, source=source)

    codes = decode(code, size, fail, space=space)
    comment = comment.strip()
    metadata = (("comment", comment),) if comment else ()
    return Grid(shape or default_shape(size), tuple(codes), metadata=metadata)


def _line_size(length: int, shape: Shape | None) -> int | None:
    if shape is not None:
        return shape.size if length == shape.cell_count else None
    return SIZE_OF_CELLS.get(length)


def _length_error(
    length: int, shape: Shape | None, line: int, offset: int, source: str
) -> ParseError:
    if shape is not None:
        expected = shape.cell_count
        column = offset + min(length, expected) + 1
        reason = f"expected {expected} cells for a {shape.size}x{shape.size} grid, found {length}"
        return ParseError(reason, line=line, column=column, source=source)
    expected = min(SIZE_OF_CELLS, key=lambda cells: (abs(cells - length), cells))
    reason = (
        f"expected {expected} cells, found {length}: a one-line puzzle has n*n cells, "
        f"n one of {SIZE_LIST}"
    )
    return SizeError(reason, line=line, column=offset + min(length, expected) + 1, source=source)


def _parse_library(code: str, shape: Shape | None, line: int, source: str) -> Grid:
    """A grid from a HoDoKu library line ``:type:candidates:grid:deleted candidates:…``."""
    t = Text([code], source, line)
    fields = code.split(":")
    if len(fields) < 6:
        raise t.error("a HoDoKu library line reads :type:candidates:grid:deleted:…", 0)
    start = len(":".join(fields[:3])) + 2
    cells: list[tuple[int, int, str]] = []
    placed: set[int] = set()
    for offset, char in enumerate(fields[3]):
        if char == "+":
            placed.add(len(cells))
        elif not char.isspace():
            cells.append((0, start + offset, char))
    size = _line_size(len(cells), shape)
    if size is None:
        raise _length_error(len(cells), shape, line, start - 1, source)
    digits = tuple(decode_cells(t, cells, size))
    grid_shape = shape or default_shape(size)
    flags = [cell not in placed for cell in range(len(digits))]
    removed = _library_removed(t, fields[4], start + len(fields[3]), size)
    marks = marks_without(grid_shape, digits, removed)
    return Grid(grid_shape, digits, normal_givens(digits, flags), marks)


def _library_removed(t: Text, text: str, start: int, size: int) -> list[int]:
    """Removed candidate masks from HoDoKu's ``<digit><row><column>`` list at offset ``start``."""
    removed = [0] * (size * size)
    for match in re.finditer(r"\S+", text):
        token = match.group()
        if size != 9 or len(token) != 3 or not token.isdigit() or "0" in token:
            reason = f"{token!r} is not a deleted candidate <digit><row><column>"
            raise t.error(reason, 0, start + match.start() + 1)
        digit, row, col = (int(char) for char in token)
        removed[(row - 1) * 9 + col - 1] |= 1 << (digit - 1)
    return removed


def read(t: Text, text: str) -> list[Entry[Grid]]:
    return read_lines(t, "line", parse_line)


def dump(grid: Grid) -> str:
    """The grid as one line, then its comment, or else its level as ``# level: hard``."""
    comment = metadata_value(grid, "comment")
    level = metadata_value(grid, "level")
    if not comment and level:
        comment = f"level: {level}"
    return grid.line() + (f" # {one_line(comment)}" if comment else "")
