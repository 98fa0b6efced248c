"""The candidate board the techniques read: digits placed, candidates of the empty cells."""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field

from grille.kakuro.combos import combination_masks
from grille.kakuro.grid import KakuroGrid, Run
from grille.logic import Step

__all__ = ["FULL", "Board", "bit_count", "run_support"]

FULL = 0x1FF
_SUMOF = [sum(d + 1 for d in range(9) if s >> d & 1) for s in range(512)]


def bit_count(mask: int) -> int:
    """How many digits ``mask`` holds."""
    return bin(mask).count("1")


def run_support(cands: list[int], total: int, forbidden: frozenset[int] = frozenset()) -> (
    list[int] | None
):
    """Each cell's digits that appear in some filling of the run with distinct digits from
    ``cands`` summing to ``total`` (0: any) and not using a ``forbidden`` digit set."""
    k = len(cands)
    if k > 9:
        return None
    layers: list[set[int]] = [{0}]
    for cand in cands:
        nxt = set()
        for used in layers[-1]:
            avail = cand & ~used
            while avail:
                bit = avail & -avail
                avail ^= bit
                nxt.add(used | bit)
        if not nxt:
            return None
        layers.append(nxt)
    alive = {
        used for used in layers[-1]
        if (not total or _SUMOF[used] == total) and used not in forbidden
    }
    if not alive:
        return None
    support = [0] * k
    for i in range(k - 1, -1, -1):
        back = set()
        for used in layers[i]:
            avail = cands[i] & ~used
            while avail:
                bit = avail & -avail
                avail ^= bit
                if used | bit in alive:
                    support[i] |= bit
                    back.add(used)
        alive = back
    return support


_STAMPS = itertools.count(1)
"""Run stamps: a fresh number each time a run's cells change, unique in the process."""


@functools.lru_cache(maxsize=1 << 14)
def _combos(remaining: int, length: int, placed: int, taken: frozenset[int]) -> tuple[int, ...]:
    return tuple(
        combo for combo in combination_masks(remaining, length)
        if not combo & placed and (combo | placed) not in taken
    )


@dataclass(frozen=True, slots=True)
class Board:
    """The grid, each cell's digit (0: empty) and candidate mask (0 for blocks and filled
    cells). Placing a digit removes it from the candidates of both runs of its cell.

    ``stamps`` gives each run a number that changes whenever one of its cells does, so a
    technique can remember the runs where it found nothing (see :meth:`run_key`)."""

    grid: KakuroGrid
    values: tuple[int, ...]
    masks: tuple[int, ...]
    stamps: tuple[int, ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.stamps:
            fresh = tuple(next(_STAMPS) for _ in self.grid.runs)
            object.__setattr__(self, "stamps", fresh)

    def run_key(self, index: int) -> int:
        """A number naming the state of run ``index`` (its cells' digits and candidates):
        equal keys, equal states (the distinct-combinations rule also reads other runs, so
        then every key is fresh)."""
        if self.grid.distinct_combinations:
            return next(_STAMPS)
        return self.stamps[index]

    def _restamped(self, cells: set[int]) -> tuple[int, ...]:
        topo = self.grid.topology
        stamps = list(self.stamps)
        for cell in cells:
            for index in (topo.across[cell], topo.down[cell]):
                if index >= 0:
                    stamps[index] = next(_STAMPS)
        return tuple(stamps)

    @classmethod
    def from_grid(cls, grid: KakuroGrid, *, marks: bool = False) -> Board:
        """The board of ``grid``: its digits, and its pencil marks if ``marks`` (a cell
        without marks gets every digit), else every digit in every empty cell."""
        values = list(grid.cells)
        masks = [0] * (grid.rows * grid.cols)
        for cell in grid.whites:
            if not values[cell]:
                mark = grid.marks[cell] if marks and grid.marks is not None else 0
                masks[cell] = mark or FULL
        board = cls(grid, tuple(values), tuple(masks))
        for cell in grid.whites:
            if values[cell]:
                board = board._cleared(cell, values[cell])
        return board

    def _cleared(self, cell: int, digit: int) -> Board:
        masks = list(self.masks)
        topo = self.grid.topology
        for run_index in (topo.across[cell], topo.down[cell]):
            if run_index >= 0:
                for other in topo.runs[run_index].cells:
                    masks[other] &= ~(1 << (digit - 1))
        masks[cell] = 0
        return Board(self.grid, self.values, tuple(masks), self.stamps)

    @property
    def solved(self) -> bool:
        """Whether every white cell holds a digit."""
        return all(self.values[cell] for cell in self.grid.whites)

    def empty(self, run: Run) -> list[int]:
        """The run's empty cells."""
        return [cell for cell in run.cells if not self.values[cell]]

    def placed(self, run: Run) -> list[int]:
        """The digits placed in the run."""
        return [self.values[cell] for cell in run.cells if self.values[cell]]

    def remaining(self, run: Run) -> int:
        """What the empty cells of a clued run must add up to."""
        return run.total - sum(self.placed(run))

    def placed_mask(self, run: Run) -> int:
        """The digits placed in the run, as a mask."""
        mask = 0
        for digit in self.placed(run):
            mask |= 1 << (digit - 1)
        return mask

    def taken_sets(self, run: Run) -> frozenset[int]:
        """With the distinct-combinations rule, the digit sets of the other complete runs of
        the same sum and length (as masks); else nothing."""
        if not self.grid.distinct_combinations or not run.total:
            return frozenset()
        taken = set()
        for other in self.grid.runs:
            if other is run or other.total != run.total or other.length != run.length:
                continue
            digits = self.placed(other)
            if len(digits) == other.length:
                taken.add(sum(1 << (d - 1) for d in set(digits)))
        return frozenset(taken)

    def combos(self, run: Run) -> list[int]:
        """The digit sets (masks) the empty cells of a clued run may still take: the right
        size and sum, none of the placed digits, and no set a complete twin run uses."""
        empty = self.empty(run)
        placed = self.placed_mask(run)
        return list(_combos(self.remaining(run), len(empty), placed, self.taken_sets(run)))

    def apply(self, step: Step) -> Board:
        """The board after ``step``'s eliminations and placements."""
        cols = self.grid.cols
        masks = list(self.masks)
        touched = set()
        for row, col, digit in step.eliminations:
            masks[row * cols + col] &= ~(1 << (digit - 1))
            touched.add(row * cols + col)
        board = Board(self.grid, self.values, tuple(masks), self.stamps)
        for row, col, digit in step.placements:
            cell = row * cols + col
            if board.values[cell]:
                continue
            values = list(board.values)
            values[cell] = digit
            touched.add(cell)
            board = Board(self.grid, tuple(values), board.masks, board.stamps)._cleared(cell, digit)
        topo = self.grid.topology
        neighbours = {other for cell in touched if board.values[cell]
                      for index in (topo.across[cell], topo.down[cell]) if index >= 0
                      for other in topo.runs[index].cells}
        changed = {
            cell for cell in touched | neighbours
            if board.masks[cell] != self.masks[cell] or board.values[cell] != self.values[cell]
        }
        return Board(self.grid, board.values, board.masks, board._restamped(changed))

    def to_grid(self, like: KakuroGrid | None = None) -> KakuroGrid:
        """The board as a grid with digits and pencil marks."""
        grid = like or self.grid
        return grid.with_values(self.values).with_marks(self.masks)
