"""HoDoKu's uniqueness tests and avoidable rectangles (``logic/hodoku/uniqueness.py``): on
a state where hodoku-py 0.2.1 takes each step (for UT5, which no oracle path takes, where its
finder finds one), the finder takes HoDoKu's instance, with its deletions in HoDoKu's order."""

from __future__ import annotations

import pytest

from grille.logic import Step
from grille.sudoku import parse, solve
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.hodoku import rate_hodoku
from grille.sudoku.logic.hodoku.scale import hodoku_steps
from grille.sudoku.logic.hodoku.uniqueness import avoidable_rectangle, hodoku_rectangle

# (technique, puzzle, the 81 cells' candidates just before HoDoKu's step ("=d": a placed
# digit), HoDoKu's deletions as (cell, digit)): the oracle paths /work/oracle/hodoku_*.txt
# replayed up to the step (hodoku-py 0.2.1, hodoku.Solver().solve, default configuration).
CASES = [
    (
        "Avoidable Rectangle 1",
        "..1...5...2.4...6.3....7....6.28........9..2.......4.65.....1...9.8...4...7.....3",
        (
            "=6 =7 =1 39 23 2389 =5 389 =4 "
            "89 =2 589 =4 135 1358 38 =6 =7 "
            "=3 58 =4 569 56 =7 289 189 129 "
            "=7 =6 359 =2 =8 =4 39 1359 159 "
            "=4 135 35 135 =9 =6 =7 =2 =8 "
            "89 1358 =2 =7 135 135 =4 359 =6 "
            "=5 38 368 369 =4 239 =1 =7 29 "
            "12 =9 36 =8 =7 1235 26 =4 25 "
            "12 =4 =7 1569 1256 1259 2689 589 =3"
        ),
        ((15, 8),),
    ),
    (
        "Avoidable Rectangle 2",
        "1..4....9.56..9.......1..6..6....8..5....4.9.9....5.1..7....2..6....1.5....3.....",
        (
            "=1 23 238 =4 5678 2368 357 278 =9 "
            "23478 =5 =6 27 78 =9 137 2478 1348 "
            "23478 2349 23489 257 =1 238 357 =6 348 "
            "24 =6 24 =1 =9 =7 =8 =3 =5 "
            "=5 13 13 =8 =2 =4 =6 =9 =7 "
            "=9 =8 =7 =6 =3 =5 =4 =1 =2 "
            "348 =7 134589 59 4568 68 =2 48 13468 "
            "=6 2349 23489 279 478 =1 379 =5 348 "
            "248 1249 124589 =3 45678 268 179 478 1468"
        ),
        ((4, 7), (9, 7), (15, 7), (16, 7), (21, 7)),
    ),
    (
        "Hidden Rectangle",
        "16...89.....7.46.1..........87...3.......2.....9....5..5.......7.8.3.24..3....8.6",
        (
            "=1 =6 2345 235 25 =8 =9 237 2347 "
            "23589 29 235 =7 259 =4 =6 238 =1 "
            "23489 =7 234 12369 1269 1369 =5 238 2348 "
            "256 =8 =7 14569 14569 1569 =3 1269 29 "
            "356 14 1356 135689 156789 =2 147 16789 789 "
            "236 124 =9 1368 1678 1367 147 =5 278 "
            "246 =5 246 248 248 179 17 1379 379 "
            "=7 19 =8 169 =3 169 =2 =4 =5 "
            "249 =3 124 12459 124579 1579 =8 179 =6"
        ),
        ((51, 1),),
    ),
    (
        "Uniqueness Test 1",
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        (
            "=4 569 1268 5789 =3 15789 259 2567 25679 "
            "1237 359 12 =6 127 14579 =8 2357 234579 "
            "23678 3569 268 45789 278 45789 23459 23567 =1 "
            "1236 346 1246 378 =5 13678 23 =9 2378 "
            "123 =8 59 3479 17 13479 =6 12357 2357 "
            "136 =7 59 =2 168 13689 345 1358 3458 "
            "68 46 468 =1 =9 =2 =7 35 35 "
            "=5 12 =3 78 678 678 129 =4 29 "
            "=9 12 =7 35 =4 35 12 68 68"
        ),
        ((69, 1), (69, 2)),
    ),
    (
        "Uniqueness Test 2",
        "4..7231..1...8.........9....52....7..7....3.58.............648..13...2.....2...53",
        (
            "=4 689 =5 =7 =2 =3 =1 69 689 "
            "=1 2369 679 46 =8 45 5679 234 24679 "
            "27 2368 678 146 145 =9 5678 234 24678 "
            "=3 =5 =2 149 1469 14 68 =7 468 "
            "=9 =7 146 =8 46 =2 =3 14 =5 "
            "=8 46 146 35 357 57 69 124 2469 "
            "257 29 79 35 357 =6 =4 =8 =1 "
            "567 =1 =3 49 4579 =8 =2 69 679 "
            "67 48 48 =2 179 17 679 =5 =3"
        ),
        ((67, 7), (76, 7)),
    ),
    (
        "Uniqueness Test 3",
        ".45.32.1.3..7......6.1....3..4.21.85.........58.49.1..6....8.4......3..1.3.96.75.",
        (
            "789 =4 =5 68 =3 =2 89 =1 678 "
            "=3 129 1289 =7 458 569 24589 29 2468 "
            "2789 =6 2789 =1 458 59 24589 279 =3 "
            "79 79 =4 =3 =2 =1 =6 =8 =5 "
            "12 12 36 68 58 567 49 379 479 "
            "=5 =8 36 =4 =9 67 =1 237 27 "
            "=6 2579 279 25 =1 =8 =3 =4 29 "
            "=4 259 289 25 =7 =3 289 =6 =1 "
            "128 =3 128 =9 =6 =4 =7 =5 28"
        ),
        ((10, 9),),
    ),
    (
        "Uniqueness Test 4",
        ".46....9...3..4.......6......7.3..4....8...1.5..1..2....1.7.8.9..5.1...7.3.9.....",
        (
            "128 =4 =6 2357 258 12358 1357 =9 12358 "
            "1289 57 =3 257 2589 =4 1567 678 12568 "
            "1289 57 289 2357 =6 123589 13457 378 12345 "
            "2689 =1 =7 256 =3 2569 569 =4 568 "
            "=3 269 249 =8 2459 25679 5679 =1 56 "
            "=5 689 489 =1 49 679 =2 3678 368 "
            "246 26 =1 23456 =7 2356 =8 2356 =9 "
            "24689 2689 =5 2346 =1 2368 36 236 =7 "
            "=7 =3 28 =9 258 2568 14 256 14"
        ),
        ((24, 1), (26, 1)),
    ),
    (
        # no oracle path takes a UT5 (a W-Wing comes first here); hodoku-py's
        # UniquenessSolver.get_step(UNIQUENESS_5) on this state (top1465, before step 63)
        "Uniqueness Test 5",
        "....2.68.9..3.........6.3...9...6..7.1....8..3.6..8.2......5...4.2.1.9...8.9...7.",
        (
            "17 457 =3 57 =2 19 =6 =8 49 "
            "=9 =6 145 =3 =8 14 =7 15 =2 "
            "=8 =2 1457 57 =6 149 =3 1459 149 "
            "=2 =9 =8 14 =5 =6 14 =3 =7 "
            "=5 =1 47 =2 79 =3 =8 49 =6 "
            "=3 47 =6 14 79 =8 145 =2 1459 "
            "17 37 =9 =6 34 =5 =2 14 =8 "
            "=4 35 =2 =8 =1 =7 =9 =6 35 "
            "=6 =8 15 =9 34 =2 145 =7 345"
        ),
        ((25, 4),),
    ),
    (
        "Uniqueness Test 6",
        ".5.3.7.4.1.........3.......5.8.3.61....8..5.9.6..1........4...6...6927....2...9..",
        (
            "289 =5 69 =3 268 =7 28 =4 =1 "
            "=1 28 467 49 2568 4689 =3 69 57 "
            "278 =3 467 129 256 1489 28 69 57 "
            "=5 479 =8 479 =3 49 =6 =1 =2 "
            "2347 247 =1 =8 267 46 =5 37 =9 "
            "239 =6 39 279 =1 =5 =4 378 38 "
            "3789 789 379 =5 =4 38 =1 =2 =6 "
            "34 =1 =5 =6 =9 =2 =7 38 348 "
            "=6 48 =2 17 78 138 =9 =5 34"
        ),
        ((52, 8), (71, 8)),
    ),
]


def _board(puzzle: str, rows: str) -> Board:
    tokens = rows.split()
    assert len(tokens) == 81
    cells = [int(t[1]) if t.startswith("=") else 0 for t in tokens]
    marks = [0 if t.startswith("=") else sum(1 << (int(d) - 1) for d in t) for t in tokens]
    return Board(parse(puzzle).shape, cells, marks)


def _find(name: str, puzzle: str, board: Board) -> Step | None:
    if name.startswith("Avoidable"):
        givens = sum(1 << cell for cell, ch in enumerate(puzzle) if ch not in ".0")
        return avoidable_rectangle(board, givens, int(name[-1]))
    return hodoku_rectangle(name)(board)


@pytest.mark.parametrize(("name", "puzzle", "rows", "deletions"), CASES,
                         ids=[case[0] for case in CASES])
def test_hodoku_instance(name: str, puzzle: str, rows: str,
                         deletions: tuple[tuple[int, int], ...]) -> None:
    step = _find(name, puzzle, _board(puzzle, rows))
    assert step is not None
    assert [(r * 9 + c, d) for r, c, d in step.eliminations] == list(deletions)
    solution = solve(parse(puzzle), limit=1).found[0].cells
    assert all(solution[r * 9 + c] != d for r, c, d in step.eliminations)


def test_other_types_find_nothing_there() -> None:
    """The UT6 state holds no avoidable rectangle of type 2 and no Uniqueness Test 5."""
    _, puzzle, rows, _ = next(case for case in CASES if case[0] == "Uniqueness Test 6")
    board = _board(puzzle, rows)
    assert hodoku_rectangle("Uniqueness Test 5")(board) is None
    assert _find("Avoidable Rectangle 2", puzzle, board) is None


def test_avoidable_rectangle_needs_placed_digits_not_clues() -> None:
    """With every digit counted as a clue, HoDoKu's avoidable rectangles do not apply."""
    _, puzzle, rows, _ = next(case for case in CASES if case[0] == "Avoidable Rectangle 1")
    board = _board(puzzle, rows)
    assert avoidable_rectangle(board, (1 << 81) - 1, 1) is None


def test_unknown_test_is_refused() -> None:
    with pytest.raises(ValueError, match="Uniqueness Test 7"):
        hodoku_rectangle("Uniqueness Test 7")


def test_the_scale_walks_hodoku_order() -> None:
    """All nine uniqueness rows sit in HoDoKu's table, in its index order."""
    rows = [(t.index, t.name) for t in hodoku_steps() if 3500 <= t.index <= 4030]
    assert rows == [(3500, "Uniqueness Test 1"), (3600, "Uniqueness Test 2"),
                    (3700, "Uniqueness Test 3"), (3800, "Uniqueness Test 4"),
                    (3900, "Uniqueness Test 5"), (4000, "Uniqueness Test 6"),
                    (4010, "Hidden Rectangle"), (4020, "Avoidable Rectangle 1"),
                    (4030, "Avoidable Rectangle 2")]


@pytest.mark.parametrize(("puzzle", "level", "score"), [
    # hodoku-py takes a Uniqueness Test 3 (/work/oracle/hodoku_generated_seed18.txt)
    (".45.32.1.3..7......6.1....3..4.21.85.........58.49.1..6....8.4......3..1.3.96.75.",
     "unfair", 1234),
    # a Uniqueness Test 4
    ("19..7..2...8..9....73...6988...14....17...86....86...2425...97....9..2...3..4..86",
     "hard", 746),
])
def test_rating_through_a_rectangle(puzzle: str, level: str, score: int) -> None:
    rating = rate_hodoku(parse(puzzle))
    assert (rating.level, rating.score) == (level, score)
    assert any(name.startswith("Uniqueness Test") for name, _ in rating.techniques)
