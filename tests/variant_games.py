"""The variant games the browser and terminal tests play to the end (one list, two front
ends): each is a small fixture with one solution (``grille count`` says 1), the text a
player pastes to start it, a wrong entry that checking against the rules flags with its
constraint named, and the keys that walk the grid.

Rows and columns here are 1-based, as the page's cell ids and the constraints' names are.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from conftest import FIXTURES
from grille.kinds import get_kind

Cell = tuple[int, int]


@dataclass(frozen=True)
class VariantGame:
    """One variant puzzle played to completion, with what the tests expect of it."""

    name: str
    fixture: str
    """A file in ``tests/fixtures/variants``: f-puzzles JSON."""
    pasted_as: str
    """How a player hands it over: a format of the kind to write it in, or ``file`` (the
    fixture's own text, as a file is opened)."""
    title: str
    """The board's title (the page's heading)."""
    solution: str
    wrong: tuple[tuple[Cell, str], ...]
    """Entries typed in order; the last breaks a constraint."""
    broken: str
    """The start of checking's message about it."""
    flagged: tuple[Cell, ...]
    """The cells checking marks for it."""
    shapes: tuple[str, ...]
    """What its board draws (:func:`drawn`)."""

    def __repr__(self) -> str:
        return f"VariantGame({self.name!r}, {self.fixture!r})"

    def puzzle(self) -> Any:
        """The fixture's puzzle."""
        return get_kind("sudoku").read(self.text_of_file())[0].puzzle

    def text_of_file(self) -> str:
        return (FIXTURES / "variants" / self.fixture).read_text()

    def pasted(self) -> str:
        """What the player pastes into "Enter your own puzzle"."""
        if self.pasted_as == "file":
            return self.text_of_file()
        return get_kind("sudoku").write([self.puzzle()], self.pasted_as).strip()

    @property
    def size(self) -> int:
        return self.puzzle().size

    def to_fill(self) -> Iterator[tuple[Cell, str]]:
        """Each empty cell of the puzzle, row by row, with its digit in the solution."""
        puzzle = self.puzzle()
        for index, digit in enumerate(self.solution):
            if not puzzle.is_given(index):
                row, col = divmod(index, puzzle.size)
                yield (row + 1, col + 1), digit


def arrows(start: Cell, end: Cell) -> list[str]:
    """The arrow keys (``up``, ``down``, ``left``, ``right``) that move a cursor from
    ``start`` to ``end``: rows first."""
    (row, col), (to_row, to_col) = start, end
    vertical = ["down" if to_row > row else "up"] * abs(to_row - row)
    return vertical + ["right" if to_col > col else "left"] * abs(to_col - col)


GAMES = (
    VariantGame(
        name="killer",
        fixture="killer_4x4_unique.json",
        pasted_as="fpuzzles-link",
        title="Sudoku 4×4 · killer cages",
        solution="1234341221434321",
        # no repeat, but 1 + 3 breaks the cage r1c1+r1c2 = 3
        wrong=(((1, 1), "1"), ((1, 2), "3")),
        broken="killer cage r1c1..r1c2 (sum 3): its digits sum to 4",
        flagged=((1, 1), (1, 2)),
        shapes=("cage 3", "cage 3", "cage 4", "cage 4", "cage 6", "cage 6", "cage 7", "cage 7"),
    ),
    VariantGame(
        name="jigsaw",
        fixture="jigsaw_6x6_unique.json",
        pasted_as="sudokupad",
        title="Sudoku 6×6 · irregular regions",
        solution="326145451263613524245631132456564312",
        # r3c2 shares neither row, column nor 2x3 box with the given 4 at r2c1, only its
        # jigsaw region
        wrong=(((3, 2), "4"),),
        broken="jigsaw regions: r2c1 and r3c2 both hold 4",
        flagged=((2, 1), (3, 2)),
        shapes=("region",) * 6,
    ),
    VariantGame(
        name="thermo-arrow-kropki",
        fixture="thermo_arrow_kropki_6x6_unique.json",
        pasted_as="file",
        title="Sudoku 6×6 · thermometers · arrows · Kropki dots",
        solution="316245542613253164164352421536635421",
        # the thermometer's bulb r3c1 holds 2, the next cell 1: downhill
        wrong=(((3, 1), "2"), ((2, 2), "1")),
        broken="thermometer r3c1..r4c2: 2 before 1",
        flagged=((3, 1), (2, 2)),
        shapes=("arrow", "arrow", "black-dot", "thermometer", "thermometer", "white-dot",
                "white-dot"),
    ),
)


def drawn(board: dict[str, Any]) -> list[str]:
    """What a board (``BoardView.to_json()``, the page's board) draws beyond rows, columns and
    plain boxes, sorted: ``cage 3`` per cage and its total, ``region`` per jigsaw region,
    each line's and marker's style."""
    shapes = []
    for region in board["regions"]:
        if region["style"] == "cage":
            shapes.append(f"cage {region['total']}")
        elif region["style"] == "box" and region["name"].startswith("region"):
            shapes.append("region")
    shapes += [line["style"] for line in board["lines"]]
    shapes += [marker["style"] for marker in board["markers"]]
    return sorted(shapes)


ARROW_PILLS = {
    "size": 6, "title": "arrow circles of two cells",
    "grid": [[{} for _ in range(6)] for _ in range(6)],
    "arrow": [{"lines": [["R1C2", "R2C3", "R3C4", "R4C5"]], "cells": ["R1C1", "R1C2"]},
              {"lines": [["R4C1", "R5C2", "R6C3"]], "cells": ["R3C1", "R4C1"]},
              {"lines": [["R6C6", "R5C5"]], "cells": ["R6C6"]}],
}
"""f-puzzles JSON of three arrows: circles of two cells across and down (drawn as pills, as
f-puzzles draws them) and one of one cell (a circle)."""

ARROW_L = {
    "size": 6, "title": "an arrow circle of three cells in an L",
    "grid": [[{} for _ in range(6)] for _ in range(6)],
    "arrow": [{"lines": [["R2C2", "R3C3", "R4C4", "R5C5"]], "cells": ["R1C1", "R1C2", "R2C2"]}],
}
"""f-puzzles JSON of an arrow whose circle is r1c1, r1c2 and r2c2 (not in one row or column):
one rounded outline round the three cells, as f-puzzles draws it."""
