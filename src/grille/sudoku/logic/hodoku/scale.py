"""HoDoKu 2.2's rating: its default solve path, step scores and levels.

HoDoKu walks its enabled techniques in the order of their *index* (``Options.solverSteps``;
hodoku-py's ``core/scoring.py`` ``DEFAULT_STEPS``) and takes the first step the first
technique finds, then starts again from the top. Every step adds its technique's *base
score*; the level is the highest level of a technique used, raised while the total score
passes the level's ceiling (easy 800, medium 1000, hard 1600, unfair 1800). Brute force
(10000 a step: the middle open cell gets its solution's digit) ends every path the forcing
chains and nets cannot. See ``docs/hodoku-rules.md``.

The simple techniques (singles, locked candidates, locked and naked subsets, hidden subsets)
are HoDoKu's own scans (:mod:`.state`), so the path and the number of hidden singles match;
so are its fish, wing and single-digit scans (:mod:`.patterns`), its uniqueness tests and
avoidable rectangles (:mod:`.uniqueness`), its ALS techniques
(:mod:`.als`) and its forcing chains and nets (:mod:`.tabling`, Trebor's tables). The others
are grille's finders, tried in HoDoKu's order with HoDoKu's scores, and may pick another
instance than HoDoKu's.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from grille.errors import GrilleError
from grille.logic import Explanation, Step
from grille.sudoku.grid import Grid
from grille.sudoku.logic.board import Board, bits
from grille.sudoku.logic.hodoku.state import UNITS, Found, HodokuGrid, count_solutions

__all__ = [
    "HODOKU_LEVELS",
    "HodokuRating",
    "HodokuTechnique",
    "explain_hodoku",
    "hodoku_order",
    "hodoku_path",
    "hodoku_steps",
    "rate_hodoku",
]

HODOKU_LEVELS: tuple[tuple[str, int], ...] = (
    ("easy", 800),
    ("medium", 1000),
    ("hard", 1600),
    ("unfair", 1800),
    ("extreme", 2**31 - 1),
)
"""HoDoKu's levels, easiest first, each with the largest total score it admits."""
_RANK = {name: rank for rank, (name, _) in enumerate(HODOKU_LEVELS)}

BoardFinder = Callable[[Board], "Step | None"]
GridFinder = Callable[[HodokuGrid], "Found | None"]
StateFinder = Callable[[HodokuGrid], "Step | None"]
ClueFinder = Callable[[Board, int], "Step | None"]


@dataclass(frozen=True, slots=True)
class HodokuTechnique:
    """One row of HoDoKu's step table: its index (the order tried), name, level, base score,
    and what finds it (a :class:`HodokuGrid` scan, a grille finder on a board, a finder on a
    board and its clue cells (HoDoKu's avoidable rectangles), or a finder that reads the
    grid's singles queues: HoDoKu's forcing nets)."""

    index: int
    name: str
    level: str
    score: int
    on_grid: GridFinder | None = None
    on_board: BoardFinder | None = None
    unique: bool = False
    on_state: StateFinder | None = None
    in_order: bool = False
    on_clues: ClueFinder | None = None

    def __repr__(self) -> str:
        return f"<HodokuTechnique {self.index} {self.name!r} {self.level} {self.score}>"


def _steps() -> tuple[HodokuTechnique, ...]:
    """HoDoKu's enabled techniques in index order (the table of ``docs/hodoku-rules.md``)."""
    from grille.sudoku.logic.hodoku.als import als_xy_chain, als_xy_wing, als_xz
    from grille.sudoku.logic.hodoku.fins import finned_jellyfish, finned_swordfish, finned_x_wing
    from grille.sudoku.logic.hodoku.franken import franken_fish
    from grille.sudoku.logic.hodoku.loops import hodoku_chain
    from grille.sudoku.logic.hodoku.patterns import (
        basic_fish,
        hodoku_empty_rectangle,
        skyscraper,
        two_string_kite,
        w_wing,
        wing,
    )
    from grille.sudoku.logic.hodoku.sue_de_coq import sue_de_coq
    from grille.sudoku.logic.hodoku.uniqueness import avoidable_rectangle, hodoku_rectangle
    from grille.sudoku.logic.hodoku.xy_chain import (
        hodoku_remote_pair,
        hodoku_turbot_fish,
        xy_chain,
    )
    from grille.sudoku.logic.single_digit.coloring import multi_colors, simple_colors
    from grille.sudoku.logic.uniqueness.bug import bug_plus_one

    g = HodokuTechnique
    return (
        g(100, "Full House", "easy", 4, HodokuGrid.full_house),
        g(200, "Naked Single", "easy", 4, HodokuGrid.naked_single),
        g(300, "Hidden Single", "easy", 14, HodokuGrid.hidden_single),
        g(1000, "Locked Pair", "medium", 40, lambda h: h.locked_subset(2)),
        g(1100, "Locked Triple", "medium", 60, lambda h: h.locked_subset(3)),
        g(1200, "Locked Candidates Type 1 (Pointing)", "medium", 50, HodokuGrid.pointing),
        g(1210, "Locked Candidates Type 2 (Claiming)", "medium", 50, HodokuGrid.claiming),
        g(1300, "Naked Pair", "medium", 60, lambda h: h.naked_subset(2)),
        g(1400, "Naked Triple", "medium", 80, lambda h: h.naked_subset(3)),
        g(1500, "Hidden Pair", "medium", 70, lambda h: h.hidden_subset(2)),
        g(1600, "Hidden Triple", "medium", 100, lambda h: h.hidden_subset(3)),
        g(2000, "Naked Quadruple", "hard", 120, lambda h: h.naked_subset(4)),
        g(2100, "Hidden Quadruple", "hard", 150, lambda h: h.hidden_subset(4)),
        g(2200, "X-Wing", "hard", 140, lambda h: basic_fish(h, 2)),
        g(2300, "Swordfish", "hard", 150, lambda h: basic_fish(h, 3)),
        g(2400, "Jellyfish", "hard", 160, lambda h: basic_fish(h, 4)),
        g(2800, "Remote Pair", "hard", 110, on_board=hodoku_remote_pair, in_order=True),
        g(2900, "Bivalue Universal Grave + 1", "hard", 100, on_board=bug_plus_one, unique=True),
        g(3000, "Skyscraper", "hard", 130, skyscraper),
        g(3100, "2-String Kite", "hard", 150, two_string_kite),
        g(3120, "Turbot Fish", "hard", 120, on_board=hodoku_turbot_fish, in_order=True),
        g(3170, "Empty Rectangle", "hard", 120, on_board=hodoku_empty_rectangle),
        g(3200, "W-Wing", "hard", 150, w_wing),
        g(3300, "XY-Wing", "hard", 160, lambda h: wing(h, False)),
        g(3400, "XYZ-Wing", "hard", 180, lambda h: wing(h, True)),
        g(3500, "Uniqueness Test 1", "hard", 100,
          on_board=hodoku_rectangle("Uniqueness Test 1"), unique=True, in_order=True),
        g(3600, "Uniqueness Test 2", "hard", 100,
          on_board=hodoku_rectangle("Uniqueness Test 2"), unique=True, in_order=True),
        g(3700, "Uniqueness Test 3", "hard", 100,
          on_board=hodoku_rectangle("Uniqueness Test 3"), unique=True, in_order=True),
        g(3800, "Uniqueness Test 4", "hard", 100,
          on_board=hodoku_rectangle("Uniqueness Test 4"), unique=True, in_order=True),
        g(3900, "Uniqueness Test 5", "hard", 100, on_board=hodoku_rectangle("Uniqueness Test 5"),
          unique=True, in_order=True),
        g(4000, "Uniqueness Test 6", "hard", 100, on_board=hodoku_rectangle("Uniqueness Test 6"),
          unique=True, in_order=True),
        g(4010, "Hidden Rectangle", "hard", 100, on_board=hodoku_rectangle("Hidden Rectangle"),
          unique=True, in_order=True),
        g(4020, "Avoidable Rectangle 1", "hard", 100, unique=True, in_order=True,
          on_clues=lambda b, givens: avoidable_rectangle(b, givens, 1)),
        g(4030, "Avoidable Rectangle 2", "hard", 100, unique=True, in_order=True,
          on_clues=lambda b, givens: avoidable_rectangle(b, givens, 2)),
        g(4100, "Finned X-Wing", "hard", 130, on_board=finned_x_wing),
        g(4300, "Finned Swordfish", "unfair", 200, on_board=finned_swordfish),
        g(4500, "Finned Jellyfish", "unfair", 250, on_board=finned_jellyfish),
        g(5300, "Sue de Coq", "unfair", 250, on_board=sue_de_coq),
        g(5330, "Simple Colors", "hard", 150, on_board=simple_colors),
        g(5360, "Multi Colors", "hard", 200, on_board=multi_colors),
        g(5400, "X-Chain", "unfair", 260, on_board=hodoku_chain("x", chains_only=True)),
        g(5500, "XY-Chain", "unfair", 260, on_board=xy_chain, in_order=True),
        g(5600, "Nice Loop/AIC", "unfair", 280, on_board=_nice_loop, in_order=True),
        g(5650, "Grouped Nice Loop/AIC", "unfair", 300, on_board=_grouped_nice_loop,
          in_order=True),
        g(5700, "Almost Locked Set XZ-Rule", "unfair", 300, on_board=als_xz, in_order=True),
        g(5800, "Almost Locked Set XY-Wing", "unfair", 320, on_board=als_xy_wing,
          in_order=True),
        g(5900, "Almost Locked Set XY-Chain", "unfair", 340, on_board=als_xy_chain,
          in_order=True),
        g(6100, "Franken X-Wing", "unfair", 300, in_order=True,
          on_board=lambda b: franken_fish(b, 2, False)),
        g(6200, "Franken Swordfish", "unfair", 350, in_order=True,
          on_board=lambda b: franken_fish(b, 3, False)),
        g(6700, "Finned Franken X-Wing", "unfair", 390, in_order=True,
          on_board=lambda b: franken_fish(b, 2, True)),
        g(6800, "Finned Franken Swordfish", "unfair", 410, in_order=True,
          on_board=lambda b: franken_fish(b, 3, True)),
        g(8500, "Forcing Chain", "extreme", 500, on_board=_forcing_chain),
        g(8600, "Forcing Net", "extreme", 700, on_state=_forcing_net),
    )


def _nice_loop(board: Board) -> Step | None:
    from grille.sudoku.logic.hodoku.nice_loops import nice_loop_step

    return nice_loop_step(board, False)


def _grouped_nice_loop(board: Board) -> Step | None:
    from grille.sudoku.logic.hodoku.nice_loops import nice_loop_step

    return nice_loop_step(board, True)


def _forcing_chain(board: Board) -> Step | None:
    from grille.sudoku.logic.hodoku.tabling import forcing_chain

    return forcing_chain(board)


def _forcing_net(grid: HodokuGrid) -> Step | None:
    from grille.sudoku.logic.hodoku.tabling import forcing_net

    return forcing_net(grid)


GRILLE_NAMES = {
    "Locked Candidates Type 1 (Pointing)": "Pointing",
    "Locked Candidates Type 2 (Claiming)": "Claiming",
    "Naked Quadruple": "Naked Quad",
    "Hidden Quadruple": "Hidden Quad",
    "Bivalue Universal Grave + 1": "BUG+1",
    "Uniqueness Test 1": "Unique Rectangle Type 1",
    "Uniqueness Test 2": "Unique Rectangle Type 2",
    "Uniqueness Test 3": "Unique Rectangle Type 3",
    "Uniqueness Test 4": "Unique Rectangle Type 4",
    "Hidden Rectangle": "Hidden Unique Rectangle",
    "Nice Loop/AIC": "AIC",
    "Grouped Nice Loop/AIC": "Grouped AIC",
    "Almost Locked Set XZ-Rule": "ALS-XZ",
    "Almost Locked Set XY-Wing": "ALS-XY-Wing",
    "Forcing Chain": "Cell and Region Forcing Chains",
    "Forcing Net": "Dynamic Forcing Chains",
    "Brute Force": "Trial and Error",
}
"""HoDoKu's technique names that grille's catalogue spells otherwise."""


def hodoku_order() -> dict[str, int]:
    """Each grille catalogue technique on HoDoKu's scale, with HoDoKu's index (its order)."""
    return {GRILLE_NAMES.get(t.name, t.name): t.index for t in hodoku_steps()}


BRUTE_FORCE = HodokuTechnique(8900, "Brute Force", "extreme", 10000)
"""HoDoKu's last resort: the middle open cell gets the solution's digit."""

_TABLE: list[tuple[HodokuTechnique, ...]] = []


def hodoku_steps() -> tuple[HodokuTechnique, ...]:
    """HoDoKu's enabled techniques, in the order it tries them, ending with brute force."""
    if not _TABLE:
        _TABLE.append((*_steps(), BRUTE_FORCE))
    return _TABLE[0]


_SCORE_OF_NAME = {
    "Sashimi X-Wing": ("Sashimi X-Wing", 150, "hard"),
    "Sashimi Swordfish": ("Sashimi Swordfish", 240, "unfair"),
    "Sashimi Jellyfish": ("Sashimi Jellyfish", 260, "unfair"),
    "Nice Loop/AIC": ("Nice Loop/AIC", 280, "unfair"),
}
"""grille finders that find two HoDoKu types: the second one's name, score and level."""


@dataclass(frozen=True, slots=True)
class HodokuRating:
    """HoDoKu's verdict: level (``easy`` .. ``extreme``, ``incomplete`` when the path
    stops), total score, the hardest technique and the step counts by technique."""

    level: str
    score: int
    hardest: str
    solved: bool
    techniques: tuple[tuple[str, int], ...] = ()

    def __str__(self) -> str:
        return f"{self.level} (HoDoKu score {self.score})"

    def __repr__(self) -> str:
        return f"<HodokuRating {self.level} score={self.score} hardest={self.hardest!r}>"

    @property
    def scale(self) -> str:
        """Always ``"hodoku"``."""
        return "hodoku"

    @property
    def scale_name(self) -> str:
        """``"HoDoKu"``."""
        return "HoDoKu"

    def fields(self) -> tuple[str, ...]:
        """Level and score as text (``grille rate --scale hodoku``'s columns)."""
        return (self.level, str(self.score))

    def to_json(self) -> dict[str, Any]:
        """``{"scale", "level", "score", "hardest", "solved"}``."""
        return {"scale": self.scale, "level": self.level, "score": self.score,
                "hardest": self.hardest, "solved": self.solved}

    @property
    def step_count(self) -> int:
        """How many steps the solve took."""
        return sum(count for _, count in self.techniques)


def _cells(grid: Grid) -> list[int]:
    if grid.size != 9:
        raise GrilleError(f"HoDoKu's scale rates 9x9 Sudoku only, not {grid.size}x{grid.size}")
    return list(grid.cells)


def _rc(cell: int) -> tuple[int, int]:
    return divmod(cell, 9)


def _name(cell: int) -> str:
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def _unit_name(unit: int) -> str:
    return ("row", "column", "box")[unit // 9] + f" {unit % 9 + 1}"


def _step_of(found: Found, technique: HodokuTechnique) -> Step:
    """A grille Step for one of HoDoKu's simple steps."""
    placements = tuple((*_rc(c), d) for c, d in found.placements)
    eliminations = tuple((*_rc(c), d) for c, d in found.deletions)
    where = _unit_name(found.unit) if found.unit >= 0 else ""
    cells = ", ".join(_name(c) for c in found.cells)
    if placements:
        cell, digit = found.placements[0]
        why = f" (the only place for {digit} in {where})" if found.kind == "Hidden Single" else ""
        text = f"{_name(cell)} = {digit}{why}"
    else:
        digits = "/".join(str(d) for d in found.digits)
        removed = ", ".join(f"{_name(c)}<>{d}" for c, d in found.deletions)
        text = f"{digits} in {cells}{' (' + where + ')' if where else ''} => {removed}"
    return Step(
        found.kind,
        placements=placements,
        eliminations=eliminations,
        cells=tuple(_rc(c) for c in found.cells),
        units=(where,) if where else (),
        explanation=text,
        difficulty=float(technique.score),
        area=where or "the whole grid",
    )


def _scored(step: Step, technique: HodokuTechnique) -> tuple[Step, str, int, str]:
    """A grille finder's step renamed and scored as HoDoKu's technique."""
    name, score, level = technique.name, technique.score, technique.level
    if step.technique in _SCORE_OF_NAME:
        name, score, level = _SCORE_OF_NAME[step.technique]
    renamed = Step(
        name,
        placements=step.placements,
        eliminations=step.eliminations,
        cells=step.cells,
        units=step.units,
        links=step.links,
        explanation=step.explanation,
        difficulty=float(score),
        area=step.area,
    )
    return renamed, name, score, level


def _backend() -> str:
    """The compiled solver once numba is loaded (the fish finders load it), else "auto"."""
    return "jit" if "numba" in sys.modules else "auto"


def _solution(puzzle: Grid) -> list[int]:
    from grille.sudoku.solver import solve

    found = solve(puzzle.clues_only(), limit=1, backend=_backend()).found
    if not found:
        raise GrilleError("the puzzle has no solution: HoDoKu's brute force cannot finish it")
    return list(found[0].cells)


def _is_unique(puzzle: Grid, grid: HodokuGrid) -> tuple[bool, list[int] | None]:
    """Whether the clues have one solution, and that solution. ``grid`` is the path so far,
    logic alone (every digit placed and candidate deleted holds in every solution), so a
    small search starts from it; the solver runs from the clues when that search gives up
    or the puzzle came with entries (digits that are not clues)."""
    clues = puzzle.clues_only()
    if clues.cells == puzzle.cells:
        count, solution = count_solutions(grid, 2)
        if count >= 0:
            return count == 1, solution if count == 1 else None
    from grille.sudoku.solver import solve

    result = solve(clues, limit=2, backend=_backend())
    return result.unique, list(result.found[0].cells) if result.unique else None


_Move = tuple[HodokuTechnique, Found | Step | None, int]


def _walk(puzzle: Grid, max_steps: int) -> Iterator[_Move]:
    """HoDoKu's path: each technique with its find (None and the cell for brute force)."""
    grid = HodokuGrid(_cells(puzzle))
    unique: bool | None = None
    solution: list[int] | None = None
    shape = puzzle.shape
    givens = sum(1 << cell for cell, digit in enumerate(puzzle.clues_only().cells) if digit)
    table = hodoku_steps()
    for _ in range(max_steps):
        if grid.solved:
            return
        board: Board | None = None
        for technique in table:
            if technique.on_grid is not None:
                found = technique.on_grid(grid)
                if found is None:
                    continue
                grid.apply(found)
                yield technique, found, -1
                break
            if technique.on_state is not None:
                step = technique.on_state(grid)
                if step is None:
                    continue
                for row, col, digit in step.placements:
                    grid.place(row * 9 + col, digit)
                for row, col, digit in step.eliminations:
                    grid.delete(row * 9 + col, digit)
                yield technique, step, -1
                break
            if technique.on_board is not None or technique.on_clues is not None:
                if technique.unique and unique is False:
                    continue
                if board is None:
                    cells, marks = grid.cells_and_marks()
                    board = Board(shape, cells, marks)
                if technique.on_clues is not None:
                    step = technique.on_clues(board, givens)
                else:
                    assert technique.on_board is not None
                    step = technique.on_board(board)
                if step is None:
                    continue
                if technique.unique and unique is None:
                    # asked only once a uniqueness step is found: most paths never need it
                    unique, solution = _is_unique(puzzle, grid)
                    if not unique:
                        continue
                if technique.index != 8500:  # only HoDoKu's forcing chains place a digit
                    step = _as_deletions(step, board)
                for row, col, digit in step.placements:
                    grid.place(row * 9 + col, digit)
                # HoDoKu's own finders list deletions in HoDoKu's order (the singles queues
                # follow it); grille's finders' order is theirs, so those go sorted
                ordered = step.eliminations if technique.in_order else sorted(step.eliminations)
                for row, col, digit in ordered:
                    grid.delete(row * 9 + col, digit)
                yield technique, step, -1
                break
            if solution is None:
                solution = _solution(puzzle)
            cell = grid.middle_open_cell()
            grid.place(cell, solution[cell])
            yield technique, None, cell * 10 + solution[cell]
            break
    if not grid.solved:
        raise GrilleError(f"HoDoKu's path did not finish in {max_steps} steps")


def _as_deletions(step: Step, board: Board) -> Step:
    """A placing step (a BUG+1, a discontinuous nice loop) as HoDoKu makes it: the cell's
    other candidates go (no placement)."""
    if not step.placements or step.eliminations:
        return step
    eliminations = tuple(
        board.candidate(row * 9 + col, held)
        for row, col, digit in step.placements
        for held in bits(board.marks[row * 9 + col])
        if held != digit
    )
    return Step(step.technique, eliminations=eliminations, cells=step.cells, units=step.units,
                links=step.links, explanation=step.explanation, difficulty=step.difficulty,
                area=step.area)


def _brute_force_step(technique: HodokuTechnique, cell: int, digit: int) -> Step:
    return Step(
        technique.name,
        placements=((*_rc(cell), digit),),
        cells=(_rc(cell),),
        explanation=f"{_name(cell)} = {digit} (the solution's digit: no logic left)",
        difficulty=float(technique.score),
        area="the whole grid",
    )


def hodoku_path(puzzle: Grid, *, max_steps: int = 2000) -> Iterator[tuple[Step, str, int]]:
    """HoDoKu's solve path of ``puzzle``: each step (its difficulty is HoDoKu's base score)
    with its level and score, until the grid is full. Uniqueness techniques join only when
    the clues have one solution; brute force needs a solution."""
    for step, _, level, score in _moves(puzzle, max_steps):
        yield step, level, score


def _moves(puzzle: Grid, max_steps: int) -> Iterator[tuple[Step, str, str, int]]:
    """Each move of HoDoKu's path as a step, with the technique name, level and score
    :func:`rate_hodoku` counts it under."""
    for technique, found, placed in _walk(puzzle, max_steps):
        if found is None:
            step = _brute_force_step(technique, placed // 10, placed % 10)
            yield step, technique.name, technique.level, technique.score
        elif isinstance(found, Found):
            yield _step_of(found, technique), found.kind, technique.level, technique.score
        else:
            renamed, name, score, level = _scored(found, technique)
            yield renamed, name, level, score


def _level(levels: list[str], score: int, solved: bool) -> str:
    if not solved:
        return "incomplete"
    rank = max((_RANK[level] for level in levels), default=0)
    while rank < len(HODOKU_LEVELS) - 1 and score > HODOKU_LEVELS[rank][1]:
        rank += 1
    return HODOKU_LEVELS[rank][0]


def _rating(names: list[str], levels: list[str], scores: list[int], solved: bool) -> HodokuRating:
    total = sum(scores)
    hardest = ""
    if names:
        top = max(range(len(names)), key=lambda i: (_RANK[levels[i]], scores[i], -i))
        hardest = names[top]
    counts = tuple(Counter(names).most_common())
    return HodokuRating(_level(levels, total, solved), total, hardest, solved, counts)


def rate_hodoku(puzzle: Grid, *, max_steps: int = 2000) -> HodokuRating:
    """HoDoKu 2.2's level and score of ``puzzle`` (9x9)."""
    names: list[str] = []
    levels: list[str] = []
    scores: list[int] = []
    for technique, found, _ in _walk(puzzle, max_steps):
        if isinstance(found, Found):
            names.append(found.kind)
            levels.append(technique.level)
            scores.append(technique.score)
        else:
            name, score, level = technique.name, technique.score, technique.level
            if isinstance(found, Step) and found.technique in _SCORE_OF_NAME:
                name, score, level = _SCORE_OF_NAME[found.technique]
            names.append(name)
            levels.append(level)
            scores.append(score)
    return _rating(names, levels, scores, True)


def explain_hodoku(puzzle: Grid) -> Explanation[Grid]:
    """HoDoKu's solve path as an explanation; each step's difficulty is its HoDoKu score."""
    moves = list(_moves(puzzle, 2000))  # one walk gives the steps and their rating
    steps = tuple(step for step, _, _, _ in moves)
    rating = _rating([name for _, name, _, _ in moves], [level for _, _, level, _ in moves],
                     [score for _, _, _, score in moves], True)
    board = Board.from_grid(puzzle)
    for step in steps:
        board = board.apply(step)
    return Explanation(steps, board.solved, board.to_grid(puzzle), start=puzzle,
                       scale="hodoku", rating=rating, decimals=0)


def unit_name(unit: int) -> str:
    """HoDoKu's constraint ``unit`` (rows 0-8, columns 9-17, boxes 18-26) as grille names it."""
    if not 0 <= unit < len(UNITS):
        raise ValueError(f"no unit {unit!r}: HoDoKu numbers 27")
    return _unit_name(unit)
