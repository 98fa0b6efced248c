"""What the line families (thermometer, renban, whispers, palindrome) share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from grille.sudoku.variants.draw import Shapes
from grille.sudoku.variants.family import Items
from grille.sudoku.variants.model import Cell, Constraint, cells_text
from grille.view import PathLine

Lines = tuple[tuple[Cell, ...], ...]


@dataclass(frozen=True, slots=True)
class LineConstraint(Constraint):
    """A constraint on one or more lines of cells (an f-puzzles item's ``lines``)."""

    lines: Lines

    def __repr__(self) -> str:
        shown = "; ".join("-".join(f"r{r + 1}c{c + 1}" for r, c in line) for line in self.lines)
        return f"{type(self).__name__}({shown})"

    def name(self) -> str:
        return f"{self.label} {cells_text(self.lines[0])}"

    def cells_of(self) -> tuple[Cell, ...]:
        return tuple(dict.fromkeys(cell for line in self.lines for cell in line))

    draw_style: ClassVar[str] = ""
    """The BoardView line style the family is drawn in (``thermometer``, ``renban`` ...)."""
    draw_bulb: ClassVar[bool] = False
    """Whether each line's first cell is drawn as its start (a thermometer's bulb)."""

    def draw(self, size: int) -> Shapes:
        """Each line in the family's style, from its first cell."""
        return Shapes(lines=tuple(PathLine(self.draw_style, line, line[:1] if self.draw_bulb
                                           else ()) for line in self.lines))


def read_lines(items: Items, key: str, value: object,
               fields: tuple[str, ...] = ("lines",)) -> list[tuple[Lines, dict[str, object]]]:
    """Each item's lines (and the item itself, for its other fields)."""
    return [
        (items.lines(item.get("lines"), f"{key} {index + 1}"), item)
        for index, item in enumerate(items.objects(key, value, fields))
    ]
