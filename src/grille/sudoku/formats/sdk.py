"""The ``sdk`` format of SadMan and SudoCue: ``#A author``-style metadata lines, then the rows."""

from __future__ import annotations

from dataclasses import replace

from grille.kind import Entry
from grille.sudoku.formats import grid as grid_format
from grille.sudoku.formats._rows import read_blocks, read_char_grid
from grille.sudoku.formats._text import Text, one_line, parse_one
from grille.sudoku.grid import Grid

_KEYS = {
    "A": "author",
    "B": "date",
    "C": "comment",
    "D": "description",
    "L": "level",
    "S": "source",
    "U": "url",
}
_CODES = {key: code for code, key in _KEYS.items()}


def parse_sdk(text: str, *, line: int = 1, source: str = "<input>") -> Grid:
    """A grid from SadMan's ``.sdk`` format: ``#A author``-style lines, then the rows."""
    return parse_one(read, text, line, source)


def sdk_item(line: str) -> tuple[str, str] | None:
    """The metadata ``(key, value)`` of an ``#A author``-style line, if it is one."""
    stripped = line.strip()
    if len(stripped) < 2 or stripped[0] != "#" or not "A" <= stripped[1] <= "Z":
        return None
    return _KEYS.get(stripped[1], stripped[1]), stripped[2:].strip()


def read(t: Text, text: str) -> list[Entry[Grid]]:
    return read_blocks(t, "sdk", _read_puzzle)


def _read_puzzle(t: Text, index: int) -> tuple[Grid, int]:
    """The metadata lines and the rows of one puzzle from line ``index`` on."""
    metadata = []
    while index < len(t.lines) and t.lines[index].lstrip().startswith("#"):
        item = sdk_item(t.lines[index])
        if item is not None:
            metadata.append(item)
        index = t.skip(index + 1)
    grid, index = read_char_grid(t, index)
    return replace(grid, metadata=tuple(metadata)), index


def dump(grid: Grid) -> str:
    lines = []
    for key, value in grid.metadata:
        code = _CODES.get(key) or (key if len(key) == 1 and "A" <= key <= "Z" else None)
        lines.append(f"#{code}{one_line(value)}" if code else f"#C{key}: {one_line(value)}")
    return "\n".join([*lines, grid_format.dump(grid)])
