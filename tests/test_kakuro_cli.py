"""The generic command line on Kakuro files (cli.py has no Kakuro-specific code)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import FIXTURES
from grille.cli import main

PUZZLE = FIXTURES / "kakuro" / "small.txt"
TWO = "#  3\\ 3\\\n\\3 .  .\n\\3 .  .\n"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


def test_solve_writes_the_solution_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_path = tmp_path / "solution.txt"
    status, out, _ = run(["solve", str(PUZZLE), "-o", str(out_path)], capsys)
    assert status == 0 and out == ""
    assert out_path.read_text().splitlines()[1:] == ["#  4\\ 3\\", "\\3 1  2", "\\4 3  1"]


def test_count_reports_several(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "two.txt"
    path.write_text(TWO)
    assert run(["count", str(path)], capsys)[1] == "2\n"
    status, _, err = run(["solve", str(path)], capsys)
    assert status == 1 and "several solutions" in err


def test_explain_hint_rate(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["explain", str(PUZZLE)], capsys)
    assert status == 0 and "1. [grille " in out and "grille rating: easy" in out
    status, out, _ = run(["hint", str(PUZZLE), "--depth", "4"], capsys)
    assert status == 0 and ":" in out
    status, out, _ = run(["rate", str(PUZZLE)], capsys)
    assert status == 0 and "\teasy\t" in out


def test_generate(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["generate", "kakuro", "--size", "8x8", "--seed", "1"], capsys)
    assert status == 0 and len(out.splitlines()) == 8 and "\\" in out


def test_parse_error_names_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("#  4\\ 3\\\n\\3 .  ?\n\\4 .  .\n")
    status, _, err = run(["solve", "--kind", "kakuro", str(path)], capsys)
    assert status == 2 and f"{path}:2:7:" in err and "'?'" in err
