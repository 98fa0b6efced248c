"""Rendering: puzzles of every kind as SVG, PNG and PDF, and printable booklets.

One drawing description (:class:`Drawing`, built by :func:`draw` from a puzzle or a player's
state) is rendered by :func:`to_svg` (text, no dependency), :func:`to_png` (Pillow) and
:func:`to_pdf` (fpdf2, fonts embedded); :func:`booklet` lays many puzzles out N per page
with their solutions at the back. Every renderer is a pure function with keyword-only
options.

>>> from grille.sudoku import Grid
>>> grid = Grid.from_string("1..4" "..1." ".1.." "4..1")
>>> drawing = draw(grid, number=1)
>>> drawing.title
'No. 1 · Sudoku 4×4'
>>> drawing.texts("given")
['1', '4', '1', '1', '4', '1']
>>> to_svg(drawing).startswith("<svg")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from grille.errors import GrilleError
from grille.kind import Puzzle
from grille.logic import Step
from grille.render.booklet import PAPERS, PER_PAGE, booklet
from grille.render.drawing import Drawing
from grille.render.pdf import to_pdf
from grille.render.png import to_png
from grille.render.steps import StepView
from grille.render.svg import to_svg
from grille.render.titles import title_line

__all__ = ["PAPERS", "PER_PAGE", "Drawing", "booklet", "draw", "to_pdf", "to_png", "to_svg"]


def draw(
    puzzle: Puzzle, *, marks: bool = False, step: int | None = None,
    highlight: Step | None = None, title: str | None = None, number: int | None = None,
    level: str | None = None, digits: bool = False, solution: bool = False,
) -> Drawing:
    """The drawing of a puzzle or a player's state of any kind.

    ``marks`` draws pencil marks (the state's own, else the candidates). ``step`` = N shows
    the grid just before step N of the kind's explained solve, with that step highlighted,
    the solver's candidates, and the step's sentence as the caption; ``highlight`` highlights
    a step on ``puzzle`` as it is (a hint). ``title``: the title line (default: number, kind
    and size, ``level`` or the file's, ID; ``""`` for none). ``digits`` draws Takuzu values
    as 0 and 1 rather than circles; ``solution`` draws the non-clue digits dark grey.
    """
    module = _module(puzzle.kind)
    caption = ""
    heading = title
    if heading is None:
        heading = title_line(puzzle, module.dimensions(puzzle), number=number, level=level)
    if step is not None:
        view = module.before_step(puzzle, step)
        puzzle, highlight, caption = view.state, view.step, view.step.explanation
        heading = f"{heading} · {view.heading}" if heading else view.heading
    elif highlight is not None:
        caption = highlight.explanation
    options: dict[str, Any] = {"marks": marks, "highlight": highlight, "title": heading,
                               "caption": caption, "solution": solution}
    if puzzle.kind == "takuzu":
        options["digits"] = digits
    return module.draw(puzzle, **options)


class _KindDrawer(NamedTuple):
    """A kind's drawing functions, under common names."""

    draw: Callable[..., Drawing]
    dimensions: Callable[[Any], str]
    before_step: Callable[[Any, int], StepView[Any]]


def _module(kind: str) -> _KindDrawer:
    if kind == "sudoku":
        from grille.render import sudoku

        return _KindDrawer(sudoku.draw_sudoku, sudoku.dimensions, sudoku.before_step)
    if kind == "takuzu":
        from grille.render import takuzu

        return _KindDrawer(takuzu.draw_takuzu, takuzu.dimensions, takuzu.before_step)
    if kind == "kakuro":
        from grille.render import kakuro

        return _KindDrawer(kakuro.draw_kakuro, kakuro.dimensions, kakuro.before_step)
    raise GrilleError(f"no drawing for puzzles of kind {kind!r}")
