"""Explained solving, rating and hints for Kakuro: the logic layer's entry points."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from grille.hints import Hint, entry_mistakes, judged_hint
from grille.kakuro.grid import KakuroGrid
from grille.kakuro.logic.board import Board
from grille.kakuro.logic.rating import Rating, rate_steps
from grille.kakuro.logic.techniques import LADDER, TECHNIQUES, KakuroTechnique
from grille.logic import Explanation, Step
from grille.logic import walk as walk_ladder

__all__ = ["explain", "hint", "rate", "sweep_path", "walk"]


def walk(
    board: Board, ladder: Sequence[KakuroTechnique] = LADDER, *, sweep: bool = False,
    max_steps: int = 100_000,
) -> Iterator[tuple[Step, Board]]:
    """Each step the ladder finds with the board after it, until solved or stuck: the first
    step of the easiest technique that has one, or with ``sweep`` all of that technique's
    steps found on the same board (the shared :func:`grille.logic.walk`)."""
    return walk_ladder(board, ladder, sweep=sweep, max_steps=max_steps)


def explain(puzzle: KakuroGrid) -> Explanation[KakuroGrid]:
    """Solve ``puzzle`` step by step, the easiest technique first, each step explained."""
    board = Board.from_grid(puzzle)
    steps = []
    for step, after in walk(board):
        steps.append(step)
        board = after
    final = board.to_grid(puzzle)
    if board.solved:
        final = final.with_marks(None)
    return Explanation(tuple(steps), board.solved, final, start=puzzle)


def sweep_path(
    puzzle: KakuroGrid, ladder: Sequence[KakuroTechnique] = LADDER
) -> tuple[list[Step], Board]:
    """The steps of a sweep of ``ladder`` from the bare puzzle, and the board it ends on."""
    board = Board.from_grid(puzzle.puzzle_only())
    steps = []
    for step, after in walk(board, ladder, sweep=True):
        steps.append(step)
        board = after
    return steps, board


def rate(puzzle: KakuroGrid) -> Rating:
    """The level of ``puzzle``: the hardest technique a sweep of the ladder needs."""
    steps, board = sweep_path(puzzle)
    return rate_steps(steps, solved=board.solved)


def hint(state: KakuroGrid, *, depth: int = 1) -> Hint[KakuroGrid]:
    """The next hint for a player at ``state`` (their digits and pencil marks), by the
    template of :func:`grille.hints.judged_hint`."""
    from grille.kakuro import rules
    from grille.kakuro.solver import solve

    def next_step() -> tuple[Step, KakuroGrid] | None:
        board = Board.from_grid(state, marks=True)
        for technique in TECHNIQUES:
            step = next(technique(board), None)
            if step is not None:
                return step, board.apply(step).to_grid(state)
        return None

    return judged_hint(
        state, depth, solve(state.puzzle_only(), limit=2),
        mistakes=lambda solution: entry_mistakes(
            state.cells, state.marks, solution.cells, state.cols, cells=state.whites),
        violations=lambda: rules.violations(state),
        solvable=lambda: solve(state.with_marks(None), limit=1).count > 0,
        solved=all(state.cells[cell] for cell in state.whites),
        next_step=next_step,
    )
