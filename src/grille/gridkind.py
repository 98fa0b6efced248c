"""What every kind played on a grid of cells does the same way: :class:`GridKind`.

A grid kind keeps its cells as flat row-major tuples, ``cells`` (one value each, ``empty``
for none) and ``marks`` (a pencil-mark bitmask each, bit ``i`` the value ``lowest + i``;
``None``: no marks), as Sudoku, Takuzu and Kakuro do. From a few hooks (the grid's width,
the rule candidates, a cell's peers, why a cell takes no entry, which values it takes, how
values are written back) :class:`GridKind` implements the moves (:meth:`~GridKind.apply`,
:meth:`~GridKind.peer_moves`, :meth:`~GridKind.moves_between`,
:meth:`~GridKind.step_moves`, :meth:`~GridKind.wrong_cells`), the candidates, reading,
writing and sniffing through the kind's :class:`~grille.formats.FormatRegistry`, and the
:class:`~grille.kind.Kind` attributes its :class:`~grille.info.KindInfo` holds. A kind
derives from it and adds what is its own: solving, rules, logic, generation, the view.
"""

from __future__ import annotations

import abc
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from grille.errors import MoveError
from grille.formats import FormatRegistry
from grille.info import KindInfo
from grille.kind import Entry, Puzzle
from grille.logic import Step
from grille.moves import (
    Move,
    MoveOp,
    differing_cells,
    keep_eliminations,
    mark_moves,
    moves_for_step,
    parse_move,
    unmark_moves,
    value_moves,
)

__all__ = ["FlatGrid", "GridKind"]


class FlatGrid(Puzzle, Protocol):
    """A grid as :class:`GridKind` sees it: flat row-major values and pencil marks."""

    @property
    def cells(self) -> tuple[int, ...]:
        """The value of every cell, row-major (the kind's ``empty`` for none)."""
        ...

    @property
    def marks(self) -> tuple[int, ...] | None:
        """Every cell's pencil marks as a bitmask, or ``None`` when the grid has none."""
        ...

    def with_marks(self, marks: Sequence[int] | None) -> Self:
        """The same grid with pencil marks ``marks`` (or none)."""
        ...


G = TypeVar("G", bound=FlatGrid)


class GridKind(abc.ABC, Generic[G]):
    """The shared part of a grid kind (see the module docstring); subclasses set
    :attr:`info`, :attr:`registry` and :attr:`rating_columns` and supply the hooks."""

    info: KindInfo
    registry: ClassVar[FormatRegistry[Any]]
    rating_columns: tuple[str, ...]
    empty: ClassVar[int] = 0
    """The value of an empty cell."""
    lowest: ClassVar[int] = 1
    """The value bit 0 of a pencil-mark mask stands for."""
    zero_clears: ClassVar[bool] = False
    """Whether ``r3c5=0`` clears the cell (kinds without a 0 that read ``0`` as empty)."""

    name: str
    formats: tuple[str, ...]
    default_format: str
    levels: tuple[str, ...]
    candidates_format: str
    one_line_format: str

    def __init__(self) -> None:
        info = self.info
        self.name = info.name
        self.formats = info.format_names
        self.default_format = info.default_format
        self.levels = info.levels
        self.candidates_format = next(f.name for f in info.formats if f.marks)
        self.one_line_format = next(f.name for f in info.formats if f.one_line)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    # -- hooks -------------------------------------------------------------------------------

    @abc.abstractmethod
    def width(self, grid: G) -> int:
        """The number of columns of ``grid``."""
        ...

    @abc.abstractmethod
    def candidate_masks(self, grid: G) -> Sequence[int]:
        """Every cell's candidates by the rules, as pencil-mark masks."""
        ...

    @abc.abstractmethod
    def with_values(self, grid: G, values: Sequence[int]) -> G:
        """``grid`` with ``values`` as its cells' values (what was given stays given)."""
        ...

    @abc.abstractmethod
    def value_error(self, grid: G, value: int) -> str | None:
        """Why ``value`` cannot go in a cell of ``grid`` (``None``: it can)."""
        ...

    def fixed(self, grid: G, cell: int) -> str | None:
        """Why the player cannot change ``cell`` (``"holds a clue"``), or ``None``."""
        return None

    def peers(self, grid: G, cell: int) -> Iterable[int]:
        """The cells a value placed in ``cell`` rules out of (none by default)."""
        return ()

    def grid_text(self, rows: int, cols: int) -> str:
        """The grid's size as a move out of it is told: ``"8 rows and 6 columns"``."""
        return f"{rows} rows and {cols} columns"

    # -- reading and writing -----------------------------------------------------------------

    def sniff(self, text: str) -> bool:
        """Whether ``text`` looks like puzzles of this kind in a known format."""
        return self.registry.sniff(text) is not None

    def read(self, text: str, *, fmt: str | None = None, source: str = "<input>") -> list[Entry[G]]:
        """Every puzzle in ``text`` (format sniffed unless ``fmt``); raises ``ParseError``."""
        entries: list[Entry[G]] = self.registry.read(text, fmt=fmt, source=source)
        return entries

    def write(self, puzzles: Sequence[G], fmt: str) -> str:
        """``puzzles`` written as one text in ``fmt``, ending with a newline."""
        text: str = self.registry.write(puzzles, fmt)
        return text

    # -- candidates and moves ----------------------------------------------------------------

    def with_candidates(self, puzzle: G) -> G:
        """``puzzle`` with its pencil marks set to the rules' candidates."""
        return self._with_marks(puzzle, self.candidate_masks(puzzle))

    def apply(self, puzzle: G, move: str | Move) -> G:
        """The grid after ``move`` (see :mod:`grille.moves`); ``MoveError`` when the cell is
        outside the grid or fixed, or the value does not fit."""
        parsed = parse_move(move) if isinstance(move, str) else move
        if parsed.op is MoveOp.FILL_MARKS:
            return self._with_marks(
                puzzle, keep_eliminations(self.candidate_masks(puzzle), puzzle.marks)
            )
        cell = self._cell_of(puzzle, parsed)
        why = self.fixed(puzzle, cell)
        if why is not None:
            raise MoveError(f"{parsed}: r{parsed.row + 1}c{parsed.col + 1} {why}")
        if parsed.op is MoveOp.CLEAR or (
            parsed.op is MoveOp.SET and parsed.value == 0 and self.zero_clears
        ):
            return self._with_value(puzzle, cell, self.empty)
        why = self.value_error(puzzle, parsed.value)
        if why is not None:
            raise MoveError(f"{parsed}: {why}")
        if parsed.op is MoveOp.SET:
            return self._with_value(puzzle, cell, parsed.value)
        marks = list(puzzle.marks or (0,) * len(puzzle.cells))
        marks[cell] ^= 1 << (parsed.value - self.lowest)
        return self._with_marks(puzzle, marks)

    def peer_moves(self, state: G, move: str) -> tuple[str, ...]:
        """The toggles that take a placed value out of the marks of the cell's peers."""
        parsed = parse_move(move)
        if parsed.op is not MoveOp.SET or parsed.value == 0:
            return ()
        cell = self._cell_of(state, parsed)
        return tuple(unmark_moves(state.marks, self.peers(state, cell), parsed.value,
                                  self.width(state), lowest=self.lowest))

    def moves_between(self, before: G, after: G) -> tuple[str, ...]:
        """The moves that turn ``before``'s values and marks into ``after``'s."""
        width = self.width(before)
        values = value_moves(before.cells, after.cells, width, empty=self.empty)
        return tuple(values + mark_moves(before.marks, after.marks, width, lowest=self.lowest))

    def step_moves(self, state: G, step: Step) -> tuple[str, ...]:
        """A logical step as moves: its placements, and its eliminations from the marks."""
        return tuple(moves_for_step(
            step.placements, step.eliminations, state.marks,
            lambda: self.candidate_masks(state), self.width(state), lowest=self.lowest,
        ))

    def wrong_cells(self, state: G, solution: G) -> tuple[tuple[int, int], ...]:
        """The filled cells of ``state`` that differ from ``solution``."""
        return differing_cells(state.cells, solution.cells, self.width(state), empty=self.empty)

    # -- helpers -----------------------------------------------------------------------------

    def _cell_of(self, grid: G, move: Move) -> int:
        width = self.width(grid)
        rows = len(grid.cells) // width
        if not (0 <= move.row < rows and 0 <= move.col < width):
            raise MoveError(f"{move}: the grid has {self.grid_text(rows, width)}")
        return move.row * width + move.col

    def _with_value(self, grid: G, cell: int, value: int) -> G:
        values = list(grid.cells)
        values[cell] = value
        return self.with_values(grid, values)

    def _with_marks(self, grid: G, marks: Sequence[int] | None) -> G:
        return grid.with_marks(marks)
