"""Finding a puzzle at a level in one solution grid: carving, retreating and local moves.

From a full grid, :class:`Search` looks for a puzzle with one solution whose rating falls in a
:class:`~grille.sudoku.grading.Band`, in three stages:

1. **Carve**: empty the symmetry orbits in random order, keeping each removal that leaves one
   solution. The result is as hard as the grid allows along that order (removing clues makes
   a puzzle harder, almost always), so it is graded once.
2. **Retreat** when it is too hard (not for minimal puzzles, which must keep every removal):
   find, by bisection along the carving, the last puzzle at or below the band's ceiling, then
   go on emptying the other orbits in random order, keeping a removal only while the puzzle
   stays unique and at or below the ceiling. This is the level-aware carving: it stops just
   under the ceiling, usually inside the band.
3. **Climb** when it is too easy, but in the level just below the target: a local search of
   :data:`CLIMB_MOVES` moves. A move empties one clue orbit, puts back clues where a second
   solution differs from the grid until the solution is unique again, and carves the other
   orbits again; it is kept when the puzzle is not easier, and ends the search when it
   reaches the band. A move that overshoots a band with a ceiling gets one random orbit back
   (not for minimal puzzles) and is graded again.

Cheap bounds come first. The solver's propagation (singles and locked candidates) alone
finishes a puzzle whose uniqueness check took one search node; such puzzles rate 2.8 at most
in practice, so levels from hard up skip them without rating. Extreme puzzles also skip those
settled by one guess (:data:`ONE_GUESS_NODES`), which are mostly diabolical.

Every decision depends only on the random generator and the puzzles, never on time, so a
seed gives the same puzzle.

:class:`CarvingSearch` holds what this search shares with the search for a puzzle that needs
a technique (:class:`grille.sudoku.practice.TechniqueSearch`): the carving, the two halves of
the retreat with the ceiling as a function, and the local move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from grille.sudoku.grading import Band, Grade, grade
from grille.sudoku.grid import Grid
from grille.sudoku.oracle import Oracle

__all__ = [
    "BUDGET_FROM_SIZE",
    "CHECK_BUDGET",
    "CLIMB_MOVES",
    "ONE_GUESS_NODES",
    "PROPAGATION_ER",
    "CarvingSearch",
    "Search",
    "emptied_cells",
    "restore_orbit",
]

CLIMB_MOVES = 100
"""Local moves tried from one grid's puzzle before the search moves on to another grid."""

PROPAGATION_ER = 2.8
"""The rating a puzzle the solver's propagation finishes (one search node) stays within:
singles (up to 2.3), pointing (2.6) and claiming (2.8)."""

CHECK_BUDGET = 2000
"""Search nodes a uniqueness check may take on big grids before the removal it checks is
given up (kept as a clue): near the end of a 25x25 carving, proving a second solution can
take minutes. Not for minimal puzzles, which need every check settled."""

BUDGET_FROM_SIZE = 16
"""The grid size from which uniqueness checks have :data:`CHECK_BUDGET`."""

ONE_GUESS_NODES = 3
"""Search nodes of a uniqueness check settled by propagation and one guess. Such puzzles are
seldom extreme (about one extreme puzzle in ten, against one diabolical in two, on 9x9), so
the search for extreme ones skips them."""


class CarvingSearch:
    """What the searches for a puzzle in one solution grid share (the level search,
    :class:`Search`, and the technique search,
    :class:`~grille.sudoku.practice.TechniqueSearch`): carving, the retreat's two halves
    (bisection along the carving, carving on while within a ceiling) and a climb's local move.

    ``orbits`` are the cells emptied together (see :func:`grille.sudoku.generate.orbits`);
    ``minimal`` asks for puzzles from which no orbit of clues can be removed without a second
    solution; ``budget`` caps each uniqueness check's search nodes (a removal whose check runs
    out is not made; ``None``: no cap). What "too far" means is each subclass's.
    """

    def __init__(
        self,
        oracle: Oracle,
        orbits: Sequence[tuple[int, ...]],
        *,
        minimal: bool,
        rng: random.Random,
        budget: int | None = None,
    ) -> None:
        self.oracle = oracle
        self.shape = oracle.shape
        self.orbits = tuple(orbits)
        self.minimal = minimal
        self.rng = rng
        self.budget = budget
        self._orbit_of = {cell: orbit for orbit in self.orbits for cell in orbit}

    def _carve(
        self, cells: list[int], order: Sequence[tuple[int, ...]]
    ) -> tuple[list[int], list[tuple[int, ...]], int]:
        """Empty the orbits of ``order`` that leave one solution: the puzzle, the orbits
        emptied (in order) and the search nodes of the last uniqueness check."""
        removed = []
        nodes = 1
        for orbit in order:
            if not cells[orbit[0]]:
                continue
            kept = [cells[cell] for cell in orbit]
            for cell in orbit:
                cells[cell] = 0
            check = self.oracle.check(cells, budget=self.budget)
            if check.unique:
                removed.append(orbit)
                nodes = check.nodes
            else:
                restore_orbit(cells, orbit, kept)
        return cells, removed, nodes

    def _last_within(
        self,
        start: Sequence[int],
        removed: Sequence[tuple[int, ...]],
        too_far: Callable[[list[int]], bool],
    ) -> int:
        """How many removals of a carving (``removed``, in order, from ``start``, a solution
        or a puzzle) the last puzzle along it that is not ``too_far`` has, by bisection (the
        whole carving is taken as too far, ``start`` as not)."""
        good, bad = 0, len(removed)  # after `good` removals: within; after `bad`: too far
        while bad - good > 1:
            middle = (good + bad) // 2
            if too_far(emptied_cells(start, removed[:middle])):
                bad = middle
            else:
                good = middle
        return good

    def _carve_within(
        self,
        cells: list[int],
        orbits: Sequence[tuple[int, ...]],
        within: Callable[[list[int]], bool],
    ) -> list[int]:
        """``cells`` with the ``orbits`` emptied in random order, each removal kept when the
        puzzle stays unique and ``within`` holds for it (asked after the uniqueness check)."""
        for orbit in self._shuffled(orbits):
            kept = [cells[cell] for cell in orbit]
            for cell in orbit:
                cells[cell] = 0
            if not (self.oracle.check(cells, budget=self.budget).unique and within(cells)):
                restore_orbit(cells, orbit, kept)
        return cells

    def _move(
        self, solution: Sequence[int], cells: Sequence[int]
    ) -> tuple[list[int] | None, int]:
        """A neighbour of ``cells``: one clue orbit emptied, clues put back where a second
        solution differs until the solution is unique again, then carved again; with the
        search nodes of its last uniqueness check (``None`` when the move failed)."""
        repaired = self._repair(solution, cells)
        if repaired is None:
            return None, 0
        moved, removed, nodes = self._carve(list(repaired[0]), self._shuffled(self.orbits))
        return moved, nodes if removed else repaired[1]

    def _repair(
        self, solution: Sequence[int], cells: Sequence[int]
    ) -> tuple[list[int], int] | None:
        """The first half of :meth:`_move`: ``cells`` with one clue orbit emptied and clues
        put back where a second solution differs until the solution is unique again, with
        the search nodes of its last check (``None`` when that failed)."""
        clues = [orbit for orbit in self.orbits if cells[orbit[0]]]
        emptied = self.rng.choice(clues)
        moved = list(cells)
        for cell in emptied:
            moved[cell] = 0
        for _ in range(len(self.orbits)):
            check = self.oracle.check(moved, solution, self.budget)
            if check.unique:
                break
            differing = [
                cell for cell, digit in enumerate(check.other or ())
                if digit != solution[cell] and cell not in emptied
            ]
            if not differing:
                return None
            for cell in self._orbit_of[self.rng.choice(differing)]:
                moved[cell] = solution[cell]
        else:
            return None
        return moved, check.nodes

    def _shuffled(self, orbits: Sequence[tuple[int, ...]]) -> list[tuple[int, ...]]:
        return self.rng.sample(list(orbits), len(orbits))


class Search(CarvingSearch):
    """The search for one puzzle at ``band`` (``None``: any level) in the grids it is given.

    ``orbits`` are the cells emptied together (see :func:`grille.sudoku.generate.orbits`);
    ``minimal`` asks for puzzles from which no orbit of clues can be removed without a second
    solution (every carving ends so; only the retreat, which puts clues back, is left out).
    """

    def __init__(
        self,
        oracle: Oracle,
        orbits: Sequence[tuple[int, ...]],
        band: Band | None,
        *,
        minimal: bool,
        rng: random.Random,
    ) -> None:
        budget = None if minimal or oracle.shape.size < BUDGET_FROM_SIZE else CHECK_BUDGET
        super().__init__(oracle, orbits, minimal=minimal, rng=rng, budget=budget)
        self.band = band
        self.grades = 0

    def __repr__(self) -> str:
        level = self.band.level if self.band else "any"
        minimal = " minimal" if self.minimal else ""
        return f"<Search {self.shape.size}x{self.shape.size} {level}{minimal}>"

    # -- the stages ----------------------------------------------------------------------

    def puzzle_in(self, solution: Sequence[int]) -> tuple[int, ...] | None:
        """A puzzle of ``solution`` (a full grid) at the band, or ``None`` if none was found."""
        order = self._shuffled(self.orbits)
        cells, removed, nodes = self._carve(list(solution), order)
        band = self.band
        if band is None:
            return tuple(cells)
        if not self._promising(nodes, band.low):
            return None
        graded = self._grade(cells)
        place = band.place(graded)
        if place > 0 and not self.minimal:
            cells, graded = self._retreat(solution, order, removed)
            place = band.place(graded)
        if place == 0:
            return tuple(cells)
        if place < 0 and self._close_below(graded):
            return self._climb(solution, cells, graded)
        return None

    def _retreat(
        self,
        solution: Sequence[int],
        order: Sequence[tuple[int, ...]],
        removed: Sequence[tuple[int, ...]],
    ) -> tuple[list[int], Grade]:
        """The last puzzle of the carving at or below the ceiling, carved on under it."""
        graded = Grade(0.0, False)  # the full grid: nothing to solve

        def within(cells: list[int]) -> bool:  # notes the grade of the last puzzle kept
            nonlocal graded
            trial = self._grade(cells)
            if not trial.over:
                graded = trial
            return not trial.over

        good = self._last_within(solution, removed, lambda cells: not within(cells))
        tried = set(removed[: good + 1])
        cells = self._carve_within(emptied_cells(solution, removed[:good]),
                                   [orbit for orbit in order if orbit not in tried], within)
        return cells, graded

    def _climb(
        self, solution: Sequence[int], cells: list[int], graded: Grade
    ) -> tuple[int, ...] | None:
        """A local search from ``cells`` (below the band) towards it."""
        assert self.band is not None
        for _ in range(CLIMB_MOVES):
            moved, nodes = self._move(solution, cells)
            if moved is None or not self._promising(nodes, graded.er):
                continue
            trial = self._grade(moved)
            if trial.over and not self.band.open_ended and not self.minimal:
                # Too far: give one clue orbit back (uniqueness holds), maybe landing inside.
                empty = [orbit for orbit in self.orbits if not moved[orbit[0]]]
                for cell in self.rng.choice(empty):
                    moved[cell] = solution[cell]
                trial = self._grade(moved)
            place = self.band.place(trial)
            if place == 0:
                return tuple(moved)
            if place < 0 and trial.er >= graded.er:
                cells, graded = moved, trial
        return None

    # -- helpers ---------------------------------------------------------------------------

    def _promising(self, nodes: int, floor: float) -> bool:
        """Whether a puzzle whose uniqueness check took ``nodes`` search nodes may rate
        above ``floor`` (and, for the open-ended top level, be in it) without rating it."""
        assert self.band is not None
        if nodes == 1 and floor >= PROPAGATION_ER:
            return False
        return not (self.band.open_ended and nodes <= ONE_GUESS_NODES)

    def _grade(self, cells: Sequence[int]) -> Grade:
        assert self.band is not None
        self.grades += 1
        return grade(Grid(self.shape, tuple(cells)), self.band.cap)

    def _close_below(self, graded: Grade) -> bool:
        """Whether a puzzle below the band is in the level just below it: climbs from
        further down seldom arrive, and a fresh grid is cheaper."""
        from grille.sudoku.logic.rating import LEVELS

        assert self.band is not None
        below = [ceiling for _, ceiling in LEVELS if ceiling < self.band.low]
        return graded.er > (below[-1] if below else 0.0)



def restore_orbit(cells: list[int], orbit: tuple[int, ...], digits: Sequence[int]) -> None:
    """Put ``digits`` back in ``orbit``'s cells (a carving step undone)."""
    for cell, digit in zip(orbit, digits, strict=True):
        cells[cell] = digit


def emptied_cells(start: Sequence[int], orbits: Sequence[tuple[int, ...]]) -> list[int]:
    """``start``'s cells (a solution or a puzzle) with every cell of ``orbits`` emptied."""
    cells = list(start)
    for orbit in orbits:
        for cell in orbit:
            cells[cell] = 0
    return cells
