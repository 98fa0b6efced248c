"""The explained step N of a puzzle, with the grid as it stood just before that step."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from grille.errors import GrilleError
from grille.kind import Kind
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
    scale: str = "grille"
    """The scale of the step's difficulty (:attr:`~grille.logic.Explanation.scale`)."""
    value: str = ""
    """The step's difficulty as its scale writes it (``Explanation.value_text``)."""

    @property
    def heading(self) -> str:
        """``step 5 of 40: Hidden Single (grille 1.2)``."""
        return (f"step {self.number} of {self.total}: {self.step.technique} "
                f"({self.scale} {self.value or f'{self.step.difficulty:.1f}'})")


def explained_step(kind: Kind[Any], puzzle: G, number: int) -> StepView[G]:
    """Step ``number`` (1-based) of ``kind.explain(puzzle)``, on the grid the explanation
    had just before it (:meth:`~grille.logic.Explanation.state_before`)."""
    explanation = kind.explain(puzzle)
    steps = explanation.steps
    if not steps:
        raise GrilleError(f"the explained solve of this {kind.info.title} puzzle has no steps")
    state: G = explanation.state_before(number)
    step = steps[number - 1]
    return StepView(state, step, number, len(steps), explanation.scale_name,
                    explanation.value_text(step.difficulty))
