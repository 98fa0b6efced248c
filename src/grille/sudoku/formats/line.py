"""The ``line`` format: one puzzle a line, HoDoKu library lines included."""

from __future__ import annotations

import re

from grille.errors import GrilleError, ParseError, SizeError
from grille.kind import Entry
from grille.rated import RATING, join_rating, split_rating
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
from grille.sudoku.symbols import INVALID, cell_codes


def parse_line(
    text: str, shape: Shape | None = None, *, line: int = 1, source: str = "<input>"
) -> Grid:
    """A grid from one line of n*n characters, with an optional rating after it (a TAB,
    ``;`` or spaces between) and an optional trailing ``# comment``."""
    code, _, comment = text.rstrip("\r\n").partition("#")
    if code.lstrip().startswith(":"):
        return _parse_library(code, shape, line, source)
    offset, cells, rating, spaced = split_line(code, shape)
    size = _line_size(len(cells), shape)
    if size is None:
        raise _length_error(len(cells), shape, line, offset, source)

    def fail(bad: int, reason: str) -> ParseError:
        return ParseError(reason, line=line, column=offset + bad + 1, source=source)

    codes = decode(cells, size, fail, space=spaced)
    comment = comment.strip()
    metadata: tuple[tuple[str, str], ...] = ((RATING, rating),) if rating else ()
    metadata += (("comment", comment),) if comment else ()
    return Grid(shape or default_shape(size), tuple(codes), metadata=metadata)


def split_line(code: str, shape: Shape | None = None) -> tuple[int, str, str, bool]:
    """A line's offset of its cells, its cells, the rating after them (``""``: none), and
    whether a space among its cells is an empty cell.

    A line of exactly n*n characters without a TAB or ``;`` is all cells (a space in it is
    an empty cell) if they are all digits of an n*n grid; otherwise the cells end at the
    first TAB, ``;`` or space, if what comes before has n*n cells, and the rest is the
    rating (``P ED=11.9/11.9/11.3``, ``P;11.9``, ``P<TAB>hard<TAB>3.4 ...``) unless it starts
    with n*n characters more: two puzzles pasted on one line are not a puzzle and its rating.
    """
    size = _line_size(len(code), shape)
    if size is not None and not any(char in code for char in "\t;") and (
        " " not in code.strip() or INVALID not in cell_codes(code, size, space=True)
    ):
        return 0, code, "", True
    offset = len(code) - len(code.lstrip())
    cells, rating = split_rating(code)
    another = _reads_as_puzzle(rating)
    if rating and not another and _line_size(len(cells) - offset, shape) is not None:
        return offset, cells[offset:], rating, False
    return offset, code.strip(), "", False


def _reads_as_puzzle(rating: str) -> bool:
    """Whether the first field of what follows a line's cells is itself a one-line puzzle
    (n*n cell characters: two puzzles pasted on one line), not a rating such as
    ``ED=11.9/11.9/1.2`` (16 characters, but not cells)."""
    field = split_rating(rating)[0]
    size = _line_size(len(field), None)
    return size is not None and INVALID not in cell_codes(field, size)


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
    """The grid as one line, its rating after it, then its comment (or else its level, as
    ``# level: hard``, or the technique it was made for, as ``# technique: X-Wing``)."""
    comment = metadata_value(grid, "comment")
    level = metadata_value(grid, "level")
    technique = metadata_value(grid, "technique")
    if not comment and level:
        comment = f"level: {level}"
    elif not comment and technique:
        comment = f"technique: {technique}"
    rating = (metadata_value(grid, RATING) or "").replace("#", " ")
    if _reads_as_puzzle(rating):
        raise GrilleError(f"the line format cannot hold the rating {rating[:40]!r}: its first "
                          "field would read as a second puzzle")
    line = join_rating(grid.line(), rating)
    return line + (f" # {one_line(comment)}" if comment else "")
