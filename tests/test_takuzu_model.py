"""Takuzu model: the grid value, the rules, formats (round trips, sniffing, errors), moves."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grille.errors import MoveError, ParseError
from grille.kind import Status
from grille.kinds import sniff_kind
from grille.sudoku.formats import sniff as sudoku_sniff
from grille.takuzu import KIND, TakuzuGrid, formats, is_solution, parse
from grille.takuzu.grid import EMPTY
from grille.takuzu.lines import completions, line_options, patterns, to_cells

SOLVED_4 = TakuzuGrid.from_string("1010/0101/1100/0011")


@st.composite
def grids(draw: st.DrawFn) -> TakuzuGrid:
    height = draw(st.sampled_from([2, 4, 6, 8, 10]))
    width = draw(st.sampled_from([2, 4, 6, 8, 12]))
    cells = draw(st.lists(st.sampled_from([0, 1, EMPTY]), min_size=height * width,
                          max_size=height * width))
    unique = draw(st.booleans())
    return TakuzuGrid(height, width, tuple(cells), unique_lines=unique)


def test_line_pattern_counts() -> None:
    assert [len(patterns(n)) for n in range(4, 18, 2)] == [6, 14, 34, 84, 208, 518, 1296]


@given(st.lists(st.sampled_from([0, 1, EMPTY]), min_size=2, max_size=14).filter(
    lambda cells: len(cells) % 2 == 0))
def test_line_options_match_enumeration(cells: list[int]) -> None:
    fits = completions(cells)
    options = line_options(cells)
    if not fits:
        assert options is None
        return
    expected = [(1 if any(f[i] == 0 for f in fits) else 0) | (2 if any(f[i] == 1 for f in fits)
                                                               else 0) for i in range(len(cells))]
    assert options == expected


def test_grid_value_and_repr() -> None:
    grid = TakuzuGrid.from_string("1..0/..0./..../0..1", unique_lines=False)
    assert eval(repr(grid)) == grid
    assert grid.size == "4x4" and grid[0, 3] == 0 and grid.clue_count == 5
    assert grid.clues_only() == grid and grid.with_rules(unique_lines=True).unique_lines
    with pytest.raises(ValueError, match="even"):
        TakuzuGrid.from_string("101/010")


def test_rules() -> None:
    assert is_solution(SOLVED_4) and KIND.status(SOLVED_4) is Status.SOLVED
    twins = TakuzuGrid.from_string("1010/0101/1010/0101")
    assert not is_solution(twins) and is_solution(twins.with_rules(unique_lines=False))
    assert any("equal" in str(v) for v in KIND.check(twins))
    bad = TakuzuGrid.from_string("111./..../..../....")
    messages = [str(v) for v in KIND.check(bad)]
    assert any("three 1s" in m for m in messages) and any("more than 2" in m for m in messages)
    assert KIND.status(TakuzuGrid.empty(4)) is Status.INCOMPLETE


@settings(max_examples=60, deadline=None)
@given(grids(), st.sampled_from(formats.FORMATS))
def test_formats_round_trip(grid: TakuzuGrid, fmt: str) -> None:
    text = KIND.write([grid, grid.with_rules(unique_lines=True)], fmt)
    back = [entry.puzzle for entry in KIND.read(text, fmt=fmt)]
    assert [(g.cells, g.unique_lines, g.size) for g in back] == [
        (grid.cells, grid.unique_lines, grid.size), (grid.cells, True, grid.size)]


def test_unruly_encoding_follows_tatham() -> None:
    grid = TakuzuGrid.from_string("1.0./..../..../...1", unique_lines=False)
    assert grid.to_string("unruly") == "4x4:AbMa"
    assert parse("4x4:AbMa") == grid
    assert parse("4x4u:AbM") == grid.with_rules(unique_lines=True)  # no virtual cell
    big = TakuzuGrid.empty(8)
    assert big.to_string("unruly") == "8x8u:zzo" and parse("8x8u:zzo") == big
    with pytest.raises(ParseError, match="positions"):
        parse("4x4:Ab")


def test_tab_and_metadata() -> None:
    line = "t1\t4\t4\t1.0.........0..1\t1001011010100101\t-\teasy\tsrc\n"
    entry = KIND.read("# header\n" + line)[0]
    assert entry.line == 2 and entry.fmt == "tab"
    assert entry.puzzle.meta("id") == "t1" and entry.puzzle.meta("unruly_level") == "easy"
    assert KIND.write([entry.puzzle], "tab") == line


def test_rows_rules_comment_and_json_field() -> None:
    rows = "# rules: no-unique-lines\n10..\n....\n\n0 1 . .\n. . . .\n. . . .\n. . . .\n"
    first, second = (e.puzzle for e in KIND.read(rows))
    assert first.size == "2x4" and not first.unique_lines and not second.unique_lines
    data = '{"kind": "takuzu", "cells": ["10..", "...."], "unique_lines": false}'
    assert not parse(data).unique_lines and sniff_kind(data) is KIND


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("10..\n1x..\n", (2, 2)),
        ("10..\n1..\n", (2, 4)),  # the missing cell
        ("10..\n1....\n", (2, 5)),  # the extra one
        ("t\t4\t4\t1.0.......x.0..1\n", (1, 17)),
        ("4x4:Ab!\n", (1, 1)),
        ('{"kind": "takuzu", "cells": 3', (1, 30)),
    ],
)
def test_errors_name_line_and_column(text: str, where: tuple[int, int]) -> None:
    with pytest.raises(ParseError) as caught:
        KIND.read(text, source="f.txt")
    assert (caught.value.line, caught.value.column) == where
    assert str(caught.value).startswith(f"f.txt:{where[0]}:{where[1]}:")


def test_sniffing_keeps_kinds_apart() -> None:
    takuzu_texts = ["10..\n..01\n", "4x4:AbMa", "t\t2\t2\t10..\tx\n",
                    '[{"kind": "takuzu", "cells": "10/01"}]']
    for text in takuzu_texts:
        assert sniff_kind(text) is KIND
        # Sudoku's sniffer takes any JSON, so Takuzu is tried first (kinds.py)
        assert sudoku_sniff(text) is None or text.startswith("[")
    sudoku_texts = ["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5"
                    "....8..79", "1...\n....\n..1.\n....\n", "3x3:a1b2", '{"cells": "1..."}']
    for text in sudoku_texts:
        assert not KIND.sniff(text)


def test_moves() -> None:
    grid = TakuzuGrid.from_string("1..0/..../..../0..1")
    placed = KIND.apply(grid, "r1c2=0")
    assert placed[0, 1] == 0 and not placed.is_given(1) and placed.is_given(0)
    assert KIND.apply(placed, "r1c2-")[0, 1] == EMPTY
    marked = KIND.apply(KIND.apply(grid, "r1c2^1"), "r1c2^0")
    assert marked.marks is not None and marked.marks[1] == 3
    filled = KIND.apply(grid, "fill")
    assert filled.marks is not None and filled.marks[0] == 0 and filled.marks[1] in (1, 2, 3)
    for move, reason in (("r1c1=0", "clue"), ("r1c2=2", "0 or 1"), ("r5c1=1", "4 rows")):
        with pytest.raises(MoveError, match=reason):
            KIND.apply(grid, move)


def test_to_cells_and_candidates() -> None:
    assert to_cells(0b0101, 4) == (1, 0, 1, 0)
    marks = KIND.with_candidates(TakuzuGrid.from_string("11../..../..../....")).marks
    assert marks is not None and marks[2] == 1  # only a 0 fits next to 11
