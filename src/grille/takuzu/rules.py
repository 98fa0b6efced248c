"""The rules of Takuzu: violations, status, and the independent solution checker."""

from __future__ import annotations

from grille.kind import Status, Violation
from grille.takuzu.grid import EMPTY, TakuzuGrid, cell_name

__all__ = ["is_solution", "status", "violations"]


def _lines(grid: TakuzuGrid) -> list[tuple[str, list[tuple[int, int]]]]:
    """Every row and column as its name and its cells (row, col)."""
    rows = [(f"row {r + 1}", [(r, c) for c in range(grid.width)]) for r in range(grid.height)]
    cols = [(f"column {c + 1}", [(r, c) for r in range(grid.height)]) for c in range(grid.width)]
    return rows + cols


def violations(grid: TakuzuGrid) -> list[Violation]:
    """Every rule the filled cells of ``grid`` break."""
    found: list[Violation] = []
    complete: dict[tuple[str, tuple[int, ...]], str] = {}
    for name, cells in _lines(grid):
        values = [grid[r, c] for r, c in cells]
        for i in range(len(values) - 2):
            if values[i] != EMPTY and values[i] == values[i + 1] == values[i + 2]:
                trio = tuple(cells[i : i + 3])
                where = ", ".join(cell_name(r, c) for r, c in trio)
                found.append(Violation(f"three {values[i]}s next to each other in {name}: {where}",
                                       trio))
        half = len(values) // 2
        for digit in (0, 1):
            if values.count(digit) > half:
                found.append(Violation(
                    f"{name} holds {values.count(digit)} {digit}s, more than {half}",
                    tuple(cell for cell, v in zip(cells, values, strict=True) if v == digit),
                ))
        if grid.unique_lines and EMPTY not in values:
            key = (name.split()[0], tuple(values))
            if key in complete:
                other = complete[key]
                found.append(Violation(f"{other} and {name} are equal", tuple(cells)))
            else:
                complete[key] = name
    return found


def status(grid: TakuzuGrid) -> Status:
    """Solved, incomplete or invalid, by the rules alone."""
    if violations(grid):
        return Status.INVALID
    return Status.INCOMPLETE if EMPTY in grid.cells else Status.SOLVED


def is_solution(grid: TakuzuGrid) -> bool:
    """Whether ``grid`` is complete and obeys every rule it is played under."""
    rows = [grid.row(r) for r in range(grid.height)]
    cols = [grid.col(c) for c in range(grid.width)]
    for line in rows + cols:
        if EMPTY in line or 2 * sum(line) != len(line):
            return False
        if any(line[i] == line[i + 1] == line[i + 2] for i in range(len(line) - 2)):
            return False
    return not grid.unique_lines or (len(set(rows)) == len(rows) and len(set(cols)) == len(cols))
