"""Sudoku of any size (4x4 to 25x25) as a drawing: thick box borders, clues in bold black,
the player's digits in blue, pencil marks in fixed places (a box-shaped mini-grid: 3x3 for
9x9, 2x3 for 6x6, 4x4 for 16x16, 5x5 for 25x25) and the highlights of a logical step."""

from __future__ import annotations

from grille.kinds import get_kind
from grille.logic import Candidate, Step
from grille.render.drawing import CELL, Drawing, Element, Layer, Palette, centered_text
from grille.render.frame import GridFrame, line_unit_cells, step_highlights
from grille.render.steps import StepView, explained_step
from grille.sudoku.grid import Grid, digits_of_mask
from grille.sudoku.symbols import digit_char

__all__ = ["before_step", "dimensions", "draw_sudoku"]

DIGIT_SIZE = 0.64 * CELL
MARK_FILL = 0.86
"""A pencil mark's font size as a fraction of its place in the mini-grid."""


def dimensions(grid: Grid) -> str:
    """``9×9``."""
    return f"{grid.size}×{grid.size}"


def draw_sudoku(
    grid: Grid, *, marks: bool = False, highlight: Step | None = None, title: str = "",
    caption: str = "", solution: bool = False,
) -> Drawing:
    """The drawing of ``grid``: clues bold, other digits blue (dark grey when ``solution``),
    pencil marks when ``marks`` (the grid's own, or the candidates when it has none), and
    ``highlight``'s cells, units and candidates."""
    n, shape = grid.size, grid.shape
    frame = GridFrame(n, n)
    elements: list[Element] = []
    for cell, digit in enumerate(grid.cells):
        row, col = divmod(cell, n)
        state = "given" if grid.is_given(cell) else ("entry" if digit else "empty")
        elements.append(frame.background(row, col, Palette.PAPER, f"cell {state}"))
        if digit:
            x, y = frame.center(row, col)
            given = grid.is_given(cell)
            color = Palette.INK if given else (Palette.SOLVED if solution else Palette.ENTRY)
            elements.append(centered_text(x, y, digit_char(digit), DIGIT_SIZE, color=color,
                                          bold=given, cls="given" if given else "entry"))
    elements.extend(frame.lines(thick_rows=shape.box_rows, thick_cols=shape.box_cols))
    lit: set[Candidate] = set()
    if highlight is not None:
        lit = {*highlight.placements, *highlight.eliminations}
        elements.extend(step_highlights(
            highlight, frame,
            unit_cells=lambda name: line_unit_cells(name, n, n, (shape.box_rows, shape.box_cols)),
            mark_spot=lambda candidate: _mark_spot(frame, grid, candidate),
        ))
    if marks or highlight is not None:
        elements.extend(_marks(frame, grid, lit))
    return Drawing(frame.width, frame.height, tuple(elements), title, caption, CELL,
                   min_cell_mm=9.0 if marks else 5.0, cell_px=_cell_px(n, marks),
                   kind="sudoku")


def _cell_px(size: int, marks: bool) -> int:
    """Pixels per cell by default: more where marks are small (a 5x5 mini-grid) or the grid
    is tiny."""
    if marks:
        return 72 if size > 12 else 56
    return 64 if size <= 6 else 44


def _mini_grid(grid: Grid) -> tuple[int, int]:
    return grid.shape.box_rows, grid.shape.box_cols


def _mark_size(frame: GridFrame, grid: Grid) -> float:
    rows, cols = _mini_grid(grid)
    return frame.cell * 0.88 / max(rows, cols) * MARK_FILL


def _mark_spot(frame: GridFrame, grid: Grid, candidate: Candidate) -> (
    tuple[float, float, float] | None
):
    row, col, digit = candidate
    if not 1 <= digit <= grid.size:
        return None
    rows, cols = _mini_grid(grid)
    x, y = frame.spot(row, col, digit - 1, rows, cols)
    return x, y, _mark_size(frame, grid) * 0.62


def _marks(frame: GridFrame, grid: Grid, lit: set[Candidate]) -> list[Element]:
    masks = grid.marks
    if masks is None:
        masks = get_kind("sudoku").with_candidates(grid).marks or (0,) * len(grid.cells)
    rows, cols = _mini_grid(grid)
    size = _mark_size(frame, grid)
    n = grid.size
    elements: list[Element] = []
    for cell, digit in enumerate(grid.cells):
        if digit:
            continue
        row, col = divmod(cell, n)
        shown = set(digits_of_mask(masks[cell])) | {d for r, c, d in lit if (r, c) == (row, col)}
        for mark in sorted(shown):
            if not 1 <= mark <= n:
                continue
            x, y = frame.spot(row, col, mark - 1, rows, cols)
            bright = (row, col, mark) in lit
            elements.append(centered_text(
                x, y, digit_char(mark), size, color=Palette.PAPER if bright else Palette.MARK,
                bold=bright, layer=Layer.CONTENT, cls="mark",
            ))
    return elements


def before_step(grid: Grid, number: int) -> StepView[Grid]:
    """Step ``number`` of the explained solve, and the grid with its candidates before it."""
    return explained_step(grid, number, kind="sudoku")
