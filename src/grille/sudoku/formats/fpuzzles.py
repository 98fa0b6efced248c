"""The f-puzzles formats: ``fpuzzles`` (its JSON object), ``fpuzzles-link`` and ``sudokupad``
(links carrying that object, lz-string compressed; one a line). See
:mod:`grille.sudoku.variants.fpuzzles`."""

from __future__ import annotations

import json
from collections.abc import Sequence

from grille.errors import GrilleError
from grille.jsonitems import raw_decode
from grille.kind import Entry
from grille.sudoku.formats._text import Text, position, read_lines
from grille.sudoku.grid import Grid
from grille.sudoku.variants.fpuzzles import (
    fpuzzles_of,
    from_fpuzzles,
    link_of,
    read_link,
)


def read(t: Text, text: str) -> list[Entry[Grid]]:
    """One f-puzzles object, a JSON list of them, or one object a line (JSON lines); an object
    holding the puzzle under ``fpuzzles`` (the shared data's records) is read for it."""
    try:
        items = _objects(text)
    except json.JSONDecodeError as error:
        raise t.error(f"invalid JSON: {error.msg}", error.lineno - 1, error.colno) from None
    entries = []
    for offset, value in items:
        line, column = position(text, offset)
        if isinstance(value, dict) and "fpuzzles" in value and "grid" not in value:
            value = value["fpuzzles"]
        try:
            grid = from_fpuzzles(value)
        except GrilleError as error:
            raise t.error(str(error), line - 1, column) from None
        entries.append(Entry(grid, t.base + line - 1, "fpuzzles"))
    return entries


def _objects(text: str) -> list[tuple[int, object]]:
    """The JSON values of ``text`` with their offsets: a list's items, else each value."""
    from grille.sudoku.formats.jsonfmt import split_items

    start = len(text) - len(text.lstrip())
    if text.startswith("[", start):
        return split_items(text)
    items: list[tuple[int, object]] = []
    index = start
    while index < len(text):
        value, end = raw_decode(text, index)
        items.append((index, value))
        index = end + len(text[end:]) - len(text[end:].lstrip())
    if not items:
        raise json.JSONDecodeError("Expecting value", text, start)
    return items


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
