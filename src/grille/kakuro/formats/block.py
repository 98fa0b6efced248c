"""Block format v1 of the shared data: records of ``key: value`` lines, ``puzzle:`` and
``solution:`` grids, separated by blank lines, after an optional ``#`` header."""

from __future__ import annotations

import re
from dataclasses import replace

from grille.errors import ParseError, quoted
from grille.kakuro.formats.text import (
    RULES_DISTINCT,
    Row,
    build_grid,
    dump_solution,
    dump_text,
    parse_rows,
    split_text,
)
from grille.kakuro.grid import KakuroGrid

__all__ = ["dump_block", "looks_like_block", "read_block"]

_KEY_RE = re.compile(r"([A-Za-z][\w-]*):\s*(.*)")
_KEYS = ("id", "size", "source", "label", "stats", "rules", "puzzle", "solution")


def looks_like_block(lines: list[str]) -> bool:
    """Whether some line starts a record field (``id:``, ``size:`` or ``puzzle:``)."""
    return any(re.match(r"(id|size|puzzle)\s*:", line) for line in lines)


def read_block(text: str, source: str) -> list[tuple[KakuroGrid, int]]:
    """Every record's puzzle, its listed solution kept as the ``solution`` metadata."""
    lines = text.splitlines()
    index = 0
    if lines and lines[0].startswith("#"):
        while index < len(lines) and lines[index].strip():
            index += 1
    found = []
    while index < len(lines):
        if not lines[index].strip():
            index += 1
            continue
        start = index
        while index < len(lines) and lines[index].strip():
            index += 1
        found.append((_record(lines, start, index, source), start + 1))
    return found


def _record(lines: list[str], start: int, end: int, source: str) -> KakuroGrid:
    metadata: list[tuple[str, str]] = []
    size: tuple[int, int] | None = None
    distinct = False
    grids: dict[str, list[Row]] = {}
    section: str | None = None
    for index in range(start, end):
        line = lines[index]
        match = _KEY_RE.fullmatch(line.strip())
        if match and (section is None or match[1] in ("puzzle", "solution")):
            key, value = match[1], match[2].strip()
            if key in ("puzzle", "solution"):
                section = key
                grids[key] = []
            elif key == "size":
                size = _size(value, index + 1, line, source)
            elif key == "rules":
                distinct = RULES_DISTINCT in value.lower()
            else:
                metadata.append((key, value))
            continue
        if section is None:
            raise ParseError(
                f"expected 'key: value' or 'puzzle:', got {quoted(line.strip())}",
                line=index + 1, source=source,
            )
        grids[section].append(split_text(line, index + 1))
    puzzle_rows = grids.get("puzzle")
    if not puzzle_rows:
        raise ParseError("record without a puzzle: grid", line=start + 1, source=source)
    grid = build_grid(puzzle_rows, source, metadata=metadata, distinct=distinct)
    if size is not None and size != (grid.rows, grid.cols):
        raise ParseError(
            f"size says {size[0]}x{size[1]} but the puzzle is {grid.rows}x{grid.cols}",
            line=puzzle_rows[0].line, source=source,
        )
    solution_rows = grids.get("solution")
    if solution_rows:
        listed = ("solution", _solution(grid, solution_rows, source))
        grid = replace(grid, metadata=(*grid.metadata, listed))
    return grid


def _size(value: str, line: int, text: str, source: str) -> tuple[int, int]:
    parts = value.split()
    if len(parts) != 2 or not all(part.isdigit() for part in parts):
        raise ParseError(
            f"size is 'rows cols', got {quoted(value)}", line=line,
            column=text.index(value) + 1 if value in text else 1, source=source,
        )
    return int(parts[0]), int(parts[1])


def _solution(grid: KakuroGrid, rows: list[Row], source: str) -> str:
    """The listed solution as one string, ``#`` for non-white cells, row-major."""
    cells = parse_rows(rows, source)
    if (len(cells), len(cells[0])) != (grid.rows, grid.cols):
        raise ParseError(
            f"the solution is {len(cells)}x{len(cells[0])}, the puzzle {grid.rows}x{grid.cols}",
            line=rows[0].line, source=source,
        )
    chars = []
    for r, line in enumerate(cells):
        for c, (clue, value, _) in enumerate(line):
            white = grid.clues[r * grid.cols + c] is None
            if white != (clue is None) or (white and not value):
                column, token = rows[r].tokens[c]
                raise ParseError(
                    f"solution cell {quoted(token)} does not fit the puzzle's cell",
                    line=rows[r].line, column=column, source=source,
                )
            chars.append(str(value) if white else "#")
    return "".join(chars)


def dump_block(grid: KakuroGrid, number: int = 1) -> str:
    """One record: fields, ``puzzle:`` grid and, when known, ``solution:`` grid."""
    lines = [f"id: {grid.meta('id') or f'kakuro-{number}'}", f"size: {grid.rows} {grid.cols}"]
    lines += [f"{k}: {v}" for k, v in grid.metadata
              if k not in ("id", "size", "rules", "puzzle", "solution")]
    if grid.distinct_combinations:
        lines.append(f"rules: {RULES_DISTINCT}")
    lines.append("puzzle:")
    solved = grid.values is not None and grid.complete
    puzzle = grid.with_values(None) if solved else grid
    lines.append(dump_text(replace(puzzle, marks=None), header=False))
    solution = grid if solved else grid.listed_solution()
    if solution is not None:
        lines.append("solution:")
        lines.append(dump_solution(solution))
    return "\n".join(lines)
