"""The page draws a variant's shapes (issue #19): a mixed puzzle's board JSON
(``kind.view(...).to_json()``) drawn by the page's own ``board.js`` and stylesheet in a real
headless Chromium (Debian's, at /usr/bin/chromium), its overlay's elements counted and its
screenshot checked for the setters' colours. The page's files are served to the browser
by Playwright's routing, so no game server is needed (the games themselves are played in
``test_web_variant_play.py``)."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

if not Path("/usr/bin/chromium").exists():
    pytest.skip("Debian's chromium is not installed at /usr/bin/chromium (make test installs "
                "it when run as root)", allow_module_level=True)

sync_api = pytest.importorskip("playwright.sync_api")
Image = pytest.importorskip("PIL.Image")

from grille.kinds import get_kind  # noqa: E402
from server_support import BROWSER_ARGS, CHROMIUM  # noqa: E402
from variant_games import ARROW_L, ARROW_PILLS  # noqa: E402

STATIC = Path(__file__).resolve().parents[1] / "src" / "grille" / "web" / "static"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "variants"
ORIGIN = "http://grille.test"
SHOTS = Path("/tmp/web")
PAGE = ('<!doctype html><html><head><link rel="stylesheet" href="/static/css/grille.css">'
        '</head><body style="padding:30px"><div id="frame" class="board-frame" '
        'style="--cell:48px"></div></body></html>')
DRAW = """async (board) => {
  const { BoardView } = await import('/static/js/board.js');
  const view = new BoardView(document.getElementById('frame'), { onCell() {} });
  view.build(board, 'mixed');
  view.update({ board, conflicts: [], solved: false }, { selected: null, digit: null, hint: null });
  const count = (selector) => document.querySelectorAll(`.board-overlay ${selector}`).length;
  return {
    cages: count('.cage'), lines: count('.path-line'), bulbs: count('.start-thermometer'),
    dots: count('.marker'), letters: count('.marker-text'), shapes: count('.cell-shape'),
    shade: count('.shade'), diagonals: count('.diagonal-line'), outside: count('.outside-clue'),
    pills: count('rect.start-arrow.pill'), circles: count('circle.start-arrow'),
    outlines: [...document.querySelectorAll('.board-overlay path.start-arrow.outline')].map(
      (path) => { const box = path.getBBox();
                  return [box.x, box.y, box.width, box.height, path.getAttribute('d')]; }),
  };
}"""
MIXED = ("killer", "thermo", "kropki", "odd_even", "xv", "x", "little_killer", "renban",
         "whispers", "extra_region")
"""The families whose fixtures' constraints make the mixed puzzle (all 6x6)."""


def mixed_board() -> dict[str, Any]:
    """One puzzle holding the constraints of every :data:`MIXED` fixture, as the page's
    board JSON."""
    merged: dict[str, Any] = {}
    for name in MIXED:
        data = json.loads((FIXTURES / f"{name}.json").read_text())["fpuzzles"]
        for key, value in data.items():
            if key in ("grid", "size") and key in merged:
                continue
            if key in ("title", "author", "ruleset"):
                continue
            merged[key] = merged[key] + value if isinstance(value, list) and key in merged \
                else value
    kind = get_kind("sudoku")
    grid = kind.read(json.dumps(merged), fmt="fpuzzles")[0].puzzle
    return kind.view(kind.clues_of(grid), grid).to_json()


def _serve(route: Any) -> None:
    path = route.request.url.removeprefix(ORIGIN)
    if path == "/":
        route.fulfill(body=PAGE, content_type="text/html")
        return
    file = STATIC / path.removeprefix("/static/")
    if not path.startswith("/static/") or not file.is_file():
        route.fulfill(status=404, body="")
        return
    kinds = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}
    route.fulfill(body=file.read_bytes(), content_type=kinds.get(file.suffix, "text/plain"))


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=BROWSER_ARGS)
        context = browser.new_context(viewport={"width": 520, "height": 520})
        opened = context.new_page()
        errors: list[str] = []
        opened.on("pageerror", lambda error: errors.append(str(error)))
        opened.route(f"{ORIGIN}/**", _serve)
        opened.goto(f"{ORIGIN}/")
        yield opened
        browser.close()
        assert errors == [], errors


def test_the_page_draws_a_mixed_puzzles_shapes(page: Any) -> None:
    board = mixed_board()
    counts = page.evaluate(DRAW, board)
    assert counts["cages"] == sum(r["style"] == "cage" for r in board["regions"]) == 3
    assert counts["bulbs"] == 2  # the thermometers' bulbs
    assert counts["lines"] >= len(board["lines"])  # arrow heads are lines too
    assert counts["dots"] == sum(m["style"].endswith("-dot") for m in board["markers"]) > 0
    assert counts["letters"] == sum(m["style"] == "text" for m in board["markers"]) > 0
    assert counts["shapes"] == len(board["shapes"]) == 4
    assert counts["shade"] == sum(len(r["cells"]) for r in board["regions"]
                                  if r["style"] == "window")
    assert counts["diagonals"] == 2
    assert counts["outside"] == len(board["outside"]) == 2
    shot = Image.open(io.BytesIO(page.locator("#board").screenshot())).convert("RGB")
    colours = {colour for _, colour in shot.getcolors(maxcolors=1 << 24)}

    def has(test: Any) -> bool:
        return any(test(r, g, b) for r, g, b in colours)

    assert has(lambda r, g, b: g > 180 and g - r > 60 and g - b > 60), "no green whisper"
    assert has(lambda r, g, b: r > 170 and b > 180 and g < 150), "no purple renban"
    assert has(lambda r, g, b: b > 180 and b - r > 70 and g < 190), "no blue diagonal"


def test_an_arrow_circle_of_several_cells_is_one_pill(page: Any) -> None:
    """f-puzzles draws a circle of two or more cells (a number of several digits) as one
    rounded box; the page too. The screenshot: /tmp/web/arrow-pills.png."""
    kind = get_kind("sudoku")
    grid = kind.read(json.dumps(ARROW_PILLS), fmt="fpuzzles")[0].puzzle
    counts = page.evaluate(DRAW, kind.view(grid, grid).to_json())
    assert (counts["pills"], counts["circles"]) == (2, 1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#board").screenshot(path=str(SHOTS / "arrow-pills.png"))


def test_an_arrow_circle_in_an_l_is_one_rounded_outline(page: Any) -> None:
    """r1c1, r1c2, r2c2: one closed rounded path round the three cells, 0.1 cell inside
    them, as render draws it. The screenshot: /tmp/web/arrow-l.png."""
    kind = get_kind("sudoku")
    grid = kind.read(json.dumps(ARROW_L), fmt="fpuzzles")[0].puzzle
    counts = page.evaluate(DRAW, kind.view(grid, grid).to_json())
    assert (counts["pills"], counts["circles"]) == (0, 0)
    [[x, y, width, height, d]] = counts["outlines"]
    assert [round(v, 3) for v in (x, y, width, height)] == [0.1, 0.1, 1.8, 1.8]
    # five outer corners (0.4 cell arcs turning right), one inner (0.1, turning left)
    assert (d.count("A0.4 0.4 0 0 1"), d.count("A0.1 0.1 0 0 0"), d.count("Z")) == (5, 1, 1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#board").screenshot(path=str(SHOTS / "arrow-l.png"))


SHARED_SLOTS = {
    "size": 6, "title": "two little killers in one place, twice side by side",
    "grid": [[{} for _ in range(6)] for _ in range(6)],
    "littlekillersum": [
        {"cell": "R7C3", "cells": ["R6C2", "R5C1"], "direction": "UL", "value": "10"},
        {"cell": "R7C3", "cells": ["R6C4", "R5C5", "R4C6"], "direction": "UR", "value": "12"},
        {"cell": "R7C4", "cells": ["R6C3", "R5C2", "R4C1"], "direction": "UL", "value": "13"},
        {"cell": "R7C4", "cells": ["R6C5", "R5C6"], "direction": "UR", "value": "11"},
        {"cell": "R0C2", "cells": ["R1C3", "R2C4", "R3C5", "R4C6"], "direction": "DR",
         "value": "14"},
    ],
}
"""f-puzzles JSON: two pairs of little-killer sums, each pair sharing one place below the grid
(the diagonals up-left and up-right from it), the pairs side by side; one more alone above."""


def test_little_killer_sums_sharing_a_place_are_laid_out_readably(page: Any) -> None:
    """Two sums in one place were stacked at 0.27 of a cell and ran into the next place's:
    now each is at least 0.34 of a cell, beside the corner its arrow leaves from, no two
    clues' boxes touch, and each sum has its own arrow along its diagonal, as f-puzzles and
    SudokuPad draw them. PNG: /tmp/web/little-killer-shared.png."""
    kind = get_kind("sudoku")
    grid = kind.read(json.dumps(SHARED_SLOTS), fmt="fpuzzles")[0].puzzle
    board = kind.view(kind.clues_of(grid), grid).to_json()
    page.evaluate(DRAW, board)
    found = page.evaluate("""() => {
      const overlay = document.querySelector('.board-overlay');
      const cell = overlay.getBoundingClientRect().width / 6;
      const texts = [...overlay.querySelectorAll('.outside-clue')].map((text) => {
        const box = text.getBoundingClientRect();
        return { text: text.textContent, left: box.left, right: box.right, top: box.top,
                 bottom: box.bottom, size: parseFloat(getComputedStyle(text).fontSize) };
      });
      return { cell, texts, arrows: overlay.querySelectorAll('.clue-arrow').length };
    }""")
    cell, texts = found["cell"], {t["text"]: t for t in found["texts"]}
    assert sorted(texts) == ["10", "11", "12", "13", "14"]
    assert found["arrows"] == 5
    assert all(t["size"] >= 0.33 for t in texts.values()), texts  # in cells (the viewBox)
    # each sum on the side its diagonal leaves towards: 10 (up-left) left of 12 (up-right)
    assert texts["10"]["right"] <= texts["12"]["left"] + 0.05 * cell
    assert texts["13"]["right"] <= texts["11"]["left"] + 0.05 * cell
    boxes = list(texts.values())
    for index, one in enumerate(boxes):
        for other in boxes[index + 1:]:
            overlap_x = min(one["right"], other["right"]) - max(one["left"], other["left"])
            overlap_y = min(one["bottom"], other["bottom"]) - max(one["top"], other["top"])
            assert overlap_x <= 0 or overlap_y <= 0, (one, other)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#frame").screenshot(path=str(SHOTS / "little-killer-shared.png"))


def _draw_killer_with_every_mark(page: Any) -> None:
    """Draw the killer fixture with every pencil mark in each empty cell."""
    kind = get_kind("sudoku")
    data = json.loads((FIXTURES / "killer.json").read_text())["fpuzzles"]
    grid = kind.read(json.dumps(data), fmt="fpuzzles")[0].puzzle
    board = kind.view(kind.clues_of(grid), grid).to_json()
    size = board["cols"]
    for cell in board["cells"]:
        if cell["value"] is None:
            cell["marks"] = list(range(1, size + 1))
    page.evaluate(DRAW, board)


def test_pencil_marks_start_below_a_cage_sum(page: Any) -> None:
    """The sum in a cage's first cell covered pencil mark 1 there (the mark a killer player
    writes most): the marks of that cell now start below the sum; other cells keep theirs.
    PNG: /tmp/web/cage-sum-marks.png."""
    _draw_killer_with_every_mark(page)
    found = page.evaluate("""() => [...document.querySelectorAll('.board-overlay .region-label')]
      .map((label) => {
        const box = label.getBoundingClientRect();
        const cell = document.elementsFromPoint(box.left + 1, box.top + 1)
          .find((node) => node.classList.contains('cell'));
        const first = cell.querySelector('.mark');
        const mark = first ? first.getBoundingClientRect() : null;
        const plain = document.querySelector('.cell:not(.top-label) .mark');
        return { label: [box.left, box.top, box.right, box.bottom], text: label.textContent,
                 mark: mark && [mark.left, mark.top, mark.right, mark.bottom],
                 shown: first && first.textContent,
                 plainSize: parseFloat(getComputedStyle(plain).fontSize),
                 size: first && parseFloat(getComputedStyle(first).fontSize) };
      })""")
    labelled = [one for one in found if one["mark"] is not None]
    assert labelled, found
    for one in labelled:
        left, top, right, bottom = one["label"]
        m_left, m_top, m_right, m_bottom = one["mark"]
        assert one["shown"] == "1"
        overlap_x = min(right, m_right) - max(left, m_left)
        overlap_y = min(bottom, m_bottom) - max(top, m_top)
        assert overlap_x <= 0 or overlap_y <= 0, one
        assert one["size"] >= 0.75 * one["plainSize"], one  # still readable
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#board").screenshot(path=str(SHOTS / "cage-sum-marks.png"))


def _diagonal(start: tuple[int, int], step: tuple[int, int], size: int) -> list[str]:
    """The f-puzzles names of the cells from ``start`` (outside the grid) along ``step``."""
    row, col = start[0] + step[0], start[1] + step[1]
    cells = []
    while 1 <= row <= size and 1 <= col <= size:
        cells.append(f"R{row}C{col}")
        row, col = row + step[0], col + step[1]
    return cells


CLUES_BOTH_SIDES = {
    "size": 9, "title": "little killer sums left and right",
    "grid": [[{} for _ in range(9)] for _ in range(9)],
    "littlekillersum": [
        {"cell": "R1C0", "cells": _diagonal((1, 0), (1, 1), 9), "direction": "DR",
         "value": "40"},
        {"cell": "R1C10", "cells": _diagonal((1, 10), (1, -1), 9), "direction": "DL",
         "value": "41"},
    ],
}


def test_a_grid_with_clues_on_both_sides_fits_a_phone(page: Any) -> None:
    """The cell size counted the grid's columns but not the clue columns beside it, so a 9x9
    little killer ran off a 390 px phone's screen (its right-hand sums cut off): the whole
    frame, clues included, now fits the screen's width."""
    kind = get_kind("sudoku")
    grid = kind.read(json.dumps(CLUES_BOTH_SIDES), fmt="fpuzzles")[0].puzzle
    board = kind.view(kind.clues_of(grid), grid).to_json()
    plain = PAGE.replace(' style="--cell:48px"', "")
    phone = page.context.browser.new_context(viewport={"width": 390, "height": 844})
    try:
        opened = phone.new_page()
        opened.route(f"{ORIGIN}/**", lambda route: route.fulfill(
            body=plain, content_type="text/html") if route.request.url == f"{ORIGIN}/"
            else _serve(route))
        opened.goto(f"{ORIGIN}/")
        opened.evaluate(DRAW, board)
        found = opened.evaluate("""() => {
          const frame = document.getElementById('frame').getBoundingClientRect();
          const cell = document.querySelector('.cell').getBoundingClientRect();
          const clues = [...document.querySelectorAll('.outside-clue')].map(
            (text) => text.getBoundingClientRect().right);
          return { left: frame.left, right: frame.right, cell: cell.width, clues,
                   width: document.documentElement.clientWidth };
        }""")
    finally:
        phone.close()
    assert found["left"] >= 0 and found["right"] <= found["width"], found
    assert max(found["clues"]) <= found["width"], found
    assert found["cell"] >= 29.5, found  # still big enough to tap


SIDE_PAIR = {
    "size": 6, "title": "two little killers in one place beside a row",
    "grid": [[{} for _ in range(6)] for _ in range(6)],
    "littlekillersum": [
        {"cell": "R4C7", "cells": ["R3C6", "R2C5", "R1C4"], "direction": "UL", "value": "22"},
        {"cell": "R4C7", "cells": ["R5C6", "R6C5"], "direction": "DL", "value": "8"},
    ],
}


def test_two_sums_beside_a_row_stay_clear_of_their_arrows(page: Any) -> None:
    """Two sums in one place beside a row were pushed towards the grid, where both their
    arrows are, and the upper sum sat on its arrow (22 and 8 right of a row): they now
    stand away from the grid."""
    kind = get_kind("sudoku")
    grid = kind.read(json.dumps(SIDE_PAIR), fmt="fpuzzles")[0].puzzle
    page.evaluate(DRAW, kind.view(kind.clues_of(grid), grid).to_json())
    found = page.evaluate("""() => {
      const box = (node) => { const r = node.getBoundingClientRect();
                              return [r.left, r.top, r.right, r.bottom]; };
      const overlay = document.querySelector('.board-overlay');
      return { texts: [...overlay.querySelectorAll('.outside-clue')].map(box),
               arrows: [...overlay.querySelectorAll('.clue-arrow')].map(box) };
    }""")
    assert len(found["texts"]) == len(found["arrows"]) == 2
    for left, top, right, bottom in found["texts"]:
        for a_left, a_top, a_right, a_bottom in found["arrows"]:
            overlap_x = min(right, a_right) - max(left, a_left)
            overlap_y = min(bottom, a_bottom) - max(top, a_top)
            assert overlap_x <= 0 or overlap_y <= 0, found


def test_pencil_marks_keep_inside_a_cage_outline(page: Any) -> None:
    """The dashed outline runs 0.1 of a cell inside a cage's cells; the marks of the outer
    column and rows sat on it. Each mark now lies inside it."""
    _draw_killer_with_every_mark(page)
    found = page.evaluate("""() => [...document.querySelectorAll('.cell.caged')]
      .filter((cell) => cell.querySelector('.mark'))
      .map((cell) => {
        const box = cell.getBoundingClientRect();
        const range = document.createRange();
        const marks = [...cell.querySelectorAll('.mark')].filter((m) => m.textContent)
          .map((mark) => { range.selectNodeContents(mark);
                           const r = range.getBoundingClientRect();
                           return [r.left, r.top, r.right, r.bottom]; });
        return { cell: [box.left, box.top, box.right, box.bottom], marks };
      })""")
    assert found
    for one in found:
        left, top, right, bottom = one["cell"]
        inset = 0.1 * (right - left)
        for m_left, m_top, m_right, m_bottom in one["marks"]:
            assert m_left > left + inset and m_right < right - inset, one
            # a glyph's box holds some room above and below its digit
            assert m_top > top + inset - 2 and m_bottom < bottom - inset + 2, one


def test_the_page_draws_a_setters_decorations(page: Any) -> None:
    """f-puzzles' cosmetic tools (helper "cosmetics"): each element in its own colour, under
    the digits (the overlay sits below the cells' values). A fixture with every tool, one of
    them outside the grid (left to the notes). PNG: /tmp/web-cosmetics/every-decoration.png."""
    kind = get_kind("sudoku")
    text = (FIXTURES / "wild" / "every_decoration.json").read_text(encoding="utf-8")
    grid = kind.read(text, fmt="fpuzzles")[0].puzzle
    board = kind.view(kind.clues_of(grid), grid).to_json()
    page.evaluate(DRAW, board)
    found = page.evaluate("""() => {
      const all = (selector) => [...document.querySelectorAll(`.board-overlay ${selector}`)];
      const paint = (node) => [node.tagName, node.getAttribute('fill'),
                               node.getAttribute('stroke'), node.textContent];
      return Object.fromEntries(['line', 'rectangle', 'circle', 'text', 'cage'].map(
        (style) => [style, all(`.decoration-${style}`).map(paint)]));
    }""")
    assert found["line"] == [["polyline", "none", "#2ecc40", ""]]
    assert found["rectangle"] == [["rect", "#ff851b", "#000000", ""],
                                  ["text", "#000000", None, "A"],
                                  ["rect", "#ffdc00", "#000000", ""]]
    assert found["circle"] == [["ellipse", "#7fb9ec", "#0074d9", ""],
                               ["text", "#001f3f", None, "7"],
                               ["ellipse", "none", "#85144b", ""]]
    assert found["text"] == [["text", "#b10dc9", None, "★"]]
    assert [row[0] for row in found["cage"]] == ["path", "text"]
    assert found["cage"][0][2] == "#ff4136" and found["cage"][1][1:4:2] == ["#ff4136", "odd"]
    shot = Image.open(io.BytesIO(page.locator("#board").screenshot())).convert("RGB")
    colours = {colour for _, colour in shot.getcolors(maxcolors=1 << 24)}

    def has(test: Any) -> bool:
        return any(test(r, g, b) for r, g, b in colours)

    assert has(lambda r, g, b: g > 180 and g - r > 100 and g - b > 80), "no green line"
    assert has(lambda r, g, b: r > 230 and 110 < g < 150 and b < 50), "no orange rectangle"
    assert has(lambda r, g, b: r > 230 and g > 200 and b < 40), "no yellow diamond"
    assert has(lambda r, g, b: b > 220 and 160 < g < 200 and r < 140), "no blue circle"
    shots = Path("/tmp/web-cosmetics")
    shots.mkdir(parents=True, exist_ok=True)
    page.locator("#frame").screenshot(path=str(shots / "every-decoration.png"))
