"""The command line's contract on every kind (issue 16, section 2).

A puzzle without exactly one solution is reported, never rated, explained or hinted; ``rate``
writes one line per puzzle, its puzzle on one line; the search commands take ``--budget``
and ``--time-limit`` (``batch`` too, in its workers); ``generate KIND`` offers what the
kind's generator takes and nothing else; a puzzle that does not read is reported with its
place while the others are done; a reader that goes away (``| head``), SIGTERM and long
inputs end or run cleanly.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import FIXTURES
from grille.cli import EXIT_PIPE, build_parser, main
from grille.cliargs import DEFAULT_BUDGET, add_generate_options
from grille.kinds import get_kind, kind_names
from grille.parallel import EXIT_TERMINATED
from grille.rated import bare

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
SEVERAL = "." * 81
NONE = "55" + PUZZLE[2:]
BAD = PUZZLE[:40] + "Z" + PUZZLE[41:]
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
TINY = "0.000001"
"""A time limit no search meets."""

TAKUZU = ".11.........0..1..0.00.......00...0......1.....0...010.10...00.."
TAKUZU_ROWS = "\n".join(TAKUZU[i:i + 8] for i in range(0, 64, 8)) + "\n"
TAKUZU_SEVERAL = "....\n" * 4
KAKURO = (FIXTURES / "kakuro" / "small.txt").read_text()
KAKURO_SEVERAL = "#  4\\ 4\\\n\\4 .  .\n\\4 .  .\n"
"""Runs of 4 in two cells both ways: 1 3 / 3 1 or 3 1 / 1 3."""

INPUTS = {
    "sudoku": (PUZZLE + "\n", SEVERAL + "\n"),
    "takuzu": (TAKUZU_ROWS, TAKUZU_SEVERAL),
    "kakuro": (KAKURO, KAKURO_SEVERAL),
}
"""Each kind's puzzle with one solution, and one with several, as files hold them."""

ENV = {**os.environ, "GRILLE_JIT": "0"}
"""Subprocesses run the kernels interpreted: nothing to compile."""


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


def write(tmp_path: Path, text: str, name: str = "in.txt") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def joined(kind_name: str, *texts: str) -> str:
    """Puzzle texts of a kind as one file: lines for Sudoku, blocks for the others."""
    separator = "" if kind_name == "sudoku" else "\n"
    return separator.join(texts)


# -- puzzles without exactly one solution -------------------------------------------------------


@pytest.mark.parametrize("command", ["rate", "hint", "explain", "candidates"])
@pytest.mark.parametrize(("text", "verdict"), [(SEVERAL, "several solutions"),
                                               (NONE, "no solution")])
def test_logic_commands_refuse_a_puzzle_without_one_solution(
    command: str, text: str, verdict: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, text + "\n")
    status, out, err = run([command, path], capsys)
    assert status == 1
    assert err == f"{path}:1: {verdict}\n"
    if command == "rate":
        assert out == f"{text}\t-\t-\t-\t-\n"
    elif command in ("hint", "explain"):
        assert out == ""


@pytest.mark.parametrize("kind_name", kind_names())
@pytest.mark.parametrize("command", ["rate", "hint", "explain", "candidates"])
def test_every_kind_says_several_solutions(
    kind_name: str, command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, INPUTS[kind_name][1])
    to = ["--to", get_kind(kind_name).default_format] if command == "candidates" else []
    status, _, err = run([command, "--kind", kind_name, *to, path], capsys)
    assert (status, err) == (1, f"{path}:1: several solutions\n")


@pytest.mark.parametrize("command", ["rate", "hint", "explain", "candidates"])
def test_the_budget_bounds_the_uniqueness_check(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, HARD + "\n")
    status, _, err = run([command, "--budget", "3", path], capsys)
    assert status == 3
    assert err == (f"{path}:1: unknown: search budget of 3 nodes reached "
                   "(raise it with --budget)\n")


def test_a_unique_puzzle_is_still_worked_on(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["hint", PUZZLE], capsys)[0] == 0
    status, out, _ = run(["candidates", PUZZLE], capsys)
    assert status == 0 and "124" in out


# -- rate: one line per puzzle ----------------------------------------------------------------


@pytest.mark.parametrize("kind_name", kind_names())
def test_rate_writes_one_line_per_puzzle_its_puzzle_on_one_line(
    kind_name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kind = get_kind(kind_name)
    unique, several = INPUTS[kind_name]
    path = write(tmp_path, joined(kind_name, unique, several, unique))
    status, out, err = run(["rate", path], capsys)
    assert status == 1 and err.count("several solutions") == 1
    lines = out.splitlines(keepends=True)
    assert len(lines) == 3 and out.endswith("\n")
    expected = [bare(entry.puzzle) for entry in kind.read(Path(path).read_text())]
    for line, puzzle in zip(lines, expected, strict=True):
        field, *fields = line.rstrip("\n").split("\t")
        assert len(fields) == len(kind.rating_columns)
        (back,) = kind.read(field, fmt=kind.one_line_format)
        assert kind.write([back.puzzle], kind.default_format) == kind.write(
            [puzzle], kind.default_format)
    assert lines[1].rstrip("\n").split("\t")[1:] == ["-"] * len(kind.rating_columns)
    assert lines[0].split("\t")[1] in {level.replace(" ", "-") for level in kind.levels}


@pytest.mark.parametrize("kind_name", kind_names())
def test_rate_output_rated_again_gives_the_same_lines(
    kind_name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first_status, first, _ = run(["rate", write(tmp_path, INPUTS[kind_name][0])], capsys)
    again_status, again, _ = run(["rate", write(tmp_path, first, "rated.txt")], capsys)
    assert first_status == again_status == 0
    assert again == first  # the rating read with the puzzle is replaced, not repeated


def test_rate_puts_the_puzzle_alone_in_its_first_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, f"{PUZZLE} # level: easy\n{PUZZLE};1.2;1.2;1.2\n")
    status, out, _ = run(["rate", path], capsys)
    assert status == 0
    assert [line.split("\t")[0] for line in out.splitlines()] == [PUZZLE, PUZZLE]


@pytest.mark.parametrize("kind_name", kind_names())
def test_rating_columns_name_the_fields(kind_name: str) -> None:
    kind = get_kind(kind_name)
    puzzle = kind.read(INPUTS[kind_name][0])[0].puzzle
    assert len(kind.rate(puzzle).fields()) == len(kind.rating_columns)
    assert "\n" not in kind.write([puzzle], kind.one_line_format).strip()
    assert "\t" not in kind.write([puzzle], kind.one_line_format)


def test_a_puzzle_that_reaches_the_time_limit_keeps_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, f"{HARD}\n{PUZZLE}\n")
    status, out, err = run(["rate", "--time-limit", TINY, path], capsys)
    assert status == 3
    assert out == f"{HARD}\t-\t-\t-\t-\n{PUZZLE}\t-\t-\t-\t-\n"
    assert [line.split(": ")[0] for line in err.splitlines()] == [f"{path}:1", f"{path}:2"]


# -- budgets and time limits -----------------------------------------------------------------


@pytest.mark.parametrize("command", ["rate", "explain", "hint", "candidates"])
def test_the_logic_commands_take_a_budget_and_a_time_limit(command: str) -> None:
    args = build_parser().parse_args([command, "--budget", "7", "--time-limit", "2"])
    assert (args.budget, args.time_limit) == (7, 2.0)
    assert build_parser().parse_args([command]).budget == DEFAULT_BUDGET


@pytest.mark.parametrize("job", ["rate", "explain"])
def test_batch_rate_and_explain_take_the_options_of_rate_and_explain(job: str) -> None:
    args = build_parser().parse_args(
        ["batch", job, "--budget", "7", "--time-limit", "2", "--nesting", "1"]
        + (["--scale", "sukaku"] if job == "rate" else [])
    )
    assert (args.budget, args.time_limit, args.nesting) == (7, 2.0, 1)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_batch_rate_honours_the_time_limit_in_its_workers_and_goes_on(
    jobs: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, f"{HARD}\n{HARD}\n{HARD}\n")
    status, out, _ = run(["batch", "rate", path, "--time-limit", TINY, "--jobs", jobs,
                          "--chunk", "1", "--quiet"], capsys)
    assert status == 1
    lines = out.splitlines()
    assert [line.split(": ")[1] for line in lines] == [f"{path}:{n}" for n in (1, 2, 3)]
    assert all(line.startswith("# error: ") and "time limit of 1e-06 s reached" in line
               for line in lines)


def test_batch_rate_honours_the_budget_scale_and_nesting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, f"{HARD}\n{SEVERAL}\n{PUZZLE}\n")
    status, out, err = run(["batch", "rate", path, "--budget", "3", "--jobs", "1"], capsys)
    assert status == 1
    assert out.splitlines()[0] == (f"# error: {path}:1: unknown: search budget of 3 nodes "
                                   "reached (raise it with --budget)")
    sukaku = ["rate", "--scale", "sukaku", "--nesting", "1"]
    status, single, _ = run([*sukaku, path], capsys)
    assert run(["batch", *sukaku, path, "--jobs", "1"], capsys)[1] == single
    assert single.splitlines()[1] == f"{SEVERAL}\t-\t-\t-\t-"
    takuzu = write(tmp_path, TAKUZU_ROWS, "takuzu.txt")
    status, _, err = run(["batch", "explain", takuzu, "--nesting", "1", "--jobs", "1"], capsys)
    assert status == 2 and "takuzu takes no such option for explain" in err


# -- generate: each kind's own options -----------------------------------------------------------


def kind_help(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as exit_info:
        main([*args, "--help"])
    assert exit_info.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("prefix", [["generate"], ["batch", "generate"]])
@pytest.mark.parametrize("kind_name", kind_names())
def test_generate_help_lists_the_kinds_own_levels_symmetries_and_rules(
    prefix: list[str], kind_name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = " ".join(kind_help(capsys, *prefix, kind_name).split())
    choices = get_kind(kind_name).generate_choices()
    for level in choices.levels:
        assert level.replace(" ", "-") in text
    others = {level for name in kind_names() for level in get_kind(name).levels}
    for level in others - set(choices.levels):
        assert level.replace(" ", "-") not in text
    assert ("--symmetry" in text) == bool(choices.symmetries)
    assert ("--minimal" in text) == choices.minimal
    every_rule = {"--no-unique-lines", "--distinct-combinations"}
    assert {rule for rule in every_rule if rule in text} == {f"--{r}" for r in choices.rules}


@pytest.mark.parametrize("kind_name", kind_names())
def test_every_flag_generate_offers_is_accepted(
    kind_name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    offered = argparse.ArgumentParser()
    add_generate_options(offered, kind_name)
    flags = [action.option_strings[0] for action in offered._actions if action.nargs == 0]
    assert "--help" in " ".join(action.option_strings[-1] for action in offered._actions)
    size = {"sudoku": "4", "takuzu": "4", "kakuro": "4x4"}[kind_name]
    for flag in flags:
        if flag == "-h":
            continue
        status, out, _ = run(["generate", kind_name, flag, "--size", size, "--seed", "1",
                              "--quiet"], capsys)
        assert status == 0 and out, flag


def test_a_flag_of_another_kind_is_refused_by_argparse(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["generate", "kakuro", "--distinct-combinations"],
                 ["generate", "sudoku", "--no-unique-lines"],
                 ["generate", "takuzu", "--symmetry", "rot90"]):
        with pytest.raises(SystemExit) as exit_info:
            main(args)
        assert exit_info.value.code == 2
        assert f"grille {' '.join(args[:2])}: error: unrecognized arguments" in (
            capsys.readouterr().err)
    with pytest.raises(SystemExit):
        main(["generate", "kakuro", "--level", "extreme"])
    assert "levels: any, easy, medium, hard, very-hard" in capsys.readouterr().err


def test_very_hard_is_one_word(capsys: pytest.CaptureFixture[str]) -> None:
    args = build_parser().parse_args(["generate", "kakuro", "--level", "very-hard"])
    assert args.level == "very hard"


def test_building_the_parser_loads_no_kind() -> None:
    """Only the kinds' light ``info`` modules (and their packages' lazy ``__init__``)."""
    code = ("import sys; from grille.cli import build_parser; build_parser(); "
            "print(sorted(m for m in sys.modules if (m.split('.')[:2] in "
            "(['grille', 'sudoku'], ['grille', 'takuzu'], ['grille', 'kakuro']) "
            "and m.split('.')[2:] not in ([], ['info'])) or m == 'numba'))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout == "[]\n"


# -- puzzles that do not read ------------------------------------------------------------------


@pytest.mark.parametrize(("command", "good"), [
    (["solve"], [SOLVED, SOLVED]),
    (["count"], ["1", "1"]),
    (["convert", "--to", "line"], [PUZZLE, PUZZLE]),
    (["check"], ["ok (incomplete)", "ok (incomplete)"]),
    (["rate"], ["easy", "easy"]),
    (["explain"], ["SE rating: easy", "SE rating: easy"]),
    (["candidates", "--to", "line"], [PUZZLE, PUZZLE]),
])
def test_the_good_puzzles_are_done_and_each_bad_one_reported(
    command: list[str], good: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, f"{PUZZLE}\n{BAD}\n\n{PUZZLE[:-3]}\n{PUZZLE}\n")
    status, out, err = run([*command, path], capsys)
    assert status == 2
    reports = err.splitlines()  # each with its place (the reasons are the readers' own)
    assert len(reports) == 2
    assert reports[0].startswith(f"grille: error: {path}:2:41: ")
    assert reports[1].startswith(f"grille: error: {path}:4:")
    found = [line for line in out.splitlines() if any(text in line for text in good)]
    assert len(found) == 2


def test_bad_input_comes_before_other_problems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, f"{SEVERAL}\n{BAD}\n")
    status, out, err = run(["solve", path], capsys)
    assert status == 2 and out == SEVERAL + "\n"
    first, second = err.splitlines()
    assert first == f"{path}:1: several solutions"
    assert second.startswith(f"grille: error: {path}:2:41: ")


# -- ending cleanly -----------------------------------------------------------------------------


def first_line_then_close(args: list[str]) -> tuple[int, str, str]:
    """Run ``grille ARGS``, read one line of its output, close the pipe as ``head -1`` does."""
    process = subprocess.Popen([sys.executable, "-m", "grille", *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=ENV)
    assert process.stdout is not None and process.stderr is not None
    line = process.stdout.readline()
    process.stdout.close()
    err = process.stderr.read()
    return process.wait(timeout=120), line, err


@pytest.mark.parametrize("command", [
    ["count", "{many}"],
    ["generate", "sudoku", "--size", "4", "--count", "400", "--seed", "1", "--quiet"],
    ["batch", "count", "{many}", "--jobs", "2", "--chunk", "50", "--quiet"],
])
def test_a_reader_that_goes_away_ends_grille_quietly(command: list[str], tmp_path: Path) -> None:
    many = write(tmp_path, "1.34341..14.4.21\n" * 20_000)
    status, line, err = first_line_then_close([part.format(many=many) for part in command])
    assert line.strip()
    assert (status, err) == (EXIT_PIPE, "")


def test_sigterm_shuts_a_batch_down_cleanly(tmp_path: Path) -> None:
    path = write(tmp_path, f"{PUZZLE}\n" + f"{HARD}\n" * 8)
    process = subprocess.Popen(
        [sys.executable, "-m", "grille", "batch", "rate", path, "--jobs", "2", "--chunk", "1",
         "--quiet"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV,
        start_new_session=True,  # its own process group, to end what it leaves behind
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline().startswith(PUZZLE)  # the pool runs the hard ones
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=60)  # the workers hold the pipes until they end
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == EXIT_TERMINATED
    assert err == ""


def count_peak(path: Path, capsys: pytest.CaptureFixture[str]) -> int:
    """Peak traced memory of ``grille count PATH``."""
    import tracemalloc

    tracemalloc.start()
    try:
        assert main(["count", str(path)]) == 0
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        capsys.readouterr()


def test_count_streams_a_long_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = "1.34341..14.4.21\n"
    small, large = tmp_path / "small.txt", tmp_path / "large.txt"
    small.write_text(line * 5_000)
    large.write_text(line * 50_000)
    count_peak(small, capsys)  # imports and caches first
    assert count_peak(large, capsys) < count_peak(small, capsys) + 1_000_000


def test_count_does_not_write_over_the_input_it_streams(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, PUZZLE + "\n")
    status, _, err = run(["count", path, "-o", path], capsys)
    assert status == 2 and "is the input" in err
    assert Path(path).read_text() == PUZZLE + "\n"


def test_hint_checks_the_clues_not_the_players_entries(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = "#  4\\ 3\\\n\\3 2  .\n\\4 .  .\n"  # r2c2 is 1 in the one solution
    status, out, err = run(["hint", write(tmp_path, wrong)], capsys)
    assert (status, err) == (0, "")
    assert out == "r2c2 holds 2, which is wrong.\n"
