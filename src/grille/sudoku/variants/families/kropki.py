"""Kropki dots: white, the two digits differ by 1; black, one is twice the other. The
negative forms say every dot is given (``nonconsecutive``: no undotted neighbours differ by 1;
``negative: ["ratio"]``: none is twice the other); a dotted pair is exempt from both."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from grille.kind import Violation
from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants.draw import Shapes
from grille.sudoku.variants.families._pairs import (
    marked_pairs,
    neighbour_pairs,
    unmarked_records,
    unmarked_relations,
)
from grille.sudoku.variants.family import Family, Items, fp_cells
from grille.sudoku.variants.model import Board, Cell, Constraint, Variant, cell_text, cells_text
from grille.view import Marker

if TYPE_CHECKING:
    from grille.sudoku.variants._kernel import Records

KEYS = {"difference": "white", "ratio": "black"}

_RULE_AT: dict[tuple[int, bool, int | None], int] = {}
"""Where each dot's rule table starts in the kernel's shared tables, by size, colour and
value (:meth:`KropkiDot.solver_records` then makes neither the rule's name nor its test)."""


def _holds(black: bool, value: int, x: int, y: int) -> bool:
    return x == value * y or y == value * x if black else abs(x - y) == value


@dataclass(frozen=True, slots=True)
class KropkiDot(Constraint):
    """A dot between two neighbours; ``value`` as written (``None``: 1 white, 2 black)."""

    cells: tuple[Cell, Cell]
    black: bool
    value: int | None = None
    family = "kropki"

    def __repr__(self) -> str:
        value = "" if self.value is None else f", value={self.value}"
        return f"KropkiDot({cells_text(self.cells)}, {self.colour}{value})"

    @property
    def colour(self) -> str:
        """``black`` or ``white``."""
        return "black" if self.black else "white"

    def name(self) -> str:
        return f"{self.colour} dot {cell_text(min(self.cells))}-{cell_text(max(self.cells))}"

    def cells_of(self) -> tuple[Cell, ...]:
        return self.cells

    def draw(self, size: int) -> Shapes:
        """A white or black dot on the edge, its value written in it when not 1 or 2."""
        text = "" if self.value is None else str(self.value)
        return Shapes(markers=(Marker(f"{self.colour}-dot", *self.cells, text),))

    def violations(self, board: Board) -> list[Violation]:
        x, y = board.digits(self.cells)
        value = self.value if self.value is not None else 2 if self.black else 1
        if x and y and not _holds(self.black, value, x, y):
            how = f"neither is {value} times the other" if self.black else (
                f"they do not differ by {value}")
            return [self.broken(f"{x} and {y}: {how}", self.cells)]
        return []

    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        (ra, ca), (rb, cb) = self.cells
        value = self.value if self.value is not None else 2 if self.black else 1
        return pr.Parts((), (pr.relation(
            ra * size + ca, rb * size + cb, size, f"kropki {self.black} {value}",
            lambda x, y: _holds(self.black, value, x, y)),))

    def solver_records(self, size: int, variant: Variant, out: Records) -> bool:
        (ra, ca), (rb, cb) = self.cells
        key = (size, self.black, self.value)
        at = _RULE_AT.get(key)
        if at is None:  # a rule's table never moves: remembered by size, colour and value
            value = self.value if self.value is not None else 2 if self.black else 1
            at = _RULE_AT[key] = out.rule(f"kropki {self.black} {value}",
                                          lambda x, y: _holds(self.black, value, x, y))
        out.relation(ra * size + ca, rb * size + cb, at)
        return True

    def fpuzzles(self) -> tuple[str, object]:
        item: dict[str, object] = {"cells": fp_cells(self.cells)}
        if self.value is not None:
            item["value"] = str(self.value)
        return ("ratio" if self.black else "difference"), item


@dataclass(frozen=True, slots=True)
class KropkiNegative(Constraint):
    """All dots of one colour are given: undotted neighbours are not consecutive (white) or
    not in a 1:2 ratio (black)."""

    black: bool
    family = "kropki"

    def name(self) -> str:
        return "all black dots given" if self.black else "all white dots given"

    def draw(self, size: int) -> Shapes:
        """Nothing on the grid: the rule in words (``All white dots given``)."""
        return Shapes(notes=(self.name().capitalize() + ".",))

    def violations(self, board: Board) -> list[Violation]:
        dotted = marked_pairs(board, ("kropki",))
        out = []
        for a, b in neighbour_pairs(board.size):
            x, y = board.at(a), board.at(b)
            if x and y and frozenset((a, b)) not in dotted and _holds(self.black, 2 if
                                                                      self.black else 1, x, y):
                why = "twice" if self.black else "consecutive to"
                out.append(self.broken(f"{x} at {cell_text(a)} is {why} {y} at {cell_text(b)} "
                                       "with no dot between", (a, b)))
        return out

    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        dotted = {frozenset(c.cells_of()) for c in variant.constraints
                  if isinstance(c, KropkiDot)}
        value = 2 if self.black else 1
        return pr.Parts((), unmarked_relations(
            size, f"kropki not {self.black}", lambda x, y: not _holds(self.black, value, x, y),
            dotted))

    def solver_records(self, size: int, variant: Variant, out: Records) -> bool:
        value = 2 if self.black else 1
        unmarked_records(out, f"kropki not {self.black}",
                         lambda x, y: not _holds(self.black, value, x, y),
                         variant.constraints, KropkiDot)
        return True

    def fpuzzles(self) -> tuple[str, object]:
        return ("negative", "ratio") if self.black else ("nonconsecutive", True)


def _read(items: Items, key: str, value: object) -> list[Constraint]:
    if key == "nonconsecutive":
        return [KropkiNegative(False)] if items.flag(key, value) else []
    if key == "negative:ratio":
        return [KropkiNegative(True)]
    out: list[Constraint] = []
    for index, item in enumerate(items.objects(key, value, ("cells", "value"))):
        where = f"{key} {index + 1}"
        raw = item.get("value")
        number = None if raw is None else items.number(raw, where)
        out.append(KropkiDot(items.pair(item.get("cells"), where), key == "ratio", number))
    return out


FAMILY = Family("kropki", "Kropki dots",
                "digits joined by a white dot are consecutive; by a black dot, one is double the "
                "other",
                ("difference", "ratio", "nonconsecutive", "negative:ratio"), _read,
                (KropkiDot, KropkiNegative))
