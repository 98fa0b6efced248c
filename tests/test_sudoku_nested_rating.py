"""SE's numbers at its hard end, at grille's default settings (SE's whole ladder, nested
forcing chains included): puzzles serate rated (``/work/oracle/se_hard_*.txt``: SE 1.2.1.3,
``serate --format="%r %p %d"``) whose nested rating takes grille seconds."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from grille.sudoku import Grid
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.explain import rate
from grille.sudoku.logic.forcing import rules as net_rules
from grille.sudoku.logic.forcing import tier_kernel, tiers
from grille.sudoku.logic.forcing.nested import nested_forcing
from grille.sudoku.logic.forcing.net import DYNAMIC, X_LINKS, Y_LINKS, Net, topology
from grille.sudoku.logic.rating import UNSOLVED

LINE_5 = ".2.4...8......9..2..9.3............5..8..7....4.5..82...46..21.6.21..4...1......8"
"""forum_hardest_1106_half.txt line 5: SE 10.4 / 10.4 / 9.4 (75 s in serate); grille rated it
10.5 until level 2 ran SE's own inner tier (forcing chains and cycles, ``se_chains``)."""

AI_ESCARGOT = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
"""AI Escargot: SE 10.5 / 1.2 / 1.2 (287 s in serate, ``se_hard_famous.txt``); grille rated it
10.6 until level 2 ran SE's own inner tier."""

LINE_41 = "......7....71.9...68..7......1.6.9..84.....2.........43..2...5...8.1.6.......5..3"
"""forum_hardest_1106_half.txt line 41: SE 10.9 / 10.9 / 2.6 (684 s in serate, helper bench's
``se_forum_hardest_1106_half.txt``); grille rated it 11.0 until a nested chain's inner count
was added once for both targets of a contradiction, as SE's ``getNestedComplexity``."""

LINE_9 = "..3.9....4...8..36..8...1...4..6..73...9..........2.....4.7..686........7.....5.4"
"""forum_hardest_1106_half.txt line 9: SE 10.4 / 10.4 / 2.6 (120 s in serate)."""

LINE_8 = "....5.7..4.7..9.3..8....1..2.8..7.....4..8....7..9...3......6...4...2.97..2.....1"
"""forum_hardest_1106_half.txt line 8: SE 10.4 / 1.2 / 1.2 (133 s in serate)."""

SE_RATED: dict[str, tuple[float, float, float]] = {
    AI_ESCARGOT: (10.5, 1.2, 1.2),
    LINE_5: (10.4, 10.4, 9.4),
    LINE_8: (10.4, 1.2, 1.2),
    LINE_9: (10.4, 10.4, 2.6),
    LINE_41: (10.9, 10.9, 2.6),
}


def _rating(puzzle: str) -> tuple[float, float, float]:
    rating = rate(Grid.from_string(puzzle))
    assert rating.solved and rating.hardest != "Trial and Error"
    return round(rating.er, 1), round(rating.ep, 1), round(rating.ed, 1)


@pytest.mark.parametrize("puzzle", [LINE_8, LINE_9, LINE_41, LINE_5, AI_ESCARGOT])
def test_default_rating_is_ses(puzzle: str) -> None:
    assert _rating(puzzle) == SE_RATED[puzzle]


def test_default_rating_reaches_nested_levels_and_ses_first_step() -> None:
    er, _, ed = _rating(LINE_5)
    assert 10.0 <= er < 11.0 and ed == SE_RATED[LINE_5][2]


def test_nesting_caps_the_ladder_and_trial_and_error_rates_ses_unsolved() -> None:
    rating = rate(Grid.from_string(LINE_5), nesting=0)
    assert rating.hardest == "Trial and Error" and rating.er == UNSOLVED == 20.0


LINE_46 = "..1.......5...6..16.7...........1..3...4.5.8..9..2..5...5..3..7....8..4..3.5..2.."
"""forum_hardest_1106_half.txt line 46: SE 10.5 / 1.2 / 1.2 (helper bench's
``se_forum_hardest_1106_half.txt``). grille rated it 10.4 until level 2 ran SE's own inner
tier; its whole rating takes about 10 s, so its hardest step is pinned on its board."""

LINE_46_STEP_11 = (
    [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 6, 0, 0, 1, 6, 0, 7, 0, 0, 0, 0, 0, 0, 5, 0,
     0, 0, 0, 1, 0, 0, 3, 0, 0, 0, 4, 0, 5, 0, 8, 0, 0, 9, 0, 0, 2, 0, 0, 5, 0, 0, 0, 5, 0,
     0, 3, 0, 0, 7, 0, 0, 0, 0, 8, 0, 3, 4, 5, 0, 3, 0, 5, 0, 0, 2, 0, 0],
    [390, 138, 0, 454, 348, 458, 504, 358, 426, 398, 0, 398, 454, 332, 0, 456, 326, 0, 0,
     138, 0, 391, 285, 394, 408, 262, 394, 0, 234, 170, 480, 352, 0, 360, 322, 0, 69, 97, 38,
     0, 356, 0, 353, 0, 290, 205, 0, 172, 228, 0, 192, 105, 0, 40, 394, 171, 0, 291, 297, 0,
     416, 289, 0, 323, 97, 290, 355, 0, 322, 0, 0, 0, 457, 0, 424, 0, 361, 328, 0, 289, 416],
)  # fmt: skip
"""Line 46's board before grille's step 11 (cells, pencil marks as digit bitmasks)."""


def test_line_46_hardest_step_is_ses_10_5() -> None:
    cells, marks = LINE_46_STEP_11
    board = Board(Grid.from_string(LINE_46).shape, cells, marks)
    step = nested_forcing(2)(board)
    assert step is not None
    assert step.eliminations == ((6, 1, 2),) and step.difficulty == 10.5  # r7c2 is not 2


PLATINUM_BLONDE = (
    ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."
)
"""Platinum Blonde: SE 10.6 / 1.2 / 1.2 (595 s in serate); grille rated it 10.5 until its
nets' hidden and naked pairs were searched in SE's unit order (boxes, columns, rows). A whole
rating takes about 12 s, so the step where the paths parted is pinned."""

PLATINUM_BLONDE_STEP_4 = (
    [
     0, 0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 2, 3, 0, 0, 4, 0, 0, 0,
     0, 1, 8, 0, 0, 0, 0, 5, 0, 6, 0, 0, 7, 0, 8, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0, 0, 0,
     8, 5, 0, 0, 0, 0, 0, 9, 0, 0, 0, 4, 0, 5, 0, 0, 4, 7, 5, 0, 0, 6, 0, 0, 0
    ],
    [
     244, 412, 364, 360, 432, 216, 352, 0, 0, 241, 409, 360, 363, 435, 219, 352, 496, 0,
     241, 401, 0, 0, 433, 209, 0, 496, 480, 70, 270, 0, 0, 38, 14, 358, 366, 0, 22, 0,
     268, 11, 0, 31, 0, 270, 265, 214, 158, 76, 43, 55, 0, 103, 110, 105, 39, 7, 0, 0,
     263, 71, 103, 366, 361, 0, 7, 36, 67, 0, 199, 0, 166, 225, 0, 0, 0, 259, 391, 0,
     263, 390, 385
    ],
)  # fmt: skip
"""Platinum Blonde's board after its first three steps (the same in SE's path and grille's)."""


def test_platinum_blonde_step_4_counts_as_se() -> None:
    """SE's counts on this board (its ``Chaining(true, true, false, 2).getHintList``, read
    with a probe on se.jar): r7c9=1 leads to a contradiction in 88 nodes, r9c7=9 in 96 (flat
    64, nested 32: its net's hidden pair in box 9 rests on the inner chains that removed 7
    from r1c4 and r2c4). grille counted r9c7=9 at 78 and took it first."""
    cells, marks = PLATINUM_BLONDE_STEP_4
    board = Board(Grid.from_string(PLATINUM_BLONDE).shape, cells, marks)
    scan = tiers._Scan(
        topology(board.shape), np.array(board.marks, dtype=np.int64), tiers._level_tier(2),
        tiers._Budget(10**9), tiers._compiled_rules(2),
    )  # fmt: skip
    r7c9_1, r9c7_9 = 62 * 9, 78 * 9 + 8
    assert [h.nodes for h in tiers._binary(scan, r7c9_1, double=False)] == [88]
    assert [h.nodes for h in tiers._binary(scan, r9c7_9, double=False)] == [96]
    step = nested_forcing(2)(board)
    assert step is not None and step.eliminations == ((6, 8, 1),)  # r7c9 is not 1


LINE_1905_130 = (
    "98.7.....76..5......4..87..6....94.....3.........2..1..9...46.....2...5.....1..43"
)
"""forum_hardest_1905_11plus_1k.txt line 130: SE 11.3 / 11.3 / 10.1 (helper bench's
``se_forum_hardest_1905_11plus_1k.txt``). grille rated it 11.0 / 11.0 / 10.0 until its nets
applied SE's rules only (pairs, no triples), in SE's unit order, and level 3 ran SE's
level-2 chains before its multiple chains (``Chaining.getAdvancedPotentials``)."""

LINE_1905_130_STEP_8 = (
    [
     9, 8, 0, 7, 0, 0, 0, 0, 0, 7, 6, 0, 0, 5, 0, 0, 0, 0, 0, 0, 4, 0, 0, 8, 7, 0, 0, 6,
     0, 0, 0, 0, 9, 4, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 1, 0, 0, 9,
     0, 0, 0, 4, 6, 0, 0, 0, 0, 0, 2, 0, 0, 0, 5, 0, 0, 0, 0, 0, 1, 0, 0, 4, 3
    ],
    [
     0, 0, 23, 0, 44, 39, 23, 38, 27, 0, 0, 7, 265, 0, 7, 391, 390, 393, 23, 23, 0, 289,
     292, 0, 0, 294, 275, 0, 87, 215, 145, 192, 0, 0, 198, 210, 155, 91, 467, 0, 232,
     113, 402, 450, 498, 156, 92, 468, 168, 0, 112, 404, 0, 496, 151, 0, 215, 144, 196,
     0, 0, 194, 195, 141, 73, 229, 0, 484, 100, 385, 0, 449, 146, 82, 242, 416, 0, 112,
     386, 0, 0
    ],
)  # fmt: skip
"""That puzzle's board before grille's step 8."""


def test_line_1905_130_hardest_step_is_ses_11_3() -> None:
    """grille's steps 8 and 9 (SE's path of this puzzle is not in the oracle files; its ER is
    11.3). Until level 3's inner hints came in SE's order with SE's rule parents, step 8 was
    the 11.3 (r8c1 is not 3); now a contradiction from r7c1=8 counts 11.2 and comes first."""
    cells, marks = LINE_1905_130_STEP_8
    board = Board(Grid.from_string(LINE_1905_130).shape, cells, marks)
    step = nested_forcing(3)(board)
    assert step is not None
    assert step.eliminations == ((6, 0, 8),) and step.difficulty == 11.2  # r7c1 is not 8
    marks = list(marks)
    marks[54] &= ~(1 << 7)
    board = Board(Grid.from_string(LINE_1905_130).shape, cells, marks)
    step = nested_forcing(3)(board)
    assert step is not None
    assert step.eliminations == ((7, 0, 3),) and step.difficulty == 11.3  # r8c1 is not 3


LINE_1905_100 = (
    "98.7..6..7.5....8.....8...567..4.5....3..7........6.2.45...89....749............1"
)
"""forum_hardest_1905_11plus_1k.txt line 100: SE 11.1 / 11.1 / 7.1 (helper bench's
``se_forum_hardest_1905_11plus_1k.txt``). grille rated it 11.0 until level 3's inner multiple
chains came in SE's order with SE's rule parents (``Chaining.getHintList``'s sort,
``ChainingHint.getRuleParents``): its nets' removals rested on other inner hints, so its
contradiction from r7c5=3 counted 106 nodes (11.0) and came before SE's two steps below."""

LINE_1905_100_CELLS = [
    9, 8, 0, 7, 0, 0, 6, 0, 0, 7, 0, 5, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0, 8, 0, 0, 0, 5, 6, 7,
    0, 0, 4, 0, 5, 0, 0, 0, 0, 3, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 6, 0, 2, 0, 4, 5, 0, 0,
    0, 8, 9, 0, 0, 0, 0, 7, 4, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
]  # fmt: skip
LINE_1905_100_STEP_4 = [
    0, 0, 11, 0, 23, 31, 0, 13, 14, 0, 47, 0, 295, 39, 271, 15, 0, 270, 7, 47, 43, 295, 0,
    271, 79, 329, 0, 0, 0, 387, 391, 0, 263, 0, 261, 388, 147, 267, 0, 403, 19, 0, 137, 297,
    424, 145, 265, 393, 405, 21, 0, 205, 0, 204, 0, 0, 35, 39, 103, 0, 0, 100, 102, 135, 39,
    0, 0, 0, 23, 134, 48, 166, 134, 294, 418, 54, 118, 22, 206, 124, 0,
]  # fmt: skip
"""Line 100's pencil marks after its first three steps (SE's ``sepath`` and grille's agree:
7.1, 9.9, 10.7; ``/work/oracle/sepath-selevel2-1905-line100-partial.txt``)."""


@pytest.mark.parametrize(
    ("step", "removed", "difficulty"),
    [
        (4, (8, 4, 5), 11.0),  # SE: "Cell Forcing Chains: D2 ==> E9.5 off", r9c5 is not 5
        (5, (1, 3, 3), 11.1),  # SE: "Contradiction Forcing Chain: D2.3 on", r2c4 is not 3
    ],
)
def test_line_1905_100_steps_4_and_5_are_ses(
    step: int, removed: tuple[int, int, int], difficulty: float
) -> None:
    marks = list(LINE_1905_100_STEP_4)
    if step == 5:
        marks[76] &= ~(1 << 4)  # step 4: r9c5 is not 5
    board = Board(Grid.from_string(LINE_1905_100).shape, LINE_1905_100_CELLS, marks)
    found = nested_forcing(3)(board)
    assert found is not None
    assert found.eliminations == (removed,) and found.difficulty == difficulty
    if step == 4:  # SE's probe: 128 nodes, flat 70 (17 + 9 + 15 + 4 + 25), nested 58
        hint = tiers._compiled_hint(board, tiers._level_tier(3))
        assert hint is not None and hint.nodes == 128
        assert [len(net.ancestors(t)) for _, net, (t,) in hint.branches] == [17, 9, 15, 4, 25]


def test_level_3_inner_hints_come_in_ses_order_with_ses_parents() -> None:
    """At a stall of a level-3 net, the inner multiple chains come as SE's ``getHints`` hands
    them on: sorted by node count then ``getSortKey``, equal removals once, and each with
    rule parents (what the net removed where its chains' causes look); the rest dropped."""
    board = Board(Grid.from_string(LINE_1905_100).shape, LINE_1905_100_CELLS,
                  LINE_1905_100_STEP_4)  # fmt: skip
    topo = topology(board.shape)
    inner = dataclasses.replace(tiers._inner(3), se=0)
    rank = {tier_kernel.CELL: 5, tier_kernel.REGION: 6}
    checked = 0
    for node in (2 * 110 + 1, 2 * 606 + 1, 2 * 688 + 1):  # r2c4=3, r7c5=3, r9c5=5
        net = Net(topo, np.array(board.marks, dtype=np.int64), DYNAMIC | X_LINKS | Y_LINKS)
        net.assume(node)
        net.run(net_rules.COMPILED_RULES)
        if net.conflict >= 0:
            continue
        found = tier_kernel.nested_findings(topo, inner, net.marks0, net.marks, net.seen)
        keys = [(f.nodes, rank[f.kind]) for f in found]
        assert keys == sorted(keys)
        removals = [frozenset(f.removals(9, net.marks.tolist())) for f in found]
        assert len(set(removals)) == len(removals)
        gone = {2 * (c * 9 + d) for c, m in enumerate(net.removed().tolist())
                for d in range(9) if m >> d & 1}  # fmt: skip
        assert all(f.parents and set(f.parents) <= gone for f in found)
        checked += len(found)
    assert checked > 0
