"""Palindrome lines: a line reads the same from both ends."""

from __future__ import annotations

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
class Palindrome(LineConstraint):
    """A palindrome line."""

    family = "palindrome"
    label = "palindrome"
    draw_style = "palindrome"

    def violations(self, board: Board) -> list[Violation]:
        out: list[Violation] = []
        for line in self.lines:
            for a, b in zip(line[: len(line) // 2], reversed(line), strict=False):
                x, y = board.at(a), board.at(b)
                if x and y and x != y:
                    out.append(self.broken(f"{x} at {cell_text(a)} mirrors {y} at "
                                           f"{cell_text(b)}", (a, b)))
        return out

    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        return pr.Parts((), tuple(
            pr.relation(a[0] * size + a[1], b[0] * size + b[1], size, "equal", _equal)
            for line in self.lines
            for a, b in zip(line[: len(line) // 2], reversed(line), strict=False)))

    def solver_records(self, size: int, variant: Variant, out: Records) -> bool:
        table = out.rule("equal", _equal)
        for line in self.lines:
            for a, b in zip(line[: len(line) // 2], reversed(line), strict=False):
                out.relation(a[0] * size + a[1], b[0] * size + b[1], table)
        return True

    def fpuzzles(self) -> tuple[str, object]:
        return "palindrome", {"lines": fp_lines(self.lines)}


def _equal(x: int, y: int) -> bool:
    return x == y


def _read(items: Items, key: str, value: object) -> list[Constraint]:
    return [Palindrome(lines) for lines, _ in read_lines(items, key, value)]


FAMILY = Family("palindrome", "palindrome lines",
                "a palindrome line reads the same from either end",
                ("palindrome",), _read, (Palindrome,))
