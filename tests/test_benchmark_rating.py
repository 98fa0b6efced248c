"""benchmarks/sudoku_rating.py: its oracle files, bands, tables and the HoDoKu-scale switch.

The benchmark is a script, not a package module: it is loaded from its path. Nothing here
rates a puzzle: grille's raters are replaced by stubs, so the tests take milliseconds.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from grille.sudoku.logic.rating import Rating

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "sudoku_rating.py"
P1 = "........1........2..3..4..5.....3.6..7.......51...........7......8...54..9.21...."
P2 = "................12..3.45........64...1.......67.3........1....6..4..85...2......."
P3 = "98.7..6..7.5....8.....8...567..4.5....3..7........6.2.45...89....749............1"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sudoku_rating_bench", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def rating(er: float, ep: float | None = None, ed: float | None = None) -> Rating:
    return Rating("easy", er, er if ep is None else ep, er if ed is None else ed, "X", True, ())


def test_every_se_line_form_reads(bench: ModuleType) -> None:
    read = bench.parse_rated_line
    assert read(f"{P1} 1.5").er == 1.5
    assert read(f"{P1} 1.5").ep is None
    labelled = read(f"h7\t{P1}\t2.6")
    assert (labelled.label, labelled.er) == ("h7", 2.6)
    full = read(f"{P1} 2.6 1.2 1.0")
    assert (full.er, full.ep, full.ed, full.seconds) == (2.6, 1.2, 1.0, None)
    assert read(f"{P1} 11.2 11.2 10.5 93.4").seconds == 93.4  # helper "hard"'s wall seconds
    assert (read(f"{P1} ED=11.9/11.9/11.3").ep, read(f"{P1} ED=11.9/11.9/11.3").ed) == (
        11.9, 11.3)
    assert read(P1.replace(".", "0") + " 1.5").puzzle == P1
    assert read("# serate output") is None
    assert read("   ") is None


def test_a_bad_se_line_is_named_with_its_text(bench: ModuleType) -> None:
    with pytest.raises(bench.OracleFormatError, match=r"x.txt:4: .*1.5 2.0"):
        bench.parse_rated_line(f"{P1} 1.5 2.0", Path("x.txt"), 4)
    with pytest.raises(ValueError, match="no 81-character puzzle"):
        bench.parse_rated_line("abc 1.5")
    with pytest.raises(ValueError, match="'hard' is not a number"):
        bench.parse_rated_line(f"{P1} hard")


def test_a_file_takes_its_seconds_from_the_sibling_and_skips_lost_ratings(
    bench: ModuleType, tmp_path: Path
) -> None:
    path = tmp_path / "se_gen.txt"
    path.write_text(f"{P1} 1.5 1.2 1.2\n{P2} 912.4\n{P3} 11.2 11.2 10.5\n")
    (tmp_path / "se_gen.seconds.txt").write_text(f"{P1} 0.16\n{P3} 212.00\n")
    items = bench.parse_rated(path)
    assert [(item.puzzle, item.seconds, item.source) for item in items] == [
        (P1, 0.16, "gen"), (P3, 212.0, "gen")]
    assert bench.oracle_files(tmp_path, "se_*.txt") == [path]
    assert bench.oracle_files(tmp_path, "se_*.txt", ["se_g*"]) == []


def test_hodoku_lines_read_in_both_layouts(bench: ModuleType, tmp_path: Path) -> None:
    read = bench.parse_hodoku_line
    plain = read(f"{P1} hard 1234")
    assert (plain.level, plain.score, plain.seconds) == ("hard", 1234, None)
    tabbed = read(f"2400\t{P2}\tUNFAIR\t2100\t0.5\tNAKED_SINGLE:8=4 FULL_HOUSE:0=2")
    assert (tabbed.puzzle, tabbed.level, tabbed.score, tabbed.seconds) == (
        P2, "unfair", 2100, 0.5)
    with pytest.raises(bench.OracleFormatError, match="level"):
        read(f"{P1} 2.6 1.2 1.0")
    path = tmp_path / "hodoku_bench_gen.txt"
    path.write_text(f"# header\n{P1} easy 184\n")
    (tmp_path / "hodoku_bench_gen.seconds.txt").write_text(f"{P1} 0.102\n")
    assert bench.parse_hodoku(path) == [bench.HodokuRated(P1, "easy", 184, 0.102, "gen")]


@pytest.mark.parametrize(("er", "name"), [
    (1.0, "1.0-1.9"), (1.9, "1.0-1.9"), (2.0, "2.0-2.9"), (9.9, "9.0-9.9"),
    (10.0, "10.0-10.9"), (11.9, "11.0-11.9"), (20.0, "20.0 / unsolved"), (0.0, "0.0 / error"),
])
def test_bands_are_se_whole_numbers(bench: ModuleType, er: float, name: str) -> None:
    assert bench.se_band(er) == name


def test_bands_sort_by_er_and_only_the_hard_end_is_timed_against_se(bench: ModuleType) -> None:
    names = ["11.0-11.9", bench.NO_SE_BAND, "2.0-2.9", "20.0 / unsolved", "10.0-10.9"]
    assert sorted(names, key=bench.band_order) == [
        "2.0-2.9", "10.0-10.9", "11.0-11.9", "20.0 / unsolved", bench.NO_SE_BAND]
    assert [bench.is_hard_band(name) for name in ("9.0-9.9", "10.0-10.9", "20.0 / unsolved",
                                                  bench.NO_SE_BAND)] == [
        False, True, True, False]


def result(bench: ModuleType, puzzle: str, se: tuple[float, float, float],
           ours: tuple[float, float, float], seconds: float = 0.01) -> object:
    item = bench.Rated("1", puzzle, *se, seconds=10.0)
    timed = bench.Timed(puzzle, rating(*ours), seconds)
    return bench.Result(puzzle, bench.se_band(se[0]), se=item, grille=timed)


def test_the_agreement_table_counts_exact_and_near(bench: ModuleType) -> None:
    groups = bench.by_band([
        result(bench, P1, (2.6, 1.2, 1.2), (2.6, 1.2, 1.2)),
        result(bench, P2, (2.6, 1.5, 1.2), (2.5, 1.5, 1.7)),
        result(bench, P3, (11.2, 11.2, 10.5), (12.0, 12.0, 12.0)),
    ])
    rows = bench.agreement_rows(groups)
    assert [row[:2] for row in rows] == [["2.0-2.9", "2"], ["11.0-11.9", "1"], ["all", "3"]]
    assert rows[0][2:] == ["50.0 %", "100.0 %", "100.0 %", "100.0 %", "50.0 %", "50.0 %",
                           "0 / 1"]
    assert rows[2][2] == "33.3 %"
    assert [row[:3] for row in bench.source_agreement_rows(groups)] == [["", "3", "33.3 %"]]
    assert bench.exact_misses(rows) == [
        "2.0-2.9 ER exact 50.0 %", "2.0-2.9 ED exact 50.0 %", "11.0-11.9 ER exact 0.0 %",
        "11.0-11.9 EP exact 0.0 %", "11.0-11.9 ED exact 0.0 %"]


def test_the_speed_table_holds_hard_bands_to_se_and_others_to_hodoku(bench: ModuleType) -> None:
    easy = result(bench, P1, (1.5, 1.2, 1.2), (1.5, 1.2, 1.2), seconds=0.01)
    easy.hodoku_py_seconds = 0.1  # ×10: short of ×20
    hard = result(bench, P3, (11.2, 11.2, 10.5), (11.2, 11.2, 10.5), seconds=0.25)  # SE 10 s
    rows = bench.speed_rows(bench.by_band([easy, hard]))
    assert rows[0][0] == "1.0-1.9"
    assert rows[0][-2:] == ["×10.0", "≥20× hodoku-py: NOT met"]
    assert rows[1][7] == "×40.0"
    assert rows[1][-1] == "≥20× SE: met"
    guessed = result(bench, P2, (10.4, 10.4, 2.6), (12.0, 12.0, 2.6), seconds=0.5)
    guessed.grille = bench.Timed(P2, Rating("extreme", 12.0, 12.0, 2.6, "Trial and Error",
                                            True, (("Trial and Error", 1),)), 0.5)
    slow = result(bench, P1, (1.5, 1.2, 1.2), (1.5, 1.2, 1.2), seconds=20.0)  # SE 10 s
    rows = bench.speed_rows(bench.by_band([guessed, slow]))
    assert rows[0][7] == "×0.50"
    assert rows[1][-1] == "≥20× SE: met (1 of 1 rated with trial and error)"


def test_grilles_hodoku_scale_is_used_only_when_it_exists(bench: ModuleType) -> None:
    assert bench.grille_hodoku_scale(("se", "sukaku")) is None
    seen = {}

    def stub(grid: object, *, scale: str) -> object:
        seen["scale"] = scale
        return SimpleNamespace(level="Hard", score=1234, er=9.9)

    run = bench.grille_hodoku_scale(("se", "hodoku"), stub)
    assert run(P1) == ("hard", 1234)
    assert seen == {"scale": "hodoku"}
    no_score = bench.grille_hodoku_scale(
        ("hodoku",), lambda grid, *, scale: SimpleNamespace(level="unfair", er=2100.0))
    assert no_score(P1) == ("unfair", 2100)


def test_the_report_says_when_the_hodoku_scale_is_missing(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    item = result(bench, P1, (1.5, 1.2, 1.2), (1.5, 1.2, 1.2))
    bench.report_oracle(bench.by_band([item]), False, False, "live")
    out = capsys.readouterr().out
    assert "hodoku scale not available" in out
    assert "| 1.0-1.9 | 1 | 100.0 %" in out
    assert "Target exact ER, EP and ED ≥ 98 % in every band: met" in out


def gathered(bench: ModuleType) -> dict[str, list[object]]:
    results, notes = bench.gather(
        [bench.Rated("1", P1, 1.5, 1.2, 1.2), bench.Rated("2", P2, 1.7, 1.2, 1.2)],
        [bench.HodokuRated(P1, "easy", 184), bench.HodokuRated(P3, "hard", 1500),
         bench.HodokuRated(P3, "hard", 1600)],
    )
    assert len(notes) == 1 and "hard 1500" in notes[0] and "hard 1600" in notes[0]
    groups: dict[str, list[object]] = bench.choose(bench.by_band(results.values()), 0)
    assert list(groups) == ["1.0-1.9", bench.NO_SE_BAND]
    return groups


def run(bench: ModuleType, groups: dict[str, list[object]], seconds: float) -> None:
    options = argparse.Namespace(seconds=seconds, hodoku_timing="live", hodoku_cap=0.0)
    bench.run_oracle(
        groups, options,
        lambda puzzle: bench.Timed(puzzle, rating(1.5, 1.2, 1.2), 5.0),
        lambda puzzle: {P1: ("easy", 184), P3: ("hard", 1600)}[puzzle],
        lambda puzzle: ("easy", 184),
    )


def test_a_band_stops_at_its_budget(bench: ModuleType) -> None:
    groups = gathered(bench)
    run(bench, groups, seconds=1.0)  # every stub rating "takes" 5 s
    assert [sum(r.grille is not None for r in items) for items in groups.values()] == [1, 1]


def test_puzzles_hodoku_py_rated_are_rated_on_grilles_hodoku_scale(bench: ModuleType) -> None:
    groups = gathered(bench)
    run(bench, groups, seconds=0.0)
    rows = bench.hodoku_rows([r for items in groups.values() for r in items])
    assert [row[:4] for row in rows] == [
        ["easy", "1", "100.0 %", "100.0 %"], ["hard", "1", "100.0 %", "0.0 %"],
        ["all", "2", "100.0 %", "50.0 %"]]
    assert all(r.hodoku_py_seconds is not None for items in groups.values() for r in items)
