"""Reading input as a user gives it: puzzles on the command line, guessing the kind, rated
puzzle lists, solved grids in the input's format, and errors that name what is wrong where."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import FIXTURES
from grille.cli import main
from grille.errors import GrilleError, ParseError
from grille.kinds import get_kind, sniff_kind
from grille.rated import RATING, join_rating, split_rating, with_rating
from grille.sudoku.grid import Grid
from grille.sudoku.symbols import INVALID, cell_codes

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
TAKUZU_6 = "010011\n101100\n010011\n101100\n010011\n101100\n"
"""Rows of 0s and 1s (a stray character put in by the tests)."""


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


def write(tmp_path: Path, text: str, name: str = "in.txt") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def error_of(text: str) -> ParseError:
    with pytest.raises(ParseError) as caught:
        sniff_kind(text, source="in.txt")
    return caught.value


# -- a puzzle on the command line ------------------------------------------------------------


@pytest.mark.parametrize(
    ("argument", "kind"),
    [("6x6u:BhgCAbCef", "takuzu"), ("2x2:2e1b3e3", "sudoku")],
)
def test_a_short_game_id_on_the_command_line_is_a_puzzle(
    argument: str, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["solve", argument], capsys)
    assert (status, err) == (0, "")
    solution = get_kind(kind).read(out)[0].puzzle
    assert get_kind(kind).status(solution).value == "solved"


@pytest.mark.parametrize(
    ("argument", "game"), [("8x8#12345", "Unruly"), ("3x3#12345", "Solo"), ("6x6du#9", "Unruly")]
)
def test_a_random_seed_id_is_refused_with_the_reason(
    argument: str, game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["solve", argument], capsys)
    assert status == 2 and out == ""
    column = argument.index("#") + 1
    assert f"<argument>:1:{column}: random-seed IDs are not supported" in err
    assert game in err and "No such file" not in err


@pytest.mark.parametrize("argument", ["missing.txt", "puzzles", "dir/puzzles"])
def test_a_path_that_names_no_file_is_still_a_missing_file(
    argument: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(["solve", argument], capsys)
    assert status == 2 and f"{argument}: No such file or directory" in err


def test_a_long_argument_that_is_no_puzzle_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["solve", PUZZLE[:-1]], capsys)
    assert status == 2 and "<argument>:1:81: expected 81 cells, found 80" in err


# -- guessing the kind -------------------------------------------------------------------------


def test_a_takuzu_with_a_stray_digit_is_a_takuzu_with_a_bad_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = TAKUZU_6.replace("010011\n101100\n010011", "010011\n101100\n012011")
    error = error_of(text)
    assert (error.line, error.column) == (3, 3)
    assert "'2' is not a Takuzu cell" in error.reason
    status, out, err = run(["solve", write(tmp_path, text)], capsys)
    assert status == 2 and out == ""
    assert ":3:3: '2' is not a Takuzu cell" in err and "no solution" not in err


def test_an_empty_input_says_it_is_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for text in ("", "\n  \n"):
        assert error_of(text).reason.startswith("empty input")
    status, _, err = run(["solve", write(tmp_path, "")], capsys)
    assert status == 2 and "empty input" in err


def test_a_text_no_reader_starts_on_says_so() -> None:
    error = error_of("\n  hello world\n")
    assert (error.line, error.column) == (2, 3)
    assert error.reason == ("not a puzzle grille can read: no kind (takuzu, sudoku, kakuro) "
                            "reads past the start of 'hello world'")


def test_an_odd_takuzu_says_its_size() -> None:
    error = error_of("01.10\n10.01\n0..10\n1.0.1\n01.10\n")
    assert "even number of rows and columns" in error.reason and "5x5" in error.reason
    assert "closest: takuzu" in error.reason
    assert (error.line, error.column) == (5, 6)  # where the reader found it out


def test_a_cut_short_unruly_id_is_reported_as_one() -> None:
    game_id = "30x30u:" + "Aa" * 217  # 441 characters: a 21x21 Sudoku's line length
    error = error_of(game_id)
    assert error.reason.startswith("the ID is cut short: its description covers 434 of the 901")
    assert "digit" not in error.reason
    assert (error.line, error.column) == (1, 442)


def test_the_first_claiming_kind_that_reads_the_text_wins() -> None:
    assert sniff_kind("2x2:p").name == "sudoku"  # an Unruly-shaped ID, but a Solo puzzle
    assert sniff_kind("4x4:AbMa").name == "takuzu"


# -- rated puzzle lists ------------------------------------------------------------------------


RATED_LINES = [
    (f"{PUZZLE} ED=11.9/11.9/11.3", "ED=11.9/11.9/11.3"),
    (f"{PUZZLE};11.9;11.9;11.3", "11.9;11.9;11.3"),
    (f"{PUZZLE}\t11.9\t11.9\t11.3", "11.9\t11.9\t11.3"),
    (f"{PUZZLE}\teasy\t2.3\t2.3\t1.2", "easy\t2.3\t2.3\t1.2"),  # grille rate's own line
    # 16 characters, as many as a 4x4 puzzle, but not cells: a rating, not a second puzzle
    (f"{PUZZLE} ED=10.6/10.6/7.2", "ED=10.6/10.6/7.2"),
]


@pytest.mark.parametrize(("line", "rating"), RATED_LINES)
def test_a_rated_sudoku_line_reads_as_the_puzzle_with_its_rating(line: str, rating: str) -> None:
    entries = sniff_kind(line).read(line + "\n")
    assert entries[0].fmt == "line"
    grid = entries[0].puzzle
    assert grid.line() == PUZZLE and grid.metadata == ((RATING, rating),)
    assert get_kind("sudoku").write([grid], "line") == line + "\n"


def test_a_rated_list_solves_and_converts_with_its_ratings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "".join(line + "\n" for line, _ in RATED_LINES))
    status, out, err = run(["solve", path], capsys)
    assert (status, err) == (0, "")
    assert out.splitlines() == [line.replace(PUZZLE, SOLVED) for line, _ in RATED_LINES]
    status, out, _ = run(["convert", "--to", "json", path], capsys)
    assert status == 0 and '"rating": "ED=11.9/11.9/11.3"' in out


def test_two_puzzles_on_one_line_are_not_a_puzzle_and_its_rating() -> None:
    with pytest.raises(ParseError, match=r"162 cells|163"):
        get_kind("sudoku").read(f"{PUZZLE} {PUZZLE}\n")


def test_a_rated_line_keeps_its_comment() -> None:
    grid = get_kind("sudoku").read(f"{PUZZLE} ED=7.1/1.2/1.2 # from the forum\n")[0].puzzle
    assert grid.metadata == ((RATING, "ED=7.1/1.2/1.2"), ("comment", "from the forum"))
    assert grid.to_string("line") == f"{PUZZLE} ED=7.1/1.2/1.2 # from the forum"


def test_a_rated_solo_id_reads_back() -> None:
    grid = sniff_kind("2x2:2e1b3e3\thard\t3.4").read("2x2:2e1b3e3\thard\t3.4")[0].puzzle
    assert grid.metadata == ((RATING, "hard\t3.4"),)
    assert grid.to_string("solo") == "2x2:2e1b3e3\thard\t3.4"


def test_rated_takuzu_lines_read_back() -> None:
    takuzu = get_kind("takuzu")
    unruly = "6x6u:efAabaDnba\thard\t3.4\tPairs"
    assert sniff_kind(unruly) is takuzu
    grid = takuzu.read(unruly)[0].puzzle
    assert grid.meta(RATING) == "hard\t3.4\tPairs"
    assert takuzu.write([grid], "unruly") == unruly + "\n"
    tab = takuzu.write([grid], "tab")
    assert tab.rstrip("\n").split("\t")[8:] == ["hard", "3.4", "Pairs"]
    assert takuzu.read(tab)[0].puzzle == grid
    assert "# rating: hard\t3.4\tPairs" in takuzu.write([grid], "rows")


def test_rated_kakuro_json_lines_read_back() -> None:
    kakuro = get_kind("kakuro")
    grid = kakuro.read((FIXTURES / "kakuro" / "small.txt").read_text())[0].puzzle
    line = kakuro.write([grid], "json").strip()
    text = f"{line}\tmedium\t2.0\tUnique combination\n{line}\n"
    entries = kakuro.read(text)
    assert [entry.line for entry in entries] == [1, 2]
    assert entries[0].puzzle.meta(RATING) == "medium\t2.0\tUnique combination"
    assert entries[1].puzzle == grid
    again = kakuro.read(kakuro.write([entry.puzzle for entry in entries], "json"))
    assert [entry.puzzle for entry in again] == [entry.puzzle for entry in entries]


def test_takuzu_json_lines_read_back() -> None:
    takuzu = get_kind("takuzu")
    grids = [entry.puzzle for entry in takuzu.read("6x6u:efAabaDnba\n6x6u:DcBAlGGa\n")]
    lines = [takuzu.write([grid], "json").strip() for grid in grids]  # as batch writes them
    text = f"{lines[0]}\n{lines[1]}\thard\t3.4\tPairs\n"
    entries = takuzu.read(text)
    assert [entry.line for entry in entries] == [1, 2]
    assert entries[0].puzzle == grids[0]
    assert entries[1].puzzle == with_rating(grids[1], "hard\t3.4\tPairs")
    with pytest.raises(ParseError, match="2:1: JSON lines hold one puzzle object a line"):
        takuzu.read(f"{lines[0]}\n[{lines[1]}]\n", fmt="json")


@pytest.mark.parametrize(
    ("kind", "text", "fmt"),
    [("sudoku", f"{PUZZLE} # a comment", "line"), ("sudoku", "2x2:2e1b3e3", "solo"),
     ("takuzu", "6x6u:efAabaDnba", "unruly"), ("takuzu", "6x6u:efAabaDnba", "tab"),
     ("kakuro", str(FIXTURES / "kakuro" / "small.txt"), "json")],
)
def test_a_puzzle_with_a_new_rating_writes_one_line_that_reads_back(
    kind: str, text: str, fmt: str
) -> None:
    reader = get_kind(kind)
    if text.endswith(".txt"):
        text = Path(text).read_text()
    puzzle = reader.read(text)[0].puzzle
    old = with_rating(puzzle, "ED=1.2/1.2/1.2")
    rated = with_rating(old, "easy\t1.2\t1.2\t1.2")  # a new rating replaces the old one
    line = reader.write([rated], fmt)
    assert line.count("\n") == 1 and "ED=" not in line
    back = reader.read(line)[0].puzzle
    assert back.metadata[0] == (RATING, "easy\t1.2\t1.2\t1.2")
    assert with_rating(back, "") == with_rating(reader.read(reader.write([puzzle], fmt))[0]
                                                .puzzle, "")


@st.composite
def ratings(draw: st.DrawFn) -> str:
    fields = draw(st.lists(st.from_regex(r"[A-Za-z0-9.=/+-]{1,8}", fullmatch=True),
                           min_size=1, max_size=5))
    return draw(st.sampled_from(["\t", ";", " "])).join(fields)


@settings(max_examples=60, deadline=None)
@given(ratings(), st.sampled_from([4, 9, 16]))
def test_a_rating_round_trips_through_the_line_format(rating: str, size: int) -> None:
    grid = Grid(Grid.empty(size).shape, (1,) + (0,) * (size * size - 1),
                metadata=((RATING, rating),))
    text = grid.to_string("line")
    side = round(len(text) ** 0.5)
    if side * side == len(text) and "\t" not in text and ";" not in text and (
        INVALID not in cell_codes(text, side, space=True)
    ):
        return  # a line of exactly n*n digits and spaces is an n*n grid with empty cells
    back = get_kind("sudoku").read(text)[0].puzzle
    assert back == grid
    assert split_rating(join_rating("P", rating)) == ("P", rating)


# -- solved grids in the input's format --------------------------------------------------------


def test_solving_an_ss_file_prints_the_solved_grid(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["solve", str(FIXTURES / "sudoku" / "puzzle.ss")], capsys)
    assert status == 0
    assert "I1" not in out and "." not in out and out.startswith("*-----------*")
    solved = get_kind("sudoku").read(out)[0]
    assert solved.fmt == "ss" and solved.puzzle.empty_count == 0
    assert get_kind("sudoku").write([solved.puzzle], "ss") == out


def test_an_ss_game_in_progress_keeps_its_appendix() -> None:
    sudoku = get_kind("sudoku")
    game = sudoku.read((FIXTURES / "sudoku" / "puzzle.ss").read_text())[0].puzzle
    text = sudoku.write([game], "ss")
    assert "\nI114 I128\nE" in text
    assert sudoku.read(text)[0].puzzle == game


# -- errors that name what is wrong where ------------------------------------------------------


def test_an_x_in_a_kakuro_white_cell_is_reported_at_the_x(tmp_path: Path) -> None:
    text = (FIXTURES / "kakuro" / "small.txt").read_text().replace("\\3 .", "\\3 x")
    with pytest.raises(ParseError) as caught:
        get_kind("kakuro").read(text, source="k.txt")
    error = caught.value
    row = text.splitlines().index(next(line for line in text.splitlines() if " x " in line))
    assert (error.line, error.column) == (row + 1, text.splitlines()[row].index("x") + 1)
    assert error.reason.startswith("'x' is a block, but the clue '4\\' above it")


def test_kakuro_json_errors_name_the_puzzles_line() -> None:
    kakuro = get_kind("kakuro")
    grid = kakuro.read((FIXTURES / "kakuro" / "small.txt").read_text())[0].puzzle
    line = kakuro.write([grid], "json").strip()
    with pytest.raises(ParseError) as caught:
        kakuro.read(f"[\n{line},\n{line.replace('kakuro', 'sudoku')}\n]", fmt="json")
    assert caught.value.line == 3 and caught.value.reason.startswith("puzzle 2:")


def test_an_out_of_reach_level_names_no_python_module() -> None:
    from grille.kind import GenerateOptions

    with pytest.raises(GrilleError) as caught:
        get_kind("sudoku").generate(GenerateOptions(size="4", level="hard"), 1)
    assert "out of reach at 4x4" in str(caught.value)
    assert "grille." not in str(caught.value)


@pytest.mark.parametrize(
    ("text", "shown"),
    [('[{"kind": "sudoku", "size": true, "cells": "1"}]', "not true"),
     ('{"kind": "takuzu", "cells": ["10", "01"], "unique_lines": "yes"}', 'got "yes"'),
     ('[{"kind": "sudoku", "cells": "1234341221434321"}, null]', "got null")],
)
def test_json_errors_quote_values_as_json(text: str, shown: str) -> None:
    with pytest.raises(ParseError) as caught:
        sniff_kind(text).read(text)
    assert caught.value.reason.endswith(shown)


def test_characters_are_quoted_as_typed() -> None:
    from grille.errors import quoted

    assert quoted("16\\23") == "'16\\23'" and quoted("a\tb") == "'a\\tb'"
    with pytest.raises(ParseError) as caught:
        get_kind("takuzu").read("01\\1\n1001\n", fmt="rows")
    assert caught.value.reason.startswith("'\\' is not a Takuzu cell")  # one backslash
