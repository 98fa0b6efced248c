"""f-puzzles objects as real puzzles carry them: the keys and cell fields that state no rule
(cosmetics, settings, the setter's solution, colours, pencil marks) are kept as the metadata
``fpuzzles-extras`` and written back; rules grille does not know stay errors naming them; the
links SudokuPad and f-puzzles users paste, and the ones grille cannot read, each say so.

Fixtures: ``tests/fixtures/variants/wild/`` (written for these tests; its README)."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from conftest import FIXTURES
from grille.errors import GrilleError
from grille.sudoku import KIND
from grille.sudoku.formats import read
from grille.sudoku.grid import Grid
from grille.sudoku.variants.families.renban import Renban
from grille.sudoku.variants.families.whispers import Whispers
from grille.sudoku.variants.fpuzzles import (
    EXTRAS,
    KEPT_KEYS,
    extras_of,
    fpuzzles_of,
    from_fpuzzles,
    link_of,
    read_link,
)
from grille.sudoku.variants.lz import LinkError
from grille.sudoku.variants.model import VariantError

WILD = FIXTURES / "variants" / "wild"


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((WILD / name).read_text(encoding="utf-8"))
    return data


def test_every_key_that_states_no_rule_is_kept_and_written_back_as_read() -> None:
    data = load("decorated.json")
    grid = from_fpuzzles(data)
    assert fpuzzles_of(grid) == data
    extras = extras_of(grid)
    assert set(extras) == {*KEPT_KEYS, "grid"}
    assert extras["grid"]["R1C2"] == {"c": "#A8A8A8", "givenPencilMarks": None}
    assert dict(grid.metadata)["title"] == "Tiny 🧩 decorations 𝄞"
    # the decorations are no rules: the cosmetic cage is no killer cage
    assert grid.variant is not None and len(grid.variant.constraints) == 2


@pytest.mark.parametrize("fmt", ["fpuzzles", "fpuzzles-link", "sudokupad", "json"])
def test_kept_keys_round_trip_through_every_format_that_holds_a_variant(fmt: str) -> None:
    grid = from_fpuzzles(load("decorated.json"))
    text = KIND.write([grid], fmt)
    back = KIND.read(text, fmt=fmt)[0].puzzle
    assert back == grid
    assert fpuzzles_of(back) == load("decorated.json")


def test_an_add_on_renban_reads_as_the_rule_with_its_cosmetic_copy_kept() -> None:
    data = load("addon_renban.json")
    grid = from_fpuzzles(data)
    assert grid.variant is not None
    kinds = [type(c) for c in grid.variant.constraints]
    assert Renban in kinds and kinds.count(Whispers) == 2
    assert extras_of(grid)["line"][0]["fromConstraint"] == "Renban"
    assert fpuzzles_of(grid) == data
    assert read_link(link_of(grid))[0] == grid


def test_the_board_names_the_decorations_it_does_not_draw() -> None:
    """Drawn since helper "cosmetics" (``test_decorations.py``): only a text outside the
    grid is left for the note; an item with nothing to draw (a text with no value) is none."""
    grid = from_fpuzzles(load("decorated.json"))
    view = KIND.view(grid, grid)
    assert [d.style for d in view.decorations] == ["line", "rectangle", "circle", "cage"]
    assert view.notes[-1] == "Not drawn here: the original's decorations (1 text)."
    outside = from_fpuzzles({"size": 4, "grid": [[{}] * 4] * 4,
                             "text": [{"cells": ["R5C1"], "value": "x"}, {"cells": ["R1C1"]}]})
    assert outside.variant is None
    assert KIND.view(outside, outside).notes == (
        "Not drawn here: the original's decorations (1 text).",)
    bare = from_fpuzzles({"size": 4, "grid": [[{}] * 4] * 4, "highlightConflicts": True})
    assert KIND.view(bare, bare).notes == ()


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["grid"][0][0].update(givenPencilMarks=[1, 2]),
     "R1C1: given pencil marks [1, 2] restrict the cell's digits"),
    (lambda d: d["grid"][0][0].update(colour="#FFFFFF"), "field 'colour' is not supported"),
    (lambda d: d.update(betweenline=[{"lines": [["R1C1", "R1C2", "R1C3"]]}]),
     "key 'betweenline' is not a constraint"),
    (lambda d: d.update(clone=[{"cells": ["R1C1"], "cloneCells": ["R4C4"]}]),
     "key 'clone' is not a constraint"),
    (lambda d: d.update(minimum=[{"cell": "R1C1"}]), "key 'minimum' is not a constraint"),
    (lambda d: d.update(line=[{"lines": [[[[["R1C1"]]]]]}]),
     "f-puzzles 'line' is nested too deeply"),
])
def test_rules_grille_does_not_know_are_still_errors_naming_them(
    change: Any, message: str,
) -> None:
    data = copy.deepcopy(load("decorated.json"))
    change(data)
    with pytest.raises(VariantError, match=re.escape(message)):
        from_fpuzzles(data)


def test_kept_keys_are_refused_in_grilles_variant_object_and_checked_in_metadata() -> None:
    text = json.dumps({"kind": "sudoku", "size": 4, "box": [2, 2], "cells": "." * 16,
                       "variant": {"line": [{"lines": [["R1C1", "R1C2"]]}]}})
    with pytest.raises(GrilleError, match="not 'line' \\(kept as the metadata"):
        read(text)
    grid = from_fpuzzles(load("decorated.json"))
    for bad in ('{"killercage": []}', '{"grid": {"R5C1": {"c": "#000"}}}', "[1]", "{",
                '{"grid": {"R1C1": {"value": 3}}}'):
        meta = tuple((k, bad if k == EXTRAS else v) for k, v in grid.metadata)
        with pytest.raises(VariantError, match=EXTRAS):
            fpuzzles_of(Grid(grid.shape, grid.cells, grid.givens, None, meta, grid.variant))


@pytest.mark.parametrize("prefix", [
    "https://beta.sudokupad.app/fpuzzles",
    "https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles",
    "https://sudokupad.app/sudoku/fpuzzles",
])
def test_sudokupads_other_addresses_read_as_sudokupad_links(prefix: str) -> None:
    grid = from_fpuzzles(load("addon_renban.json"))
    link = prefix + link_of(grid).split("load=")[1]
    assert read_link(link) == (grid, "sudokupad")
    assert KIND.read(link)[0].puzzle == grid


@pytest.mark.parametrize(("link", "message"), [
    ("https://f-puzzles.com/?id=y82pttpx", "has no load=… payload"),
    ("https://sudokupad.app/8bNmDd4J9G", "carries no f-puzzles puzzle"),
    ("https://sudokupad.app/scl" + "N4Ig" * 5, "SudokuPad's own format"),
])
def test_links_grille_cannot_read_say_why_in_one_line(
    link: str, message: str, capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(LinkError, match=re.escape(message)):
        read_link(link)
    from grille.cli import main

    assert main(["check", link]) == 2
    _, err = capsys.readouterr()
    assert message in err and len(err.strip().splitlines()) == 1
