"""A game's grid as the page draws it: the kind's :class:`~grille.view.BoardView` as JSON
(cells, regions, lines, markers, outside clues, line counts, the alphabet and its keys).

>>> from grille.kinds import sniff_kind
>>> text = "1..4..1..1..4..1"
>>> grid = sniff_kind(text).read(text)[0].puzzle
>>> board = board_of(grid, grid)
>>> board.rows, board.mark_grid, board.symbols, board.cells[0]
(4, (2, 2), ['1', '2', '3', '4'], BoardCell(value=1, given=True, marks=[], blocked=False))
"""

from __future__ import annotations

import functools
from typing import Any

from grille.kinds import get_kind
from grille.web.models import Board

__all__ = ["board_of"]


def board_of(puzzle: Any, state: Any) -> Board:
    """The board of ``state`` (a player's grid) of the game of ``puzzle`` (its clues).

    Boards are values: the last few are kept, so a game read again and again (a page's
    heartbeats, several tabs) is built once per move."""
    try:
        return _cached_board(puzzle, state)
    except TypeError:  # an unhashable state: build it afresh
        return _board(puzzle, state)


def _board(puzzle: Any, state: Any) -> Board:
    return Board.model_validate(get_kind(state.kind).view(puzzle, state).to_json())


_cached_board = functools.lru_cache(maxsize=256)(_board)
