"""Lookahead, the named last resort: assume a digit, propagate, and find a contradiction.

Propagation here is line consistency on every row and column (what the line techniques
find, repeated to a fixed point) plus the unique-lines rule on finished lines.
"""

from __future__ import annotations

from grille.logic import Step
from grille.takuzu.grid import EMPTY, TakuzuGrid, cell_name
from grille.takuzu.lines import line_options
from grille.takuzu.logic.board import make_step

__all__ = ["lookahead", "propagate"]


def propagate(grid: TakuzuGrid, cells: list[int]) -> str | None:
    """Fill ``cells`` (in place) with what line consistency forces; the reason for a
    contradiction ("row 3 has no valid completion"), or ``None`` if there is none."""
    h, w = grid.height, grid.width
    queue = list(range(h + w))
    queued = set(queue)
    while queue:
        line = queue.pop()
        queued.discard(line)
        index = [line * w + c for c in range(w)] if line < h else [
            r * w + line - h for r in range(h)]
        name = f"row {line + 1}" if line < h else f"column {line - h + 1}"
        values = [cells[i] for i in index]
        if EMPTY in values:
            options = line_options(values)
            if options is None:
                return f"{name} has no valid completion"
            for k, (i, option) in enumerate(zip(index, options, strict=True)):
                if values[k] == EMPTY and option in (1, 2):
                    cells[i] = option - 1
                    other = h + i % w if line < h else i // w
                    if other not in queued:
                        queued.add(other)
                        queue.append(other)
            values = [cells[i] for i in index]
        if EMPTY not in values:
            if line_options(values) is None:
                return f"{name} breaks the rules"
            if grid.unique_lines and _has_twin(cells, h, w, line, values):
                return f"{name} would equal another finished line"
    return None


def _has_twin(cells: list[int], h: int, w: int, line: int, values: list[int]) -> bool:
    others = range(h) if line < h else range(h, h + w)
    for other in others:
        if other == line:
            continue
        index = [other * w + c for c in range(w)] if other < h else [
            r * w + other - h for r in range(h)]
        if [cells[i] for i in index] == values:
            return True
    return False


def lookahead(grid: TakuzuGrid) -> Step | None:
    """A cell where one digit leads, by propagation, to a contradiction: it holds the other."""
    for cell, value in enumerate(grid.cells):
        if value != EMPTY:
            continue
        row, col = divmod(cell, grid.width)
        for x in (0, 1):
            cells = list(grid.cells)
            cells[cell] = x
            reason = propagate(grid, cells)
            if reason is not None:
                places = [(row, col, 1 - x)]
                return make_step(
                    "Lookahead", 5.0, places, ((row, col),), f"{cell_name(row, col)}",
                    f"if {cell_name(row, col)} were {x}, filling in what follows would leave "
                    f"a contradiction ({reason}), so it is {1 - x}.",
                )
    return None
