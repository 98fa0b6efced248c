"""The command line on Takuzu, through the Kind interface alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import shared_file
from grille.cli import main
from grille.takuzu import KIND

PUZZLE = "janko-1\t8\t8\t.11.........0..1..0.00.......00...0......1.....0...010.10...00..\n"
SOLUTION = "0110110010010101110100100110100110010110110011000010101100110011"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


def write(tmp_path: Path, text: str, name: str = "in.txt") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize(
    ("rows", "rules", "expected"),
    [(4, "", "72"), (6, "", "4140"), (4, "# rules: no-unique-lines\n", "90"),
     (6, "# rules: no-unique-lines\n", "11222")],
)
def test_count_empty_grids(rows: int, rules: str, expected: str, tmp_path: Path,
                           capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, rules + ("." * rows + "\n") * rows)
    status, out, _ = run(["count", "--limit", "0", "--kind", "takuzu", path], capsys)
    assert status == 0 and out == expected + "\n"


def test_solve_explain_rate_convert(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, PUZZLE)
    status, out, _ = run(["solve", path], capsys)
    assert status == 0 and out.split("\t")[3] == SOLUTION
    status, out, _ = run(["explain", path], capsys)
    assert status == 0 and "Needs one more" in out
    assert out.splitlines()[0].startswith("1. [grille 1.0] Pair")
    # Takuzu rates the path it explains: the rating closes it
    assert out.splitlines()[-1] == "solved; grille rating: medium (3.0, Needs one more)"
    status, out, _ = run(["rate", path], capsys)
    assert out.rstrip().split("\t")[-3:] == ["medium", "3.0", "Needs one more"]
    status, out, _ = run(["convert", "--to", "unruly", path], capsys)
    assert status == 0 and out == "8x8u:BAjCcbahadGfdAaBadac\n"
    status, out, _ = run(["solve", "8x8u:BAjCcbahadGfdAaBadac"], capsys)
    assert KIND.read(out)[0].puzzle.line() == SOLUTION


def test_hint(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, PUZZLE)
    status, out, _ = run(["hint", "--depth", "4", path], capsys)
    assert status == 0 and out.startswith(("Pair", "Sandwich"))
    status, out, _ = run(["hint", "--depth", "5", path], capsys)
    lines = out.splitlines()
    assert lines[1].split("\t")[3].count(".") < PUZZLE.split("\t")[3].count(".")


def test_generate(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["generate", "takuzu", "--size", "8x8", "--level", "easy", "--seed", "1"]
    status, out, _ = run(args, capsys)
    assert status == 0
    puzzle = KIND.read(out)[0].puzzle
    assert puzzle.size == "8x8" and KIND.rate(puzzle).level == "easy"
    assert run(args, capsys)[1] == out


def test_errors_and_non_unique(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["solve", "--kind", "takuzu", write(tmp_path, "10..\n1x..\n")], capsys)
    assert status == 2 and ":2:2:" in err
    status, _, err = run(["solve", "--kind", "takuzu", write(tmp_path, "....\n" * 4)], capsys)
    assert status == 1 and "several" in err


def test_shared_file_solves(capsys: pytest.CaptureFixture[str]) -> None:
    path = shared_file("takuzu", "takuzu_vue_square.txt")
    status, out, _ = run(["solve", str(path)], capsys)
    assert status == 0
    for entry in KIND.read(out):
        assert entry.puzzle.line() == entry.puzzle.meta("solution")
