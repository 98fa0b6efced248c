"""Search budgets: every search ends with a clear message and exit status 3, never a hang.

Node budgets (``--budget``) bound the exact searches (solve, count, xc) reproducibly; time
limits (``--time-limit``, per puzzle) bound every search, the logical ones (explain, rate,
hint) and generation included. The puzzles are built to be slow: an empty 25x25 Sudoku,
an 8-clue 9x9, givens that contradict each other only deep in the search, a 30x30 Takuzu
with three givens and a 40x40 Kakuro of 45-sum runs. The time limits used here are far
below what any of these searches needs, so the outcome does not depend on the machine.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from conftest import FIXTURES
from grille.cli import build_parser, main
from grille.cliargs import DEFAULT_BUDGET, DEFAULT_TIME_LIMIT
from grille.errors import BudgetExceededError
from grille.kind import Solutions
from grille.kinds import get_kind
from grille.limits import (
    EXIT_BUDGET,
    FIRST_ROUND,
    TimeLimitError,
    _solve_in_rounds,
    stop_message,
    time_limit,
)

TINY = "0.000001"
"""A time limit no search here can meet: the alarm rings at its first instructions."""

EMPTY_25 = "." * 625
EIGHT_CLUES = "12345678." + "." * 72
SYMBOLS = "123456789ABCDEFG"


def contradiction_16() -> str:
    """A 16x16 puzzle of 15 givens, locally consistent, without a solution.

    The givens keep 1, 2 and 3 out of box 1 but for r1c1 and r1c2 (they sit in rows 2-4
    and in columns 3-4 outside it): three digits for two cells. No cell is left without a
    candidate and no digit without a place, so only a search finds out, and the solver
    branches on the cells with the fewest candidates first, the other 14 cells of box 1,
    which need 13 digits: a pigeonhole it can only exhaust in about 13! nodes.
    """
    grid = [["."] * 16 for _ in range(16)]
    for digit in range(3):
        symbol = SYMBOLS[digit]
        grid[1][4 + digit] = grid[2][8 + digit] = grid[3][12 + digit] = symbol
        grid[4 + digit][2] = grid[8 + digit][3] = symbol
    return "".join("".join(row) for row in grid)


def takuzu_30() -> str:
    """A 30x30 Takuzu with three givens: far too many solutions to count."""
    rows = [["."] * 30 for _ in range(30)]
    rows[0][0], rows[5][7], rows[29][29] = "1", "0", "0"
    return "\n".join("".join(row) for row in rows) + "\n"


def kakuro_40() -> str:
    """A 40x40 Kakuro: blocks every tenth row and column, every run 9 white cells summing
    to 45 (all of 1-9), so each 9x9 area is a free Latin square: countless solutions."""
    rows = []
    for r in range(40):
        tokens = []
        for c in range(40):
            if r % 10 and c % 10:
                tokens.append(".")
                continue
            down = "45" if r + 1 < 40 and (r + 1) % 10 and c % 10 else ""
            right = "45" if c + 1 < 40 and (c + 1) % 10 and r % 10 else ""
            tokens.append(f"{down}\\{right}" if down or right else "#")
        rows.append(" ".join(tokens))
    return "\n".join(rows) + "\n"


def run(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | None = None
) -> tuple[int, str, str]:
    """``grille ARGS`` with ``text`` in a file appended as the input."""
    if text is not None:
        path = tmp_path / "puzzle.txt"
        path.write_text(text)
        args = [*args, str(path)]
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


# -- node budgets on the exact searches -------------------------------------------------------


def test_empty_25x25_count_all_stops_at_the_budget(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["count", "--limit", "0", "--budget", "20000"], tmp_path, capsys,
                           EMPTY_25)
    assert status == EXIT_BUDGET
    count = int(out.strip().removesuffix("+"))
    assert out.strip().endswith("+") and count > 0
    assert err.endswith(f"stopped after {count:,} solutions: search budget of 20,000 nodes "
                        "reached (raise it with --budget)\n")


def test_empty_25x25_count_all_stops_at_the_time_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["count", "--limit", "0", "--budget", "0", "--time-limit", TINY],
                           tmp_path, capsys, EMPTY_25)
    assert status == EXIT_BUDGET and out.strip().endswith("+")
    count = int(out.strip().removesuffix("+"))
    assert err.endswith(f"stopped after {count:,} solutions and {FIRST_ROUND:,} nodes: time "
                        f"limit of {float(TINY):g} s reached (raise it with --time-limit)\n")


def test_eight_clue_sudoku(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["solve"], tmp_path, capsys, EIGHT_CLUES)
    assert status == 1 and "several solutions" in err and out.strip() == EIGHT_CLUES
    status, out, err = run(["count", "--limit", "0", "--budget", "5000"], tmp_path, capsys,
                           EIGHT_CLUES)
    assert status == EXIT_BUDGET and out.strip().endswith("+")
    assert "search budget of 5,000 nodes reached" in err


def test_contradiction_found_only_deep_in_search(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = contradiction_16()
    sudoku = get_kind("sudoku")
    grid = sudoku.read(text)[0].puzzle
    assert sudoku.check(grid) == []  # no rule broken, no cell without candidates
    assert all(sudoku.with_candidates(grid).marks[cell] for cell in range(256)
               if not grid.cells[cell])
    status, out, err = run(["solve", "--budget", "20000"], tmp_path, capsys, text)
    assert status == EXIT_BUDGET and out.strip() == text
    assert "unknown: search budget of 20,000 nodes reached (raise it with --budget)" in err
    status, out, err = run(["count", "--budget", "20000"], tmp_path, capsys, text)
    assert status == EXIT_BUDGET and out == "0+\n"
    status, _, err = run(["solve", "--budget", "0", "--time-limit", TINY], tmp_path, capsys,
                         text)
    assert status == EXIT_BUDGET
    assert f"unknown: stopped after {FIRST_ROUND:,} nodes: time limit of" in err


def test_takuzu_30x30_with_three_givens(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = takuzu_30()
    status, _, err = run(["solve"], tmp_path, capsys, text)
    assert status == 1 and "several solutions" in err
    status, out, err = run(["count", "--limit", "0", "--budget", "20000"], tmp_path, capsys,
                           text)
    assert status == EXIT_BUDGET and out.strip().endswith("+")
    assert "search budget of 20,000 nodes reached" in err


def test_kakuro_40x40(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = kakuro_40()
    status, _, err = run(["solve"], tmp_path, capsys, text)
    assert status == 1 and "several solutions" in err
    status, out, err = run(["count", "--limit", "0", "--budget", "20000"], tmp_path, capsys,
                           text)
    assert status == EXIT_BUDGET and out.strip().endswith("+")
    assert "search budget of 20,000 nodes reached" in err


def test_xc_budget(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["xc", "--count", "--budget", "100", str(FIXTURES / "queens10.dlx")])
    _, err = capsys.readouterr()
    assert status == EXIT_BUDGET and "budget of 100 nodes reached" in err


# -- time limits on every search --------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "text"),
    [
        (["explain"], EMPTY_25),
        (["rate"], EMPTY_25),
        (["explain"], takuzu_30()),
        (["rate"], kakuro_40()),
        (["hint"], EIGHT_CLUES),
    ],
    ids=["explain-sudoku-25", "rate-sudoku-25", "explain-takuzu-30", "rate-kakuro-40", "hint"],
)
def test_logical_searches_stop_at_the_time_limit(
    command: list[str], text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run([*command, "--time-limit", TINY], tmp_path, capsys, text)
    assert status == EXIT_BUDGET
    assert f"time limit of {float(TINY):g} s reached (raise it with --time-limit)" in err
    assert f"{tmp_path / 'puzzle.txt'}" in err


def test_explain_goes_on_with_the_next_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = EIGHT_CLUES + "\n" + EIGHT_CLUES + "\n"
    status, _, err = run(["rate", "--time-limit", TINY], tmp_path, capsys, text)
    assert status == EXIT_BUDGET
    assert [line.split(": ")[0].rsplit(":", 1)[1] for line in err.splitlines()] == ["1", "2"]


@pytest.mark.parametrize("kind", ["sudoku", "takuzu", "kakuro"])
def test_generation_stops_at_the_time_limit(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["generate", kind, "--seed", "1", "--time-limit", TINY], tmp_path,
                           capsys)
    assert status == EXIT_BUDGET and out == ""
    assert f"grille: stopped: puzzle 1: time limit of {float(TINY):g} s reached" in err


def test_xc_stops_at_the_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["xc", "--count", "--budget", "0", "--time-limit", TINY,
                   str(FIXTURES / "queens10.dlx")])
    _, err = capsys.readouterr()
    assert status == EXIT_BUDGET and "queens10.dlx: time limit of" in err


# -- the pieces ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command", ["solve", "count", "explain", "rate", "hint", "generate", "xc"]
)
def test_every_search_command_has_a_default_time_limit(command: str) -> None:
    extra = ["sudoku"] if command == "generate" else []
    args = build_parser().parse_args([command, *extra])
    assert args.time_limit == DEFAULT_TIME_LIMIT
    if command != "generate":
        assert args.budget == DEFAULT_BUDGET


@pytest.mark.parametrize("value", ["-1", "nan", "inf", "soon"])
def test_bad_time_limits_are_refused(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        build_parser().parse_args(["count", "--time-limit", value])
    assert exit_info.value.code == 2 and "--time-limit" in capsys.readouterr().err


def test_zero_means_no_limit() -> None:
    args = build_parser().parse_args(["count", "--time-limit", "0", "--budget", "0"])
    assert args.time_limit is None and args.budget is None


def test_time_limit_raises_a_budget_error_and_restores_the_alarm() -> None:
    before = signal.getsignal(signal.SIGALRM)
    def spin() -> None:
        with time_limit(1e-6, "the job"):
            while True:
                pass

    with pytest.raises(TimeLimitError, match="the job: time limit of 1e-06 s") as caught:
        spin()
    assert isinstance(caught.value, BudgetExceededError)
    assert signal.getsignal(signal.SIGALRM) is before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    with time_limit(None, "no limit"):
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_time_limit_rings_again_when_the_interrupted_code_catches_its_error() -> None:
    """An alarm that lands in code catching ``ValueError`` (or a compile listener's guard)
    is swallowed there; the limit still ends the body (a generation once ran on for
    minutes past a 0.5 s limit this way)."""
    caught: list[ValueError] = []

    def spin(seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            pass

    def job() -> None:
        with time_limit(0.05, "the job"):
            try:
                spin(5.0)
            except ValueError as error:  # TimeLimitError is one: swallowed here
                caught.append(error)
            spin(5.0)

    with pytest.raises(TimeLimitError):
        job()
    assert len(caught) == 1
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


class FakeSearch:
    """A search that needs ``needs`` nodes per puzzle; records the budgets it is given."""

    def __init__(self, needs: int) -> None:
        self.needs = needs
        self.budgets: list[int | None] = []

    def __call__(
        self, puzzles: Sequence[object], *, limit: int, budget: int | None
    ) -> list[Solutions[object]]:
        self.budgets.append(budget)
        if budget is not None and budget < self.needs:
            return [Solutions(0, exhausted=False, nodes=budget, budget_reached=True)
                    for _ in puzzles]
        return [Solutions(1, nodes=self.needs) for _ in puzzles]


def test_rounds_grow_until_the_search_ends() -> None:
    search = FakeSearch(needs=FIRST_ROUND * 20)
    results = _solve_in_rounds(search, ["a", "b"], 2, None, 1e9)
    assert search.budgets == [FIRST_ROUND, FIRST_ROUND * 4, FIRST_ROUND * 16, FIRST_ROUND * 64]
    assert [result.count for result in results] == [1, 1]


def test_rounds_stop_at_the_node_budget() -> None:
    search = FakeSearch(needs=FIRST_ROUND * 100)
    results = _solve_in_rounds(search, ["a"], 2, FIRST_ROUND * 10, 1e9)
    assert search.budgets == [FIRST_ROUND, FIRST_ROUND * 4, FIRST_ROUND * 10]
    assert results[0].budget_reached and results[0].nodes == FIRST_ROUND * 10


def test_without_a_time_limit_one_call() -> None:
    search = FakeSearch(needs=10)
    _solve_in_rounds(search, ["a"], 2, 1000, None)
    assert search.budgets == [1000]


def test_stop_messages_are_one_sentence_naming_what_ran_out() -> None:
    stopped: Solutions[object] = Solutions(3, exhausted=False, nodes=500, budget_reached=True)
    assert stop_message(stopped, budget=500, seconds=60.0) == (
        "search budget of 500 nodes reached (raise it with --budget)"
    )
    assert stop_message(stopped, budget=500, seconds=60.0, solutions=True) == (
        "stopped after 3 solutions: search budget of 500 nodes reached (raise it with --budget)"
    )
    many: Solutions[object] = Solutions(2_057_789, exhausted=False, nodes=4_194_305,
                                        budget_reached=True)
    assert stop_message(many, budget=10_000_000, seconds=60.0, solutions=True) == (
        "stopped after 2,057,789 solutions and 4,194,305 nodes: time limit of 60 s reached "
        "(raise it with --time-limit)"
    )
    one: Solutions[object] = Solutions(1, exhausted=False, nodes=70, budget_reached=True)
    assert stop_message(one, budget=None, seconds=2.5, solutions=True) == (
        "stopped after 1 solution and 70 nodes: time limit of 2.5 s reached "
        "(raise it with --time-limit)"
    )
