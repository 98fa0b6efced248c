"""Logical steps, as every kind's human-style solver reports them.

A :class:`Step` is one deduction a person can follow: the technique's name, what it
places and what it eliminates, the cells, units and links that justify it (for
highlighting), a sentence that explains it, and its difficulty on the kind's scale.
The explanation of a whole solve is the list of its steps.

A :class:`Technique` is declared once, with its name, its value(s) on the kind's scale and
the scales (ladders) it belongs to; every kind builds its ladders from those declarations
and solves with the one :func:`walk`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

if TYPE_CHECKING:
    from grille.kind import Puzzle

__all__ = [
    "Candidate",
    "Explanation",
    "Link",
    "Proof",
    "Rating",
    "Replayable",
    "Step",
    "Technique",
    "replay",
    "walk",
]

Candidate = tuple[int, int, int]
"""A digit (or symbol) in a cell: (row, column, value), rows and columns 0-based."""


@dataclass(frozen=True, slots=True)
class Link:
    """An inference between two candidates of a chain: strong (one of them is true) or weak."""

    start: Candidate
    end: Candidate
    strong: bool


@dataclass(frozen=True, slots=True)
class Proof:
    """Why a claim holds, as a tree: the claim, then the reasons it rests on, each a proof
    of its own (a forcing chain: the conclusion, each assumption's chain, each implication
    of a chain with the facts it follows from; a fact found by a nested chain carries that
    chain as its sub-proof). Written in full: nothing is elided."""

    claim: str
    reasons: tuple[Proof, ...] = ()

    def __repr__(self) -> str:
        return f"<Proof {self.claim!r}: {self.size} claim(s)>"

    def __str__(self) -> str:
        return "\n".join(self.lines())

    @property
    def size(self) -> int:
        """How many claims the tree holds, this one included."""
        return 1 + sum(reason.size for reason in self.reasons)

    @property
    def depth(self) -> int:
        """How many levels the tree has (1: a claim without reasons)."""
        return 1 + max((reason.depth for reason in self.reasons), default=0)

    def lines(self, indent: str = "  ") -> list[str]:
        """The proof as text: the claim, then each reason indented one step further, as a
        bullet (``- ``)."""
        found = [self.claim]
        for reason in self.reasons:
            sub = reason.lines(indent)
            found.append(f"{indent}- {sub[0]}")
            found.extend(f"{indent}{line}" for line in sub[1:])
        return found

    def to_json(self) -> dict[str, Any]:
        """The tree as JSON-ready data: ``claim`` and, when it has some, ``reasons``."""
        data: dict[str, Any] = {"claim": self.claim}
        if self.reasons:
            data["reasons"] = [reason.to_json() for reason in self.reasons]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Proof:
        """The tree :meth:`to_json` wrote."""
        return cls(str(data["claim"]), tuple(cls.from_json(r) for r in data.get("reasons", ())))


@dataclass(frozen=True, slots=True)
class Step:
    """One deduction: placements and eliminations, what justifies them, and why in words."""

    technique: str
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    cells: tuple[tuple[int, int], ...] = ()
    units: tuple[str, ...] = ()
    links: tuple[Link, ...] = ()
    explanation: str = ""
    difficulty: float = 0.0
    area: str = field(default="", compare=False)
    """Where to look, for the first hint depth ("box 4", "row 3", "the whole grid")."""
    proof: Proof | None = field(default=None, compare=False)
    """The step's reasoning in full, as a tree (forcing chains and nets; ``None`` where the
    explanation says it all)."""

    def __str__(self) -> str:
        return f"{self.technique}: {self.explanation}"

    def __repr__(self) -> str:
        return (
            f"<Step {self.technique} ({self.difficulty:.1f}): "
            f"{len(self.placements)} placement(s), {len(self.eliminations)} elimination(s)>"
        )

    @property
    def is_placement(self) -> bool:
        """Whether the step places at least one value."""
        return bool(self.placements)

    def to_json(self) -> dict[str, Any]:
        """The step as JSON-ready data, rows and columns 1-based."""
        return {
            "technique": self.technique,
            "difficulty": round(self.difficulty, 1),
            "placements": [[r + 1, c + 1, v] for r, c, v in self.placements],
            "eliminations": [[r + 1, c + 1, v] for r, c, v in self.eliminations],
            "cells": [[r + 1, c + 1] for r, c in self.cells],
            "units": list(self.units),
            "explanation": self.explanation,
        } | ({} if self.proof is None else {"proof": self.proof.to_json()})


G = TypeVar("G")


@dataclass(frozen=True, slots=True)
class Explanation(Generic[G]):
    """A logical solve: its steps, whether it finished, and the grid it reached.

    ``start`` is the puzzle explained (every kind's explain sets it): from it
    :meth:`states` and :meth:`state_before` replay the steps through the kind's
    :meth:`~grille.kind.Kind.step_states` when asked, so an explanation costs nothing more
    for it (rating never asks).
    """

    steps: tuple[Step, ...]
    solved: bool
    final: G
    start: G | None = field(default=None, compare=False, repr=False)
    scale: str = "grille"
    """The scale of the steps' difficulties: ``grille`` for a kind's own (its full ladder),
    or the rating scale whose ladder walked, as the kind's options spell it (Sudoku:
    ``se``, ``sukaku``)."""
    rating: Rating | None = field(default=None, compare=False)
    """The rating of this very path when it is the path a rating scale rates (its hardest
    step is the rating's); ``None`` when the kind rates another path."""
    decimals: int = 1
    """How many decimals the scale's values show (HoDoKu's integer scores: 0)."""

    @property
    def scale_name(self) -> str:
        """The steps' scale as a player reads it (``grille``, ``SE``): the rating's name for
        it when the explanation carries its rating."""
        if self.rating is not None and self.rating.scale == self.scale:
            return self.rating.scale_name
        return self.scale

    def value_text(self, value: float) -> str:
        """``value`` as the scale writes it: ``"1.2"`` (SE, grille), ``"14"`` (HoDoKu)."""
        return f"{value:.{self.decimals}f}"

    def to_json(self) -> dict[str, Any]:
        """``{"solved", "scale", "steps", "rating"}``: each step with the scale of its
        difficulty, and this path's rating (``null`` when the kind rates another path)."""
        return {
            "solved": self.solved,
            "scale": self.scale,
            "steps": [{**step.to_json(), "scale": self.scale} for step in self.steps],
            "rating": None if self.rating is None else self.rating.to_json(),
        }

    def states(self) -> list[G]:
        """The grid before each step and after the last (``len(steps) + 1`` grids), with
        the candidates the solve had then as pencil marks: what a step viewer shows."""
        return self._replayed(len(self.steps))

    def state_before(self, number: int) -> G:
        """The grid just before step ``number`` (1-based), candidates as pencil marks."""
        from grille.errors import GrilleError

        if not 1 <= number <= len(self.steps):
            raise GrilleError(f"step {number} does not exist: the explained solve has "
                              f"steps 1 to {len(self.steps)}")
        return self._replayed(number - 1)[-1]

    def _replayed(self, count: int) -> list[G]:
        from grille.errors import GrilleError
        from grille.kinds import get_kind

        if self.start is None:
            raise GrilleError("this explanation does not carry the puzzle it explains")
        kind = get_kind(cast("Puzzle", self.start).kind)
        states: list[G] = kind.step_states(self.start, self.steps[:count])
        return states


class Rating(Protocol):
    """What every kind's rating offers the front ends: a level and printable fields."""

    @property
    def level(self) -> str:
        """The level a player sees (easy ... extreme)."""
        ...

    @property
    def scale(self) -> str:
        """The scale its numbers are on, as the kind's options spell it (Sudoku: ``se``,
        ``sukaku``; ``grille`` for a kind's own scale)."""
        ...

    @property
    def scale_name(self) -> str:
        """The scale as a player reads it (``SE``, ``Sukaku``, ``grille``)."""
        ...

    def fields(self) -> tuple[str, ...]:
        """The rating as text columns, level first (for ``grille rate``)."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The rating as JSON-ready data, its ``scale`` first."""
        ...


B = TypeVar("B", bound="Replayable[Any]")


class Replayable(Protocol[G]):
    """A kind's candidate board, as :func:`replay` uses it."""

    def apply(self: B, step: Step) -> B:
        """The board after ``step``."""
        ...

    def to_grid(self, puzzle: G) -> G:
        """``puzzle`` with this board's digits, and its candidates as pencil marks."""
        ...


def replay(board: Replayable[G], puzzle: G, steps: Sequence[Step]) -> list[G]:
    """The grid of ``board`` before each of ``steps`` and after the last, candidates as
    marks: what a kind's :meth:`~grille.kind.Kind.step_states` gives for its own board."""
    states = [board.to_grid(puzzle)]
    for step in steps:
        board = board.apply(step)
        states.append(board.to_grid(puzzle))
    return states


W = TypeVar("W")


def _first(every: Callable[[W], Iterator[Step]]) -> Callable[[W], Step | None]:
    """The first step ``every`` yields, or ``None``."""

    def find(board: W) -> Step | None:
        return next(every(board), None)

    return find


@dataclass(frozen=True, eq=False, slots=True)
class Technique(Generic[W]):
    """A technique, declared once: its name, its value(s) on the kind's difficulty scale,
    the scales (ladders) it belongs to, and the function that finds its easiest step.

    Calling a technique on a board gives that step, or ``None``. ``every``, when given,
    yields all the steps it finds on one board (a sweeping walk takes them together).
    ``unique`` marks a technique that holds only for a puzzle with one solution.
    """

    name: str
    find: Callable[[W], Step | None]
    values: tuple[float, ...]
    scales: frozenset[str] = frozenset()
    unique: bool = False
    every: Callable[[W], Iterator[Step]] | None = None

    def __post_init__(self) -> None:
        if not self.values:
            raise ValueError(f"technique {self.name!r} declares no value")

    def __repr__(self) -> str:
        return f"<Technique {self.name} ({self.value:.1f})>"

    def __call__(self, board: W) -> Step | None:
        return self.find(board)

    @classmethod
    def sweeping(
        cls,
        name: str,
        every: Callable[[W], Iterator[Step]],
        values: tuple[float, ...],
        scales: frozenset[str] = frozenset(),
    ) -> Technique[W]:
        """A technique declared by the generator of all its steps on a board."""
        return cls(name, _first(every), values, scales, every=every)

    @property
    def value(self) -> float:
        """Its easiest step's value (the floor of its difficulty)."""
        return min(self.values)

    def steps(self, board: W) -> Iterator[Step]:
        """Every step it finds on ``board`` (only the first, without ``every``)."""
        if self.every is not None:
            yield from self.every(board)
            return
        step = self.find(board)
        if step is not None:
            yield step


def _solved(board: Any) -> bool:
    return bool(board.solved)


def _apply(board: Any, step: Step) -> Any:
    return board.apply(step)


def walk(
    board: W,
    techniques: Sequence[Callable[[W], Step | None]],
    *,
    solved: Callable[[W], bool] | None = None,
    apply: Callable[[W, Step], W] | None = None,
    sweep: bool = False,
    max_steps: int = 100_000,
) -> Iterator[tuple[Step, W]]:
    """Each step the ladder finds, with the board after it, until solved or stuck: the
    first step of the easiest technique that has one, then the ladder again from the top.

    ``solved`` and ``apply`` default to the board's own ``solved`` and ``apply(step)``. With
    ``sweep`` a :class:`Technique`'s steps found on the same board are all taken.
    """
    is_solved: Callable[[W], bool] = _solved if solved is None else solved
    after: Callable[[W, Step], W] = _apply if apply is None else apply
    for _ in range(max_steps):
        if is_solved(board):
            return
        for technique in techniques:
            if sweep and isinstance(technique, Technique):
                found = technique.steps(board)
                first = next(found, None)
                if first is None:
                    continue
                steps = [first, *found]
            else:
                step = technique(board)
                if step is None:
                    continue
                steps = [step]
            for one in steps:
                board = after(board, one)
                yield one, board
            break
        else:
            return
