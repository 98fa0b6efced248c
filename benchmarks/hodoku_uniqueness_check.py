"""Check grille's HoDoKu uniqueness finders against hodoku-py's, state by state.

Usage::

    PYTHONPATH=src python benchmarks/hodoku_uniqueness_check.py LIMIT ORACLE_FILE...

ORACLE_FILE is one of the ``/work/oracle/hodoku_<set>.txt`` files with paths (tab-separated:
line, puzzle, level, score, seconds, path). The first LIMIT paths of each are replayed; before
every step that is not a single, each of the nine finders of ``logic/hodoku/uniqueness.py``
and hodoku-py's ``UniquenessSolver.get_step`` of the same type are asked, and their deletions
(in order) compared. Needs hodoku-py (``import hodoku``).
"""

from __future__ import annotations

import sys
from collections import Counter

from hodoku.core.grid import Grid as HodokuPyGrid
from hodoku.core.types import SolutionType
from hodoku.solver.uniqueness import UniquenessSolver

from grille.logic import Step
from grille.sudoku import parse
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.hodoku.state import HodokuGrid
from grille.sudoku.logic.hodoku.uniqueness import avoidable_rectangle, hodoku_rectangle

_NAMES = {
    SolutionType.UNIQUENESS_1: "Uniqueness Test 1",
    SolutionType.UNIQUENESS_2: "Uniqueness Test 2",
    SolutionType.UNIQUENESS_3: "Uniqueness Test 3",
    SolutionType.UNIQUENESS_4: "Uniqueness Test 4",
    SolutionType.UNIQUENESS_5: "Uniqueness Test 5",
    SolutionType.UNIQUENESS_6: "Uniqueness Test 6",
    SolutionType.HIDDEN_RECTANGLE: "Hidden Rectangle",
    SolutionType.AVOIDABLE_RECTANGLE_1: "Avoidable Rectangle 1",
    SolutionType.AVOIDABLE_RECTANGLE_2: "Avoidable Rectangle 2",
}


def _grille(name: str, board: Board, givens: int) -> Step | None:
    if name.startswith("Avoidable"):
        return avoidable_rectangle(board, givens, int(name[-1]))
    return hodoku_rectangle(name)(board)


def main() -> None:
    limit, paths = int(sys.argv[1]), sys.argv[2:]
    found: Counter[str] = Counter()
    differ: Counter[str] = Counter()
    states = 0
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            rows = [line.rstrip("\n").split("\t") for line in lines if not line.startswith("#")]
        for parts in [row for row in rows if len(row) >= 6][:limit]:
            puzzle, steps = parts[1], parts[5].split()
            mine = HodokuGrid(list(parse(puzzle).cells))
            theirs = HodokuPyGrid()
            theirs.set_sudoku(puzzle)
            givens = sum(1 << cell for cell, ch in enumerate(puzzle) if ch not in ".0")
            for number, step in enumerate(steps):
                kind, _, rest = step.partition(":")
                if kind not in ("HIDDEN_SINGLE", "NAKED_SINGLE", "FULL_HOUSE"):
                    states += 1
                    cells, marks = mine.cells_and_marks()
                    board = Board(parse(puzzle).shape, cells, marks)
                    solver = UniquenessSolver(theirs)
                    for kind_type, name in _NAMES.items():
                        want_step = solver.get_step(kind_type)
                        want = ([(c.index, c.value) for c in want_step.candidates_to_delete]
                                if want_step else None)
                        got_step = _grille(name, board, givens)
                        got = ([(r * 9 + c, d) for r, c, d in got_step.eliminations]
                               if got_step else None)
                        found[name] += want is not None
                        if want != got:
                            differ[name] += 1
                            print(f"  {name} {puzzle} before step {number}: "
                                  f"hodoku-py {want} grille {got}")
                for effect in rest.split(":"):
                    if effect.startswith("-"):
                        cell, digit = map(int, effect[1:].split("."))
                        mine.delete(cell, digit)
                        theirs.del_candidate(cell, digit)
                    else:
                        cell, digit = map(int, effect.split("="))
                        mine.place(cell, digit)
                        theirs.set_cell(cell, digit)
    print(f"{states} states; found by hodoku-py: {dict(found)}; differing: {dict(differ)}")


if __name__ == "__main__":
    main()
