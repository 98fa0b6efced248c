"""Kakuro: the grid value, formats, combinations and rules."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import FIXTURES, shared_file
from grille.errors import MoveError, ParseError
from grille.kakuro import KIND, KakuroGrid, combinations, describe, parse
from grille.kakuro.combos import unique_sets
from grille.kakuro.formats import FORMATS, read, sniff, write
from grille.kind import Status

SMALL = "#  4\\ 3\\\n\\3 .  .\n\\4 .  ."


def test_combinations_helper() -> None:
    assert combinations(23, 3) == ((6, 8, 9),)
    assert combinations(16, 2) == ((7, 9),)
    assert combinations(10, 3, required=(5,)) == ((1, 4, 5), (2, 3, 5))
    assert combinations(10, 3, excluded=(1,)) == ((2, 3, 5),)
    assert describe(23, 3) == "23 in 3: 689"
    assert len(unique_sets()) == 34


def test_grid_runs_and_repr() -> None:
    grid = parse(SMALL)
    assert (grid.rows, grid.cols) == (3, 3)
    assert [(run.direction, run.total, run.length) for run in grid.runs] == [
        ("across", 3, 2), ("across", 4, 2), ("down", 4, 2), ("down", 3, 2),
    ]
    assert eval(repr(grid), {"KakuroGrid": KakuroGrid}) == grid
    assert str(grid.runs[0]) == "across 3 at r2c2-r2c3"


def test_fixture_file_reads() -> None:
    grid = parse((FIXTURES / "kakuro" / "small.txt").read_text())
    assert grid.meta("id") == "small-3x3"
    assert grid.puzzle_only() == parse(SMALL).puzzle_only().__class__(
        3, 3, grid.clues, metadata=grid.metadata
    )


@pytest.mark.parametrize(
    ("text", "line", "column", "quoted"),
    [
        ("#  4\\ 3\\\n\\3 .  ?\n\\4 .  .", 2, 7, "'?'"),
        ("#  4\\ 3\\\n\\3 .\n\\4 .  .", 2, 4, "row has 2 cells"),
        ("#  4\\ 3\\\n\\3 .  .\n\\4 .  \\5", 3, 7, "'\\5'"),  # quoted as typed
        ("#  4\\ 3\\\n\\3 .  .\n\\4 .  99\\", 3, 7, "'99\\'"),
    ],
)
def test_parse_errors_quote_line_and_column(text: str, line: int, column: int, quoted: str) -> None:
    with pytest.raises(ParseError) as caught:
        read(text, fmt="text")
    assert (caught.value.line, caught.value.column) == (line, column)
    assert quoted in str(caught.value)


def test_block_format_keeps_the_listed_solution() -> None:
    entries = read(shared_file("kakuro", "janko_kakuro.txt").read_text())
    first = entries[0].puzzle
    assert entries[0].fmt == "block" and first.meta("id") == "janko-kakuro-091"
    solution = first.listed_solution()
    assert solution is not None and KIND.status(solution) is Status.SOLVED


def test_sniffing_and_kind_registry() -> None:
    from grille.kinds import sniff_kind

    grid = parse(SMALL)
    for fmt in ("text", "csv", "json", "block"):
        text = write([grid], fmt)
        assert sniff(text) == fmt
        if fmt != "json":  # the Sudoku sniffer, tried first, claims any JSON document
            assert sniff_kind(text).name == "kakuro"
    solved = KIND.solve(grid).solution
    assert solved is not None
    assert sniff(write([solved], "solution")) == "solution"
    assert sniff("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5") is None


def test_solution_format_derives_the_clues() -> None:
    solved = KIND.solve(parse(SMALL)).solution
    assert solved is not None
    back = read(write([solved], "solution"))[0].puzzle
    assert back.clues == solved.clues and back.values == solved.values


def test_rules_header_and_json_field() -> None:
    grid = parse("# rules: distinct-combinations\n" + SMALL)
    assert grid.distinct_combinations
    assert "# rules: distinct-combinations" in write([grid], "text")
    assert read(write([grid], "json"))[0].puzzle.distinct_combinations
    assert read(write([grid], "block"))[0].puzzle.distinct_combinations
    with pytest.raises(ParseError, match="unknown rule"):
        parse("# rules: no-nines\n" + SMALL)


def test_moves_check_and_status() -> None:
    grid = parse(SMALL)
    state = KIND.apply(KIND.apply(grid, "r2c2=1"), "r2c3=1")
    assert KIND.status(state) is Status.INVALID
    assert "both hold 1" in str(KIND.check(state)[0])
    assert KIND.apply(state, "r2c3-").cells[7] == 0
    assert KIND.apply(grid, "r2c2^5").marks is not None
    with pytest.raises(MoveError):
        KIND.apply(grid, "r1c1=3")
    marked = KIND.apply(grid, "fill")
    assert marked.marks is not None and marked.marks[4] == 0b1  # r2c2 can only be 1
    assert "[1]" in write([marked], "marks")


# -- round trips -------------------------------------------------------------------------


@st.composite
def grids(draw: st.DrawFn) -> KakuroGrid:
    rows = draw(st.integers(2, 6))
    cols = draw(st.integers(2, 6))
    white = [
        [r > 0 and c > 0 and draw(st.booleans()) for c in range(cols)] for r in range(rows)
    ]
    clues: list[tuple[int, int] | None] = []
    values: list[int] = []
    for r in range(rows):
        for c in range(cols):
            if white[r][c]:
                clues.append(None)
                values.append(draw(st.integers(0, 9)))
                continue
            right = draw(st.integers(1, 45)) if c + 1 < cols and white[r][c + 1] else 0
            down = draw(st.integers(1, 45)) if r + 1 < rows and white[r + 1][c] else 0
            clues.append((down, right))
            values.append(0)
    return KakuroGrid(rows, cols, tuple(clues), tuple(values) if any(values) else None,
                      distinct_combinations=draw(st.booleans()))


@settings(max_examples=60, deadline=None)
@given(grids(), st.sampled_from(["text", "csv", "json", "marks"]))
def test_round_trips(grid: KakuroGrid, fmt: str) -> None:
    back = read(write([grid], fmt), fmt=fmt)[0].puzzle
    assert back == grid


@settings(max_examples=30, deadline=None)
@given(grids())
def test_block_round_trip_of_puzzles(grid: KakuroGrid) -> None:
    puzzle = grid.puzzle_only()
    back = read(write([puzzle], "block"), fmt="block")[0].puzzle
    assert back.puzzle_only() == puzzle.__class__(
        puzzle.rows, puzzle.cols, puzzle.clues,
        distinct_combinations=puzzle.distinct_combinations, metadata=(("id", "kakuro-1"),),
    )


def test_formats_listed() -> None:
    assert set(FORMATS) == {"text", "marks", "csv", "block", "json", "solution"}
    assert KIND.default_format == "text"
