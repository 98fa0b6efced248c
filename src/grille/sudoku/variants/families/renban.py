"""Renban lines: a line's digits are distinct and consecutive, in any order."""

from __future__ import annotations

from dataclasses import dataclass

from grille.kind import Violation
from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants.families._lines import LineConstraint, read_lines
from grille.sudoku.variants.family import Family, Items, fp_lines
from grille.sudoku.variants.model import Board, Constraint, Variant, all_different


@dataclass(frozen=True, slots=True)
class Renban(LineConstraint):
    """A renban line (each of its lines is a set of consecutive digits)."""

    family = "renban"
    label = "renban line"
    draw_style = "renban"

    def violations(self, board: Board) -> list[Violation]:
        out: list[Violation] = []
        for line in self.lines:
            repeats = all_different(self, line, board)
            out += repeats
            digits = [d for d in board.digits(line) if d]
            if not repeats and digits and max(digits) - min(digits) >= len(line):
                out.append(self.broken(f"{min(digits)} and {max(digits)} cannot both be in a "
                                       f"run of {len(line)} consecutive digits",
                                       [c for c in line if board.at(c) in (min(digits),
                                                                           max(digits))]))
        return out

    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        lines = tuple(tuple(r * size + c for r, c in line) for line in self.lines)
        return pr.Parts(lines, tuple(pr.Window(line, size) for line in lines))

    def fpuzzles(self) -> tuple[str, object]:
        return "renban", {"lines": fp_lines(self.lines)}


def _read(items: Items, key: str, value: object) -> list[Constraint]:
    return [Renban(lines) for lines, _ in read_lines(items, key, value)]


FAMILY = Family("renban", "renban lines",
                "a renban line holds a set of consecutive digits, in any order",
                ("renban",), _read, (Renban,))
