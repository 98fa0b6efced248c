"""HoDoKu's Forcing Chain (8500) and Forcing Net (8600) on its scale: the step HoDoKu takes,
pinned from hodoku-py 0.2.1's paths (``hodoku.Solver().solve``, default configuration; the
oracle files /work/oracle/hodoku_top1465.txt and hodoku_forum_hardest_1106_half.txt)."""

from __future__ import annotations

from grille.sudoku import parse, solve
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.hodoku import hodoku_path, rate_hodoku
from grille.sudoku.logic.hodoku.state import HodokuGrid
from grille.sudoku.logic.hodoku.tabling import (
    ChainConclusion,
    forcing_chain,
    forcing_chain_conclusions,
    forcing_net_conclusions,
    pick,
)

# top1465 line 350 (0-based): HoDoKu's 13th step is FORCING_CHAIN_CONTRADICTION 32=5 (r4c6 = 5),
# found with several digits from one premise; grille's SE-style chains needed a net there
CHAIN = "8.7..6..2....5....4.....9......2..67..1..4.....63.9..47...6..8...9..2....3....5.."
# forum_hardest_1106_half line 40 (0-based): its 6th step is FORCING_NET_VERITY -49.9 (r6c5 <> 9)
NET = "......7....71.9...68..7......1.6.9..84.....2.........43..2...5...8.1.6.......5..3"


def _first(puzzle: str, technique: str) -> tuple[int, tuple[object, ...], tuple[object, ...]]:
    for i, (step, _, _) in enumerate(hodoku_path(parse(puzzle))):
        if step.technique == technique:
            return i, step.placements, step.eliminations
    raise AssertionError(f"no {technique}")


def test_forcing_chain_is_hodokus_step() -> None:
    assert _first(CHAIN, "Forcing Chain") == (12, ((3, 5, 5),), ())


def test_forcing_net_is_hodokus_step() -> None:
    assert _first(NET, "Forcing Net") == (5, (), ((5, 4, 9),))


def test_scores_are_hodokus() -> None:
    rating = rate_hodoku(parse(CHAIN))
    assert (rating.level, rating.score) == ("extreme", 5634)


def test_conclusions_are_sound_and_picked_as_hodoku_sorts() -> None:
    puzzle = parse(CHAIN)
    solution = solve(puzzle).found[0].cells
    grid = HodokuGrid(list(puzzle.cells))
    for i, (step, _, _) in enumerate(hodoku_path(puzzle)):
        if i == 12:
            break
        for r, c, d in step.placements:
            grid.place(r * 9 + c, d)
        for r, c, d in step.eliminations:
            grid.delete(r * 9 + c, d)
    board = Board(puzzle.shape, *grid.cells_and_marks())
    chains = forcing_chain_conclusions(board)
    nets = forcing_net_conclusions(grid)
    assert chains and len(nets) >= len(chains)
    for found in (*chains, *nets):
        assert (solution[found.cell] == found.digit) == found.place, found
    assert pick(chains) == min((c for c in chains if c.place), key=lambda c: c.cell)
    step = forcing_chain(board)
    assert step is not None and step.placements == ((3, 5, 5),)


def test_pick_prefers_a_placement_then_the_lowest_deletion() -> None:
    out = [ChainConclusion(40, 3, False, ""), ChainConclusion(10, 7, False, ""),
           ChainConclusion(10, 2, False, "")]
    assert pick(out) == ChainConclusion(10, 2, False, "")
    assert pick([*out, ChainConclusion(60, 1, True, "")]).cell == 60  # type: ignore[union-attr]
    assert pick([]) is None


# top1465 line 575 (0-based): HoDoKu's 8th step is GROUPED_DISCONTINUOUS_NICE_LOOP -30.5
# (r4c4 <> 5). grille's grouped AIC search also finds chains ending on a group node, which
# HoDoKu's tables (one premise a candidate) see only as one-deletion loops: the two-deletion
# AIC (7)r5c13 = ... = (7)r56c5 is not HoDoKu's.
GROUPED = "....2.68.9..3.........6.3...9...6..7.1....8..3.6..8.2......5...4.2.1.9...8.9...7."


def test_grouped_nice_loop_is_hodokus() -> None:
    assert _first(GROUPED, "Grouped Nice Loop/AIC") == (7, (), ((3, 3, 5),))


# top1465 lines 425 and 625 (0-based): HoDoKu takes the first ALS-XZ / ALS-XY-Wing of its
# lists (ALSes unit by unit, depth first; restricted commons pair by pair), not the best one
XZ = "82......7..4.1.........9.5.......39..1.45....2.8.3.....7...4..6.....5...1..2..84."
WING = "....8.....915...3.36.....4..1......623.1.94....5...........6.91....4.2....73....."


def test_als_xz_is_hodokus_first() -> None:
    assert _first(XZ, "Almost Locked Set XZ-Rule") == (21, (), ((7, 6, 2),))


def test_als_xy_wing_is_hodokus_first() -> None:
    assert _first(WING, "Almost Locked Set XY-Wing") == (11, (), ((0, 3, 7),))


# forum_hardest_1106_half line 120 (0-based): HoDoKu's 23rd step (index 22) is ALS_XY_CHAIN
# -52.3 (r6c8 <> 3): of all its ALS chains, the most deletions, then the lowest weighted index
# sum. (grille reached it one step late while its nice loops were not HoDoKu's.)
CHAIN_OF_ALSES = "1...5...9..7...2...69..3.4....8........91..7.9....5..83..5....1..2...6...4......."


def test_als_xy_chain_is_hodokus_best() -> None:
    assert _first(CHAIN_OF_ALSES, "Almost Locked Set XY-Chain") == (22, (), ((5, 7, 3),))


# top1465 line 925 (0-based): HoDoKu's 13th step is SUE_DE_COQ -79.4 -80.4 -68.1 -68.7, the
# first of its search (lines, then boxes; intersection pairs, then triples; line sets, then
# box sets, depth first)
SDC = ".29..........4....7..1593.......573..........17..835.92.4..6..1...5..8..9........"


def test_sue_de_coq_is_hodokus_first() -> None:
    index, placements, eliminations = _first(SDC, "Sue de Coq")
    assert (index, placements) == (12, ())
    assert set(eliminations) == {(8, 7, 4), (8, 8, 4), (7, 5, 1), (7, 5, 7)}
