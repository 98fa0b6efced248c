"""Rendering: the drawing description of each kind, and the SVG, PNG and PDF renderers."""

from __future__ import annotations

import doctest
import io
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grille.render
from conftest import FIXTURES
from grille.errors import GrilleError
from grille.kakuro import KakuroGrid
from grille.kinds import get_kind
from grille.logic import Step
from grille.render import draw, draw_board, to_pdf, to_png, to_svg
from grille.render.drawing import (
    CAP_HEIGHT,
    Circle,
    Drawing,
    Line,
    Palette,
    Polygon,
    Rect,
    Text,
    display_width,
    framed,
    text_width,
)
from grille.render.png import image_size
from grille.sudoku import Grid
from grille.sudoku.geometry import Shape
from grille.takuzu import TakuzuGrid
from grille.view import BoardView, CellView, Marker, OutsideClue, PathLine, Region

SVG = "{http://www.w3.org/2000/svg}"
SUDOKU4 = Grid.from_string("1..4..1..1..4..1")
SUDOKU9 = Grid.from_string(
    "2..5..13.5......87.9.7.8....5..9....36.....52....5..7....1.2.4.67......5.18..5..3"
)
HARD = Grid.from_string(
    "...4..6.87...86.....12..7....9.....748.....565.....2....4..81.....76...21.2..3..."
)
TAKUZU = TakuzuGrid.from_string(
    ".11..01./......../.00.0.1./.0....../...00.../...0.0../.0....../1....0.."
)
KAKURO_TEXT = """\
#     12\\   21\\   #     16\\   13\\
\\17   .     .     22\\11 .     .
\\15   .     .     .     .     .
#     4\\13  .     .     .     10\\
\\18   .     .     .     .     .
\\10   .     .     \\14   .     .
"""
KAKURO = KakuroGrid.from_string(KAKURO_TEXT)


def svg_root(text: str) -> ET.Element:
    return ET.fromstring(text)


def svg_texts(root: ET.Element, cls: str) -> list[str]:
    return [node.text or "" for node in root.iter(f"{SVG}text") if node.get("class") == cls]


def page_count(pdf: bytes) -> int:
    """Page objects in a PDF written by fpdf2 (no object streams)."""
    return len(re.findall(rb"/Type /Page\b(?!s)", pdf))


def test_package_docstring_examples() -> None:
    result = doctest.testmod(grille.render)
    assert result.attempted > 0
    assert result.failed == 0


# -- the drawing description ----------------------------------------------------------------


def test_sudoku_structure_snapshot() -> None:
    drawing = draw(SUDOKU4, number=3)
    assert drawing.title == "No. 3 · Sudoku 4×4"
    assert drawing.counts() == {
        "Rect.cell given": 6, "Rect.cell empty": 10, "Text.given": 6,
        "Line.thin": 4, "Line.box": 2, "Rect.border": 1,
    }


def test_sudoku_marks_are_the_candidates_in_fixed_places() -> None:
    drawing = draw(SUDOKU9, marks=True)
    marked = get_kind("sudoku").with_candidates(SUDOKU9).marks
    assert marked is not None
    assert drawing.counts()["Text.mark"] == sum(bin(mask).count("1") for mask in marked)
    # r1c2 (empty): the mark for 1 sits top-left of the cell's 3x3 mini-grid, 9 bottom-right
    cell = next(r for r in drawing.cells() if r.cell == (0, 1))
    spots = {t.text: (t.x - cell.x, t.y - CAP_HEIGHT * t.size / 2 - cell.y)
             for t in drawing.elements
             if isinstance(t, Text) and t.cls == "mark"
             and cell.x < t.x < cell.x + cell.w and cell.y < t.y < cell.y + cell.h}
    for digit, (x, y) in spots.items():
        row, col = divmod(int(digit) - 1, 3)
        assert int(x * 3 // cell.w) == col and int(y * 3 // cell.h) == row


def test_marks_of_a_6x6_grid_follow_its_box_shape() -> None:
    grid = Grid.empty(6)
    drawing = draw(grid, marks=True)
    cell = next(r for r in drawing.cells() if r.cell == (0, 0))
    places = {t.text: (t.x, t.y) for t in drawing.elements
              if isinstance(t, Text) and t.cls == "mark" and t.x < cell.x + cell.w
              and t.y < cell.y + cell.h}
    assert len(places) == 6
    rows = sorted({round(y, 3) for _, y in places.values()})
    cols = sorted({round(x, 3) for x, _ in places.values()})
    assert len(rows) == 2 and len(cols) == 3  # boxes of 2 rows x 3 columns
    assert places["4"][1] > places["1"][1] and places["4"][0] == places["1"][0]


def test_marks_of_a_25x25_grid_use_a_5x5_mini_grid() -> None:
    drawing = draw(Grid.empty(25), marks=True)
    first = [t for t in drawing.elements if isinstance(t, Text) and t.cls == "mark"][:25]
    assert {t.text for t in first} == set("123456789ABCDEFGHIJKLMNOP")
    assert len({round(t.x, 3) for t in first}) == 5 and len({round(t.y, 3) for t in first}) == 5


def test_a_states_own_marks_are_drawn_not_the_candidates() -> None:
    state = SUDOKU4.with_marks([0, 0b0110, *([0] * 14)])
    drawing = draw(state, marks=True)
    assert drawing.texts("mark") == ["2", "3"]
    assert draw(state).texts("mark") == []


def test_givens_and_entries_look_different() -> None:
    kind = get_kind("sudoku")
    state = kind.apply(SUDOKU9, "r1c2=4")
    drawing = draw(state)
    entry = next(t for t in drawing.elements if isinstance(t, Text) and t.cls == "entry")
    clue = next(t for t in drawing.elements if isinstance(t, Text) and t.cls == "given")
    assert entry.text == "4"
    assert (entry.color, entry.bold) != (clue.color, clue.bold)
    solved = draw(state, solution=True)
    assert next(t for t in solved.elements if t.cls == "entry").color == Palette.SOLVED


def test_explained_step_is_highlighted_on_the_grid_before_it() -> None:
    steps = get_kind("sudoku").explain(HARD).steps
    number = next(i for i, s in enumerate(steps, 1) if s.links and not s.placements)
    step = steps[number - 1]
    drawing = draw(HARD, step=number)
    assert f"step {number} of {len(steps)}: {step.technique}" in drawing.title
    assert drawing.caption == step.explanation
    counts = drawing.counts()
    assert counts["Circle.eliminate"] == len(step.eliminations)
    assert counts["Rect.focus"] == len(set(step.cells))
    assert counts["Line.strong"] + counts["Line.weak"] == len(step.links)
    # the steps before it are filled in as entries, with the candidates the solver had
    placed_before = sum(len(s.placements) for s in steps[: number - 1])
    assert counts["Text.entry"] == placed_before
    for row, col, digit in step.eliminations:
        spot = next(c for c in drawing.elements
                    if isinstance(c, Circle) and c.cls == "eliminate")
        assert spot.r > 0
        assert str(digit) in drawing.texts("mark")
        assert HARD[row, col] == 0


def test_a_placing_step_shows_its_unit_and_cell() -> None:
    first = get_kind("sudoku").explain(SUDOKU9).steps[0]
    drawing = draw(SUDOKU9, step=1)
    counts = drawing.counts()
    assert counts["Circle.place"] == len(first.placements) == 1
    assert counts["Rect.placed"] == 1
    assert counts["Rect.unit"] == 9 - len(set(first.cells) | {first.placements[0][:2]})


def test_step_numbers_out_of_range_are_errors() -> None:
    with pytest.raises(GrilleError, match="steps 1 to"):
        draw(SUDOKU9, step=10_000)


def test_unit_names_of_steps_resolve_to_cells_through_the_board() -> None:
    kind = get_kind("sudoku")
    for shape in (Shape(2, 3), Shape(3, 3), Shape(3, 4), Shape(5, 5)):
        grid = Grid.empty(shape.size)
        view = kind.view(grid, grid)
        n = shape.size
        for unit, cells in enumerate(shape.units):
            assert list(view.unit(shape.unit_name(unit))) == [divmod(cell, n) for cell in cells]
        assert view.unit("the whole grid") == ()


def test_takuzu_circles_and_digits() -> None:
    drawing = draw(TAKUZU)
    ones, zeros = TAKUZU.cells.count(1), TAKUZU.cells.count(0)
    counts = drawing.counts()
    assert counts["Circle.given one"] == ones and counts["Circle.given zero"] == zeros
    assert counts["Rect.cell given"] == ones + zeros
    digits = draw(TAKUZU, digits=True)
    assert sorted(digits.texts("given")) == sorted(str(v) for v in TAKUZU.cells if v >= 0)
    assert "Circle.given one" not in digits.counts()


def test_takuzu_step_draws_the_placed_values() -> None:
    step = get_kind("takuzu").explain(TAKUZU).steps[0]
    drawing = draw(TAKUZU, step=1)
    assert sum(n for key, n in drawing.counts().items() if key.startswith("Circle.place")) == (
        len(step.placements))
    assert drawing.counts()["Rect.unit"] > 0


def test_takuzu_marks() -> None:
    drawing = draw(TAKUZU, marks=True)
    marks = get_kind("takuzu").with_candidates(TAKUZU).marks
    assert marks is not None
    expected = sum(bin(m).count("1") for m, v in zip(marks, TAKUZU.cells, strict=True) if v < 0)
    assert sum(n for key, n in drawing.counts().items() if "mark" in key) == expected


def test_kakuro_structure_snapshot() -> None:
    drawing = draw(KAKURO)
    counts = drawing.counts()
    clue_cells = sum(1 for clue in KAKURO.clues if clue not in (None, (0, 0)))
    assert counts["Rect.cell clue"] == clue_cells == counts["Line.diagonal"]
    assert counts["Rect.cell block"] == 3
    assert counts["Rect.cell empty"] == len(KAKURO.whites)
    assert counts["Polygon.no-sum"] == sum(
        1 for clue in KAKURO.clues if clue not in (None, (0, 0)) and 0 in clue)
    sums = sorted(int(t) for t in
                  drawing.texts("clue bottom-left") + drawing.texts("clue top-right"))
    assert sums == sorted(v for clue in KAKURO.clues if clue for v in clue if v)


def test_kakuro_sums_stay_inside_their_triangles() -> None:
    drawing = draw(KAKURO)
    cells = {r.cell: r for r in drawing.cells()}
    for text in drawing.elements:
        if not isinstance(text, Text) or not text.cls.startswith("clue"):
            continue
        box = next(c for c in cells.values()
                   if c.x <= text.x <= c.x + c.w and c.y <= text.y <= c.y + c.h)
        half_w = len(text.text) * 0.7 * text.size / 2  # DejaVu Sans Bold digits are 0.7 em
        top, bottom = text.y - CAP_HEIGHT * text.size, text.y
        corners = [(text.x - half_w, top), (text.x + half_w, top),
                   (text.x - half_w, bottom), (text.x + half_w, bottom)]
        for x, y in corners:
            u, v = (x - box.x) / box.w, (y - box.y) / box.h
            assert 0 < u < 1 and 0 < v < 1
            below = v - u
            assert below > 0.05 if text.cls == "clue bottom-left" else below < -0.05


def test_kakuro_step_and_marks() -> None:
    drawing = draw(KAKURO, step=1)
    first = get_kind("kakuro").explain(KAKURO).steps[0]
    assert drawing.counts()["Circle.eliminate"] == len(first.eliminations)
    assert draw(KAKURO, marks=True).counts()["Text.mark"] > 0


def test_framing_adds_title_caption_and_margin() -> None:
    drawing = draw(SUDOKU9, step=1)
    page = framed(drawing)
    assert page.width > drawing.width and page.height > drawing.height
    assert [t.text for t in page.elements if isinstance(t, Text) and t.cls == "title"] == [
        drawing.title]
    assert " ".join(page.texts("caption")) == drawing.caption
    assert isinstance(page.elements[0], Rect) and page.elements[0].cls == "paper"


def test_elements_are_kept_in_layer_order() -> None:
    drawing = draw(SUDOKU9, step=5)
    layers = [element.layer for element in drawing.elements]
    assert layers == sorted(layers)


def test_a_title_can_be_given_or_left_out() -> None:
    assert draw(SUDOKU4, title="Mine").title == "Mine"
    assert draw(SUDOKU4, title="").title == ""
    assert "easy" in draw(SUDOKU4, level="easy").title
    named = KakuroGrid.from_string("# id: k-7\n" + KAKURO_TEXT)
    assert draw(named).title == "Kakuro 6×6 · k-7"


# -- SVG --------------------------------------------------------------------------------------


def test_svg_is_well_formed_and_holds_the_givens() -> None:
    text = to_svg(draw(SUDOKU9))
    root = svg_root(text)
    assert root.get("viewBox", "").startswith("0 0 ")
    assert sorted(svg_texts(root, "given")) == sorted(c for c in SUDOKU9.line() if c != ".")
    assert root.find(f"{SVG}style") is not None
    assert "href" not in text and "url(" not in text  # self-contained


def test_svg_cells_carry_rows_columns_ids_and_caller_attributes() -> None:
    root = svg_root(to_svg(draw(TAKUZU), id_prefix="t-",
                           cell_attributes=lambda r, c: {"class": "hot", "data-x": f"{r}.{c}"}))
    cells = [node for node in root.iter(f"{SVG}rect") if node.get("data-row")]
    assert len(cells) == TAKUZU.height * TAKUZU.width
    last = cells[-1]
    assert (last.get("data-row"), last.get("data-col")) == ("8", "8")
    assert last.get("id") == "t-r8c8" and last.get("data-x") == "7.7"
    assert "cell" in (last.get("class") or "").split() and "hot" in (last.get("class") or "")


def test_svg_size_and_bare_grid() -> None:
    drawing = draw(SUDOKU4)
    root = svg_root(to_svg(drawing, width=300))
    assert root.get("width") == "300"
    bare = svg_root(to_svg(drawing, frame=False))
    assert bare.find(f"{SVG}title") is not None
    assert svg_texts(bare, "title") == []
    assert bare.get("viewBox") == f"0 0 {drawing.width:g} {drawing.height:g}"


def test_svg_escapes_text() -> None:
    root = svg_root(to_svg(draw(SUDOKU4, title="a <b> & c")))
    assert svg_texts(root, "title") == ["a <b> & c"]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=81, max_size=81),
       st.lists(st.booleans(), min_size=81, max_size=81),
       st.lists(st.integers(0, 511), min_size=81, max_size=81))
def test_any_sudoku_state_renders(cells: list[int], clues: list[bool], marks: list[int]) -> (
    None
):
    givens = tuple(bool(c and g) for c, g in zip(cells, clues, strict=True))
    state = Grid(SUDOKU9.shape, tuple(cells), givens, tuple(marks))
    root = svg_root(to_svg(draw(state, marks=True)))
    assert len(svg_texts(root, "given")) == sum(givens)
    assert len(svg_texts(root, "entry")) == sum(1 for c in cells if c) - sum(givens)
    assert len(svg_texts(root, "mark")) == sum(
        bin(m).count("1") for m, c in zip(marks, cells, strict=True) if not c)


# -- PNG --------------------------------------------------------------------------------------


def test_png_has_the_asked_size_and_shows_the_circles(tmp_path: Path) -> None:
    from PIL import Image

    drawing = draw(TAKUZU, title="")
    data = to_png(drawing, width=400, frame=False)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    assert image.size == image_size(drawing, width=400, frame=False)
    assert image.size[0] == 400
    scale = 400 / drawing.width
    cell = {r.cell: r for r in drawing.cells()}

    def centre(row: int, col: int) -> tuple[int, int]:
        rect = cell[(row, col)]
        return int((rect.x + rect.w / 2) * scale), int((rect.y + rect.h / 2) * scale)

    rgb = image.convert("RGB")
    assert max(rgb.getpixel(centre(0, 1))) < 60  # a filled circle (1) is dark
    assert min(rgb.getpixel(centre(1, 0))) > 240  # an empty cell is white
    assert min(rgb.getpixel(centre(0, 5))) > 200  # inside an open circle (0) is light


def test_png_default_size_gives_each_cell_its_pixels() -> None:
    from PIL import Image

    drawing = draw(SUDOKU9)
    image = Image.open(io.BytesIO(to_png(drawing)))
    assert image.size[0] == display_width(drawing)
    assert image.size[0] >= 9 * drawing.cell_px


def test_png_refuses_huge_images() -> None:
    with pytest.raises(GrilleError, match="too large"):
        to_png(draw(SUDOKU4), width=20_000)


@pytest.mark.parametrize("grid", [Grid.empty(25), TakuzuGrid.empty(20)], ids=["s25", "t20"])
def test_large_grids_stay_legible_by_default(grid: Grid | TakuzuGrid) -> None:
    drawing = draw(grid, marks=True, digits=True)
    scale = display_width(drawing) / framed(drawing).width
    smallest = min(t.size for t in drawing.elements if isinstance(t, Text)) * scale
    assert drawing.cell * scale >= 39.5
    assert smallest >= 9  # pixels of font size


def test_kakuro_30x30_marks_stay_legible() -> None:
    clues: list[tuple[int, int] | None] = [
        (0, 0) if row % 4 == 0 or col % 4 == 0 else None for row in range(30) for col in range(30)
    ]
    drawing = draw(KakuroGrid(30, 30, tuple(clues)), marks=True)
    scale = display_width(drawing) / framed(drawing).width
    assert min(t.size for t in drawing.elements if isinstance(t, Text)) * scale >= 9


# -- PDF --------------------------------------------------------------------------------------


def test_pdf_has_a_page_per_drawing_and_embeds_its_fonts() -> None:
    data = to_pdf([draw(SUDOKU9), draw(TAKUZU), draw(KAKURO)], paper="letter")
    assert data.startswith(b"%PDF")
    assert page_count(data) == 3
    assert b"/FontFile2" in data and b"DejaVuSans" in data


def test_pdf_wide_drawing_gets_a_landscape_page() -> None:
    wide = KakuroGrid(8, 30, tuple([(0, 0)] * 240))
    data = to_pdf(draw(wide), paper="a4")
    assert re.search(rb"/MediaBox \[0 0 841\.\d+ 595\.\d+\]", data)


def test_pdf_unknown_paper() -> None:
    with pytest.raises(GrilleError, match="unknown paper"):
        to_pdf(draw(SUDOKU4), paper="a3")


@pytest.mark.skipif(shutil.which("pdfinfo") is None, reason="pdfinfo (poppler-utils) absent")
def test_pdfinfo_reads_the_pdf(tmp_path: Path) -> None:
    path = tmp_path / "grid.pdf"
    path.write_bytes(to_pdf([draw(SUDOKU4), draw(SUDOKU9)], paper="a4"))
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    assert re.search(r"Pages:\s+2\b", info.stdout)
    assert "A4" in info.stdout
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True)
    rows = [line for line in fonts.stdout.splitlines() if "DejaVu" in line]
    assert rows and all(" yes " in row for row in rows)


def test_fixture_puzzles_of_every_format_render() -> None:
    for path in sorted((FIXTURES / "sudoku").iterdir()):
        kind = get_kind("sudoku")
        for entry in kind.read(path.read_text(), source=str(path)):
            svg_root(to_svg(draw(entry.puzzle, marks=True)))
    for entry in get_kind("kakuro").read((FIXTURES / "kakuro" / "small.txt").read_text()):
        svg_root(to_svg(draw(entry.puzzle, marks=True)))


def test_drawing_repr_and_elements() -> None:
    drawing = draw(SUDOKU4)
    assert repr(drawing).startswith("<Drawing sudoku")
    assert isinstance(Drawing(10, 10, (Line(0, 0, 1, 1), Circle(1, 1, 1), Polygon(
        ((0, 0), (1, 0), (0, 1)), "#000000"))), Drawing)


def test_a_hint_step_is_highlighted_on_the_state_as_it_is() -> None:
    hint = get_kind("sudoku").hint(HARD, depth=3)
    assert hint.step is not None
    drawing = draw(HARD, highlight=hint.step)
    assert drawing.caption == hint.step.explanation
    assert drawing.counts()["Rect.focus"] + drawing.counts()["Rect.placed"] >= 1
    assert "step" not in drawing.title


@pytest.mark.parametrize(
    ("kind", "comment", "level"),
    [("sudoku", "level: hard", "hard"), ("sudoku", "Extreme", "extreme"),
     ("sudoku", "level=Diabolical", "diabolical"), ("takuzu", "level: very  hard", "very hard"),
     ("sudoku", "hardcore", None), ("sudoku", "level: fiendish", None),
     ("takuzu", "expert", None), ("sudoku", "easy to spot the X-wing", None)],
)
def test_a_comment_naming_a_level_is_the_level(kind: str, comment: str,
                                                level: str | None) -> None:
    from dataclasses import replace

    from grille.render.titles import given_level

    puzzle = (Grid.from_string("1..4" "..1." ".1.." "4..1") if kind == "sudoku"
              else TakuzuGrid.empty(4, 4))
    assert given_level(replace(puzzle, metadata=(("comment", comment),))) == level


@pytest.mark.parametrize(("kind", "size", "level"),
                         [("sudoku", "4", "easy"), ("takuzu", "6x6", "hard"),
                          ("kakuro", "6x6", "medium")])
def test_a_generated_puzzle_keeps_its_level_through_its_default_format(
    kind: str, size: str, level: str,
) -> None:
    from grille.kind import GenerateOptions

    found = get_kind(kind)
    puzzle = found.generate(GenerateOptions(size=size, level=level), 1)
    text = found.write([puzzle], found.default_format)
    assert "level: " + level in text
    read_back = found.read(text, source="generated")[0].puzzle
    assert draw(read_back, number=2).title.endswith(f" · {level}")
    assert found.solve(read_back).unique
    assert found.generate(GenerateOptions(size=size), 1).metadata == ()


# -- boards no kind draws yet: drawn from a BoardView alone ----------------------------------


def variant_board() -> BoardView:
    """A 4x4 board as a variant Sudoku would describe it: boxes, a cage, a thermometer, an
    arrow, a renban line, dots, an X and clues outside the grid."""
    cells = tuple(CellView(1, given=True) if i == 0 else CellView(marks=(2, 3)) if i == 5
                  else CellView() for i in range(16))
    boxes = tuple(Region("box", tuple((r + dr, c + dc) for dr in (0, 1) for dc in (0, 1)),
                         name=f"box {i + 1}")
                  for i, (r, c) in enumerate(((0, 0), (0, 2), (2, 0), (2, 2))))
    cage = Region("cage", ((2, 0), (2, 1), (3, 1)), name="cage 1", label="7", total=7)
    return BoardView(
        4, 4, cells, ("1", "2", "3", "4"), regions=(*boxes, cage), mark_grid=(2, 2),
        lines=(PathLine("thermometer", ((0, 1), (0, 2), (1, 2)), start=((0, 1),)),
               PathLine("arrow", ((3, 3), (2, 3), (1, 3)), start=((3, 3),)),
               PathLine("renban", ((1, 0), (1, 1)))),
        markers=(Marker("white-dot", (0, 2), (0, 3)), Marker("black-dot", (1, 0), (2, 0)),
                 Marker("text", (3, 2), (3, 3), "X")),
        outside=(OutsideClue("top", 3, "10"), OutsideClue("left", 2, "5", "down-right")),
        title="Variant 4×4",
    )


def test_a_board_no_kind_draws_yet_is_drawn_from_its_view_alone() -> None:
    view = variant_board()
    drawing = draw_board(view, marks=True, title=view.title)
    counts = drawing.counts()
    assert counts["Line.cage"] >= 3 and drawing.texts("cage-label") == ["7"]
    assert counts["Circle.bulb"] == 1 and counts["Line.line thermometer"] == 2
    assert counts["Circle.arrow-circle"] == 1 and counts["Line.arrow-head"] == 2
    assert counts["Line.line renban"] == 1
    assert counts["Circle.marker white-dot"] == counts["Circle.marker black-dot"] == 1
    assert drawing.texts("marker text") == ["X"]
    assert drawing.texts("outside top") == ["10"] and drawing.texts("outside left") == ["5"]
    assert counts["Line.outside-arrow"] == 3
    assert drawing.texts("given") == ["1"] and drawing.texts("mark") == ["2", "3"]
    assert counts["Line.box"] == 2 and counts["Line.thin"] == 4
    # room for the outside clues: a cell above and to the left, none below or right
    border = next(e for e in drawing.elements if isinstance(e, Rect) and e.cls == "border")
    assert border.x > drawing.cell > drawing.width - border.x - border.w
    assert border.y > drawing.cell > drawing.height - border.y - border.h
    root = svg_root(to_svg(drawing))
    classes = {node.get("class") for node in root.iter()}
    assert {"cage", "bulb", "line thermometer", "marker white-dot", "marker black-dot",
            "outside top", "outside left", "cage-label"} <= classes
    white = next(n for n in root.iter(f"{SVG}circle") if n.get("class") == "marker white-dot")
    black = next(n for n in root.iter(f"{SVG}circle") if n.get("class") == "marker black-dot")
    assert (white.get("fill"), black.get("fill")) == (Palette.PAPER, Palette.INK)
    assert svg_texts(root, "title") == ["Variant 4×4"]
    to_png(drawing)  # every element is one the PNG renderer draws


def test_a_cage_outline_stays_inside_its_cells_and_turns_at_inner_corners() -> None:
    cage = Region("cage", ((0, 0), (0, 1), (1, 1)), label="12")
    view = BoardView(2, 2, (CellView(),) * 4, ("1", "2"), regions=(cage,))
    drawing = draw_board(view)
    sides = [e for e in drawing.elements if isinstance(e, Line) and e.cls == "cage"]
    assert len(sides) == 8  # an L of three cells has eight sides, each dashed
    inside = {(e.x1, e.y1) for e in sides} | {(e.x2, e.y2) for e in sides}
    cell = drawing.cell
    for x, y in inside:  # no corner of the outline lies in the cell outside the cage
        assert not (x < cell and y > cell + 2)


def test_a_step_on_a_board_highlights_the_unit_it_names() -> None:
    view = variant_board()
    step = Step("Test", placements=((1, 1, 4),), units=("box 1",), cells=((0, 0),))
    counts = draw_board(view, highlight=step).counts()
    assert counts["Rect.unit"] == 2 and counts["Rect.focus"] == 1 and counts["Rect.placed"] == 1
    assert counts["Circle.place"] == 1


def test_an_explanation_gives_the_state_before_each_step_on_demand() -> None:
    kind = get_kind("sudoku")
    explanation = kind.explain(SUDOKU9)
    states = explanation.states()
    assert len(states) == len(explanation.steps) + 1
    assert states[0].cells == SUDOKU9.cells and states[-1].cells == explanation.final.cells
    assert explanation.state_before(3) == states[2]
    assert explanation.state_before(3) == kind.step_states(SUDOKU9, explanation.steps[:2])[-1]
    with pytest.raises(GrilleError, match="steps 1 to"):
        explanation.state_before(0)
    tz = get_kind("takuzu").explain(TAKUZU)
    assert tz.states()[1] == get_kind("takuzu").step_states(TAKUZU, tz.steps[:1])[-1]


def test_pencil_marks_clear_a_cage_sum_and_stay_inside_the_cage() -> None:
    """The cage's sum was printed over mark 1 of its first cell, and caged cells' marks sat on
    the dashed outline: now every mark's box lies below the sum's backing and inside the
    outline, in the first cell and in the others."""
    cage = Region("cage", ((0, 0), (0, 1), (1, 0)), name="cage", label="17", total=17)
    cells = tuple(CellView(marks=tuple(range(1, 10))) for _ in range(81))
    view = BoardView(9, 9, cells, tuple("123456789"), regions=(cage,), mark_grid=(3, 3))
    drawing = draw_board(view, marks=True)
    back = next(e for e in drawing.elements if isinstance(e, Rect) and e.cls == "cage-label-back")
    sides = [e for e in drawing.elements if isinstance(e, Line) and e.cls == "cage"]
    left = min(min(e.x1, e.x2) for e in sides)
    top = min(min(e.y1, e.y2) for e in sides)
    cell = drawing.cell
    marks = [e for e in drawing.elements if isinstance(e, Text) and e.cls == "mark"]
    assert len(marks) == 81 * 9
    for mark in marks:
        column, row = int((mark.x - back.x) // cell), int((mark.y - back.y) // cell)
        half = text_width(mark.text, mark.size) / 2
        cap_top = mark.y - mark.size * CAP_HEIGHT
        if (row, column) == (0, 0):
            assert cap_top > back.y + back.h, (mark, back)  # below the sum
        if (row, column) in cage.cells:
            assert mark.x - half > left and cap_top > top, (mark, left, top)


@pytest.mark.parametrize("clues", [
    (OutsideClue("top", 4, "17", "down-left"), OutsideClue("top", 4, "27", "down-right")),
    (OutsideClue("right", 6, "22", "up-left"), OutsideClue("right", 6, "8", "down-left")),
    (OutsideClue("bottom", 7, "55", "up-left"),),
])
def test_a_little_killer_arrow_never_crosses_a_sum(clues: tuple[OutsideClue, ...]) -> None:
    """The arrow of a sum paired with another in one place was drawn through its digits
    (17 and 27 above one column): arrows now sit in the place's corners, as on the page."""
    view = BoardView(9, 9, (CellView(),) * 81, tuple("123456789"), outside=clues)
    drawing = draw_board(view)
    texts = [e for e in drawing.elements if isinstance(e, Text) and e.cls.startswith("outside")]
    arrows = [e for e in drawing.elements if isinstance(e, Line) and e.cls == "outside-arrow"]
    assert len(texts) == len(clues) and len(arrows) == 3 * len(clues)
    for text in texts:
        half = text_width(text.text, text.size) / 2
        left, right = text.x - half, text.x + half
        top, bottom = text.y - text.size * CAP_HEIGHT, text.y
        for arrow in arrows:
            for x, y in ((arrow.x1, arrow.y1), (arrow.x2, arrow.y2)):
                assert not (left < x < right and top < y < bottom), (text, arrow)
