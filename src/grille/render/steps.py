"""The explained step N of a puzzle, with the grid as it stood just before that step."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from grille.errors import GrilleError
from grille.kinds import get_kind
from grille.logic import Step

__all__ = ["StepView", "explained_step"]

G = TypeVar("G")


@dataclass(frozen=True, slots=True)
class StepView(Generic[G]):
    """Step ``number`` of ``total`` of a logical solve, and the grid (with the candidates the
    solver had) just before it."""

    state: G
    step: Step
    number: int
    total: int

    @property
    def heading(self) -> str:
        """``step 5 of 40: Hidden Single (1.2)``."""
        return (f"step {self.number} of {self.total}: {self.step.technique} "
                f"({self.step.difficulty:.1f})")


def explained_step(puzzle: G, number: int, *, kind: str) -> StepView[G]:
    """Step ``number`` (1-based) of ``kind.explain(puzzle)``, on the grid as the kind's
    :meth:`~grille.kind.Kind.step_states` replays the steps before it."""
    solver = get_kind(kind)
    steps = solver.explain(puzzle).steps
    if not steps:
        raise GrilleError(f"the explained solve of this {kind} has no steps")
    if not 1 <= number <= len(steps):
        raise GrilleError(
            f"step {number} does not exist: the explained solve has steps 1 to {len(steps)}"
        )
    state = solver.step_states(puzzle, steps[: number - 1])[-1]
    return StepView(state, steps[number - 1], number, len(steps))
