"""Pencil marks are what a player pencils from the rules, not what propagation deduces:
Kakuro's from the combinations of each cell's two runs, Takuzu's from the rules of one cell;
every front end (``grille candidates``, ``render --marks``, the games' ``fill``) gets them
from the kind."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import FIXTURES
from grille.cli import main
from grille.game import Session
from grille.kakuro.grid import KakuroGrid, digits_of_mask
from grille.kinds import get_kind, sniff_kind
from grille.takuzu.grid import EMPTY, TakuzuGrid

KAKURO = get_kind("kakuro")
TAKUZU = get_kind("takuzu")


def kakuro_fixture(name: str) -> KakuroGrid:
    grid: KakuroGrid = KAKURO.read((FIXTURES / "kakuro" / name).read_text())[0].puzzle
    return grid


def pencilled(grid: KakuroGrid) -> dict[int, set[int]]:
    """Each empty white cell's marks as a player works them out: per run, the digits of the
    combinations of its sum and length holding the digits written in it, less those; both
    runs' digits."""
    runs: dict[int, list[list[int]]] = {}
    for run in grid.runs:
        for cell in run.cells:
            runs.setdefault(cell, []).append(list(run.cells))
    totals = {tuple(run.cells): run.total for run in grid.runs}
    marks = {}
    for cell in grid.whites:
        if grid.cells[cell]:
            continue
        allowed = set(range(1, 10))
        for cells in runs.get(cell, []):
            written = [grid.cells[c] for c in cells if grid.cells[c]]
            total = totals[tuple(cells)]
            combos = [
                set(combo) for combo in itertools.combinations(range(1, 10), len(cells))
                if (not total or sum(combo) == total) and set(written) <= set(combo)
            ]
            if len(set(written)) < len(written):
                combos = []
            offered = set().union(*combos) - set(written) if combos else set()
            allowed &= offered
        marks[cell] = allowed
    return marks


def marks_of(grid: KakuroGrid) -> dict[int, set[int]]:
    assert grid.marks is not None
    return {cell: set(digits_of_mask(grid.marks[cell]))
            for cell in grid.whites if not grid.cells[cell]}


@pytest.mark.parametrize("name", ["small.txt", "area.txt"])
def test_kakuro_candidates_are_the_runs_combinations(name: str) -> None:
    puzzle = kakuro_fixture(name)
    marked = KAKURO.with_candidates(puzzle)
    assert marks_of(marked) == pencilled(puzzle)
    solution = KAKURO.solve(puzzle).solution
    assert solution is not None
    assert any(len(marks) > 1 for marks in marks_of(marked).values())  # not the solution
    for cell, marks in marks_of(marked).items():
        assert solution.cells[cell] in marks


def test_kakuro_candidates_follow_the_digits_written() -> None:
    puzzle = kakuro_fixture("area.txt")
    solution = KAKURO.solve(puzzle).solution
    assert solution is not None
    state = puzzle
    for cell in puzzle.whites[::3]:
        row, col = divmod(cell, puzzle.cols)
        state = KAKURO.apply(state, f"r{row + 1}c{col + 1}={solution.cells[cell]}")
    assert marks_of(KAKURO.with_candidates(state)) == pencilled(state)
    twice = KAKURO.apply(KAKURO.apply(puzzle, "r3c2=9"), "r3c3=9")  # 9 twice in 21 in 3
    assert marks_of(KAKURO.with_candidates(twice))[2 * twice.cols + 3] == set()


def test_every_front_end_gets_the_same_kakuro_marks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = kakuro_fixture("small.txt")
    expected = KAKURO.with_candidates(puzzle)
    assert KAKURO.apply(puzzle, "fill") == expected  # the terminal game's m, the page's fill
    session = Session(KAKURO, puzzle)
    session.fill()
    assert session.state == expected
    path = tmp_path / "k.txt"
    path.write_text((FIXTURES / "kakuro" / "small.txt").read_text())
    assert main(["candidates", str(path)]) == 0
    out = capsys.readouterr().out
    assert "[12]" in out and KAKURO.read(out)[0].puzzle.marks == expected.marks


def test_kakuro_fill_keeps_the_players_eliminations() -> None:
    puzzle = kakuro_fixture("small.txt")
    filled = KAKURO.apply(puzzle, "fill")
    cell = next(c for c, marks in marks_of(filled).items() if len(marks) > 1)
    row, col = divmod(cell, puzzle.cols)
    digit = min(marks_of(filled)[cell])
    struck = KAKURO.apply(filled, f"r{row + 1}c{col + 1}^{digit}")
    assert digit not in marks_of(KAKURO.apply(struck, "fill"))[cell]


# -- Takuzu ------------------------------------------------------------------------------------


def by_the_rules(grid: TakuzuGrid) -> list[int]:
    """Each empty cell's values that break no rule when written there, by the rules checker."""
    masks = []
    for cell, value in enumerate(grid.cells):
        mask = 0
        if value == EMPTY:
            for candidate in (0, 1):
                cells = list(grid.cells)
                cells[cell] = candidate
                broken = TAKUZU.check(grid.with_cells(cells))
                row, col = divmod(cell, grid.width)
                if not any((row, col) in violation.cells for violation in broken):
                    mask |= 1 << candidate
        masks.append(mask)
    return masks


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from("01...."), min_size=36, max_size=36), st.booleans())
def test_takuzu_candidates_are_what_the_rules_allow(chars: list[str], unique: bool) -> None:
    text = "/".join("".join(chars[r * 6:(r + 1) * 6]) for r in range(6))
    grid = TakuzuGrid.from_string(text, unique_lines=unique)
    if TAKUZU.check(grid):
        return  # the rules checker names every cell of a line already broken
    assert list(TAKUZU.with_candidates(grid).marks or ()) == by_the_rules(grid)


def test_takuzu_candidates_are_not_deductions() -> None:
    grid = TakuzuGrid.from_string("00..../....../....../....../....../......")
    marks = TAKUZU.with_candidates(grid).marks
    assert marks is not None
    assert marks[2] == 0b10  # a third 0 would make three in a row
    assert marks[5] == 0b11  # a deduction about the whole row would say 1; the rules allow both


def test_takuzu_candidates_print_by_default_and_read_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.txt"
    path.write_text("...1..\n0.11..\n......\n...0..\n....1.\n.....1\n")
    assert main(["candidates", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1].split() == ["0", "[0]", "1", "1", "[0]", "[01]"]
    assert sniff_kind(out) is TAKUZU
    entry = TAKUZU.read(out)[0]
    expected = TAKUZU.with_candidates(TAKUZU.read(path.read_text())[0].puzzle)
    assert entry.fmt == "marks" and entry.puzzle == expected
    assert TAKUZU.write([entry.puzzle], "marks") == out


def test_takuzu_marks_errors_name_the_place() -> None:
    with pytest.raises(ValueError, match="not a Takuzu cell's pencil marks") as caught:
        TAKUZU.read("0 [01]\n[2] 1\n", fmt="marks")
    assert "2:1:" in str(caught.value)


# -- a variant Sudoku ------------------------------------------------------------------------


def test_one_variant_prints_one_object_and_several_a_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The plain grid format cannot hold a variant, so the marks go out as grille's JSON:
    one puzzle as its object (as one puzzle prints in any format), several as a list; both
    read back to the puzzles with their candidates."""
    import json

    sudoku = get_kind("sudoku")
    text = (FIXTURES / "variants" / "killer_4x4_unique.json").read_text()
    puzzle = sudoku.read(text)[0].puzzle
    one = tmp_path / "one.json"
    one.write_text(text)
    assert main(["candidates", str(one)]) == 0
    out = capsys.readouterr().out
    assert isinstance(json.loads(out), dict) and out.count("\n") == 1
    assert [e.puzzle for e in sudoku.read(out)] == [sudoku.with_candidates(puzzle)]
    two = tmp_path / "two.json"
    two.write_text(f"[{text.strip()},\n{text.strip()}]\n")
    assert main(["candidates", str(two)]) == 0
    out = capsys.readouterr().out
    assert isinstance(json.loads(out), list)
    assert [e.puzzle for e in sudoku.read(out)] == [sudoku.with_candidates(puzzle)] * 2
