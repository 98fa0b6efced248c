"""Graded hints, as players ask for them, shaped from a logical step (any kind).

Depth 1 nudges (where to look), 2 names the technique, 3 shows the cells, 4 gives the
whole step with its explanation, 5 applies it. Before any of that, a wrong entry or a
pencil mark that rules out the right value is pointed out, so no hint builds on a mistake.

:func:`judged_hint` is the one template every kind's ``hint`` follows. Mistakes are
judged against the solution only when the clues have exactly one: on a puzzle with
several solutions an entry that agrees with one of them is not wrong, so the hint points
out only entries that break a rule (two equal digits in a row ...) or that together fit
no solution (without naming a cell), and otherwise gives the next logical step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from grille.logic import Step

if TYPE_CHECKING:
    from grille.kind import Solutions, Violation

__all__ = ["DEPTHS", "Hint", "Mistake", "entry_mistakes", "hint_text", "judged_hint"]

DEPTHS = {1: "nudge", 2: "technique", 3: "cells", 4: "step", 5: "apply"}


@dataclass(frozen=True, slots=True)
class Mistake:
    """A player's entry or pencil marks that contradict the solution."""

    row: int
    col: int
    message: str


G = TypeVar("G")


@dataclass(frozen=True, slots=True)
class Hint(Generic[G]):
    """A hint at some depth: its text, the cells to highlight, the step behind it.

    At depth 5 (apply), ``after`` is the player's state with the step applied.
    """

    depth: int
    text: str
    cells: tuple[tuple[int, int], ...] = ()
    step: Step | None = None
    mistakes: tuple[Mistake, ...] = ()
    after: G | None = None

    def __str__(self) -> str:
        return self.text


def hint_text(step: Step, depth: int, after: G | None = None) -> Hint[G]:
    """The hint for ``step`` at ``depth`` (1 nudge .. 5 apply)."""
    if depth not in DEPTHS:
        raise ValueError(f"hint depth must be 1 to 5, got {depth}")
    if depth == 1:
        where = step.area or "the whole grid"
        return Hint(1, f"Look at {where}.", step=step)
    if depth == 2:
        return Hint(2, f"Try a {step.technique}.", step=step)
    if depth == 3:
        cells = ", ".join(f"r{r + 1}c{c + 1}" for r, c in step.cells)
        return Hint(3, f"{step.technique} on {cells}.", step.cells, step)
    text = f"{step.technique}: {step.explanation}"
    return Hint(depth, text, step.cells, step, after=after if depth == 5 else None)


NO_SOLUTION = "The clues have no solution."
SOLVED = "The grid is solved."
STUCK = "No logical step found: the ladder is stuck here."
SEVERAL = "the puzzle has several solutions, so entries are checked against its rules only"
UNFIT = ("The entries fit none of the puzzle's several solutions, so at least one of them is "
         "wrong; which one depends on the solution aimed for.")


def judged_hint(
    state: G,
    depth: int,
    solutions: Solutions[G],
    *,
    mistakes: Callable[[G], Sequence[Mistake]],
    violations: Callable[[], Sequence[Violation]],
    solvable: Callable[[], bool],
    solved: bool,
    next_step: Callable[[], tuple[Step, G] | None],
) -> Hint[G]:
    """The hint at ``depth`` for a player at ``state``, whose clues have ``solutions``
    (searched up to two), the template of every kind's ``hint``.

    - No solution: says so.
    - One solution: the player's ``mistakes`` against it (wrong entries, pencil marks that
      rule out the right value), if any.
    - Several solutions: no entry is called wrong; the first rule the entries break
      (``violations``), if any, else, when the entries fit no solution (``solvable``), a
      sentence saying one of them is wrong without naming it.
    - Then "solved" when ``solved``, else the hint for the step ``next_step`` finds (with
      the state after it), else that the ladder is stuck.
    """
    solution = solutions.solution
    if solution is None:
        return Hint(depth, NO_SOLUTION)
    if solutions.unique:
        found = tuple(mistakes(solution))
        if found:
            return Hint(depth, found[0].message, tuple((m.row, m.col) for m in found),
                        mistakes=found)
    else:
        broken = violations()
        if broken:
            return Hint(depth, f"{broken[0].message} ({SEVERAL}).", broken[0].cells)
        if not solvable():
            return Hint(depth, UNFIT)
    if solved:
        return Hint(depth, SOLVED)
    step = next_step()
    if step is None:
        return Hint(depth, STUCK)
    return hint_text(step[0], depth, step[1])


def entry_mistakes(
    values: Sequence[int],
    marks: Sequence[int] | None,
    solution: Sequence[int],
    width: int,
    *,
    cells: Iterable[int] | None = None,
    empty: int = 0,
    lowest: int = 1,
) -> tuple[Mistake, ...]:
    """The entries of a flat grid that differ from ``solution``'s, and the empty cells
    whose pencil marks (bit ``i`` for the value ``lowest + i``) leave out the right value.

    ``cells`` are the cells a player writes in (every cell when ``None``).

    >>> [m.message for m in entry_mistakes([1, 0, 0, 2], [0, 0, 0b10, 0], [1, 2, 1, 1], 2)]
    ['The pencil marks of r2c1 rule out its right digit.', 'r2c2 holds 2, which is wrong.']
    """
    found = []
    for cell in range(len(values)) if cells is None else cells:
        row, col = divmod(cell, width)
        value, right = values[cell], solution[cell]
        name = f"r{row + 1}c{col + 1}"
        if value != empty and value != right:
            found.append(Mistake(row, col, f"{name} holds {value}, which is wrong."))
        elif value == empty and marks and marks[cell] and not marks[cell] >> (right - lowest) & 1:
            found.append(Mistake(row, col, f"The pencil marks of {name} rule out its right digit."))
    return tuple(found)
