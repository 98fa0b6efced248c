"""Generating Kakuro puzzles with one solution, at a chosen size and level.

1. A layout: the first row and column are clue blocks; inside, blocks go in pairs symmetric
   under 180° rotation of the inner area, up to ``density`` of the inner cells. Each block
   goes where the white area is most open (of a few white cells drawn at random, the one
   with the longest across and down runs, in the most all-white squares), so blocks spread
   out as in published puzzles: short runs, hardly a 3x3 white square. Runs still longer
   than ``max_run`` are then cut. A block is kept only when no run of one cell appears and
   the white cells stay connected.
2. A random fill with distinct digits in every run, each run's digit set one whose sum has
   few combinations in that many cells (``spread``); the clues are the run sums.
3. Repair until unique: the exact solver counts to two within a node budget. When a second
   solution exists, the cells where it differs from the fill are changed locally: the
   differing cells of one of their runs get new digits, one of them a digit it did not
   have (the fill elsewhere is kept, so what was already forced stays forced), or, now and
   then, a differing cell and its partner become blocks, splitting their runs, as long as
   ``min_white`` of the inner cells stay white.
4. The level: the logic ladder up to the asked level must solve the puzzle. Where it gets
   stuck, the stuck cells are repaired the same way (sums of at most two combinations),
   and a repair is kept only when it leaves no more cells stuck; a puzzle that needs
   nothing of its level (too easy) is made harder by re-filling a few runs with sums of
   many combinations.

The same seed and options give the same puzzle within a release of grille.
"""

from __future__ import annotations

import functools
import math
import random
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from grille.errors import BudgetExceededError, GrilleError
from grille.kakuro.combos import combination_masks
from grille.kakuro.grid import Clue, KakuroGrid, digits_of_mask
from grille.kakuro.logic.rating import LEVELS

if TYPE_CHECKING:
    from grille.kakuro.solver import Recounter

__all__ = [
    "SYMMETRIES",
    "GenerateParams",
    "GenerationError",
    "Layout",
    "fill",
    "generate",
    "make_layout",
    "parse_size",
    "puzzle_from_fill",
]

SYMMETRIES = ("rot180", "none")
"""Layout symmetries: 180° rotation of the inner area (the default), or none."""

MIN_SIZE, MAX_SIZE = 4, 40

BUDGET = 2_000
"""Search nodes allowed when counting the solutions of one candidate puzzle."""

SPREADS = {"easy": 2, "medium": 3, "hard": 3, "very hard": 4}
"""The most combinations a run's sum may have in a fresh fill, per level."""

JIT_CELLS = 60
"""Layouts with this many white cells or more are counted by the compiled kernel."""

JIT_AFTER = 100
"""Counts made interpreted in this process after which every layout is counted by the
compiled kernel (one small puzzle from a cold start stays interpreted; a batch of them,
or a long walk, moves to the kernel, which gives the same answers)."""

BLOCK_SHARE = 0.02
"""How often a repair adds a block pair instead of changing digits."""

PATIENCE = 4
"""How often a cell may be in question before a repair blocks it (with its partner)."""

LAYOUT_DRAW = 12
"""White cells drawn at random for each block of a layout; the two most open are tried."""

LAYOUT_MISSES = 30
"""Draws that place no block before a layout stops adding blocks."""

LEVEL_WALK = 3
"""Repair steps back to a unique puzzle allowed after a change made for the level."""

CANDIDATES = 1
"""Repairs tried at each step of the walk to uniqueness; the best is kept (trying more
and keeping the best measured slower than taking one: a step costs a count)."""

WANDER = 1.0
"""How often the walk takes its repair even when more cells stay undecided (always: a
climb that refuses worse fills measured about three times slower at 20x20)."""


class GenerationError(BudgetExceededError):
    """No puzzle with the requested properties was found within the attempt budget."""


def parse_size(text: str | None) -> tuple[int, int]:
    """(width, height) from ``"WxH"`` or ``"N"`` (square); default 8x8."""
    if text is None:
        return 8, 8
    width, _, height = text.lower().partition("x")
    height = height or width
    if not (width.isdigit() and height.isdigit()):
        raise GrilleError(f"a Kakuro size is WxH, like 8x8 or 12x10: {text!r}")
    w, h = int(width), int(height)
    if not (MIN_SIZE <= w <= MAX_SIZE and MIN_SIZE <= h <= MAX_SIZE):
        raise GrilleError(f"Kakuro sizes run from {MIN_SIZE} to {MAX_SIZE} a side: {text!r}")
    return w, h


@dataclass(frozen=True, slots=True)
class GenerateParams:
    """What to generate: rows and columns (with the clue row and column), level, symmetry;
    and the generator's knobs: longest run, share of inner cells the layout blocks, share
    of inner cells that stay white when repairs add blocks, the most combinations a run's
    sum may have in a fresh fill, repair steps and attempts.

    *Inner cells* are the cells below the first row and right of the first column (the
    first row and column are all clue blocks)."""

    rows: int = 8
    cols: int = 8
    level: str = "any"
    symmetry: str = "rot180"
    max_run: int = 6
    density: float = 0.25
    min_white: float = 0.7
    spread: int = 0
    steps: int = 400
    level_steps: int = 200
    attempts: int = 40

    def __post_init__(self) -> None:
        levels = [name for name, _ in LEVELS]
        if self.level != "any" and self.level not in levels:
            raise GrilleError(f"unknown level {self.level!r}; known: {', '.join(levels)}, any")
        if self.symmetry not in SYMMETRIES:
            raise GrilleError(
                f"unknown symmetry {self.symmetry!r}; Kakuro knows {', '.join(SYMMETRIES)}"
            )
        if not 2 <= self.max_run <= 9:
            raise GrilleError(f"the longest run must be 2 to 9 cells, got {self.max_run}")
        if not (0.0 <= self.density < 1.0 and 0.0 <= self.min_white <= 1.0):
            raise GrilleError(f"density and min_white are shares from 0 to 1, got "
                              f"{self.density} and {self.min_white}")

    @property
    def fewest_whites(self) -> int:
        """The fewest white cells a layout may keep: ``min_white`` of the inner cells."""
        return math.ceil(self.min_white * (self.rows - 1) * (self.cols - 1) - 1e-9)

    @property
    def fill_spread(self) -> int:
        """``spread``, or the level's: easier levels start from sums of fewer combinations."""
        return self.spread or SPREADS.get(self.level, 4)


# -- layouts ---------------------------------------------------------------------------------


class Layout:
    """Which cells are white (row-major, flat), with the symmetric block placement rules."""

    def __init__(self, rows: int, cols: int, white: Sequence[bool], symmetry: str) -> None:
        self.rows, self.cols, self.symmetry = rows, cols, symmetry
        self.white = list(white)

    def __repr__(self) -> str:
        lines = ("".join("." if self.white[r * self.cols + c] else "#" for c in range(self.cols))
                 for r in range(self.rows))
        return f"Layout({self.rows}x{self.cols}: {'/'.join(lines)})"

    def copy(self) -> Layout:
        """An independent copy."""
        return Layout(self.rows, self.cols, self.white, self.symmetry)

    def rows_of_bools(self) -> list[list[bool]]:
        """The layout as rows of booleans (True: white)."""
        return [self.white[r * self.cols:(r + 1) * self.cols] for r in range(self.rows)]

    def partner(self, cell: int) -> int:
        """The cell that must match ``cell`` (itself without symmetry)."""
        if self.symmetry == "none":
            return cell
        r, c = divmod(cell, self.cols)
        return (self.rows - r) * self.cols + (self.cols - c)

    def segment(self, cell: int, across: bool) -> list[int]:
        """The maximal line of white cells through the white ``cell``."""
        r, c = divmod(cell, self.cols)
        if across:
            lo = hi = c
            while lo > 0 and self.white[r * self.cols + lo - 1]:
                lo -= 1
            while hi < self.cols - 1 and self.white[r * self.cols + hi + 1]:
                hi += 1
            return [r * self.cols + x for x in range(lo, hi + 1)]
        lo = hi = r
        while lo > 0 and self.white[(lo - 1) * self.cols + c]:
            lo -= 1
        while hi < self.rows - 1 and self.white[(hi + 1) * self.cols + c]:
            hi += 1
        return [y * self.cols + c for y in range(lo, hi + 1)]

    def segments(self) -> list[list[int]]:
        """Every maximal line of white cells, across ones first."""
        found = []
        for across in (True, False):
            seen: set[int] = set()
            for cell, is_white in enumerate(self.white):
                if is_white and cell not in seen:
                    segment = self.segment(cell, across)
                    seen.update(segment)
                    found.append(segment)
        return found

    def neighbours(self, cell: int) -> list[tuple[int, bool]]:
        """The white orthogonal neighbours of ``cell``, each with whether it is beside it."""
        r, c = divmod(cell, self.cols)
        found = []
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            y, x = r + dr, c + dc
            if 0 <= y < self.rows and 0 <= x < self.cols and self.white[y * self.cols + x]:
                found.append((y * self.cols + x, dr == 0))
        return found

    def openness(self, cell: int) -> int:
        """How open the area around a white ``cell`` is: the lengths of its across and down
        lines of white cells, plus the all-white 2x2 squares holding it (3x3 ones count
        four); 0 for a block."""
        if not self.white[cell]:
            return 0
        r, c = divmod(cell, self.cols)
        white, cols = self.white, self.cols
        total = len(self.segment(cell, True)) + len(self.segment(cell, False))
        for size, weight in ((2, 1), (3, 4)):
            for top in range(max(1, r - size + 1), min(r, self.rows - size) + 1):
                for left in range(max(1, c - size + 1), min(c, cols - size) + 1):
                    if all(white[(top + a) * cols + left + b]
                           for a in range(size) for b in range(size)):
                        total += weight
        return total

    def connected(self) -> bool:
        """Whether the white cells form one area."""
        whites = [cell for cell, is_white in enumerate(self.white) if is_white]
        if not whites:
            return False
        seen = {whites[0]}
        queue = deque([whites[0]])
        while queue:
            for nxt, _ in self.neighbours(queue.popleft()):
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        return len(seen) == len(whites)

    def try_block(self, cell: int, max_run: int | None = None, *, cascade: int = 4,
                  fewest: int = 0) -> bool:
        """Block ``cell`` and its partner, and then any white cell left alone in a line (up
        to ``cascade`` more pairs); keep it when at least ``fewest`` white cells are left,
        no run is longer than ``max_run`` (if given) beside the new blocks and the whites
        stay connected, else undo it."""
        if not self.white[cell]:
            return False
        blocked: list[int] = []
        todo = [cell]
        while todo:
            x = todo.pop()
            fresh = [y for y in {x, self.partner(x)} if self.white[y]]
            for y in fresh:
                self.white[y] = False
            blocked += fresh
            if len(blocked) > 2 * (cascade + 1):
                break
            todo += [n for y in fresh for n, across in self.neighbours(y)
                     if len(self.segment(n, across)) == 1]
        else:
            if (sum(self.white) >= fewest and self._runs_fit(blocked, max_run)
                    and self.connected()):
                return True
        for y in blocked:
            self.white[y] = True
        return False

    def _runs_fit(self, blocked: Iterable[int], max_run: int | None) -> bool:
        for cell in blocked:
            for nxt, across in self.neighbours(cell):
                length = len(self.segment(nxt, across))
                if length == 1 or (max_run is not None and length > max_run):
                    return False
        return True

    def valid(self, max_run: int) -> bool:
        """No run of one cell, none longer than ``max_run``, the whites connected."""
        return all(2 <= len(s) <= max_run for s in self.segments()) and self.connected()


def _cut_order(length: int, max_run: int, rng: random.Random) -> list[int]:
    """Where to cut a run of ``length`` cells: cuts leaving two runs of 2..``max_run``
    first, then those leaving other legal pieces (none of one cell)."""
    good, fair = [], []
    for i in range(length):
        left, right = i, length - 1 - i
        if left == 1 or right == 1:
            continue
        if 2 <= left <= max_run and 2 <= right <= max_run:
            good.append(i)
        else:
            fair.append(i)
    rng.shuffle(good)
    rng.shuffle(fair)
    return good + fair


def make_layout(params: GenerateParams, rng: random.Random) -> Layout | None:
    """A valid layout, or ``None`` when this try failed."""
    rows, cols = params.rows, params.cols
    layout = Layout(rows, cols, [r > 0 and c > 0 for r in range(rows) for c in range(cols)],
                    params.symmetry)
    inner = [r * cols + c for r in range(1, rows) for c in range(1, cols)]
    target = int(params.density * len(inner))
    misses = 0
    while misses < LAYOUT_MISSES and sum(not layout.white[x] for x in inner) < target:
        whites = [x for x in inner if layout.white[x]]
        drawn = rng.sample(whites, min(LAYOUT_DRAW, len(whites)))
        drawn.sort(key=lambda x: (-layout.openness(x) - layout.openness(layout.partner(x)),
                                  rng.random()))
        if not any(layout.try_block(x, cascade=0) for x in drawn[:2]):
            misses += 1
    for _ in range(rows * cols):
        long = [s for s in layout.segments() if len(s) > params.max_run]
        if not long:
            break
        segment = rng.choice(long)
        if not any(layout.try_block(segment[i])
                   for i in _cut_order(len(segment), params.max_run, rng)):
            return None
    if sum(layout.white) < params.fewest_whites:
        return None
    return layout if layout.valid(params.max_run) else None


# -- fills and puzzles -----------------------------------------------------------------------


class _Runs:
    """The runs of a layout as lists of flat cells, each white cell's runs, and a counter
    of the solutions of fills of it (built when first used)."""

    interpreted_counts: ClassVar[int] = 0
    """Counts made by interpreted counters in this process (see :data:`JIT_AFTER`)."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout.copy()
        self.runs = [s for s in layout.segments() if len(s) >= 2]
        self.member: dict[int, list[int]] = {}
        for index, run in enumerate(self.runs):
            for cell in run:
                self.member.setdefault(cell, []).append(index)
        self.whites = sorted(self.member)
        self._counter: Recounter | None = None

    def __repr__(self) -> str:
        return f"_Runs({len(self.runs)} runs)"

    def counter(self) -> Recounter:
        """The exact solver's counter for this layout, for one count: compiled when the
        layout is large or this process has made :data:`JIT_AFTER` interpreted counts."""
        from grille.engine._jit import jit_enabled
        from grille.kakuro.solver import Recounter

        large = len(self.whites) >= JIT_CELLS or _Runs.interpreted_counts >= JIT_AFTER
        if self._counter is None or (large and not self._counter.fast and jit_enabled()):
            backend = "jit" if large and jit_enabled() else "python"
            blank = dict.fromkeys(self.whites, 0)
            self._counter = Recounter(puzzle_from_fill(self.layout, blank), backend=backend)
        if not self._counter.fast:
            _Runs.interpreted_counts += 1
        return self._counter


_SHAPES: dict[tuple[int, int, tuple[bool, ...]], _Runs] = {}


def _shape(layout: Layout) -> _Runs:
    """The (cached) runs of ``layout``."""
    key = (layout.rows, layout.cols, tuple(layout.white))
    found = _SHAPES.get(key)
    if found is None:
        if len(_SHAPES) >= 64:
            _SHAPES.clear()
        found = _SHAPES[key] = _Runs(layout)
    return found


@functools.cache
def _prefixes(length: int, spread: int) -> frozenset[int]:
    """Digit sets (masks) that can grow into a set of ``length`` digits whose sum has at most
    ``spread`` combinations in ``length`` cells."""
    good = [
        mask for total in range(1, 46)
        for mask in combination_masks(total, length)
        if len(combination_masks(total, length)) <= spread
    ]
    return frozenset(sub for mask in good for sub in _subsets(mask))


@functools.cache
def _next_digits(length: int, spread: int, used: int) -> int:
    """The digits (bit ``d - 1`` for ``d``) that may join the digits ``used`` in a run of
    ``length`` cells whose digit set must sum to a total of at most ``spread``
    combinations."""
    prefixes = _prefixes(length, spread)
    return sum(1 << d for d in range(9) if not used >> d & 1 and used | 1 << d in prefixes)


def _subsets(mask: int) -> list[int]:
    found = []
    sub = mask
    while True:
        found.append(sub)
        if sub == 0:
            return found
        sub = (sub - 1) & mask


FILL_STEPS = 20_000


def fill(
    layout: Layout, rng: random.Random, *, fixed: dict[int, int] | None = None,
    free: Iterable[int] | None = None, spread: int = 9, forbid: dict[int, int] | None = None,
) -> dict[int, int] | None:
    """Random distinct digits in every run (cells of ``fixed`` keep theirs; only ``free``
    cells are chosen when given; a cell of ``forbid`` never gets the digit it names), each
    run's digits a subset of a set whose sum has at most ``spread`` combinations in its
    length; ``None`` if none is found quickly."""
    shape = _shape(layout)
    runs, member = shape.runs, shape.member
    lengths = [len(run) for run in runs]
    banned = forbid or {}
    values = dict(fixed or {})
    todo = sorted(free) if free is not None else sorted(member)
    for cell in todo:
        values.pop(cell, None)
    used = [0] * len(runs)
    for index, run_cells in enumerate(runs):
        for cell in run_cells:
            if cell in values:
                used[index] |= 1 << (values[cell] - 1)

    def allowed(cell: int) -> int:
        mask = 511 & ~(1 << (banned[cell] - 1)) if cell in banned else 511
        for run in member[cell]:
            mask &= _next_digits(lengths[run], spread, used[run])
        return mask

    def options(cell: int) -> list[int]:
        return list(digits_of_mask(allowed(cell)))

    remaining = set(todo)
    counts = {cell: allowed(cell).bit_count() for cell in remaining}

    def recount(cell: int) -> None:
        for run in member[cell]:
            for other in runs[run]:
                if other in remaining:
                    counts[other] = allowed(other).bit_count()

    stack: list[tuple[int, list[int]]] = []
    for _ in range(FILL_STEPS):
        if not remaining:
            return values
        cell = min(remaining, key=lambda x: (counts[x], rng.random()))
        choices = options(cell)
        rng.shuffle(choices)
        while not choices:
            if not stack:
                return None
            cell, choices = stack.pop()
            for run in member[cell]:
                used[run] &= ~(1 << (values[cell] - 1))
            del values[cell]
            remaining.add(cell)
            recount(cell)
        digit = choices.pop()
        values[cell] = digit
        for run in member[cell]:
            used[run] |= 1 << (digit - 1)
        remaining.discard(cell)
        counts.pop(cell, None)
        recount(cell)
        stack.append((cell, choices))
    return None


def puzzle_from_fill(
    layout: Layout, values: dict[int, int], *, distinct: bool = False
) -> KakuroGrid:
    """The puzzle whose clues are the run sums of ``values``."""
    rows, cols, white = layout.rows, layout.cols, layout.white
    clues: list[Clue | None] = []
    for cell in range(rows * cols):
        if white[cell]:
            clues.append(None)
            continue
        right = down = 0
        x = cell + 1
        while x % cols and white[x]:
            right += values[x]
            x += 1
        if x - cell - 1 < 2:
            right = 0
        y = cell + cols
        while y < rows * cols and white[y]:
            down += values[y]
            y += cols
        if (y - cell) // cols - 1 < 2:
            down = 0
        clues.append((down, right))
    return KakuroGrid(rows, cols, tuple(clues), distinct_combinations=distinct)


# -- repair to uniqueness ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Verdict:
    """What the exact solver says of a fill's puzzle: whether the fill is its only solution,
    the cells in question when not, and a score to bring down (0 when unique)."""

    unique: bool
    cells: tuple[int, ...]
    score: int


def _judge(layout: Layout, values: dict[int, int]) -> _Verdict:
    """Whether ``values`` is the only solution of its puzzle; if not (or not known within
    the budget), the cells in question: where another solution differs, or else the cells
    propagation leaves undecided. The score counts the undecided cells."""
    shape = _shape(layout)
    whites = shape.whites
    result = shape.counter().count([values[cell] for cell in whites], limit=2, budget=BUDGET)
    if result.unique:
        return _Verdict(True, (), 0)
    undecided = tuple(cell for cell, mask in zip(whites, result.roots, strict=True)
                      if mask & (mask - 1))
    for found in result.found:
        differ = tuple(cell for cell, digit in zip(whites, found, strict=True)
                       if values[cell] != digit)
        if differ:
            return _Verdict(False, differ, len(undecided) + 1)
    return _Verdict(False, undecided, len(undecided) + 1)


def _repair(
    params: GenerateParams, layout: Layout, values: dict[int, int], cells: Sequence[int],
    rng: random.Random, *, spread: int, tries: dict[int, int] | None = None,
) -> dict[int, int] | None:
    """Change the fill around ``cells`` (cells in question): new digits for those of one of
    their runs (the chosen cell a digit it did not have; when no such fill exists, for the
    whole run, then for both runs of the cell), or a block pair at one of them (now and
    then, or when ``tries`` says the cell was in question more than :data:`PATIENCE` times,
    while ``params.min_white`` of the inner cells stay white). Returns the new fill
    (``layout`` may have changed), or ``None`` when nothing was changed."""
    shape = _shape(layout)
    cell = rng.choice(cells)
    tried = 0
    if tries is not None:
        tried = tries[cell] = tries.get(cell, 0) + 1
    if (rng.random() < BLOCK_SHARE or tried > PATIENCE) and layout.try_block(
            cell, params.max_run, fewest=params.fewest_whites):
        if tries is not None:
            tries.pop(cell, None)
        return {x: v for x, v in values.items() if layout.white[x]}
    run = shape.runs[rng.choice(shape.member[cell])]
    chosen = set(cells)
    free = {x for x in run if x in chosen} | {cell}
    if rng.random() < 0.3:
        free |= set(run)
    both = {x for index in shape.member[cell] for x in shape.runs[index]}
    tried_sets: list[set[int]] = []
    for cells_to_fill in (free, set(run), both):
        if cells_to_fill in tried_sets:
            continue
        tried_sets.append(cells_to_fill)
        found = fill(layout, rng, fixed=values, free=cells_to_fill, spread=spread,
                     forbid={cell: values[cell]})
        if found is not None:
            return found
    return None


def _improve(
    params: GenerateParams, layout: Layout, values: dict[int, int], verdict: _Verdict,
    rng: random.Random, *, spread: int, tries: dict[int, int],
) -> tuple[Layout, dict[int, int], _Verdict] | None:
    """The best of a few repairs around the cells in question, or ``None``."""
    best: tuple[Layout, dict[int, int], _Verdict] | None = None
    for _ in range(CANDIDATES):
        trial = layout.copy()
        changed = _repair(params, trial, values, verdict.cells, rng, spread=spread,
                          tries=tries)
        if changed is None:
            continue
        judged = _judge(trial, changed)
        if best is None or judged.score < best[2].score:
            best = trial, changed, judged
        if judged.unique:
            break
    return best


def _unique_fill(
    params: GenerateParams, layout: Layout, rng: random.Random
) -> tuple[Layout, dict[int, int]] | None:
    """A fill of ``layout`` (or of the layout with a few more blocks) whose clues have only
    it as solution: a walk of local repairs at the cells in question, each checked by an
    exact count, for at most ``params.steps`` steps."""
    values = fill(layout, rng, spread=params.fill_spread)
    if values is None:
        return None
    return _walk_to_unique(params, layout, values, _judge(layout, values), rng, params.steps)


def _walk_to_unique(
    params: GenerateParams, layout: Layout, values: dict[int, int], verdict: _Verdict,
    rng: random.Random, steps: int,
) -> tuple[Layout, dict[int, int]] | None:
    """From a fill and its verdict, local repairs at the cells in question, each checked by
    an exact count, until the fill is the only solution of its clues (at most ``steps``)."""
    tries: dict[int, int] = {}
    for _ in range(steps):
        if verdict.unique:
            break
        found = _improve(params, layout, values, verdict, rng, spread=params.fill_spread,
                         tries=tries)
        if found is None:
            continue
        if found[2].score <= verdict.score or rng.random() < WANDER:
            layout, values, verdict = found
    return (layout, values) if verdict.unique else None


# -- levels ------------------------------------------------------------------------------------


def _level_index(level: str) -> int:
    return [name for name, _ in LEVELS].index(level)


@dataclass(frozen=True, slots=True)
class _Standing:
    """Where a unique puzzle stands against a level: ``stuck``, the white cells the ladder
    up to the level leaves empty (too hard when there are any); ``loosen_at``, for a puzzle
    that needs no technique of the level (too easy), the cells of its hardest steps."""

    stuck: tuple[int, ...]
    loosen_at: tuple[int, ...] | None

    @property
    def exact(self) -> bool:
        """Whether the puzzle is exactly of the level."""
        return not self.stuck and self.loosen_at is None


def _standing(puzzle: KakuroGrid, level: str) -> _Standing:
    """One sweep of the ladder up to ``level`` over ``puzzle``: where it stands."""
    from grille.kakuro.logic.explain import sweep_path
    from grille.kakuro.logic.techniques import ladder_up_to

    steps, board = sweep_path(puzzle, ladder_up_to(dict(LEVELS)[level]))
    stuck = tuple(cell for cell in puzzle.whites if not board.values[cell])
    index = _level_index(level)
    floor = LEVELS[index - 1][1] if index else 0.0
    hardest = max((step.difficulty for step in steps), default=0.0)
    if stuck or hardest > floor:
        return _Standing(stuck, None)
    cols = puzzle.cols
    return _Standing((), tuple(r * cols + c for step in steps if step.difficulty == hardest
                               for r, c in step.cells))


def _at_level(
    params: GenerateParams, layout: Layout, values: dict[int, int], rng: random.Random
) -> KakuroGrid | None:
    """Move a unique fill to a puzzle of exactly the asked level, keeping it unique (a
    change that is not is walked back to uniqueness for up to :data:`LEVEL_WALK` steps).
    Too hard, the stuck area is made more constrained, and a change is kept only when it
    leaves no more cells stuck; too easy, a run where the path was easiest is loosened."""
    level = params.level
    puzzle = puzzle_from_fill(layout, values)
    standing = _standing(puzzle, level)
    for _ in range(params.level_steps):
        if standing.exact:
            return puzzle
        trial = layout.copy()
        if standing.stuck:
            changed = _repair(params, trial, values, standing.stuck, rng, spread=2)
        else:
            changed = fill(trial, rng, fixed=values,
                           free=_loosen(trial, list(standing.loosen_at or ()), rng), spread=9)
        if changed is None:
            continue
        verdict = _judge(trial, changed)
        if not verdict.unique:
            walked = _walk_to_unique(params, trial, changed, verdict, rng, LEVEL_WALK)
            if walked is None:
                continue
            trial, changed = walked
        candidate = puzzle_from_fill(trial, changed)
        judged = _standing(candidate, level)
        if standing.stuck and len(judged.stuck) > len(standing.stuck):
            continue
        layout.white[:] = trial.white
        values, puzzle, standing = changed, candidate, judged
    return puzzle if standing.exact else None


def _loosen(layout: Layout, cells: list[int], rng: random.Random) -> set[int]:
    """The cells of a run through one of ``cells``, to re-fill with any digits."""
    shape = _shape(layout)
    whites = [cell for cell in cells if cell in shape.member] or sorted(shape.member)
    cell = rng.choice(whites)
    return set(shape.runs[rng.choice(shape.member[cell])])


def generate(params: GenerateParams, seed: int | str) -> KakuroGrid:
    """A puzzle with exactly one solution as ``params`` ask."""
    rng = random.Random(f"kakuro/{params.rows}x{params.cols}/{params.level}/{seed}")
    for _ in range(params.attempts):
        layout = make_layout(params, rng)
        if layout is None:
            continue
        found = _unique_fill(params, layout, rng)
        if found is None:
            continue
        layout, values = found
        if params.level == "any":
            return puzzle_from_fill(layout, values)
        puzzle = _at_level(params, layout, values, rng)
        if puzzle is not None:
            return puzzle
    raise GenerationError(
        f"no {params.cols}x{params.rows} Kakuro at level {params.level!r} found in "
        f"{params.attempts} attempts"
    )
