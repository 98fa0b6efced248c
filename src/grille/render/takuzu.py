"""Takuzu as a drawing: 0 as an open circle and 1 as a filled one (or both as digits), clues
black on grey cells, the player's values blue, pencil marks small in the top corners, and the
highlights of a logical step (the values it places drawn green)."""

from __future__ import annotations

from grille.kinds import get_kind
from grille.logic import Step
from grille.render.drawing import (
    CELL,
    Circle,
    Drawing,
    Element,
    Layer,
    Palette,
    centered_text,
)
from grille.render.frame import GridFrame, line_unit_cells, step_highlights
from grille.render.steps import StepView, explained_step
from grille.takuzu.grid import EMPTY, TakuzuGrid

__all__ = ["before_step", "dimensions", "draw_takuzu"]

RADIUS = 0.32 * CELL
RING = 0.085 * CELL
DIGIT_SIZE = 0.62 * CELL
MARK_RADIUS = 0.09 * CELL
MARK_RING = 0.035 * CELL
MARK_SIZE = 0.26 * CELL


def dimensions(grid: TakuzuGrid) -> str:
    """``10×12``: rows by columns."""
    return f"{grid.height}×{grid.width}"


def draw_takuzu(
    grid: TakuzuGrid, *, marks: bool = False, highlight: Step | None = None, title: str = "",
    caption: str = "", solution: bool = False, digits: bool = False,
) -> Drawing:
    """The drawing of ``grid``: circles (or ``digits``), clues on grey, the player's values
    blue (dark grey when ``solution``), pencil marks when ``marks``, ``highlight``'s cells."""
    frame = GridFrame(grid.height, grid.width)
    elements: list[Element] = []
    for cell, value in enumerate(grid.cells):
        row, col = divmod(cell, grid.width)
        given = grid.is_given(cell)
        state = "given" if given else ("entry" if value != EMPTY else "empty")
        fill = Palette.GIVEN_CELL if given else Palette.PAPER
        elements.append(frame.background(row, col, fill, f"cell {state}"))
        if value != EMPTY:
            color = Palette.INK if given else (Palette.SOLVED if solution else Palette.ENTRY)
            elements.extend(_value(frame, row, col, value, color, digits, bold=given,
                                   cls="given" if given else "entry"))
    elements.extend(frame.lines())
    if highlight is not None:
        elements.extend(step_highlights(
            highlight, frame,
            unit_cells=lambda name: line_unit_cells(name, grid.height, grid.width),
        ))
        for row, col, value in highlight.placements:
            if grid[row, col] == EMPTY:
                elements.extend(_value(frame, row, col, value, Palette.PLACE, digits, bold=True,
                                       cls="place"))
    if marks:
        elements.extend(_marks(frame, grid, digits))
    return Drawing(frame.width, frame.height, tuple(elements), title, caption, CELL,
                   min_cell_mm=5.0, cell_px=56 if max(grid.height, grid.width) <= 10 else 44,
                   kind="takuzu")


def _value(frame: GridFrame, row: int, col: int, value: int, color: str, digits: bool, *,
           bold: bool, cls: str) -> list[Element]:
    x, y = frame.center(row, col)
    if digits:
        return [centered_text(x, y, str(value), DIGIT_SIZE, color=color, bold=bold, cls=cls)]
    if value == 1:
        return [Circle(x, y, RADIUS, fill=color, cls=f"{cls} one")]
    return [Circle(x, y, RADIUS - RING / 2, fill=Palette.PAPER, stroke=color, stroke_width=RING,
                   cls=f"{cls} zero")]


def _marks(frame: GridFrame, grid: TakuzuGrid, digits: bool) -> list[Element]:
    masks = grid.marks
    if masks is None:
        masks = get_kind("takuzu").with_candidates(grid).marks or (0,) * len(grid.cells)
    elements: list[Element] = []
    for cell, value in enumerate(grid.cells):
        if value != EMPTY:
            continue
        row, col = divmod(cell, grid.width)
        for mark in (0, 1):
            if not masks[cell] >> mark & 1:
                continue
            x, y = frame.corner(row, col)
            x += frame.cell * (0.2 if mark == 0 else 0.8)
            y += frame.cell * 0.2
            if digits:
                elements.append(centered_text(x, y, str(mark), MARK_SIZE, color=Palette.MARK,
                                              cls="mark"))
            elif mark == 1:
                elements.append(Circle(x, y, MARK_RADIUS, fill=Palette.MARK, cls="mark one"))
            else:
                elements.append(Circle(x, y, MARK_RADIUS - MARK_RING / 2, stroke=Palette.MARK,
                                       stroke_width=MARK_RING, layer=Layer.CONTENT,
                                       cls="mark zero"))
    return elements


def before_step(grid: TakuzuGrid, number: int) -> StepView[TakuzuGrid]:
    """Step ``number`` of the explained solve, and the grid before it."""
    return explained_step(grid, number, kind="takuzu")
