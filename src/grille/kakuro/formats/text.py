"""The text grid (``text``, with pencil marks ``marks``), its CSV variant, and the bare
``solution`` grid whose clues are derived from its digits."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from grille.errors import GrilleError, ParseError, quoted
from grille.kakuro.formats._tokens import Cell, cell_token, parse_token
from grille.kakuro.grid import Clue, KakuroGrid

__all__ = [
    "RULES_DISTINCT",
    "Row",
    "build_grid",
    "dump_csv",
    "dump_solution",
    "dump_text",
    "header_item",
    "parse_rows",
    "read_csv",
    "read_solution",
    "read_text",
    "split_csv",
    "split_text",
]

RULES_DISTINCT = "distinct-combinations"
"""The value of the ``rules`` field that switches on the distinct-combinations rule."""

_HEADER_RE = re.compile(r"#\s*([A-Za-z][\w-]*)\s*:\s*(.*)")
_TOKEN_RE = re.compile(r"\S+")


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a grid: its 1-based number and its tokens with their 1-based columns."""

    line: int
    tokens: tuple[tuple[int, str], ...]


def header_item(line: str) -> tuple[str, str] | None:
    """``(key, value)`` of a ``# key: value`` header line, else ``None``."""
    match = _HEADER_RE.fullmatch(line.strip())
    return (match[1].lower(), match[2].strip()) if match else None


def split_text(line: str, number: int) -> Row:
    """The whitespace-separated tokens of a line."""
    return Row(number, tuple((m.start() + 1, m[0]) for m in _TOKEN_RE.finditer(line)))


def split_csv(line: str, number: int) -> Row:
    """The comma-separated fields of a line (an empty field is a white cell)."""
    tokens = []
    column = 1
    for field in line.rstrip("\r\n").split(","):
        stripped = field.strip()
        tokens.append((column + len(field) - len(field.lstrip()), stripped))
        column += len(field) + 1
    return Row(number, tuple(tokens))


def parse_rows(rows: Sequence[Row], source: str) -> list[list[Cell]]:
    """Every token parsed; rows must be equally long."""
    width = len(rows[0].tokens)
    parsed = []
    for row in rows:
        if len(row.tokens) != width:
            column = row.tokens[min(width, len(row.tokens) - 1)][0] if row.tokens else 1
            raise ParseError(
                f"row has {len(row.tokens)} cells, the first row has {width}",
                line=row.line, column=column, source=source,
            )
        parsed.append([
            parse_token(token, line=row.line, column=column, source=source)
            for column, token in row.tokens
        ])
    return parsed


def build_grid(
    rows: Sequence[Row],
    source: str,
    *,
    metadata: Sequence[tuple[str, str]] = (),
    distinct: bool = False,
) -> KakuroGrid:
    """The grid the rows spell, every clue checked to head a run."""
    cells = parse_rows(rows, source)
    height, width = len(cells), len(cells[0])
    clues: list[Clue | None] = [cell[0] for line in cells for cell in line]
    values = [cell[1] for line in cells for cell in line]
    marks = [cell[2] for line in cells for cell in line]
    for r, line in enumerate(cells):
        for c, (clue, _, _) in enumerate(line):
            if clue is None:
                continue
            down, right = clue
            right_white = c + 1 < width and clues[r * width + c + 1] is None
            down_white = r + 1 < height and clues[(r + 1) * width + c] is None
            for total, white, name in ((right, right_white, "right"), (down, down_white, "down")):
                if total and not white:
                    raise _runless_clue(rows, r, c, name, source)
    return KakuroGrid(
        height,
        width,
        tuple(clues),
        tuple(values) if any(values) else None,
        tuple(marks) if any(marks) else None,
        distinct,
        tuple(metadata),
    )


def _runless_clue(rows: Sequence[Row], r: int, c: int, direction: str, source: str) -> ParseError:
    """The error for the clue at row ``r``, column ``c`` whose ``direction`` run has no white
    cell: reported at the cell that should be white (a block, say an ``x`` typed for an empty
    cell), or at the clue when the grid ends there."""
    column, token = rows[r].tokens[c]
    r2, c2 = (r, c + 1) if direction == "right" else (r + 1, c)
    if r2 < len(rows) and c2 < len(rows[r2].tokens):
        next_column, next_token = rows[r2].tokens[c2]
        where = "left of it" if direction == "right" else "above it"
        return ParseError(
            f"{quoted(next_token)} is a block, but the clue {quoted(token)} {where} (line "
            f"{rows[r].line}, "
            f"column {column}) sums a {direction} run starting here: expected a white cell "
            "('.' or a digit)",
            line=rows[r2].line, column=next_column, source=source,
        )
    edge = "right edge" if direction == "right" else "bottom"
    return ParseError(
        f"clue {quoted(token)} sums a {direction} run, but it is at the grid's {edge}",
        line=rows[r].line, column=column, source=source,
    )


def _paragraphs(text: str) -> list[list[tuple[int, str]]]:
    """Groups of non-blank lines with their 1-based numbers."""
    groups: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            current.append((number, line))
        elif current:
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    return groups


def _read_grids(text: str, source: str, *, csv: bool) -> list[tuple[KakuroGrid, int]]:
    found = []
    for group in _paragraphs(text):
        metadata: list[tuple[str, str]] = []
        distinct = False
        body: list[Row] = []
        for number, line in group:
            item = header_item(line) if not body else None
            if item is None:
                body.append(split_csv(line, number) if csv else split_text(line, number))
                continue
            key, value = item
            if key == "rules":
                distinct = _rules(value, number, source)
            else:
                metadata.append((key, value))
        if body:
            grid = build_grid(body, source, metadata=metadata, distinct=distinct)
            found.append((grid, body[0].line))
    return found


def _rules(value: str, line: int, source: str) -> bool:
    words = {word.strip().lower() for word in value.replace(",", " ").split()}
    unknown = words - {RULES_DISTINCT, "standard"}
    if unknown:
        raise ParseError(
            f"unknown rule {sorted(unknown)[0]!r} (known: {RULES_DISTINCT}, standard)",
            line=line, source=source,
        )
    return RULES_DISTINCT in words


def read_text(text: str, source: str) -> list[tuple[KakuroGrid, int]]:
    """Grids in the text format, separated by blank lines, with ``# key: value`` headers."""
    return _read_grids(text, source, csv=False)


def read_csv(text: str, source: str) -> list[tuple[KakuroGrid, int]]:
    """Grids in the CSV variant."""
    return _read_grids(text, source, csv=True)


def _header(grid: KakuroGrid) -> list[str]:
    lines = [f"# {key}: {value}" for key, value in grid.metadata
             if key not in ("solution", "rules")
             and len(f"# {key}: {value}".splitlines()) == 1]  # no U+2028 or other break
    if grid.distinct_combinations:
        lines.append(f"# rules: {RULES_DISTINCT}")
    return lines


def dump_text(grid: KakuroGrid, *, marks: bool = False, header: bool = True) -> str:
    """The grid as aligned tokens; digits in filled white cells, marks if asked."""
    tokens = [cell_token(grid, cell, marks=marks) for cell in range(grid.rows * grid.cols)]
    widths = [
        max(len(tokens[r * grid.cols + c]) for r in range(grid.rows)) for c in range(grid.cols)
    ]
    lines = _header(grid) if header else []
    for r in range(grid.rows):
        row = tokens[r * grid.cols:(r + 1) * grid.cols]
        lines.append(" ".join(t.ljust(w) for t, w in zip(row, widths, strict=True)).rstrip())
    return "\n".join(lines)


def dump_csv(grid: KakuroGrid) -> str:
    """The grid as comma-separated tokens, an empty field for an empty white cell."""
    lines = _header(grid)
    for r in range(grid.rows):
        line = ",".join(cell_token(grid, r * grid.cols + c, white="") for c in range(grid.cols))
        lines.append(line or ".")  # a blank line would end the grid
    return "\n".join(lines)


def dump_solution(grid: KakuroGrid) -> str:
    """``#`` for every non-white cell, the digit of every white cell; ``GrilleError`` when a
    white cell is empty, as the format cannot hold it (the clues come from the digits)."""
    cells = grid.cells
    empty = next((cell for cell in grid.whites if not cells[cell]), None)
    if empty is not None:
        raise GrilleError(
            f"the solution format holds filled grids only; {grid.cell_name(empty)} is empty"
        )
    return "\n".join(
        " ".join(
            "#" if grid.clues[cell] is not None else str(cells[cell])
            for cell in range(r * grid.cols, (r + 1) * grid.cols)
        )
        for r in range(grid.rows)
    )


def solution_grid(rows: Sequence[Row], source: str) -> KakuroGrid:
    """A filled grid from ``#`` and digit tokens; every run of 2+ cells gets its sum as clue."""
    cells = parse_rows(rows, source)
    height, width = len(cells), len(cells[0])
    values = [cell[1] for line in cells for cell in line]
    white = [cell[0] is None for line in cells for cell in line]
    for r, line in enumerate(cells):
        for c, (clue, value, _) in enumerate(line):
            if clue is None and not value:
                column, token = rows[r].tokens[c]
                raise ParseError(
                    f"a solution grid needs a digit in every white cell, got {quoted(token)}",
                    line=rows[r].line, column=column, source=source,
                )
            if clue is not None and clue != (0, 0):
                column, token = rows[r].tokens[c]
                raise ParseError(
                    f"a solution grid has no clues, got {quoted(token)}",
                    line=rows[r].line, column=column, source=source,
                )

    def run_sum(cell: int, step: int, limit: int) -> int:
        total, count, index = 0, 0, cell
        while index < limit and white[index] and (step != 1 or index // width == cell // width):
            total += values[index]
            count += 1
            index += step
        return total if count >= 2 else 0

    clues: list[Clue | None] = []
    for cell in range(height * width):
        if white[cell]:
            clues.append(None)
            continue
        right = run_sum(cell + 1, 1, height * width) if (cell + 1) % width else 0
        down = run_sum(cell + width, width, height * width)
        clues.append((down, right))
    return KakuroGrid(height, width, tuple(clues), tuple(values))


def read_solution(text: str, source: str) -> list[tuple[KakuroGrid, int]]:
    """Filled grids of ``#`` and digits, separated by blank lines."""
    found = []
    for group in _paragraphs(text):
        rows = [split_text(line, number) for number, line in group]
        found.append((solution_grid(rows, source), rows[0].line))
    return found
