"""Booklets: pages planned N per page, fewer for puzzles too large to read, solutions last."""

from __future__ import annotations

import re

import pytest

from grille.errors import GrilleError
from grille.kakuro import KakuroGrid
from grille.render import booklet, draw
from grille.render.booklet import Item, plan
from grille.sudoku import Grid
from grille.takuzu import TakuzuGrid

SUDOKU9 = Grid.from_string(
    "2..5..13.5......87.9.7.8....5..9....36.....52....5..7....1.2.4.67......5.18..5..3"
)


def page_count(pdf: bytes) -> int:
    return len(re.findall(rb"/Type /Page\b(?!s)", pdf))


def items(grids: list[Grid | TakuzuGrid | KakuroGrid]) -> list[Item]:
    drawings = [draw(grid, number=i) for i, grid in enumerate(grids, 1)]
    return [Item(d.title, d) for d in drawings]


def kakuro_layout(rows: int, cols: int) -> KakuroGrid:
    clues: list[tuple[int, int] | None] = [
        (0, 0) if r % 4 == 0 or c % 4 == 0 else None for r in range(rows) for c in range(cols)
    ]
    return KakuroGrid(rows, cols, tuple(clues))


@pytest.mark.parametrize(("per_page", "pages"), [(1, 12), (2, 6), (4, 3), (6, 2)])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_by_nine_pages(per_page: int, pages: int, paper: str) -> None:
    planned = plan(items([SUDOKU9] * 12), per_page=per_page, paper=paper)
    assert len(planned) == pages
    assert all(page.capacity == per_page and not page.landscape for page in planned)
    assert [len(page.items) for page in planned] == [per_page] * pages


def test_a_last_page_keeps_the_layout_of_the_others() -> None:
    planned = plan(items([SUDOKU9] * 5), per_page=4, paper="a4")
    assert [(len(p.items), p.capacity) for p in planned] == [(4, 4), (1, 4)]


def test_large_puzzles_get_pages_with_fewer_puzzles() -> None:
    big = kakuro_layout(30, 30)
    planned = plan(items([SUDOKU9, SUDOKU9, big, SUDOKU9]), per_page=6, paper="a4")
    assert [len(p.items) for p in planned] == [2, 1, 1]
    assert planned[0].capacity == 2  # cut short by the big one: the two use the room
    assert planned[1].capacity == 1
    assert planned[2].capacity == 6


def test_a_very_wide_puzzle_gets_a_landscape_page() -> None:
    planned = plan(items([kakuro_layout(31, 46)]), per_page=4, paper="a4")
    assert planned[0].landscape and planned[0].capacity == 1


def test_two_wide_puzzles_are_stacked_and_two_tall_ones_side_by_side() -> None:
    wide = plan(items([kakuro_layout(8, 14)] * 2), per_page=2, paper="a4")[0]
    tall = plan(items([TakuzuGrid.empty(14, 6)] * 2), per_page=2, paper="a4")[0]
    assert (wide.columns, wide.rows) == (1, 2)
    assert (tall.columns, tall.rows) == (2, 1)


def test_bad_options() -> None:
    with pytest.raises(GrilleError, match="per-page"):
        plan(items([SUDOKU9]), per_page=3, paper="a4")
    with pytest.raises(GrilleError, match="paper"):
        plan(items([SUDOKU9]), per_page=1, paper="a5")
    with pytest.raises(GrilleError, match="no puzzles"):
        booklet([])


def test_booklet_pages_with_solutions_and_messages() -> None:
    puzzles = items([SUDOKU9] * 5)
    solved = draw(SUDOKU9, title="No. 1", solution=True)
    solutions = [Item("No. 1", solved), Item("No. 2", None, "No. 2 has no solution.")]
    solutions += [Item(f"No. {i}", solved) for i in range(3, 6)]
    data = booklet(puzzles, per_page=4, paper="letter", title="Test", solutions=solutions,
                   solutions_per_page=6)
    assert page_count(data) == 2 + 1
    assert b"/FontFile2" in data
