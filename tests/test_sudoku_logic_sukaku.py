"""Sukaku Explainer's scale: strong-link chains, WXYZ/VWXYZ-Wings, the ladder and ``--scale``.

Hand-made positions: every cell outside the pattern holds a digit, so only the pattern's
candidates matter. Soundness is checked on top1465 puzzles against their solutions.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import shared_file
from grille.cli import main
from grille.errors import GrilleError
from grille.logic import walk
from grille.sudoku import Grid, solve
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.explain import explain, ladder, rate
from grille.sudoku.logic.rating import SCALES
from grille.sudoku.logic.sukaku import kernel as sukaku_kernel
from grille.sudoku.logic.sukaku.search import (
    _HOUSES,
    STRONG_LINKS_BASE,
    _chain_tables,
    _chain_value,
    _first_wing,
    _link_ends,
    _strong_links,
    _suffix,
    strong_links_2,
    strong_links_3,
    strong_links_4,
    vwxyz_wing,
    wxyz_wing,
)
from grille.sudoku.logic.techniques import CATALOGUE, SUKAKU
from logic_support import pattern

# -- strong links ------------------------------------------------------------------------------

SKYSCRAPER = {"r1c2": "1", "r7c2": "1", "r3c8": "1", "r7c8": "1", "r1c9": "1", "r3c3": "1"}
"""Columns 2 and 8 each hold 1 twice, joined in row 7: r1c2 or r3c8 is 1."""


def test_skyscraper_is_two_parallel_links_at_four() -> None:
    step = strong_links_2(pattern(SKYSCRAPER))
    assert step is not None
    assert step.technique == "Skyscraper"
    assert step.difficulty == 4.0
    assert set(step.eliminations) == {(0, 8, 1), (2, 2, 1)}
    assert step.units == ("column 2", "column 8")
    assert [link.strong for link in step.links] == [True, False, True]


def test_skyscraper_needs_a_victim() -> None:
    quiet = {name: digits for name, digits in SKYSCRAPER.items() if name not in ("r1c9", "r3c3")}
    assert strong_links_2(pattern(quiet)) is None


def test_two_string_kite_mixes_a_row_and_a_column() -> None:
    # Row 1 holds 1 in r1c3/r1c7, column 1 in r2c1/r8c1; r1c3 and r2c1 share box 1, so
    # r1c7 or r8c1 is 1. Row 8 and column 7 hold three 1s (no links there).
    board = pattern({
        "r1c3": "1", "r1c7": "1", "r2c1": "1", "r8c1": "1", "r8c7": "1", "r8c5": "1", "r5c7": "1",
    })
    step = strong_links_2(board)
    assert step is not None
    assert step.technique == "2-String Kite"
    assert step.difficulty == 4.1
    assert step.eliminations == ((7, 6, 1),)


def test_grouped_link_adds_three_tenths() -> None:
    # Row 1 holds 5 in {r1c2, r1c3} (box 1) or r1c8, row 7 in r7c8 or r7c1; r1c8 and r7c8
    # share column 8, so {r1c2, r1c3} or r7c1 is 5: r2c1 and r3c1 see all three.
    board = pattern({
        "r1c2": "5", "r1c3": "5", "r2c1": "5", "r3c1": "5",
        "r1c8": "5", "r7c8": "5", "r7c1": "5",
    })
    step = strong_links_2(board)
    assert step is not None
    assert step.technique == "Grouped Skyscraper"
    assert step.difficulty == 4.3
    assert step.eliminations == ((1, 0, 5), (2, 0, 5))


THREE_ROWS = {
    "r1c1": "2", "r1c9": "2", "r4c1": "2", "r4c5": "2", "r8c5": "2", "r8c7": "2",
    "r9c9": "2", "r2c7": "2", "r3c8": "2",
}
"""Rows 1, 4 and 8 each hold 2 twice, joined by columns 1 and 5: r1c9 or r8c7 is 2."""


def test_three_links_at_five_point_four() -> None:
    step = strong_links_3(pattern(THREE_ROWS))
    assert step is not None
    assert step.technique == "3 Skyscrapers"
    assert step.difficulty == 5.4
    assert step.eliminations == ((1, 6, 2), (8, 8, 2))
    assert step.units == ("row 1", "row 4", "row 8")


def test_x_loop_eliminates_along_its_weak_links() -> None:
    # Columns 7 and 9 close a loop: r2c7=r8c7-r9c9=r1c9-r2c7, so box 3 loses r3c8's 2.
    step = strong_links_2(pattern(THREE_ROWS))
    assert step is not None
    assert step.technique == "X-Loop (2 Strong Links)"
    assert step.difficulty == 4.0
    assert step.eliminations == ((2, 7, 2),)


@pytest.mark.parametrize(
    ("links", "kinds", "value"),
    [
        (2, (1, 1), 4.0), (2, (2, 2), 4.0), (2, (1, 2), 4.1), (2, (0, 1), 4.1),
        (3, (1, 1, 1), 5.4), (3, (1, 0, 2), 5.6), (3, (2, 1, 2), 5.5),
        (4, (2, 2, 2, 2), 5.8), (4, (0, 0, 0, 0), 5.9), (4, (1, 2, 0, 1), 6.0),
    ],
)
def test_strong_link_values(links: int, kinds: tuple[int, ...], value: float) -> None:
    assert _chain_value(links, _suffix(kinds, 0)) == value
    assert _chain_value(links, _suffix(kinds, 1)) == round(STRONG_LINKS_BASE[links] + 0.3, 1)


# -- wings ----------------------------------------------------------------------------------------

WXYZ = {"r1c1": "14", "r1c2": "24", "r1c3": "34", "r5c1": "12", "r5c2": "26"}
"""Row 1's three cells hold 1-4; r5c1 (1/2) sees the only 1 of them, so r5c1 is 2 or r1c2 is."""


def test_wxyz_wing_removes_z_from_cells_seeing_both() -> None:
    step = wxyz_wing(pattern(WXYZ))
    assert step is not None
    assert step.technique == "WXYZ-Wing"
    assert step.difficulty == 5.5
    assert step.eliminations == ((4, 1, 2),)


def test_wxyz_wing_needs_the_pair_inside_the_wing() -> None:
    assert wxyz_wing(pattern({**WXYZ, "r5c1": "15"})) is None


def test_wxyz_wing_value_peaks_at_three_candidates() -> None:
    board = pattern({"r1c1": "14", "r1c2": "234", "r1c3": "34", "r5c1": "12", "r5c2": "26"})
    step = wxyz_wing(board)
    assert step is not None
    assert step.difficulty == 5.6


def test_doubly_linked_wxyz_wing_locks_the_other_digits() -> None:
    # r2c3 (1/2) sees all of row 1's wing cells: 3 and 4 are locked in row 1 / box 1.
    board = pattern({
        "r1c1": "14", "r1c2": "24", "r1c3": "34", "r2c3": "12", "r1c7": "34", "r3c2": "4",
    })
    step = wxyz_wing(board)
    assert step is not None
    assert {(0, 6, 3), (0, 6, 4), (2, 1, 4)} <= set(step.eliminations)


def test_vwxyz_wing() -> None:
    board = pattern({
        "r1c1": "15", "r1c2": "25", "r1c4": "35", "r1c5": "45", "r5c1": "12", "r5c2": "26",
    })
    step = vwxyz_wing(board)
    assert step is not None
    assert step.technique == "VWXYZ-Wing"
    assert step.difficulty == 6.3
    assert step.eliminations == ((4, 1, 2),)


SUKAKU_TECHNIQUES = frozenset(t for t in CATALOGUE if t.scales == {SUKAKU})


def test_sukaku_techniques_find_nothing_off_nine_by_nine() -> None:
    board = Board.from_grid(Grid.from_string("1..." + "." * 12))
    for technique in SUKAKU_TECHNIQUES:
        assert technique(board) is None


# -- soundness ----------------------------------------------------------------------------------


def _sample(count: int) -> list[str]:
    """``count`` top1465 puzzles (the test skips when the shared set is absent)."""
    lines = shared_file("sudoku", "magictour_top1465.txt").read_text().splitlines()
    puzzles = [line.split()[0] for line in lines if line.strip() and not line.startswith("#")]
    return random.Random(3).sample(puzzles, count)


def test_every_sukaku_step_is_sound_on_top1465() -> None:
    for puzzle in _sample(5):
        grid = Grid.from_string(puzzle)
        solution = solve(grid).solution
        assert solution is not None
        board = Board.from_grid(grid)
        path = explain(grid, rating=True, scale="sukaku")
        assert path.solved
        for step in path.steps:
            for technique in SUKAKU_TECHNIQUES:
                found = technique(board)
                if found is None:
                    continue
                assert found.eliminations
                for row, col, digit in found.eliminations:
                    assert solution.cells[row * 9 + col] != digit, (puzzle, found)
            board = board.apply(step)


# -- the ladder and the scale ---------------------------------------------------------------------


def test_se_scale_has_no_sukaku_technique() -> None:
    for unique in (True, False):
        assert not SUKAKU_TECHNIQUES & set(ladder(unique=unique, rating=True))
        assert not SUKAKU_TECHNIQUES & set(ladder(unique=unique))
        assert ladder(unique=unique, rating=True) == ladder(unique=unique, rating=True, scale="se")


def test_sukaku_scale_follows_sukaku_order() -> None:
    se = ladder(unique=True, rating=True)
    sukaku = ladder(unique=True, rating=True, scale="sukaku")
    assert [t for t in sukaku if t not in SUKAKU_TECHNIQUES] == list(se)
    assert {t.find for t in SUKAKU_TECHNIQUES} == {
        strong_links_2, strong_links_3, strong_links_4, wxyz_wing, vwxyz_wing,
    }
    at = [t.name for t in sukaku].index
    assert at("Strong Links (2)") == at("Hidden Triple") + 1
    assert at("Strong Links (3)") == at("Hidden Quad") + 1
    assert at("WXYZ-Wing") == at("Strong Links (3)") + 1
    assert all(at(bug) < at("Strong Links (4)") for bug in ("BUG+1", "Bivalue Universal Grave"))
    assert at("VWXYZ-Wing") == at("Strong Links (4)") + 1
    assert at("Aligned Pair Exclusion") == at("VWXYZ-Wing") + 1


def test_unknown_scale_is_an_input_error() -> None:
    with pytest.raises(GrilleError, match="scale"):
        ladder(unique=True, rating=True, scale="bogus")
    assert SCALES == ("se", "sukaku", "hodoku")


def test_cli_scale(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = _sample(1)[0]
    path = tmp_path / "in.txt"
    path.write_text(puzzle + "\n")
    grid = Grid.from_string(puzzle)
    for scale in SCALES:
        assert main(["rate", "--scale", scale, str(path)]) == 0
        assert capsys.readouterr().out.split()[1:] == list(rate(grid, scale=scale).fields())


def test_cli_scale_sukaku_is_sudoku_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "takuzu.txt"
    path.write_text("0101\n1010\n0101\n1010\n")
    assert main(["rate", "--scale", "sukaku", str(path)]) == 2
    assert "Sudoku only" in capsys.readouterr().err


# -- the compiled searches (sukaku_scan) against the plain-Python reference ------------------------

RATED = 6
"""How many top1465 puzzles' sukaku-scale rating walks give the boards compared."""

compiled_only = pytest.mark.skipif(
    not sukaku_kernel.enabled(), reason="compiling is off: the kernels would run interpreted"
)


@pytest.fixture(scope="module")
def rated_boards() -> list[Board]:
    """Every board met while rating :data:`RATED` top1465 puzzles on the sukaku scale."""
    boards = []
    for puzzle in random.Random(11).sample(_puzzles(), RATED):
        board = Board.from_grid(Grid.from_string(puzzle))
        boards.append(board)
        walked = walk(board, ladder(unique=True, rating=True, scale="sukaku"))
        boards.extend(after for _, after in walked)
    return boards


def _puzzles() -> list[str]:
    lines = shared_file("sudoku", "magictour_top1465.txt").read_text().splitlines()
    return [line.split()[0] for line in lines if line.strip() and not line.startswith("#")]


def _same_as_reference(board: Board) -> dict[str, bool]:
    """Assert the kernels' chains and wings are the reference's; which ones were found."""
    found = {}
    for k in (2, 3, 4):
        step = _strong_links(board, k, compiled=False)
        assert _strong_links(board, k, compiled=True) == step, (k, board)
        found[f"chain{k}"] = step is not None
    for k in (3, 4):
        wing = _first_wing(board, k, compiled=False)
        assert _first_wing(board, k, compiled=True) == wing, (k, board)
        found[f"wing{k}"] = wing is not None
    return found


@compiled_only
def test_kernels_take_the_reference_steps_on_rated_boards(rated_boards: list[Board]) -> None:
    counts = dict.fromkeys(("chain2", "chain3", "chain4", "wing3", "wing4"), 0)
    for board in rated_boards:
        for name, hit in _same_as_reference(board).items():
            counts[name] += hit
    assert min(counts.values()) >= 10, counts  # the boards exercise every search


@st.composite
def candidate_boards(draw: st.DrawFn) -> Board:
    """A 9x9 board with any candidates: one to four a cell, some cells filled."""
    digits = st.sets(st.integers(1, 9), min_size=1, max_size=4)
    candidates = draw(st.lists(digits, min_size=81, max_size=81))
    filled = draw(st.sets(st.integers(0, 80), max_size=40))
    cells = [1 if cell in filled else 0 for cell in range(81)]
    marks = [0 if cells[cell] else sum(1 << (d - 1) for d in held)
             for cell, held in enumerate(candidates)]
    return Board(Shape(3, 3), cells, marks)


@compiled_only
@settings(max_examples=30, deadline=None)
@given(candidate_boards())
def test_kernels_take_the_reference_steps_on_any_board(board: Board) -> None:
    _same_as_reference(board)


def test_reading_table_is_every_house_reading() -> None:
    """The kernel reads a house's links from one table per kind; it holds each house's own."""
    tables = _chain_tables()
    for kind in range(3):
        for index in range(9):
            house = _HOUSES[kind][index]
            assert list(tables.houses[kind * 9 + index]) == list(house)
            for occupied in range(1 << 9):
                places = sum(1 << house[i] for i in range(9) if occupied >> i & 1)
                expected = _link_ends(kind, index, places)
                assert tables.reading_count[kind, occupied] == len(expected)
                for variant, reading in enumerate(expected):
                    for end, cells in enumerate(reading):
                        row = tables.readings[kind, occupied, variant, end]
                        assert [house[p] for p in row[1:1 + row[0]]] == list(cells)


_PLAIN = """
import json, sys
from grille.sudoku.logic.sukaku import kernel as sukaku_kernel
from grille.sudoku.logic.sukaku.search import _chain_tables
for marks in json.load(sys.stdin):
    planes = [sum(1 << c for c, m in enumerate(marks) if m >> d & 1) for d in range(9)]
    chains = [sukaku_kernel.best_chains(plane, _chain_tables()) for plane in planes]
    wings = [sukaku_kernel.best_wing(tuple(marks), k) for k in (3, 4)]
    print(json.dumps([[sorted(found.items()) for found in chains], wings]))
"""


def test_kernels_run_as_plain_python_find_the_same(rated_boards: list[Board]) -> None:
    """With compiling off (GRILLE_JIT=0), the kernels' source runs as plain Python on NumPy
    values, where integer types differ from numba's; it must find the same chains and wings."""
    boards = rated_boards[::12]
    done = subprocess.run(
        [sys.executable, "-c", _PLAIN], input=json.dumps([list(b.marks) for b in boards]),
        capture_output=True, text=True, env={**os.environ, "GRILLE_JIT": "0"}, check=True,
    )
    found = [json.loads(line) for line in done.stdout.splitlines()]
    expected = []
    for board in boards:
        chains = [sukaku_kernel.best_chains(plane, _chain_tables()) for plane in board.planes]
        wings = [sukaku_kernel.best_wing(board.marks, k) for k in (3, 4)]
        expected.append(json.loads(json.dumps(
            [[sorted(chain.items()) for chain in chains], wings]
        )))
    assert found == expected
