"""Line techniques, easiest first: each returns its first step on a grid, or ``None``.

Difficulties (grille's scale): pair 1.0, sandwich 1.1, last empty cell 1.2, line balance
1.5, duplicate line 2.0, needs one more 3.0, gap counting 3.5, line completions 4.0.
"""

from __future__ import annotations

import itertools

from grille.logic import Step
from grille.takuzu.grid import EMPTY, TakuzuGrid, cell_name
from grille.takuzu.lines import completions, is_valid_line, line_options
from grille.takuzu.logic.board import lines_of, make_step, parallel, placed, values_of

__all__ = [
    "duplicate_line",
    "gap_counting",
    "last_cell",
    "line_balance",
    "line_completions",
    "needs_one_more",
    "pair",
    "sandwich",
]

MAX_GAP = 14
"""Gap counting looks at lines whose gaps are at most this long."""

MAX_PATTERN_LENGTH = 16
"""Line completions filter the valid patterns of lines up to this long ..."""

MAX_ENUMERATED = 12
"""... and enumerate longer lines with at most this many empty cells (to drop duplicates)."""


def pair(grid: TakuzuGrid) -> Step | None:
    """Two equal neighbours: the cells either side take the other digit (``x00x``)."""
    for line in lines_of(grid.height, grid.width):
        values = values_of(grid, line)
        for i in range(len(values) - 1):
            x = values[i]
            if x == EMPTY or values[i + 1] != x:
                continue
            ends = [j for j in (i - 1, i + 2) if 0 <= j < len(values) and values[j] == EMPTY]
            if ends:
                places = [(*line.cells[j], 1 - x) for j in ends]
                a, b = line.cells[i], line.cells[i + 1]
                return make_step(
                    "Pair", 1.0, places, (a, b), line.name,
                    f"{cell_name(*a)} and {cell_name(*b)} are both {x}, so the cells beside "
                    f"them in {line.name} are {1 - x}: {placed(places)}.",
                )
    return None


def sandwich(grid: TakuzuGrid) -> Step | None:
    """A cell between two equal digits takes the other digit (``0.0``)."""
    for line in lines_of(grid.height, grid.width):
        values = values_of(grid, line)
        for i in range(len(values) - 2):
            x = values[i]
            if x != EMPTY and values[i + 2] == x and values[i + 1] == EMPTY:
                places = [(*line.cells[i + 1], 1 - x)]
                a, b = line.cells[i], line.cells[i + 2]
                return make_step(
                    "Sandwich", 1.1, places, (a, b), line.name,
                    f"{cell_name(*line.cells[i + 1])} lies between two {x}s in {line.name}, "
                    f"so it is {1 - x}.",
                )
    return None


def last_cell(grid: TakuzuGrid) -> Step | None:
    """A line's last empty cell takes the digit the line lacks."""
    for line in lines_of(grid.height, grid.width):
        values = values_of(grid, line)
        if values.count(EMPTY) == 1:
            i = values.index(EMPTY)
            x = 1 if values.count(1) < len(values) // 2 else 0
            places = [(*line.cells[i], x)]
            return make_step(
                "Last empty cell", 1.2, places, line.cells, line.name,
                f"{cell_name(*line.cells[i])} is the last empty cell of {line.name}, which "
                f"lacks a {x}.",
            )
    return None


def line_balance(grid: TakuzuGrid) -> Step | None:
    """A line holding half its length of one digit: the rest is the other digit."""
    for line in lines_of(grid.height, grid.width):
        values = values_of(grid, line)
        if EMPTY not in values:
            continue
        half = len(values) // 2
        for x in (0, 1):
            if values.count(x) == half:
                places = [(*cell, 1 - x) for cell, v in zip(line.cells, values, strict=True)
                          if v == EMPTY]
                shown = tuple(cell for cell, v in zip(line.cells, values, strict=True) if v == x)
                return make_step(
                    "Line balance", 1.5, places, shown, line.name,
                    f"{line.name} already holds its {half} {x}s, so its other cells are "
                    f"{1 - x}: {placed(places)}.",
                )
    return None


def duplicate_line(grid: TakuzuGrid) -> Step | None:
    """Two empty cells whose one completion would copy a finished line take the other one."""
    if not grid.unique_lines:
        return None
    for line in lines_of(grid.height, grid.width):
        values = values_of(grid, line)
        holes = [i for i, v in enumerate(values) if v == EMPTY]
        if len(holes) != 2 or values.count(1) != len(values) // 2 - 1:
            continue
        for other, done in parallel(grid, line):
            if all(v in (EMPTY, d) for v, d in zip(values, done, strict=True)):
                places = [(*line.cells[i], 1 - done[i]) for i in holes]
                return make_step(
                    "Duplicate line", 2.0, places, other.cells, line.name,
                    f"{line.name} has two empty cells; filling them as in {other.name} would "
                    f"make the two lines equal, so {placed(places)}.",
                )
    return None


def needs_one_more(grid: TakuzuGrid) -> Step | None:
    """A line needing one more X and at least two more Y: X lies in every X-free window of
    three cells, so the empty cells outside those windows are Y (Unruly's near-complete rule)."""
    for line in lines_of(grid.height, grid.width):
        values = values_of(grid, line)
        half = len(values) // 2
        for x in (0, 1):
            y = 1 - x
            if half - values.count(x) != 1 or half - values.count(y) < 2:
                continue
            where = {i for i, v in enumerate(values) if v == EMPTY}
            windows = [
                i for i in range(len(values) - 2)
                if x not in values[i : i + 3] and values[i : i + 3].count(EMPTY) >= 2
            ]
            if not windows:
                continue
            for i in windows:
                where &= {j for j in range(i, i + 3) if values[j] == EMPTY}
            outside = [i for i, v in enumerate(values) if v == EMPTY and i not in where]
            if outside:
                places = [(*line.cells[i], y) for i in outside]
                shown = tuple(line.cells[j] for i in windows for j in range(i, i + 3))
                return make_step(
                    "Needs one more", 3.0, places, tuple(dict.fromkeys(shown)), line.name,
                    f"{line.name} needs one more {x} and every window of three cells without "
                    f"a {x} must hold it, so the other empty cells are {y}: {placed(places)}.",
                )
    return None


def _gaps(values: list[int]) -> list[tuple[int, int]]:
    """The maximal runs of empty cells as (start, end) half-open ranges."""
    gaps = []
    i = 0
    while i < len(values):
        if values[i] == EMPTY:
            j = i
            while j < len(values) and values[j] == EMPTY:
                j += 1
            gaps.append((i, j))
            i = j
        else:
            i += 1
    return gaps


def _gap_fills(values: list[int], start: int, end: int) -> list[tuple[int, ...]]:
    """The fills of a gap that make no three in a row with its neighbours."""
    fills = []
    for fill in itertools.product((0, 1), repeat=end - start):
        lo, hi = max(0, start - 2), min(len(values), end + 2)
        window = values[lo:start] + list(fill) + values[end:hi]
        if all(not (window[i] == window[i + 1] == window[i + 2] != EMPTY)
               for i in range(len(window) - 2)):
            fills.append(fill)
    return fills


def gap_counting(grid: TakuzuGrid) -> Step | None:
    """When a digit's least counts over a line's separate gaps add up to what the line
    still needs, every gap holds exactly its least count of it."""
    for line in lines_of(grid.height, grid.width):
        values = values_of(grid, line)
        gaps = _gaps(values)
        if len(gaps) < 2 or any(end - start > MAX_GAP for start, end in gaps):
            continue
        half = len(values) // 2
        fills = [_gap_fills(values, start, end) for start, end in gaps]
        for x in (0, 1):
            need = half - values.count(x)
            least = [min(fill.count(x) for fill in options) for options in fills]
            if sum(least) != need:
                continue
            places = []
            for (start, _), options, low in zip(gaps, fills, least, strict=True):
                exact = [fill for fill in options if fill.count(x) == low]
                for k, column in enumerate(zip(*exact, strict=True)):
                    if len(set(column)) == 1:
                        places.append((*line.cells[start + k], column[0]))
            if places:
                shown = tuple(line.cells[i] for start, end in gaps for i in range(start, end))
                counts = " + ".join(map(str, least))
                return make_step(
                    "Gap counting", 3.5, places, shown, line.name,
                    f"{line.name} needs {need} more {x}s and its {len(gaps)} gaps hold at "
                    f"least {counts} of them, so each gap holds exactly that many: "
                    f"{placed(places)}.",
                )
    return None


def _forced(values: list[int], banned: list[list[int]]) -> tuple[list[int] | None, int]:
    """What every valid completion not in ``banned`` agrees on (``None``: no completion),
    and how many completions there are (0 when not counted)."""
    banned = [done for done in banned
              if all(v in (EMPTY, d) for v, d in zip(values, done, strict=True))]
    holes = [i for i, v in enumerate(values) if v == EMPTY]
    if banned and (len(values) <= MAX_PATTERN_LENGTH or len(holes) <= MAX_ENUMERATED):
        if len(values) <= MAX_PATTERN_LENGTH:
            lines = [list(line) for line in completions(values, banned)]
        else:
            lines = []
            for fill in itertools.product((0, 1), repeat=len(holes)):
                line = list(values)
                for i, v in zip(holes, fill, strict=True):
                    line[i] = v
                if is_valid_line(line) and line not in banned:
                    lines.append(line)
        if not lines:
            return None, 0
        agree = [col[0] if len(set(col)) == 1 else EMPTY for col in zip(*lines, strict=True)]
        return agree, len(lines)
    options = line_options(values)
    if options is None:
        return None, 0
    return [v if v != EMPTY else (0 if o == 1 else 1 if o == 2 else EMPTY)
            for v, o in zip(values, options, strict=True)], 0


def line_completions(grid: TakuzuGrid) -> Step | None:
    """Every valid completion of a line (no three in a row, balanced, and with the
    unique-lines rule not equal to a finished line) puts the same digit in a cell."""
    for line in lines_of(grid.height, grid.width):
        values = values_of(grid, line)
        if EMPTY not in values:
            continue
        banned = [done for _, done in parallel(grid, line)] if grid.unique_lines else []
        agree, count = _forced(values, banned)
        if agree is None:
            continue
        places = [(*line.cells[i], v) for i, (v, old) in enumerate(zip(agree, values, strict=True))
                  if old == EMPTY and v != EMPTY]
        if places:
            many = f"all {count} valid completions" if count else "every valid completion"
            return make_step(
                "Line completions", 4.0, places, line.cells, line.name,
                f"{many} of {line.name} agree on {placed(places)}.",
            )
    return None
