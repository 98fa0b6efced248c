"""Drawing variant Sudoku (issue #19): each family's constraints become BoardView shapes in
the kind's view, the SVG drawing holds them, the terminal board draws what a text grid can
and names the rest, and the page's board JSON carries them (shapes, notes)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import shared_file
from grille.kinds import get_kind
from grille.render import draw, to_png
from grille.render.drawing import Circle, Layer, Line, Rect
from grille.render.svg import to_svg
from grille.tui.board import draw as tui_draw
from grille.tui.board import layouts_for, undrawn_notes
from grille.view import BoardView, Region
from grille.web.models import Board
from variant_games import ARROW_L, ARROW_PILLS, GAMES

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "variants"
KIND = get_kind("sudoku")
SHOTS = Path("/tmp/render")
"""Where the drawings tests write to look at (PNG)."""


def grid_of(name: str) -> object:
    return KIND.read((FIXTURES / f"{name}.json").read_text())[0].puzzle


def view_of(puzzle: object) -> BoardView:
    return KIND.view(KIND.clues_of(puzzle), puzzle)


def styled(view: BoardView, style: str) -> tuple[Region, ...]:
    return tuple(region for region in view.regions if region.style == style)


CHECKS: dict[str, tuple[Callable[[BoardView], bool], tuple[str, ...]]] = {
    # family: (what its view must hold, the classes its SVG must hold)
    "killer": (lambda v: len(styled(v, "cage")) == 3 and {r.label for r in styled(v, "cage")}
               == {"12", "10", ""}, ('class="cage"', "cage-label")),
    "jigsaw": (lambda v: [r.name for r in styled(v, "box")] == [f"region {i}" for i in
                                                                range(1, 7)],
               ('class="box"',)),
    "thermo": (lambda v: [line.style for line in v.lines] == ["thermometer"] * 2
               and all(line.start == line.cells[:1] for line in v.lines), ('class="bulb"',)),
    "arrow": (lambda v: {line.style for line in v.lines} == {"arrow"}
              and all(line.cells[0] in line.start for line in v.lines),
              ("arrow-circle", "arrow-head")),
    "kropki": (lambda v: {m.style for m in v.markers} == {"white-dot", "black-dot"},
               ("marker white-dot", "marker black-dot")),
    "xv": (lambda v: {m.text for m in v.markers} == {"X", "V"}
           and {m.style for m in v.markers} == {"text"}, ("marker text",)),
    "little_killer": (lambda v: {c.direction for c in v.outside} <= {
        "up-right", "up-left", "down-right", "down-left"} and len(v.outside) == 2,
        ("outside-arrow", "outside ")),
    "sandwich": (lambda v: len(v.outside) == 2 and not any(c.direction for c in v.outside),
                 ("outside ",)),
    "x": (lambda v: {r.name for r in styled(v, "diagonal")} == {"main diagonal",
                                                                "anti-diagonal"},
          ("diagonal-line",)),
    "extra_region": (lambda v: len(styled(v, "window")) == 1, ('class="shade"',)),
    "odd_even": (lambda v: {s.style for s in v.shapes} == {"circle", "square"},
                 ("shape circle", "shape square")),
    "renban": (lambda v: {line.style for line in v.lines} == {"renban"}, ("line renban",)),
    "whispers": (lambda v: {line.style for line in v.lines} == {"whisper"},
                 ("line whisper",)),
    "palindrome": (lambda v: {line.style for line in v.lines} == {"palindrome"},
                   ("line palindrome",)),
    "anti_knight": (lambda v: any("knight" in note for note in v.notes), ()),
    "anti_king": (lambda v: any("king" in note for note in v.notes), ()),
    "disjoint": (lambda v: any("disjoint" in note.lower() for note in v.notes), ()),
}


@pytest.mark.parametrize("family", sorted(CHECKS))
def test_family_view_and_svg(family: str) -> None:
    puzzle = grid_of(family)
    view = view_of(puzzle)
    holds, classes = CHECKS[family]
    assert holds(view), view
    svg = to_svg(draw(puzzle))
    for cls in classes:
        assert cls in svg, f"{family}: {cls!r} not in the SVG"
    Board.model_validate(view.to_json())  # the page's board model takes the shapes


def test_every_family_fixture_is_checked() -> None:
    # thermo_downhill: no solution; the others: the games' puzzles (variant_games.py)
    not_families = {"thermo_downhill"} | {game.fixture.removesuffix(".json") for game in GAMES}
    names = {path.stem for path in FIXTURES.glob("*.json")} - not_families
    assert names == set(CHECKS)


def test_plain_sudoku_view_unchanged() -> None:
    puzzle = KIND.read("." * 81)[0].puzzle
    view = view_of(puzzle)
    assert (view.lines, view.markers, view.outside, view.shapes, view.notes) == ((),) * 5
    assert view.title == "Sudoku 9×9"


def test_notes_hold_the_name_and_setter_the_rules_text_then_each_family() -> None:
    view = view_of(grid_of("thermo_downhill"))
    assert view.notes[0] == "“Downhill 😀” by grille tests"  # the puzzle's own title
    assert view.notes[1].startswith("Normal 4x4 Sudoku rules")
    assert view.notes[2].startswith("Thermometers: ")
    assert view.title == "Sudoku 4×4 · thermometers"
    untitled = KIND.read('{"size": 4, "grid": [' + ", ".join(["[{}, {}, {}, {}]"] * 4)
                         + '], "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}]}')
    assert view_of(untitled[0].puzzle).notes[0].startswith("Killer cages: ")


def test_a_familys_title_keeps_its_capitals_in_the_notes() -> None:
    """The rules panel said "Xv: digits joined by an X ..." (the title capitalised whole)."""
    notes = view_of(grid_of("xv")).notes
    assert any(note.startswith("XV: ") for note in notes), notes


@pytest.mark.parametrize(("name", "note"), [("kropki", "All white dots given."),
                                            ("xv", "All X and V given.")])
def test_negative_forms_are_said_in_the_notes(name: str, note: str) -> None:
    assert note in view_of(grid_of(name)).notes


def test_jigsaw_regions_replace_the_boxes() -> None:
    view = view_of(grid_of("jigsaw"))
    regions = {region.name for region in view.regions}
    assert "box 1" not in regions and "region 1" in regions
    walls = styled(view, "box")
    assert sorted(cell for region in walls for cell in region.cells) == [
        (r, c) for r in range(6) for c in range(6)]


def test_cage_choices_follow_the_digits_written() -> None:
    puzzle = grid_of("killer")
    cage = next(r for r in styled(view_of(puzzle), "cage") if r.label == "10")
    assert cage.choices and all(sum(map(int, combo)) == 10 for combo in cage.choices)
    assert all(len(combo) == len(cage.cells) for combo in cage.choices)
    row, col = cage.cells[0]
    state = KIND.apply(puzzle, f"r{row + 1}c{col + 1}=1")
    narrowed = next(r for r in styled(view_of(state), "cage") if r.label == "10")
    assert narrowed.choices == tuple(c for c in cage.choices if "1" in c)


@pytest.mark.parametrize(("name", "cls"), [("odd_even", "shape"), ("thermo_downhill", "line"),
                                           ("extra_region", "shade")])
def test_shapes_are_drawn_under_the_digits(name: str, cls: str) -> None:
    drawing = draw(grid_of(name))
    shapes = [e for e in drawing.elements if getattr(e, "cls", "").startswith(cls)]
    assert shapes
    assert max(e.layer for e in shapes) < Layer.CONTENT  # digits and marks are CONTENT


def test_terminal_draws_cages_walls_dots_and_shapes() -> None:
    texts = {}
    for name in ("killer", "jigsaw", "kropki", "xv", "odd_even"):
        view = view_of(grid_of(name))
        texts[name] = "\n".join(t.plain for t in tui_draw(view, layouts_for(view)[0]))
    assert "┊" in texts["killer"] and "┄" in texts["killer"] and "12" in texts["killer"]
    assert texts["jigsaw"].count("┌") > 1  # a region's wall turning inside the grid
    assert "●" in texts["kropki"] and "○" in texts["kropki"]
    assert re.search(r"[XV]", texts["xv"])
    assert "◦" in texts["odd_even"] and "▫" in texts["odd_even"]


def test_an_arrow_circle_of_several_cells_is_one_pill() -> None:
    puzzle = KIND.read(json.dumps(ARROW_PILLS), fmt="fpuzzles")[0].puzzle
    circles = [e for e in draw(puzzle).elements if "arrow-circle" in e.cls]
    pills = sorted((e.w, e.h) for e in circles if isinstance(e, Rect))
    assert pills == [(32.0, 72.0), (72.0, 32.0)]  # two cells and the circle's 2 x 0.4 cell
    assert all(e.radius == 16.0 for e in circles if isinstance(e, Rect))
    assert sum(isinstance(e, Circle) for e in circles) == 1
    svg = to_svg(draw(puzzle))
    assert svg.count('rx="16"') == 2


def test_an_arrow_circle_in_an_l_is_one_rounded_outline() -> None:
    """r1c1, r1c2, r2c2: one closed line round the three cells, 0.1 cell inside their
    union's edges, its outer corners rounded as the one-cell circle is (0.4 cell), its inner
    corner 0.1 cell round the union's. PNG: /tmp/render/arrow-l.png."""
    puzzle = KIND.read(json.dumps(ARROW_L), fmt="fpuzzles")[0].puzzle
    drawing = draw(puzzle)
    circles = [e for e in drawing.elements if "arrow-circle" in e.cls]
    assert circles and all(isinstance(e, Line) and e.cls == "arrow-circle outline"
                           for e in circles)
    ends = [((e.x1, e.y1), (e.x2, e.y2)) for e in circles if isinstance(e, Line)]
    assert all(end == start for (_, end), (start, _) in zip(ends, ends[1:] + ends[:1], strict=True))
    x0, y0 = min(min(a[0], b[0]) for a, b in ends), min(min(a[1], b[1]) for a, b in ends)
    cell = (max(max(a[0], b[0]) for a, b in ends) - x0) / 1.8  # 2 cells less 2 x 0.1
    points = [((x - x0) / cell + 0.1, (y - y0) / cell + 0.1) for (x, y), _ in ends]

    def inside(x: float, y: float) -> bool:  # in the cells, 0.1 from r2c1 and the edges
        away = math.dist((x, y), (min(max(x, 0.0), 1.0), min(max(y, 1.0), 2.0)))
        return min(x, y) >= 0.1 - 1e-6 and max(x, y) <= 1.9 + 1e-6 and away >= 0.1 - 1e-6

    assert all(inside(x, y) for x, y in points)
    assert (1.9, 1.9) not in [(round(x, 6), round(y, 6)) for x, y in points]  # rounded
    assert min(math.dist(p, (0.5, 0.5)) for p in points) == pytest.approx(0.4)  # r1c1's arc
    assert any(y == pytest.approx(1.9) for _, y in points)  # it goes down round r2c2
    assert sum(isinstance(e, Circle) for e in circles) == 0
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "arrow-l.png").write_bytes(to_png(drawing, width=360))


def test_the_smallest_terminal_layout_writes_cage_sums_before_the_values() -> None:
    """One-line cells keep room at their left for a cage's sum, in superscript digits, and
    every value of the column stays in one place."""
    killer = KIND.read((FIXTURES / "killer_4x4_unique.json").read_text())[0].puzzle
    state = KIND.apply(KIND.apply(killer, "r1c1=1"), "r1c2=2")
    view = view_of(state)
    small = layouts_for(view)[-1]
    assert (small.height, small.width, small.label_room) == (1, 3, 1)
    lines = [t.plain for t in tui_draw(view, small)]
    assert lines[1] == "│³1   2 │⁴  ┊⁶  │"  # cages r1c1+r1c2 = 3, r1c3 = 4 .., r1c4 = 6 ..
    assert lines[2] == "│⁷      │   ┊   │"
    nine = view_of(grid_of("killer"))  # sums of two digits: 12, 10
    small = layouts_for(nine)[-1]
    assert (small.width, small.label_room) == (4, 2)
    text = "\n".join(t.plain for t in tui_draw(nine, small))
    assert "¹²" in text and "¹⁰" in text
    plain = layouts_for(view_of(KIND.read("1.3..4.....2....\n")[0].puzzle))[-1]
    assert (plain.width, plain.label_room) == (3, 0)


def test_terminal_names_what_it_cannot_draw() -> None:
    view = view_of(grid_of("thermo"))
    line = view.lines[0]
    notes = undrawn_notes(view, layouts_for(view)[-1], line.cells[1])
    assert any(note.startswith("thermometer r") for note in notes)
    clued = view_of(grid_of("sandwich"))
    clue = clued.outside[0]
    cell = (0, clue.index) if clue.side in ("top", "bottom") else (clue.index, 0)
    assert f"{clue.side} clue {clue.text}" in undrawn_notes(clued, layouts_for(clued)[-1], cell)


@pytest.mark.shared_data
def test_shared_mixed_puzzles_draw() -> None:
    path = shared_file("sudoku-variants", "mixed.jsonl")
    for entry in KIND.read(path.read_text())[:25]:
        view = view_of(entry.puzzle)
        assert view.notes
        drawn = view.regions or view.lines or view.markers or view.outside or view.shapes
        assert drawn, entry.puzzle
        to_svg(draw(entry.puzzle))


def test_terminal_draws_thermometers_as_linked_cells_with_a_marked_bulb() -> None:
    """Thermometers (and every path line) are linked cell to cell on the gaps between
    their cells (across a wall too), their bulbs shaded stronger and marked, and two
    thermometers side by side tinted apart."""
    from grille.tui.board import LINE_TINTS, SECOND_TINTS, START_TINTS, geometry, line_tints

    [game] = [game for game in GAMES if game.name == "thermo-arrow-kropki"]
    view = view_of(game.puzzle())
    first, _second = (line for line in view.lines if line.style == "thermometer")
    assert first.cells == ((2, 3), (2, 2), (3, 2), (4, 3)) and first.start == ((2, 3),)
    large = layouts_for(view)[0]
    assert large.row_gap
    lines = [t.plain for t in tui_draw(view, large)]
    shape = geometry(view, large)

    def at(x: int, y: int) -> str:
        return lines[y][x]

    middle = (large.width - 1) // 2
    assert at(shape.xs[3] - 1, shape.ys[2]) == "┿"  # r3c4 - r3c3, across the boxes' wall
    assert at(shape.xs[2] + middle, shape.ys[3] - 1) == "┃"  # r3c3 - r4c3
    assert at(shape.xs[3] - 1, shape.ys[4] - 1) == "╲"  # r4c3 - r5c4, on their corner
    assert at(shape.xs[3] + large.width - 1, shape.ys[2]) == "◉"  # the bulb r3c4
    assert at(shape.xs[1] - 1, shape.ys[2] - 1) == "╱"  # r3c1 - r2c2
    tints = line_tints(view)
    assert tints[(2, 3)] == START_TINTS["thermometer"] == tints[(2, 0)]  # both bulbs
    assert tints[(2, 2)] == LINE_TINTS["thermometer"]
    assert tints[(2, 1)] == SECOND_TINTS["thermometer"]  # the other, touching it
    small = layouts_for(view)[-1]  # no gap between two rows of a box: that link is not drawn
    assert "┃" not in "".join(t.plain for t in tui_draw(view, small))


def test_two_diagonal_sums_at_one_place_are_printed_side_by_side() -> None:
    """Two little-killer sums leaving one place below the grid (up-left and up-right) are
    printed beside the corners their arrows leave from, at 0.76 of a clue's size, not
    stacked at 0.62 into one column. PNG: /tmp/render/little-killer-pair.png."""
    from grille.render.board import OUTSIDE_SIZE
    from grille.render.drawing import Text

    pair = {"size": 6, "title": "two sums at one place",
            "grid": [[{} for _ in range(6)] for _ in range(6)],
            "littlekillersum": [
                {"cell": "R7C3", "cells": ["R6C2", "R5C1"], "direction": "UL", "value": "10"},
                {"cell": "R7C3", "cells": ["R6C4", "R5C5", "R4C6"], "direction": "UR",
                 "value": "12"}]}
    drawing = draw(KIND.read(json.dumps(pair), fmt="fpuzzles")[0].puzzle)
    texts = {e.text: e for e in drawing.elements if isinstance(e, Text) and "outside" in e.cls}
    assert sorted(texts) == ["10", "12"]
    ten, twelve = texts["10"], texts["12"]
    assert ten.size == twelve.size == pytest.approx(0.76 * OUTSIDE_SIZE)
    cell = OUTSIDE_SIZE / 0.45
    assert twelve.x - ten.x == pytest.approx(0.46 * cell)  # up-left's on the left
    assert ten.y < twelve.y  # staggered: the first nearer the grid (above it)
    arrows = [e for e in drawing.elements if "outside-arrow" in getattr(e, "cls", "")]
    assert len(arrows) == 6  # a shaft and two wings each
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "little-killer-pair.png").write_bytes(to_png(drawing, width=360))
