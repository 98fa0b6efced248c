"""What techniques read: the lines of a grid, and applying a step's placements."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from grille.logic import Step
from grille.takuzu.grid import EMPTY, TakuzuGrid, cell_name

__all__ = ["Line", "apply_step", "lines_of", "make_step", "values_of"]


@dataclass(frozen=True, slots=True)
class Line:
    """A row or column: its name ("row 3"), whether it is a row, and its cells (row, col)."""

    name: str
    is_row: bool
    index: int
    cells: tuple[tuple[int, int], ...]


@functools.cache
def lines_of(height: int, width: int) -> tuple[Line, ...]:
    """Every row, then every column, of a ``height`` x ``width`` grid."""
    rows = tuple(
        Line(f"row {r + 1}", True, r, tuple((r, c) for c in range(width))) for r in range(height)
    )
    cols = tuple(
        Line(f"column {c + 1}", False, c, tuple((r, c) for r in range(height)))
        for c in range(width)
    )
    return rows + cols


def values_of(grid: TakuzuGrid, line: Line) -> list[int]:
    """The values of ``line``'s cells in ``grid``."""
    return list(grid.row(line.index) if line.is_row else grid.col(line.index))


def parallel(grid: TakuzuGrid, line: Line) -> list[tuple[Line, list[int]]]:
    """The other complete lines of the same direction, with their values."""
    found = []
    for other in lines_of(grid.height, grid.width):
        if other.is_row == line.is_row and other.index != line.index:
            values = values_of(grid, other)
            if EMPTY not in values:
                found.append((other, values))
    return found


def make_step(
    technique: str,
    difficulty: float,
    placements: list[tuple[int, int, int]],
    cells: tuple[tuple[int, int], ...],
    unit: str,
    explanation: str,
) -> Step:
    """A step placing ``placements``, justified by ``cells`` of ``unit``."""
    return Step(
        technique=technique,
        placements=tuple(sorted(set(placements))),
        cells=cells,
        units=(unit,) if unit else (),
        explanation=explanation,
        difficulty=difficulty,
        area=unit or "the whole grid",
    )


def placed(placements: list[tuple[int, int, int]]) -> str:
    """``r1c2=0, r1c5=1`` for a list of placements."""
    return ", ".join(f"{cell_name(r, c)}={v}" for r, c, v in sorted(set(placements)))


def apply_step(grid: TakuzuGrid, step: Step) -> TakuzuGrid:
    """``grid`` with the step's placements written in."""
    cells = list(grid.cells)
    for r, c, v in step.placements:
        cells[r * grid.width + c] = v
    return grid.with_cells(cells)
