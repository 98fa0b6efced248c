"""Forcing chains: hand-checked positions, node counts, and soundness on hard puzzles."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import shared_file
from grille.errors import BudgetExceededError
from grille.sudoku import Grid, default_shape, solve
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.forcing import rules as net_rules
from grille.sudoku.logic.forcing import tiers as forcing_tiers
from grille.sudoku.logic.forcing.nested import nested_forcing
from grille.sudoku.logic.forcing.net import (
    BASIC_RULES,
    DYNAMIC,
    X_LINKS,
    Y_LINKS,
    Net,
    topology,
)
from grille.sudoku.logic.techniques import up_to
from logic_support import Technique, assert_sound, replay

BASIC_LADDER = up_to("Empty Rectangle")

SHAPE = default_shape(9)
ALL = (1 << 9) - 1
ONE = 1


def board_with(marks: dict[int, int], default: int = ALL) -> Board:
    """An empty 9x9 board whose cells have ``default`` marks except those given."""
    return Board(SHAPE, [0] * 81, [marks.get(cell, default) for cell in range(81)])


def one_pattern() -> Board:
    """Digit 1 everywhere except box 2 outside r1c4 and r1c5: row 1's other 1s are doomed."""
    marks = {}
    for cell in range(81):
        row, col = divmod(cell, 9)
        if row < 3 and 3 <= col < 6 and cell not in (3, 4):
            marks[cell] = ALL & ~ONE
    return board_with(marks)


def test_net_finds_the_contradiction_and_counts_its_nodes() -> None:
    board = one_pattern()
    net = Net(topology(SHAPE), np.array(board.marks, dtype=np.int64), DYNAMIC | X_LINKS)
    net.assume(2 * 0 + 1)  # r1c1 is 1
    net.run()
    r1c4, r1c5 = 3 * 9, 4 * 9  # the candidates r1c4 / 1 and r1c5 / 1
    assert net.conflict == r1c5  # on through the box, off through the row
    assert net.count(2 * r1c5 + 1) == 3 and net.count(2 * r1c5) == 2
    assert net.path(2 * r1c5 + 1) == [1, 2 * r1c4, 2 * r1c5 + 1]


def test_static_net_only_follows_bivalue_cells_and_conjugate_pairs() -> None:
    marks = {0: 0b11, 1: 0b110}  # r1c1 {1,2}, r1c2 {2,3}
    board = board_with(marks)
    net = Net(topology(SHAPE), np.array(board.marks, dtype=np.int64), X_LINKS | Y_LINKS)
    net.assume(2 * 0)  # r1c1 is not 1
    net.run()
    assert net.knows(2 * 1 + 1)  # r1c1 is 2
    assert net.knows(2 * (9 + 1))  # so r1c2 is not 2
    assert net.knows(2 * (9 + 2) + 1)  # so r1c2 is 3
    assert net.conflict == -1


def test_nishio_eliminates_through_a_contradiction() -> None:
    step = forcing_tiers.nishio(one_pattern())
    assert step is not None
    assert step.eliminations == ((0, 0, 1),) and not step.placements
    assert step.difficulty == 7.5
    assert step.explanation.startswith("If r1c1 were 1, then r1c4 would not be 1, r1c5 would be 1")
    assert step.explanation.endswith("so r1c1 is not 1.")
    assert step.links and (0, 0) in step.cells


def test_dynamic_region_forcing_beats_the_longer_contradiction() -> None:
    step = forcing_tiers.dynamic_forcing(one_pattern())
    assert step is not None and step.technique == "Dynamic Forcing Chains: Region"
    assert step.eliminations == ((0, 0, 1),)
    assert step.units == ("box 2",) and step.difficulty == 8.5
    assert step.explanation.startswith("Wherever 1 goes in box 2, r1c1 is not 1")


def test_static_cell_forcing() -> None:
    # r5c5 {1,2,3}; r5c1 {1,4}, r5c2 {2,4}, r5c3 {3,4}: each digit of r5c5 puts 4 in box 4.
    marks = {40: 0b111, 36: 0b1001, 37: 0b1010, 38: 0b1100}
    board = board_with(marks)
    step = forcing_tiers.cell_region_forcing(board)
    assert step is not None and step.technique == "Forcing Chains: Cell"
    ((row, col, digit),) = step.eliminations
    assert digit == 4 and (row == 4 or (3 <= row <= 5 and col < 3))
    assert (row, col) not in ((4, 0), (4, 1), (4, 2))
    assert step.difficulty == 8.3  # three branches of 4 nodes: n = 10 passes 4, 6 and 8
    assert step.explanation.startswith("Whatever r5c5 holds, ")


def test_nested_levels_are_two_to_five() -> None:
    assert nested_forcing(2).__name__ == "nested_forcing_2"
    with pytest.raises(ValueError, match="levels"):
        nested_forcing(6)


def test_trial_and_error_is_sound_and_last() -> None:
    puzzle = Grid.from_string(HARDEST)
    solution = solve(puzzle).solution
    assert solution is not None
    step = forcing_tiers.trial_and_error(Board.from_grid(puzzle))
    assert step is not None and step.difficulty == forcing_tiers.TRIAL_AND_ERROR
    assert_sound(step, solution)


HARDEST = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."

TIERS: tuple[Technique, ...] = (
    forcing_tiers.nishio,
    forcing_tiers.cell_region_forcing,
    forcing_tiers.dynamic_forcing,
    forcing_tiers.dynamic_plus_forcing,
    forcing_tiers.trial_and_error,
)


def _sound_walks(name: str, count: int) -> list[list[str]]:
    """Walk ``count`` puzzles of a shared set with the basic ladder and the tiers, soundly."""
    lines = shared_file("sudoku", name).read_text().split()[:count]
    kinds = []
    for line in lines:
        puzzle = Grid.from_string(line)
        solution = solve(puzzle).solution
        assert solution is not None
        steps = replay(puzzle, solution, (*BASIC_LADDER, *TIERS))
        assert sum(len(s.placements) for s in steps) + 0 <= puzzle.empty_count
        kinds.append([s.technique for s in steps])
    return kinds


@pytest.mark.shared_data
def test_tiers_are_sound_on_top1465_sample() -> None:
    kinds = _sound_walks("magictour_top1465.txt", 6)
    used = {k for path in kinds for k in path}
    assert any(k.startswith("Dynamic Forcing Chains") for k in used)


@pytest.mark.shared_data
@pytest.mark.slow
def test_tiers_are_sound_on_more_puzzles() -> None:
    _sound_walks("magictour_top1465.txt", 30)
    _sound_walks("forum_hardest_1106_half.txt", 10)


TOP1465_3 = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."
"""Puzzle 3 of top1465: Nishio, multiple and dynamic forcing all find a step once it stalls."""


def _stalled(puzzle: str) -> Board:
    """``puzzle``'s board once the basic ladder has nothing more to say."""
    from grille.logic import walk

    board = Board.from_grid(Grid.from_string(puzzle))
    for _, after in walk(board, BASIC_LADDER):
        board = after
    return board


@pytest.mark.parametrize(
    "tier", [forcing_tiers.NISHIO, forcing_tiers.MULTIPLE, forcing_tiers.DYNAMIC_TIER], ids=lambda
    t: t.name
)
def test_compiled_search_finds_the_same_step_as_net_by_net(
    tier: forcing_tiers._Tier, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = _stalled(TOP1465_3)
    compiled = forcing_tiers._easiest(board, tier)
    nishio = [forcing_tiers._nishio_digit(board, digit) for digit in range(1, 10)]
    assert compiled is not None and compiled.technique.startswith(tier.name)
    monkeypatch.setattr(forcing_tiers.tier_kernel, "fits", lambda topo, marks: False)
    assert forcing_tiers._easiest(board, tier) == compiled
    assert [forcing_tiers._nishio_digit(board, digit) for digit in range(1, 10)] == nishio


PLUS_STATE = "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1.35"
"""A top1465 puzzle's grid where the rating ladder first needs dynamic plus."""
PLUS_MARKS = {
    "region": "1589 568 1269 13569 23569 125 123 14569 456 149 3459 156 13 1456 145 1246 156 "
    "12567 1257 2489 4789 2478 1689 46 1247 12478 358 457 18 34 1578 1478 234589 4589 489 39 258 "
    "245 12568 1578 25678 568 25 1247 12478 1258 2578 2789 259 1278 1278 2468 478 2678 68 278",
    "double": "189 68 1269 13569 23569 125 123 14569 456 149 3459 156 13 1456 145 246 156 1267 "
    "1257 2489 4789 2478 1689 46 1247 12478 358 457 18 34 1578 1478 234589 4589 489 39 258 245 "
    "12568 1578 25678 568 25 1247 12478 1258 2578 2789 259 1278 1278 2468 478 2678 68 278",
}
"""Candidates of PLUS_STATE's empty cells, in order, on two boards where dynamic plus is the
first technique of the rating ladder that applies (its winner is a region, a double)."""


def _plus_board(marks: str) -> Board:
    """PLUS_STATE with ``marks`` as the candidates of its empty cells."""
    cells = [0 if ch == "." else int(ch) for ch in PLUS_STATE]
    masks = iter(sum(1 << (int(d) - 1) for d in token) for token in marks.split())
    return Board(SHAPE, cells, [0 if digit else next(masks) for digit in cells])


@pytest.mark.parametrize("kind", ["region", "double"])
def test_compiled_dynamic_plus_finds_the_same_step_as_net_by_net(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = _plus_board(PLUS_MARKS[kind])
    assert forcing_tiers.dynamic_forcing(board) is None  # the step needs the rules
    compiled = forcing_tiers.dynamic_plus_forcing(board)
    assert compiled is not None
    assert compiled.technique == f"Dynamic Forcing Chains (+): {kind.title()}"
    monkeypatch.setattr(forcing_tiers.tier_kernel, "fits", lambda topo, marks: False)
    assert forcing_tiers.dynamic_plus_forcing(board) == compiled


def test_compiled_dynamic_plus_matches_where_the_rules_apply_to_the_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = Board.from_grid(Grid.from_string(TOP1465_3))  # locked candidates, subsets apply
    compiled = forcing_tiers.dynamic_plus_forcing(board)
    assert compiled is not None
    monkeypatch.setattr(forcing_tiers.tier_kernel, "fits", lambda topo, marks: False)
    assert forcing_tiers.dynamic_plus_forcing(board) == compiled


def _new_removals(found: list[tuple[int, tuple[int, ...], int]], net: Net) -> list[object]:
    """What ``Net._advance`` records of a rule's findings: unknown candidates, first time."""
    kept: dict[int, tuple[int, ...]] = {}
    for cand, parents, _ in found:
        if not net.seen[2 * cand] and cand not in kept:
            kept[cand] = parents
    return list(kept.items())


@given(st.data())
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_compiled_rules_list_what_the_python_rules_remove(data: st.DataObject) -> None:
    board = _plus_board(PLUS_MARKS[data.draw(st.sampled_from(sorted(PLUS_MARKS)))])
    topo = topology(SHAPE)
    marks0 = np.array(board.marks, dtype=np.int64)
    cands = [
        9 * cell + d for cell, mask in enumerate(board.marks) for d in range(9) if mask >> d & 1
    ]
    net = Net(topo, marks0, DYNAMIC | X_LINKS | Y_LINKS)
    net.assume(2 * data.draw(st.sampled_from(cands)) + data.draw(st.integers(0, 1)))
    while net.run().conflict < 0 and not net.truncated:
        for which, rule in enumerate(BASIC_RULES):
            expected = _new_removals(rule(net), net)
            assert net_rules.removals(which, topo, marks0, net.marks, net.seen) == expected
        if not net._advance(BASIC_RULES):
            break


def _sparse(rng: random.Random) -> int:
    """A cell's candidates, each digit there one time in four: subsets and fish of every size."""
    return rng.randrange(ALL + 1) & rng.randrange(ALL + 1)


@given(st.randoms(use_true_random=False), st.integers(0, net_rules.RULES - 1))
@settings(max_examples=100, deadline=None)
def test_compiled_rules_match_the_python_rules_on_any_marks(rng: random.Random, which: int) -> None:
    topo = topology(SHAPE)
    marks0 = np.array([_sparse(rng) for _ in range(81)], dtype=np.int64)
    net = Net(topo, marks0, DYNAMIC | X_LINKS | Y_LINKS)
    net.marks[:] = marks0 & ~np.array([_sparse(rng) for _ in range(81)], dtype=np.int64)
    for cand in rng.sample(range(81 * 9), 20):
        net.seen[2 * cand] = 1  # known already: left out
    expected = _new_removals(BASIC_RULES[which](net), net)
    assert net_rules.removals(which, topo, marks0, net.marks, net.seen) == expected


def _first_trial(index: int) -> Board:
    """Forum-hardest puzzle ``index``'s board where the rating ladder without nested levels
    first needs trial and error (nested forcing chains are tried there)."""
    from grille.logic import walk
    from grille.sudoku.logic.explain import ladder

    line = shared_file("sudoku", "forum_hardest_1106_half.txt").read_text().split()[index]
    board = Board.from_grid(Grid.from_string(line))
    for step, after in walk(board, ladder(unique=True, rating=True, nesting=0)):
        if step.technique == "Trial and Error":
            return board
        board = after
    raise AssertionError("the rating ladder needed no trial and error")


@pytest.mark.shared_data
def test_compiled_nested_forcing_finds_the_same_step_as_net_by_net(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = _first_trial(0)
    assert forcing_tiers.dynamic_plus_forcing(board) is None  # level 2 is the first that applies
    compiled = nested_forcing(2)(board)
    assert compiled is not None
    assert compiled.technique == "Nested Forcing Chains (level 2): Contradiction"
    monkeypatch.setattr(forcing_tiers.tier_kernel, "fits", lambda topo, marks: False)
    reference = nested_forcing(2)(board)
    assert reference == compiled
    # the proofs agree too: the compiled path rebuilds each nested finding's inner chain
    assert reference is not None and reference.proof == compiled.proof


@pytest.mark.shared_data
@pytest.mark.slow
def test_compiled_nested_level_3_finds_the_same_step_as_net_by_net(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = _first_trial(3)
    assert nested_forcing(2)(board) is None  # level 3 is the first that applies
    compiled = nested_forcing(3)(board)
    assert compiled is not None and compiled.technique.startswith("Nested Forcing Chains (level 3)")
    monkeypatch.setattr(forcing_tiers.tier_kernel, "fits", lambda topo, marks: False)
    reference = nested_forcing(3)(board)
    assert reference == compiled
    assert reference is not None and reference.proof == compiled.proof


@pytest.mark.shared_data
def test_compiled_nested_forcing_keeps_the_net_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    board = _first_trial(0)
    monkeypatch.setattr(forcing_tiers, "NESTED_NET_BUDGET", 2_000)
    with pytest.raises(BudgetExceededError, match="more than 2,000 nets"):
        nested_forcing(2)(board)
    monkeypatch.setattr(forcing_tiers.tier_kernel, "fits", lambda topo, marks: False)
    with pytest.raises(BudgetExceededError, match="more than 2,000 nets"):
        nested_forcing(2)(board)


def _recorded(found: list[tuple[int, tuple[int, ...], int]], net: Net) -> list[object]:
    """What ``Net._advance`` records of a rule's findings, nested node counts included."""
    kept: dict[int, tuple[tuple[int, ...], int]] = {}
    for cand, parents, extra in found:
        if not net.seen[2 * cand] and cand not in kept:
            kept[cand] = (parents, extra)
    return list(kept.items())


def _check_nested_rule(board: Board, level: int, node: int) -> None:
    """At each stall of ``node``'s nested net, the compiled rule ==
    ``forcing_tiers._nested_rule``."""
    rule = forcing_tiers._nested_rule(level, forcing_tiers._Budget(10**9))
    compiled = forcing_tiers._compiled_rules(level)[-1]
    net = Net(topology(SHAPE), np.array(board.marks, dtype=np.int64), DYNAMIC | X_LINKS | Y_LINKS)
    net.assume(node)
    while net.run().conflict < 0 and not net.truncated:
        if net._advance(net_rules.COMPILED_RULES):
            continue
        expected = _recorded(rule(net), net)
        assert _recorded(compiled(net), net) == expected
        if not expected or not net._advance((compiled,)):
            break


def _candidates(board: Board) -> list[int]:
    """The board's candidates."""
    return [
        9 * cell + d for cell, mask in enumerate(board.marks) for d in range(9) if mask >> d & 1
    ]


@given(st.data())
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_compiled_nested_rule_lists_what_the_python_rule_adds(data: st.DataObject) -> None:
    board = _plus_board(PLUS_MARKS[data.draw(st.sampled_from(sorted(PLUS_MARKS)))])
    level = data.draw(st.integers(2, 4))
    cand = data.draw(st.sampled_from(_candidates(board)))
    _check_nested_rule(board, level, 2 * cand + data.draw(st.integers(0, 1)))


@pytest.mark.shared_data
@pytest.mark.slow
@given(st.data())
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_compiled_nested_rule_matches_on_forum_boards(data: st.DataObject) -> None:
    board = _first_trial(0)
    level = data.draw(st.integers(2, 5))
    cand = data.draw(st.sampled_from(_candidates(board)))
    _check_nested_rule(board, level, 2 * cand + data.draw(st.integers(0, 1)))


def test_nets_apply_ses_rules_in_ses_order() -> None:
    """SE's ``Chaining.getAdvancedPotentials``: ``Locking(false)``, ``HiddenSet(2, false)``,
    ``NakedSet(2)``, ``Fisherman(2)`` (no triples or quads), then at level 2 the forcing
    chains and cycles, at level 3 those before the multiple chains."""
    assert [rule.__name__ for rule in BASIC_RULES] == [
        "locked_candidates", "hidden_2", "naked_2", "fish_2"]  # fmt: skip
    assert net_rules.RULES == 4
    for level, inner in ((2, ["compiled_nested_2_se"]),
                         (3, ["compiled_nested_2_se", "compiled_nested_3"])):  # fmt: skip
        names = [rule.__name__ for rule in forcing_tiers._compiled_rules(level)]
        assert names[4:] == inner


def _rule_net(marks0: list[int], marks: list[int]) -> tuple[Net, np.ndarray]:
    """A net on board ``marks0`` that has come to ``marks`` (what the rules look at)."""
    board = np.array(marks0, dtype=np.int64)
    net = Net(topology(SHAPE), board, DYNAMIC | X_LINKS | Y_LINKS)
    net.marks[:] = np.array(marks, dtype=np.int64)
    return net, board


def _found(which: int, net: Net, board: np.ndarray) -> dict[int, tuple[int, ...]]:
    """Rule ``which``'s first removals with their parents, compiled (the Python rule agrees)."""
    compiled = net_rules.removals(which, topology(SHAPE), board, net.marks, net.seen)
    assert compiled == _new_removals(BASIC_RULES[which](net), net)
    return dict(compiled)


def test_locking_tries_ses_pairs_in_ses_order() -> None:
    """``Locking.getHints``: boxes into columns, boxes into rows, columns into boxes, rows
    into boxes (grille's units: rows 0-8, columns 9-17, boxes 18-26)."""
    pairs = net_rules.box_line_pairs(SHAPE).reshape(-1, 4)[:, :2].tolist()
    assert pairs[:4] == [[18, 9], [18, 10], [18, 11], [19, 12]]
    assert pairs[27:28] == [[18, 0]] and pairs[54:55] == [[9, 18]] and pairs[81:82] == [[0, 18]]
    assert len(pairs) == 108


def test_subsets_only_in_units_with_enough_empty_cells() -> None:
    """Row 1 has four empty cells: SE's ``HiddenSet(2)`` leaves it (more than four wanted),
    ``NakedSet(2)`` takes it (four), so the removals rest on the naked pair's cells."""
    marks0 = [ALL] * 81
    marks0[4:9] = [0] * 5
    marks = list(marks0)
    marks[0:4] = [0b111, 0b1011, 0b1100, 0b1100]  # {1,2,3} {1,2,4} {3,4} {3,4}
    net, board = _rule_net(marks0, marks)
    assert _found(1, net, board) == {}  # no hidden pair {1, 2}
    gone = sorted(2 * (c * 9 + d) for c in (2, 3) for d in range(9) if d not in (2, 3))
    found = _found(2, net, board)
    assert sorted(found) == [2, 9 + 3]  # r1c1 is not 3, r1c2 is not 4
    assert all(sorted(parents) == gone for parents in found.values())


def test_x_wing_takes_columns_as_base_first() -> None:
    """``Fisherman.getHints``: columns as base before rows. Digit 1 is only in rows 1-2 of
    columns 1-2 and only in columns 6-7 of rows 6-7: both X-Wings remove it from r1c6, which
    rests on the first, the columns'."""
    marks = [ALL] * 81
    for c in (0, 1):
        for r in range(2, 9):
            marks[9 * r + c] &= ~1
    for r in (5, 6):
        for c in range(9):
            if c not in (5, 6):
                marks[9 * r + c] &= ~1
    net, board = _rule_net([ALL] * 81, marks)
    columns = tuple(sorted(2 * 9 * (9 * r + c) for c in (0, 1) for r in range(2, 9)))
    assert tuple(sorted(_found(3, net, board)[9 * 5 + 0])) == columns  # r1c6 is not 1
