"""A printed variant says its rules: under the grid of a render and of each booklet puzzle,
the setter's text when the puzzle has one, else each family's rule; wrapped, and never
overflowing its slot."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from grille.kinds import get_kind
from grille.render import booklet, draw, to_svg
from grille.render.booklet import (
    CAPTION,
    RULES_SHARE,
    RULES_SIZES,
    Item,
    placements,
    plan,
    wrap_rules,
)
from grille.render.drawing import Text, framed
from grille.sudoku import Grid

FIXTURES = Path(__file__).parent / "fixtures" / "variants"
SUDOKU = get_kind("sudoku")
KILLER_RULE = "Killer cages: digits do not repeat in a cage and sum to its total"
LONG_RULES = ("Normal sudoku rules apply. Digits separated by an X sum to 10, digits "
              "separated by a V sum to 5. Not all X and V are given. ") * 12


def variant(name: str, **metadata: str) -> Grid:
    record = json.loads((FIXTURES / f"{name}.json").read_text())["fpuzzles"]
    record.update(metadata)
    puzzle: Grid = SUDOKU.read(json.dumps(record))[0].puzzle
    return puzzle


def test_a_variant_carries_its_families_rules() -> None:
    drawing = draw(variant("killer"), number=1)
    assert drawing.rules == (KILLER_RULE,)
    assert draw(variant("little_killer")).rules[0].startswith("Little killer sums: ")


def test_the_setters_rules_replace_the_families_one_paragraph_each() -> None:
    puzzle = variant("xv", ruleset="Normal sudoku rules apply.\n\nX sums to 10, V to 5.")
    assert draw(puzzle).rules == ("Normal sudoku rules apply.", "X sums to 10, V to 5.")


def test_no_rules_on_a_plain_sudoku_a_solution_or_a_step() -> None:
    plain = Grid.from_string("1..4" "..1." ".1.." "4..1")
    assert draw(plain).rules == ()
    assert draw(variant("killer"), solution=True).rules == ()


def test_a_framed_render_prints_them_under_the_grid_wrapped() -> None:
    puzzle = variant("xv", ruleset=LONG_RULES)
    shown = framed(draw(puzzle))
    lines = [t for t in shown.elements if isinstance(t, Text) and t.cls == "rules"]
    assert len(lines) > 5
    assert " ".join(t.text for t in lines) == " ".join(LONG_RULES.split())
    grid_bottom = max(cell.y + cell.h for cell in shown.cells())
    assert all(grid_bottom < t.y < shown.height for t in lines)
    assert KILLER_RULE in to_svg(draw(variant("killer")))
    assert KILLER_RULE not in to_svg(draw(variant("killer")), frame=False)


def six_variants() -> list[Item]:
    puzzles = [variant("killer"), variant("xv", ruleset=LONG_RULES), variant("little_killer"),
               variant("thermo"), variant("kropki"), variant("arrow")]
    return [Item(d.title, d) for d in (draw(p, number=i) for i, p in enumerate(puzzles, 1))]


@pytest.mark.parametrize("per_page", [1, 2, 4, 6])
def test_a_booklet_slot_holds_caption_grid_and_rules(per_page: int) -> None:
    for page in plan(six_variants(), per_page=per_page, paper="a4"):
        for placed in placements(page, "a4"):
            drawing = placed.item.drawing
            assert drawing is not None and placed.rules.lines
            used = CAPTION + drawing.height * placed.scale + placed.rules.height
            assert used <= placed.h + 1e-6
            assert placed.rules.height <= placed.h * RULES_SHARE + 1e-6
            assert drawing.width * placed.scale <= placed.w + 1e-6
            assert placed.cell_mm >= drawing.min_cell_mm


def test_rules_too_long_for_their_room_end_in_an_ellipsis() -> None:
    block = wrap_rules([LONG_RULES * 5], 80.0, 20.0)
    assert block.size == RULES_SIZES[-1] and block.lines[-1].endswith(" …")
    assert block.height <= 20.0
    assert wrap_rules(["short"], 80.0, 20.0).size == RULES_SIZES[0]
    assert wrap_rules([], 80.0, 20.0).lines == ()


def test_the_pdf_prints_every_puzzles_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    from fpdf import FPDF

    printed: list[str] = []
    original = FPDF.text

    def text(self: FPDF, x: float, y: float, text: str = "", *args: Any) -> Any:
        printed.append(text)
        return original(self, x, y, text, *args)

    monkeypatch.setattr(FPDF, "text", text)
    solved = draw(variant("killer"), title="No. 1", solution=True)
    booklet(six_variants(), per_page=6, solutions=[Item("No. 1", solved)])
    words = " ".join(printed)
    assert KILLER_RULE in words
    assert "Little killer sums:" in words
    assert "Normal sudoku rules apply. Digits separated" in words
    assert words.count("Killer cages:") == 1  # not on the solution page
