"""Thermometers: digits strictly increase along each line from the bulb."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from grille.kind import Violation
from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants.families._lines import LineConstraint, read_lines
from grille.sudoku.variants.family import Family, Items, fp_lines
from grille.sudoku.variants.model import Board, Constraint, Variant, cell_text

if TYPE_CHECKING:
    from grille.sudoku.variants._kernel import Records


@dataclass(frozen=True, slots=True)
class Thermometer(LineConstraint):
    """One thermometer: each line starts at the bulb."""

    family = "thermo"
    label = "thermometer"
    draw_style = "thermometer"
    draw_bulb = True

    def violations(self, board: Board) -> list[Violation]:
        out: list[Violation] = []
        for line in self.lines:
            placed = [(i, cell, board.at(cell)) for i, cell in enumerate(line) if board.at(cell)]
            for (i, a, x), (j, b, y) in itertools.pairwise(placed):
                if y - x < j - i:
                    why = (f"{x} before {y}" if j == i + 1 or y <= x else
                           f"{x} at {cell_text(a)} leaves no room for {j - i - 1} rising "
                           f"digit(s) below {y}")
                    out.append(self.broken(why, (a, b)))
        return out

    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        lines = tuple(tuple(r * size + c for r, c in line) for line in self.lines)
        rise = [pr.relation(a, b, size, "rise", _rises)
                for line in lines for a, b in itertools.pairwise(line)]
        return pr.Parts(lines, tuple(rise))

    def solver_records(self, size: int, variant: Variant, out: Records) -> bool:
        lines = [tuple([r * size + c for r, c in line]) for line in self.lines]
        out.units += lines
        table = out.rule("rise", _rises)
        for line in lines:
            for a, b in itertools.pairwise(line):
                out.relation(a, b, table)
        return True

    def fpuzzles(self) -> tuple[str, object]:
        return "thermometer", {"lines": fp_lines(self.lines)}


def _rises(x: int, y: int) -> bool:
    return x < y


def _read(items: Items, key: str, value: object) -> list[Constraint]:
    return [Thermometer(lines) for lines, _ in read_lines(items, key, value)]


FAMILY = Family("thermo", "thermometers",
                "digits strictly increase along a thermometer from its bulb",
                ("thermometer",), _read, (Thermometer,))
