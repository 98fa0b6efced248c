"""The ``ss`` format of Simple Sudoku, with the ``I``/``E`` appendix HoDoKu adds to it."""

from __future__ import annotations

import re

from grille.kind import Entry
from grille.sudoku.candidates import candidate_masks
from grille.sudoku.formats._cells import marks_without, mask_text, normal_givens
from grille.sudoku.formats._rows import box_rows, boxed, read_blocks, read_char_grid
from grille.sudoku.formats._text import Text, parse_one
from grille.sudoku.grid import Grid, mask_of_digits
from grille.sudoku.symbols import digit_char

_APPENDIX_RE = re.compile(r"[IE]\d+(?:\s+[IE]\d+)*")
_APPENDIX_ENTRY_RE = re.compile(r"[IE]\d+")


def parse_ss(text: str, *, line: int = 1, source: str = "<input>") -> Grid:
    """A grid from Simple Sudoku's boxed ``.ss`` layout, with HoDoKu's I/E appendix."""
    return parse_one(read, text, line, source)


def read(t: Text, text: str) -> list[Entry[Grid]]:
    return read_blocks(t, "ss", _read_puzzle)


def _read_puzzle(t: Text, index: int) -> tuple[Grid, int]:
    """The boxed grid from line ``index`` on with its appendix, if one follows."""
    grid, index = read_char_grid(t, index)
    following = t.skip(index)
    if following < len(t.lines) and _APPENDIX_RE.fullmatch(t.lines[following].strip()):
        return _read_appendix(t, following, grid)
    return grid, index


def _read_appendix(t: Text, index: int, grid: Grid) -> tuple[Grid, int]:
    """``grid`` with HoDoKu's ``I``/``E`` lines from ``index`` on applied, and the next index."""
    cells = list(grid.cells)
    placed: set[int] = set()
    removed = [0] * len(cells)
    while index < len(t.lines) and _APPENDIX_RE.fullmatch(t.lines[index].strip()):
        for match in _APPENDIX_ENTRY_RE.finditer(t.lines[index]):
            cell, digits = _appendix_entry(t, index, match, grid)
            if match.group()[0] == "I":
                cells[cell] = digits[0]
                placed.add(cell)
            else:
                removed[cell] |= mask_of_digits(digits)
        index += 1
    flags = [cell not in placed for cell in range(len(cells))]
    marks = marks_without(grid.shape, cells, removed)
    return Grid(grid.shape, tuple(cells), normal_givens(cells, flags), marks), index


def _appendix_entry(
    t: Text, index: int, match: re.Match[str], grid: Grid
) -> tuple[int, tuple[int, ...]]:
    """The cell and digits of one ``I<row><column><digit>`` or ``E<row><column><digits>``."""
    token, column = match.group(), match.start() + 1
    if grid.size != 9:
        raise t.error("HoDoKu's I/E lines only address 9x9 grids", index, column)
    numbers = tuple(int(char) for char in token[1:])
    if len(numbers) < 3 or 0 in numbers or (token[0] == "I" and len(numbers) != 3):
        reason = f"{token!r} is not I<row><column><digit> or E<row><column><digits>"
        raise t.error(reason, index, column)
    cell = (numbers[0] - 1) * 9 + numbers[1] - 1
    if token[0] == "I" and grid.cells[cell]:
        raise t.error(f"{grid.cell_name(cell)} already holds a clue", index, column)
    return cell, numbers[2:]


def dump(grid: Grid) -> str:
    """The boxed layout; for a 9x9 game in progress the clues and an I/E appendix, else
    every digit: a solved grid shows its solution, not the clues and 50-odd placements."""
    appendix = _appendix(grid) if grid.size == 9 and grid.empty_count else []
    shown = grid.clues_only() if appendix else grid
    rows = [f"|{row}|" for row in box_rows(grid, lambda c: digit_char(shown.cells[c]), "|")]
    separator = "".join(char if char == "|" else "-" for char in rows[0])
    separator = separator[0] + separator[1:-1].replace("|", "+") + separator[-1]
    text = boxed(grid, rows, separator)
    return "\n".join([text, "", *appendix]) if appendix else text


def _appendix(grid: Grid) -> list[str]:
    """HoDoKu's ``I`` line (placed digits) and ``E`` line (removed candidates) for ``grid``."""
    placed = [
        f"I{cell // 9 + 1}{cell % 9 + 1}{digit}"
        for cell, digit in enumerate(grid.cells)
        if digit and not grid.is_given(cell)
    ]
    removed = []
    if grid.marks is not None:
        basic = candidate_masks(grid)
        for cell, mask in enumerate(grid.marks):
            gone = basic[cell] & ~mask
            if gone:
                removed.append(f"E{cell // 9 + 1}{cell % 9 + 1}{mask_text(gone)}")
    return [" ".join(entries) for entries in (placed, removed) if entries]
