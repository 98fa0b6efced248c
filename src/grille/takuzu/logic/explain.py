"""Explained solving, rating and hints for Takuzu: the logic layer's entry points."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from grille.hints import Hint, entry_mistakes, judged_hint
from grille.logic import Explanation, Step, Technique
from grille.logic import walk as walk_ladder
from grille.takuzu.grid import EMPTY, TakuzuGrid, cell_name
from grille.takuzu.logic.board import apply_step, make_step
from grille.takuzu.logic.lookahead import lookahead
from grille.takuzu.logic.rating import LEVEL_NAMES, LEVELS, Rating, rate_steps
from grille.takuzu.logic.techniques import (
    duplicate_line,
    gap_counting,
    last_cell,
    line_balance,
    line_completions,
    needs_one_more,
    pair,
    sandwich,
)

__all__ = ["LADDER", "TakuzuTechnique", "explain", "hint", "ladder_for", "rate", "walk"]

TakuzuTechnique = Technique[TakuzuGrid]
"""A technique looks at a grid and returns its first step, or ``None``."""

TRIAL_AND_ERROR = 6.0


def trial_and_error(grid: TakuzuGrid) -> Step | None:
    """The exact solver's value for the first empty cell (only for a unique puzzle)."""
    from grille.takuzu.solver import solve

    result = solve(grid, limit=2)
    if not result.unique or result.solution is None:
        return None
    cell = grid.cells.index(EMPTY)
    row, col = divmod(cell, grid.width)
    value = result.solution.cells[cell]
    return make_step(
        "Trial and error", TRIAL_AND_ERROR, [(row, col, value)], ((row, col),),
        cell_name(row, col),
        f"no line technique or single lookahead applies; searching shows {cell_name(row, col)} "
        f"is {value}.",
    )


_SCALE = frozenset({"grille"})

LADDER: tuple[TakuzuTechnique, ...] = (
    Technique("Pair", pair, (1.0,), _SCALE),
    Technique("Sandwich", sandwich, (1.1,), _SCALE),
    Technique("Last empty cell", last_cell, (1.2,), _SCALE),
    Technique("Line balance", line_balance, (1.5,), _SCALE),
    Technique("Duplicate line", duplicate_line, (2.0,), _SCALE),
    Technique("Needs one more", needs_one_more, (3.0,), _SCALE),
    Technique("Gap counting", gap_counting, (3.5,), _SCALE),
    Technique("Line completions", line_completions, (4.0,), _SCALE),
    Technique("Lookahead", lookahead, (5.0,), _SCALE),
    Technique("Trial and error", trial_and_error, (TRIAL_AND_ERROR,), _SCALE, unique=True),
)
"""Every technique, declared once with its value, easiest first."""


def ladder_for(level: str) -> tuple[TakuzuTechnique, ...]:
    """The techniques a puzzle of ``level`` may need (every one for ``any``)."""
    if level == "any":
        return LADDER
    if level not in LEVEL_NAMES:
        raise ValueError(f"unknown Takuzu level {level!r}; known: {', '.join(LEVEL_NAMES)}")
    ceiling = dict(LEVELS)[level]
    return tuple(t for t in LADDER if t.value <= ceiling)


def _solved(grid: TakuzuGrid) -> bool:
    return EMPTY not in grid.cells


def walk(
    grid: TakuzuGrid, ladder: Sequence[TakuzuTechnique]
) -> Iterator[tuple[Step, TakuzuGrid]]:
    """Each step the ladder finds, with the grid after it, until solved or stuck (the shared
    :func:`grille.logic.walk` on a Takuzu grid)."""
    return walk_ladder(grid, ladder, solved=_solved, apply=apply_step)


def explain(
    puzzle: TakuzuGrid, ladder: Sequence[TakuzuTechnique] = LADDER
) -> Explanation[TakuzuGrid]:
    """Solve ``puzzle`` step by step, the easiest technique first, each step explained;
    on the whole :data:`LADDER` that is the path :func:`rate` rates, and the explanation
    carries its rating."""
    grid = puzzle
    steps = []
    for step, after in walk(puzzle, ladder):
        steps.append(step)
        grid = after
    solved = EMPTY not in grid.cells
    rating = rate_steps(steps, solved=solved) if ladder is LADDER else None
    return Explanation(tuple(steps), solved, grid, start=puzzle, rating=rating)


def rate(puzzle: TakuzuGrid) -> Rating:
    """The level of ``puzzle``: the hardest technique its logical solve needs."""
    path = explain(puzzle)
    return path.rating if isinstance(path.rating, Rating) else rate_steps(
        path.steps, solved=path.solved)


def hint(state: TakuzuGrid, *, depth: int = 1) -> Hint[TakuzuGrid]:
    """The next hint for a player at ``state`` (clues, their entries and pencil marks),
    by the template of :func:`grille.hints.judged_hint`."""
    from grille.takuzu import rules
    from grille.takuzu.solver import solve

    def next_step() -> tuple[Step, TakuzuGrid] | None:
        for technique in LADDER:
            step = technique(state)
            if step is not None:
                return step, apply_step(state, step)
        return None

    return judged_hint(
        state, depth, solve(state.clues_only(), limit=2),
        mistakes=lambda solution: entry_mistakes(
            state.cells, state.marks, solution.cells, state.width, empty=EMPTY, lowest=0),
        violations=lambda: rules.violations(state),
        solvable=lambda: solve(state.with_marks(None), limit=1).count > 0,
        solved=EMPTY not in state.cells,
        next_step=next_step,
    )
