"""A setter's f-puzzles decorations (``line``, ``rectangle``, ``circle``, ``text``, ``cage``)
drawn as they state them (issue #19, helper "cosmetics"): the board's
:class:`~grille.view.Decoration` values, render's SVG (each kind in its colour and place), the
terminal's words for the cursor's cell, and the note for what stays undrawn.

Fixture: ``tests/fixtures/variants/wild/every_decoration.json`` (its README)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from conftest import FIXTURES
from grille.render import draw_board, to_svg
from grille.render.drawing import CELL, Circle, Line, Polygon, Rect, Text
from grille.sudoku import KIND
from grille.sudoku.variants.cosmetics import colour, cosmetic_decorations
from grille.sudoku.variants.fpuzzles import from_fpuzzles
from grille.tui.board import layouts_for, undrawn_notes
from grille.view import BoardView, Decoration

WILD = FIXTURES / "variants" / "wild"


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((WILD / name).read_text(encoding="utf-8"))
    return data


def _view(name: str = "every_decoration.json") -> BoardView:
    grid = from_fpuzzles(_load(name))
    return KIND.view(grid, grid)


@pytest.fixture(scope="module")
def drawn() -> tuple[BoardView, list[Any], str]:
    view = _view()
    drawing = draw_board(view)
    return view, list(drawing.elements), to_svg(drawing)


def _centre(elements: list[Any], row: float, col: float) -> tuple[float, float]:
    """Where (row, col) in cells (0.5 a cell's centre) falls in the drawing."""
    first = next(e for e in elements if isinstance(e, Rect) and e.cell == (0, 0))
    return first.x + col * CELL, first.y + row * CELL


def _of(elements: list[Any], cls: str) -> list[Any]:
    return [e for e in elements if getattr(e, "cls", "") == cls]


def test_the_board_holds_each_decoration_as_the_setter_wrote_it() -> None:
    view = _view()
    assert [d.style for d in view.decorations] == [
        "line", "rectangle", "rectangle", "circle", "circle", "text", "cage"]
    line, orange, turned, blue, ellipse, star, cage = view.decorations
    assert line == Decoration("line", ((1, 0), (1, 1), (2, 1)), outline="#2ecc40", width=0.3)
    assert (orange.cells, orange.fill, orange.text, orange.width, orange.height) == (
        ((0, 2), (0, 3)), "#ff851b", "A", 1.5, 0.6)
    assert orange.center() == (0.5, 3.0)
    assert (turned.angle, turned.fill) == (45.0, "#ffdc00")
    assert (blue.fill, blue.outline, blue.text) == ("#7fb9ec", "#0074d9", "7")  # 50% on white
    assert (ellipse.fill, ellipse.outline, ellipse.width, ellipse.height) == (
        "", "#85144b", 0.9, 0.5)
    assert (star.text, star.color, star.size, star.cells) == ("★", "#b10dc9", 0.7, ((4, 0),))
    assert (cage.cells, cage.outline, cage.text) == (((5, 4), (5, 5)), "#ff4136", "odd")
    assert view.notes == (  # a plain Sudoku: its rules say what the decorations mean
        "“Every decoration” by cosmetics",
        "Normal 6x6 rules. Digits on the green line increase from R2C1.",
        "Not drawn here: the original's decorations (1 text).")  # R0C1
    assert view.to_json()["decorations"][0] == {
        "style": "line", "cells": [[1, 0], [1, 1], [2, 1]], "outline": "#2ecc40", "fill": "",
        "color": "", "text": "", "width": 0.3, "height": 0.0, "size": 0.0, "angle": 0.0}
    assert "7 decorations" in repr(view)


def test_an_add_ons_copy_of_a_rule_is_drawn_by_the_rule_alone() -> None:
    view = _view("addon_renban.json")
    assert view.decorations == ()
    assert [line.style for line in view.lines].count("renban") == 1
    assert not any(note.startswith("Not drawn") for note in view.notes)


@pytest.mark.parametrize(("value", "expected"), [
    ("#C060C0", "#c060c0"), ("#abc", "#aabbcc"), ("#FFFFFF00", ""), ("#00000080", "#7f7f7f"),
    ("#FF000040", "#ffbfbf"), ("red", "?"), (None, "?"), ("#12345", "?"),
])
def test_colours_are_hex_blended_on_white_paper(value: object, expected: str) -> None:
    assert colour(value, "?") == expected


def test_items_of_the_wrong_shape_are_counted_not_drawn() -> None:
    drawn, undrawn = cosmetic_decorations({
        "line": [{"lines": "R1C1"}, {"lines": [["R1C1", "R1C2"]]}],
        "circle": ["R1C1", {"cells": []}], "cage": [{"cells": ["R1C1", "R1C1"]}],
        "text": [{"cells": ["R1C1"], "value": ""}, {"cells": ["R1C1"], "value": 12}],
        "rectangle": [{"cells": ["R9C9"]}]}, 4)
    assert [(d.style, d.text) for d in drawn] == [("line", ""), ("text", "12")]
    assert undrawn == {"line": 1, "rectangle": 1, "circle": 2, "cage": 1}


def test_the_svg_draws_a_line_through_the_cells_centres_in_its_colour_and_width(
        drawn: tuple[BoardView, list[Any], str]) -> None:
    _, elements, svg = drawn
    lines = _of(elements, "decoration line")
    assert [(e.color, e.width) for e in lines] == [("#2ecc40", 0.3 * CELL)] * 2
    assert (lines[0].x1, lines[0].y1) == _centre(elements, 1.5, 0.5)
    assert (lines[1].x2, lines[1].y2) == _centre(elements, 2.5, 1.5)
    assert len(_of(elements, "decoration line joint")) == 3
    assert re.search(r'<line [^>]*stroke="#2ecc40" stroke-width="12" class="decoration line"', svg)


def test_the_svg_draws_rectangles_centred_on_their_cells_sized_and_turned(
        drawn: tuple[BoardView, list[Any], str]) -> None:
    _, elements, svg = drawn
    orange, turned = _of(elements, "decoration rectangle")
    assert isinstance(orange, Polygon) and orange.fill == "#ff851b"
    x, y = _centre(elements, 0.5, 3.0)
    xs, ys = [p[0] for p in orange.points], [p[1] for p in orange.points]
    assert (min(xs), max(xs)) == pytest.approx((x - 0.75 * CELL, x + 0.75 * CELL))
    assert (min(ys), max(ys)) == pytest.approx((y - 0.3 * CELL, y + 0.3 * CELL))
    x, y = _centre(elements, 2.5, 4.5)  # a diamond: corners straight above and beside
    assert min(p[1] for p in turned.points) == pytest.approx(y - 0.25 * CELL * 2 ** 0.5)
    assert min(p[0] for p in turned.points) == pytest.approx(x - 0.25 * CELL * 2 ** 0.5)
    assert len(_of(elements, "decoration rectangle outline")) == 8
    assert 'fill="#ff851b" class="decoration rectangle"' in svg
    text = _of(elements, "decoration rectangle text")
    middle = _centre(elements, 0.5, 3.0)[0]
    assert [(t.text, t.color, t.x) for t in text] == [("A", "#000000", middle)]


def test_the_svg_draws_circles_and_ellipses_with_fill_and_outline(
        drawn: tuple[BoardView, list[Any], str]) -> None:
    _, elements, svg = drawn
    (circle,) = _of(elements, "decoration circle")  # the hollow ellipse is its outline alone
    assert isinstance(circle, Circle)
    assert (circle.cx, circle.cy, circle.r) == (*_centre(elements, 3.5, 3.5), 0.4 * CELL)
    assert (circle.fill, circle.stroke) == ("#7fb9ec", "#0074d9")
    outline = _of(elements, "decoration circle outline")
    assert {e.color for e in outline} == {"#85144b"} and len(outline) > 20
    x, y = _centre(elements, 5.5, 1.5)
    assert max(e.x1 for e in outline) == pytest.approx(x + 0.45 * CELL)
    assert max(e.y1 for e in outline) == pytest.approx(y + 0.25 * CELL, abs=0.1)
    assert [t.text for t in _of(elements, "decoration circle text")] == ["7"]
    assert 'fill="#7fb9ec" stroke="#0074d9"' in svg


def test_the_svg_writes_a_text_at_its_cell_in_its_colour_and_size(
        drawn: tuple[BoardView, list[Any], str]) -> None:
    _, elements, svg = drawn
    (star,) = _of(elements, "decoration text text")
    assert isinstance(star, Text)
    assert (star.text, star.color, star.size) == ("★", "#b10dc9", pytest.approx(0.56 * CELL))
    assert star.x == _centre(elements, 4.5, 0.5)[0]
    assert re.search(r'<text [^>]*fill="#b10dc9"[^>]*class="decoration text text">★<', svg)
    assert "↓" not in svg  # R0C1 is outside the grid: named in the notes instead


def test_the_svg_draws_a_cage_dashed_in_its_colour_with_its_text(
        drawn: tuple[BoardView, list[Any], str]) -> None:
    _, elements, svg = drawn
    sides = [e for e in _of(elements, "decoration cage") if isinstance(e, Line)]
    assert len(sides) == 6 and {(e.color, e.dash) for e in sides} == {("#ff4136", (3.0, 2.5))}
    x, y = _centre(elements, 5.0, 4.0)
    assert min(e.x1 for e in sides) > x and min(e.y1 for e in sides) > y
    (label,) = _of(elements, "decoration cage label")
    assert (label.text, label.color) == ("odd", "#ff4136") and label.x > x
    assert 'stroke="#ff4136" stroke-width="1" stroke-dasharray="3 2.5"' in svg


def test_decorations_sit_under_the_digits(drawn: tuple[BoardView, list[Any], str]) -> None:
    _, elements, _ = drawn
    digit = next(e for e in elements if isinstance(e, Text) and e.cls == "given")
    assert all(e.layer < digit.layer for e in elements
               if getattr(e, "cls", "").startswith("decoration") and "label" not in e.cls)


def test_the_terminal_names_the_decorations_on_the_cursors_cell() -> None:
    view = _view()
    layout = layouts_for(view)[0]
    assert undrawn_notes(view, layout, (1, 1)) == ["setter's line r2c1-r2c2-r3c2 (#2ecc40)"]
    assert undrawn_notes(view, layout, (0, 3)) == ['setter\'s rectangle "A" at r1c3 r1c4 '
                                                   "(#000000)"]
    assert undrawn_notes(view, layout, (4, 0)) == ['setter\'s text "★" at r5c1']
    assert undrawn_notes(view, layout, (5, 5)) == ['setter\'s cage "odd" at r6c5 r6c6 (#ff4136)']
    assert undrawn_notes(view, layout, (3, 0)) == []


def test_a_plain_puzzle_with_decorations_prints_its_rules() -> None:
    # the rules say what the green line means; a print without them is unsolvable
    assert _view().rules == ("Normal 6x6 rules. Digits on the green line increase from R2C1.",)
    plain = from_fpuzzles({"size": 4, "grid": [[{}] * 4] * 4, "ruleset": "Normal rules."})
    assert KIND.view(plain, plain).rules == ()
