"""The null kind's logic: three techniques, the walk, explain, rate, hint and generate.

>>> from nullkind.line import Line
>>> path = explain(Line.from_text(".>.>.>."))
>>> [step.technique for step in path.steps], path.solved
(['Only place', 'Single candidate', 'Single candidate', 'Last value'], True)
>>> rate(Line.from_text("31.42")).fields()
('easy', '1.0', 'Last value')
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence

from grille.errors import GrilleError
from grille.hints import Hint, Mistake, hint_text
from grille.logic import Explanation, Step
from grille.rating import LevelTable, ScoreRating, rate_path
from nullkind.line import Line, candidate_masks, cell_name, solve

__all__ = ["LADDER", "LEVELS", "explain", "generate", "hint", "ladder_for", "rate"]

ROW = "row 1"
"""The one unit, as the board's region names it."""

Technique = Callable[[Line], Step | None]


def _place(technique: str, difficulty: float, cell: int, value: int, area: str,
           why: str) -> Step:
    return Step(technique, placements=((0, cell, value),), cells=((0, cell),), units=(ROW,),
                explanation=why, difficulty=difficulty, area=area)


def last_value(line: Line) -> Step | None:
    """One empty cell left: it takes the one missing value."""
    empty = [cell for cell, value in enumerate(line.cells) if not value]
    if len(empty) != 1:
        return None
    value = next(v for v in range(1, line.size + 1) if v not in line.cells)
    return _place("Last value", 1.0, empty[0], value, ROW,
                  f"{value} is the only value missing from the row, so {cell_name(empty[0])} "
                  f"is {value}.")


def single_candidate(line: Line) -> Step | None:
    """An empty cell whose neighbours leave it one value."""
    for cell, mask in enumerate(candidate_masks(line)):
        if mask and not mask & (mask - 1):
            value = mask.bit_length()
            return _place("Single candidate", 1.5, cell, value, cell_name(cell),
                          f"its neighbours leave {cell_name(cell)} only {value}.")
    return None


def only_place(line: Line) -> Step | None:
    """A missing value that only one empty cell can take."""
    masks = candidate_masks(line)
    for value in range(1, line.size + 1):
        if value in line.cells:
            continue
        places = [cell for cell, mask in enumerate(masks) if mask >> (value - 1) & 1]
        if len(places) == 1:
            return _place("Only place", 2.0, places[0], value, ROW,
                          f"{value} can only go in {cell_name(places[0])}.")
    return None


LADDER: tuple[Technique, ...] = (last_value, single_candidate, only_place)
"""Every technique, easiest first."""

LEVELS = LevelTable((("easy", 1.0), ("medium", 1.5), ("hard", 2.0)))
UNSOLVED = 3.0
"""The score of a puzzle the ladder does not finish (above every level: hard)."""


def ladder_for(level: str = "any", ladder: str = "all") -> tuple[Technique, ...]:
    """The techniques up to ``level``; ``ladder="short"`` leaves Only place out."""
    chosen = LADDER if ladder == "all" else LADDER[:2]
    if level == "any":
        return chosen
    if level not in LEVELS.names:
        raise GrilleError(f"unknown nullkind level {level!r}; known: {', '.join(LEVELS.names)}")
    return chosen[:LEVELS.names.index(level) + 1]


def apply_step(line: Line, step: Step) -> Line:
    """``line`` with ``step``'s placements written in."""
    for _, cell, value in step.placements:
        line = line.with_value(cell, value)
    return line


def walk(line: Line, ladder: Sequence[Technique]) -> Iterator[tuple[Step, Line]]:
    """Each step the ladder finds, with the line after it, until solved or stuck."""
    while 0 in line.cells:
        step = next(filter(None, (technique(line) for technique in ladder)), None)
        if step is None:
            return
        line = apply_step(line, step)
        yield step, line


def explain(puzzle: Line, *, ladder: str = "all") -> Explanation[Line]:
    """The step-by-step solve, easiest technique first."""
    return explain_with(puzzle, ladder_for("any", ladder))


def rate(puzzle: Line, *, ladder: str = "all") -> ScoreRating:
    """Easy, medium or hard: the hardest technique the solve needs."""
    path = explain(puzzle, ladder=ladder)
    return rate_path(path.steps, solved=path.solved, levels=LEVELS, unsolved=UNSOLVED)


def hint(state: Line, *, depth: int = 1) -> Hint[Line]:
    """The next hint for a player at ``state``; mistakes are judged only against a unique
    solution."""
    result = solve(state.clues_only(), limit=2)
    if result.solution is None:
        return Hint(depth, "The clues have no solution.")
    if result.unique:
        right = result.solution.cells
        mistakes = tuple(
            Mistake(0, cell, f"{cell_name(cell)} holds {value}, which is wrong.")
            for cell, value in enumerate(state.cells) if value and value != right[cell]
        ) + tuple(
            Mistake(0, cell, f"The pencil marks of {cell_name(cell)} rule out its right value.")
            for cell, value in enumerate(state.cells)
            if not value and state.marks and state.marks[cell]
            and not state.marks[cell] >> (right[cell] - 1) & 1
        )
        if mistakes:
            return Hint(depth, mistakes[0].message, tuple((0, m.col) for m in mistakes),
                        mistakes=mistakes)
    if 0 not in state.cells:
        return Hint(depth, "The grid is solved.")
    step = next(filter(None, (technique(state) for technique in LADDER)), None)
    if step is None:
        return Hint(depth, "No logical step found: the ladder is stuck here.")
    return hint_text(step, depth, apply_step(state, step))


def reached_levels(size: int) -> tuple[str, ...]:
    """The levels :func:`generate` reaches with ``size`` cells: no line of 3 cells or fewer
    needs Only place (every one was tried)."""
    return LEVELS.names[:2] if size <= 3 else LEVELS.names


def generate(size: int, level: str, seed: int | str) -> Line:
    """A line of ``size`` cells with one solution that the techniques up to ``level`` solve
    and, for a level other than ``any``, need the hardest of; the same seed, the same line."""
    if level != "any" and level not in reached_levels(size):
        raise GrilleError(f"level {level!r} is out of reach with {size} cells")
    rng = random.Random(f"nullkind:{size}:{level}:{seed}")
    ladder = ladder_for(level)
    for _ in range(500):
        values = rng.sample(range(1, size + 1), size)
        relations = tuple(("<" if a < b else ">") if rng.random() < 0.5 else ""
                          for a, b in itertools.pairwise(values))
        line = Line(tuple(values), relations)
        for cell in rng.sample(range(size), size):
            fewer = line.with_value(cell, 0).clues_only()
            if solve(fewer).unique and explain_with(fewer, ladder).solved:
                line = fewer
        line = line.clues_only()
        if level == "any" or rate(line).level == level:
            return line
    raise GrilleError(f"no {level} line of {size} cells found")


def explain_with(puzzle: Line, ladder: Sequence[Technique]) -> Explanation[Line]:
    """:func:`explain` with the techniques ``ladder``."""
    final = puzzle
    steps = []
    for step, after in walk(puzzle, ladder):
        steps.append(step)
        final = after
    return Explanation(tuple(steps), 0 not in final.cells, final, start=puzzle)
