"""Sandwich sums: the digits strictly between the 1 and the n of a row or column sum to the
clue outside it."""

from __future__ import annotations

from dataclasses import dataclass

from grille.kind import Violation
from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants.draw import Shapes, side_of
from grille.sudoku.variants.family import Family, Items, fp_cell
from grille.sudoku.variants.model import Board, Cell, Constraint, Variant, VariantError, cell_text
from grille.view import OutsideClue


@dataclass(frozen=True, slots=True)
class Sandwich(Constraint):
    """The clue's place outside the grid (row or column -1 or n) and its total."""

    clue: Cell
    total: int
    family = "sandwich"
    label = "sandwich"

    def __repr__(self) -> str:
        return f"Sandwich({cell_text(self.clue)}, total={self.total})"

    def name(self) -> str:
        row, col = self.clue
        # the clue is above (row -1) or below (row n) a column, or beside a row
        above_or_below = row < 0 or (col >= 0 and row > col)
        line = f"column {col + 1}" if above_or_below else f"row {row + 1}"
        return f"sandwich {self.total} of {line}"

    def line(self, size: int) -> tuple[Cell, ...]:
        """The row or column the clue sums."""
        row, col = self.clue
        if row in (-1, size):
            return tuple((r, col) for r in range(size))
        return tuple((row, c) for c in range(size))

    def fits(self, size: int) -> None:
        row, col = self.clue
        outside_row = row in (-1, size) and 0 <= col < size
        outside_col = col in (-1, size) and 0 <= row < size
        if not (outside_row or outside_col):
            raise VariantError(f"sandwich clue at {cell_text(self.clue)}: not beside a row or "
                               f"column of the {size}x{size} grid")

    def violations(self, board: Board) -> list[Violation]:
        cells = self.line(board.size)
        digits = board.digits(cells)
        if 1 not in digits or board.size not in digits:
            return []
        a, b = sorted((digits.index(1), digits.index(board.size)))
        between = digits[a + 1:b]
        if all(between) and sum(between) != self.total:
            return [self.broken(f"the digits between 1 and {board.size} sum to {sum(between)}",
                                cells[a:b + 1])]
        return []

    def draw(self, size: int) -> Shapes:
        """The sum outside the grid by its row or column."""
        side, index = side_of(self.clue, size)
        return Shapes(outside=(OutsideClue(side, index, str(self.total)),))
    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        cells = tuple(r * size + c for r, c in self.line(size))
        return pr.Parts((), (pr.SandwichSum(cells, size, self.total),))

    def fpuzzles(self) -> tuple[str, object]:
        return "sandwichsum", {"cell": fp_cell(self.clue), "value": str(self.total)}


def _read(items: Items, key: str, value: object) -> list[Constraint]:
    out: list[Constraint] = []
    for index, item in enumerate(items.objects(key, value, ("cell", "value"))):
        where = f"sandwichsum {index + 1}"
        clue = Sandwich(items.cell(item.get("cell"), where, outside=True),
                        items.number(item.get("value"), where))
        clue.fits(items.size)
        out.append(clue)
    return out


FAMILY = Family("sandwich", "sandwich sums",
                "the digits between the 1 and the n of the row or column sum to the clue",
                ("sandwichsum",), _read, (Sandwich,))
