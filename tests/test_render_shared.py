"""Every shared puzzle of every kind renders: a spread sample per file always, all of them
in the slow run."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from conftest import shared_file
from grille.kind import Entry
from grille.kinds import get_kind
from grille.render import booklet, draw, to_png, to_svg
from grille.render.booklet import Item

pytestmark = pytest.mark.shared_data

FILES = [
    ("sudoku", "sudoku/kaggle_9999.txt"),
    ("sudoku", "sudoku/17clue_10k.txt"),
    ("sudoku", "sudoku/magictour_top1465.txt"),
    ("sudoku", "sudoku/forum_hardest_1905_11plus_1k.txt"),
    ("sudoku", "sudoku/forum_hardest_1106_half.txt"),
    ("sudoku", "sudoku/serg_benchmark_multisolution.txt"),
    ("takuzu", "takuzu/janko_binairo.txt"),
    ("takuzu", "takuzu/takuzu_vue_square.txt"),
    ("takuzu", "takuzu/takuzu_vue_rect.txt"),
    ("takuzu", "takuzu/variant_no_unique_rule/janko_binairo_nounique.txt"),
    ("kakuro", "kakuro/janko_kakuro.txt"),
    ("kakuro", "kakuro/nikoli_gecode_and_wikipedia.txt"),
]
SAMPLE = 8


def entries_of(kind: str, name: str) -> list[Entry[Any]]:
    path = shared_file(*name.split("/"))
    return get_kind(kind).read(path.read_text(), source=str(path))


def cell_count(puzzle: Any) -> int:
    return len(puzzle.cells) if puzzle.kind != "kakuro" else len(puzzle.clues)


def sample(entries: list[Entry[Any]]) -> list[Any]:
    """A spread of the file, and its largest puzzle."""
    step = max(1, len(entries) // SAMPLE)
    chosen = [entry.puzzle for entry in entries[::step][:SAMPLE]]
    chosen.append(max((entry.puzzle for entry in entries), key=cell_count))
    return chosen


def check_svg(puzzle: Any, **options: Any) -> None:
    root = ET.fromstring(to_svg(draw(puzzle, **options)))
    cells = [node for node in root.iter("{http://www.w3.org/2000/svg}rect")
             if node.get("data-row")]
    assert len(cells) == cell_count(puzzle)


@pytest.mark.parametrize(("kind", "name"), FILES, ids=[name for _, name in FILES])
def test_a_sample_of_each_shared_file_renders(kind: str, name: str) -> None:
    from PIL import Image

    puzzles = sample(entries_of(kind, name))
    for puzzle in puzzles:
        check_svg(puzzle)
    check_svg(puzzles[0], marks=True)
    largest = puzzles[-1]
    image = Image.open(io.BytesIO(to_png(draw(largest, marks=True))))
    assert image.size[0] > 0


def test_kakuro_solutions_drawn_are_the_listed_ones() -> None:
    entries = entries_of("kakuro", "kakuro/janko_kakuro.txt")[:: 50]
    kind = get_kind("kakuro")
    for entry in entries:
        listed = entry.puzzle.listed_solution()
        solved = kind.solve(entry.puzzle).solution
        assert listed is not None and solved is not None
        drawn = draw(solved, solution=True).texts("entry")
        assert drawn == [str(listed.cells[c]) for c in listed.whites]


def test_a_booklet_of_large_kakuro_and_takuzu() -> None:
    kakuro = sorted((e.puzzle for e in entries_of("kakuro", "kakuro/janko_kakuro.txt")),
                    key=cell_count)[-3:]
    takuzu = [e.puzzle for e in entries_of("takuzu", "takuzu/takuzu_vue_rect.txt")][-3:]
    items = [Item(d.title, d) for d in (draw(p, number=i) for i, p in
                                        enumerate([*kakuro, *takuzu], 1))]
    data = booklet(items, per_page=6, paper="a4")
    assert data.startswith(b"%PDF")


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "name"), FILES, ids=[name for _, name in FILES])
def test_every_shared_puzzle_renders(kind: str, name: str) -> None:
    for entry in entries_of(kind, name):
        check_svg(entry.puzzle)
