"""Explained solving, rating and hints for Sudoku: the logic layer's public entry points.

Two ladders walk the same way, easiest step first:

- the *full* ladder, for :func:`explain` and :func:`hint` by default: every technique
  grille knows, including the ones players like that Sudoku Explainer (SE) lacks (finned
  fish, W-Wing, ALS, Sue de Coq, hidden unique rectangle, grouped chains); its values are
  grille's scale (SE's numbers where SE has the technique), so its explanation says
  ``scale="grille"`` and carries no rating: the rating is of the other ladder's path;
- the *rating* ladder of a scale, for :func:`rate`, the generator's levels, and
  :func:`explain` / :func:`hint` given that ``scale`` (so ``grille explain --scale se``
  shows exactly the path rated, ending on its ER). The ``se`` scale: SE's techniques only,
  in SE's order, so ER/EP/ED are comparable with published SE ratings: singles .. XYZ-Wing,
  unique rectangles and loops, quads, BUG, aligned pair exclusion, SE's chains, aligned
  triplet exclusion, then the forcing tiers. Its chains are SE's
  own producer (:func:`~grille.sudoku.logic.chains.cycles.forcing_chains_and_cycles`: X-/Y-cycles,
  forcing X-chains and mixed forcing chains, the easiest of them all), not grille's named
  chains, whose order and values differ (an XY-chain is 6.6+L in grille's named ladder, but
  SE only finds it as a mixed forcing chain, 7.0+L). See benchmarks/README.md for how far
  the ratings agree with SE's.
"""

from __future__ import annotations

import sys
from typing import Literal, overload

from grille.errors import GrilleError
from grille.hints import Hint, entry_mistakes, judged_hint
from grille.logic import Explanation, Step, walk
from grille.sudoku.grid import Grid
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.hodoku.scale import HodokuRating
from grille.sudoku.logic.rating import SCALES, Rating, rate_steps
from grille.sudoku.logic.techniques import GRILLE, HODOKU, MAX_NESTING, SudokuTechnique
from grille.sudoku.logic.techniques import ladder as _ladder

__all__ = ["MAX_NESTING", "SCALES", "explain", "hint", "ladder", "rate"]


def ladder(
    *, unique: bool, nesting: int = MAX_NESTING, rating: bool = False, scale: str = "se"
) -> tuple[SudokuTechnique, ...]:
    """Every technique, easiest first, ending with trial and error.

    Uniqueness techniques join only for a puzzle known to be unique. ``nesting`` (0 to 5)
    adds nested forcing chains up to that level (SE's 9.5 .. 11.x); the default is SE's
    whole ladder (5), a lower one caps it (0 stops at dynamic+, 9.x).
    ``rating`` walks the rating ladder of ``scale`` (one of :data:`SCALES`) instead of the
    full one (see :mod:`~grille.sudoku.logic.techniques`).
    """
    if scale not in SCALES:
        raise GrilleError(f"unknown rating scale {scale!r}: use one of {', '.join(SCALES)}")
    return _ladder(scale if rating else GRILLE, unique=unique, nesting=nesting)


def _is_unique(puzzle: Grid) -> bool:
    """Whether ``puzzle``'s clues have one solution.

    Once numba is loaded (the forcing and chain kernels load it on hard puzzles) the compiled
    solver is cheap, so it is used: the solver's "auto" choice would search interpreted,
    ~10 ms on a top1465 puzzle against ~0.3 ms compiled. Before that, "auto" spares a
    one-off rating of an easy puzzle the second numba takes to load.
    """
    from grille.sudoku.solver import solve

    backend = "jit" if "numba" in sys.modules else "auto"
    return solve(puzzle.clues_only(), limit=2, backend=backend).unique


def explain(
    puzzle: Grid, *, nesting: int = MAX_NESTING, rating: bool = False, scale: str | None = None
) -> Explanation[Grid]:
    """Solve ``puzzle`` step by step, the easiest technique first, each step explained.

    Without ``scale`` (and ``rating``) the full ladder walks, its steps valued on grille's
    scale. With ``scale`` (one of :data:`SCALES`; ``rating`` alone means ``se``) the rating
    ladder of that scale walks: exactly the path :func:`rate` rates, which the explanation
    carries as its ``rating`` (so its hardest step is the rating's ER).
    HoDoKu's scale walks HoDoKu's own path (its scans and singles queues), each step's
    difficulty its HoDoKu score.
    """
    rated = rating or scale is not None
    on = scale or SCALES[0]
    if on == HODOKU and rated:
        from grille.sudoku.logic.hodoku import explain_hodoku

        return explain_hodoku(puzzle)
    board = Board.from_grid(puzzle)
    steps = []
    techniques = ladder(unique=_is_unique(puzzle), nesting=nesting, rating=rated, scale=on)
    for step, after in walk(board, techniques):
        steps.append(step)
        board = after
    path = tuple(steps)
    return Explanation(
        path, board.solved, board.to_grid(puzzle), start=puzzle,
        scale=on if rated else GRILLE,
        rating=rate_steps(path, solved=board.solved, scale=on) if rated else None,
    )


@overload
def rate(
    puzzle: Grid, *, nesting: int = ..., scale: Literal["se", "sukaku"] | None = ...
) -> Rating: ...


@overload
def rate(puzzle: Grid, *, nesting: int = ..., scale: Literal["hodoku"]) -> HodokuRating: ...


@overload
def rate(puzzle: Grid, *, nesting: int = ..., scale: str | None = ...) -> Rating | HodokuRating: ...


def rate(
    puzzle: Grid, *, nesting: int = MAX_NESTING, scale: str | None = None
) -> Rating | HodokuRating:
    """The level and ER/EP/ED of ``puzzle`` on ``scale`` (see :data:`SCALES`; default
    ``se``), from the rating ladder: the rating of ``explain(puzzle, scale=scale)``; on
    HoDoKu's scale its level and score (``nesting`` does not apply)."""
    if scale == HODOKU:
        from grille.sudoku.logic.hodoku import rate_hodoku

        return rate_hodoku(puzzle)
    rated = explain(puzzle, nesting=nesting, rating=True, scale=scale).rating
    assert isinstance(rated, Rating)
    return rated


def _working_board(state: Grid) -> Board:
    """The player's board: their marks where they wrote some, the rules' candidates elsewhere."""
    if state.marks is None:
        return Board.from_grid(state)
    full = (1 << state.size) - 1
    marks = [mask or full for mask in state.marks]
    return Board.from_grid(state.with_marks(marks))


def hint(
    state: Grid, *, depth: int = 1, nesting: int = MAX_NESTING, scale: str | None = None
) -> Hint[Grid]:
    """The next hint for a player at ``state`` (clues, their entries and pencil marks),
    by the template of :func:`grille.hints.judged_hint`: the next step of the full ladder,
    or with ``scale`` of that scale's rating ladder (the step ``explain --scale`` shows
    next), nested forcing chains up to ``nesting``."""
    from grille.sudoku import rules
    from grille.sudoku.solver import solve

    result = solve(state.clues_only(), limit=2)

    def next_step() -> tuple[Step, Grid] | None:
        board = _working_board(state)
        techniques = ladder(unique=result.unique, nesting=nesting, rating=scale is not None,
                            scale=scale or SCALES[0])
        for technique in techniques:
            step = technique(board)
            if step is not None:
                return step, board.apply(step).to_grid(state)
        return None

    return judged_hint(
        state, depth, result,
        mistakes=lambda solution: entry_mistakes(
            state.cells, state.marks, solution.cells, state.size),
        violations=lambda: rules.violations(state),
        solvable=lambda: solve(state.with_marks(None), limit=1).count > 0,
        solved=0 not in state.cells,
        next_step=next_step,
    )
