"""A Sudoku state as a :class:`~grille.view.BoardView`: boxes, rows and columns as regions,
symbols 1-9 then A-P, pencil marks in a box-shaped mini-grid; a variant's constraints as
the shapes its families draw (:mod:`grille.sudoku.variants.draw`), jigsaw regions in place
of the boxes, and the rules in words as notes."""

from __future__ import annotations

import functools

from grille.sudoku.geometry import Shape
from grille.sudoku.grid import Grid
from grille.sudoku.symbols import SYMBOLS
from grille.view import BoardView, CellView, Decoration, Region, values_of_mask

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
    decorations, kept = _kept(puzzle)
    if variant is None:
        notes = kept
        printed: tuple[str, ...] = ()
        if decorations or kept:  # the setter's rules say what the decorations mean
            metadata = dict(puzzle.metadata)
            rules = metadata.get("rules", "").strip()
            byline = setter_line(metadata.get("title", ""), metadata.get("author", ""))
            notes = tuple(note for note in (byline, rules) if note) + kept
            printed = _printed_rules(rules, ())  # and a print of it says them too
        return BoardView(
            n, n, cells, symbols, regions=regions, mark_grid=(shape.box_rows, shape.box_cols),
            keys=keys, title=f"Sudoku {n}×{n}", notes=notes, decorations=decorations,
            rules=printed,
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
        decorations=decorations,
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


def _kept(puzzle: Grid) -> tuple[tuple[Decoration, ...], tuple[str, ...]]:
    """The f-puzzles decorations ``puzzle`` keeps (lines, texts ... a setter drew; the rules
    text may refer to them) as drawn, and a note naming those that cannot be drawn (outside
    the grid, of a shape not understood)."""
    if not puzzle.metadata:
        return (), ()
    from grille.sudoku.variants.fpuzzles import EXTRAS, extras_of
    from grille.sudoku.variants.model import VariantError

    if not any(key == EXTRAS for key, _ in puzzle.metadata):
        return (), ()
    from grille.sudoku.variants.cosmetics import cosmetic_decorations

    try:
        extras = extras_of(puzzle)
    except VariantError:
        return (), ()
    drawn, undrawn = cosmetic_decorations(extras, puzzle.size)
    kept = ", ".join(f"{count} {key}{'' if count == 1 else 's'}"
                     for key, count in undrawn.items())
    return drawn, ((f"Not drawn here: the original's decorations ({kept}).",) if kept else ())


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
