"""How a variant is drawn: each constraint's :meth:`Constraint.draw` gives its
:class:`Shapes` (BoardView regions, lines, markers, outside clues, cell shapes), and
:func:`variant_shapes` puts a puzzle's together with the rules in words.

The shapes follow the setters' drawings (f-puzzles, SudokuPad): killer cages dashed with
their sums, jigsaw regions as thick walls, thermometers grey with a bulb, arrows with a
circle and a head, Kropki dots, X and V letters on edges, little killer sums with a diagonal
arrow and sandwich sums outside the grid, diagonals, shaded extra regions, odd cells circled
and even cells squared, renban, whispers and palindrome lines. The front ends draw the
styles; no family is named there.

>>> from grille.sudoku.variants.families.killer import KillerCage
>>> KillerCage(((0, 0), (0, 1)), 3).draw(4).regions
(Region(style='cage', cells=((0, 0), (0, 1)), name='killer cage r1c1..r1c2 (sum 3)', \
label='3', label_cell=(0, 0), corner=<Corner.TOP_LEFT: 'top-left'>, total=3, distinct=True, \
choices=()),)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace

from grille.view import CellShape, Marker, OutsideClue, PathLine, Region

__all__ = ["Shapes", "cage_choices", "variant_shapes", "variant_title"]

MAX_CHOICES = 40
"""At most this many digit sets are listed for a cage (more say nothing useful)."""


@dataclass(frozen=True, slots=True)
class Shapes:
    """What a constraint adds to the board; ``boxes``: its regions replace the boxes
    (jigsaw)."""

    regions: tuple[Region, ...] = ()
    lines: tuple[PathLine, ...] = ()
    markers: tuple[Marker, ...] = ()
    outside: tuple[OutsideClue, ...] = ()
    shapes: tuple[CellShape, ...] = ()
    notes: tuple[str, ...] = ()
    boxes: bool = False

    def __repr__(self) -> str:
        parts = [f"{len(getattr(self, name))} {name}" for name in
                 ("regions", "lines", "markers", "outside", "shapes", "notes")
                 if getattr(self, name)]
        return f"Shapes({', '.join(parts)}{', boxes' if self.boxes else ''})"

    def __add__(self, other: Shapes) -> Shapes:
        return Shapes(self.regions + other.regions, self.lines + other.lines,
                      self.markers + other.markers, self.outside + other.outside,
                      self.shapes + other.shapes, self.notes + other.notes,
                      self.boxes or other.boxes)


def variant_shapes(variant: object, size: int, rules: str = "") -> Shapes:
    """Every constraint's shapes, and as notes the puzzle's ``rules`` text (when given) then
    each family's rule in words (a front end that cannot draw a shape still says it)."""
    from grille.sudoku.variants.families import BY_NAME
    from grille.sudoku.variants.model import Variant

    assert isinstance(variant, Variant)
    total = Shapes(notes=(rules.strip(),) if rules.strip() else ())
    for constraint in variant.constraints:
        total += constraint.draw(size)
    notes = tuple(f"{_first_up(BY_NAME[name].title)}: {BY_NAME[name].rules}"
                  for name in variant.families() if name in BY_NAME)
    return total + Shapes(notes=notes)


def _first_up(text: str) -> str:
    """``text`` with its first letter a capital and the rest as written (``XV`` stays).

    >>> _first_up("XV"), _first_up("killer cages")
    ('XV', 'Killer cages')
    """
    return text[:1].upper() + text[1:]


def cage_choices(region: Region, size: int, values: tuple[int, ...],
                 symbols: tuple[str, ...]) -> Region:
    """``region`` (a cage with a total) with the digit sets it may still hold given the
    digits written in it (``values`` row-major, 0 empty), as a player's combinations panel
    lists them: ``('129', '138', ...)``, or ``region`` unchanged when there are too many.

    >>> cage = Region("cage", ((0, 0), (0, 1)), total=4)
    >>> cage_choices(cage, 4, (0,) * 16, ("1", "2", "3", "4")).choices
    ('13',)
    >>> cage_choices(cage, 4, (2,) + (0,) * 15, ("1", "2", "3", "4")).choices
    ()
    """
    if region.total is None:
        return region
    placed = [values[row * size + col] for row, col in region.cells if values[row * size + col]]
    if len(set(placed)) < len(placed):
        return replace(region, choices=())
    found: list[str] = []
    for combo in itertools.combinations(range(1, size + 1), len(region.cells)):
        if sum(combo) == region.total and set(placed) <= set(combo):
            found.append("".join(symbols[digit - 1] for digit in combo))
            if len(found) > MAX_CHOICES:
                return region
    return replace(region, choices=tuple(found))


def variant_title(variant: object) -> str:
    """The families' titles, at most three then how many more: ``killer cages ·
    thermometers``, ``killer cages · thermometers · Kropki dots + 2 more``."""
    from grille.sudoku.variants.families import BY_NAME
    from grille.sudoku.variants.model import Variant

    assert isinstance(variant, Variant)
    titles = [BY_NAME[name].title if name in BY_NAME else name for name in variant.families()]
    more = f" + {len(titles) - 3} more" if len(titles) > 3 else ""
    return " · ".join(titles[:3]) + more


def side_of(clue: tuple[int, int], size: int) -> tuple[str, int]:
    """The side of the grid a clue outside it sits on, and the row or column it is by."""
    row, col = clue
    if row < 0:
        return "top", col
    if row >= size:
        return "bottom", col
    if col < 0:
        return "left", row
    return "right", row
