"""Kakuro as a drawing: dark blocks, clue cells split by a diagonal with the down sum in the
bottom-left triangle and the right sum in the top-right one (a triangle without a sum is
dark), white cells with the player's digits, pencil marks in a 3x3 mini-grid, and the
highlights of a logical step (its runs, cells and candidates)."""

from __future__ import annotations

from grille.kakuro.grid import KakuroGrid, digits_of_mask
from grille.kinds import get_kind
from grille.logic import Candidate, Step
from grille.render.drawing import (
    CELL,
    Drawing,
    Element,
    Layer,
    Line,
    Palette,
    Polygon,
    centered_text,
)
from grille.render.frame import GridFrame, step_highlights
from grille.render.steps import StepView, explained_step

__all__ = ["before_step", "dimensions", "draw_kakuro"]

DIGIT_SIZE = 0.62 * CELL
CLUE_SIZE = 0.32 * CELL
MARK_SIZE = 0.88 * CELL / 3 * 0.8
DOWN_AT = (0.29, 0.74)
"""Where the centre of a down sum sits in its cell (fractions of the cell from top-left)."""
RIGHT_AT = (0.71, 0.29)
"""Where the centre of a right sum sits."""


def dimensions(grid: KakuroGrid) -> str:
    """``12×10``: rows by columns."""
    return f"{grid.rows}×{grid.cols}"


def draw_kakuro(
    grid: KakuroGrid, *, marks: bool = False, highlight: Step | None = None, title: str = "",
    caption: str = "", solution: bool = False,
) -> Drawing:
    """The drawing of ``grid``: blocks and clues, digits blue (dark grey when ``solution``),
    pencil marks when ``marks`` (the grid's own or its candidates), ``highlight``'s runs."""
    frame = GridFrame(grid.rows, grid.cols)
    elements: list[Element] = []
    values = grid.cells
    for cell, clue in enumerate(grid.clues):
        row, col = divmod(cell, grid.cols)
        if clue is None:
            state = "entry" if values[cell] else "empty"
            elements.append(frame.background(row, col, Palette.PAPER, f"cell white {state}"))
            if values[cell]:
                x, y = frame.center(row, col)
                color = Palette.SOLVED if solution else Palette.ENTRY
                elements.append(centered_text(x, y, str(values[cell]), DIGIT_SIZE, color=color,
                                              cls="entry"))
        elif clue == (0, 0):
            elements.append(frame.background(row, col, Palette.BLOCK, "cell block"))
        else:
            elements.append(frame.background(row, col, Palette.CLUE, "cell clue"))
            elements.extend(_clue(frame, row, col, clue))
    elements.extend(frame.lines(color=Palette.INK))
    lit: set[Candidate] = set()
    if highlight is not None:
        lit = {*highlight.placements, *highlight.eliminations}
        runs = {run.name: run.positions() for run in grid.runs}
        elements.extend(step_highlights(
            highlight, frame, unit_cells=lambda name: runs.get(name, ()),
            mark_spot=lambda candidate: _mark_spot(frame, candidate),
        ))
    if marks or highlight is not None:
        elements.extend(_marks(frame, grid, lit))
    return Drawing(frame.width, frame.height, tuple(elements), title, caption, CELL,
                   min_cell_mm=9.0 if marks else 6.0, cell_px=56 if marks else 44,
                   kind="kakuro")


def _clue(frame: GridFrame, row: int, col: int, clue: tuple[int, int]) -> list[Element]:
    """The diagonal, the dark triangle of a missing sum, and the sums."""
    x, y = frame.corner(row, col)
    size = frame.cell
    down, right = clue
    elements: list[Element] = []
    if not down:
        elements.append(Polygon(((x, y), (x, y + size), (x + size, y + size)), Palette.BLOCK,
                                cls="no-sum"))
    if not right:
        elements.append(Polygon(((x, y), (x + size, y), (x + size, y + size)), Palette.BLOCK,
                                cls="no-sum"))
    elements.append(Line(x, y, x + size, y + size, Palette.INK, 1.0, Layer.GRID, cls="diagonal"))
    for total, (fx, fy), cls in ((down, DOWN_AT, "down"), (right, RIGHT_AT, "right")):
        if total:
            elements.append(centered_text(x + fx * size, y + fy * size, str(total), CLUE_SIZE,
                                          bold=True, cls=f"clue {cls}"))
    return elements


def _mark_spot(frame: GridFrame, candidate: Candidate) -> tuple[float, float, float] | None:
    row, col, digit = candidate
    if not 1 <= digit <= 9:
        return None
    x, y = frame.spot(row, col, digit - 1, 3, 3)
    return x, y, MARK_SIZE * 0.62


def _marks(frame: GridFrame, grid: KakuroGrid, lit: set[Candidate]) -> list[Element]:
    masks = grid.marks
    if masks is None:
        masks = get_kind("kakuro").with_candidates(grid).marks or (0,) * len(grid.clues)
    values = grid.cells
    elements: list[Element] = []
    for cell in grid.whites:
        if values[cell]:
            continue
        row, col = divmod(cell, grid.cols)
        shown = set(digits_of_mask(masks[cell])) | {d for r, c, d in lit if (r, c) == (row, col)}
        for digit in sorted(shown):
            if not 1 <= digit <= 9:
                continue
            x, y = frame.spot(row, col, digit - 1, 3, 3)
            bright = (row, col, digit) in lit
            elements.append(centered_text(
                x, y, str(digit), MARK_SIZE, color=Palette.PAPER if bright else Palette.MARK,
                bold=bright, cls="mark",
            ))
    return elements


def before_step(grid: KakuroGrid, number: int) -> StepView[KakuroGrid]:
    """Step ``number`` of the explained solve, and the grid with the solver's candidates."""
    return explained_step(grid, number, kind="kakuro")
