"""Variant Sudoku, first step of issue #19: the model, every family's rule check, the f-puzzles
formats and links, Solo's variant IDs, grille's JSON, and the refusals (explain, plain formats).

Fixtures (``tests/fixtures/variants/<family>.json``, 6x6, made for these tests): the f-puzzles
object, a solution that keeps every rule, a filling that breaks the family (two cells of a row
swapped) and the constraint it breaks first. ``solo_ids.txt``: Solo IDs made from them (6x6
jigsaw, X, jigsaw killer, X killer)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import FIXTURES
from grille.errors import GrilleError, ParseError
from grille.kind import Status
from grille.sudoku import KIND
from grille.sudoku.formats import format_grid, parse_solo, read, sniff
from grille.sudoku.grid import Grid
from grille.sudoku.variants.families import BY_NAME, FAMILIES
from grille.sudoku.variants.families.jigsaw import Regions
from grille.sudoku.variants.fpuzzles import fpuzzles_of, from_fpuzzles, link_of, read_link
from grille.sudoku.variants.lz import LinkError, compress, decompress
from grille.sudoku.variants.model import Variant, VariantError

HERE = FIXTURES / "variants"
FAMILY_FILES = sorted(p for p in HERE.glob("*.json") if p.stem in BY_NAME)


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def filled(grid: Grid, digits: str) -> Grid:
    return grid.with_cells([int(d) for d in digits])


def test_every_family_has_a_fixture() -> None:
    assert sorted(p.stem for p in FAMILY_FILES) == sorted(f.name for f in FAMILIES)


@pytest.mark.parametrize("path", FAMILY_FILES, ids=lambda p: p.stem)
def test_family_fixture_reads_round_trips_and_checks(path: Path) -> None:
    data = load(path)
    text = json.dumps(data["fpuzzles"], ensure_ascii=False)
    assert sniff(text) == "fpuzzles"
    (entry,) = read(text)
    grid = entry.puzzle
    assert grid.variant is not None
    assert data["family"] in grid.variant.families()
    assert dict(grid.metadata)["title"] == data["fpuzzles"]["title"]
    # exact round trips: the f-puzzles object, both links, grille's JSON
    assert fpuzzles_of(grid) == data["fpuzzles"]
    assert json.loads(format_grid(grid, "fpuzzles")) == data["fpuzzles"]
    for fmt in ("fpuzzles-link", "sudokupad", "json"):
        written = format_grid(grid, fmt)
        assert sniff(written) == fmt
        assert read(written)[0].puzzle == grid
    assert hash(grid) == hash(read(format_grid(grid, "json"))[0].puzzle)
    # the rule check: the solution keeps every rule, the broken filling names the family
    solution = filled(grid, data["solution"])
    assert KIND.check(solution) == []
    assert KIND.status(solution) is Status.SOLVED
    broken = KIND.check(filled(grid, data["broken"]))
    assert any(v.message.startswith(data["broken_by"] + ":") for v in broken), broken
    assert KIND.status(filled(grid, data["broken"])) is Status.INVALID


def test_givens_breaking_a_thermometer_are_named_and_have_no_solution() -> None:
    (entry,) = read((HERE / "thermo_downhill.json").read_text(encoding="utf-8"))
    grid = entry.puzzle
    assert [v.message for v in KIND.check(grid)] == ["thermometer r1c1..r1c3: 3 before 2"]
    assert KIND.check(grid)[0].cells == ((0, 0), (0, 2))
    result = KIND.solve(grid)
    assert (result.count, result.exhausted) == (0, True)
    with pytest.raises(GrilleError, match="not supported yet"):
        KIND.rate(grid)


def test_a_sum_passed_early_says_what_the_empty_cells_add() -> None:
    """A 1 in an arrow's circle with two empty shaft cells was "the shaft already reaches 0,
    the circle reads 1", which reads as no fault at all: each empty cell adds at least 1,
    and the message says so (cages and little killers alike)."""
    from grille.sudoku.variants.families.arrow import Arrow
    from grille.sudoku.variants.families.killer import KillerCage
    from grille.sudoku.variants.families.little_killer import LittleKiller
    from grille.sudoku.variants.model import Board, Variant

    arrow = Arrow(((0, 2),), (((0, 2), (0, 1), (0, 0)),))
    cage = KillerCage(((0, 0), (0, 1)), 5)
    diagonal = LittleKiller((-1, -1), "DR", ((0, 0), (1, 1), (2, 2), (3, 3)), 10)
    values = [0] * 16
    values[2] = 1
    board = Board(4, tuple(values), Variant((arrow,)))
    assert [v.message for v in arrow.violations(board)] == [
        "arrow from r1c3: the shaft makes at least 2 (2 empty cells), the circle reads 1"]
    values[0], values[5], values[10] = 4, 3, 4
    board = Board(4, tuple(values), Variant((cage,)))
    assert cage.violations(board) == []  # 4 and at least 1 can still make 5
    values[0] = 5
    board = Board(4, tuple(values), Variant((cage,)))
    assert [v.message for v in cage.violations(board)] == [
        "killer cage r1c1..r1c2 (sum 5): its digits make at least 6 (5 written, 1 empty cell)"]
    assert [v.message.partition(": ")[2] for v in diagonal.violations(board)] == [
        "the diagonal makes at least 13 (12 written, 1 empty cell)"]


def test_a_hint_on_a_variant_says_so_in_words_a_player_reads() -> None:
    """The refusal reaches the page and the terminal game: it names the families as the
    board does and says what works while playing, not only a command to type."""
    grid = read((HERE / "thermo.json").read_text(encoding="utf-8"))[0].puzzle
    with pytest.raises(GrilleError) as refused:
        KIND.hint(grid, depth=1)
    message = str(refused.value)
    assert message.startswith("giving hints on a variant Sudoku (thermometers) is not "
                              "supported yet"), message
    assert "checking while playing" in message


def test_cages_regions_and_edges_are_named_in_reading_order() -> None:
    """A setter lists a cage's cells in any order; the player reads the grid top to bottom,
    so a cage is named by its first and last cells in reading order, not ``r2c1..r1c1``."""
    from grille.sudoku.variants.families.extra import ExtraRegion
    from grille.sudoku.variants.families.killer import KillerCage
    from grille.sudoku.variants.families.kropki import KropkiDot
    from grille.sudoku.variants.families.xv import XV

    cage = KillerCage(((1, 0), (1, 1), (0, 0)), 9)
    assert cage.name() == "killer cage r1c1..r2c2 (sum 9)"
    assert cage.draw(4).regions[0].name == cage.name()
    assert ExtraRegion(((2, 1), (1, 1))).name() == "extra region r2c2..r3c2"
    assert KropkiDot(((1, 0), (0, 0)), black=True).name() == "black dot r1c1-r2c1"
    assert XV(((0, 1), (0, 0)), "X").name() == "X r1c1-r1c2"


def test_title_rules_and_author_survive_every_round_trip() -> None:
    (entry,) = read((HERE / "thermo_downhill.json").read_text(encoding="utf-8"))
    grid = entry.puzzle
    meta = dict(grid.metadata)
    assert meta["title"] == "Downhill 😀"
    assert meta["author"] == "grille tests"
    assert meta["rules"].startswith("Normal 4x4")
    for fmt in ("fpuzzles", "fpuzzles-link", "sudokupad", "json"):
        assert read(format_grid(grid, fmt))[0].puzzle.metadata == grid.metadata


@pytest.mark.parametrize("fmt", ["line", "grid", "sdk", "ss", "marks", "opensudoku"])
def test_plain_formats_refuse_a_variant_rather_than_drop_it(fmt: str) -> None:
    grid = from_fpuzzles(load(HERE / "killer.json")["fpuzzles"])
    with pytest.raises(GrilleError, match=f"the {fmt} format cannot hold .*killer"):
        format_grid(grid, fmt)
    assert str(grid).count("\n") == 5  # printing the digits still works


def test_jigsaw_regions_written_as_fpuzzles_writes_them_round_trip_exactly() -> None:
    data = load(HERE / "jigsaw.json")["fpuzzles"]
    full = from_fpuzzles(data)
    sparse_data = json.loads(json.dumps(data))
    for r, row in enumerate(sparse_data["grid"]):
        for c, cell in enumerate(row):
            if cell["region"] == (r // 2) * 2 + c // 3:  # f-puzzles' default 2x3 box
                del cell["region"]
    sparse = from_fpuzzles(sparse_data)
    assert sparse == full
    assert fpuzzles_of(sparse) == sparse_data
    assert fpuzzles_of(full) == data


def test_fpuzzles_reads_json_lines_and_records_holding_the_puzzle() -> None:
    records = [load(path) for path in FAMILY_FILES[:3]]
    text = "\n".join(json.dumps(record) for record in records) + "\n"
    entries = read(text, fmt="fpuzzles")
    assert [entry.line for entry in entries] == [1, 2, 3]
    assert [e.puzzle for e in entries] == [from_fpuzzles(r["fpuzzles"]) for r in records]
    objects = "\n".join(json.dumps(record["fpuzzles"]) for record in records)
    assert [e.puzzle for e in read(objects)] == [e.puzzle for e in entries]


def test_plain_sudoku_is_untouched() -> None:
    grid = Grid.from_string("1234341221434321")
    assert grid.variant is None
    assert from_fpuzzles(fpuzzles_of(grid)) == grid
    assert "variant" not in format_grid(grid, "json")


def test_solo_variant_ids_round_trip_and_match_their_fixtures() -> None:
    ids = [line for line in (HERE / "solo_ids.txt").read_text().splitlines()
           if line and not line.startswith("#")]
    assert [i.split(":")[0] for i in ids] == ["6j", "2x3x", "6jk", "2x3xk"]
    for game_id in ids:
        assert sniff(game_id) == "solo"
        grid = parse_solo(game_id)
        assert format_grid(grid, "solo") == game_id
    jigsaw = from_fpuzzles(load(HERE / "jigsaw.json")["fpuzzles"])
    assert parse_solo(ids[0]).variant == jigsaw.variant
    assert parse_solo(ids[0]).cells == jigsaw.cells
    killer = parse_solo(ids[2])
    assert killer.variant is not None
    assert killer.variant.families() == ("jigsaw", "killer")
    solution = load(HERE / "jigsaw.json")["solution"]
    assert KIND.check(filled(killer, solution)) == []


def test_solo_refuses_what_it_cannot_hold() -> None:
    grid = from_fpuzzles(load(HERE / "thermo.json")["fpuzzles"])
    with pytest.raises(GrilleError, match="Solo IDs cannot hold thermo"):
        format_grid(grid, "solo")
    killer = from_fpuzzles(load(HERE / "killer.json")["fpuzzles"])
    with pytest.raises(GrilleError, match=r"has none|is in none"):
        format_grid(killer, "solo")


BAD = [
    ("https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCALh", "does not decompress"),
    ("https://f-puzzles.com/?load=", "is not lz-string"),
    # the lzstring port raised UnboundLocalError on this one (found by mutation fuzzing)
    ("https://f-puzzles.com/?load=4IgzglgXgpiBcAWANCALhNAbO8QBEB7AdwDsALCLLAAkF4NwAD2RUBDAVzXMI"
     "CcEQBzblRw00MMGjDMQ", "does not decompress"),
    ("https://sudokupad.app/fpuzzles@@@", "is not lz-string"),
    ('{"size": 9, "grid": []}', "must be 9 rows"),
    ('{"size": 4, "grid": [[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], '
     '[{}, {}, {}, {}]], "killercage": [{"cells": ["R1C1", "R1C1"], "value": "3"}]}',
     "killercage 1 lists R1C1 twice"),
    ('{"size": 4, "grid": [[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], '
     '[{}, {}, {}, {}]], "thermometer": [{"lines": [["R1C1", "R5C1"]]}]}',
     "R5C1 is outside the 4x4 grid"),
    ('{"size": 4, "grid": [[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], '
     '[{}, {}, {}, {}]], "betweenline": [{"lines": [["R1C1", "R1C2"]]}]}',
     "key 'betweenline' is not a constraint grille supports"),
    ('{"size": 4, "grid": [[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], '
     '[{}, {}, {}, {}]], "negative": ["difference"]}', "negative constraint 'difference'"),
    ('{"size": 4, "grid": [[{"colour": "#fff"}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], '
     '[{}, {}, {}, {}]]}', "field 'colour' is not supported"),
    ('{"size": 4, "grid": [[{"givenPencilMarks": [2]}, {}, {}, {}], [{}, {}, {}, {}], '
     '[{}, {}, {}, {}], [{}, {}, {}, {}]]}', "given pencil marks [2] restrict the cell's digits"),
    ('{"size": 4, "grid": [[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], '
     '[{}, {}, {}, {}]], "littlekillersum": [{"cell": "R2C2", "direction": "UR", "value": "3"}]}',
     "the clue is inside the grid"),
    # found by fuzzing: read with no cells, written with "cells": [], which is refused
    ('{"size": 4, "grid": [[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], '
     '[{}, {}, {}, {}]], "littlekillersum": [{"cell": "R0C1", "direction": "UR", "value": "0"}]}',
     "towards UR does not enter the grid"),
    ('{"cells": "................", "variant": {"title": "T"}}',
     "'variant' holds constraint keys only, not 'title'"),
    ("3x3k:zzzc,a__", "killer cages and sums"),
    ("9j:zzzc,ab", "covers 5 of 145 walls"),
]


@pytest.mark.parametrize(("text", "reason"), BAD, ids=[reason for _, reason in BAD])
def test_bad_input_is_one_clear_line(text: str, reason: str) -> None:
    with pytest.raises(ParseError) as caught:
        read(text)
    assert reason in str(caught.value)
    assert "\n" not in str(caught.value)


def test_link_payload_is_read_raw_and_urlencoded_forms_too() -> None:
    grid = from_fpuzzles(load(HERE / "arrow.json")["fpuzzles"])
    link = link_of(grid)
    assert "+" in link or "/" in link  # the payload holds base 64's own characters
    assert read_link(link) == (grid, "fpuzzles-link")
    prefix, payload = link.split("load=")
    encoded = prefix + "load=" + payload.replace("+", "%2B").replace("/", "%2F")
    assert read_link(encoded)[0] == grid
    assert read_link(link_of(grid, sudokupad=True)) == (grid, "sudokupad")
    assert read_link(link + "&setting=dark#top")[0] == grid  # other parameters ignored
    assert read_link("https://f-puzzles.com/?theme=1&load=" + payload)[0] == grid


def test_an_empty_json_variant_is_a_plain_sudoku_and_writes_back_as_one() -> None:
    plain = '{"kind": "sudoku", "size": 4, "box": [2, 2], "cells": "3.2.............", ' \
        '"metadata": {"title": "T"}}'
    grid = read(plain.replace('"metadata"', '"variant": {}, "metadata"'))[0].puzzle
    assert grid.variant is None
    assert grid == read(plain)[0].puzzle
    assert format_grid(grid, "json") == plain  # no "variant" written: read back the same
    assert read(format_grid(grid, "line"))[0].puzzle.cells == grid.cells  # plain formats too
    assert Grid(grid.shape, grid.cells, variant=Variant()).variant is None


def test_percent_encoding_in_a_link_is_read_in_either_case() -> None:
    grid = from_fpuzzles(load(HERE / "kropki.json")["fpuzzles"])
    payload = link_of(grid).split("load=")[1]
    assert "+" in payload and "/" in payload and "=" in payload
    for plus, slash, equals in (("%2B", "%2F", "%3D"), ("%2b", "%2f", "%3d"),
                                ("%2b", "%2F", "%3d")):
        encoded = payload.replace("+", plus).replace("/", slash).replace("=", equals)
        assert read_link("https://f-puzzles.com/?load=" + encoded)[0] == grid
        assert read_link("https://sudokupad.app/fpuzzles" + encoded)[0] == grid
        assert read("https://f-puzzles.com/?load=" + encoded)[0].puzzle == grid
    with pytest.raises(LinkError, match="is not lz-string base 64"):
        read_link("https://f-puzzles.com/?load=" + payload.replace("+", "%2C"))


def test_lz_matches_javascript_on_known_strings() -> None:
    # JavaScript lz-string 1.5.0: LZString.compressToBase64(...)
    assert compress("hello") == "BYUwNmD2Q==="
    assert compress('{"size":9}') == "N4IgzglgXgpiBcBOAvkA"
    # characters above U+FFFF, as JavaScript (UTF-16 code units) compresses them
    assert compress("🧩 Killer ∑ 𝔘") == "nwbkvdgEDSCWA2MKYCcyEQiMhWDcBi7Q"
    title = '{"size":4,"title":"Downhill 😀"}'
    assert compress(title) == "N4IgzglgXgpiBcAWANCALhNAbO8QBEB7AdwDsALCLLAAkF4NwAD2QBfIA==="
    assert decompress("N4IgzglgXgpiBcAWANCALhNAbO8QBEB7AdwDsALCLLAAkF4NwAD2QBfIA===") == title
    with pytest.raises(LinkError):
        decompress("")


@settings(max_examples=60, deadline=None)
@given(title=st.text(max_size=30), rules=st.text(max_size=30))
def test_links_round_trip_any_title(title: str, rules: str) -> None:
    data = load(HERE / "xv.json")["fpuzzles"]
    data = {**data, "title": title, "ruleset": rules}
    grid = from_fpuzzles(data)
    assert read_link(link_of(grid))[0] == grid
    assert read_link(link_of(grid, sudokupad=True))[0] == grid
    assert decompress(compress(title + rules)) == title + rules if title + rules else True


def test_astral_characters_go_through_utf16_code_units() -> None:
    text = "🧩 Killer ∑ 𝔘"
    payload = compress(text)
    assert decompress(payload) == text
    # JavaScript counts two code units per emoji: a codec on code points (the lzstring
    # port, the tests' reference below U+10000) would compress differently
    port = pytest.importorskip("lzstring", reason="the lzstring package (test extra)")
    assert payload != port.LZString().compressToBase64(text)


def test_variant_values_are_hashable_with_useful_reprs() -> None:
    grid = from_fpuzzles(load(HERE / "killer.json")["fpuzzles"])
    assert grid.variant is not None
    assert repr(grid.variant) == "Variant(killer x3)"
    assert "KillerCage(r1c" in repr(grid.variant.constraints[0])
    assert len({grid, from_fpuzzles(load(HERE / "killer.json")["fpuzzles"])}) == 1


def test_a_grid_rejects_a_constraint_outside_it() -> None:
    nine = from_fpuzzles({"size": 9, "grid": [[{}] * 9] * 9,
                          "odd": [{"cell": "R9C9"}]})
    assert nine.variant is not None
    with pytest.raises(VariantError, match="r9c9 is outside the 4x4 grid"):
        Grid(Grid.empty(4).shape, (0,) * 16, variant=nine.variant)


def test_pencil_marks_follow_the_variant_groups_and_parity() -> None:
    data = load(HERE / "jigsaw.json")
    grid = from_fpuzzles(data["fpuzzles"])
    solution = [int(d) for d in data["solution"]]
    masks = KIND.with_candidates(grid).marks
    assert masks is not None
    for cell, digit in enumerate(solution):
        if not grid.cells[cell]:
            assert masks[cell] >> (digit - 1) & 1  # the solution's digit is never ruled out
    # r3c2 shares its jigsaw region (0) with r1c1, and no longer a box with r4c1
    peers = set(KIND.peers(grid, 2 * 6 + 1))
    assert 0 in peers
    assert 3 * 6 not in peers
    odd = from_fpuzzles(load(HERE / "odd_even.json")["fpuzzles"])
    assert KIND.with_candidates(odd).marks[0] == 0b010101  # r1c1 is odd: 1, 3, 5


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from grille.cli import main

    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_check_names_the_constraint_and_solve_finds_no_solution(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = str(HERE / "thermo_downhill.json")
    status, out, _ = _cli(["check", path], capsys)
    assert status == 1
    assert "thermometer r1c1..r1c3: 3 before 2" in out
    status, out, err = _cli(["solve", path], capsys)
    assert status == 1
    assert "no solution" in out + err


def test_cli_converts_between_links_and_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    data = load(HERE / "little_killer.json")["fpuzzles"]
    source = tmp_path / "puzzle.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    status, link, _ = _cli(["convert", "--to", "sudokupad", str(source)], capsys)
    assert status == 0
    assert link.startswith("https://sudokupad.app/fpuzzles")
    status, back, _ = _cli(["convert", "--to", "fpuzzles", link.strip()], capsys)
    assert status == 0
    assert json.loads(back) == data
    status, _, err = _cli(["convert", "--to", "line", str(source)], capsys)
    assert status == 2
    assert "cannot hold the variant's constraints (little_killer)" in err


@pytest.mark.parametrize(
    ("link", "says"),
    [
        ("https://sudokupad.app/abcdef12", "short link keeps its puzzle on SudokuPad's server"),
        ("sudokupad.app/scl_N4IgzglgXgpiBcBOANCALhNAbO9", "SudokuPad's own format"),
        ("https://f-puzzles.com/?id=abc", "has no load=… payload"),
        ("https://www.example.com/puzzle/12345", "carries no puzzle grille reads"),
    ],
)
def test_a_link_that_carries_no_readable_puzzle_says_so_in_a_line(
    link: str, says: str, capsys: pytest.CaptureFixture[str],
) -> None:
    # a user pastes the link a setter shared; "No such file or directory" told them nothing
    status, out, err = _cli(["check", link], capsys)
    assert (status, out) == (2, "")
    assert says in err and err.count("\n") == 1 and "No such file" not in err


@pytest.mark.parametrize(("text", "says"), [
    ('{"size": 9, "grid": 5}', 'f-puzzles "grid" must be a list of rows of cell objects, got 5'),
    ('{"size": 9}', 'a puzzle needs "cells" (grille\'s JSON) or "grid" (f-puzzles JSON)'),
])
def test_json_of_the_wrong_shape_names_both_json_forms(
    text: str, says: str, capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    """An f-puzzles object with a broken "grid" was told only 'a puzzle needs "cells"',
    grille's own key, which its writer never heard of."""
    path = tmp_path / "puzzle.json"
    path.write_text(text, encoding="utf-8")
    status, out, err = _cli(["check", str(path)], capsys)
    assert (status, out) == (2, "")
    assert says in err and err.count("\n") == 1


def test_the_page_and_the_cli_refuse_any_other_link_alike() -> None:
    """A link no kind reads is said to be one wherever it is pasted (the page's paste box
    reads through the same sniffing), not 'expected 16 cells, found 21'."""
    from grille.errors import ParseError
    from grille.kinds import sniff_kind

    said = re.escape("the link 'https://example.com/p' carries no puzzle")
    with pytest.raises(ParseError, match=said):
        sniff_kind("https://example.com/p")


def test_json_regions_that_are_boxes_are_the_shape_and_a_jigsaw_has_the_default_boxes() -> None:
    # found by the exact round trips of fuzz/targets.py: f-puzzles and Solo, which name only
    # regions, read these grids back with another shape
    def one(text: str) -> Grid:
        return read(text)[0].puzzle

    boxes = [r // 3 * 3 + c // 2 for r in range(6) for c in range(6)]  # 3 rows x 2 columns
    grid = one(json.dumps({"cells": "." * 36, "variant": {"regions": boxes, "diagonal+": True}}))
    assert (grid.shape.box_rows, grid.shape.box_cols) == (3, 2)
    assert grid.variant is not None and grid.variant.families() == ("x",)
    assert one(format_grid(grid, "fpuzzles")) == grid
    jigsaw = from_fpuzzles(load(HERE / "jigsaw.json")["fpuzzles"])
    assert jigsaw.variant is not None
    regions = next(c for c in jigsaw.variant.constraints if isinstance(c, Regions)).regions
    grid = one(json.dumps({"box": [3, 2], "cells": "." * 36,
                           "variant": {"regions": list(regions)}}))
    assert grid.shape == jigsaw.shape and grid.variant == jigsaw.variant
    assert one(format_grid(grid, "solo")).variant == grid.variant
