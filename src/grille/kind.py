"""The one interface every puzzle kind implements (Sudoku, Takuzu, Kakuro).

A *kind* is an object with the methods of :class:`Kind`; the command line, the
game session, rendering and batch work only through it, so a new kind needs no
front-end code. Kinds register themselves in :mod:`grille.kinds`.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar, runtime_checkable

from grille.errors import GrilleError

if TYPE_CHECKING:
    from grille.hints import Hint
    from grille.logic import Explanation, Rating, Step

__all__ = [
    "Entry",
    "GenerateOptions",
    "Kind",
    "Puzzle",
    "Solutions",
    "Status",
    "Verdict",
    "Violation",
    "unknown_rules",
]


@runtime_checkable
class Puzzle(Protocol):
    """A puzzle or a (partial) solution of some kind, as an immutable value."""

    @property
    def kind(self) -> str:
        """The kind's name, e.g. ``"sudoku"``."""
        ...

    def to_string(self, fmt: str | None = None) -> str:
        """This puzzle written in ``fmt`` (the kind's default format if ``None``)."""
        ...


P = TypeVar("P", bound=Puzzle)
S = TypeVar("S")


class Status(enum.Enum):
    """Where a grid stands against the rules."""

    INCOMPLETE = "incomplete"
    SOLVED = "solved"
    INVALID = "invalid"


class Verdict(enum.Enum):
    """What a search established about the number of solutions."""

    NONE = "no solution"
    UNIQUE = "unique"
    SEVERAL = "several solutions"
    UNKNOWN = "unknown (search budget reached)"


@dataclass(frozen=True, slots=True)
class Solutions(Generic[S]):
    """The result of a search: how many solutions it counted, the first few, and its cost.

    ``exhausted`` is true when the whole search space was explored, so ``count`` is exact;
    otherwise the search stopped at its solution limit or its node budget
    (``budget_reached``), and ``count`` is a lower bound.
    """

    count: int
    found: tuple[S, ...] = ()
    exhausted: bool = True
    nodes: int = 0
    budget_reached: bool = False

    @property
    def unique(self) -> bool:
        """Exactly one solution, proven."""
        return self.count == 1 and self.exhausted

    @property
    def verdict(self) -> Verdict:
        """No solution, unique, several, or unknown when the budget stopped the search early."""
        if self.count >= 2:
            return Verdict.SEVERAL
        if not self.exhausted and self.budget_reached:
            return Verdict.UNKNOWN
        return Verdict.UNIQUE if self.count == 1 else Verdict.NONE

    @property
    def solution(self) -> S | None:
        """The first solution found, if any."""
        return self.found[0] if self.found else None


@dataclass(frozen=True, slots=True)
class Entry(Generic[P]):
    """One puzzle read from a text: the puzzle, the 1-based line it starts on, its format."""

    puzzle: P
    line: int
    fmt: str


@dataclass(frozen=True, slots=True)
class Violation:
    """A broken rule: a sentence, and the cells (row, col, 0-based) that break it."""

    message: str
    cells: tuple[tuple[int, int], ...] = field(default=())

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class GenerateOptions:
    """What a generator is asked for, in the words of the command line.

    ``size`` as the user wrote it (``9``, ``16``, ``8x8``; ``None``: the kind's default),
    ``level`` a level name or ``any``, ``symmetry`` a symmetry name (``None``: the kind's
    default), ``minimal``: no clue can be removed without losing uniqueness.
    """

    size: str | None = None
    level: str = "any"
    symmetry: str | None = None
    minimal: bool = False
    rules: frozenset[str] = frozenset()
    """Optional rule variants by name (see :data:`grille.kinds.RULES`)."""

    @property
    def metadata(self) -> tuple[tuple[str, str], ...]:
        """What a puzzle generated with these options carries as metadata: the level it
        was made at, when one was asked (so ``grille print`` can show it)."""
        return (("level", self.level),) if self.level != "any" else ()


class Kind(Protocol[P]):
    """The surface a puzzle kind offers to the front ends."""

    name: str
    formats: tuple[str, ...]
    default_format: str
    levels: tuple[str, ...]
    """The rating's level names, easiest first (what ``rate`` and ``generate`` speak)."""

    def sniff(self, text: str) -> bool:
        """Whether ``text`` looks like puzzles of this kind."""
        ...

    def read(self, text: str, *, fmt: str | None = None, source: str = "<input>") -> list[Entry[P]]:
        """Every puzzle in ``text`` (format sniffed unless ``fmt``); raises ``ParseError``."""
        ...

    def write(self, puzzles: Sequence[P], fmt: str) -> str:
        """A collection of puzzles written in ``fmt``, ending with a newline."""
        ...

    def solve(self, puzzle: P, *, limit: int = 2, budget: int | None = None) -> Solutions[P]:
        """Search for up to ``limit`` solutions (0 = all) within ``budget`` nodes."""
        ...

    def solve_many(
        self, puzzles: Sequence[P], *, limit: int = 2, budget: int | None = None
    ) -> list[Solutions[P]]:
        """:meth:`solve` for many puzzles at once (the fast path for files)."""
        ...

    def with_candidates(self, puzzle: P) -> P:
        """``puzzle`` with its pencil marks filled in from the rules."""
        ...

    def check(self, puzzle: P) -> list[Violation]:
        """Every rule the filled cells of ``puzzle`` break (empty when none)."""
        ...

    def status(self, puzzle: P) -> Status:
        """Solved, incomplete or invalid, by the rules alone."""
        ...

    def apply(self, puzzle: P, move: str) -> P:
        """The grid after ``move`` (a short string, see the kind's docs); raises ``MoveError``."""
        ...

    def explain(self, puzzle: P) -> Explanation[P]:
        """Solve ``puzzle`` step by step, the easiest technique first."""
        ...

    def rate(self, puzzle: P) -> Rating:
        """How hard ``puzzle`` is."""
        ...

    def hint(self, state: P, *, depth: int = 1) -> Hint[P]:
        """The next hint at ``depth`` (1 nudge .. 5 apply) for a player at ``state``."""
        ...

    def with_rules(self, puzzle: P, rules: frozenset[str]) -> P:
        """``puzzle`` under the rule variants ``rules``; ``GrilleError`` for unknown ones."""
        ...

    def generate(self, options: GenerateOptions, seed: int | str) -> P:
        """A puzzle with one solution as ``options`` ask; the same seed gives the same one."""
        ...

    # -- what a game session needs beyond single moves ---------------------------------------

    def size_of(self, puzzle: P) -> str:
        """The size of ``puzzle`` as :attr:`GenerateOptions.size` spells it (``"9x9"`` ...)."""
        ...

    def peer_moves(self, state: P, move: str) -> tuple[str, ...]:
        """The pencil-mark moves that go with ``move``: a placed value leaves its peers' marks.

        Empty for anything but a placement, and for kinds without such peers.
        """
        ...

    def moves_between(self, before: P, after: P) -> tuple[str, ...]:
        """Moves that turn the entries and pencil marks of ``before`` into those of ``after``."""
        ...

    def step_moves(self, state: P, step: Step) -> tuple[str, ...]:
        """The moves that carry out a logical ``step`` for a player at ``state``."""
        ...

    def wrong_cells(self, state: P, solution: P) -> tuple[tuple[int, int], ...]:
        """The (row, col) of every filled cell of ``state`` that differs from ``solution``."""
        ...


def unknown_rules(kind: str, rules: frozenset[str], known: tuple[str, ...]) -> GrilleError:
    """The error for rule variants a kind does not have."""
    listed = ", ".join(known) if known else "none"
    return GrilleError(f"{kind} has no rule {', '.join(sorted(rules))!r}; its rules: {listed}")
