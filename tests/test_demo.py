"""The main job (``make run``) runs and shows each part of the toolkit."""

from __future__ import annotations

from pathlib import Path

import pytest

from grille.demo import main


def test_demo_without_shared_data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "|534|678|912|" in out
    assert "verdict: unique" in out
    assert "SE rating: easy (ER 1.2" in out and "first step: [grille 1.2] " in out
    assert "an empty 25x25 (boxes 5x5) filled" in out
    assert "an empty 4x4 grid has 288 solutions" in out
    assert "92 ways to place 8 queens" in out
    assert "a medium 8x8 takuzu, generated" in out
    assert "a medium 8x8 kakuro, generated" in out
    assert out.count("verdict: unique") == 3
    assert "no shared puzzle sets" in out


def test_demo_survey_counts_verdicts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "sudoku"
    folder.mkdir()
    solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    (folder / "mixed.txt").write_text(f"{solved[:-5]}.....\n{'.' * 81}\n")
    main(["--data", str(tmp_path)])
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("mixed"))
    assert row.split()[1:5] == ["2", "1", "1", "0"]
