"""The rows format: rows of ``0``, ``1`` and ``.`` (spaces optional), one puzzle per block;
and the marks format: the same rows with each empty cell's pencil marks as ``[01]``, ``[0]``,
``[1]`` or ``[]`` (``.``: an empty cell whose marks are not known).

Blocks are separated by blank lines. A comment ``# rules: no-unique-lines`` (or
``unique-lines``) sets the third rule for the puzzles after it; ``# key: value`` comments
before a block become its metadata; other ``#`` lines are ignored.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from grille.errors import ParseError
from grille.kind import Entry
from grille.takuzu.formats._text import (
    VALUES,
    decode_marks_row,
    decode_row,
    rules_comment,
    write_with_rules,
)
from grille.takuzu.grid import CHARS, EMPTY, TakuzuGrid

__all__ = ["dump", "dump_marks", "looks_like_marks", "looks_like_rows", "read", "write",
           "write_marks"]

_META_RE = re.compile(r"#\s*([A-Za-z_][\w-]*)\s*:\s*(.*?)\s*")
_ROW_CHARS = frozenset("01. \t")
_MARKS_ROW_RE = re.compile(r"\s*(?:(?:\[[01]{0,2}\]|[01.])\s*)+")


def read(text: str, source: str) -> list[Entry[TakuzuGrid]]:
    """Every puzzle of ``text`` in the rows format."""
    lines = text.splitlines()
    entries: list[Entry[TakuzuGrid]] = []
    unique = True
    metadata: list[tuple[str, str]] = []
    index = 0
    while index < len(lines):
        stripped = lines[index].strip()
        if not stripped:
            index += 1
            continue
        if stripped.startswith("#"):
            rule = rules_comment(stripped)
            if rule is not None:
                unique = rule
            elif (match := _META_RE.fullmatch(stripped)) is not None:
                metadata.append((match[1], match[2]))
            index += 1
            continue
        start = index
        while index < len(lines) and lines[index].strip() and not _comment(lines[index]):
            index += 1
        marked = any("[" in line for line in lines[start:index])
        rows: list[list[int]] = []
        marks: list[int] = []
        for number in range(start + 1, index + 1):
            row, row_marks, columns = _decode(lines[number - 1], number, source, marked=marked)
            if rows and len(row) != len(rows[0]):
                width = len(rows[0])
                column = columns[width] if len(row) > width else len(lines[number - 1].rstrip()) + 1
                raise ParseError(
                    f"row of {len(row)} cells, the rows above have {width}: "
                    f"{lines[number - 1].strip()!r}", line=number, column=column, source=source,
                )
            rows.append(row)
            marks.extend(row_marks)
        end = (index, len(lines[index - 1].rstrip()) + 1)
        grid = _grid(rows, unique, tuple(metadata), start, end, source)
        if marked:
            grid = grid.with_marks(marks)
        entries.append(Entry(grid, start + 1, "marks" if marked else "rows"))
        metadata = []
    return entries


def _decode(
    line: str, number: int, source: str, *, marked: bool
) -> tuple[list[int], list[int], list[int]]:
    """A row's values, pencil marks and cell columns (marks read only in a ``marked`` block)."""
    if marked:
        return decode_marks_row(line, line=number, source=source)
    row = decode_row(line, line=number, source=source)
    columns = [column for column, char in enumerate(line, 1) if char not in " \t"]
    return row, [0] * len(row), columns


def _comment(line: str) -> bool:
    return line.lstrip().startswith("#")


def _grid(
    rows: list[list[int]], unique: bool, metadata: tuple[tuple[str, str], ...], start: int,
    end: tuple[int, int], source: str,
) -> TakuzuGrid:
    """The grid of ``rows`` (lines ``start + 1`` to ``end[0]``); a grid of odd sides is
    reported at its end, where the reader found it out."""
    height, width = len(rows), len(rows[0])
    if height % 2 or width % 2 or height < 2:
        lines = f"line {start + 1}" if height == 1 else f"lines {start + 1}-{end[0]}"
        raise ParseError(
            f"a Takuzu grid has an even number of rows and columns; the grid on {lines} is "
            f"{height}x{width}", line=end[0], column=end[1], source=source,
        )
    cells = tuple(v for row in rows for v in row)
    return TakuzuGrid(height, width, cells, unique_lines=unique, metadata=metadata)


def dump(grid: TakuzuGrid) -> str:
    """The grid as rows, after its metadata as ``# key: value`` lines."""
    meta = "".join(f"# {key}: {value}\n" for key, value in grid.metadata if _safe(key, value))
    return meta + grid.rows_text()


def dump_marks(grid: TakuzuGrid) -> str:
    """The grid's rows with the pencil marks of its empty cells (``.`` where none are known),
    in aligned columns, after its metadata."""
    marks = grid.marks
    tokens = [
        CHARS[value] if value != EMPTY or marks is None
        else "[" + "".join(str(v) for v in (0, 1) if marks[cell] >> v & 1) + "]"
        for cell, value in enumerate(grid.cells)
    ]
    widths = [max(len(tokens[r * grid.width + c]) for r in range(grid.height))
              for c in range(grid.width)]
    rows = [
        " ".join(tokens[r * grid.width + c].ljust(widths[c]) for c in range(grid.width)).rstrip()
        for r in range(grid.height)
    ]
    meta = "".join(f"# {key}: {value}\n" for key, value in grid.metadata if _safe(key, value))
    return meta + "\n".join(rows)


def _safe(key: str, value: str) -> bool:
    """Whether ``# key: value`` reads back as that one metadata line: no line break of any
    kind ``str.splitlines`` splits at (U+2028, form feed ...) in it."""
    line = f"# {key}: {value}"
    return (_META_RE.fullmatch(line) is not None and len(line.splitlines()) == 1
            and key.lower() != "rules")


def write(grids: Sequence[TakuzuGrid]) -> str:
    """Blocks separated by blank lines, rules comments where the rule changes."""
    return write_with_rules([(g.unique_lines, dump(g)) for g in grids], "\n\n")


def write_marks(grids: Sequence[TakuzuGrid]) -> str:
    """Blocks with pencil marks, separated by blank lines, rules comments where the rule
    changes."""
    return write_with_rules([(g.unique_lines, dump_marks(g)) for g in grids], "\n\n")


def looks_like_marks(lines: list[str], index: int) -> bool:
    """Whether the block at line ``index`` is an even grid of rows of cells with pencil marks
    like ``[01]`` (at least one)."""
    rows = []
    for line in lines[index:]:
        if not line.strip() or line.lstrip().startswith("#"):
            break
        if not _MARKS_ROW_RE.fullmatch(line):
            return False
        rows.append(len(re.findall(r"\[[01]*\]|[01.]", line)))
    marked = any("[" in line for line in lines[index : index + len(rows)])
    return marked and len(rows) >= 2 and not len(rows) % 2 and not rows[0] % 2 and (
        len(set(rows)) == 1
    )


def looks_like_rows(lines: list[str], index: int) -> bool:
    """Whether the block at line ``index`` is an even grid of 0/1/. rows holding a 0 and a 1."""
    rows = []
    for line in lines[index:]:
        if not line.strip() or line.lstrip().startswith("#"):
            break
        if not _ROW_CHARS.issuperset(line.strip()):
            return False
        rows.append(line.replace(" ", "").replace("\t", ""))
    if len(rows) < 2 or len(rows) % 2 or len(rows[0]) % 2:
        return False
    chars = "".join(rows)
    return all(len(row) == len(rows[0]) for row in rows) and "0" in chars and "1" in chars and (
        set(chars) <= set(VALUES)
    )
