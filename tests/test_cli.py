"""The grille command line: output, exit statuses and error messages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import FIXTURES
from grille.cli import main

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
TWO_SOLUTIONS = "." * 81
NO_SOLUTION = "55" + PUZZLE[2:]


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


def write(tmp_path: Path, text: str, name: str = "in.txt") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_solve_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["solve", write(tmp_path, PUZZLE + "\n" + PUZZLE + "\n")], capsys)
    assert status == 0 and err == ""
    assert out == SOLVED + "\n" + SOLVED + "\n"


def test_solve_reports_non_unique_puzzles_with_line_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, f"{PUZZLE}\n{TWO_SOLUTIONS}\n{NO_SOLUTION}\n")
    status, out, err = run(["solve", path], capsys)
    assert status == 1
    assert out.splitlines() == [SOLVED, TWO_SOLUTIONS, NO_SOLUTION]
    assert f"{path}:2: several solutions" in err
    assert f"{path}:3: no solution" in err


def test_solve_writes_output_file_in_the_input_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    grid_text = "\n".join(PUZZLE[i:i + 9] for i in range(0, 81, 9)) + "\n"
    out_path = tmp_path / "out.txt"
    status, out, _ = run(["solve", write(tmp_path, grid_text), "-o", str(out_path)], capsys)
    assert status == 0 and out == ""
    assert out_path.read_text().split() == [SOLVED[i:i + 9] for i in range(0, 81, 9)]


def test_solve_many_uses_the_batch_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["solve", write(tmp_path, (PUZZLE + "\n") * 40)], capsys)
    assert status == 0 and out.splitlines() == [SOLVED] * 40


def test_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    four = "1234" + "." * 12
    path = write(tmp_path, f"{PUZZLE}\n{four}\n{NO_SOLUTION}\n")
    status, out, _ = run(["count", path], capsys)
    assert status == 0 and out.splitlines() == ["1", "12", "0"]
    status, out, _ = run(["count", "--limit", "5", path], capsys)
    assert out.splitlines() == ["1", "5+", "0"]


def test_count_budget(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["count", "--budget", "50", write(tmp_path, TWO_SOLUTIONS)], capsys)
    assert status == 3
    assert out.strip().endswith("+")
    assert "budget of 50 nodes reached" in err


def test_candidates_and_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["candidates", write(tmp_path, PUZZLE)], capsys)
    assert status == 0 and "124" in out
    status, out, _ = run(["check", write(tmp_path, NO_SOLUTION, "bad.txt")], capsys)
    assert status == 1 and "r1c1 and r1c2 both hold 5 in row 1" in out
    status, out, _ = run(["check", write(tmp_path, PUZZLE, "ok.txt")], capsys)
    assert status == 0 and "ok (incomplete)" in out


def test_convert_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for fmt in ("grid", "sdk", "ss", "marks", "opensudoku", "json", "line"):
        status, converted, _ = run(["convert", "--to", fmt, write(tmp_path, PUZZLE)], capsys)
        assert status == 0, fmt
        status, back, _ = run(["convert", "--to", "line", write(tmp_path, converted, fmt)], capsys)
        assert status == 0 and back == PUZZLE + "\n", fmt


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7Z\n",
         ":1:81:"),
        (PUZZLE + "\n" + PUZZLE[:-2] + "\n", ":2:"),
        ("hello world\n", ":1:"),
    ],
)
def test_bad_input_is_one_line_with_position_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, where: str
) -> None:
    path = write(tmp_path, text)
    status, _, err = run(["solve", path], capsys)
    assert status == 2
    assert err.startswith(f"grille: error: {path}{where}")
    assert len(err.splitlines()) == 1


def test_unreadable_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["solve", str(tmp_path / "missing.txt")], capsys)
    assert status == 2 and "missing.txt" in err
    binary = tmp_path / "bin.dat"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\0\0")
    status, _, err = run(["solve", str(binary)], capsys)
    assert status == 2 and "binary" in err
    latin = tmp_path / "latin.txt"
    latin.write_bytes(b"53..7\xe9...")
    status, _, err = run(["solve", str(latin)], capsys)
    assert status == 2 and ":1:6: not UTF-8" in err
    too_big = "." * (36 * 36)
    status, _, err = run(["solve", write(tmp_path, too_big, "big.txt")], capsys)
    assert status == 2 and "big.txt:1:" in err


def test_xc_queens(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["xc", "--count", str(FIXTURES / "queens8.dlx")], capsys)
    assert status == 0 and out.strip() == "92"
    status, out, _ = run(["xc", "--count", str(FIXTURES / "queens10.dlx")], capsys)
    assert status == 0 and out.strip() == "724"
    status, out, _ = run(["xc", "--limit", "1", str(FIXTURES / "queens8.dlx")], capsys)
    assert status == 0 and len(out.strip().splitlines()) == 8


def test_help_of_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("solve", "count", "candidates", "check", "convert", "xc", "formats"):
        with pytest.raises(SystemExit) as exit_info:
            main([command, "--help"])
        assert exit_info.value.code == 0
        assert "usage: grille " + command in capsys.readouterr().out


def test_convert_help_says_which_formats_to_type(capsys: pytest.CaptureFixture[str]) -> None:
    """'--to FORMAT: output format' left a new user guessing the names (fpuzzles-link?)."""
    from grille.kinds import kind_infos

    with pytest.raises(SystemExit):
        main(["convert", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for info in kind_infos():
        assert f"{info.name}: {', '.join(info.format_names)}" in text


def test_entry_point_from_stdin() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "grille", "solve", "-"],
        input=PUZZLE + "\n", capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == SOLVED + "\n"


def test_rule_variant_flags(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A Takuzu that needs two equal rows (janko-style): none under the full rules.
    grid = "0101\n1010\n0101\n1010\n"
    path = write(tmp_path, grid)
    assert run(["count", "--limit", "0", path], capsys)[1] == "0\n"
    assert run(["count", "--limit", "0", "--no-unique-lines", path], capsys)[1] == "1\n"
    status, _, err = run(["count", "--no-unique-lines", PUZZLE], capsys)
    assert status == 2 and "sudoku has no rule 'no-unique-lines'" in err
    with pytest.raises(SystemExit):
        main(["count", "--help"])
    assert "--distinct-combinations" in capsys.readouterr().out
    status, out, _ = run(
        ["generate", "takuzu", "--size", "6x6", "--seed", "3", "--no-unique-lines", "--quiet",
         "--format", "unruly"], capsys)
    assert status == 0 and out.startswith("6x6:")


TAKUZU = ".11.........0..1..0.00.......00...0......1.....0...010.10...00.."
TAKUZU_SOLUTION = "0110110010010101110100100110100110010110110011000010101100110011"


def test_hint_marks_takes_a_players_grid_of_any_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = write(tmp_path, f"t\t8\t8\t{TAKUZU}\n", "takuzu.txt")
    right = write(tmp_path, f"t\t8\t8\t{TAKUZU_SOLUTION[0]}{TAKUZU[1:]}\n", "right.txt")
    wrong = write(tmp_path, f"t\t8\t8\t1{TAKUZU[1:]}\n", "wrong.txt")
    status, out, _ = run(["hint", "--depth", "4", "--marks", right, puzzle], capsys)
    assert status == 0 and "wrong" not in out
    status, out, _ = run(["hint", "--depth", "4", "--marks", wrong, puzzle], capsys)
    assert status == 0 and out == "r1c1 holds 1, which is wrong.\n"


def test_hint_marks_refuses_a_grid_that_changes_a_clue(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = write(tmp_path, f"t\t8\t8\t{TAKUZU}\n", "takuzu.txt")
    changed = write(tmp_path, f"t\t8\t8\t.0{TAKUZU[2:]}\n", "changed.txt")
    status, _, err = run(["hint", "--marks", changed, puzzle], capsys)
    assert status == 2 and "changed.txt" in err and "r1c2" in err


def test_rate_and_explain_pass_nesting_and_scale_to_sudoku(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from grille.sudoku.logic import explain as logic

    asked: list[tuple[str, dict[str, object]]] = []

    def spy(name: str, real: Any) -> Any:
        def call(puzzle: Any, **options: object) -> Any:
            asked.append((name, options))
            return real(puzzle, **options)

        return call

    monkeypatch.setattr(logic, "rate", spy("rate", logic.rate))
    monkeypatch.setattr(logic, "explain", spy("explain", logic.explain))
    path = write(tmp_path, PUZZLE + "\n")
    status, out, _ = run(["rate", "--nesting", "2", "--scale", "sukaku", path], capsys)
    assert status == 0 and out.split()[1] == "easy"
    assert asked[0] == ("rate", {"scale": "sukaku", "nesting": 2})  # rate then calls explain
    asked.clear()
    status, out, _ = run(["explain", "--nesting", "3", path], capsys)
    assert status == 0 and out.splitlines()[-1].startswith("SE rating: easy")
    assert out.splitlines()[-1].endswith("its path: grille explain --nesting 3 --scale se")
    assert ("explain", {"scale": None, "nesting": 3}) in asked  # the kind fills in defaults
    assert ("rate", {"scale": None, "nesting": 3}) in asked  # None: rate's own, SE
    asked.clear()
    status, out, _ = run(["explain", "--nesting", "3", "--scale", "sukaku", path], capsys)
    assert status == 0 and out.splitlines()[-1].startswith("solved; Sukaku rating: easy")
    assert asked == [("explain", {"scale": "sukaku", "nesting": 3})]  # one walk, rated


def test_nesting_is_sudoku_only_and_bounded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "0101\n1010\n0101\n1010\n")
    status, _, err = run(["rate", "--nesting", "1", path], capsys)
    assert status == 2 and "--nesting 1: takuzu takes no such option for rate" in err
    assert "(--nesting: Sudoku only)" in err
    with pytest.raises(SystemExit):
        main(["rate", "--nesting", "6", path])
