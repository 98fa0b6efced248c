"""Generating Kakuro puzzles with one solution, at a chosen size and level.

1. A layout: the first row and column are clue blocks; inside, blocks are placed in pairs
   symmetric under 180° rotation of the inner area, then cells are blocked until every run
   has 2 to ``max_run`` cells; the white cells must be connected.
2. A random fill with distinct digits in every run; the clues are its run sums.
3. While the solver finds a second solution, the cells where the two differ get new random
   digits (the clues follow); after a few such re-fills a differing cell and its partner
   become blocks (splitting their runs), and a layout that cannot take that starts over.
4. A puzzle whose rating is not the asked level is rejected and another fill tried.

The same seed and options give the same puzzle within a release of grille.
"""

from __future__ import annotations

import functools
import random
from collections import deque
from dataclasses import dataclass

from grille.errors import GrilleError
from grille.kakuro.combos import combination_masks
from grille.kakuro.grid import Clue, KakuroGrid
from grille.kakuro.logic.rating import LEVELS

__all__ = [
    "SYMMETRIES",
    "GenerateParams",
    "GenerationError",
    "fill",
    "generate",
    "make_layout",
    "parse_size",
    "puzzle_from_fill",
]

SYMMETRIES = ("rot180", "none")
"""Layout symmetries: 180° rotation of the inner area (the default), or none."""

MIN_SIZE, MAX_SIZE = 4, 40
REFILLS = 12
"""Re-fills without progress before a split."""

CAP = 50
"""Solutions counted when judging a fill (more count as this many)."""


class GenerationError(GrilleError):
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
    """What to generate: rows and columns (with the clue row and column), level, symmetry."""

    rows: int = 8
    cols: int = 8
    level: str = "any"
    symmetry: str = "rot180"
    max_run: int = 5
    density: float = 0.3
    spread: int = 3
    steps: int = 300
    attempts: int = 300

    def __post_init__(self) -> None:
        levels = [name for name, _ in LEVELS]
        if self.level != "any" and self.level not in levels:
            raise GrilleError(f"unknown level {self.level!r}; known: {', '.join(levels)}, any")
        if self.symmetry not in SYMMETRIES:
            raise GrilleError(
                f"unknown symmetry {self.symmetry!r}; Kakuro knows {', '.join(SYMMETRIES)}"
            )


# -- layouts ---------------------------------------------------------------------------------


def _partner(params: GenerateParams, r: int, c: int) -> tuple[int, int]:
    if params.symmetry == "none":
        return r, c
    return params.rows - r, params.cols - c


def _segments(white: list[list[bool]]) -> list[list[tuple[int, int]]]:
    """Every maximal horizontal and vertical line of white cells (rows first)."""
    columns = [list(column) for column in zip(*white, strict=True)]
    down = [[(r, c) for c, r in segment] for segment in _row_segments(columns)]
    return _row_segments(white) + down


def _row_segments(white: list[list[bool]]) -> list[list[tuple[int, int]]]:
    """Every maximal horizontal line of white cells, as (row, column) lists."""
    found = []
    for r, row in enumerate(white):
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            start = c
            while c < len(row) and row[c]:
                c += 1
            found.append([(r, x) for x in range(start, c)])
    return found


def _block(params: GenerateParams, white: list[list[bool]], r: int, c: int) -> None:
    white[r][c] = False
    pr, pc = _partner(params, r, c)
    white[pr][pc] = False


def _components(white: list[list[bool]]) -> list[set[tuple[int, int]]]:
    """The connected areas of white cells, largest first."""
    seen: set[tuple[int, int]] = set()
    found = []
    for r, row in enumerate(white):
        for c, is_white in enumerate(row):
            if not is_white or (r, c) in seen:
                continue
            area = {(r, c)}
            queue = deque([(r, c)])
            while queue:
                y, x = queue.popleft()
                for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                    if 0 <= ny < len(white) and 0 <= nx < len(row) and white[ny][nx] and (
                        ny, nx) not in area:
                        area.add((ny, nx))
                        queue.append((ny, nx))
            seen |= area
            found.append(area)
    found.sort(key=len, reverse=True)
    return found


def _connected(white: list[list[bool]]) -> bool:
    return len(_components(white)) == 1


def _repair(params: GenerateParams, white: list[list[bool]], rng: random.Random) -> bool:
    """Block cells until every run has 2 to ``max_run`` cells; False if the layout dies."""
    for _ in range(200):
        changed = False
        for segment in _segments(white):
            if len(segment) == 1:
                _block(params, white, *segment[0])
                changed = True
            elif len(segment) > params.max_run:
                cut = rng.randrange(2, len(segment) - 2) if len(segment) >= 5 else 0
                _block(params, white, *segment[cut])
                changed = True
        if not changed:
            return True
    return False


def _valid(params: GenerateParams, white: list[list[bool]], *, long_ok: bool) -> bool:
    """No run of one cell, none longer than ``max_run`` (unless ``long_ok``), connected."""
    for segment in _segments(white):
        if len(segment) == 1 or (not long_ok and len(segment) > params.max_run):
            return False
    return _connected(white)


def _try_block(
    params: GenerateParams, white: list[list[bool]], cells: list[tuple[int, int]],
    *, long_ok: bool,
) -> bool:
    """Block the first of ``cells`` (with its partner) that keeps the layout valid."""
    for r, c in cells:
        pr, pc = _partner(params, r, c)
        if not white[r][c] or not white[pr][pc]:
            continue
        _block(params, white, r, c)
        if _valid(params, white, long_ok=long_ok):
            return True
        white[r][c] = white[pr][pc] = True
    return False


def _settle(params: GenerateParams, white: list[list[bool]], rng: random.Random) -> bool:
    """Split every run longer than ``max_run``; False if some cannot be split validly."""
    for _ in range(params.rows * params.cols):
        long = [seg for seg in _segments(white) if len(seg) > params.max_run]
        if not long:
            return _valid(params, white, long_ok=False)
        segment = rng.choice(long)
        cuts = segment[2:-2]
        rng.shuffle(cuts)
        if not _try_block(params, white, cuts, long_ok=True):
            return False
    return False


def make_layout(params: GenerateParams, rng: random.Random) -> list[list[bool]] | None:
    """A valid layout (True = white), or ``None`` when this try failed."""
    white = [[r > 0 and c > 0 for c in range(params.cols)] for r in range(params.rows)]
    if not _settle(params, white, rng):
        return None
    inner = [(r, c) for r in range(1, params.rows) for c in range(1, params.cols)]
    target = int(params.density * len(inner))
    rng.shuffle(inner)
    blocked = sum(1 for r, c in inner if not white[r][c])
    for cell in inner:
        if blocked >= target:
            break
        if _try_block(params, white, [cell], long_ok=False):
            blocked = sum(1 for r, c in inner if not white[r][c])
    return white


# -- fills and puzzles -----------------------------------------------------------------------


def _runs_of(white: list[list[bool]]) -> tuple[list[list[int]], dict[int, list[int]]]:
    """Runs as lists of flat cells, and each cell's runs."""
    cols = len(white[0])
    runs = [[r * cols + c for r, c in seg] for seg in _segments(white) if len(seg) >= 2]
    member: dict[int, list[int]] = {}
    for index, run in enumerate(runs):
        for cell in run:
            member.setdefault(cell, []).append(index)
    return runs, member


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


def _subsets(mask: int) -> list[int]:
    found = []
    sub = mask
    while True:
        found.append(sub)
        if sub == 0:
            return found
        sub = (sub - 1) & mask


def fill(
    white: list[list[bool]], rng: random.Random, *, fixed: dict[int, int] | None = None,
    free: list[int] | None = None, spread: int = 9,
) -> dict[int, int] | None:
    """Random distinct digits in every run (cells of ``fixed`` keep theirs; only ``free``
    cells are chosen when given), each run's digits a set whose sum has at most ``spread``
    combinations in its length; ``None`` if none is found."""
    runs, member = _runs_of(white)
    allowed = [_prefixes(len(run), spread) for run in runs]
    values = dict(fixed or {})
    todo = list(free) if free is not None else list(member)
    for cell in todo:
        values.pop(cell, None)

    def options(cell: int) -> list[int]:
        found = []
        masks = []
        for run in member[cell]:
            mask = 0
            for other in runs[run]:
                if other in values:
                    mask |= 1 << (values[other] - 1)
            masks.append((run, mask))
        for digit in range(1, 10):
            bit = 1 << (digit - 1)
            if all(not mask & bit and mask | bit in allowed[run] for run, mask in masks):
                found.append(digit)
        return found

    stack: list[tuple[int, list[int]]] = []
    remaining = set(todo)
    steps = 0
    while remaining:
        steps += 1
        if steps > 20000:
            return None
        cell = min(remaining, key=lambda x: (len(options(x)), rng.random()))
        choices = options(cell)
        rng.shuffle(choices)
        while not choices:
            if not stack:
                return None
            cell, choices = stack.pop()
            del values[cell]
            remaining.add(cell)
        values[cell] = choices.pop()
        remaining.discard(cell)
        stack.append((cell, choices))
    return values


def puzzle_from_fill(
    white: list[list[bool]], values: dict[int, int], *, distinct: bool = False
) -> KakuroGrid:
    """The puzzle whose clues are the run sums of ``values``."""
    rows, cols = len(white), len(white[0])
    clues: list[Clue | None] = []
    for r in range(rows):
        for c in range(cols):
            if white[r][c]:
                clues.append(None)
                continue
            right = down = 0
            x = c + 1
            while x < cols and white[r][x]:
                right += values[r * cols + x]
                x += 1
            if x - c - 1 < 2:
                right = 0
            y = r + 1
            while y < rows and white[y][c]:
                down += values[y * cols + c]
                y += 1
            if y - r - 1 < 2:
                down = 0
            clues.append((down, right))
    return KakuroGrid(rows, cols, tuple(clues), distinct_combinations=distinct)


def _count(puzzle: KakuroGrid) -> tuple[int, list[int]]:
    """Solutions of ``puzzle`` up to :data:`CAP`, and the cells where two of them differ."""
    from grille.engine._jit import jit_enabled
    from grille.kakuro.solver import solve

    backend = "jit" if jit_enabled() else "python"
    result = solve(puzzle, limit=CAP, budget=200_000, backend=backend)
    if result.count < 2:
        return result.count if result.exhausted else CAP, []
    first, second = result.found[:2]
    differ = [i for i, (a, b) in enumerate(zip(first.cells, second.cells, strict=True)) if a != b]
    return result.count, differ


def _unique_puzzle(
    params: GenerateParams, white: list[list[bool]], rng: random.Random
) -> KakuroGrid | None:
    """Hill-climb a fill of ``white`` to a unique puzzle: re-fill cells where two solutions
    differ, keeping a change unless it adds solutions; split a run when stuck."""
    values = fill(white, rng, spread=params.spread)
    if values is None:
        return None
    score, differ = _count(puzzle_from_fill(white, values))
    stuck = 0
    for _ in range(params.steps):
        if score == 1:
            return puzzle_from_fill(white, values)
        if not differ:
            return None
        if stuck > REFILLS:
            r, c = divmod(rng.choice(differ), params.cols)
            trial = [row[:] for row in white]
            _block(params, trial, r, c)
            if not _valid(params, trial, long_ok=False):
                return None
            white[:] = trial
            values = {cell: v for cell, v in values.items() if white[cell // params.cols][
                cell % params.cols]}
            score, differ = _count(puzzle_from_fill(white, values))
            stuck = 0
            continue
        runs, member = _runs_of(white)
        near = set(rng.sample(differ, min(len(differ), 2)))
        if rng.random() < 0.3:
            near.update(o for cell in list(near) for run in member[cell] for o in runs[run])
        refilled = fill(white, rng, fixed=values, free=sorted(near), spread=params.spread)
        if refilled is None:
            stuck += 1
            continue
        new_score, new_differ = _count(puzzle_from_fill(white, refilled))
        if new_score == 0:
            stuck += 1
            continue
        if new_score <= score:
            stuck = 0 if new_score < score else stuck + 1
            values, score, differ = refilled, new_score, new_differ
        else:
            stuck += 1
    return None


def generate(params: GenerateParams, seed: int | str) -> KakuroGrid:
    """A puzzle with exactly one solution as ``params`` ask."""
    from grille.kakuro.logic.explain import rate

    rng = random.Random(f"kakuro/{params.rows}x{params.cols}/{params.level}/{seed}")
    for _ in range(params.attempts):
        white = make_layout(params, rng)
        if white is None:
            continue
        for _ in range(4):
            puzzle = _unique_puzzle(params, [row[:] for row in white], rng)
            if puzzle is None:
                continue
            if params.level == "any" or rate(puzzle).level == params.level:
                return puzzle
    raise GenerationError(
        f"no {params.cols}x{params.rows} Kakuro at level {params.level!r} found in "
        f"{params.attempts} attempts"
    )
