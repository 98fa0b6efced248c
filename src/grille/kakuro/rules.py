"""The rules of Kakuro: violations, status, and the independent solution checker."""

from __future__ import annotations

from grille.kakuro.grid import KakuroGrid, Run
from grille.kind import Status, Violation

__all__ = ["is_solution", "status", "violations"]


def _digits(grid: KakuroGrid, run: Run) -> list[int]:
    cells = grid.cells
    return [cells[cell] for cell in run.cells if cells[cell]]


def violations(grid: KakuroGrid) -> list[Violation]:
    """Repeated digits in a run, runs over or under their sum, and with the
    distinct-combinations rule two complete runs of one sum and length using one digit set."""
    found = []
    cells = grid.cells
    complete: dict[tuple[int, int, frozenset[int]], Run] = {}
    for run in grid.runs:
        digits = _digits(grid, run)
        where = tuple(run.positions())
        seen: dict[int, list[int]] = {}
        for cell in run.cells:
            if cells[cell]:
                seen.setdefault(cells[cell], []).append(cell)
        for digit, members in seen.items():
            if len(members) > 1:
                names = " and ".join(grid.cell_name(cell) for cell in members)
                found.append(Violation(
                    f"{names} both hold {digit} in the {run.name} run",
                    tuple(divmod(cell, grid.cols) for cell in members),
                ))
        if not run.total:
            continue
        if len(digits) == run.length and sum(digits) != run.total:
            found.append(Violation(
                f"the {run.name} run adds up to {sum(digits)}, not {run.total}", where
            ))
        elif len(digits) < run.length and sum(digits) >= run.total:
            found.append(Violation(
                f"the {run.name} run already adds up to {sum(digits)} with empty cells left",
                where,
            ))
        if grid.distinct_combinations and len(digits) == run.length == len(set(digits)):
            key = (run.total, run.length, frozenset(digits))
            other = complete.get(key)
            if other is not None:
                found.append(Violation(
                    f"the {other.name} and {run.name} runs use the same digits "
                    f"({''.join(map(str, sorted(digits)))}), which the distinct-combinations "
                    "rule forbids",
                    (*other.positions(), *where),
                ))
            else:
                complete[key] = run
    return found


def status(grid: KakuroGrid) -> Status:
    """Solved, incomplete or invalid, by the rules alone."""
    if violations(grid):
        return Status.INVALID
    return Status.SOLVED if grid.complete else Status.INCOMPLETE


def is_solution(puzzle: KakuroGrid, solution: KakuroGrid) -> bool:
    """Whether ``solution`` fills every white cell of ``puzzle`` by the rules (checked
    directly from the layout, independently of the solver)."""
    if (puzzle.rows, puzzle.cols, puzzle.clues) != (solution.rows, solution.cols, solution.clues):
        return False
    cells = solution.cells
    for cell in puzzle.whites:
        given = puzzle.cells[cell]
        if not 1 <= cells[cell] <= 9 or (given and given != cells[cell]):
            return False
    sets: set[tuple[int, int, frozenset[int]]] = set()
    for run in puzzle.runs:
        digits = [cells[cell] for cell in run.cells]
        if len(set(digits)) != len(digits) or (run.total and sum(digits) != run.total):
            return False
        if puzzle.distinct_combinations and run.total:
            key = (run.total, run.length, frozenset(digits))
            if key in sets:
                return False
            sets.add(key)
    return True
