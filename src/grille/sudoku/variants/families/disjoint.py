"""Disjoint groups: cells in the same position of their box hold no repeated digit."""

from __future__ import annotations

from dataclasses import dataclass

from grille.kind import Violation
from grille.sudoku.geometry import default_shape
from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants.family import Family, Items
from grille.sudoku.variants.model import Board, Constraint, Variant, all_different


@dataclass(frozen=True, slots=True)
class DisjointGroups(Constraint):
    """The global rule (boxes of f-puzzles' default layout for the size)."""

    family = "disjoint"
    label = "disjoint groups"
    units_only = True

    def violations(self, board: Board) -> list[Violation]:
        shape = default_shape(board.size)
        out: list[Violation] = []
        for r in range(shape.box_rows):
            for c in range(shape.box_cols):
                cells = [(br + r, bc + c) for br in range(0, board.size, shape.box_rows)
                         for bc in range(0, board.size, shape.box_cols)]
                out += all_different(self, cells, board, f" in box position {r + 1},{c + 1}")
        return out

    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        shape = default_shape(size)
        return pr.Parts(tuple(
            tuple((br + r) * size + bc + c for br in range(0, size, shape.box_rows)
                  for bc in range(0, size, shape.box_cols))
            for r in range(shape.box_rows) for c in range(shape.box_cols)))

    def fpuzzles(self) -> tuple[str, object]:
        return "disjointgroups", True


def _read(items: Items, key: str, value: object) -> list[Constraint]:
    return [DisjointGroups()] if items.flag(key, value) else []


FAMILY = Family("disjoint", "disjoint groups",
                "cells in the same position of their boxes hold no repeated digit",
                ("disjointgroups",), _read, (DisjointGroups,))
