"""HoDoKu's scale (``rate --scale hodoku``): levels and scores as hodoku-py gives them, the
singles queues, and the finders only HoDoKu's ladder has, each sound against the solution."""

from __future__ import annotations

import pytest

from grille.errors import GrilleError
from grille.logic import Step
from grille.sudoku import parse, solve
from grille.sudoku.geometry import default_shape
from grille.sudoku.logic.basic.locked_subsets import locked_pair, locked_triple
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.chains.remote_pair import remote_pair
from grille.sudoku.logic.explain import explain, rate
from grille.sudoku.logic.hodoku import HodokuRating, hodoku_path, rate_hodoku
from grille.sudoku.logic.hodoku.state import HodokuGrid, grid_of_board
from grille.sudoku.logic.single_digit.coloring import multi_colors, simple_colors
from grille.sudoku.logic.techniques import ladder

# (puzzle, level, score): from hodoku-py 0.2.1 (HoDoKu 2.2's port), hodoku.Solver().solve,
# default configuration (the oracle files /work/oracle/hodoku_*.txt).
RATED = [
    ("..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..",
     "easy", 184),
    ("..............1.23.45.6.7.......2........3..8..7...4.....97.5..1........3........",
     "medium", 616),  # a Locked Pair
    ("..............1..2..3....4.......1.5...36.....2..7.......63..7.4........51......8",
     "medium", 796),  # a Locked Triple
    ("........1........2..3..4...........5.....6.3.15....7.........4...8.73.9.2..1.....",
     "hard", 996),  # a Remote Pair
    ("..............1..2..3....4.........5...36....27......1.......8...68..3..5..4.2...",
     "hard", 1266),  # a BUG+1, made as HoDoKu does: deletions, then a naked single
    (".................1..2..3..4.......5......4.....3..678.....9.2...1.5.....64.1.....",
     "unfair", 1156),  # a Sashimi Swordfish
    ("..............1..2.34....5........3.1....67..8............5.......43..9.2.8.....1",
     "unfair", 1316),  # an XY-Chain
    ("........1.......23..4..5........46...1..2....6.......5....16......3.....7.2...8..",
     "extreme", 1956),  # hard and unfair steps only: the score passes unfair's 1800
]


@pytest.mark.parametrize(("puzzle", "level", "score"), RATED)
def test_level_and_score_are_hodokus(puzzle: str, level: str, score: int) -> None:
    rating = rate_hodoku(parse(puzzle))
    assert (rating.level, rating.score) == (level, score)
    assert rating.fields() == (level, str(score))
    assert rating.solved
    assert explain(parse(puzzle), rating=True, scale="hodoku").rating == rating  # one walk


def test_rate_and_explain_take_the_scale() -> None:
    puzzle = parse(RATED[1][0])
    rating = rate(puzzle, scale="hodoku")
    assert isinstance(rating, HodokuRating)
    assert str(rating) == "medium (HoDoKu score 616)"
    path = explain(puzzle, rating=True, scale="hodoku")
    assert path.solved
    assert sum(int(step.difficulty) for step in path.steps) == 616
    assert "Locked Pair" in {step.technique for step in path.steps}


def test_the_ladder_is_in_hodokus_order() -> None:
    names = [t.name for t in ladder("hodoku", unique=True)]
    assert names[:7] == ["Full House", "Naked Single", "Hidden Single", "Locked Pair",
                         "Locked Triple", "Pointing", "Claiming"]
    assert names.index("Simple Colors") > names.index("Sue de Coq")
    assert names[-1] == "Trial and Error"
    assert "Unique Rectangle Type 1" not in [t.name for t in ladder("hodoku", unique=False)]


def test_only_9x9() -> None:
    with pytest.raises(GrilleError, match="9x9"):
        rate_hodoku(parse("1...\n..2.\n.3..\n...4"))


def test_hidden_singles_come_from_the_queue_in_deletion_order() -> None:
    # the first easy puzzle: 184 = 4 x (naked singles and full houses) + 14 x hidden singles
    steps = [step for step, _, _ in hodoku_path(parse(RATED[0][0]))]
    hidden = sum(step.technique == "Hidden Single" for step in steps)
    others = len(steps) - hidden
    assert 14 * hidden + 4 * others == 184
    grid = HodokuGrid([0] * 81)
    grid.place(0, 5)
    assert not grid.ns_queue and (0, 5) in grid.hs_queue  # the placed cell's own units
    assert grid.free[0][5] == 0 and grid.free[1][5] == 6  # r2c1-r2c3 lost it in box 1


def _board(cells: str, marks: str) -> Board:
    return Board(default_shape(9), [int(c) for c in cells], [int(m) for m in marks.split()])


def _sound(step: Step | None, puzzle: str) -> Step:
    assert step is not None
    solution = solve(parse(puzzle)).found[0].cells
    assert step.eliminations
    for row, col, digit in step.eliminations:
        assert solution[row * 9 + col] != digit
    return step


COLORED = (
    "........1.....2.....1....34......4......352...6......7...71....52....6..8........",
    "000000001000002000001000034000000400000035200060000007000710000520000600800000000",
    "366 476 510 444 504 492 464 498 0 364 476 508 445 504 0 464 496 432 354 464 0 432 496 "
    "480 464 0 0 327 469 470 419 482 481 0 433 436 329 457 456 425 0 0 0 417 416 271 0 414 "
    "395 394 393 405 401 0 300 268 300 0 0 428 404 410 406 0 0 332 396 392 396 0 457 388 0 "
    "333 364 318 314 300 341 347 278",
)


def test_simple_colors_trap() -> None:
    puzzle, cells, marks = COLORED
    step = _sound(simple_colors(_board(cells, marks)), puzzle)
    assert step.technique == "Simple Colors Trap"
    assert step.eliminations == ((3, 3, 1), (4, 3, 1), (5, 3, 1))


def test_simple_colors_wrap() -> None:
    puzzle = "........1.....2.....1.3...4.......5...6.4.....7....2......8.7.625.9.....3........"
    cells = "002054001000192005501730024000029057926547003075310209009285736257963008368471592"
    marks = ("224 388 0 160 0 0 420 224 0 232 140 12 0 0 0 164 224 0 0 384 0 0 0 160 416 0 0 "
             "137 141 12 160 0 0 168 0 0 0 0 0 0 0 0 129 129 0 136 0 0 0 0 160 0 168 0 9 9 0 0 "
             "0 0 0 0 0 0 0 0 0 0 0 9 9 0 0 0 0 0 0 0 0 0 0")
    step = _sound(simple_colors(_board(cells, marks)), puzzle)
    assert step.technique == "Simple Colors Wrap"
    assert step.eliminations == ((0, 3, 6), (2, 6, 6), (3, 6, 6), (5, 5, 6))


def test_multi_colors() -> None:
    puzzle, cells, marks = COLORED
    step = _sound(multi_colors(_board(cells, marks)), puzzle)
    assert step.technique == "Multi Colors 2"
    assert step.eliminations == ((6, 7, 2), (8, 8, 2))


def test_remote_pair() -> None:
    puzzle = "........1.......23..4..5.........6......2.....2..14......6..47..3.......5..8..9.."
    cells = "000963041000147023314285769070098652000026104020514307000630475030459218540870936"
    marks = ("194 144 210 0 0 0 144 0 0 384 432 400 0 0 0 144 0 0 0 0 0 0 0 0 0 0 0 9 0 5 4 0 "
             "0 0 0 0 384 400 404 68 0 0 0 384 0 416 0 416 0 0 0 0 384 0 387 384 387 0 0 3 0 0 "
             "0 96 0 96 0 0 0 0 0 0 0 0 3 0 0 3 0 0 0")
    step = _sound(remote_pair(_board(cells, marks)), puzzle)
    assert step.eliminations == ((5, 0, 8), (5, 0, 9))


def test_locked_pair_and_triple() -> None:
    puzzle = RATED[1][0]
    cells = "013007000700001023245368719001002300000003108037009402000970531100030000300000000"
    marks = ("416 0 0 26 282 0 160 184 56 0 416 416 24 280 0 160 0 0 0 0 0 0 0 0 0 0 0 440 432 "
             "0 248 152 0 0 368 112 312 306 298 120 24 0 0 368 0 176 0 0 177 145 0 0 48 0 168 "
             "162 170 0 0 40 0 0 0 0 498 426 186 0 56 418 488 104 0 498 426 187 155 56 418 488 "
             "104")
    step = _sound(locked_pair(_board(cells, marks)), puzzle)
    assert step.technique == "Locked Pair"
    assert len(step.eliminations) == 7
    puzzle = RATED[2][0]
    cells = "000003010000001002103006040300000105001360704020170003000630071430010000510000008"
    marks = ("482 504 506 474 410 0 432 0 352 480 504 504 472 408 0 436 436 0 0 464 0 466 402 "
             "0 400 0 320 0 488 488 394 394 394 0 418 0 384 400 0 0 0 402 0 386 0 416 0 440 0 0 "
             "408 416 416 0 386 384 386 0 0 410 282 0 0 0 0 482 466 0 466 306 306 288 0 0 354 "
             "330 266 330 302 294 0")
    step = _sound(locked_triple(_board(cells, marks)), puzzle)
    assert step.technique == "Locked Triple"
    assert len(step.eliminations) == 10


def test_grid_of_board_counts_places() -> None:
    board = Board.from_grid(parse(RATED[0][0]))
    grid = grid_of_board(board.cells, board.marks)
    played = HodokuGrid(list(board.cells))
    assert grid.free == played.free and grid.cand == played.cand


SCANNED = [
    # (technique, puzzle, digits, candidates, eliminations of HoDoKu's first instance): boards
    # met on HoDoKu's path of the puzzle (the path's step matched hodoku-py 0.2.1's)
    ("Skyscraper",
     "..............1..2.34....5.......53.2...16...6..............7.8...4........539...",
     "000005063500301002034620150000204536253016004640053210395162748100400395400539621",
     "448 3 3 448 456 0 392 0 0 0 224 480 0 456 0 392 192 0 448 0 0 0 0 192 0 0 320 448 193 "
     "449 0 448 0 0 0 0 0 0 0 320 0 0 384 192 0 0 0 448 384 0 0 0 0 320 0 0 0 0 0 0 0 0 0 0 "
     "34 34 0 192 192 0 0 0 0 192 192 0 0 0 0 0 0", ((1, 4, 7),)),
    ("2-String Kite",
     "..............1..2.34....5.......53.2...16...6..............7.8...4........539...",
     "000005063500301002034620150000204536253016004640053210395162748100400395400539621",
     "448 3 3 448 456 0 392 0 0 0 224 480 0 392 0 392 192 0 448 0 0 0 0 192 0 0 320 448 193 "
     "449 0 448 0 0 0 0 0 0 0 320 0 0 384 192 0 0 0 448 384 0 0 0 0 320 0 0 0 0 0 0 0 0 0 0 "
     "34 34 0 192 192 0 0 0 0 192 192 0 0 0 0 0 0", ((1, 2, 7),)),
    ("Swordfish",
     "..............1..2.34....5.......53.2...16...6..............7.8...4........539...",
     "000005063500301072034620159000204536253716984640053217395162748100400395400539621",
     "448 3 3 384 456 0 136 0 0 0 160 416 0 392 0 136 0 0 192 0 0 0 0 192 0 0 0 384 65 65 0 "
     "384 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 384 384 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 34 34 0 192 "
     "192 0 0 0 0 192 192 0 0 0 0 0 0", ((0, 0, 8), (0, 4, 8), (1, 4, 8))),
    ("X-Wing",
     "........1.......23..4..5........46...1..2....6.......5....16......3.....7.2...8..",
     "203060051056001023104235068300154602415620300620003145540016230061302504732549816",
     "0 448 0 456 0 192 328 0 0 384 0 0 328 448 0 328 0 0 0 320 0 0 0 0 320 0 0 0 384 448 0 "
     "0 0 0 192 0 0 0 0 0 0 192 0 448 320 0 0 192 448 448 0 0 0 0 0 0 384 192 0 0 0 0 320 384 "
     "0 0 0 192 0 0 320 0 0 0 0 0 0 0 0 0 0", ((5, 4, 8),)),
    ("W-Wing",
     "........1.......23..4..5........46...1..2....6.......5....16......3.....7.2...8..",
     "203060051056001023104235068300154602415620300620003145540016230061302504732549816",
     "0 448 0 328 0 192 328 0 0 384 0 0 328 448 0 328 0 0 0 320 0 0 0 0 320 0 0 0 384 320 0 "
     "0 0 0 192 0 0 0 0 0 0 192 0 448 320 0 0 192 448 320 0 0 0 0 0 0 384 192 0 0 0 0 320 384 "
     "0 0 0 192 0 0 320 0 0 0 0 0 0 0 0 0 0", ((0, 3, 7), (1, 3, 7))),
    ("XY-Wing",  # a grille-generated puzzle (seed 18, hard): hodoku-py deletes 38.3 first
     "..8........68...155....9..2..125..9..9.....6..8..364..8..3....714...56........2..",
     "008500046006800015500009872001250790090000560785936421809300157140705609057090204",
     "258 67 0 0 67 71 260 0 0 266 66 0 0 74 78 260 0 0 0 5 12 41 33 0 0 0 0 44 36 0 0 0 136 "
     "0 0 132 6 0 14 9 193 193 0 0 132 0 0 0 0 0 0 0 0 0 0 34 0 0 42 10 0 0 0 0 0 6 0 130 0 0 "
     "132 0 36 0 0 33 0 129 0 132 0", ((4, 2, 3),)),
]


@pytest.mark.parametrize(("name", "puzzle", "cells", "marks", "removed"), SCANNED)
def test_hodokus_scans_find_its_first_instance(
    name: str, puzzle: str, cells: str, marks: str, removed: tuple[tuple[int, int, int], ...]
) -> None:
    from grille.sudoku.logic.hodoku import patterns

    scans = {
        "Skyscraper": patterns.skyscraper,
        "2-String Kite": patterns.two_string_kite,
        "W-Wing": patterns.w_wing,
        "X-Wing": lambda grid: patterns.basic_fish(grid, 2),
        "Swordfish": lambda grid: patterns.basic_fish(grid, 3),
        "XY-Wing": lambda grid: patterns.wing(grid, False),
    }
    board = _board(cells, marks)
    found = scans[name](grid_of_board(board.cells, board.marks))
    assert found is not None and found.kind == name
    step = Step(name, eliminations=tuple((c // 9, c % 9, d) for c, d in found.deletions))
    assert _sound(step, puzzle).eliminations == removed
