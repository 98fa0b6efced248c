"""The ``marks`` format: a pencil-mark grid as HoDoKu and Simple Sudoku print it."""

from __future__ import annotations

from grille.kind import Entry
from grille.sudoku.candidates import candidate_masks
from grille.sudoku.formats._cells import mask_text
from grille.sudoku.formats._rows import GROUP_RE, Row, box_rows, boxed, read_blocks, read_rows
from grille.sudoku.formats._text import DIGITS, Text, not_a_digit, parse_one
from grille.sudoku.geometry import default_shape
from grille.sudoku.grid import Grid
from grille.sudoku.symbols import digit_char

ANNOTATIONS = "*#@-"
"""Characters programs print among candidates (coloring, chains ...), skipped on input."""


def parse_marks(text: str, *, line: int = 1, source: str = "<input>") -> Grid:
    """A grid from a pencil-mark grid: n groups of candidates a row, a lone digit solved."""
    return parse_one(read, text, line, source)


def read(t: Text, text: str) -> list[Entry[Grid]]:
    return read_blocks(t, "marks", _read_puzzle)


def _read_puzzle(t: Text, index: int) -> tuple[Grid, int]:
    rows, end = read_rows(t, index, GROUP_RE)
    return _marks_grid(t, rows), end


def _marks_grid(t: Text, rows: list[Row]) -> Grid:
    """The grid of a pencil-mark grid's ``rows``.

    As in HoDoKu, a lone digit is a solved cell (a clue) unless a peer still has it as a
    candidate: then it is an unsolved cell with one candidate left.
    """
    shape = default_shape(len(rows))
    masks = [
        _group_mask(t, index, column, group, shape.size)
        for index, groups in rows
        for column, group in groups
    ]
    peers = shape.peers
    cells = [
        mask.bit_length()
        if mask and not mask & (mask - 1) and not any(masks[p] & mask for p in peers[cell])
        else 0
        for cell, mask in enumerate(masks)
    ]
    marks = tuple(0 if digit else mask for digit, mask in zip(cells, masks, strict=True))
    return Grid(shape, tuple(cells), marks=marks)


def _group_mask(t: Text, index: int, column: int, group: str, size: int) -> int:
    """The candidate mask of one group of a pencil-mark grid."""
    mask = 0
    for offset, char in enumerate(group):
        if char in ANNOTATIONS or char == "." or (char == "0" and size <= 9):
            continue
        digit = DIGITS.get(char, 0)
        if not 0 < digit <= size:
            raise t.error(not_a_digit(char, size), index, column + offset)
        mask |= 1 << (digit - 1)
    return mask


def dump(grid: Grid) -> str:
    """HoDoKu's layout, each column block as wide as its widest group plus two."""
    marks = grid.marks if grid.marks is not None else candidate_masks(grid)
    texts = [
        digit_char(digit) if digit else (mask_text(mask) or ".")
        for digit, mask in zip(grid.cells, marks, strict=True)
    ]
    n, cols = grid.size, grid.shape.box_cols
    widths = [
        max(len(texts[cell]) for cell in range(n * n) if cell % n // cols == block) + 2
        for block in range(n // cols)
    ]

    def cell_text(cell: int) -> str:
        return texts[cell].ljust(widths[cell % n // cols])

    rows = [f"| {row}|" for row in box_rows(grid, cell_text, "| ")]
    separator = "|" + "+".join("-" * (1 + cols * width) for width in widths) + "|"
    return boxed(grid, rows, separator)
