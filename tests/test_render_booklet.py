"""Booklets: pages planned N per page, fewer for puzzles too large to read, solutions last."""

from __future__ import annotations

import re

import pytest

from grille.errors import GrilleError
from grille.kakuro import KakuroGrid
from grille.render import booklet, draw
from grille.render.booklet import (
    CAPTION,
    HEADER_GAP,
    HEADER_PT,
    MARGIN,
    PAGE_NUMBER_PT,
    PAGE_NUMBER_ROOM,
    Item,
    estimate_width,
    placements,
    plan,
    wrap_heading,
)
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


SUDOKU4 = Grid.from_string("1..4" "..1." ".1.." "4..1")


def test_one_and_two_per_page_fill_the_page() -> None:
    """A big grid for young children: at 1 and 2 per page the grid grows to the page,
    not to the 12 mm cells of 4 per page."""
    for paper in ("a4", "letter"):
        one = placements(plan(items([SUDOKU9]), per_page=1, paper=paper)[0], paper)[0]
        two = placements(plan(items([SUDOKU9] * 2), per_page=2, paper=paper)[0], paper)
        four = placements(plan(items([SUDOKU9] * 4), per_page=4, paper=paper)[0], paper)
        assert one.cell_mm > 19.0  # 9 cells across the printable width of ~186-192 mm
        assert all(placed.cell_mm > 12.1 for placed in two)  # stacked: the height limits
        assert one.cell_mm > two[0].cell_mm > 1.2 * four[0].cell_mm
    small = placements(plan(items([SUDOKU4]), per_page=1, paper="a4")[0], "a4")[0]
    assert small.cell_mm > 40.0


@pytest.mark.parametrize("per_page", [1, 2, 4, 6])
@pytest.mark.parametrize("grid", [SUDOKU4, SUDOKU9, TakuzuGrid.empty(10, 10),
                                  TakuzuGrid.empty(14, 6)])
def test_every_grid_fills_its_slot(per_page: int, grid: Grid | TakuzuGrid) -> None:
    """Keeping its proportions, each grid reaches the sides or the top and bottom of its
    slot (below the caption)."""
    for page in plan(items([grid] * per_page), per_page=per_page, paper="a4"):
        for placed in placements(page, "a4"):
            drawing = placed.item.drawing
            assert drawing is not None
            width, height = drawing.width * placed.scale, drawing.height * placed.scale
            assert width <= placed.w + 1e-6 and height <= placed.h - CAPTION + 1e-6
            assert max(width / placed.w, height / (placed.h - CAPTION)) > 0.999


def test_a_cell_size_prints_every_grid_at_it() -> None:
    planned = plan(items([SUDOKU9] * 3 + [SUDOKU4]), per_page=4, paper="a4", cell_mm=8.0)
    assert [len(page.items) for page in planned] == [4]
    assert {round(placed.cell_mm, 6) for placed in placements(planned[0], "a4")} == {8.0}


def test_a_cell_size_too_large_for_n_per_page_gives_fewer_per_page() -> None:
    planned = plan(items([SUDOKU9] * 3), per_page=4, paper="a4", cell_mm=20.0)
    assert [page.capacity for page in planned] == [1, 1, 1]
    assert all(placed.cell_mm == pytest.approx(20.0)
               for page in planned for placed in placements(page, "a4"))
    six = plan(items([SUDOKU9] * 6), per_page=6, paper="letter", cell_mm=9.0)
    assert [page.capacity for page in six] == [4, 4]


def test_a_cell_size_too_large_for_a_page_is_an_error() -> None:
    with pytest.raises(GrilleError, match=r"No\. 1 \(Sudoku 9×9\) does not fit on an A4 page "
                       r"at 25 mm cells; the largest cell size that fits is 20\.\d mm"):
        plan(items([SUDOKU9]), per_page=1, paper="a4", cell_mm=25.0)
    with pytest.raises(GrilleError, match="3 to 100 mm"):
        plan(items([SUDOKU9]), per_page=1, paper="a4", cell_mm=1.0)


LONG_TITLE = ("Sudoku for class 3B, autumn term: a practice booklet with extra puzzles for "
              "the holidays, to bring back on the first Monday after the break, thank you")


def test_a_long_title_wraps_beside_the_page_number() -> None:
    planned = plan(items([SUDOKU9] * 4), per_page=4, paper="a4", heading=LONG_TITLE)
    header = planned[0].header
    room = 210.0 - 2 * MARGIN - HEADER_GAP - estimate_width(PAGE_NUMBER_ROOM, PAGE_NUMBER_PT)
    assert len(header.lines) >= 2 and " ".join(header.lines) == LONG_TITLE
    assert all(estimate_width(line, header.size, True) <= room for line in header.lines)
    short = plan(items([SUDOKU9] * 4), per_page=4, paper="a4", heading="Sudoku")[0]
    assert short.header.lines == ("Sudoku",) and short.header.size == HEADER_PT
    # the slots move down to make room for the lines: nothing overlaps the heading
    top = min(placed.y for placed in placements(planned[0], "a4"))
    assert top >= MARGIN + header.height
    assert header.height > short.header.height


def test_an_endless_title_is_cut_with_an_ellipsis() -> None:
    header = wrap_heading("word " * 200, 120.0)
    assert len(header.lines) == 3 and header.lines[-1].endswith("…")
    assert all(estimate_width(line, header.size, True) <= 120.0 for line in header.lines)
    unbroken = wrap_heading("x" * 300, 120.0)
    assert all(estimate_width(line, unbroken.size, True) <= 120.0 for line in unbroken.lines)


def test_booklet_with_a_long_title_and_a_cell_size() -> None:
    data = booklet(items([SUDOKU9] * 2), per_page=2, paper="letter", title=LONG_TITLE,
                   cell_mm=11.0)
    assert page_count(data) == 1
