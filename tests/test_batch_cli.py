"""``grille batch``: the single commands' bytes, serial or in a pool, failures in place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import FIXTURES, shared_file
from grille.cli import main

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
TWO_SOLUTIONS = "." * 81
NO_SOLUTION = "55" + PUZZLE[2:]
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


def write(tmp_path: Path, text: str, name: str = "in.txt") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def sample(tmp_path: Path, parts: tuple[str, ...], count: int) -> str:
    """The first ``count`` lines of a shared file, as a file of their own."""
    with shared_file(*parts).open() as handle:
        lines = [next(handle) for _ in range(count)]
    return write(tmp_path, "".join(lines), parts[-1])


def batch_bytes(job: list[str], path: str, tmp_path: Path, *extra: str) -> tuple[int, bytes]:
    """Status and output bytes of ``grille batch JOB... PATH EXTRA... -o FILE``."""
    out = tmp_path / f"out-{len(list(tmp_path.iterdir()))}.txt"
    status = main(["batch", *job, path, "--quiet", "-o", str(out), *extra])
    return status, out.read_bytes()


def single_bytes(command: list[str], path: str, capsys: pytest.CaptureFixture[str]) -> bytes:
    main([*command, path])
    return capsys.readouterr().out.encode()


@pytest.mark.parametrize(("job", "single"), [
    (["solve"], ["solve"]),
    (["count"], ["count"]),
    (["count", "--limit", "1"], ["count", "--limit", "1"]),
    (["rate"], ["rate"]),
])
def test_fixture_output_is_the_single_commands_in_one_process_and_in_two(
    job: list[str], single: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(FIXTURES / "sudoku" / "line.txt")
    expected = single_bytes(single, path, capsys)
    assert batch_bytes(job, path, tmp_path, "--jobs", "1") == (0, expected)
    assert batch_bytes(job, path, tmp_path, "--jobs", "2", "--chunk", "1") == (0, expected)


@pytest.mark.shared_data
@pytest.mark.parametrize(("job", "parts", "count"), [
    (["solve"], ("sudoku", "forum_hardest_1106_half.txt"), 60),
    (["solve"], ("sudoku", "serg_benchmark_multisolution.txt"), 300),
    (["count", "--limit", "5"], ("sudoku", "serg_benchmark_multisolution.txt"), 300),
    (["solve"], ("takuzu", "janko_binairo.txt"), 23),
    (["rate"], ("sudoku", "17clue_10k.txt"), 30),
])
def test_shared_files_give_the_single_commands_bytes_serial_and_in_a_pool(
    job: list[str], parts: tuple[str, ...], count: int, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = sample(tmp_path, parts, count)
    status, serial = batch_bytes(job, path, tmp_path, "--jobs", "1")
    serial_err = capsys.readouterr().err
    assert batch_bytes(job, path, tmp_path, "--jobs", "2") == (status, serial)
    assert capsys.readouterr().err == serial_err
    if parts[0] == "sudoku":
        assert single_bytes(job, path, capsys) == serial
    lines = Path(path).read_text().splitlines()
    assert len(serial.splitlines()) == sum(1 for line in lines if not line.startswith("#"))


def test_bad_puzzles_are_marked_in_place_and_the_batch_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = PUZZLE[:40] + "Z" + PUZZLE[41:]
    path = write(tmp_path, f"{PUZZLE}\nnonsense\n{TWO_SOLUTIONS}\n# comment\n{bad}\n{PUZZLE}\n")
    status, out, err = run(["batch", "solve", path, "--jobs", "2", "--chunk", "2"], capsys)
    assert status == 1
    assert out.splitlines() == [
        SOLVED,
        f"# error: {path}:2:9: expected 16 cells, found 8: a one-line puzzle has n*n cells, "
        "n one of 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25",
        TWO_SOLUTIONS,
        f"# error: {path}:5:41: 'Z' is not a digit of a 9x9 grid",
        SOLVED,
    ]
    assert err.splitlines() == [
        out.splitlines()[1].removeprefix("# "),
        f"{path}:3: several solutions",
        out.splitlines()[3].removeprefix("# "),
    ]


def test_the_search_budget_is_a_marker_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, f"{PUZZLE}\n{HARD}\n{NO_SOLUTION}\n")
    status, out, err = run(["batch", "count", path, "--budget", "3", "--jobs", "1"], capsys)
    assert status == 1
    stopped = f"{path}:2: stopped after 0 solutions: search budget of 3 nodes reached " \
        "(raise it with --budget)"
    assert out.splitlines() == ["1", f"# error: {stopped}", "0"]
    assert err == f"error: {stopped}\n"
    status, out, err = run(["batch", "solve", path, "--budget", "3", "--jobs", "1"], capsys)
    assert status == 1
    unknown = f"{path}:2: unknown: search budget of 3 nodes reached (raise it with --budget)"
    assert out.splitlines() == [SOLVED, f"# error: {unknown}", NO_SOLUTION]
    assert err.splitlines() == [f"error: {unknown}", f"{path}:3: no solution"]


def test_explain_writes_one_json_object_per_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(FIXTURES / "sudoku" / "line.txt")
    status, out, _ = run(["batch", "explain", path, "--jobs", "1"], capsys)
    assert status == 0
    found = [json.loads(line) for line in out.splitlines()]
    assert [item["line"] for item in found] == [2, 3, 6]
    assert all(item["solved"] for item in found)
    main(["explain", "--format", "json", path])
    single = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [item["steps"] for item in found] == [item["steps"] for item in single]
    assert all(item["scale"] == "grille" and item["rating"] is None for item in found)
    assert run(["batch", "explain", path, "--jobs", "2", "--chunk", "1"], capsys)[1] == out
    # with a scale, the steps are the path it rates, and the rating comes along
    status, out, _ = run(["batch", "explain", path, "--jobs", "1", "--scale", "se"], capsys)
    rated = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and all(item["scale"] == "se" for item in rated)
    assert all(item["rating"]["er"] == max(step["difficulty"] for step in item["steps"])
               for item in rated)


def test_explain_notes_a_puzzle_without_one_solution(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, TWO_SOLUTIONS + "\n")
    status, out, err = run(["batch", "explain", path, "--jobs", "1"], capsys)
    assert status == 0
    assert json.loads(out) == {"line": 1, "solved": False, "steps": [],
                               "verdict": "several solutions"}
    assert err == f"{path}:1: several solutions\n"


def test_blocks_are_solved_to_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(FIXTURES / "sudoku" / "grid6.txt")
    main(["solve", path, "--to", "line"])
    expected = capsys.readouterr()
    status, out, err = run(["batch", "solve", path, "--jobs", "1"], capsys)
    assert (status, out, err) == (0, expected.out, expected.err)
    status, out, _ = run(["batch", "solve", path, "--to", "solo", "--jobs", "1"], capsys)
    assert out.splitlines()[1].startswith("2x3:")


def test_kakuro_is_written_as_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(FIXTURES / "kakuro" / "small.txt")
    status, out, _ = run(["batch", "solve", path, "--jobs", "1"], capsys)
    assert status == 0
    assert json.loads(out)["grid"] == [["#", "4\\", "3\\"], ["\\3", "1", "2"], ["\\4", "3", "1"]]
    status, out, _ = run(["batch", "rate", path, "--jobs", "1"], capsys)
    puzzle, level, *_ = out.rstrip("\n").split("\t")
    assert json.loads(puzzle)["kind"] == "kakuro" and level == "easy"


def test_takuzu_rules_come_through(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    grid = "\t".join(("t1", "4", "4", "0.1...0..0..1..."))
    text = f"{grid}\n# rules: no-unique-lines\n{grid}\n"
    status, out, _ = run(["batch", "count", write(tmp_path, text), "--jobs", "1"], capsys)
    assert status == 0
    first, second = out.split()
    assert int(second) >= int(first)
    flagged = run(["batch", "count", write(tmp_path, f"{grid}\n", "one.txt"), "--jobs", "1",
                   "--no-unique-lines"], capsys)[1]
    assert flagged.split() == [second]


def test_generate_is_grille_generate(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--count", "4", "--seed", "11", "--size", "6", "--quiet"]
    main(["generate", "sudoku", *args])
    expected = capsys.readouterr().out
    assert run(["batch", "generate", "sudoku", *args, "--jobs", "1"], capsys)[:2] == (0, expected)
    assert run(["batch", "generate", "sudoku", *args, "--jobs", "2"], capsys)[:2] == (0, expected)
    assert len(expected.splitlines()) == 4


def test_generate_with_bad_options_stops_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["batch", "generate", "sudoku", "--size", "7", "--count", "5",
                            "--seed", "1", "--jobs", "1"], capsys)
    assert (status, out) == (2, "")
    assert "unsupported" in err


def test_random_seed_is_printed(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["batch", "generate", "sudoku", "--size", "4", "--jobs", "1"], capsys)
    assert status == 0 and len(out.split()) == 1
    assert err.startswith("seed: ")


@pytest.mark.parametrize(("args", "message"), [
    (["batch", "solve", "missing.txt"], "missing.txt"),
    (["batch", "solve", "{}"], "error"),
    (["batch", "solve", PUZZLE, "--resume"], "--resume needs -o OUT"),
    (["batch", "solve", PUZZLE, "--jobs", "2", "--cluster", "tcp://x:1"], "give one"),
    (["batch", "solve", PUZZLE, "--to", "grid"], "one sudoku puzzle a line"),
    (["batch", "solve", PUZZLE, "--no-unique-lines"], "sudoku has no rule"),
    (["batch", "solve", PUZZLE, "--from", "rows"], "sudoku has no format 'rows'"),
    (["batch", "generate", "sudoku", "--resume", "-o", "x.txt"], "--seed"),
    (["batch", "generate", "kakuro", "--format", "text", "--seed", "1"], "json"),
])
def test_usage_errors_exit_2(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    status, _, err = run(args, capsys)
    assert status == 2
    assert message in err


def test_the_output_may_not_be_the_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, PUZZLE + "\n")
    status, _, err = run(["batch", "solve", path, "-o", path], capsys)
    assert status == 2 and "is the input" in err
    assert Path(path).read_text() == PUZZLE + "\n"


def test_a_puzzle_given_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["batch", "solve", PUZZLE, "--jobs", "1"], capsys) == (0, SOLVED + "\n", "")


class GeneratedStdin:
    """Standard input whose bytes are made line by line, as from a pipe: never all at once."""

    def __init__(self, line: bytes, count: int) -> None:
        self.buffer = (line for _ in range(count))


def peak_of_a_piped_batch(count: int, out: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """Peak traced memory of this process over ``grille batch count`` of ``count`` lines."""
    import tracemalloc

    monkeypatch.setattr("sys.stdin", GeneratedStdin(b"1.34341..14.4.21\n", count))
    tracemalloc.start()
    try:
        args = ["batch", "count", "-", "--limit", "2", "--jobs", "2", "--chunk", "500",
                "--quiet", "-o", str(out)]
        assert main(args) == 0
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_stays_flat_however_long_the_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out.txt"
    peak_of_a_piped_batch(2_000, out, monkeypatch)  # imports and caches first
    small = peak_of_a_piped_batch(10_000, out, monkeypatch)
    large = peak_of_a_piped_batch(100_000, out, monkeypatch)
    assert out.read_bytes() == b"1\n" * 100_000
    assert large < small + 500_000  # the 100,000 lines in and out are 1.9 MB, their grids 40+


@pytest.mark.parametrize("total", [3, None])
def test_the_progress_bar_counts_and_notes(
    total: int | None, capsys: pytest.CaptureFixture[str]
) -> None:
    from grille.batch.progress import BatchProgress

    with BatchProgress("rate", total=total, done=1, shown=True) as progress:
        progress.note("in.txt:2: a note")
        progress.advance(2)
    err = capsys.readouterr().err
    assert "in.txt:2: a note" in err
    assert "rate" in err and ("3/3" in err if total else "3/?" in err)
    with BatchProgress("rate", total=3, shown=False) as quiet:
        quiet.advance(3)
        quiet.note("plain")
    assert capsys.readouterr().err == "plain\n"
