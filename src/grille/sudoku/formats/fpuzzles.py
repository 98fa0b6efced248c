"""The f-puzzles formats: ``fpuzzles`` (its JSON object), ``fpuzzles-link`` and ``sudokupad``
(links carrying that object, lz-string compressed; one a line). See
:mod:`grille.sudoku.variants.fpuzzles`."""

from __future__ import annotations

import json
from collections.abc import Sequence

from grille.errors import GrilleError
from grille.kind import Entry
from grille.sudoku.formats._text import Text, position, read_lines
from grille.sudoku.grid import Grid
from grille.sudoku.variants.fpuzzles import (
    fpuzzles_of,
    from_fpuzzles,
    link_of,
    read_link,
)

_DECODER = json.JSONDecoder()


def read(t: Text, text: str) -> list[Entry[Grid]]:
    """One f-puzzles object, a JSON list of them, or one object a line."""
    from grille.sudoku.formats.jsonfmt import split_items

    try:
        items = split_items(text)
    except json.JSONDecodeError as error:
        raise t.error(f"invalid JSON: {error.msg}", error.lineno - 1, error.colno) from None
    entries = []
    for offset, value in items:
        line, column = position(text, offset)
        try:
            grid = from_fpuzzles(value)
        except GrilleError as error:
            raise t.error(str(error), line - 1, column) from None
        entries.append(Entry(grid, t.base + line - 1, "fpuzzles"))
    return entries


def dump(grid: Grid) -> str:
    """The f-puzzles object of ``grid`` on one line."""
    return json.dumps(fpuzzles_of(grid), ensure_ascii=False)


def document(grids: Sequence[Grid]) -> str:
    """One object, or a JSON list of them, one a line."""
    if len(grids) == 1:
        return dump(grids[0])
    return "[\n" + ",\n".join(map(dump, grids)) + "\n]" if grids else "[]"


def parse_link(text: str, *, line: int = 1, source: str = "<input>") -> Grid:
    """The grid of one f-puzzles or SudokuPad link."""
    try:
        return read_link(text)[0]
    except GrilleError as error:
        column = len(text) - len(text.lstrip()) + 1
        raise Text([text], source, line).error(str(error), 0, column) from None


def read_fpuzzles_link(t: Text, text: str) -> list[Entry[Grid]]:
    return read_lines(t, "fpuzzles-link", parse_link)


def read_sudokupad(t: Text, text: str) -> list[Entry[Grid]]:
    return read_lines(t, "sudokupad", parse_link)


def dump_fpuzzles_link(grid: Grid) -> str:
    """``https://f-puzzles.com/?load=…``."""
    return link_of(grid)


def dump_sudokupad(grid: Grid) -> str:
    """``https://sudokupad.app/fpuzzles…``."""
    return link_of(grid, sudokupad=True)
