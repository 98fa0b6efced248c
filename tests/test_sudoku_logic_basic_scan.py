"""The compiled basic scans give the very steps of the plain-Python searches they replace."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import shared_file
from grille.logic import Step, walk
from grille.sudoku import Grid, Shape
from grille.sudoku.logic.basic import kernel as basic_kernel
from grille.sudoku.logic.basic.intersections import (
    claiming,
    direct_claiming,
    direct_pointing,
    pointing,
)
from grille.sudoku.logic.basic.singles import hidden_single, naked_single
from grille.sudoku.logic.basic.subsets import (
    direct_hidden_pair,
    direct_hidden_triple,
    hidden_pair,
    hidden_quad,
    hidden_triple,
    naked_pair,
    naked_quad,
    naked_triple,
)
from grille.sudoku.logic.basic.wings import xy_wing, xyz_wing
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.explain import ladder
from grille.sudoku.logic.single_digit.fish import jellyfish, swordfish, x_wing
from grille.sudoku.logic.techniques import up_to
from logic_support import Technique
from test_sudoku_logic_basic import SIX, SIXTEEN

BASIC_LADDER = up_to("Empty Rectangle")

SCANNED: tuple[Technique, ...] = (
    hidden_single,
    naked_single,
    direct_pointing,
    direct_claiming,
    pointing,
    claiming,
    direct_hidden_pair,
    direct_hidden_triple,
    naked_pair,
    naked_triple,
    naked_quad,
    hidden_pair,
    hidden_triple,
    hidden_quad,
    x_wing,
    swordfish,
    jellyfish,
    xy_wing,
    xyz_wing,
)
"""Every technique whose search the compiled scans replace."""

pytestmark = pytest.mark.skipif(not basic_kernel.enabled(), reason="compiling is off")


def plain_python() -> AbstractContextManager[object]:
    """While inside, the techniques run their plain-Python searches."""
    return mock.patch.object(basic_kernel, "enabled", return_value=False)


def outcome(step: Step | None) -> tuple[Step | None, str]:
    """The step with its area (which Step equality leaves out)."""
    return step, "" if step is None else step.area


def assert_same_steps(board: Board) -> int:
    """Every scanned technique finds the same step both ways on ``board``; how many found one."""
    fast = [outcome(technique(board)) for technique in SCANNED]
    with plain_python():
        plain = [outcome(technique(board)) for technique in SCANNED]
    for technique, got, want in zip(SCANNED, fast, plain, strict=True):
        assert got == want, f"{technique.__name__} on {board.marks}"
    return sum(step is not None for step, _ in fast)


def boards_met(lines: list[str], techniques: tuple[Technique, ...]) -> Iterator[Board]:
    """Every board a walk with ``techniques`` meets on the puzzles of ``lines``."""
    for line in lines:
        start = Board.from_grid(Grid.from_string(line))
        yield start
        for _, after in walk(start, techniques):
            yield after


@pytest.mark.parametrize(
    ("name", "every"), [("magictour_top1465.txt", 97), ("kaggle_9999.txt", 997)]
)
def test_scans_match_plain_python_on_every_board_of_a_rating(name: str, every: int) -> None:
    lines = shared_file("sudoku", name).read_text().split()[::every][:12]
    rating = ladder(unique=True, rating=True)
    found = sum(assert_same_steps(board) for board in boards_met(lines, rating))
    assert found > 100


def test_scans_match_plain_python_on_other_sizes() -> None:
    found = sum(assert_same_steps(board) for board in boards_met([SIX, SIXTEEN], BASIC_LADDER))
    assert found > 50


def common_bits(parts: list[int]) -> int:
    """The bits set in every one of ``parts`` (more parts, fewer candidates)."""
    mask = -1
    for part in parts:
        mask &= part
    return mask


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """A board of some size with arbitrary candidates (some cells filled, some empty without
    candidates): many subsets, fish and wings, and many near misses."""
    box_rows, box_cols = draw(st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3), (3, 4)]))
    shape = Shape(box_rows, box_cols)
    n = shape.size
    density = draw(st.integers(1, 4))
    parts = st.lists(st.integers(0, (1 << n) - 1), min_size=density, max_size=density)
    marks = [common_bits(p) for p in draw(st.lists(parts, min_size=n * n, max_size=n * n))]
    filled = draw(st.sets(st.integers(0, n * n - 1), max_size=n * n // 3))
    cells = [1 + cell % n if cell in filled else 0 for cell in range(n * n)]
    return Board(shape, cells, marks)


@settings(max_examples=300, deadline=None)
@given(boards())
def test_scans_match_plain_python_on_arbitrary_boards(board: Board) -> None:
    assert_same_steps(board)


def test_scans_find_every_family_on_arbitrary_boards() -> None:
    """The arbitrary boards above do reach every technique (the comparison is not vacuous)."""
    import random

    rng = random.Random(5)
    shape = Shape(3, 3)
    hits = dict.fromkeys(SCANNED, 0)
    for _ in range(300):
        density = rng.choice((1, 2, 3))
        marks = [common_bits([rng.randrange(512) for _ in range(density)]) for _ in range(81)]
        board = Board(shape, [0] * 81, marks)
        for technique in SCANNED:
            hits[technique] += technique(board) is not None
    assert all(hits.values()), {t.__name__: count for t, count in hits.items()}
