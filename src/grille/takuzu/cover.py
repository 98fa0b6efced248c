"""Takuzu as exact cover with colours, on the XCC engine: the independent reference solver.

One option per row and valid row pattern consistent with the clues, one per column and
column pattern. Rows and columns are primary items; each cell is a secondary item coloured
by its digit, so a row's and a column's options agree where they cross; with the
unique-lines rule, each pattern is a secondary item of its direction (used at most once).
"""

from __future__ import annotations

from grille.engine import xcc
from grille.kind import Solutions
from grille.takuzu.grid import EMPTY, TakuzuGrid
from grille.takuzu.lines import patterns, to_cells

__all__ = ["problem", "solve"]


def problem(grid: TakuzuGrid) -> tuple[xcc.XCCProblem, list[tuple[bool, int, tuple[int, ...]]]]:
    """The XCC problem of ``grid`` and, per option, (is a row, index, the line's cells)."""
    h, w = grid.height, grid.width
    primary = [f"R{r}" for r in range(h)] + [f"C{c}" for c in range(w)]
    secondary = [f"x{r}_{c}" for r in range(h) for c in range(w)]
    if grid.unique_lines:
        secondary += [f"rp{p}" for p in patterns(w)] + [f"cp{p}" for p in patterns(h)]
    options: list[list[xcc.Entry]] = []
    meaning = []
    for is_row, count, length in ((True, h, w), (False, w, h)):
        for index in range(count):
            line = grid.row(index) if is_row else grid.col(index)
            for mask in patterns(length):
                cells = to_cells(mask, length)
                if any(v != EMPTY and v != x for v, x in zip(line, cells, strict=True)):
                    continue
                where = [(index, k) if is_row else (k, index) for k in range(length)]
                option: list[xcc.Entry] = [f"R{index}" if is_row else f"C{index}"]
                option += [(f"x{r}_{c}", str(x)) for (r, c), x in zip(where, cells, strict=True)]
                if grid.unique_lines:
                    option.append(f"{'rp' if is_row else 'cp'}{mask}")
                options.append(option)
                meaning.append((is_row, index, cells))
    return xcc.XCCProblem(primary, secondary, options), meaning


def solve(grid: TakuzuGrid, *, limit: int = 2, budget: int | None = None) -> Solutions[TakuzuGrid]:
    """Up to ``limit`` solutions (0 = all) by exact cover: slower, but independent."""
    cover, meaning = problem(grid)
    result = xcc.count(cover, limit=limit, budget=budget)
    found = []
    for chosen in result.found:
        cells = list(grid.cells)
        for option in chosen:
            is_row, index, line = meaning[option]
            if is_row:
                for c, x in enumerate(line):
                    cells[index * grid.width + c] = x
        found.append(grid.with_cells(cells))
    return Solutions(result.count, tuple(found), result.exhausted, result.nodes,
                     result.budget_reached)
