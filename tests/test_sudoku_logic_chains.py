"""Named chains (X, XY, AIC, nice loops, grouped), ALS techniques, and the length increment.

Hand-made positions: every cell outside the pattern holds a digit, so only the pattern's
candidates matter. Soundness is checked on top1465 puzzles against their solutions.
"""

from __future__ import annotations

import pytest

from conftest import shared_file
from grille.logic import Step
from grille.sudoku import Grid, solve
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.chains.als import als_xy_wing, als_xz, sue_de_coq
from grille.sudoku.logic.chains.named import (
    aic,
    grouped_aic,
    grouped_x_chain,
    x_chain,
    xy_chain,
)
from grille.sudoku.logic.difficulty import chain_difficulty, length_increment
from logic_support import Technique, pattern, replay

# -- the length increment ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("nodes", "increment"),
    [
        (2, 0.0),
        (6, 0.0),
        (7, 0.1),
        (8, 0.1),
        (9, 0.2),
        (10, 0.2),
        (11, 0.3),
        (14, 0.3),
        (15, 0.4),
        (18, 0.4),
        (19, 0.5),
        (26, 0.5),
        (27, 0.6),
        (34, 0.6),
        (35, 0.7),
        (50, 0.7),
        (51, 0.8),
        (66, 0.8),
        (67, 0.9),
        (98, 0.9),
        (99, 1.0),
        (130, 1.0),
        (131, 1.1),
    ],
)
def test_length_increment_steps_past_each_threshold(nodes: int, increment: float) -> None:
    assert length_increment(nodes) == pytest.approx(increment)


def test_chain_difficulty_rounds_to_one_decimal() -> None:
    assert chain_difficulty(6.6, 10) == 6.8
    assert chain_difficulty(7.0, 4) == 7.0


# -- chains --------------------------------------------------------------------------------


def ones(names: str) -> dict[str, str]:
    """Cells (space separated) whose only candidate is 1."""
    return dict.fromkeys(names.split(), "1")


X_CHAIN = ones("r1c1 r7c1 r7c5 r2c5 r1c6 r2c2 r1c8 r2c9 r3c3 r3c4 r3c9 r7c9")


def test_x_chain_removes_the_digit_seeing_both_ends() -> None:
    step = x_chain(pattern(X_CHAIN))
    assert step is not None and step.technique == "X-Chain"
    assert step.eliminations == ((0, 5, 1), (1, 1, 1))
    assert step.difficulty == 6.6
    assert step.explanation.startswith("(1)r1c1 = (1)r7c1 - (1)r7c5 = (1)r2c5: if r1c1 is not 1")
    assert [link.strong for link in step.links] == [True, False, True]


def test_x_chain_needs_its_strong_links() -> None:
    assert x_chain(pattern({**X_CHAIN, "r5c1": "1"})) is None


XY_CHAIN = {"r1c1": "12", "r1c5": "23", "r5c5": "34", "r5c9": "14", "r1c9": "156", "r5c1": "178"}


def test_xy_chain_through_four_bivalue_cells() -> None:
    step = xy_chain(pattern(XY_CHAIN))
    assert step is not None and step.technique == "XY-Chain"
    assert step.eliminations == ((0, 8, 1), (4, 0, 1))
    assert step.difficulty == 6.8  # 8 nodes + 2: n = 8 passes 4 and 6


def test_xy_chain_needs_bivalue_cells() -> None:
    assert xy_chain(pattern({**XY_CHAIN, "r5c5": "349"})) is None


AIC = {"r1c1": "256", "r1c7": "589", "r3c9": "28", "r3c1": "257", "r2c2": "259", "r6c1": "259"}


def test_aic_with_ends_of_different_digits() -> None:
    step = aic(pattern(AIC))
    assert step is not None and step.technique == "AIC"
    assert step.eliminations == ((0, 0, 2), (2, 0, 5))
    assert step.difficulty == 7.1
    assert "So r1c1 is 5 or r3c1 is 2" in step.explanation


def test_aic_does_not_fire_without_a_chain() -> None:
    assert aic(pattern({**AIC, "r3c5": "2"})) is None


def test_continuous_nice_loop_removes_along_its_weak_links() -> None:
    step = aic(pattern({"r1c1": "256", "r1c7": "589", "r1c3": "248"}))
    assert step is not None and step.technique == "Continuous Nice Loop"
    assert step.eliminations == ((0, 0, 6), (0, 2, 4), (0, 6, 9))
    assert step.difficulty == 7.0
    assert len(step.links) == 6


def test_chain_back_to_its_start_places_it() -> None:
    # If r1c1 is not 1, box 1's 1 is r2c2, so r4c2 is not 1, so r4c5 is, so r1c5 is not,
    # and row 1's 1 is r1c1 after all.
    spec = ones("r1c1 r1c5 r4c5 r4c2 r2c2 r9c5 r8c2")
    step = x_chain(pattern(spec))
    assert step is not None and step.technique == "X-Chain"
    assert step.placements == ((0, 0, 1),) and step.eliminations == ()
    assert step.explanation.endswith("so r1c1 is 1.")


GROUPED = ones("r1c1 r1c5 r1c6 r2c4 r8c4 r8c1 r8c7 r5c1")


def test_grouped_x_chain_uses_a_box_line_group() -> None:
    assert x_chain(pattern(GROUPED)) is None
    step = grouped_x_chain(pattern(GROUPED))
    assert step is not None and step.technique == "Grouped X-Chain"
    assert step.eliminations == ((7, 0, 1),)
    assert step.difficulty == 6.7
    assert "1 is in r1c56" in step.explanation


def test_grouped_aic_finds_plain_chains_too() -> None:
    step = grouped_aic(pattern(AIC))
    assert step is not None and step.eliminations == ((0, 0, 2), (2, 0, 5))


def test_chains_work_on_a_4x4_grid() -> None:
    spec = {"r1c1": "12", "r1c3": "23", "r3c3": "34", "r3c1": "14", "r2c2": "124"}
    board = pattern(spec, Shape(2, 2))
    step = xy_chain(board) or aic(board)
    assert step is not None


# -- ALS techniques ------------------------------------------------------------------------


def test_als_xz_with_one_restricted_common() -> None:
    spec = {"r1c1": "12", "r4c1": "13", "r4c5": "234", "r4c8": "34", "r4c9": "56", "r1c5": "29"}
    step = als_xz(pattern(spec))
    assert step is not None and step.technique == "ALS-XZ"
    assert step.eliminations == ((0, 4, 2),)
    assert step.difficulty == 6.8


def test_als_xz_without_restricted_common() -> None:
    spec = {"r1c1": "12", "r4c2": "13", "r4c5": "234", "r4c8": "34", "r4c9": "56", "r1c5": "29"}
    step = als_xz(pattern(spec))
    assert step is None or (0, 4, 2) not in step.eliminations


def test_doubly_linked_als_xz_locks_both_sets() -> None:
    spec = {"r1c1": "12", "r1c4": "13", "r1c5": "23", "r1c8": "1239", "r2c5": "34"}
    step = als_xz(pattern(spec))
    assert step is not None and step.technique == "ALS-XZ (doubly linked)"
    assert {(0, 7, 1), (0, 7, 2), (0, 7, 3), (1, 4, 3)} <= set(step.eliminations)


def test_als_xy_wing() -> None:
    spec = {"r5c5": "12", "r5c1": "13", "r5c2": "34", "r1c5": "24", "r2c5": "25", "r1c2": "49"}
    step = als_xy_wing(pattern(spec))
    assert step is not None and step.technique == "ALS-XY-Wing"
    assert step.eliminations == ((0, 1, 4),)
    assert step.difficulty == 7.2


def test_als_xy_wing_needs_two_links() -> None:
    spec = {"r5c5": "12", "r5c1": "13", "r5c2": "34", "r1c6": "24", "r2c6": "25", "r1c2": "49"}
    assert als_xy_wing(pattern(spec)) is None


SUE_DE_COQ = {"r1c1": "123", "r1c2": "234", "r1c5": "12", "r2c1": "34", "r1c8": "15", "r3c3": "36"}


def test_sue_de_coq_splits_the_intersection() -> None:
    step = sue_de_coq(pattern(SUE_DE_COQ))
    assert step is not None and step.technique == "Sue de Coq"
    assert step.eliminations == ((0, 7, 1), (2, 2, 3))
    assert step.difficulty == 6.7


def test_sue_de_coq_needs_disjoint_sides() -> None:
    assert sue_de_coq(pattern({**SUE_DE_COQ, "r2c1": "14"})) is None


# -- soundness -----------------------------------------------------------------------------


def _ladder() -> tuple[Technique, ...]:
    """The basic ladder, then uniqueness, ALS and chains."""
    from grille.sudoku.logic.techniques import GRILLE, ladder, technique, up_to

    uniqueness = tuple(t for t in ladder(GRILLE, unique=True) if t.unique)
    named = ("Sue de Coq", "ALS-XZ", "ALS-XY-Wing", "X-Chain", "XY-Chain", "Grouped X-Chain",
             "AIC", "Grouped AIC")
    return (*up_to("Empty Rectangle"), *uniqueness, *(technique(name) for name in named))


@pytest.mark.shared_data
def test_chain_uniqueness_and_als_steps_are_sound_on_top1465() -> None:
    lines = shared_file("sudoku", "magictour_top1465.txt").read_text().split()[:60]
    ladder = _ladder()
    used: set[str] = set()
    for line in lines:
        puzzle = Grid.from_string(line)
        solution = solve(puzzle).solution
        assert solution is not None
        used |= {step.technique for step in replay(puzzle, solution, ladder)}
    assert {"AIC", "ALS-XZ", "ALS-XY-Wing", "Sue de Coq", "Grouped AIC"} <= used


# Extreme puzzles (from the Nishio practice search) whose walks take ALS-XZ and ALS-XY-Wing
# steps several times, or get stuck after them.
ALS_HEAVY = (
    "500000000032005000061028300100000053005030600370000008008140970000900280000000004",
    "003010800800400126090000000037050060000607000080090710000000080712003005008040300",
    "000005060006090040070400200200000750600107003087000004003009070010080400090500000",
)


def _every_pair_xz(board: Board) -> Step | None:
    """ALS-XZ's step found by examining every linked pair (what ``als_xz`` prunes)."""
    from grille.sudoku.logic.chains import als

    sets, pairs = als._linked_plain(board)
    best: tuple[tuple[float, int, int], Step] | None = None
    for i, j, rcc in pairs:
        if rcc.bit_count() > 2:
            continue
        a, b = sets[i], sets[j]
        elims = als._xz_eliminations(board, a, b, rcc, list(board.planes))
        if not elims:
            continue
        difficulty = als.ALS_XZ_DOUBLY_LINKED if rcc.bit_count() == 2 else als.ALS_XZ
        rank = (difficulty, len(a.cells) + len(b.cells), -len(set(elims)))
        if best is None or rank < best[0]:
            best = (rank, als._xz_step(board, a, b, rcc, elims, difficulty))
    return None if best is None else best[1]


def test_grouped_restricted_commons_match_the_set_by_set_search() -> None:
    """``_linked`` (grouped by the cells holding each digit) finds the same pairs, in the
    same order, as the set-by-set reference, and each set's indexes are its cells' own, on
    every board of three walks up to Nishio (so ALS-XZ and ALS-XY-Wing steps are unchanged);
    ALS-XZ, which skips pairs ranked after its best so far, takes the step that examining
    every pair takes."""
    from grille.sudoku.logic.chains import als
    from grille.sudoku.practice import _walk, find_technique, practice_ladder

    ladder = practice_ladder()
    ladder = ladder[: ladder.index(find_technique("Nishio Forcing Chain")) + 1]
    boards = pairs = 0
    for text in ALS_HEAVY:
        for _technique, _step, board in _walk(Board.from_grid(Grid.from_string(text)), ladder):
            if board.solved:
                continue
            found = als._linked.__wrapped__(board)
            assert found == als._linked_plain(board)
            assert als.als_xz(board) == _every_pair_xz(board)
            boards += 1
            pairs += len(found[1])
            peers = [set(cell_peers) for cell_peers in board.shape.peers]
            for one in found[0]:
                for x in range(board.n):
                    holding = [cell for cell in one.cells if board.has(cell, x + 1)]
                    assert one.where[x] == sum(1 << cell for cell in holding)
                    seen = (set.intersection(*(peers[cell] for cell in holding)) if holding
                            else set())
                    assert one.seen[x] == sum(1 << cell for cell in seen - set(one.cells))
    assert boards > 30 and pairs > 1000
