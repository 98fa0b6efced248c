"""HoDoKu's nice loops and AICs (read from its tables), its XY-chains (its depth-first search)
and its Franken fish on its scale: the step HoDoKu takes, pinned from hodoku-py 0.2.1's paths
(``hodoku.Solver().solve``, default configuration; the oracle files
/work/oracle/hodoku_paths_extreme_misses_hodokux.txt, hodoku_top1465.txt and
hodoku_forum_hardest_1106_half.txt). Before these finders each of these steps differed."""

from __future__ import annotations

import pytest

from grille.sudoku import parse, solve
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.hodoku import hodoku_path, rate_hodoku
from grille.sudoku.logic.hodoku.franken import franken_scan
from grille.sudoku.logic.hodoku.nice_loops import nice_loop_finds
from grille.sudoku.logic.hodoku.xy_chain import xy_chain_deletions


def _out(*cells: str) -> set[tuple[int, int, int]]:
    """HoDoKu's ``-cell.digit`` deletions as (row, column, digit)."""
    found = set()
    for text in cells:
        cell, digit = text.split(".")
        found.add((int(cell) // 9, int(cell) % 9, int(digit)))
    return found


# (puzzle, step index, grille's technique name, HoDoKu's type and deletions)
PINNED = [
    # helper "hodoku"'s tuning paths, where grille's own chain search took another loop
    ("..5.32.....9..1..34........6.....2..2....5.84..7...1..8...6...7.1...85.2.......4.", 48,
     "Nice Loop/AIC", _out("48.2", "48.4", "48.8")),  # DISCONTINUOUS_NICE_LOOP
    ("1...8...3.534...2.9..........72..16.5......9...1.....7...64........1.2....5.72..8", 14,
     "Grouped Nice Loop/AIC", _out("46.2", "46.3", "46.6", "46.8")),  # GROUPED_DISCONTINUOUS
    ("..2...9..9....6..18..4...3.....6..5..3...82........3.7.2.9..1..6.1.5.....7...4...", 16,
     "Nice Loop/AIC", _out("50.5", "46.9")),  # AIC, two digits
    ("..3...4.....53.68.81......2.......544..8....3..9....7.7...6.....4...52.8.2...9...", 5,
     "Nice Loop/AIC", _out("11.2", "27.2", "45.2")),  # AIC
    ("9.6.....8.4.8....9.....67...9.......83..5...2..1..75......153.....4.2.1.4........", 5,
     "Nice Loop/AIC",  # CONTINUOUS_NICE_LOOP: a cell with two strong links, weak links
     _out("22.2", "22.3", "52.3", "52.4", "39.9", "57.9", "75.9")),
    ("4..7231..1...8.........9....52....7..7....3.58.............648..13...2.....2...53", 37,
     "XY-Chain", _out("24.8", "35.8")),
    ("98.7..6..5...9..7...7..4...3...2.1...5...3.....854..9..1......2..54...6.....8.5..", 0,
     "Finned Franken Swordfish", _out("56.4")),
    # top1465: of all four-node X-chains, the most deletions then the lowest weighted sum
    ("2..8..1.9.6...1.4.8..4.53......42.6....1.9....4.68......69.4..8.8.2...9.7.3..8..4", 13,
     "Turbot Fish", _out("28.3")),
    # forum 1905: HoDoKu's first empty rectangle (digits, boxes, its nine shapes in order)
    ("...........5.9.17..3...2..84..........94..3...7.86...4..7..8...2.......1..19...56", 4,
     "Empty Rectangle", _out("68.4")),
]


def test_remote_pair_deletes_from_peers_of_any_two_opposite_cells() -> None:
    # generated (bench file): HoDoKu's REMOTE_PAIR -3.4 -22.4, one step (grille's own finder
    # took r1c4 first and needed a second Remote Pair: score 660, HoDoKu 490)
    puzzle = "........5.7.....1.6.1..8.2.1...649...69...58...375...1.8.2..6.3.4.....7.3........"
    pairs = [step for step, _, _ in hodoku_path(parse(puzzle)) if step.technique == "Remote Pair"]
    assert [set(step.eliminations) for step in pairs] == [_out("3.4", "22.4")]
    assert rate_hodoku(parse(puzzle)).score == 490


@pytest.mark.parametrize(("puzzle", "index", "technique", "deleted"), PINNED)
def test_step_is_hodokus(
    puzzle: str, index: int, technique: str, deleted: set[tuple[int, int, int]]
) -> None:
    grid = parse(puzzle)
    solution = solve(grid).found[0].cells
    for i, (step, _, _) in enumerate(hodoku_path(grid)):
        if i == index:
            assert step.technique == technique
            assert set(step.eliminations) == deleted
            assert all(solution[r * 9 + c] != d for r, c, d in step.eliminations)
            return
    raise AssertionError("the path ended early")


def _board_before(puzzle: str, index: int) -> Board:
    board = Board.from_grid(parse(puzzle))
    for i, (step, _, _) in enumerate(hodoku_path(parse(puzzle))):
        if i == index:
            return board
        board = board.apply(step)
    raise AssertionError("the path ended early")


def test_every_loop_and_chain_kept_is_sound() -> None:
    puzzle, index = PINNED[4][0], PINNED[4][1]
    board = _board_before(puzzle, index)
    solution = solve(parse(puzzle)).found[0].cells
    finds = nice_loop_finds(board, True)
    assert len(finds) > 5
    for find in finds:
        assert all(solution[cell] != digit for cell, digit in find.deletions), find
        assert find.chain[0] != find.chain[-1]
    for digit, cells in xy_chain_deletions(board):
        assert all(solution[cell] != digit for cell in range(81) if cells >> cell & 1)


def test_franken_scan_keeps_its_first_fish_per_plane() -> None:
    board = _board_before(PINNED[6][0], 0)
    plane = board.planes[3]
    found = franken_scan(plane, 3, True)
    assert found is not None and found[3] == 1 << 56
    assert franken_scan(plane, 3, True) is found
    assert franken_scan(0, 2, False) is None
