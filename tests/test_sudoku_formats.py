"""Sudoku text formats: round trips, sniffing, fixtures, reference examples and error positions."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import shared_file
from grille.errors import ParseError, SizeError
from grille.sudoku import formats
from grille.sudoku.formats import FORMATS, format_grid, parse_line, read, sniff, write
from grille.sudoku.geometry import Shape, default_shape, supported_sizes
from grille.sudoku.grid import Grid, digits_of_mask, mask_of_digits

FIXTURES = Path(__file__).parent / "fixtures" / "sudoku"

WIKIPEDIA = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
NORVIG = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SIZES = supported_sizes()
SDK_KEYS = ("author", "description", "comment", "date", "source", "level", "url")

FAST = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def grid(line: str, shape: Shape | None = None) -> Grid:
    return parse_line(line, shape)


def basic_candidates(g: Grid) -> tuple[int, ...]:
    """Row, column and box elimination, written independently of the module under test."""
    full, peers = (1 << g.size) - 1, g.shape.peers
    marks = []
    for cell, digit in enumerate(g.cells):
        seen = [g.cells[p] for p in peers[cell] if g.cells[p]]
        marks.append(0 if digit else full & ~mask_of_digits(set(seen)))
    return tuple(marks)


# -- strategies ------------------------------------------------------------------------------


def valid_cells(shape: Shape, rnd: random.Random, density: float) -> tuple[int, ...]:
    """A partial grid without clashes: a relabelled pattern solution, thinned out."""
    n, rows, cols = shape.size, shape.box_rows, shape.box_cols
    labels = rnd.sample(range(1, n + 1), n)
    return tuple(
        labels[(cols * (r % rows) + r // rows + c) % n] if rnd.random() < density else 0
        for r in range(n)
        for c in range(n)
    )


def box_shapes(size: int) -> list[Shape]:
    return [Shape(r, size // r) for r in range(2, size // 2 + 1) if size % r == 0]


text_values = st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp", "Zs")) | st.just(" "),
    min_size=1,
    max_size=12,
).map(lambda value: " ".join(value.split())).filter(bool)


@st.composite
def grids(
    draw: st.DrawFn,
    *,
    sizes: tuple[int, ...] = SIZES,
    any_shape: bool = False,
    placed: bool = False,
    valid: bool = False,
    marks: str | None = None,
    metadata: st.SearchStrategy[tuple[tuple[str, str], ...]] | None = None,
) -> Grid:
    """Random partial grids (without clashes if ``valid``), placed digits, marks, metadata.

    ``marks`` is ``"any"``, ``"subset"`` (subsets of the basic candidates) or ``"unsolved"``
    (such subsets, never a lone candidate).
    """
    size = draw(st.sampled_from(sizes))
    shape = draw(st.sampled_from(box_shapes(size))) if any_shape else default_shape(size)
    rnd = draw(st.randoms(use_true_random=False))
    density = rnd.random()
    cells = [rnd.randint(1, size) if rnd.random() < density else 0 for _ in range(size * size)]
    if valid:
        cells = list(valid_cells(shape, rnd, density))
    if size == 25 and any(d > 9 for d in cells) and not any(0 < d <= 9 for d in cells):
        cells[cells.index(next(d for d in cells if d))] = 1  # else it reads as the A-Y alphabet
    givens = None
    if placed and draw(st.booleans()):
        flags = tuple(d != 0 and rnd.random() < 0.7 for d in cells)
        givens = flags if any(d and not f for d, f in zip(cells, flags, strict=True)) else None
    g = Grid(shape, tuple(cells), givens)
    if marks is not None and draw(st.booleans()):
        g = g.with_marks(_marks(g, marks, rnd))
    if metadata is not None:
        g = Grid(g.shape, g.cells, g.givens, g.marks, draw(metadata))
    return g


def _marks(g: Grid, kind: str, rnd: random.Random) -> tuple[int, ...]:
    full = (1 << g.size) - 1
    if kind == "any":
        return tuple(rnd.randint(0, full) for _ in g.cells)
    if kind == "subset":
        return tuple(m & rnd.randint(0, full) for m in basic_candidates(g))
    subset = [m & rnd.randint(0, full) for m in basic_candidates(g)]
    return tuple(0 if m & (m - 1) == 0 else m for m in subset)  # no lone candidate


def pairs(keys: st.SearchStrategy[str], max_size: int = 4) -> st.SearchStrategy[
    tuple[tuple[str, str], ...]
]:
    return st.lists(st.tuples(keys, text_values), max_size=max_size).map(tuple)


def round_trip(g: Grid, fmt: str) -> Grid:
    text = format_grid(g, fmt)
    entries = read(text, fmt=fmt)
    assert len(entries) == 1, text
    assert entries[0].fmt == fmt
    return entries[0].puzzle


# -- round trips --------------------------------------------------------------------------------


@FAST
@given(grids(metadata=pairs(st.just("comment"), max_size=1)))
def test_line_round_trip(g: Grid) -> None:
    assert round_trip(g, "line") == g
    assert sniff(format_grid(g, "line")) == "line"


@FAST
@given(grids())
def test_grid_round_trip(g: Grid) -> None:
    assert round_trip(g, "grid") == g
    assert sniff(format_grid(g, "grid")) == "grid"


@FAST
@given(grids(metadata=pairs(st.sampled_from(SDK_KEYS))))
def test_sdk_round_trip(g: Grid) -> None:
    assert round_trip(g, "sdk") == g
    assert sniff(format_grid(g, "sdk")) == ("sdk" if g.metadata else "grid")


@FAST
@given(grids())
def test_ss_round_trip(g: Grid) -> None:
    assert round_trip(g, "ss") == g
    assert sniff(format_grid(g, "ss")) == "ss"


@FAST
@given(grids(sizes=(9,), placed=True, marks="subset"))
def test_ss_appendix_round_trip(g: Grid) -> None:
    expected = g
    if g.marks is not None and g.marks == basic_candidates(g):
        expected = g.with_marks(None)  # nothing removed: no E line
    if not g.empty_count:
        expected = Grid(g.shape, g.cells)  # a full grid is written as a solution: all digits
    assert round_trip(g, "ss") == expected


@FAST
@given(grids(valid=True, marks="unsolved"))
def test_marks_round_trip(g: Grid) -> None:
    if g.marks is None:
        g = g.with_marks(tuple(0 for _ in g.cells))
    assert round_trip(g, "marks") == g
    assert sniff(format_grid(g, "marks")) == ("marks" if any(g.marks or ()) else "ss")


@FAST
@given(grids(sizes=(4, 6, 9, 16), valid=True))
def test_marks_without_marks_writes_basic_candidates(g: Grid) -> None:
    basic = basic_candidates(g)
    assert format_grid(g, "marks") == format_grid(g.with_marks(basic), "marks")
    peers = g.shape.peers
    solved = {  # a lone candidate reads as solved only when no peer has it
        c: m.bit_length()
        for c, m in enumerate(basic)
        if m and not m & (m - 1) and not any(basic[p] & m for p in peers[c])
    }
    back = round_trip(g, "marks")
    assert back.cells == tuple(solved.get(c, d) for c, d in enumerate(g.cells))


def test_marks_lone_candidates() -> None:
    text = "1 234 234 234\n234 234 1 234\n234 1 234 234\n234 234 234 1"
    g = read(text, fmt="marks")[0].puzzle
    assert g.cells == (1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1)
    clash = "12 1 234 234\n234 234 1 234\n234 1 234 234\n234 234 234 1"
    g = read(clash, fmt="marks")[0].puzzle
    assert g.cells[1] == 0 and g.marks is not None and g.marks[1] == 1  # r1c1 also has a 1


@FAST
@given(grids(sizes=(9,), placed=True, marks="any", metadata=pairs(st.just("comment"), 1)))
def test_opensudoku_round_trip(g: Grid) -> None:
    if g.marks is not None and not any(g.marks):
        g = g.with_marks(None)
    assert round_trip(g, "opensudoku") == g
    assert sniff(format_grid(g, "opensudoku")) == "opensudoku"


@FAST
@given(grids(any_shape=True, placed=True, marks="any", metadata=pairs(st.text(max_size=5))))
def test_json_round_trip(g: Grid) -> None:
    assert round_trip(g, "json") == g
    assert sniff(format_grid(g, "json")) == "json"


@FAST
@given(grids(any_shape=True))
def test_solo_round_trip(g: Grid) -> None:
    assert round_trip(g, "solo") == g
    assert sniff(format_grid(g, "solo")) == "solo"


@pytest.mark.parametrize("size", SIZES)
def test_every_format_at_every_size(size: int) -> None:
    rnd = random.Random(size)
    cells = valid_cells(default_shape(size), rnd, 0.4)
    clues = Grid(default_shape(size), cells)
    with_marks = clues.with_marks(_marks(clues, "unsolved", rnd))
    for fmt, g in [
        ("line", clues), ("grid", clues), ("sdk", clues), ("ss", clues), ("solo", clues),
        ("marks", with_marks), ("json", Grid(clues.shape, cells, None, with_marks.marks)),
        ("opensudoku", clues),
    ]:
        if fmt == "opensudoku" and size != 9:
            continue
        assert round_trip(g, fmt) == g, fmt
        if fmt != "sdk":
            assert sniff(format_grid(g, fmt)) == fmt


@pytest.mark.parametrize("fmt", [f for f in FORMATS if f != "marks"])
def test_collections_round_trip(fmt: str) -> None:
    g16 = read(fixture("grid16.txt"))[0].puzzle
    grids_ = [grid(WIKIPEDIA), grid(NORVIG), grid(WIKIPEDIA.replace(".", "0")[::-1])]
    if fmt not in ("opensudoku",):
        grids_.append(g16)
    text = write(grids_, fmt)
    assert text.endswith("\n")
    entries = read(text, fmt="sdk" if fmt == "sdk" else None)  # sdk without metadata is "grid"
    assert [e.puzzle for e in entries] == grids_
    assert {e.fmt for e in entries} == {fmt}
    if fmt in ("line", "solo"):
        assert [e.line for e in entries] == [1, 2, 3, 4]


def test_write_empty_collection() -> None:
    assert write([], "line") == ""
    assert write([], "json") == "[]\n"
    assert error_of(write([], "opensudoku")).reason == "no puzzle found"


# -- fixtures and sniffing -----------------------------------------------------------------------

FIXTURE_FORMATS = {
    "line.txt": "line",
    "grid6.txt": "grid",
    "grid16.txt": "grid",
    "hex16.txt": "line",
    "letters25.txt": "line",
    "line25.txt": "line",
    "puzzle.sdk": "sdk",
    "puzzle.ss": "ss",
    "marks_hodoku.txt": "marks",
    "marks_simple.txt": "marks",
    "puzzles.opensudoku": "opensudoku",
    "v1.opensudoku": "opensudoku",
    "puzzles.json": "json",
    "solo.txt": "solo",
}


@pytest.mark.parametrize(("name", "fmt"), FIXTURE_FORMATS.items())
def test_fixture_sniffed(name: str, fmt: str) -> None:
    text = fixture(name)
    assert sniff(text) == fmt
    assert {entry.fmt for entry in read(text)} == {fmt}


def test_every_fixture_is_listed() -> None:
    assert sorted(p.name for p in FIXTURES.iterdir()) == sorted(FIXTURE_FORMATS)


def test_line_fixture() -> None:
    entries = read(fixture("line.txt"))
    assert [e.line for e in entries] == [2, 3, 6]
    assert entries[0].puzzle == grid(WIKIPEDIA)
    assert entries[1].puzzle.clue_count == 17
    assert entries[1].puzzle.metadata == (("comment", "17 clues, 0 for empty"),)
    assert entries[2].puzzle.metadata == (("comment", "hard one"),)


def test_grid6_fixture() -> None:
    entries = read(fixture("grid6.txt"))
    assert [e.line for e in entries] == [1, 10]
    assert entries[0].puzzle == grid("..345.4.6.2..3..6..6...43..612.1..4.")
    assert entries[0].puzzle.shape == Shape(2, 3)


def test_sixteen_alphabets_agree() -> None:
    canonical = read(fixture("grid16.txt"))[0].puzzle
    hex_ = read(fixture("hex16.txt"))
    assert hex_[0].line == 2
    assert hex_[0].puzzle == canonical
    assert 16 in canonical.cells
    assert "G" in canonical.line()
    assert "0" in fixture("hex16.txt")


def test_twenty_five_alphabets_agree() -> None:
    letters = read(fixture("letters25.txt"))[0].puzzle
    assert letters == read(fixture("line25.txt"))[0].puzzle
    assert letters.size == 25
    assert max(letters.cells) == 25


def test_sdk_fixture() -> None:
    g = read(fixture("puzzle.sdk"))[0].puzzle
    assert g.line().startswith("2..1.5..3.54...71.")
    assert g.metadata == (
        ("author", "Ruud"),
        ("description", "A random puzzle created by SudoCue"),
        ("comment", "Just start plugging in the numbers"),
        ("date", "03-08-2006"),
        ("source", "SudoCue"),
        ("level", "Easy"),
        ("url", "http://www.sudocue.net/"),
    )
    assert format_grid(g, "sdk") == fixture("puzzle.sdk").rstrip("\n")


def test_ss_fixture_with_appendix() -> None:
    g = read(fixture("puzzle.ss"))[0].puzzle
    assert g.cells == grid("48" + NORVIG[2:]).cells
    assert not g.is_given(0) and not g.is_given(1) and g.is_given(2)
    assert g.clues_only() == grid(NORVIG)
    assert g.marks is not None
    assert digits_of_mask(g.marks[3]) == (9,)  # r1c4: 4, 7, 9 less the removed 4 and 7
    assert digits_of_mask(g.marks[5]) == (7,)  # r1c6: 1, 7 less 1
    assert g.marks[0] == 0  # a filled cell has no marks


def test_marks_fixtures() -> None:
    for name in ("marks_hodoku.txt", "marks_simple.txt"):
        g = read(fixture(name))[0].puzzle
        assert g.clues_only() == grid(NORVIG), name
        assert g.marks is not None
        assert [digits_of_mask(g.marks[c]) for c in (41, 42, 75)] == [(4,), (1,), (4,)]
        assert digits_of_mask(g.marks[0]) == (4, 5)  # "*45": annotation dropped
        assert digits_of_mask(g.marks[1]) == (4, 5, 7, 8)  # "4-578"
    simple = read(fixture("marks_simple.txt"))[0].puzzle
    assert simple.marks is not None
    assert format_grid(simple, "marks").splitlines()[1].startswith("| 45      4578    3       |")


def test_opensudoku_fixtures() -> None:
    v2 = read(fixture("puzzles.opensudoku"))
    assert [e.line for e in v2] == [5, 6]
    assert v2[0].puzzle.clues_only() == v2[0].puzzle
    assert v2[0].puzzle.line() == NORVIG
    assert ("comment", "Norvig's first puzzle") in v2[0].puzzle.metadata
    playing = v2[1].puzzle
    assert playing.cells[:2] == (4, 8)
    assert not playing.is_given(0)
    assert playing.clues_only().cells == grid(NORVIG).cells
    assert playing.marks is not None
    assert 9 not in digits_of_mask(playing.marks[3])
    v1 = read(fixture("v1.opensudoku"))
    assert [e.puzzle.line() for e in v1] == [WIKIPEDIA, NORVIG]
    assert ("author", "grille") in v1[0].puzzle.metadata


def test_json_fixture() -> None:
    entries = read(fixture("puzzles.json"))
    assert [e.line for e in entries] == [4, 6, 12]
    first, second, third = (e.puzzle for e in entries)
    assert first == Grid(
        default_shape(9), grid(WIKIPEDIA).cells,
        metadata=(("author", "unknown"), ("source", "Wikipedia")),
    )
    assert second.line() == "1..4..1..1..4..1"
    assert second.is_given(0) and not second.is_given(15)
    assert second.marks is not None
    assert second.marks[1] == second.marks[2] == mask_of_digits([2, 3])
    assert third.shape == Shape(3, 2)
    assert [key for key, _ in third.metadata] == ["comment", "comment"]


def test_solo_fixture() -> None:
    entries = read(fixture("solo.txt"))
    assert entries[0].puzzle == grid(WIKIPEDIA)
    assert entries[1].puzzle.cells == (0, 1, 0, 0, 2, 0, 0, 0, 3, 4, 0, 2, 0, 0, 0, 0)
    six = read(fixture("grid6.txt"))[0].puzzle
    assert entries[2].puzzle == six
    assert entries[3].puzzle == Grid(Shape(3, 2), six.cells)


def test_solo_encoding_matches_solo() -> None:
    assert format_grid(grid("1" + "." * 15), "solo") == "2x2:1o"
    assert format_grid(grid("12" + "." * 14), "solo") == "2x2:1_2n"
    assert format_grid(grid("." * 15 + "4"), "solo") == "2x2:o4"
    empty = Grid.empty(9)
    assert format_grid(empty, "solo") == "3x3:zzzc"
    assert read("3x3:zzzc")[0].puzzle == empty
    big = Grid(default_shape(16), (16,) + (0,) * 255)
    assert format_grid(big, "solo") == "4x4:16" + "z" * 9 + "u"


# -- reference examples ----------------------------------------------------------------------


def test_reference_one_line() -> None:
    g = read(WIKIPEDIA)[0].puzzle
    assert g[0, 0] == 5 and g[0, 2] == 0 and g[8, 8] == 9
    for empty in "0*_X-":
        assert read(WIKIPEDIA.replace(".", empty))[0].puzzle == g
    assert read(WIKIPEDIA.replace(".", " "))[0].puzzle == g
    assert read(WIKIPEDIA + "  # HoDoKu comment\r\n")[0].puzzle.cells == g.cells


def test_reference_ss_layout() -> None:
    text = "\n".join(
        [
            "*-----------*",
            "|38.|...|5.6|",
            "|...|9..|...|",
            "|...|.4.|89.|",
            "|---+---+---|",
            "|.9.|.5.|...|",
            "|...|...|...|",
            "|...|.1.|.2.|",
            "|---+---+---|",
            "|.84|.2.|...|",
            "|...|..7|...|",
            "|6.7|...|.59|",
            "*-----------*",
        ]
    )
    assert sniff(text) == "ss"
    g = read(text)[0].puzzle
    assert g.line()[:27] == "38....5.6...9.........4.89."
    assert format_grid(g, "ss") == text


def test_reference_pencil_marks() -> None:
    rows = [
        "| 6     19    2     | 3     19    5     | 4     8     7     |",
        "| 578   19    4     | 28    67    1679  | 3     159   1259  |",
    ] + ["| 1789  .     .     | .     .     .     | .     .     .     |"] * 7
    separator = "|-------------------+-------------------+-------------------|"
    border = "*-----------------------------------------------------------*"
    text = "\n".join([border, *rows[:3], separator, *rows[3:6], separator, *rows[6:], border])
    assert sniff(text) == "marks"
    g = read(text)[0].puzzle
    assert g.cells[:18] == (6, 0, 2, 3, 0, 5, 4, 8, 7, 0, 0, 4, 0, 0, 0, 3, 0, 0)
    assert g.marks is not None
    assert digits_of_mask(g.marks[1]) == (1, 9)
    assert digits_of_mask(g.marks[14]) == (1, 6, 7, 9)
    assert digits_of_mask(g.marks[18]) == (1, 7, 8, 9)
    assert g.marks[19] == 0 and g.cells[19] == 0  # "." : no candidates left
    assert format_grid(g, "marks") == text


def test_reference_hodoku_library_line() -> None:
    line = ":0000:x:+4+8" + NORVIG[2:] + ":116 511::"
    g = read(line)[0].puzzle
    assert g.cells[:3] == (4, 8, 3)
    assert not g.is_given(0) and g.is_given(2)
    assert g.marks is not None
    assert digits_of_mask(g.marks[5]) == (7,)  # r1c6 had 1 and 7; 116 deletes 1
    assert g.marks[0] == 0


def test_reference_opensudoku_minimal() -> None:
    data = WIKIPEDIA.replace(".", "0")
    g = read(f'<opensudoku><game data="{data}"/></opensudoku>')[0].puzzle
    assert g == grid(WIKIPEDIA)


def test_json_forms() -> None:
    one = '{"cells": "' + WIKIPEDIA + '"}'
    assert read(one)[0].puzzle == grid(WIKIPEDIA)
    assert [e.puzzle for e in read(f"[{one}, {one}]")] == [grid(WIKIPEDIA)] * 2
    rows = [[int(c) if c != "." else 0 for c in WIKIPEDIA[r * 9 : r * 9 + 9]] for r in range(9)]
    assert read(f'{{"size": 9, "cells": {rows}}}')[0].puzzle == grid(WIKIPEDIA)


def test_sdk_tolerates_spaced_metadata() -> None:
    text = "#A Someone\n#L hard\n" + "\n".join(WIKIPEDIA[r * 9 : r * 9 + 9] for r in range(9))
    g = read(text)[0].puzzle
    assert g.metadata == (("author", "Someone"), ("level", "hard"))


# -- alphabets --------------------------------------------------------------------------------


def test_lowercase_letters() -> None:
    g = read(fixture("grid16.txt"))[0].puzzle
    assert read(g.line().lower())[0].puzzle == g


def test_hex_alphabet_needs_zero_without_g() -> None:
    g = read(fixture("grid16.txt"))[0].puzzle
    with_zero = g.line().replace("G", "0")
    assert read(with_zero)[0].puzzle == g
    both = g.line().replace("G", "0", 1)
    with pytest.raises(ParseError, match="'0' is not a digit of a 16x16 grid") as error:
        read(both)
    assert error.value.column == both.index("0") + 1


def test_letters_alphabet_without_decimal_digits() -> None:
    line = "ABCDE" + "." * 620
    g = read(line)[0].puzzle
    assert g.cells[:5] == (1, 2, 3, 4, 5)
    canonical = "1ABCDE" + "." * 619
    assert read(canonical)[0].puzzle.cells[:6] == (1, 10, 11, 12, 13, 14)


def test_written_alphabet_is_canonical() -> None:
    g = read(fixture("letters25.txt"))[0].puzzle
    assert set(format_grid(g, "line")) <= set(".123456789ABCDEFGHIJKLMNOP")


# -- errors ---------------------------------------------------------------------------------


def error_of(text: str, fmt: str | None = None) -> ParseError:
    with pytest.raises(ParseError) as info:
        read(text, fmt=fmt, source="test.txt")
    return info.value


def where(error: ParseError) -> tuple[int, int]:
    return error.line, error.column


def test_empty_text() -> None:
    for text in ("", "\n\n", "# only a comment\n", "  \n"):
        assert error_of(text).reason == "no puzzle found"


def test_line_errors() -> None:
    bad = WIKIPEDIA[:80] + "Z"
    error = error_of(bad)
    assert error.reason == "'Z' is not a digit of a 9x9 grid"
    assert where(error) == (1, 81)
    assert str(error).startswith("test.txt:1:81: ")
    error = error_of(f"{WIKIPEDIA}\n\n{WIKIPEDIA}\n  {bad}\n")
    assert where(error) == (4, 83)
    short = error_of(WIKIPEDIA[:79])
    assert isinstance(short, SizeError)
    assert short.reason.startswith("expected 81 cells, found 79")
    assert "4, 6, 8, 9" in short.reason
    assert where(short) == (1, 80)
    long_ = error_of(f"{WIKIPEDIA}\n{WIKIPEDIA}..\n", fmt="line")
    assert where(long_) == (2, 82)
    assert error_of("1" * 257).reason.startswith("expected 256 cells, found 257: ")
    with pytest.raises(ParseError, match="expected 36 cells for a 6x6 grid, found 81"):
        parse_line(WIKIPEDIA, default_shape(6))


def test_grid_errors() -> None:
    rows = [" ".join(WIKIPEDIA[r * 9 : r * 9 + 9]) for r in range(9)]
    short_row = rows.copy()
    short_row[3] = short_row[3][:-2]
    error = error_of("\n".join(short_row), fmt="grid")
    assert error.reason == "row 4 has 8 cells, expected 9"
    assert where(error) == (4, 16)
    bad = rows.copy()
    bad[6] = bad[6][:4] + "Q" + bad[6][5:]
    error = error_of("\n\n" + "\n".join(bad))
    assert error.reason == "'Q' is not a digit of a 9x9 grid"
    assert where(error) == (9, 5)
    error = error_of("\n".join(rows[:8]) + "\n\n" + "\n".join(rows), fmt="grid")
    assert error.reason == "expected 9 rows, found 8"
    assert where(error) == (9, 1)
    error = error_of("1 2 3 4 5\n" * 5, fmt="grid")
    assert isinstance(error, SizeError)
    assert where(error) == (1, 9)


def test_sdk_errors() -> None:
    body = [WIKIPEDIA[r * 9 : r * 9 + 9] for r in range(9)]
    error = error_of("#AMe\n" + "\n".join(body[:5]) + "\n", fmt="sdk")
    assert error.reason == "expected 9 rows, found 5"
    body[2] = ".9+....6."
    error = error_of("#AMe\n#BToday\n" + "\n".join(body))
    assert (error.reason, where(error)) == ("'+' is not a digit of a 9x9 grid", (5, 3))


def test_ss_errors() -> None:
    text = format_grid(grid(WIKIPEDIA), "ss").replace("|6..|195|...|", "|6..|1?5|...|")
    error = error_of(text)
    assert (error.reason, where(error)) == ("'?' is not a digit of a 9x9 grid", (3, 7))
    appendix = format_grid(grid(WIKIPEDIA), "ss") + "\n\nI135 I11\n"
    error = error_of(appendix)
    assert where(error) == (15, 6)
    assert "I<row><column><digit>" in error.reason
    taken = format_grid(grid(WIKIPEDIA), "ss") + "\n\nI115\n"
    assert error_of(taken).reason == "r1c1 already holds a clue"


def test_marks_errors() -> None:
    text = fixture("marks_simple.txt").replace("24678", "246Z8")
    error = error_of(text)
    assert error.reason == "'Z' is not a digit of a 9x9 grid"
    assert where(error) == (3, 14)
    lines = fixture("marks_simple.txt").splitlines()
    lines[5] = lines[5].replace("| 1      3456", "| 13456")
    error = error_of("\n".join(lines), fmt="marks")
    assert error.reason == "row 4 has 8 cells, expected 9"
    assert error.line == 6


def test_opensudoku_errors() -> None:
    error = error_of('<opensudoku>\n  <game data="123"/>\n</opensudoku>')
    assert error.reason == "expected 81 digits in data, found 3"
    assert where(error) == (2, 3)
    error = error_of('<opensudoku>\n  <game data="1"\n</opensudoku>')
    assert error.reason.startswith("malformed XML")
    assert error.line == 3
    bomb = '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "aaaa">]>\n<opensudoku/>'
    error = error_of(bomb)
    assert "DOCTYPE" in error.reason
    assert where(error) == (2, 1)
    error = error_of("<takuzu/>", fmt="opensudoku")
    assert error.reason.startswith("this is not an OpenSudoku file")
    with pytest.raises(ValueError, match="9x9 grids only"):
        format_grid(Grid.empty(4), "opensudoku")


def test_json_errors() -> None:
    error = error_of('{\n  "cells": "12",\n  "size": 9,,\n}')
    assert error.reason.startswith("invalid JSON")
    assert where(error) == (3, 13)
    error = error_of('[\n  {"kind": "takuzu", "cells": "0101"}\n]')
    assert error.reason == 'this is not a Sudoku: its kind is "takuzu"'
    assert where(error) == (2, 3)
    error = error_of('{"puzzles": [\n {"cells": "' + WIKIPEDIA[:-1] + 'W"}]}')
    assert error.reason == "\"cells\": 'W' is not a digit of a 9x9 grid"
    assert where(error) == (2, 2)
    error = error_of('{"box": [3, 3], "size": 4, "cells": "' + WIKIPEDIA + '"}')
    assert "does not match" in error.reason
    error = error_of('{"cells": "' + WIKIPEDIA + '", "givens": "6' + WIKIPEDIA[1:] + '"}')
    assert error.reason == '"givens" and "cells" differ at r1c1'


def test_solo_errors() -> None:
    error = error_of("3x3:a1b2c3")
    assert error.reason == "expected 81 cells, found 9"
    assert where(error) == (1, 11)
    error = error_of("3x3:a1b2!3", fmt="solo")
    assert where(error) == (1, 9)
    assert error_of("3x3#123456").reason.startswith("random-seed IDs are not supported")
    assert "jigsaw" in error_of("9j:" + "z" * 3 + "c", fmt="solo").reason
    assert "killer" in error_of("3x3k:zzzc", fmt="solo").reason
    assert read("3x3dbr4:zzzc")[0].puzzle == Grid.empty(9)
    assert error_of("2x2:a1b5l", fmt="solo").reason == "5 is not a digit of a 4x4 grid"
    error = error_of("3x9:z", fmt="solo")
    assert isinstance(error, SizeError)
    assert error.reason == "boxes of 3x9 make no supported grid"


def test_unrecognised_text() -> None:
    assert sniff("hello") is None
    assert sniff("<html></html>") is None
    assert isinstance(error_of("hello"), SizeError)
    error = error_of("<html><body/></html>", fmt="opensudoku")
    assert error.reason == "this is not an OpenSudoku file: its root element is <html>"
    assert error_of("[1, 2]", fmt="json").reason == "a puzzle is a JSON object, got 1"


def test_crlf_and_bom() -> None:
    sdk = fixture("puzzle.sdk").replace("\n", "\r\n")
    assert read("\ufeff" + sdk)[0].puzzle == read(fixture("puzzle.sdk"))[0].puzzle
    ss = fixture("puzzle.ss").replace("\n", "\r\n")
    assert read(ss)[0].puzzle == read(fixture("puzzle.ss"))[0].puzzle


def test_starting_lines() -> None:
    two = format_grid(grid(NORVIG), "ss") + "\n\n\n" + fixture("puzzle.ss")
    assert [e.line for e in read(two)] == [1, 16]
    sdk = "\n" + fixture("puzzle.sdk") + "\n" + fixture("puzzle.sdk")
    assert [e.line for e in read(sdk)] == [2, 19]


def test_unknown_format() -> None:
    with pytest.raises(ValueError, match="unknown Sudoku format"):
        read(WIKIPEDIA, fmt="pdf")
    with pytest.raises(ValueError, match="unknown Sudoku format"):
        format_grid(grid(WIKIPEDIA), "pdf")


def test_one_puzzle_parsers() -> None:
    assert formats.parse_grid(format_grid(grid(NORVIG), "grid")) == grid(NORVIG)
    assert formats.parse_solo(format_grid(grid(NORVIG), "solo")) == grid(NORVIG)
    with pytest.raises(ParseError, match="expected one puzzle, found 2") as info:
        formats.parse_json(write([grid(NORVIG), grid(NORVIG)], "json"))
    assert info.value.line == 3


def test_grid_string_helpers_still_work() -> None:
    g = Grid.from_string(WIKIPEDIA)
    assert g.to_string() == WIKIPEDIA
    assert str(g).splitlines()[1] == "6..195..."


# -- shared data and speed ----------------------------------------------------------------------


@pytest.mark.shared_data
def test_kaggle_file() -> None:
    path = shared_file("sudoku", "kaggle_9999.txt")  # skips when ../shared/data is absent
    text = path.read_text()
    start = time.perf_counter()
    entries = read(text, source=str(path))
    elapsed = time.perf_counter() - start
    assert len(entries) == 9999
    assert all(e.fmt == "line" and e.puzzle.size == 9 for e in entries)
    assert entries[-1].line == 9999
    assert write([e.puzzle for e in entries], "line") == text
    assert elapsed < 2.0, f"reading 9999 lines took {elapsed:.2f}s"


def test_ten_thousand_lines_fast() -> None:
    text = (WIKIPEDIA + "\n") * 10_000
    start = time.perf_counter()
    assert len(read(text)) == 10_000
    assert time.perf_counter() - start < 2.0


def test_sudoku_kind_leaves_other_kinds_json_alone() -> None:
    from grille.sudoku import KIND

    assert not KIND.sniff('{"kind": "kakuro", "rows": 2}')
    assert KIND.sniff('{"cells": "1234............"}')
    assert KIND.sniff('[{"kind": "sudoku", "cells": "1234............"}]')
