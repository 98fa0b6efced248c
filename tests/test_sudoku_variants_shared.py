"""The shared variant data (``../shared/data/sudoku-variants``): every puzzle of every file
reads, round-trips exactly through f-puzzles JSON and both links, its listed solution keeps
every rule and a swap of two of its cells breaks one; every Solo ID round-trips, says what
its f-puzzles form says, and is what that form converts to."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import SHARED_DATA, shared_file
from grille.sudoku import KIND
from grille.sudoku.formats import format_grid, parse_solo, read
from grille.sudoku.grid import Grid
from grille.sudoku.variants.families.jigsaw import Regions
from grille.sudoku.variants.families.killer import KillerCage
from grille.sudoku.variants.fpuzzles import fpuzzles_of, from_fpuzzles

pytestmark = pytest.mark.shared_data

FILES = (
    "anti_king", "anti_knight", "arrow", "jigsaw", "killer", "killer_x", "kropki",
    "little_killer", "mixed", "odd_even", "palindrome", "renban", "sandwich", "small_sizes",
    "thermo", "whispers", "windoku", "x", "xv",
)


def records(name: str) -> list[dict[str, Any]]:
    path = shared_file("sudoku-variants", f"{name}.jsonl")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def test_every_shared_file_is_listed() -> None:
    folder = SHARED_DATA / "sudoku-variants"
    if not folder.is_dir():
        pytest.skip(f"shared puzzle set {folder} is absent (clone without ../shared/data)")
    assert sorted(p.stem for p in Path(folder).glob("*.jsonl")) == sorted(FILES)


@pytest.mark.parametrize("name", FILES)
def test_shared_file_reads_round_trips_and_checks(name: str) -> None:
    for record in records(name):
        data = record["fpuzzles"]
        grid = from_fpuzzles(data)
        assert fpuzzles_of(grid) == data, record["id"]
        assert read(format_grid(grid, "fpuzzles"))[0].puzzle == grid
        for fmt in ("fpuzzles-link", "sudokupad"):
            assert read(format_grid(grid, fmt))[0].puzzle == grid, record["id"]
        solution = [int(d) for d in record["solution"]]
        assert KIND.check(grid.with_cells(solution)) == [], record["id"]
        swapped = list(solution)
        swapped[0], swapped[1] = swapped[1], swapped[0]
        assert KIND.check(grid.with_cells(swapped)), record["id"]


def _meaning(grid: Grid) -> tuple[object, ...]:
    """What a grid says, cage and region order aside."""
    variant = grid.variant
    cages, regions, other = set(), None, set()
    for constraint in variant.constraints if variant else ():
        if isinstance(constraint, KillerCage):
            cages.add((frozenset(constraint.cells), constraint.total))
        elif isinstance(constraint, Regions):
            blocks: dict[int, set[int]] = {}
            for cell, region in enumerate(constraint.regions):
                blocks.setdefault(region, set()).add(cell)
            regions = frozenset(frozenset(b) for b in blocks.values())
        else:
            other.add(constraint)
    return grid.shape, grid.cells, frozenset(cages), regions, frozenset(other)


@pytest.mark.parametrize("name", ["jigsaw", "killer", "killer_x", "small_sizes", "x"])
def test_solo_ids_round_trip_and_agree_with_their_fpuzzles(name: str) -> None:
    for record in records(name):
        game_id = record["tatham_id"]
        grid = parse_solo(game_id)
        assert format_grid(grid, "solo") == game_id
        converted = from_fpuzzles(record["fpuzzles"])
        assert _meaning(grid) == _meaning(converted), game_id
        assert format_grid(converted, "solo") == game_id  # f-puzzles -> Solo gives Solo's ID
