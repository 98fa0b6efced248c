"""The fast Sudoku solver: bit sets, singles, and a depth-first search.

>>> from grille.sudoku.grid import Grid
>>> puzzle = Grid.from_string(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> result = solve(puzzle)
>>> result.unique, result.solution.line()[:9]
(True, '534678912')

The kernels (:mod:`grille.sudoku._kernel`: one for 9x9, one for every size) run two ways.
Interpreted on Python lists they need neither numba nor NumPy, which suits one grid in a
fresh process; compiled by numba on NumPy arrays they suit batches, big grids and long
searches. ``backend="auto"`` starts a single grid interpreted and moves it to the compiled
kernel once it has run for about as long as loading numba takes (at once if numba is
already loaded):

- :func:`solve` solves one :class:`~grille.sudoku.grid.Grid`;
- :func:`solve_many` solves a sequence of grids, one compiled call per grid shape;
- :func:`solve_lines` solves a file of one-line puzzles without making any ``Grid``: the
  text is converted and checked by NumPy and comes back as a :class:`BatchResult`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grille.engine._jit import compiled, jit_allowed, jit_enabled
from grille.errors import ParseError, SizeError
from grille.kind import Solutions
from grille.sudoku import _kernel
from grille.sudoku.geometry import Shape, default_shape, supported_sizes
from grille.sudoku.grid import Grid
from grille.sudoku.symbols import SYMBOLS, digit_of

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["BACKENDS", "BatchResult", "solve", "solve_lines", "solve_many"]

Kernel = Callable[..., None]

BACKENDS = ("auto", "python", "jit")
"""``python``: interpreted; ``jit``: compiled by numba; ``auto``: the faster for the job."""

INTERPRETED_SECONDS = 0.35
"""``auto`` runs a single grid interpreted for about this long at most (as long as loading
numba and a cached kernel takes), then moves the search to the compiled kernel."""

_loaded: set[Kernel] = set()
"""The kernels that ran compiled in this process (``auto`` then uses them directly)."""


# -- the API --------------------------------------------------------------------------------


def solve(
    grid: Grid, *, limit: int = 2, budget: int | None = None, backend: str = "auto"
) -> Solutions[Grid]:
    """Up to ``limit`` solutions of ``grid`` (0 = all) within ``budget`` search nodes.

    Every filled cell of ``grid`` counts as fixed. ``nodes`` in the result counts the
    search nodes (each one a round of propagation).
    """
    _check_search(limit, budget)
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; expected one of {BACKENDS}")
    if backend == "python" or not jit_allowed():
        return _solve_one(grid, limit, budget, fast=False)
    if backend == "jit" or _plan(grid.shape)[0] in _loaded:
        return _solve_one(grid, limit, budget, fast=jit_enabled())
    # auto, numba not loaded yet: interpreted while that is cheaper than loading it.
    trial_budget = _interpreted_nodes(grid.shape)
    if budget is not None and budget <= trial_budget:
        return _solve_one(grid, limit, budget, fast=False)
    trial = _solve_one(grid, limit, trial_budget, fast=False)
    if trial.budget_reached:
        return _solve_one(grid, limit, budget, fast=jit_enabled())
    return trial


def solve_many(
    grids: Sequence[Grid], *, limit: int = 2, budget: int | None = None, jobs: int = 1
) -> list[Solutions[Grid]]:
    """:func:`solve` for each grid, compiled, in one call per grid shape (on ``jobs`` threads)."""
    _check_search(limit, budget)
    results: list[Solutions[Grid] | None] = [None] * len(grids)
    by_shape: dict[Shape, list[int]] = {}
    for index, grid in enumerate(grids):
        by_shape.setdefault(grid.shape, []).append(index)
    for indices in by_shape.values():
        group = [grids[index] for index in indices]
        for index, result in zip(indices, _solve_compiled(group, limit, budget, jobs), strict=True):
            results[index] = result
    return [result for result in results if result is not None]


def solve_lines(
    data: bytes | str,
    *,
    limit: int = 2,
    budget: int | None = None,
    jobs: int = 1,
    source: str = "<input>",
) -> BatchResult:
    """Solve a text of one-line puzzles, all of one size (blank lines are skipped).

    Each line holds ``n * n`` cells: ``.``, ``0`` (up to 9x9), ``*`` or ``_`` for an empty
    cell, else a digit (``1``-``9``, then ``A``=10 .. ``P``=25). Raises ``ParseError`` at the
    first malformed line and column.
    """
    _check_search(limit, budget)
    shape, puzzles, lines = _parse_lines(data, source)
    outcome = _search_arrays(puzzles, shape, limit, budget, keep_second=False, jobs=jobs)
    return BatchResult(shape, puzzles, outcome.first, outcome.counts, outcome.nodes,
                       outcome.stops, lines)


@dataclass(frozen=True, slots=True)
class BatchResult:
    """What :func:`solve_lines` found, as NumPy arrays with one row or entry per puzzle.

    ``puzzles`` and ``solutions`` hold digits (``count x cells``, ``uint8``; a puzzle
    without a solution gets a row of zeros); ``counts`` the solutions found (up to the
    limit), ``nodes`` the search nodes, ``stops`` why each search ended (0: exhausted,
    1: solution limit, 2: node budget), ``lines`` the 1-based line of each puzzle.
    """

    shape: Shape
    puzzles: npt.NDArray[np.uint8]
    solutions: npt.NDArray[np.uint8]
    counts: npt.NDArray[np.int32]
    nodes: npt.NDArray[np.int64]
    stops: npt.NDArray[np.uint8]
    lines: npt.NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.counts)

    @property
    def exhausted(self) -> npt.NDArray[np.bool_]:
        """Which searches explored everything, so that their count is exact."""
        done: npt.NDArray[np.bool_] = self.stops == _kernel.STOP_DONE
        return done

    @property
    def budget_reached(self) -> npt.NDArray[np.bool_]:
        """Which searches stopped at the node budget."""
        stopped: npt.NDArray[np.bool_] = self.stops == _kernel.STOP_BUDGET
        return stopped

    @property
    def unique(self) -> npt.NDArray[np.bool_]:
        """Which puzzles were proven to have exactly one solution."""
        proven: npt.NDArray[np.bool_] = (self.counts == 1) & self.exhausted
        return proven

    def solution_lines(self) -> bytes:
        """The solutions as one line each (``.`` for every cell of an unsolved puzzle)."""
        return _write_lines(self.solutions)

    def puzzle_lines(self) -> bytes:
        """The puzzles as one line each, ``.`` for empty cells."""
        return _write_lines(self.puzzles)


# -- running the kernel ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Outcome:
    """The kernel's outputs for a batch, one row or entry per puzzle."""

    first: Any
    second: Any
    counts: Any
    nodes: Any
    stops: Any


def _check_search(limit: int, budget: int | None) -> None:
    if limit < 0:
        raise ValueError(f"limit must be 0 (all) or more, got {limit}")
    if budget is not None and budget < 0:
        raise ValueError(f"budget must be None (no budget) or at least 0, got {budget}")


def _interpreted_nodes(shape: Shape) -> int:
    """About :data:`INTERPRETED_SECONDS` of interpreted search on ``shape``, in nodes."""
    seconds_per_node = 70e-6 if shape == Shape(3, 3) else 3e-6 * shape.cell_count
    return max(1, round(INTERPRETED_SECONDS / seconds_per_node))


def _solve_one(grid: Grid, limit: int, budget: int | None, *, fast: bool) -> Solutions[Grid]:
    """One grid through the kernel: compiled on arrays if ``fast``, else interpreted on lists."""
    kernel, tables, buffer_sizes = _plan(grid.shape)
    cells = grid.shape.cell_count
    sizes = (cells, cells, 1, 1, 1)
    if fast:
        import numpy as np

        _loaded.add(kernel)
        kernel, tables = compiled(kernel), _array_tables(grid.shape)
        puzzle: Any = np.array(grid.cells, dtype=np.uint8)
        outputs: list[Any] = [np.zeros(size, dtype=kind)
                              for size, kind in zip(sizes, _OUTPUT_TYPES, strict=True)]
        buffers: list[Any] = [np.zeros(size, dtype=np.int32) for size in buffer_sizes]
    else:
        puzzle = list(grid.cells)
        outputs = [[0] * size for size in sizes]
        buffers = [[0] * size for size in buffer_sizes]
    kernel(puzzle, *tables, limit, _kernel.UNLIMITED if budget is None else budget,
           *outputs, *buffers)
    first, second, counts, nodes, stops = (
        [output.tolist() for output in outputs] if fast else outputs
    )
    return _solutions(grid, counts[0], (first, second), nodes[0], stops[0])


def _solve_compiled(
    grids: Sequence[Grid], limit: int, budget: int | None, jobs: int
) -> list[Solutions[Grid]]:
    import numpy as np

    if not grids:
        return []
    shape = grids[0].shape
    puzzles = np.array([grid.cells for grid in grids], dtype=np.uint8)
    outcome = _search_arrays(puzzles, shape, limit, budget, keep_second=True, jobs=jobs)
    return [
        _solutions(grid, int(count), (first, second), int(nodes), int(stop))
        for grid, count, first, second, nodes, stop in zip(
            grids, outcome.counts, outcome.first.tolist(), outcome.second.tolist(),
            outcome.nodes, outcome.stops, strict=True,
        )
    ]


def _solutions(
    grid: Grid, count: int, found: tuple[Sequence[int], Sequence[int]], nodes: int, stop: int
) -> Solutions[Grid]:
    return Solutions(
        count=count,
        found=tuple(_filled(grid, cells) for cells in found[: min(count, 2)]),
        exhausted=stop == _kernel.STOP_DONE,
        nodes=nodes,
        budget_reached=stop == _kernel.STOP_BUDGET,
    )


def _filled(grid: Grid, cells: Sequence[int]) -> Grid:
    """``grid`` with ``cells`` as its digits and no pencil marks."""
    filled = grid.with_cells(cells)
    return filled if filled.marks is None else filled.with_marks(None)


def _search_arrays(
    puzzles: npt.NDArray[np.uint8],
    shape: Shape,
    limit: int,
    budget: int | None,
    *,
    keep_second: bool,
    jobs: int,
) -> _Outcome:
    """Run the compiled kernel on the rows of ``puzzles``, split over ``jobs`` threads."""
    import numpy as np

    count, cells = puzzles.shape
    first_type, second_type, counts_type, nodes_type, stops_type = _OUTPUT_TYPES
    outcome = _Outcome(
        first=np.zeros((count, cells), dtype=first_type),
        second=np.zeros((count if keep_second else 0, cells), dtype=second_type),
        counts=np.zeros(count, dtype=counts_type),
        nodes=np.zeros(count, dtype=nodes_type),
        stops=np.zeros(count, dtype=stops_type),
    )
    run = functools.partial(
        _search_span, puzzles, shape, limit,
        _kernel.UNLIMITED if budget is None else budget, outcome,
    )
    if jobs <= 1 or count < 2:
        run((0, count))
        return outcome
    # Several chunks per thread, so that one thread's hard puzzles do not hold the others up.
    chunk = max(1, -(-count // (jobs * _CHUNKS_PER_JOB)))
    spans = [(start, min(start + chunk, count)) for start in range(0, count, chunk)]
    with ThreadPoolExecutor(jobs) as pool:
        list(pool.map(run, spans))
    return outcome


def _search_span(
    puzzles: npt.NDArray[np.uint8],
    shape: Shape,
    limit: int,
    budget: int,
    outcome: _Outcome,
    span: tuple[int, int],
) -> None:
    """The kernel on rows ``span`` of ``puzzles``, writing into the same rows of ``outcome``."""
    import numpy as np

    start, stop = span
    kernel, tables, buffer_sizes = _plan(shape)
    second = outcome.second[start:stop] if len(outcome.second) else outcome.second
    outputs = [
        outcome.first[start:stop].reshape(-1), second.reshape(-1),
        outcome.counts[start:stop], outcome.nodes[start:stop], outcome.stops[start:stop],
    ]
    buffers = [np.zeros(size, dtype=np.int32) for size in buffer_sizes]
    if jit_enabled():
        _loaded.add(kernel)
        compiled(kernel)(puzzles[start:stop].reshape(-1), *_array_tables(shape), limit, budget,
                         *outputs, *buffers)
        return
    # No numba: the kernel runs interpreted, on lists, and the results are copied back.
    lists = [output.tolist() for output in outputs]
    kernel(puzzles[start:stop].reshape(-1).tolist(), *tables, limit, budget, *lists,
           *(buffer.tolist() for buffer in buffers))
    for output, values in zip(outputs, lists, strict=True):
        output[:] = values


_CHUNKS_PER_JOB = 8

_OUTPUT_TYPES = ("uint8", "uint8", "int32", "int64", "uint8")
"""NumPy types of the kernel's outputs: first, second, counts, nodes, stops."""


@functools.cache
def _plan(shape: Shape) -> tuple[Kernel, tuple[Any, ...], tuple[int, ...]]:
    """The kernel for ``shape``, its leading arguments (as lists), and its buffer sizes."""
    if shape == Shape(3, 3):
        return _kernel.solve_batch_9x9, tuple(_kernel.band_tables()), (
            82 * _kernel.WORDS, 2 * 82, 30)
    cells = shape.cell_count
    peers = [peer for cell_peers in shape.peers for peer in cell_peers]
    units = [cell for unit in shape.units for cell in unit]
    return _kernel.solve_batch, (shape.size, shape.box_rows, peers, units), (
        (cells + 1) * cells, 2 * (cells + 1), cells, cells)


@functools.cache
def _array_tables(shape: Shape) -> tuple[Any, ...]:
    """The leading arguments of :func:`_plan`, with lists made NumPy arrays."""
    import numpy as np

    return tuple(
        np.array(table, dtype=np.int32) if isinstance(table, list) else table
        for table in _plan(shape)[1]
    )


# -- reading and writing lines --------------------------------------------------------------

_INVALID = 255


def _parse_lines(
    data: bytes | str, source: str
) -> tuple[Shape, npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """The shape, the digits (one row per puzzle) and the 1-based lines of a text of lines."""
    import numpy as np

    if isinstance(data, str):
        _check_ascii(data, source)
        data = data.encode("ascii")
    if data and not data.endswith(b"\n"):
        data += b"\n"
    text = np.frombuffer(data, dtype=np.uint8)
    chars, lines = _split_lines(text, source)
    if len(lines) == 0:
        return default_shape(9), np.zeros((0, 81), dtype=np.uint8), lines
    size = math.isqrt(chars.shape[1])
    return default_shape(size), _digits(chars, lines, size, source), lines


def _digits(
    chars: npt.NDArray[np.uint8], lines: npt.NDArray[np.int64], size: int, source: str
) -> npt.NDArray[np.uint8]:
    """The digits of rows of characters (0 = empty); raises at the first invalid one."""
    import numpy as np

    digits = _digit_table(size)[chars]
    bad = digits == _INVALID
    if bad.any():
        row, column = divmod(int(np.argmax(bad)), chars.shape[1])
        raise ParseError(f"{chr(chars[row, column])!r} is not a digit of a {size}x{size} grid",
                         line=int(lines[row]), column=column + 1, source=source)
    return digits


def _check_ascii(text: str, source: str) -> None:
    if text.isascii():
        return
    index = next(i for i, char in enumerate(text) if not char.isascii())
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    raise ParseError(f"{text[index]!r} is not a Sudoku digit", line=line, column=column,
                     source=source)


def _split_lines(
    text: npt.NDArray[np.uint8], source: str
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """The characters of the non-blank lines (one row each), and their 1-based numbers."""
    import numpy as np

    ends = np.flatnonzero(text == ord("\n"))
    if len(ends) == 0:
        return np.zeros((0, 81), dtype=np.uint8), np.zeros(0, dtype=np.int64)
    width = int(ends[0])
    if len(text) == len(ends) * (width + 1) and width > 0:
        table = text.reshape(len(ends), width + 1)
        if (table[:, width] == ord("\n")).all() and (table[:, width - 1] != ord("\r")).all():
            _check_size(width, 1, source)
            return table[:, :width], np.arange(1, len(ends) + 1, dtype=np.int64)
    starts = np.concatenate(([0], ends[:-1] + 1))
    lengths = ends - starts
    lengths -= (lengths > 0) & (text[np.maximum(ends - 1, 0)] == ord("\r"))
    filled = np.flatnonzero(lengths > 0)
    if len(filled) == 0:
        return np.zeros((0, 81), dtype=np.uint8), np.zeros(0, dtype=np.int64)
    width = int(lengths[filled[0]])
    _check_size(width, int(filled[0]) + 1, source)
    wrong = np.flatnonzero(lengths[filled] != width)
    if len(wrong):
        # Report the first bad character if it comes before the first line of a wrong length.
        size = math.isqrt(width)
        good = filled[: wrong[0]]
        _digits(text[starts[good, None] + np.arange(width)], good + 1, size, source)
        line = int(filled[wrong[0]]) + 1
        length = int(lengths[line - 1])
        start = int(starts[line - 1])
        _digits(text[None, start : start + min(length, width)], np.array([line]), size, source)
        raise ParseError(f"expected {width} cells as on line {int(filled[0]) + 1}, got {length}",
                         line=line, column=min(length, width) + 1, source=source)
    return text[starts[filled, None] + np.arange(width)], (filled + 1).astype(np.int64)


def _check_size(width: int, line: int, source: str) -> None:
    """A line of ``width`` cells must be a grid of a supported size."""
    size = math.isqrt(width)
    if size * size != width or size not in supported_sizes():
        raise SizeError(f"a line of {width} cells is not a Sudoku of a supported size "
                        f"{supported_sizes()}", line=line, column=1, source=source)


@functools.cache
def _digit_table(size: int) -> npt.NDArray[np.uint8]:
    """The digit of each byte in a grid of ``size`` (``_INVALID`` when none)."""
    import numpy as np

    table = np.full(256, _INVALID, dtype=np.uint8)
    for byte in range(128):
        digit = digit_of(chr(byte), size)
        if digit is not None:
            table[byte] = digit
    return table


def _write_lines(digits: npt.NDArray[np.uint8]) -> bytes:
    """Rows of digits as text lines, ``.`` for 0."""
    import numpy as np

    chars = np.frombuffer(("." + SYMBOLS).encode("ascii"), dtype=np.uint8)
    count, cells = digits.shape
    out = np.full((count, cells + 1), ord("\n"), dtype=np.uint8)
    out[:, :cells] = chars[digits]
    return out.tobytes()
