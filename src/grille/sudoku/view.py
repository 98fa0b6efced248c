"""A Sudoku state as a :class:`~grille.view.BoardView`: boxes, rows and columns as regions,
symbols 1-9 then A-P, pencil marks in a box-shaped mini-grid; a variant's constraints as
the shapes its families draw (:mod:`grille.sudoku.variants.draw`), jigsaw regions in place
of the boxes, and the rules in words as notes."""

from __future__ import annotations

import functools

from grille.sudoku.geometry import Shape
from grille.sudoku.grid import Grid
from grille.sudoku.symbols import SYMBOLS
from grille.view import BoardView, CellView, Region, values_of_mask

__all__ = ["board_view", "setter_line"]


def board_view(puzzle: Grid, state: Grid) -> BoardView:
    """The board of ``state``, a player's grid of the game of ``puzzle`` (its clues)."""
    n, shape = state.size, state.shape
    marks = state.marks or (0,) * len(state.cells)
    cells = tuple(
        CellView(value or None, bool(value) and puzzle.cells[index] != 0,
                 () if value else values_of_mask(marks[index]))
        for index, value in enumerate(state.cells)
    )
    regions, symbols, keys = _layout(shape)
    variant = state.variant or puzzle.variant
    kept = _kept_note(puzzle)
    if variant is None:
        return BoardView(
            n, n, cells, symbols, regions=regions, mark_grid=(shape.box_rows, shape.box_cols),
            keys=keys, title=f"Sudoku {n}×{n}", notes=kept,
        )
    from grille.sudoku.variants.draw import cage_choices, variant_shapes, variant_title

    metadata = dict(puzzle.metadata)
    drawn = variant_shapes(variant, n, metadata.get("rules", ""))
    drawn_notes = drawn.notes + kept
    byline = setter_line(metadata.get("title", ""), metadata.get("author", ""))
    if drawn.boxes:
        regions = tuple(region for region in regions if region.style != "box")
    extra = tuple(cage_choices(region, n, state.cells, symbols) if region.style == "cage"
                  else region for region in drawn.regions)
    return BoardView(
        n, n, cells, symbols, regions=regions + extra, lines=drawn.lines,
        markers=drawn.markers, outside=drawn.outside, shapes=drawn.shapes,
        notes=(byline, *drawn_notes) if byline else drawn_notes,
        rules=_printed_rules(metadata.get("rules", ""), drawn.notes),
        mark_grid=(shape.box_rows, shape.box_cols), keys=keys,
        title=f"Sudoku {n}×{n} · {variant_title(variant)}",
    )


def _printed_rules(text: str, notes: tuple[str, ...]) -> tuple[str, ...]:
    """The rules a print of the puzzle carries: the setter's ``text`` when there is one
    (its paragraphs kept), else the families' rules in ``notes``."""
    paragraphs = tuple(part.strip() for part in text.strip().split("\n\n") if part.strip())
    return paragraphs or notes


def _kept_note(puzzle: Grid) -> tuple[str, ...]:
    """A note naming the f-puzzles decorations ``puzzle`` keeps but the board does not draw
    (lines, texts ... a setter drew; the rules text may refer to them)."""
    if not puzzle.metadata:
        return ()
    from grille.sudoku.variants.fpuzzles import EXTRAS, decorations

    if not any(key == EXTRAS for key, _ in puzzle.metadata):
        return ()
    kept = decorations(puzzle)
    return (f"Not drawn here: the original's decorations ({kept}).",) if kept else ()


def setter_line(title: str, author: str) -> str:
    """A variant's own name and setter, as the first of the board's notes (the board's
    title names the kind and families; a pasted puzzle's name would be lost otherwise).

    >>> setter_line("Warm Up", "Someone"), setter_line("Warm Up", ""), setter_line("", "A")
    ('“Warm Up” by Someone', '“Warm Up”', 'by A')
    """
    title, author = title.strip(), author.strip()
    named = f"“{title}”" if title else ""
    return " ".join(part for part in (named, f"by {author}" if author else "") if part)


Layout = tuple[tuple[Region, ...], tuple[str, ...], tuple[tuple[str, int], ...]]


@functools.cache
def _layout(shape: Shape) -> Layout:
    """What every board of ``shape`` shares: its rows, columns and boxes, symbols and keys."""
    n = shape.size
    regions = tuple(
        Region(("row", "column", "box")[number // n], tuple(divmod(cell, n) for cell in unit),
               name=shape.unit_name(number))
        for number, unit in enumerate(shape.units)
    )
    symbols = tuple(SYMBOLS[:n])
    keys = [(symbol, value) for value, symbol in enumerate(symbols, 1)]
    keys += [(symbol.lower(), value) for symbol, value in keys if symbol.isalpha()]
    return regions, symbols, tuple(keys)
