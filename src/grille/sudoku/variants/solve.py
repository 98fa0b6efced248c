"""The exact solver of variant Sudoku: candidate bit masks, propagation, depth-first search.

The model is built from every constraint's :meth:`~grille.sudoku.variants.model.Constraint.
solver_parts`: rows, columns and boxes (jigsaw regions instead of boxes) and the
constraints' all-different units become peers (a fixed digit leaves its peers) and, where a
unit holds ``n`` cells, hidden singles; the constraints' filters narrow the candidates of the
cells they watch whenever one of those cells changes. What every puzzle on one layout (size
and boxes) shares is built once (:func:`layout_of`); a puzzle adds its own filters and units.
The search branches on the cell with the fewest candidates per weight of the filters watching
it (dom/wdeg: a filter weighs 1 plus
the contradictions it has found in this search). Each solution found is checked once more
against the rule check (:mod:`grille.sudoku.variants.check`), which keeps a count exact even
if a filter were too weak.

This module is the plain-Python reference. :func:`solve` runs the same search compiled
(:mod:`grille.sudoku.variants._kernel`) when every filter of the model has a flat encoding
there (``backend``: ``python`` the reference, ``jit`` the kernel, ``auto`` the reference for
a first short try while the kernel has not run in this process, then the kernel); a model
with a filter the kernel does not know always runs here. The kernel does not re-check its
solutions against the rules (that check would cost more than most searches): it relies on
every filter being exact once its cells are fixed, which the tests check for each family
against the rule check, and on the kernel agreeing with this engine. Both run the due
filters last queued first and queue cells as they change, so they find contradictions in
the same filters and count the same nodes.
"""

from __future__ import annotations

import functools
import itertools
from abc import abstractmethod
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from grille.engine._jit import jit_allowed
from grille.kind import Solutions
from grille.sudoku.geometry import Shape
from grille.sudoku.grid import Grid
from grille.sudoku.variants.model import Constraint, Variant
from grille.sudoku.variants.propagation import Filter, Masks

__all__ = ["BACKENDS", "Layout", "Model", "layout_of", "model_of", "propagate", "solve"]

BACKENDS = ("auto", "python", "jit")
"""``python``: the reference engine here; ``jit``: the kernel (compiled unless
``GRILLE_JIT=0``); ``auto``: the kernel, after a short try here while it has not run yet."""

TRIAL_NODES = 300
"""``auto`` first searches this many nodes here (a few tenths of a second at most) while the
kernel has not run in this process, which spares an easy puzzle the loading of numba."""

_loaded = False
"""Whether the kernel ran compiled in this process (``auto`` then goes to it at once)."""


Locked = tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]
"""Locked pairs: for each, the cells two full units share, the rest of the first, the rest
of the second."""


@dataclass(frozen=True, slots=True, eq=False)
class Model:
    """The solver's view of a variant on a ``size`` grid: peers of each cell, the full
    units (hidden singles), the filters and the filters watching each cell, and ``locked``:
    for each ordered pair of full units ``u``, ``v`` meeting in two cells or more, the cells
    they share, the rest of ``u`` and the rest of ``v`` (a digit ``u`` can hold only where
    they meet leaves the rest of ``v``); :func:`model_of` leaves them to be built when the
    reference engine first reads them (the kernel encodes them from the full units)."""

    size: int
    peer_lists: tuple[tuple[int, ...], ...] | None
    """Each cell's peers, sorted, or ``None``: those of ``peer_arrays``, which
    :attr:`peers` builds on first read (the kernel reads the arrays)."""
    full_units: tuple[tuple[int, ...], ...]
    filters: tuple[Filter, ...]
    watchers: tuple[tuple[int, ...], ...]
    locked_pairs: Locked | None = ()
    """The locked pairs given, or ``None``: those of ``full_units``, which :attr:`locked`
    builds on first read (the kernel encodes them from the full units instead)."""
    layout: Layout | None = None
    """The layout the model was built on (its tables shared where ``peers``, ``full_units``
    or ``locked`` are the very layout's), or ``None``."""
    peer_arrays: tuple[Any, Any] | None = None
    """The peers as the kernel reads them, NumPy ``int64`` arrays: where each cell's
    sorted peers start in the list (and where the last end), and that list; ``None`` when
    the model was given ``peer_lists`` (the kernel lays them out itself)."""
    grown: tuple[int, ...] = ()
    """With ``peer_arrays``: the cells whose peers are not the layout's (the others keep
    the layout's tuples when :attr:`peers` builds them)."""
    _built: Locked | None = field(default=None, init=False, repr=False)
    _peers: tuple[tuple[int, ...], ...] | None = field(default=None, init=False, repr=False)

    @property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """Each cell's peers, sorted (itself not included): those given, or those of the
        peer arrays, built on first read (a cell the puzzle's units leave alone keeps the
        layout's tuple)."""
        found = self.peer_lists
        if found is None:
            found = self._peers
            if found is None:
                found = _peer_tuples(self)
                object.__setattr__(self, "_peers", found)  # a cache: the value is fixed
        return found

    @property
    def locked(self) -> Locked:
        """The locked pairs (see the class): those given, or those of the full units, built
        on first read."""
        found = self.locked_pairs
        if found is None:
            found = self._built
            if found is None:
                layout = self.layout
                found = (layout.locked if layout is not None and self.full_units is layout.full
                         else _locked(self.full_units, self.size * self.size))
                object.__setattr__(self, "_built", found)  # a cache: the value is fixed
        return found

    def __repr__(self) -> str:
        return (f"Model(size={self.size}, {len(self.full_units)} full units, "
                f"{len(self.filters)} filters)")


@dataclass(frozen=True, slots=True, eq=False)
class Layout:
    """What every puzzle on one layout (a ``size`` grid and its boxes, or no boxes when
    jigsaw regions replace them) shares, built once: each cell's ``peers`` (itself
    included), the same sorted without the cell (``peer_lists``), the ``full`` units (rows,
    columns, boxes) and their ``locked`` pairs (see :class:`Model`; built on first read,
    which the kernel never needs: it encodes them from the full units)."""

    size: int
    peers: tuple[frozenset[int], ...]
    peer_lists: tuple[tuple[int, ...], ...]
    full: tuple[tuple[int, ...], ...]

    @property
    def locked(self) -> tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]:
        """The locked pairs of the full units (the same object while :func:`_locked`
        remembers it)."""
        return _locked(self.full, self.size * self.size)

    def __repr__(self) -> str:
        return f"Layout(size={self.size}, {len(self.full)} full units)"


@functools.lru_cache(maxsize=64)
def layout_of(size: int, box_units: tuple[tuple[int, ...], ...]) -> Layout:
    """The :class:`Layout` of a ``size`` grid whose boxes are ``box_units`` (``()``: none)."""
    units: list[tuple[int, ...]] = [tuple(r * size + c for c in range(size)) for r in range(size)]
    units += [tuple(r * size + c for r in range(size)) for c in range(size)]
    units += box_units
    peers = [set(line) for line in _line_peers(size)]
    for unit in box_units:
        for cell in unit:
            peers[cell].update(unit)
    full = tuple(dict.fromkeys(tuple(sorted(u)) for u in units if len(set(u)) == size))
    return Layout(size, tuple(frozenset(found) for found in peers),
                  tuple(tuple(sorted(found - {cell})) for cell, found in enumerate(peers)),
                  full)


@functools.lru_cache(maxsize=64)
def model_of(variant: Variant, size: int, box_units: tuple[tuple[int, ...], ...]) -> Model:
    """The :class:`Model` of ``variant`` on a ``size`` grid whose boxes are ``box_units``.

    The layout's part (:func:`layout_of`) is built once; a puzzle adds only its own filters
    and units. When it has units, its peers are the layout's grown by them, found with
    NumPy (:func:`_grown_peers`) and kept as the kernel's arrays; their tuples are built
    only when read."""
    filters: list[Filter] = []
    regions = False
    extra: list[tuple[int, ...]] = []
    for constraint in variant.constraints:
        parts = constraint.solver_parts(size, variant)
        regions |= parts.regions
        extra += parts.units
        filters += parts.filters
    layout = layout_of(size, () if regions else box_units)
    sees: Sequence[Collection[int]] = layout.peers
    arrays = None
    grown: tuple[int, ...] = ()
    if extra:
        arrays, grown, sees = _grown_peers(layout, extra)
        if not grown:
            arrays, sees = None, layout.peers  # every unit inside the layout's peers
    # filters that reason with different digits learn which cells see each other
    kinds: set[type[Filter]] = set(map(type, filters))
    if any(kind.with_peers is not Filter.with_peers for kind in kinds):
        filters = [flt.with_peers(sees, size) for flt in filters]
    watchers: list[list[int]] = [[] for _ in range(size * size)]
    for index, flt in enumerate(filters):
        for cell in dict.fromkeys(flt.cells):
            watchers[cell].append(index)
    own_full = [tuple(sorted(u)) for u in extra if len(set(u)) == size]
    full = tuple(dict.fromkeys((*layout.full, *own_full))) if own_full else layout.full
    return Model(size, None if arrays is not None else layout.peer_lists, full,
                 tuple(filters), tuple(map(tuple, watchers)), None, layout, arrays, grown)


def _grown_peers(layout: Layout, units: Sequence[tuple[int, ...]]
                 ) -> tuple[tuple[Any, Any], tuple[int, ...], Sequence[Collection[int]]]:
    """The peers of ``layout`` grown by ``units``: the kernel's peer arrays (each cell's
    start in the list, then the list of each cell's sorted peers), the cells whose peers
    grew, and each cell's peers (itself included) for ``with_peers``, built on demand.
    Compiled (:mod:`grille.sudoku.variants._grow`) once the kernel runs compiled in this
    process (so that building a model never loads numba by itself), else with NumPy."""
    if _loaded and jit_allowed():
        return _grown_compiled(layout, units)
    return _grown_numpy(layout, units)


def _grown_compiled(layout: Layout, units: Sequence[tuple[int, ...]]
                    ) -> tuple[tuple[Any, Any], tuple[int, ...], Sequence[Collection[int]]]:
    """:func:`_grown_peers` by the compiled :func:`grille.sudoku.variants._grow._grow`."""
    import numpy as np

    from grille.sudoku.variants._grow import KERNELS

    cells = len(layout.peers)
    base_start, base_list = _layout_peer_arrays(layout)
    unit_cells = np.fromiter(itertools.chain.from_iterable(units), dtype=np.int64)
    unit_start = np.fromiter(itertools.accumulate(map(len, units), initial=0),
                             dtype=np.int64, count=len(units) + 1)
    matrix = np.zeros(cells * cells, dtype=np.uint8)
    grown = np.zeros(cells, dtype=np.uint8)
    start = np.empty(cells + 1, dtype=np.int64)
    peers = np.empty(cells * cells, dtype=np.int64)
    size = KERNELS.grow(cells, base_start, base_list, unit_start, unit_cells, matrix, start,
                        peers, grown)
    return ((start, peers[:size]), tuple(np.flatnonzero(grown).tolist()),
            _MatrixPeers(matrix.reshape(cells, cells)))


def _grow_once() -> None:
    """Run the compiled peer growing once on one cell, so that numba loads (or compiles)
    it with the search kernel rather than inside some later puzzle's model."""
    import numpy as np

    from grille.sudoku.variants._grow import KERNELS

    ints = np.zeros(2, dtype=np.int64)
    KERNELS.grow(1, ints, ints[:0].copy(), ints[:1].copy(), ints[:0].copy(),
                 np.zeros(1, dtype=np.uint8), np.empty(2, dtype=np.int64),
                 np.empty(1, dtype=np.int64), np.zeros(1, dtype=np.uint8))


def _fused_once() -> None:
    """Run the one-call kernel once on a 1x1 grid, so that numba loads (or compiles) it
    with the search kernel rather than inside some later puzzle's solve."""
    import numpy as np

    from grille.sudoku.variants import _kernel

    ints = np.zeros(2, dtype=np.int64)
    zeros, free = _kernel.fused_sizes(1, 0, 1, 0)
    _kernel.KERNELS.fused(1, ints, ints[:0].copy(), ints[:0].copy(), ints[:0].copy(),
                          np.array([1, 0], dtype=np.int64), ints[:0].copy(), 0, 0, 2, -1, 1, 0,
                          np.zeros(1, dtype=np.uint8), np.zeros(zeros, dtype=np.int64),
                          np.empty(free, dtype=np.int64))


@functools.lru_cache(maxsize=64)
def _layout_peer_arrays(layout: Layout) -> tuple[Any, Any]:
    """The layout's peers as the kernel reads them (NumPy ``int64``): each cell's start,
    then the sorted lists laid end to end."""
    import numpy as np

    starts = np.fromiter(itertools.accumulate(map(len, layout.peer_lists), initial=0),
                         dtype=np.int64)
    found = np.fromiter(itertools.chain.from_iterable(layout.peer_lists), dtype=np.int64)
    return starts, found


def _grown_numpy(layout: Layout, units: Sequence[tuple[int, ...]]
                 ) -> tuple[tuple[Any, Any], tuple[int, ...], Sequence[Collection[int]]]:
    """:func:`_grown_peers` with NumPy: one boolean cell-by-cell matrix, the layout's, each
    unit's pairs set in it (the units of one length at once), its rows read in order."""
    import numpy as np

    base = _peer_matrix(layout)
    matrix = base.copy()
    by_length: dict[int, list[tuple[int, ...]]] = {}
    for unit in units:
        by_length.setdefault(len(unit), []).append(unit)
    for group in by_length.values():
        at = np.array(group, dtype=np.intp)
        matrix[at[:, :, None], at[:, None, :]] = True
    np.fill_diagonal(matrix, False)
    grown = np.flatnonzero((matrix != base).any(axis=1))
    rows, cols = np.nonzero(matrix)  # row-major: each cell's peers in order
    starts = np.zeros(len(matrix) + 1, dtype=np.int64)
    np.cumsum(np.bincount(rows, minlength=len(matrix)), out=starts[1:])
    return ((starts, cols.astype(np.int64)), tuple(grown.tolist()),
            _MatrixPeers(matrix))


@functools.lru_cache(maxsize=64)
def _peer_matrix(layout: Layout) -> Any:
    """The layout's peers as a boolean cell-by-cell NumPy matrix (a cell not its own
    peer); the kernel only reads it (copies are grown)."""
    import numpy as np

    cells = len(layout.peers)
    matrix = np.zeros((cells, cells), dtype=bool)
    for cell, found in enumerate(layout.peer_lists):
        matrix[cell, list(found)] = True
    matrix.flags.writeable = False
    return matrix


class _LazyPeers(Sequence[Collection[int]]):
    """Each cell's peers (itself included) as a set built on first read (few cells are
    asked: those of filters reasoning with different digits); a subclass says how many
    cells there are and finds one cell's peers."""

    def __init__(self) -> None:
        self._sets: dict[int, Collection[int]] = {}

    @abstractmethod
    def _peers_of(self, cell: int) -> Collection[int]:
        """The peers of ``cell`` (itself included), found afresh."""

    @overload
    def __getitem__(self, cell: int) -> Collection[int]: ...

    @overload
    def __getitem__(self, cell: slice) -> Sequence[Collection[int]]: ...

    def __getitem__(self, cell: int | slice) -> Collection[int] | Sequence[Collection[int]]:
        if isinstance(cell, slice):
            return [self[index] for index in range(len(self))[cell]]
        found = self._sets.get(cell)
        if found is None:
            found = self._sets[cell] = self._peers_of(cell)
        return found


class _MatrixPeers(_LazyPeers):
    """Each cell's peers (itself included) read from a peer matrix."""

    def __init__(self, matrix: Any) -> None:
        super().__init__()
        self._matrix = matrix

    def __len__(self) -> int:
        return len(self._matrix)

    def _peers_of(self, cell: int) -> Collection[int]:
        return frozenset([cell, *self._matrix[cell].nonzero()[0].tolist()])

    def __repr__(self) -> str:
        return f"_MatrixPeers({len(self)} cells)"


def _peer_tuples(model: Model) -> tuple[tuple[int, ...], ...]:
    """The peer tuples of a model whose peers are ``peer_arrays``: the layout's tuple for a
    cell its units left alone, one from the arrays for the others."""
    assert model.peer_arrays is not None and model.layout is not None
    starts, found = (table.tolist() for table in model.peer_arrays)
    lists = list(model.layout.peer_lists)
    for cell in model.grown:
        lists[cell] = tuple(found[starts[cell]:starts[cell + 1]])
    return tuple(lists)


@functools.lru_cache(maxsize=64)
def _locked(full: tuple[tuple[int, ...], ...], cells: int
            ) -> tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]:
    """For each ordered pair of ``full`` units meeting in two cells or more (in the units'
    order): the cells they share, the rest of the first, the rest of the second. The units
    are sorted, so each part is too. Only units that share a cell are paired (found through
    each cell's units, not by trying every pair), and a pair and its reverse share the
    work."""
    owners: list[list[int]] = [[] for _ in range(cells)]
    for index, unit in enumerate(full):
        for cell in unit:
            owners[cell].append(index)
    meets: dict[tuple[int, int], list[int]] = {}
    for cell, found in enumerate(owners):
        if len(found) > 1:  # the cells in increasing order: each shared list comes sorted
            for at, index in enumerate(found):
                for other in found[at + 1:]:
                    shared = meets.get((index, other))
                    if shared is None:
                        meets[index, other] = [cell]
                    else:
                        shared.append(cell)
    pairs: list[tuple[int, int, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]] = []
    for (index, other), shared in meets.items():
        if len(shared) < 2:
            continue
        both = set(shared)
        rest = tuple([cell for cell in full[index] if cell not in both])
        rest_other = tuple([cell for cell in full[other] if cell not in both])
        common = tuple(shared)
        pairs.append((index, other, (common, rest, rest_other)))
        pairs.append((other, index, (common, rest_other, rest)))
    pairs.sort(key=lambda pair: (pair[0], pair[1]))
    return tuple(pair[2] for pair in pairs)


@functools.cache
def _line_peers(size: int) -> tuple[frozenset[int], ...]:
    """Each cell's row and column (itself included) on a ``size`` grid."""
    return tuple(frozenset([*range(r * size, (r + 1) * size), *range(c, size * size, size)])
                 for r in range(size) for c in range(size))


def propagate(model: Model, masks: Masks, changed: Sequence[int] | None = None,
              weights: list[int] | None = None) -> bool:
    """Narrow ``masks`` in place to a fixed point: False on a contradiction. ``changed``:
    the cells changed since the last fixed point (``None``: run everything). ``weights``
    (one per filter): the filter that finds a contradiction gets one more."""
    peers, watchers, filters = model.peers, model.watchers, model.filters
    pending = list(range(len(masks))) if changed is None else list(changed)
    due = list(range(len(filters))) if changed is None else []  # last queued runs first
    queued = set(due)
    while True:
        while pending:
            cell = pending.pop()
            mask = masks[cell]
            if not mask:
                return False
            for index in watchers[cell]:
                if index not in queued:
                    queued.add(index)
                    due.append(index)
            if mask & (mask - 1) == 0:
                for other in peers[cell]:
                    if masks[other] & mask:
                        left = masks[other] & ~mask
                        if not left:
                            return False
                        masks[other] = left
                        pending.append(other)
        if due:
            index = due.pop()
            queued.discard(index)
            found = filters[index].run(masks)
            if found is None:
                if weights is not None:
                    weights[index] += 1
                return False
            pending.extend(found)
            continue
        for unit in model.full_units:
            seen = twice = fixed = 0
            for cell in unit:
                mask = masks[cell]
                twice |= seen & mask
                seen |= mask
                if mask & (mask - 1) == 0:
                    fixed |= mask
            if seen != (1 << model.size) - 1:
                return False
            once = seen & ~twice & ~fixed
            while once:
                bit = once & -once
                once ^= bit
                for cell in unit:
                    if masks[cell] & bit:
                        masks[cell] = bit
                        pending.append(cell)
                        break
        if pending:
            continue
        # locked candidates: a full unit's digit confined to where it meets another full
        # unit leaves the rest of that one (box/line pointing and claiming, jigsaw too)
        for shared, u_rest, v_rest in model.locked:
            inside = outside = 0
            for cell in shared:
                inside |= masks[cell]
            for cell in u_rest:
                outside |= masks[cell]
            only = inside & ~outside
            if not only:
                continue
            for cell in v_rest:
                if masks[cell] & only:
                    left = masks[cell] & ~only
                    if not left:
                        return False
                    masks[cell] = left
                    pending.append(cell)
        if not pending:
            return True


_PLAIN = Variant()
"""A plain grid's variant: no constraint."""


class _StopError(Exception):
    """The search reached its solution limit or its node budget."""


class _RestartError(Exception):
    """The search phase reached its nodes: start again with the other branching."""


RESTART_NODES = 100_000
"""Nodes after which a search with filters starts again from the root, branching on a
digit's places in a full unit where it has fewer places than the branch cell has
candidates, for 8 times as many nodes; then again on cells, and so on, each pair of phases
twice as long as the last (0: never). A puzzle with few or no givens (Philip Newman's
givenless two-cell thermometers) explodes on cells and finishes on places; the shared
variant puzzles do the reverse (the most any needs on cells is 87,525 nodes, under the
first phase), so they search as before. Read at each call (the tests lower it)."""


def solve(grid: Grid, *, limit: int = 2, budget: int | None = None,
          backend: str = "auto") -> Solutions[Grid]:
    """Up to ``limit`` solutions of the variant ``grid`` (0 = all) within ``budget`` nodes
    (each node one propagation to a fixed point), on ``backend`` (:data:`BACKENDS`)."""
    if limit < 0:
        raise ValueError(f"limit must be 0 (all) or more, got {limit}")
    if budget is not None and budget < 0:
        raise ValueError(f"budget must be None (no budget) or at least 0, got {budget}")
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; expected one of {BACKENDS}")
    # ``jit`` tries the groups path before the environment is read (a small puzzle's
    # solve is a few tens of microseconds: reading it costs one or two)
    if backend == "jit":
        result = _solve_groups(grid, limit, budget)
        if result is not None:
            return result
    # the kernel runs compiled here (the environment read once)
    compiled = _loaded and backend != "python" and jit_allowed()
    if backend == "auto" and compiled:
        result = _solve_groups(grid, limit, budget)
        if result is not None:
            return result
    variant = grid.variant or _PLAIN
    n = grid.size
    if compiled and (not _UNITS_ONLY
                     or frozenset(map(type, variant.constraints)) not in _UNITS_ONLY):
        result = _solve_fused(grid, variant, limit, budget)
        if result is not None:
            return result
    model = model_of(variant, n, tuple(grid.shape.units[2 * n:]))
    if backend == "python" or (backend == "auto" and not jit_allowed()):
        return _solve_python(grid, model, limit, budget)
    from grille.sudoku.variants import _kernel

    flat = _kernel.flatten(model)
    if flat is None:
        return _solve_python(grid, model, limit, budget)
    if backend == "auto" and not _loaded:
        trial = TRIAL_NODES if budget is None else min(TRIAL_NODES, budget)
        result = _solve_python(grid, model, limit, trial)
        if not result.budget_reached or trial == budget:
            return result
    return _solve_kernel(grid, flat, limit, budget)


def _solve_groups(grid: Grid, limit: int, budget: int | None) -> Solutions[Grid] | None:
    """The search of a puzzle whose constraints are all-different units only, in one
    compiled call that builds its peers and full units
    (:mod:`grille.sudoku.variants._groups`): no model, flat tables or filters. ``None``
    for the others, for what does not fit that call (:func:`_groups_of`) and when the
    kernels do not compile (the model's path then solves it)."""
    global _loaded, _groups_kernel
    variant = grid.variant or _PLAIN
    for constraint in variant.constraints:
        if not type(constraint).units_only:
            return None
    kernel = _groups_kernel
    if kernel is None:
        from grille.sudoku.variants._groups import KERNELS

        kernel = _groups_kernel = KERNELS.solve_groups if KERNELS.compiled else False
    if kernel is False:
        return None
    if grid.size > 16:  # as the kernel's flat encoding (masks of one word to spare)
        return None
    groups = _groups_of(variant, grid.shape)
    if groups is None:
        return None
    labels, unit_start, unit_cells = groups
    shape = grid.shape
    n = shape.box_rows * shape.box_cols
    cells = n * n
    out = bytearray(2 * cells)
    count, nodes, stop = kernel(n, shape.box_rows, bytes(grid.cells), labels, unit_start,
                                unit_cells, limit, -1 if budget is None else budget, out)
    if stop < 0:
        return None
    if not _loaded:
        _grow_once()  # as after the kernel's first run (see _solve_kernel)
        _loaded = True
    return Solutions(count, _found(grid, out, count), stop == _STOP_DONE, nodes,
                     stop == _STOP_BUDGET)


_groups_kernel: Any = None
"""The compiled :func:`grille.sudoku.variants._groups._solve_groups` once looked up, or
``False`` when the kernels run interpreted (the model's path is then the faster)."""


_STOP_DONE, _STOP_BUDGET = 0, 2
"""The kernel's stop codes (``_kernel.STOP_DONE``, ``STOP_BUDGET``; a test checks)."""


def _groups_of(variant: Variant, shape: Any) -> tuple[bytes, Any, Any] | None:
    """What :func:`_solve_groups` passes the kernel for ``variant`` on ``shape``: each
    cell's jigsaw region as bytes (none: the shape's boxes), and the other constraints'
    units' starts and cells (NumPy ``int64``); ``None`` when a label is not 0 to 255 or
    two constraints give regions."""
    n = shape.size
    labels: Sequence[int] | None = None
    others: list[Constraint] = []
    for constraint in variant.constraints:
        regions = constraint.solver_regions(n)
        if regions is None:
            others.append(constraint)
        elif labels is None:
            labels = regions
        else:
            return None
    try:
        laid = b"" if labels is None else bytes(labels)
    except ValueError:  # a label outside 0..255
        return None
    return (laid, *_units_of(tuple(others), n)) if others else (laid, *_no_units())


@functools.cache
def _no_units() -> tuple[Any, Any]:
    """:func:`_units_of` no constraint (the same for every size)."""
    return _units_of((), 0)


@functools.lru_cache(maxsize=64)
def _units_of(constraints: tuple[Constraint, ...], size: int) -> tuple[Any, Any]:
    """The units of ``constraints`` (all-different units only, which depend on nothing
    else) on a ``size`` grid laid out for the kernel: their starts and cells, NumPy
    ``int64``. Remembered: every X, windoku or anti-knight puzzle of a size has the same."""
    import numpy as np

    units: list[tuple[int, ...]] = []
    for constraint in constraints:
        units += constraint.solver_parts(size, _PLAIN).units
    cells = np.fromiter(itertools.chain.from_iterable(units), dtype=np.int64)
    starts = np.fromiter(itertools.accumulate(map(len, units), initial=0),
                         dtype=np.int64, count=len(units) + 1)
    return starts, cells


def _solve_kernel(grid: Grid, flat: Any, limit: int, budget: int | None) -> Solutions[Grid]:
    """The search by the kernel (on ``flat``, the model's encoding)."""
    global _loaded
    from grille.sudoku.variants import _kernel

    kernels = _kernel.KERNELS
    fast = kernels.compiled
    n = grid.size
    cells = n * n
    start = list(map(_start_masks(n).__getitem__, grid.cells))
    filters = flat.filters or 1
    sizes = ((cells + 1) * cells, cells + 1, cells + 1, cells * (n + 1), cells + filters + 1,
             filters, filters, filters, flat.scratch, 2 * cells, 3)
    if fast:
        import numpy as np

        tables: Sequence[Any] = _arrays(flat)
        total, cuts = _cuts(sizes)
        whole = np.zeros(total, dtype=np.int64)  # one allocation, cut into views
        buffers: list[Any] = [whole[first:end] for first, end in cuts]
        buffers[7].fill(1)  # the weights of dom/wdeg
    else:  # the kernels interpreted, on lists
        tables = [table.tolist() if hasattr(table, "tolist") else table
                  for table in flat.tables]
        buffers = [[0] * size for size in sizes]
        buffers[7][:] = [1] * filters
    buffers[0][:cells] = start
    buffers[-1][0] = RESTART_NODES
    kernels.solve(*tables, limit, -1 if budget is None else budget, *buffers)
    digits = buffers[-2].tolist() if fast else buffers[-2]
    count, nodes, stop = (int(x) for x in buffers[-1])
    if fast and not _loaded:
        _grow_once()  # the next models grow their peers compiled: load that kernel now
        _fused_once()  # and the next puzzles run in one call: load that one too
        _loaded = True
    return Solutions(count=count, found=_found(grid, digits, count),
                     exhausted=stop == _kernel.STOP_DONE,
                     nodes=nodes, budget_reached=stop == _kernel.STOP_BUDGET)


def _solve_fused(grid: Grid, variant: Variant, limit: int, budget: int | None
                 ) -> Solutions[Grid] | None:
    """The search by the kernel in one call that also builds the model
    (:func:`grille.sudoku.variants._kernel._fused`): each constraint lays its units and
    filters out as flat records (:meth:`~grille.sudoku.variants.model.Constraint.
    solver_records`), with no :class:`Model` and no :func:`~grille.sudoku.variants._kernel.
    flatten`. The same peers, full units, locked pairs, filters in the same order and
    watchers as :func:`model_of` and ``flatten``, so the same search and nodes. ``None``
    when a filter has no flat encoding (the caller then builds the model). Only once the
    kernel runs compiled in this process."""
    np, _kernel = _fused_modules()
    n = grid.size
    if n > 16:  # as flatten: the model path decides
        return None
    cells = n * n
    out = _kernel.Records(n)
    for constraint in variant.constraints:
        if not constraint.solver_records(n, variant, out):
            return None
    if not out.records and not out.deferred:  # units alone (X, windoku, anti-king, jigsaw):
        # nothing to lay out, and the model path measured as fast or faster; the next such
        # puzzle skips the records when its classes lay none out themselves
        if all(type(c).solver_records is Constraint.solver_records
               for c in variant.constraints):
            if len(_UNITS_ONLY) >= 256:
                _UNITS_ONLY.clear()
            _UNITS_ONLY.add(frozenset(map(type, variant.constraints)))
        return None
    extra = out.units
    layout = layout_of(n, ()) if out.regions else _shape_layout(grid.shape)
    if out.deferred:  # filters that reason with the peers: the layout's grown by the units
        sees = _UnitPeers(layout, extra)
        laid, out.records, start = out.records, [], 0
        for at, flt in out.deferred:  # each in its place, the records between copied once
            out.records += laid[start:at]
            start = at
            if not out.encode(flt.with_peers(sees, n)):
                return None
        out.records += laid[start:]
    records, scratch = out.records, out.scratch
    own_full = [tuple(sorted(u)) for u in extra if len(u) >= n and len(set(u)) == n]
    if any(len(unit) != n for unit in own_full):
        return None
    if own_full:
        units, locked = _full_arrays(tuple(dict.fromkeys((*layout.full, *own_full))), n)
    else:
        units, locked = _layout_full_arrays(layout)
    base_start, base_list = _layout_peer_arrays(layout)
    inputs = list(grid.cells)
    inputs += itertools.accumulate(map(len, extra), initial=0)
    inputs += itertools.chain.from_iterable(extra)  # anti-king: hundreds of pairs
    inputs += records
    tables = _kernel.tables_array()
    if extra:  # each cell's peers grow by fewer than its units' cells (k(k-1) <= k * longest)
        room = min(cells * cells, len(base_list) + inputs[cells + len(extra)]
                   * max(map(len, extra)))
        matrix = np.zeros(cells * cells, dtype=np.uint8)
    else:
        room, matrix = 0, _no_matrix()
    laid = len(records) + out.grown  # once the kernel lays out its neighbour pairs
    zeros, free = _kernel.fused_sizes(n, laid, scratch, room, len(tables))
    work = np.zeros(zeros, dtype=np.int64)  # small: few buffers must start at zero
    work[0] = RESTART_NODES  # the outcome's first number, read on entry
    _kernel.KERNELS.fused(n, base_start, base_list, units, locked,
                          np.array(inputs, dtype=np.int64), tables, len(extra), laid,
                          limit, -1 if budget is None else budget, scratch, room, matrix, work,
                          np.empty(free, dtype=np.int64))
    head = work[:3 + 2 * cells].tolist()
    count, nodes, stop = head[:3]
    return Solutions(count=count, found=_found(grid, head[3:], count),
                     exhausted=stop == _kernel.STOP_DONE,
                     nodes=nodes, budget_reached=stop == _kernel.STOP_BUDGET)


def _found(grid: Grid, digits: Sequence[int], count: int) -> tuple[Grid, ...]:
    """The first solutions (two at most, of ``count``) a kernel wrote end to end in
    ``digits``, as grids of ``grid`` (its clues kept, no marks). The kernels write digits
    1..size only (an exact search fills every cell), so the grids are not checked again."""
    if not count:
        return ()
    cells = len(grid.cells)
    givens = grid.givens
    if givens is None:
        givens = tuple(map(bool, grid.cells))  # a digit is a clue when not 0
    first = grid._solved(tuple(digits[:cells]), givens)
    if count == 1:
        return (first,)
    return first, grid._solved(tuple(digits[cells:2 * cells]), givens)


@functools.cache
def _fused_modules() -> tuple[Any, Any]:
    """NumPy and :mod:`grille.sudoku.variants._kernel` for :func:`_solve_fused`, imported
    once: an import statement in the function cost ~8 us a puzzle in the benchmark (each
    puzzle solved right after a CP-SAT solve, the interpreter's caches cold)."""
    import numpy as np

    from grille.sudoku.variants import _kernel

    return np, _kernel


@functools.lru_cache(maxsize=64)
def _shape_layout(shape: Shape) -> Layout:
    """:func:`layout_of` the boxes of ``shape`` (a shape hashes by its two box sides, its
    box units would be hashed afresh each time)."""
    n = shape.size
    return layout_of(n, tuple(shape.units[2 * n:]))


_UNITS_ONLY: set[frozenset[type]] = set()
"""Sets of constraint classes whose puzzle gave the one-call path units alone, through the
default ``solver_records`` (so, by their ``solver_parts``, likely every such puzzle):
:func:`solve` takes the model path for them without laying their records out first (a
class that gave filters another time would only lose the one-call path's speed)."""


@functools.cache
def _no_matrix() -> Any:
    """:func:`_solve_fused`'s peer matrix for a puzzle without units of its own."""
    import numpy as np

    return np.zeros(1, dtype=np.uint8)


@functools.lru_cache(maxsize=64)
def _layout_full_arrays(layout: Layout) -> tuple[Any, Any]:
    """:func:`_full_arrays` of the layout's full units (a layout hashes by identity, its
    units would be hashed afresh each time)."""
    return _full_arrays(layout.full, layout.size)


@functools.lru_cache(maxsize=64)
def _full_arrays(full: tuple[tuple[int, ...], ...], size: int) -> tuple[Any, Any]:
    """The full units (each ``size`` cells) laid end to end and their locked pairs, as the
    kernel reads them (NumPy ``int64``), remembered by the units (a layout's, or the same
    diagonals of every X puzzle)."""
    import numpy as np

    from grille.sudoku.variants._kernel import _flat_locked_of

    units = np.fromiter(itertools.chain.from_iterable(full), dtype=np.int64,
                        count=len(full) * size)
    return units, _flat_locked_of(full, size * size)


class _UnitPeers(_LazyPeers):
    """Each cell's peers (itself included): the layout's and every cell of a puzzle's unit
    holding it (for :meth:`Filter.with_peers`)."""

    def __init__(self, layout: Layout, units: Sequence[tuple[int, ...]]) -> None:
        super().__init__()
        self._layout = layout
        self._units = units

    def __len__(self) -> int:
        return len(self._layout.peers)

    def _peers_of(self, cell: int) -> Collection[int]:
        found: Collection[int] = self._layout.peers[cell]
        grown = [other for unit in self._units if cell in unit for other in unit]
        return frozenset(found) | frozenset(grown) if grown else found

    def __repr__(self) -> str:
        return f"_UnitPeers({len(self)} cells, {len(self._units)} units)"


@functools.cache
def _start_masks(size: int) -> tuple[int, ...]:
    """The starting candidates of a cell holding digit ``d`` (0: every digit), by ``d``."""
    return ((1 << size) - 1, *(1 << (d - 1) for d in range(1, size + 1)))


@functools.lru_cache(maxsize=256)
def _cuts(sizes: tuple[int, ...]) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The kernel's buffers of ``sizes`` as slices of one array: its length, each slice."""
    ends = list(itertools.accumulate(sizes))
    return ends[-1], tuple((end - size, end) for size, end in zip(sizes, ends, strict=True))


@functools.lru_cache(maxsize=64)
def _arrays(flat: Any) -> tuple[Any, ...]:
    """The kernel's tables of ``flat`` as NumPy arrays (the size first, an int); the tables
    a layout shares are converted once."""
    import numpy as np

    from grille.sudoku.variants._kernel import by_identity

    def array(table: Sequence[int]) -> Any:
        return np.asarray(table, dtype=np.int64)

    size, *rest = flat.tables
    return (size, *(by_identity(table, array) if index + 1 in flat.shared else array(table)
                    for index, table in enumerate(rest)))


def _fewest_places(units: Sequence[tuple[int, ...]], masks: Masks, fewer_than: int,
                   weight_of: Callable[[int], int]) -> tuple[int, list[int]] | None:
    """The digit (its bit) with the fewest places in a full unit, fewer than ``fewer_than``
    and at least two, and those places in the unit's order; of those with as few, the one
    whose places weigh most (``weight_of`` each cell, summed), then the first in unit then
    digit order; ``None`` when no digit has so few. Branching there rather than on a cell
    is what lets a puzzle with few or no givens finish: the digits' places, not the cells'
    candidates, are what such a puzzle narrows first (a thermometer's bulb cannot hold the
    unit's top digit, its tip not the bottom one)."""
    found: tuple[int, list[int]] | None = None
    fewest = fewer_than
    most = -1
    size = len(units[0]) if units else 0
    for unit in units:
        for digit in range(size):
            bit = 1 << digit
            places = [cell for cell in unit if masks[cell] & bit]
            many = len(places)
            if many > 1 and (many < fewest or (many == fewest and found is not None)):
                weight = sum(map(weight_of, places))
                if many < fewest or weight > most:
                    fewest, most = many, weight
                    found = (bit, places)
    return found


def _solve_python(grid: Grid, model: Model, limit: int, budget: int | None) -> Solutions[Grid]:
    """The reference search."""
    from grille.sudoku.variants.check import violations

    n = grid.size
    full = (1 << n) - 1
    masks = [1 << (d - 1) if d else full for d in grid.cells]
    found: list[Grid] = []
    count = 0
    nodes = 0
    budget_hit = False

    watchers = model.watchers
    weights = [1] * len(model.filters)

    def weight_of(cell: int) -> int:
        return 1 + sum(weights[index] for index in watchers[cell])

    first = RESTART_NODES
    phase = 0
    phase_end = first if first > 0 and model.filters else -1

    def search(masks: Masks, changed: Sequence[int] | None) -> None:
        nonlocal count, nodes, budget_hit
        if budget is not None and nodes >= budget:
            budget_hit = True
            raise _StopError
        if nodes == phase_end:
            raise _RestartError
        nodes += 1
        if not propagate(model, masks, changed, weights):
            return
        # dom/wdeg: fewest candidates per weight of the filters watching the cell (each
        # filter weighs 1 plus the contradictions it found), compared as cross products
        best, best_options, best_weight = -1, 1, 0
        for cell, mask in enumerate(masks):
            if mask & (mask - 1):
                options = mask.bit_count()
                weight = 1
                for index in watchers[cell]:
                    weight += weights[index]
                if options * best_weight < best_options * weight:
                    best, best_options, best_weight = cell, options, weight
        if best < 0:
            solution = grid.with_cells([m.bit_length() for m in masks])
            if solution.marks is not None:
                solution = solution.with_marks(None)
            if violations(solution):
                return
            count += 1
            if len(found) < 2:
                found.append(solution)
            if limit and count >= limit:
                raise _StopError
            return
        # in the odd phases: a digit's places in a full unit, when fewer than the cell's
        # candidates
        places = (_fewest_places(model.full_units, masks, best_options, weight_of)
                  if phase % 2 and best_options > 2 else None)
        if places is not None:
            bit, cells = places
            for cell in cells:
                child = masks.copy()
                child[cell] = bit
                search(child, [cell])
            return
        mask = masks[best]
        while mask:
            bit = mask & -mask
            mask ^= bit
            child = masks.copy()
            child[best] = bit
            search(child, [best])

    stopped = False
    while True:
        try:
            search(masks, None)  # leaves the root's fixed point in masks
        except _StopError:
            stopped = True
        except _RestartError:  # again, the other branching, as the kernel
            phase += 1
            phase_end = nodes + (first << (phase // 2 + 3 * (phase % 2)))
            count = 0
            found.clear()
            continue
        break
    return Solutions(count=count, found=tuple(found), exhausted=not stopped, nodes=nodes,
                     budget_reached=budget_hit)
