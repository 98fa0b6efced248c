"""Puzzles for practising one technique: their solve path needs it and nothing harder.

The path is :func:`~grille.sudoku.logic.explain.explain`'s by default: grille's full
(human) ladder, :func:`practice_ladder`, walked easiest technique first. A puzzle *needs*
technique T *and nothing harder* when that path uses T at least once and no technique that
comes after T in the ladder.

The other reading, "the ladder cut right after T solves it and the ladder cut right before T
does not", is the same test, so it is not a second, stronger one: the walk is
deterministic, and the ladders cut before and after T choose the same step on every board
where some technique before T has one. Their walks are therefore one walk up to the first
board where nothing before T applies; there the longer ladder takes T (if T applies) and the
shorter one is stuck. So "the path uses T and nothing after it" holds exactly when the
ladder up to T solves the puzzle while the ladder before T does not, and the full ladder's
path is then the walk of the ladder up to T. :func:`judge` walks that ladder up to T alone
and stops when it is stuck (something after T would be needed).

Finding such a puzzle (:class:`TechniqueSearch`, one solution grid at a time):

1. **Carve** the grid to a minimal puzzle (symmetry orbits in random order, each removal kept
   while the solution stays unique), as the level search does; it costs milliseconds.
2. **Judge** it: a puzzle that needs T and nothing harder is the answer; one the ladder before
   T solves cannot get harder by removing clues (none can go): it climbs (step 5), or with
   ``minimal`` the next grid comes.
3. **Give clues back** when it needs something after T: walk the ladder up to T and, each
   time it is stuck, put back the solution's digit in a random unsolved cell (with its
   symmetry orbit) and walk on from there, noting whether T was used. The walk goes on from
   where it stopped rather than from the start, so a grid costs about one walk; the puzzle
   it ends with is judged once more from its clues (the clues given back can open an easier
   path from the start), and a puzzle still too hard gets more clues, a few rounds at most.
4. **Retreat** when that fails (the clues given back opened an easier path): find, by
   bisection along the carving, the last puzzle the ladder up to T solves, and carve on from
   it in random order, keeping each removal that leaves one solution and a puzzle the ladder
   up to T solves (the level search's retreat, with T's ladder as the ceiling). It costs
   some twenty walks; steps 3 and 4 succeed on different grids (step 3 more often for fish,
   step 4 for ALS and Sue de Coq), so both are tried.
5. **Climb** from a puzzle that is too easy (from the first grid: :data:`PLAIN_GRIDS`): the
   level search's local moves (empty a clue orbit, put clues back where a second
   solution differs, carve again), a move kept when the hardest technique its path uses is
   not easier. A move that overshoots retreats (step 4) along its own carving, from the
   puzzle it carved (which the ladder up to T still solves, or the move gets step 3): a
   move's carving starts near the edge between too easy and too hard, where the puzzles that
   need T lie, so this finds them more often than clues given back, which mostly open an
   easier path (measured: one clue given back to a too hard minimal puzzle made it too easy
   in 78 % of 1,026 tries and never made it need Swordfish or Hidden Triple). Per grid the
   climb costs some thirty walks.

Judging is most of the cost, and most of a judging walk was its singles, one step and one
board each; the walk takes each run of them as one step (:func:`hidden_singles`, compiled),
which leaves every other step, on the same board, as it was (:func:`path_techniques`, the
path ``explain`` shows, still takes them one at a time). Past the basic techniques, the
finned fish's fruitless searches were the next largest share; a compiled test now skips
them (:mod:`~grille.sudoku.logic.single_digit.fish_kernel`). Neither changes a step, so a
seed gives the same puzzle as before, sooner.

For a technique of :data:`LEVEL_STARTS` (Nishio Forcing Chain), each grid gives instead the
level search's puzzle at a level (extreme), kept if it needs the technique: such puzzles
lie far above what random carvings and the climb reach.

Uniqueness holds throughout: clues are only put back. The puzzles are not minimal (clues
were given back, or the retreat or the climb stopped early) unless ``minimal`` is asked,
which keeps step 2 alone: slower for the
techniques a minimal puzzle seldom needs.

A technique whose every step an earlier one finds first under its own name is practised
through that one (:data:`STAND_INS`): the path *uses* Skyscraper where the ladder's Finned
X-Wing takes a step that Skyscraper, asked on the same board, makes too (the same
eliminations): a sashimi X-Wing that is a skyscraper. The explanation names that step
"Sashimi X-Wing" (or "Finned X-Wing"); every other step of the path and of every other
explanation stays as it was. The ladder is not reordered (HoDoKu tries Skyscraper before
finned fish, grille does not), since that would change every explanation with such a step.
For such a technique the second reading above does not hold (the ladder cut before
Skyscraper holds Finned X-Wing and solves the puzzle); the path's reading is the definition.

Naked Quad is practised so too, through its complementary hidden subset: in a unit with k
empty cells, four cells holding four digits between them leave the other k - 4 digits to the
other k - 4 cells, a hidden (k - 4)-subset that removes exactly what the quad removes (the
quad's digits from those cells). The ladder looks for a naked quad only in a unit with eight
empty cells or more (as SE; with fewer, the hidden pair or triple is found first, on the
ladder before the quad), so a naked quad of the ladder's own needs a unit with 8 or 9 empty
cells on a board where nothing easier applies, which random carvings almost never reach (1
puzzle in some 24,000 judged). A Hidden Pair step in a unit with six empty cells, or a Hidden
Triple in one with seven, counts as a naked quad (the naked quad of the unit's four other
empty cells, :func:`~grille.sudoku.logic.basic.subsets.naked_subset`, makes the same
eliminations); its explanation names the hidden subset, and its cells, the quad's complement,
are the ones the player practising the quad finds.

Some techniques never appear in the path (:data:`NEVER_IN_PATH`); asking for them is an error
that says what to ask for instead.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterator, Sequence

from grille.logic import Step
from grille.sudoku.generate import levels_for
from grille.sudoku.grading import Band
from grille.sudoku.grid import Grid
from grille.sudoku.info import NOT_PRACTISED, practice_name
from grille.sudoku.logic.basic import singles_kernel
from grille.sudoku.logic.basic.subsets import naked_subset
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.techniques import GRILLE, SudokuTechnique, ladder
from grille.sudoku.logic.techniques import technique as _declared
from grille.sudoku.oracle import Oracle
from grille.sudoku.search import CarvingSearch, Search, emptied_cells

__all__ = [
    "CLIMB_MOVES",
    "CLUE_ROUNDS",
    "LEVEL_STARTS",
    "NEVER_IN_PATH",
    "PLAIN_GRIDS",
    "STAND_INS",
    "TechniqueSearch",
    "Verdict",
    "complementary_quad",
    "find_technique",
    "hidden_singles",
    "judge",
    "path_techniques",
    "practice_ladder",
    "singles_run",
    "uses",
]


def practice_ladder() -> tuple[SudokuTechnique, ...]:
    """grille's full ladder for a puzzle with one solution (what ``explain`` walks on a
    generated puzzle), easiest first."""
    return ladder(GRILLE, unique=True)


PLAIN_GRIDS = 0
"""Grids tried with steps 1-4 alone before too easy puzzles climb too (step 5). None: with
the climb's overshooting moves retreating, climbing from the first grid makes as many X-Wing
and Hidden Pair puzzles per CPU second as waiting 300 grids did (10 and 16-17 in 8 s), and
more for the narrow ones (Hidden Triple: 2 in 20 s against none in 30 s)."""

CLIMB_MOVES = 30
"""Local moves tried from one grid's too easy puzzle (step 5)."""


CLUE_ROUNDS = 4
"""Times a puzzle that got clues back and is still too hard from the start gets more."""

LEVEL_STARTS: dict[str, str] = {"Nishio Forcing Chain": "extreme"}
"""Techniques whose puzzles are looked for among the level search's puzzles at a level
(:class:`~grille.sudoku.search.Search`), one a grid, instead of steps 1-5: the puzzle is
kept when it needs the technique, and the grid given up otherwise. Random carvings and the
climb sit far below Nishio's place in the ladder (4,996 of 5,019 climbing moves too easy);
extreme puzzles (ER above 7.4) come in hundredths of a second a grid and need it as they
are about once in twenty-five (5 of 131). Measured in 60 CPU s on one seed: 8 puzzles
(4,605 grids) against 1 (254 grids) with steps 1-5. Giving the too hard ones clues back or
retreating along a random carving made a puzzle on 1 grid of 26, climbing from the too
easy ones on none of 6, both dearer than the next grid; diabolical puzzles (ER 6.2-7.4)
never needed it (0 of 291)."""

STAND_INS: dict[str, tuple[str, ...]] = {
    "Skyscraper": ("Finned X-Wing",),
    "Naked Quad": ("Hidden Pair", "Hidden Triple"),
}
"""Techniques whose steps an earlier technique of the ladder mostly finds first, with the
techniques whose step counts as theirs when they make the same eliminations on the same board
(:func:`uses`): every skyscraper is an X-Wing, when its two tops share a line, or a sashimi
X-Wing (checked on 473 boards); a naked quad in a unit with six or seven empty cells is the
complement of a hidden pair or triple found first (the module docstring)."""

NEVER_IN_PATH: dict[str, str] = NOT_PRACTISED
"""Techniques of the ladder no generated puzzle's path uses, with the reason
(:data:`grille.sudoku.info.NOT_PRACTISED`)."""


def find_technique(name: str) -> SudokuTechnique:
    """The technique of :func:`practice_ladder` called ``name`` (any case; spaces, hyphens
    and underscores alike); a :class:`GrilleError` listing the names otherwise, or saying
    why a technique of :data:`NEVER_IN_PATH` cannot be asked for
    (:func:`grille.sudoku.info.practice_name`, which the front ends' menus and flags use)."""
    wanted = practice_name(name)
    return next(technique for technique in practice_ladder() if technique.name == wanted)


class Verdict(enum.IntEnum):
    """Where a puzzle stands against a technique T."""

    EASIER = -1
    """The ladder before T solves it: T is never used."""
    NEEDS = 0
    """Its path uses T and nothing after T."""
    HARDER = 1
    """The ladder up to T gets stuck: a technique after T is needed."""


def judge(puzzle: Grid, technique: SudokuTechnique) -> Verdict:
    """Whether ``puzzle`` (one solution) needs ``technique`` and nothing harder."""
    techniques = practice_ladder()
    at = techniques.index(technique)
    used = False
    before = Board.from_grid(puzzle)
    for found, step, after in _walk(before, techniques[: at + 1]):
        if found is None or step is None:
            return Verdict.HARDER
        used = used or uses(technique, found, step, before)
        before = after
    return Verdict.NEEDS if used else Verdict.EASIER


def uses(technique: SudokuTechnique, found: SudokuTechnique, step: Step, before: Board) -> bool:
    """Whether ``step``, found by ``found`` on ``before``, is a step of ``technique``: found
    by it, or by one of its :data:`STAND_INS` and the same as ``technique``'s own step on
    ``before`` (the same eliminations)."""
    if found is technique:
        return True
    if found.name not in STAND_INS.get(technique.name, ()):
        return False
    own = _OWN_STEPS.get(technique.name, _first_step)(technique, step, before)
    return own is not None and set(own.eliminations) == set(step.eliminations)


def _first_step(technique: SudokuTechnique, _step: Step, board: Board) -> Step | None:
    """``technique``'s own (first) step on ``board``."""
    return technique(board)


def complementary_quad(_technique: SudokuTechnique, step: Step, board: Board) -> Step | None:
    """The naked quad of the four empty cells of ``step``'s unit that are not its cells (a
    hidden subset found on ``board``), or ``None`` if the unit has another number of other
    empty cells (or they are no naked quad)."""
    unit = next((u for u in range(len(board.units)) if board.unit_name(u) == step.units[0]),
                None) if len(step.units) == 1 else None
    if unit is None:
        return None
    n = board.n
    taken = {row * n + col for row, col in step.cells}
    rest = [cell for cell in board.units[unit] if board.marks[cell] and cell not in taken]
    return naked_subset(board, rest, unit) if len(rest) == 4 else None


_OWN_STEPS = {"Naked Quad": complementary_quad}
"""How :func:`uses` finds a technique's own step to compare with a stand-in's (by default
the technique's first step on the board)."""


def path_techniques(puzzle: Grid) -> list[tuple[SudokuTechnique, Step]]:
    """Each step of ``puzzle``'s explained path (one solution) with the ladder technique
    that found it (a step's own name may be more precise: "XY-Cycle", "Locked Pair")."""
    found = []
    for technique, step, _board in _walk(Board.from_grid(puzzle), practice_ladder(),
                                         batched=False):
        if technique is None or step is None:
            break
        found.append((technique, step))
    return found


def _walk(
    board: Board, techniques: tuple[SudokuTechnique, ...], *, batched: bool = True
) -> Iterator[tuple[SudokuTechnique | None, Step | None, Board]]:
    """:func:`grille.logic.walk` naming the technique of each step; ends with
    ``(None, None, board)`` when stuck before solving.

    With ``batched``, when the ladder goes past its first two techniques (full house and
    hidden single), each run of singles is one step, :func:`hidden_singles`, named Hidden
    Single: the walk tries every later technique on the same boards as the plain walk, so
    the path's other steps, whether it solves and whether it uses a technique after the
    singles are the same, at a fraction of the cost (the singles were two thirds of a
    judging walk's time). Only a run that the plain walk takes as full houses alone is
    named differently (a Hidden Single, not a Full House)."""
    batched = batched and len(techniques) > 2 and techniques[:2] == _SINGLES
    rest = techniques[2:] if batched else techniques
    while not board.solved:
        if batched:
            step, after = hidden_singles(board)
            if step is not None:
                yield techniques[1], step, after
                board = after
                continue
        for technique in rest:
            step = technique(board)
            if step is not None:
                board = board.apply(step)
                yield technique, step, board
                break
        else:
            yield None, None, board
            return


_SINGLES = (_declared("Full House"), _declared("Hidden Single"))
"""The ladder's first two techniques, which :func:`hidden_singles` runs together."""


def hidden_singles(board: Board) -> tuple[Step | None, Board]:
    """Every full house and hidden single of ``board`` and of the boards they lead to, as
    one step (``None`` if there is none), and the board after it.

    That board is the one a walk reaches by taking them one at a time, in any order: on a
    board whose candidates hold a solution, a hidden single places the solution's digit, so
    it stays a hidden single (or gets placed) whatever else is placed first; a full house is
    a hidden single of the digit its unit lacks. With compiling on, the scan
    (:func:`singles_run`) runs compiled (:mod:`~grille.sudoku.logic.basic.singles_kernel`)."""
    n = board.n
    placed = (singles_kernel.singles_run(board) if singles_kernel.enabled()
              else singles_run(board))
    if not placed:
        return None, board
    step = Step("Hidden Single",
                placements=tuple((cell // n, cell % n, digit) for cell, digit in placed))
    return step, board.apply(step)


def singles_run(board: Board) -> list[tuple[int, int]]:
    """(cell, digit) of each single :func:`hidden_singles` places, in order: unit by unit
    until nothing changes, each digit with one place left in a unit (the plain scan;
    :mod:`~grille.sudoku.logic.basic.singles_kernel` compiles the same)."""
    peers = board.shape.peers
    marks = list(board.marks)
    placed: list[tuple[int, int]] = []
    progress = True
    while progress:
        progress = False
        for unit in board.units:
            once = twice = 0
            for cell in unit:
                twice |= once & marks[cell]
                once |= marks[cell]
            single = once & ~twice  # the digits with one place in the unit
            while single:
                bit = single & -single
                single ^= bit
                cell = next((cell for cell in unit if marks[cell] & bit), -1)
                if cell < 0:  # its place took another digit: no solution, left to the walk
                    continue
                marks[cell] = 0
                for peer in peers[cell]:
                    marks[peer] &= ~bit
                placed.append((cell, bit.bit_length()))
                progress = True
    return placed


class TechniqueSearch(CarvingSearch):
    """The search for a puzzle that needs ``technique`` and nothing harder, one solution grid
    at a time (see the module docstring); ``orbits`` are the cells emptied together."""

    def __init__(
        self,
        oracle: Oracle,
        orbits: Sequence[tuple[int, ...]],
        technique: SudokuTechnique,
        *,
        minimal: bool,
        rng: random.Random,
    ) -> None:
        super().__init__(oracle, orbits, minimal=minimal, rng=rng)
        self.technique = technique
        techniques = practice_ladder()
        self._ladder = techniques[: techniques.index(technique) + 1]
        self.grids = 0
        level = LEVEL_STARTS.get(technique.name)
        self._level_search = (
            Search(oracle, orbits, Band.of(level), minimal=minimal, rng=rng)
            if level is not None and level in levels_for(self.shape.size) else None)

    def __repr__(self) -> str:
        minimal = " minimal" if self.minimal else ""
        n = self.shape.size
        return f"<TechniqueSearch {n}x{n} {self.technique.name}{minimal}>"

    def puzzle_in(self, solution: Sequence[int]) -> tuple[int, ...] | None:
        """A puzzle of ``solution`` (a full grid) that needs the technique and nothing harder,
        or ``None`` if this grid gave none."""
        self.grids += 1
        if self._level_search is not None:
            found = self._level_search.puzzle_in(solution)
            return found if found is not None and self._judge(found) is Verdict.NEEDS else None
        cells, removed, _nodes = self._carve(list(solution), self._shuffled(self.orbits))
        verdict = self._judge(cells)
        if verdict is Verdict.NEEDS:
            return tuple(cells)
        if self.minimal:
            return None
        if verdict is Verdict.EASIER:
            return self._climb(solution, cells) if self.grids > PLAIN_GRIDS else None
        return self._clues_back(solution, list(cells)) or self._retreat(solution, removed)

    def _clues_back(self, solution: Sequence[int], cells: list[int]) -> tuple[int, ...] | None:
        """Step 3: clues given back where the walk up to the technique is stuck."""
        for _ in range(CLUE_ROUNDS):
            if not self._give_clues(solution, cells):
                return None
            verdict = self._judge(cells)
            if verdict is not Verdict.HARDER:
                return tuple(cells) if verdict is Verdict.NEEDS else None
        return None

    def _retreat(
        self, start: Sequence[int], removed: Sequence[tuple[int, ...]]
    ) -> tuple[int, ...] | None:
        """Step 4: the last puzzle of the carving (``removed`` from ``start``, a solution or
        a puzzle the ladder up to the technique solves) that the ladder up to the technique
        solves (by bisection), carved on while it still does."""
        good = self._last_within(start, removed, self._harder)
        tried = set(removed[: good + 1])
        rest = [orbit for orbit in self.orbits if orbit not in tried and start[orbit[0]]]
        cells = self._carve_within(emptied_cells(start, removed[:good]), rest,
                                   lambda cells: not self._harder(cells))
        return tuple(cells) if self._judge(cells) is Verdict.NEEDS else None

    def _climb(self, solution: Sequence[int], cells: list[int]) -> tuple[int, ...] | None:
        """Step 5: a local search from ``cells`` (too easy) towards the technique."""
        hardest = self._survey(cells)[1]
        for _ in range(CLIMB_MOVES):
            repaired = self._repair(solution, cells)
            if repaired is None:
                continue
            start = repaired[0]
            moved, removed, _nodes = self._carve(list(start), self._shuffled(self.orbits))
            verdict, trial = self._survey(moved)
            if verdict is Verdict.NEEDS:
                return tuple(moved)
            if verdict is Verdict.HARDER:
                # back along this move's carving, or clues back when it starts too hard
                found = (self._clues_back(solution, list(moved)) if self._harder(start)
                         else self._retreat(start, removed))
                if found:
                    return found
                continue
            if trial >= hardest:
                cells, hardest = moved, trial
        return None

    def _survey(self, cells: Sequence[int]) -> tuple[Verdict, int]:
        """:func:`judge`'s verdict on ``cells`` and the place in the ladder up to the
        technique of the hardest one their walk uses (past its end when it gets stuck), from
        one walk."""
        hardest, used = -1, False
        before = Board.from_grid(Grid(self.shape, tuple(cells)))
        for found, step, after in _walk(before, self._ladder):
            if found is None or step is None:
                return Verdict.HARDER, len(self._ladder)
            hardest = max(hardest, self._ladder.index(found))
            used = used or uses(self.technique, found, step, before)
            before = after
        return (Verdict.NEEDS if used else Verdict.EASIER), hardest

    def _judge(self, cells: Sequence[int]) -> Verdict:
        return judge(Grid(self.shape, tuple(cells)), self.technique)

    def _harder(self, cells: Sequence[int]) -> bool:
        return self._judge(cells) is Verdict.HARDER

    def _give_clues(self, solution: Sequence[int], cells: list[int]) -> bool:
        """Put clues of ``solution`` back into ``cells`` where the walk up to the technique
        gets stuck, walking on from there until it solves; whether the technique was used."""
        n = self.shape.size
        board = Board.from_grid(Grid(self.shape, tuple(cells)))
        used = False
        while True:
            stuck = None
            before = board
            for found, step, after in _walk(board, self._ladder):
                if found is None or step is None:
                    stuck = after
                else:
                    used = used or uses(self.technique, found, step, before)
                before = after
            if stuck is None:
                return used
            empty = [cell for cell, digit in enumerate(stuck.cells) if not digit]
            orbit = self._orbit_of[self.rng.choice(empty)]
            placed = []
            for cell in orbit:
                cells[cell] = solution[cell]
                if not stuck.cells[cell]:
                    placed.append((cell // n, cell % n, solution[cell]))
            board = stuck.apply(Step("Clue", placements=tuple(placed)))
