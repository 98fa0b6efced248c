"""Rendering: puzzles of every kind as SVG, PNG and PDF, and printable booklets.

One drawing description (:class:`Drawing`, built by :func:`draw` from a puzzle or a player's
state through its kind's :class:`~grille.view.BoardView`, or by :func:`draw_board` from a
board) is rendered by :func:`to_svg` (text, no dependency), :func:`to_png` (Pillow) and
:func:`to_pdf` (fpdf2, fonts embedded); :func:`booklet` lays many puzzles out N per page
with their solutions at the back. Every renderer is a pure function with keyword-only
options, and none knows a kind.

>>> from grille.kinds import sniff_kind
>>> text = "1..4" "..1." ".1.." "4..1"
>>> grid = sniff_kind(text).read(text)[0].puzzle
>>> drawing = draw(grid, number=1)
>>> drawing.title
'No. 1 · Sudoku 4×4'
>>> drawing.texts("given")
['1', '4', '1', '1', '4', '1']
>>> to_svg(drawing).startswith("<svg")
True
"""

from __future__ import annotations

from typing import Any

from grille.kind import Kind, Puzzle
from grille.kinds import get_kind
from grille.logic import Step
from grille.render.board import corner_marks, draw_board
from grille.render.booklet import PAPERS, PER_PAGE, booklet
from grille.render.drawing import Drawing
from grille.render.pdf import to_pdf
from grille.render.png import to_png
from grille.render.steps import explained_step
from grille.render.svg import to_svg
from grille.render.titles import title_line
from grille.view import BoardView

__all__ = ["PAPERS", "PER_PAGE", "Drawing", "booklet", "draw", "draw_board", "to_pdf",
           "to_png", "to_svg"]


def draw(
    puzzle: Puzzle, *, marks: bool = False, step: int | None = None,
    highlight: Step | None = None, title: str | None = None, number: int | None = None,
    level: str | None = None, digits: bool = False, solution: bool = False,
) -> Drawing:
    """The drawing of a puzzle or a player's state of any kind.

    ``marks`` draws pencil marks (the state's own, else the candidates). ``step`` = N shows
    the grid just before step N of the kind's explained solve, with that step highlighted,
    the solver's candidates, and the step's sentence as the caption; ``highlight`` highlights
    a step on ``puzzle`` as it is (a hint). ``title``: the title line (default: number, the
    board's title (kind and size), ``level`` or the file's, ID; ``""`` for none). ``digits``
    writes values drawn as discs as their symbols (0 and 1); ``solution`` draws the values
    that are not clues dark grey. The puzzle's rules in words (a variant's: the setter's
    text, else each family's rule) go with the drawing, printed under the grid, except on a
    solution or a highlighted step.
    """
    kind: Kind[Any] = get_kind(puzzle.kind)
    caption = ""
    heading = title
    if step is not None:
        shown = explained_step(kind, puzzle, step)
        state, highlight, caption = shown.state, shown.step, shown.step.explanation
    else:
        state = puzzle
        if highlight is not None:
            caption = highlight.explanation
    view = _view(kind, state, marks=marks, highlight=highlight is not None)
    if heading is None:
        heading = title_line(puzzle, view.title or _board_title(kind, view), number=number,
                             level=level)
    if step is not None:
        heading = f"{heading} · {shown.heading}" if heading else shown.heading
    return draw_board(view, marks=marks, highlight=highlight, title=heading, caption=caption,
                      solution=solution, digits=digits, kind=puzzle.kind,
                      rules=not solution and highlight is None)


def _view(kind: Kind[Any], state: Any, *, marks: bool, highlight: bool) -> BoardView:
    """The board of ``state``; with the candidates as its marks when marks are drawn (asked
    for, or under a step's highlights) and the state has none."""
    view = kind.view(kind.clues_of(state), state)
    wanted = marks or (highlight and not corner_marks(view))
    if wanted and getattr(state, "marks", None) is None:
        state = kind.with_candidates(state)
        view = kind.view(kind.clues_of(state), state)
    return view


def _board_title(kind: Kind[Any], view: BoardView) -> str:
    """``Title 9×9`` for a board that has no title of its own."""
    return f"{kind.info.title} {view.rows}×{view.cols}"
