"""The terminal game knows no kind: boards made by hand as a new kind would make them (cages,
irregular boxes, two values counted per line, blocked cells with sums, letters as values)
are drawn, noted and played with no edit of the TUI."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot

from grille import kinds
from grille.info import KindInfo, Preset
from grille.kinds import get_kind, kind_info, kind_names
from grille.tui import options
from grille.tui.app import GrilleApp, entry_help, menu_title
from grille.tui.board import STYLES, Decorations, cell_label, draw, geometry, layouts_for, walls
from grille.tui.game import cell_notes, help_text, value_keys
from grille.view import BoardView, CellView, Corner, Glyphs, LineCounts, Region
from tui_support import SUDOKU, board_of, game_screen, new_game, read, run

KIND_NAME = re.compile("|".join(kind_names()), re.IGNORECASE)
"""Any registered kind's name: what no text of the TUI's own may hold."""


def _boxes(side: int, rows: int, cols: int) -> tuple[Region, ...]:
    return tuple(
        Region("box", tuple((r, c) for r in range(top, top + rows)
                            for c in range(left, left + cols)), name=f"box {number + 1}")
        for number, (top, left) in enumerate(
            (t, left) for t in range(0, side, rows) for left in range(0, side, cols)))


def _lines(view: BoardView, layout: int = 0, **decorations: Any) -> list[str]:
    return [line.plain for line in draw(view, layouts_for(view)[layout],
                                        Decorations(**decorations))]


CAGES = (
    Region("cage", ((0, 0), (0, 1)), name="cage 3 at r1c1-r1c2", label="3", label_cell=(0, 0),
           total=3, choices=("12",)),
    Region("cage", ((1, 1), (2, 1), (2, 2)), name="cage 9 at r2c2-r3c3", label="9",
           label_cell=(1, 1), total=9, choices=("126", "135", "234")),
)


def _caged() -> BoardView:
    cells = [CellView() for _ in range(16)]
    cells[0] = CellView(1, given=True)
    cells[5] = CellView(marks=(2, 3))
    return BoardView(4, 4, tuple(cells), ("1", "2", "3", "4"), regions=_boxes(4, 2, 2) + CAGES,
                     mark_grid=(2, 2), keys=tuple((str(v), v) for v in range(1, 5)))


def test_a_board_with_cages_draws_its_boxes_labels_and_the_cage_of_the_cursor() -> None:
    view = _caged()
    assert len(walls(view)) == 8  # two box borders of four edges each
    lines = _lines(view, cursor=(2, 2))
    assert lines[0] == "┌───────────┬───────────┐"
    assert "┼" in lines[6]  # the box borders cross
    shape = geometry(view, layouts_for(view)[0])
    assert lines[shape.ys[0]][shape.xs[0]] == "3"  # the cage's sum in its first cell's corner
    assert lines[shape.ys[1]][shape.xs[1]] == "9"
    text = draw(view, layouts_for(view)[0], Decorations(cursor=(2, 2)))
    row = text[shape.ys[2]]
    styles = {str(span.style) for span in row.spans if span.start == shape.xs[1]}
    assert STYLES["peer"] in styles  # r3c2 shares the cursor's cage and row


def test_the_cells_notes_are_the_regions_totals_and_choices() -> None:
    view = _caged()
    assert cell_notes(view, (1, 1)) == ["cage 9 at r2c2-r3c3: 126 135 234"]
    assert cell_notes(view, (3, 3)) == []
    stuck = dataclasses.replace(view, regions=(dataclasses.replace(CAGES[0], choices=()),))
    assert cell_notes(stuck, (0, 1)) == ["cage 3 at r1c1-r1c2: none"]


def test_irregular_boxes_get_walls_where_boxes_meet() -> None:
    shape = ["AABB", "ACBB", "ACCD", "CCDD"]
    found: dict[str, list[tuple[int, int]]] = {}
    for r, letters in enumerate(shape):
        for c, letter in enumerate(letters):
            found.setdefault(letter, []).append((r, c))
    view = BoardView(4, 4, (CellView(),) * 16, ("1", "2", "3", "4"), mark_grid=(2, 2),
                     regions=tuple(Region("box", tuple(cells)) for cells in found.values()))
    lines = _lines(view, -1)
    assert lines == [
        "┌───────┬───────┐",
        "│       │       │",
        "│   ┌───┤       │",
        "│   │   │       │",
        "│   │   └───┬───┤",
        "│   │       │   │",
        "├───┘   ┌───┘   │",
        "│       │       │",
        "└───────┴───────┘",
    ]


def test_a_two_value_board_gets_one_line_cells_counts_and_their_key() -> None:
    cells = tuple(CellView(value) for value in (0, 1, None, None) * 4)
    view = BoardView(4, 4, cells, ("X", "O"), min_value=0, glyphs=Glyphs.DISCS,
                     counts=LineCounts((0, 1), per_row=2, per_column=2),
                     keys=(("x", 0), ("o", 1)), clear_keys=("Backspace", "Delete"))
    assert [layout.name for layout in layouts_for(view)] == ["roomy", "large", "small"]
    lines = _lines(view, -1)
    assert lines[1].split() == ["│", "X", "O", "│", "1", "1"]
    assert lines[-2].split() == ["4", "0", "0", "0"]  # the Xs of each column
    assert lines[-1].split() == ["0", "4", "0", "0"]
    assert cell_notes(view, (0, 0)) == ["right/below: Xs and Os (2 each per row)"]
    assert value_keys(view) == {"X": 0, "O": 1}  # lower-case letters are the game's commands
    assert "X and O (capitals)" in help_text(view)


def test_blocked_cells_get_lines_between_every_two_cells_and_their_sums() -> None:
    cells = (CellView(blocked=True), CellView(blocked=True), CellView(blocked=True),
             CellView(blocked=True), CellView(), CellView())
    runs = (Region("run", ((1, 1),), name="down 12", label="12", label_cell=(0, 1),
                   corner=Corner.BOTTOM_LEFT, total=12),
            Region("run", ((1, 1), (1, 2)), name="across 7", label="7", label_cell=(1, 0),
                   corner=Corner.TOP_RIGHT, total=7, choices=("16", "25", "34")))
    view = BoardView(2, 3, cells, tuple("123456789"), regions=runs)
    assert cell_label(view, (0, 1)) == "12\\  " and cell_label(view, (1, 0)) == "  \\7 "
    assert len(walls(view)) == 7  # every edge
    assert all(layout.width >= 5 for layout in layouts_for(view))
    plain = "\n".join(_lines(view, -1))
    assert "12\\" in plain and "\\7" in plain
    assert cell_notes(view, (1, 1)) == ["down 12: none", "across 7: 16 25 34"]


def test_the_help_and_keys_come_from_the_board() -> None:
    sixteen = board_of("sudoku", read("sudoku", (Path(__file__).parent / "fixtures" / "sudoku"
                                                 / "grid16.txt").read_text()))
    text = help_text(sixteen)
    assert "1-9 and A-G (capitals)" in text and "1 then 6 = 16" in text
    assert "0" in text.split("Clearing")[1].splitlines()[0]
    for name in kind_names():
        view = get_kind(name).view(*[read(name, _SAMPLES[name])] * 2)
        assert not KIND_NAME.search(help_text(view)), name


_SAMPLES = {"sudoku": SUDOKU, "takuzu": "0.1.\n....\n....\n1..0\n",
            "kakuro": (Path(__file__).parent / "fixtures" / "kakuro" / "small.txt").read_text()}


def test_the_screens_take_kinds_titles_sizes_and_help_from_the_registry(
        monkeypatch: pytest.MonkeyPatch) -> None:
    toy = KindInfo(name="toy", title="Toy Grid", module="toy", formats=(),
                   default_format="text", levels=("easy",), presets=(Preset("3x3"),),
                   default_size="3x3", entry_help="three rows of x and o")
    monkeypatch.setitem(kinds._INFOS, "toy", toy)  # registered after the TUI was imported
    assert ("toy", "Toy Grid") in options.kinds()
    assert options.sizes_of("toy") == ("3x3",) and options.default_size("toy") == "3x3"
    assert ("toy", "3x3") in options.default_sizes()
    assert "Toy Grid" in menu_title()
    assert "Toy Grid (three rows of x and o)" in entry_help()
    assert options.default_kind(["gone", "toy"]) == "toy"
    assert options.default_kind(["gone"]) == kind_names()[0]
    monkeypatch.setitem(kinds._INFOS, "toy", dataclasses.replace(toy, presets=()))
    assert options.sizes_of("toy") == ("3x3",)  # no presets: the default size
    first = kind_info(kind_names()[0])
    assert options.sizes_of(first.name) == first.preset_sizes()


def test_a_board_with_letters_for_values_is_played_with_its_keys(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a kind says its keys are, the game takes them: here a Sudoku's board
    relabelled A-I, where digits type nothing and 0 no longer clears."""
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU))
    kind_type = type(get_kind("sudoku"))
    plain_view = kind_type.view
    letters = tuple("ABCDEFGHI")

    def lettered(self: Any, puzzle: Any, state: Any) -> BoardView:
        view = plain_view(self, puzzle, state)
        return dataclasses.replace(
            view, symbols=letters, keys=tuple((letter, v) for v, letter in enumerate(letters, 1)),
            clear_keys=("Backspace", "Delete", "x"))

    monkeypatch.setattr(kind_type, "view", lettered)

    async def body(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        assert screen.cursor == (0, 2)
        await pilot.press("D")
        assert screen.session.state[0, 2] == 4
        await pilot.press("4")
        assert "4 is not a value" in screen.message.plain
        await pilot.press("0")
        assert screen.session.state[0, 2] == 4  # 0 is not a clear key here
        await pilot.press("x")
        assert screen.session.state[0, 2] == 0
        assert "A-I (capitals)" in help_text(screen.view)

    run(GrilleApp(db, game=game_id), body)


def _cell_text(lines: list[str], view: BoardView, layout: int, cell: tuple[int, int]) -> list[str]:
    """The characters drawn in ``cell``, line by line."""
    chosen = layouts_for(view)[layout]
    shape = geometry(view, chosen)
    x, y = shape.xs[cell[1]], shape.ys[cell[0]]
    return [lines[y + line][x:x + chosen.width] for line in range(chosen.height)]


@pytest.mark.parametrize("layout", [0, 1])
@pytest.mark.parametrize(("label", "marks"), [("17", (1, 2, 3)), ("9", (1, 5)), ("23", (1, 2)),
                                              ("17", (8, 9)), ("17", tuple(range(1, 10)))])
def test_a_cage_sum_leaves_the_pencil_marks_of_its_cell_readable(
        layout: int, label: str, marks: tuple[int, ...]) -> None:
    """The sum in a cage's first cell was written over that cell's first marks (mark 1, the
    one a killer player writes most, vanished behind "17"): marks the sum would cover move
    past it, or the cell shows their count; the sum stays at the corner."""
    cells = [CellView() for _ in range(81)]
    cells[0] = CellView(marks=marks)
    cage = Region("cage", ((0, 0), (0, 1)), name="cage", label=label, label_cell=(0, 0),
                  total=int(label))
    view = BoardView(9, 9, tuple(cells), tuple("123456789"), regions=(*_boxes(9, 3, 3), cage),
                     mark_grid=(3, 3), keys=tuple((str(v), v) for v in range(1, 10)))
    text = _cell_text(_lines(view, layout), view, layout, (0, 0))
    assert text[0].startswith(label), text
    rest = "".join([text[0][len(label):], *text[1:]])
    shown = [char for char in rest if char.isdigit()]
    assert shown == [str(mark) for mark in marks] or f"·{len(marks)}" in rest, text
