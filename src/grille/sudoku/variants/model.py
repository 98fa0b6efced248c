"""The variant Sudoku model: constraints (value objects), their families, and a puzzle's variant.

A plain Sudoku ``Grid`` has ``variant = None``. A variant grid carries a :class:`Variant`: its
constraints in the order they were read, each a frozen value object of one *family* (killer
cages, thermometers ...; :mod:`grille.sudoku.variants.families` lists them). Cells are
``(row, col)`` pairs, 0-based; texts name them r1c1-style.

Each constraint answers :meth:`Constraint.violations` on a :class:`Board` (the digits, 0 for
empty, and the whole variant, which the negative constraints need), and writes itself as an
f-puzzles item (:meth:`Constraint.fpuzzles`), says how it is drawn (:meth:`Constraint.draw`,
:mod:`grille.sudoku.variants.draw`), and gives the exact solver its units and candidate
filters (:meth:`Constraint.solver_parts`, :mod:`grille.sudoku.variants.solve`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from grille.errors import GrilleError
from grille.kind import Violation

if TYPE_CHECKING:
    from grille.sudoku.variants._kernel import Records
    from grille.sudoku.variants.draw import Shapes
    from grille.sudoku.variants.propagation import Parts

__all__ = [
    "Board",
    "Cell",
    "Constraint",
    "Variant",
    "VariantError",
    "all_different",
    "cell_text",
    "cells_text",
    "region_text",
]

Cell = tuple[int, int]
"""A cell as (row, column), 0-based."""


class VariantError(GrilleError):
    """A variant constraint that is malformed or does not fit the grid (the message names it)."""


def cell_text(cell: Cell) -> str:
    """``r1c1`` for (0, 0)."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def cells_text(cells: Sequence[Cell]) -> str:
    """``r1c1`` for one cell, ``r1c1..r1c4`` for the first and last of several."""
    if len(cells) == 1:
        return cell_text(cells[0])
    return f"{cell_text(cells[0])}..{cell_text(cells[-1])}"


def region_text(cells: Sequence[Cell]) -> str:
    """Cells whose order means nothing (a cage, a region) named in reading order:
    ``r1c1..r2c2`` for the first and last of them top to bottom, left to right, however
    they were listed.

    >>> region_text([(1, 0), (0, 0), (0, 1)])
    'r1c1..r2c1'
    """
    return cells_text(sorted(cells))


@dataclass(frozen=True, slots=True)
class Board:
    """What a rule check sees: the grid's side, its digits row-major (0 = empty), the variant."""

    size: int
    values: tuple[int, ...]
    variant: Variant

    def at(self, cell: Cell) -> int:
        """The digit at ``cell`` (0 when empty)."""
        return self.values[cell[0] * self.size + cell[1]]

    def digits(self, cells: Iterable[Cell]) -> list[int]:
        """The digits of ``cells`` in order (0 for empty ones)."""
        return [self.at(cell) for cell in cells]


@dataclass(frozen=True, slots=True)
class Constraint(ABC):
    """One constraint of a variant puzzle. Subclasses are frozen dataclasses of one family."""

    family: ClassVar[str] = ""
    """The family's name (as the registry lists it)."""
    label: ClassVar[str] = ""
    """How texts name one constraint of the family (``"thermometer"``)."""
    units_only: ClassVar[bool] = False
    """True when :meth:`solver_parts` gives all-different units and never a filter, units
    that depend on the constraint and the size alone (jigsaw regions, extra groups,
    anti-king pairs ...): a puzzle of such constraints only is built and searched in one
    compiled call (:mod:`grille.sudoku.variants._groups`)."""

    def cells_of(self) -> tuple[Cell, ...]:
        """Every grid cell the constraint involves (none for a global rule)."""
        return ()

    def fits(self, size: int) -> None:
        """Raise :class:`VariantError` when the constraint does not fit a ``size`` grid."""
        for cell in self.cells_of():
            if not (0 <= cell[0] < size and 0 <= cell[1] < size):
                raise VariantError(f"{self.name()}: {cell_text(cell)} is outside the "
                                   f"{size}x{size} grid")

    def name(self) -> str:
        """The constraint in words: its label and where it is (``thermometer r1c1..r1c4``)."""
        cells = self.cells_of()
        return f"{self.label} {cells_text(cells)}" if cells else self.label

    @abstractmethod
    def violations(self, board: Board) -> list[Violation]:
        """Where ``board`` breaks the constraint (only what its filled cells already show)."""

    @abstractmethod
    def fpuzzles(self) -> tuple[str, object]:
        """The f-puzzles key and the item (``True`` for a flag) that write the constraint."""

    def draw(self, size: int) -> Shapes:
        """How the constraint is drawn on a ``size`` grid (nothing: a global rule, said in
        words beside the board; :mod:`grille.sudoku.variants.draw`)."""
        from grille.sudoku.variants.draw import Shapes

        return Shapes()
    def solver_parts(self, size: int, variant: Variant) -> Parts:
        """The constraint's units and candidate filters for the exact solver on a ``size``
        grid (``variant``: the whole puzzle, which the negative constraints need)."""
        raise VariantError(f"the solver has no rule for {self.name()}")

    def solver_regions(self, size: int) -> Sequence[int] | None:
        """Each cell's region, row-major (``size`` labels of ``size`` cells), when the
        constraint is irregular regions that replace the boxes: the all-different solver
        reads them in place of :meth:`solver_parts`' units; ``None`` for the others."""
        return None

    def solver_records(self, size: int, variant: Variant, out: Records) -> bool:
        """The constraint's :meth:`solver_parts` laid straight into ``out``, as the
        compiled solver reads them (:class:`~grille.sudoku.variants._kernel.Records`);
        False when a filter has no flat encoding (the solver then builds its model). By
        default through :meth:`solver_parts`; a family may lay out the same units and
        filters, in the same order, without building them (the tests compare the two)."""
        return out.parts(self.solver_parts(size, variant))

    def broken(self, why: str, cells: Iterable[Cell]) -> Violation:
        """A violation of this constraint: ``"<name>: <why>"`` at ``cells``."""
        return Violation(f"{self.name()}: {why}", tuple(dict.fromkeys(cells)))


def all_different(owner: Constraint, cells: Sequence[Cell], board: Board,
                  where: str = "") -> list[Violation]:
    """A violation of ``owner`` for each digit repeated among ``cells``."""
    seen: dict[int, list[Cell]] = {}
    for cell in cells:
        digit = board.at(cell)
        if digit:
            seen.setdefault(digit, []).append(cell)
    return [
        owner.broken(f"{' and '.join(map(cell_text, found))} both hold {digit}{where}", found)
        for digit, found in seen.items()
        if len(found) > 1
    ]


@dataclass(frozen=True, slots=True)
class Variant:
    """The variant rules of a Sudoku: its constraints in the order they were read.

    Irregular regions (jigsaw) are one constraint among them (family ``jigsaw``): they
    replace the boxes. The value is immutable and hashable, so grids holding it are too.
    """

    constraints: tuple[Constraint, ...] = ()

    def __repr__(self) -> str:
        counts: dict[str, int] = {}
        for constraint in self.constraints:
            counts[constraint.family] = counts.get(constraint.family, 0) + 1
        parts = ", ".join(f"{family} x{count}" if count > 1 else family
                          for family, count in counts.items())
        return f"Variant({parts})"

    def families(self) -> tuple[str, ...]:
        """The families present, in the order first met."""
        return tuple(dict.fromkeys(constraint.family for constraint in self.constraints))

    def of_family(self, family: str) -> tuple[Constraint, ...]:
        """The constraints of ``family``."""
        return tuple(c for c in self.constraints if c.family == family)

    def fits(self, size: int) -> None:
        """Raise :class:`VariantError` when a constraint does not fit a ``size`` grid."""
        for constraint in self.constraints:
            constraint.fits(size)
