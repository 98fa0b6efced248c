"""What a constraint family declares, and the reading context its f-puzzles reader gets."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from grille.sudoku.variants.model import Cell, Constraint, VariantError, cell_text

__all__ = ["Family", "Items", "at_least", "fp_cell", "fp_cells", "fp_lines"]

_DIGITS = 9
"""The most digits a number or a cell's row or column takes (``int`` refuses over 4300)."""
_CELL_RE = re.compile(r"R([0-9]{1,9})C([0-9]{1,9})")


@dataclass(frozen=True, slots=True)
class Family:
    """One constraint family: its name (as the registry and the shared data's tags spell it),
    a title, its rule in words, the f-puzzles keys it reads and its reader
    ``read(items, key, value) -> constraints``; ``types`` are its constraint classes (each
    writes itself, :meth:`Constraint.fpuzzles`).

    The solving and drawing hooks are methods of the constraint classes
    (:meth:`Constraint.solver_parts`, :meth:`Constraint.draw`), so a family stays one module;
    front ends see no family.
    """

    name: str
    title: str
    rules: str
    keys: tuple[str, ...]
    read: Callable[[Items, str, object], list[Constraint]]
    types: tuple[type[Constraint], ...]

    def __repr__(self) -> str:
        return f"Family({self.name!r}, keys={self.keys!r})"


@dataclass(frozen=True, slots=True)
class Items:
    """Reads the values of f-puzzles keys for a ``size`` grid; every error names ``key``."""

    size: int

    def objects(self, key: str, value: object, fields: tuple[str, ...]) -> list[dict[str, Any]]:
        """The list of objects under ``key``, each holding only ``fields`` (others refused)."""
        if not isinstance(value, list):
            raise VariantError(f"f-puzzles {key!r} must be a list of objects")
        for index, item in enumerate(value):
            if not isinstance(item, dict):
                raise VariantError(f"f-puzzles {key!r} item {index + 1} must be an object")
            for field in item:
                if field not in fields:
                    raise VariantError(f"f-puzzles {key!r} item {index + 1}: unknown field "
                                       f"{field!r} (grille reads {', '.join(fields)})")
        return value

    def flag(self, key: str, value: object) -> bool:
        """A flag key's value: ``true`` (``false`` reads as absent)."""
        if not isinstance(value, bool):
            raise VariantError(f"f-puzzles {key!r} must be true or false")
        return value

    def cell(self, name: object, where: str, *, outside: bool = False) -> Cell:
        """The cell ``R<row>C<col>`` (1-based); ``outside`` allows the ring around the grid."""
        match = _CELL_RE.fullmatch(name) if isinstance(name, str) else None
        if match is None:
            shown = name if not isinstance(name, str) or len(name) <= 20 else name[:20] + "…"
            raise VariantError(f"{where}: {shown!r} is not a cell name like 'R1C1'")
        cell = (int(match[1]) - 1, int(match[2]) - 1)
        low, high = (-1, self.size) if outside else (0, self.size - 1)
        if not (low <= cell[0] <= high and low <= cell[1] <= high):
            raise VariantError(f"{where}: {name} is outside the {self.size}x{self.size} grid")
        return cell

    def cells(self, names: object, where: str, *, least: int = 1,
              distinct: bool = True) -> tuple[Cell, ...]:
        """A list of cell names as cells: at least ``least``, each once when ``distinct``."""
        if not isinstance(names, list) or len(names) < least:
            raise VariantError(f"{where}: expected a list of at least {least} cell name(s)")
        cells = tuple(self.cell(name, where) for name in names)
        if distinct and len(set(cells)) < len(cells):
            twice = next(c for i, c in enumerate(cells) if c in cells[:i])
            raise VariantError(f"{where} lists {cell_text(twice).upper()} twice")
        return cells

    def lines(self, value: object, where: str, *, least: int = 2) -> tuple[tuple[Cell, ...], ...]:
        """The ``lines`` field: one or more lists of cells, neighbours along each line."""
        if not isinstance(value, list) or not value:
            raise VariantError(f"{where}: 'lines' must be a list of cell lists")
        lines = tuple(self.cells(line, where, least=least) for line in value)
        for line in lines:
            for a, b in itertools.pairwise(line):
                if max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1:
                    raise VariantError(f"{where}: {cell_text(a)} and {cell_text(b)} are not "
                                       "neighbours along the line")
        return lines

    def number(self, value: object, where: str) -> int:
        """A number written as f-puzzles does (a string of digits; an integer is taken too)."""
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            digits = str(value)  # JSON's decoder takes at most 4300 digits
        elif isinstance(value, str) and value.isdigit() and value.isascii():
            digits = value
        else:
            raise VariantError(f"{where}: {value!r} is not a number")
        if len(digits) > _DIGITS:  # as a string or an integer, so it is written back
            raise VariantError(f"{where}: a number of {len(digits)} digits is too long")
        return int(digits)

    def pair(self, names: object, where: str) -> tuple[Cell, Cell]:
        """Two orthogonally adjacent cells (a dot or a letter between them)."""
        if not isinstance(names, list) or len(names) != 2:
            raise VariantError(f"{where}: expected two cells")
        a, b = self.cells(names, where, least=2)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise VariantError(f"{where}: {cell_text(a)} and {cell_text(b)} are not side by side")
        return a, b


def fp_cell(cell: Cell) -> str:
    """f-puzzles' name of ``cell``: ``R1C1``."""
    return f"R{cell[0] + 1}C{cell[1] + 1}"


def fp_cells(cells: tuple[Cell, ...]) -> list[str]:
    """f-puzzles' names of ``cells``."""
    return [fp_cell(cell) for cell in cells]


def fp_lines(lines: tuple[tuple[Cell, ...], ...]) -> list[list[str]]:
    """f-puzzles' ``lines`` field."""
    return [fp_cells(line) for line in lines]


def at_least(written: int, empty: int) -> str:
    """The least a sum's cells make: the digits ``written`` and 1 for each ``empty`` cell,
    in words (the rule checks of cages, diagonals and arrows say it when it passes the total).

    >>> at_least(5, 1)
    'at least 6 (5 written, 1 empty cell)'
    >>> at_least(0, 2)
    'at least 2 (2 empty cells)'
    """
    cells = f"{empty} empty cell{'s' if empty != 1 else ''}"
    return f"at least {written + empty} ({f'{written} written, ' if written else ''}{cells})"
