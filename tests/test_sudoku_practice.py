"""Generating Sudoku puzzles for practising one technique (``generate --technique``).

Every puzzle is checked against the definition (:mod:`grille.sudoku.practice`): one solution
(by the exact-cover engine), and ``explain``'s own path uses the technique and nothing after
it in grille's ladder; equivalently, the ladder up to it solves the puzzle and the ladder
before it does not. Cheap techniques only, fixed seeds.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from grille.cli import main
from grille.errors import GrilleError
from grille.generating import generate_stream
from grille.kind import GenerateOptions, kind_options
from grille.kinds import get_kind, kind_info
from grille.logic import walk
from grille.sudoku import KIND, Grid
from grille.sudoku.cover import solve as cover_solve
from grille.sudoku.generate import (
    GenerateParams,
    GenerationError,
    generate,
    orbits,
    random_solution,
)
from grille.sudoku.geometry import default_shape
from grille.sudoku.info import PRACTICE_TECHNIQUES
from grille.sudoku.logic.basic.subsets import naked_subset
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.explain import explain
from grille.sudoku.logic.techniques import technique as declared
from grille.sudoku.oracle import oracle_for
from grille.sudoku.practice import (
    NEVER_IN_PATH,
    STAND_INS,
    TechniqueSearch,
    Verdict,
    _walk,
    complementary_quad,
    find_technique,
    hidden_singles,
    judge,
    path_techniques,
    practice_ladder,
    singles_run,
    uses,
)
from grille.sudoku.search import CarvingSearch

CHEAP = ("Naked Pair", "XY-Wing", "XY-Chain", "ALS-XZ")
"""Techniques whose puzzles come in well under a second (benchmarks/sudoku_generate.py)."""


def solved_by(puzzle: Grid, techniques: tuple[object, ...]) -> bool:
    board = Board.from_grid(puzzle)
    for _step, after in walk(board, techniques):  # type: ignore[arg-type]
        board = after
    return board.solved


@pytest.mark.parametrize("name", CHEAP)
def test_the_puzzle_needs_the_technique_and_nothing_harder(name: str) -> None:
    technique = find_technique(name)
    techniques = practice_ladder()
    at = techniques.index(technique)
    for seed in range(2):
        puzzle = generate(GenerateParams(technique=name), seed)
        assert cover_solve(puzzle, limit=2).count == 1
        path = explain(puzzle)
        assert path.solved
        named = path_techniques(puzzle)
        assert [step for _, step in named] == list(path.steps)  # explain's path, named
        used = [techniques.index(found) for found, _ in named]
        assert at in used and max(used) == at, (puzzle.line(), name)
        # the other reading of "needs T and nothing harder" holds too
        assert solved_by(puzzle, techniques[: at + 1])
        assert not solved_by(puzzle, techniques[:at])
        assert judge(puzzle, technique) is Verdict.NEEDS


def test_the_climb_and_its_retreat_make_puzzles_that_need_the_technique(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Step 5 (a too easy carving climbs; a move that overshoots retreats along its own
    carving, from a puzzle rather than the full grid): what it returns needs the technique
    and nothing harder, and has one solution."""
    climbed: list[tuple[int, ...]] = []
    retreats: list[bool] = []
    climb, retreat = TechniqueSearch._climb, TechniqueSearch._retreat

    def spy_climb(self: TechniqueSearch, solution: Sequence[int],
                  cells: list[int]) -> tuple[int, ...] | None:
        found = climb(self, solution, cells)
        if found is not None:
            climbed.append(found)
        return found

    def spy_retreat(self: TechniqueSearch, start: Sequence[int],
                    removed: Sequence[tuple[int, ...]]) -> tuple[int, ...] | None:
        found = retreat(self, start, removed)
        retreats.append(0 in start and found is not None)  # from a move's puzzle
        return found

    monkeypatch.setattr(TechniqueSearch, "_climb", spy_climb)
    monkeypatch.setattr(TechniqueSearch, "_retreat", spy_retreat)
    for name, seed in (("Naked Pair", 0), ("Naked Pair", 5), ("X-Wing", 3)):  # fast seeds
        climbed.clear()
        puzzle = generate(GenerateParams(technique=name), seed)
        assert climbed and climbed[-1] == puzzle.cells  # the climb made it
        assert judge(puzzle, find_technique(name)) is Verdict.NEEDS
        assert cover_solve(puzzle, limit=2).count == 1
    assert any(retreats), retreats  # and a move's retreat made one of them


def test_a_technique_with_a_level_start_keeps_the_level_search_puzzle_that_needs_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """LEVEL_STARTS (Nishio Forcing Chain: extreme puzzles): each grid's puzzle comes from
    the level search at that level and is kept only when it needs the technique. Nishio
    puzzles take seconds, so XY-Wing through hard puzzles stands in for the test."""
    from grille.sudoku import practice
    from grille.sudoku.search import Search

    assert practice.LEVEL_STARTS == {"Nishio Forcing Chain": "extreme"}
    monkeypatch.setitem(practice.LEVEL_STARTS, "XY-Wing", "hard")
    offered: list[tuple[int, ...] | None] = []
    level_search = Search.puzzle_in

    def spy(self: Search, solution: Sequence[int]) -> tuple[int, ...] | None:
        found = level_search(self, solution)
        offered.append(found)
        return found

    monkeypatch.setattr(Search, "puzzle_in", spy)
    monkeypatch.setattr(TechniqueSearch, "_climb", None)  # steps 1-5 are not taken
    for seed in range(2):
        offered.clear()
        puzzle = generate(GenerateParams(technique="XY-Wing"), seed)
        assert offered and offered[-1] == puzzle.cells
        assert judge(puzzle, find_technique("XY-Wing")) is Verdict.NEEDS
        assert cover_solve(puzzle, limit=2).count == 1


def test_judge_tells_easier_and_harder() -> None:
    puzzle = generate(GenerateParams(technique="XY-Chain"), 0)
    assert judge(puzzle, find_technique("ALS-XZ")) is Verdict.EASIER
    assert judge(puzzle, find_technique("XY-Wing")) is Verdict.HARDER


def test_the_same_seed_gives_the_same_puzzle_and_symmetry_holds() -> None:
    params = GenerateParams(technique="xy-wing", symmetry="mirror")
    first = generate(params, "a")
    assert first == generate(params, "a")
    n = first.size
    assert all((first.cells[r * n + c] == 0) == (first.cells[r * n + n - 1 - c] == 0)
               for r in range(n) for c in range(n))


def test_minimal_puzzles_lose_uniqueness_with_any_clue_gone() -> None:
    puzzle = generate(GenerateParams(technique="Naked Pair", symmetry="none", minimal=True), 3)
    assert judge(puzzle, find_technique("Naked Pair")) is Verdict.NEEDS
    for cell, digit in enumerate(puzzle.cells):
        if digit:
            fewer = list(puzzle.cells)
            fewer[cell] = 0
            assert cover_solve(Grid(puzzle.shape, tuple(fewer)), limit=2).count == 2


def test_names_match_in_any_case_with_spaces_or_hyphens() -> None:
    assert find_technique("xy-wing") is declared("XY-Wing")
    assert find_technique("UNIQUE_rectangle-type 2") is declared("Unique Rectangle Type 2")
    assert find_technique("  als-xz ") is declared("ALS-XZ")


def test_an_unknown_name_lists_the_names() -> None:
    with pytest.raises(GrilleError, match=r"unknown Sudoku technique 'X-Wings'; techniques: "
                       r"Full House, Hidden Single, .*X-Wing, .*ALS-XZ") as error:
        find_technique("X-Wings")
    assert "Trial and Error" not in str(error.value)


def test_a_technique_never_in_the_path_says_what_to_ask_for() -> None:
    assert set(NEVER_IN_PATH) <= {t.name for t in practice_ladder()}
    with pytest.raises(GrilleError, match=r"no puzzle's path uses Trial and Error: .*ask for "
                       r"Dynamic Forcing Chains \(\+\)"):
        find_technique("trial and error")


def test_a_skyscraper_is_practised_through_the_sashimi_x_wing_that_is_one() -> None:
    """The ladder's Finned X-Wing takes every skyscraper's step first (the test below), so a
    Skyscraper puzzle's path has a step of Finned X-Wing that Skyscraper makes on that board
    too, and nothing after Skyscraper; explanations are not changed."""
    techniques = practice_ladder()
    skyscraper, finned = declared("Skyscraper"), declared("Finned X-Wing")
    assert STAND_INS["Skyscraper"] == ("Finned X-Wing",)
    for seed in range(2):
        puzzle = generate(GenerateParams(technique="skyscraper"), seed)
        assert cover_solve(puzzle, limit=2).count == 1
        assert judge(puzzle, skyscraper) is Verdict.NEEDS
        named = path_techniques(puzzle)
        assert max(techniques.index(found) for found, _ in named) < techniques.index(skyscraper)
        board, same = Board.from_grid(puzzle), 0
        for found, step in named:
            if found is finned:
                own = skyscraper(board)
                same += own is not None and set(own.eliminations) == set(step.eliminations)
                assert uses(skyscraper, found, step, board) == (
                    own is not None and set(own.eliminations) == set(step.eliminations))
            board = board.apply(step)
        assert same, puzzle.line()


def test_every_skyscraper_is_an_x_wing_found_first() -> None:
    """Why Skyscraper has a stand-in (STAND_INS): on every board of these paths where a skyscraper
    shows, the X-Wing or finned X-Wing before it on the ladder finds a step too (a skyscraper
    whose two tops share a line is an X-Wing, the others are sashimi X-Wings)."""
    techniques = practice_ladder()
    skyscraper, finned = declared("Skyscraper"), declared("Finned X-Wing")
    x_wing = declared("X-Wing")
    assert techniques.index(finned) < techniques.index(skyscraper)
    seen = 0
    for seed in range(3):
        puzzle = generate(GenerateParams(technique="Finned X-Wing"), seed)
        for _step, board in walk(Board.from_grid(puzzle), techniques):
            if skyscraper(board) is not None:
                seen += 1
                assert finned(board) is not None or x_wing(board) is not None
    assert seen


def test_a_naked_quad_is_practised_through_its_complementary_hidden_subset() -> None:
    """A Naked Quad puzzle's path has a Hidden Pair (in a unit with six empty cells) or Hidden
    Triple (seven) step whose unit's four other empty cells are a naked quad removing the
    same candidates, and nothing after Naked Quad; explanations are not changed."""
    techniques = practice_ladder()
    quad = declared("Naked Quad")
    assert STAND_INS["Naked Quad"] == ("Hidden Pair", "Hidden Triple")
    for seed in range(3):
        puzzle = generate(GenerateParams(technique="naked quad"), seed)
        assert cover_solve(puzzle, limit=2).count == 1
        assert judge(puzzle, quad) is Verdict.NEEDS
        named = path_techniques(puzzle)
        assert max(techniques.index(found) for found, _ in named) <= techniques.index(quad)
        board, quads = Board.from_grid(puzzle), 0
        for found, step in named:
            if uses(quad, found, step, board):
                assert found.name in ("Hidden Pair", "Hidden Triple", "Naked Quad")
                own = complementary_quad(quad, step, board)
                if found is not quad:
                    assert own is not None and own.technique == "Naked Quad"
                    assert not set(own.cells) & set(step.cells)
                    assert set(own.eliminations) == set(step.eliminations)
                quads += 1
            board = board.apply(step)
        assert quads, puzzle.line()


def test_a_hidden_pair_or_triple_is_a_naked_quad_exactly_when_four_cells_are_left() -> None:
    """On the paths of these puzzles, each hidden pair or triple step: its unit's other empty
    cells are a naked quad with the same eliminations when there are four of them, and no
    quad is claimed otherwise (the rule STAND_INS relies on)."""
    techniques = practice_ladder()
    quad = declared("Naked Quad")
    checked = {4: 0, "other": 0}
    puzzles = [generate(GenerateParams(technique=name), seed)
               for name in ("Hidden Pair", "Naked Quad") for seed in range(4)]
    for puzzle in puzzles:
        board = Board.from_grid(puzzle)
        up_to_quad = techniques[: techniques.index(quad) + 1]
        for found, step, after in _walk(board, up_to_quad, batched=False):
            if found is None or step is None:
                break
            if found.name in ("Hidden Pair", "Hidden Triple"):
                unit = next(u for u in range(len(board.units))
                            if board.unit_name(u) == step.units[0])
                empty = [c for c in board.units[unit] if board.marks[c]]
                own = complementary_quad(quad, step, board)
                if len(empty) - len(step.cells) == 4:
                    assert own is not None and set(own.eliminations) == set(step.eliminations)
                    assert uses(quad, found, step, board)
                    checked[4] += 1
                else:
                    assert own is None and not uses(quad, found, step, board)
                    checked["other"] += 1
            board = after
    assert checked[4] and checked["other"], checked


def test_naked_subset_takes_only_cells_of_the_unit_with_as_many_digits() -> None:
    """Row 1 with r1c1-r1c4 holding 1-4 between them: a naked quad clearing 1-4 from r1c5
    onwards; five digits, or a cell of another row, give no step."""
    shape = default_shape(9)
    marks = [0b111111111] * 81
    for cell in range(4):
        marks[cell] = 0b1111 & ~(1 << cell)  # three of the digits 1-4 each
    board = Board(shape, [0] * 81, marks)
    step = naked_subset(board, [0, 1, 2, 3], 0)
    assert step is not None and step.technique == "Naked Quad"
    assert set(step.eliminations) == {(0, col, d) for col in range(4, 9) for d in (1, 2, 3, 4)}
    assert naked_subset(board, [0, 1, 2, 4], 0) is None  # r1c5 holds every digit
    assert naked_subset(board, [0, 1, 2, 9], 0) is None  # r2c1 is not in row 1


def test_a_level_and_a_technique_together_are_refused() -> None:
    with pytest.raises(GrilleError, match="ask for one of them"):
        GenerateParams(level="hard", technique="X-Wing")


def test_small_sizes_refuse_what_they_never_need() -> None:
    with pytest.raises(GrilleError, match=r"out of reach at 4x4.*Hidden Single at most"):
        GenerateParams(size=4, technique="Naked Pair")
    puzzle = generate(GenerateParams(size=4, technique="hidden single"), 1)
    assert judge(puzzle, find_technique("Hidden Single")) is Verdict.NEEDS


def test_running_out_of_attempts_names_the_technique() -> None:
    with pytest.raises(GenerationError, match=r"needing Aligned Triplet Exclusion .* in 1 "
                       r"attempts"):
        generate(GenerateParams(technique="Aligned Triplet Exclusion", attempts=1), 0)


def test_the_kind_carries_the_technique_as_metadata() -> None:
    options = GenerateOptions(options={"technique": "xy-wing"})
    puzzle = KIND.generate(options, 4)
    assert ("technique", "XY-Wing") in puzzle.metadata
    assert KIND.write([puzzle], "line").endswith(" # technique: XY-Wing\n")
    assert puzzle.cells == generate(GenerateParams(technique="XY-Wing"), 4).cells


def test_a_kind_without_the_option_refuses_it_before_any_work() -> None:
    assert get_kind("takuzu").info.options == ()
    with pytest.raises(GrilleError, match="takes no such option for generate"):
        next(generate_stream("takuzu", GenerateOptions(options={"technique": "x"}), count=1,
                             seed=1))


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_generates_by_technique(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["generate", "sudoku", "--technique", "XY-WING", "-n", "2",
                          "--seed", "7", "--quiet"], capsys)
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == 2 and all(line.endswith(" # technique: XY-Wing") for line in lines)
    for line in lines:
        assert judge(KIND.read(line)[0].puzzle, find_technique("XY-Wing")) is Verdict.NEEDS
    again = run(["generate", "sudoku", "--technique", "xy-wing", "--count", "2", "--seed", "7",
                 "--quiet", "--jobs", "2"], capsys)
    assert again == (0, out, "")


def test_cli_refuses_an_unknown_technique(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["generate", "sudoku", "--technique", "x-wings", "--seed", "1"],
                           capsys)
    assert (status, out) == (2, "")
    assert "unknown Sudoku technique 'x-wings'; techniques: Full House" in err


def test_cli_names_an_unknown_technique_before_any_seed(capsys: pytest.CaptureFixture[str]) -> None:
    for command in (["generate"], ["batch", "generate"]):
        status, out, err = run([*command, "sudoku", "--technique", "Skyscrapers"], capsys)
        assert (status, out) == (2, "")
        assert "seed:" not in err and len(err.splitlines()) == 1, err
        assert "unknown Sudoku technique 'Skyscrapers'; techniques: Full House" in err
        assert err.rstrip().endswith("Dynamic Forcing Chains (+)"), err[-60:]


def test_the_names_are_offered_without_loading_the_solver() -> None:
    """A trainer's menu reads them from the kind's info (``KindOption.choices``); they are
    the practice ladder's, in its order."""
    import subprocess
    import sys

    code = ("import sys; from grille.kinds import kind_info; "
            "option = kind_info('sudoku').option('technique'); "
            "print(len(option.choices), option.parse('x-wing'), "
            "[m for m in sys.modules if m.startswith(('grille.sudoku.logic', 'numba'))])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split(maxsplit=2) == [str(len(PRACTICE_TECHNIQUES)), "X-Wing", "[]\n"]
    assert tuple(
        t.name for t in practice_ladder() if t.name not in NEVER_IN_PATH) == PRACTICE_TECHNIQUES
    assert kind_info("sudoku").option("technique").choices == PRACTICE_TECHNIQUES
    assert kind_options(kind_info("sudoku"), "generate", {"technique": "als_xz"}) == {
        "technique": "ALS-XZ"}
    with pytest.raises(GrilleError, match="unknown Sudoku technique 'als'"):
        kind_options(kind_info("sudoku"), "generate", {"technique": "als"})


def test_cli_offers_the_flag_to_sudoku_only(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["generate", "takuzu", "--technique", "X-Wing"])
    assert exit_info.value.code == 2
    assert "unrecognized arguments: --technique" in capsys.readouterr().err


def test_cli_says_when_the_time_limit_runs_out(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["generate", "sudoku", "--technique", "Dynamic Forcing Chains (+)",
                            "--seed", "1", "--time-limit", "0.5"], capsys)
    assert (status, out) == (3, "")
    assert "puzzle 1: time limit of 0.5 s reached" in err


def carvings(count: int, seed: int) -> list[Grid]:
    """Minimal carvings of random grids and the puzzles halfway along them (too hard, too
    easy and in between for most techniques)."""
    import random

    oracle = oracle_for(default_shape(9))
    rng = random.Random(seed)
    search = CarvingSearch(oracle, orbits(9, "rot180"), minimal=False, rng=rng)
    puzzles = []
    for _ in range(count):
        solution = random_solution(oracle.shape, rng, oracle).cells
        cells, removed, _ = search._carve(list(solution), search._shuffled(search.orbits))
        half = list(solution)
        for orbit in removed[: len(removed) // 2]:
            for cell in orbit:
                half[cell] = 0
        puzzles += [Grid(oracle.shape, tuple(cells)), Grid(oracle.shape, tuple(half))]
    return puzzles


def test_the_judging_walk_takes_the_singles_together_and_every_other_step_alike() -> None:
    """The judging walk's runs of singles as one step (``hidden_singles``) change nothing
    else: the same later steps on the same boards, the same end, so the same verdicts."""
    techniques = practice_ladder()
    verdicts = set()
    for puzzle in carvings(6, 7):
        for name in ("Naked Pair", "Swordfish", "Naked Quad", "ALS-XZ"):
            ladder = techniques[: techniques.index(find_technique(name)) + 1]
            start = Board.from_grid(puzzle)
            walks = [list(_walk(start, ladder, batched=batched)) for batched in (False, True)]
            plain, batched = ([(found, step and step.eliminations, board)
                               for found, step, board in walked if found not in techniques[:2]]
                              for walked in walks)
            assert plain == batched, (name, puzzle.line())
            assert walks[0][-1][2] == walks[1][-1][2]  # solved or stuck on the same board
            verdicts.add(judge(puzzle, find_technique(name)))
    assert len(verdicts) >= 2  # both too easy and too hard boards were walked


def test_hidden_singles_end_where_the_singles_one_at_a_time_end() -> None:
    singles = practice_ladder()[:2]
    for puzzle in carvings(3, 2):
        board = Board.from_grid(puzzle)
        one_at_a_time = board
        for _step, after in walk(board, singles):  # type: ignore[arg-type]
            one_at_a_time = after
        step, after = hidden_singles(board)
        assert after == one_at_a_time
        assert step is not None and len(step.placements) == (
            board.cells.count(0) - after.cells.count(0))
        assert hidden_singles(after) == (None, after)


def test_the_compiled_singles_run_places_what_the_plain_scan_places() -> None:
    """``singles_kernel.singles_run`` against ``practice.singles_run``: the same cells and
    digits in the same order, on carvings, boards along their walks and a board without a
    solution (the run stops short in both)."""
    from grille.engine._jit import jit_enabled
    from grille.sudoku.logic.basic import singles_kernel

    if not jit_enabled():
        pytest.skip("numba is off (GRILLE_JIT=0)")
    shape = default_shape(9)
    marks = [0b111111111] * 81
    for cell in range(1, 9):
        marks[cell] = 0b111111100
    boards = [Board(shape, [0] * 81, marks)]
    ladder = practice_ladder()[: practice_ladder().index(find_technique("X-Wing")) + 1]
    for puzzle in carvings(3, 5):
        boards += [board for _found, _step, board in _walk(Board.from_grid(puzzle), ladder,
                                                          batched=False)]
    placed = 0
    for board in boards:
        plain = singles_run(board)
        assert singles_kernel.singles_run(board) == plain
        placed += len(plain)
    assert placed


def test_hidden_singles_stop_short_on_a_board_without_a_solution() -> None:
    """Two digits whose one place in row 1 is r1c1: one is placed, the other is left."""
    shape = default_shape(9)
    marks = [0b111111111] * 81
    for cell in range(1, 9):
        marks[cell] = 0b111111100
    step, after = hidden_singles(Board(shape, [0] * 81, marks))
    assert step is not None and after.cells[0] == 1
    assert (0, 0, 2) not in step.placements
