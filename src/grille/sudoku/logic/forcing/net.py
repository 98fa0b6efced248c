"""Implications between candidates: the propagation every forcing chain is made of.

A *node* is a candidate in one of two states: ``on`` (the digit is placed) or ``off`` (it is
removed). Candidates are numbered ``cell * n + digit - 1`` (0 .. n³-1) and nodes
``2 * candidate + on``, so everything lives in flat integer arrays that a numba kernel can
walk (:func:`_propagate`, compiled through :mod:`grille.engine._jit`).

From an assumption a :class:`Net` records every node it implies, each with its parents:

- on → off: the other digits of the cell (*y-links*) and the digit in the cell's peers
  (*x-links*);
- off → on: a cell left with one digit (*y*), a unit left with one place for the digit (*x*).

*Static* nets read the board as it is, so an off → on step needs a bivalue cell or a
conjugate pair. *Dynamic* nets remove each off candidate from their own copy of the marks
as they go (Sudoku Explainer's order: pending on nodes first, then off nodes, first in first
out), so a conclusion may rest on several earlier ones: its extra parents are the removed
candidates of the cell or unit (the *hidden* parents). When propagation stalls, a dynamic net
may apply further :data:`Rule` s (locked candidates, subsets, fish, nested chains) and go on.

The node count of a chain, which sets its difficulty, is the number of distinct ancestors of
its target node(s), plus the node counts of any nested chains among them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from grille.engine._jit import Kernels
from grille.sudoku.geometry import Shape

__all__ = [
    "BASIC_RULES",
    "DYNAMIC",
    "X_LINKS",
    "Y_LINKS",
    "Net",
    "Rule",
    "Topology",
    "cand_of",
    "is_on",
    "locking_order",
    "node_of",
    "topology",
]

DYNAMIC = 1
"""Flag: remove off candidates as they are found (dynamic chains)."""
X_LINKS = 2
"""Flag: links between places of one digit in a unit."""
Y_LINKS = 4
"""Flag: links between digits of one cell."""

NODE_LIMIT = 100_000
"""Nodes a net may record before it gives up (more than a 25x25 grid has, so never in 9x9)."""

Array = Any
"""A NumPy integer array (int32 for the node tables, int64 for marks)."""

Rule = Callable[["Net"], list[tuple[int, tuple[int, ...], int]]]
"""A stalled net's next deductions: (candidate to remove, parent nodes, nested node count)."""


def node_of(cand: int, on: bool) -> int:
    """The node of ``cand`` in state on or off."""
    return 2 * cand + int(on)


def cand_of(node: int) -> int:
    """The candidate of ``node``."""
    return node >> 1


def is_on(node: int) -> bool:
    """Whether ``node`` is an on node."""
    return bool(node & 1)


class Topology:
    """The grid's cells, peers and units as flat arrays for the kernel, in SE's order.

    A cell's units are its box, row and column, and its peers are listed in that order (the
    box's cells, then the row's and the column's outside the box, each in unit order): the
    order in which SE's dynamic chaining queues the candidates an on node turns off and tries
    the units that may turn an off node's last place on. That order decides which
    contradiction a net meets first and which hidden parents a node gets, so node counts
    follow it.
    """

    __slots__ = ("cell_units", "n", "npeers", "peers", "shape", "unit_cells", "units")

    def __init__(self, shape: Shape) -> None:
        self.shape = shape
        self.n = n = shape.size
        self.units = shape.units
        units_of = [(2 * n + shape.box_of(cell), cell // n, n + cell % n) for cell in range(n * n)]
        peers = [_house(self.units, cell, units) for cell, units in enumerate(units_of)]
        self.npeers = len(peers[0])
        self.peers = np.array([p for row in peers for p in row], dtype=np.int32)
        self.unit_cells = np.array([c for unit in self.units for c in unit], dtype=np.int32)
        self.cell_units = np.array([u for units in units_of for u in units], dtype=np.int32)


def _house(
    units: Sequence[Sequence[int]], cell: int, cell_units: tuple[int, int, int]
) -> list[int]:
    """``cell``'s peers: its units' other cells in unit order, each once."""
    found: dict[int, None] = {}
    for unit in cell_units:
        found.update((c, None) for c in units[unit] if c != cell)
    return list(found)


@functools.cache
def topology(shape: Shape) -> Topology:
    """The (cached) topology of ``shape``."""
    return Topology(shape)


def _propagate(
    n: int,
    npeers: int,
    peers: Array,
    cell_units: Array,
    unit_cells: Array,
    marks0: Array,
    marks: Array,
    flags: int,
    seen: Array,
    pstart: Array,
    plen: Array,
    pbuf: Array,
    queue_on: Array,
    queue_off: Array,
    ctr: Array,
    limit: int,
) -> int:
    """Propagate the queued nodes; the contradictory candidate, -1 when done, -2 over limits.

    ``ctr`` holds: parent buffer top, on-queue head and tail, off-queue head and tail, and
    the count of nodes recorded (``seen`` stores each node's 1-based discovery order).
    """
    dynamic = flags & 1
    xl = flags & 2
    yl = flags & 4
    cap = pbuf.shape[0]
    while True:
        if ctr[5] > limit:
            return -2
        if ctr[1] < ctr[2]:
            cand = queue_on[ctr[1]]
            ctr[1] += 1
            cell = cand // n
            d = cand - cell * n
            src = 2 * cand + 1
            for k in range(n + npeers):
                if k < n:
                    if yl == 0 or k == d or (marks[cell] >> k) & 1 == 0:
                        continue
                    q = cell * n + k
                else:
                    if xl == 0:
                        break
                    p = peers[cell * npeers + k - n]
                    if (marks[p] >> d) & 1 == 0:
                        continue
                    q = p * n + d
                if seen[2 * q] != 0:
                    continue
                if ctr[0] + 1 > cap:
                    return -2
                ctr[5] += 1
                seen[2 * q] = ctr[5]
                pstart[2 * q] = ctr[0]
                plen[2 * q] = 1
                pbuf[ctr[0]] = src
                ctr[0] += 1
                if seen[2 * q + 1] != 0:
                    return int(q)
                queue_off[ctr[4]] = q
                ctr[4] += 1
        elif ctr[3] < ctr[4]:
            cand = queue_off[ctr[3]]
            ctr[3] += 1
            cell = cand // n
            d = cand - cell * n
            src = 2 * cand
            for r in range(4):
                q = -1
                if r == 0:
                    if yl == 0:
                        continue
                    m = marks[cell]
                    count = 0
                    other = -1
                    for k in range(n):
                        if (m >> k) & 1:
                            count += 1
                            if k != d:
                                other = k
                    if count != 2 or other < 0:
                        continue
                    q = cell * n + other
                    if seen[2 * q + 1] != 0:
                        continue
                    if ctr[0] + n + 1 > cap:
                        return -2
                    start = ctr[0]
                    pbuf[ctr[0]] = src
                    ctr[0] += 1
                    gone = marks0[cell] & ~m
                    for k in range(n):
                        if (gone >> k) & 1:
                            pbuf[ctr[0]] = 2 * (cell * n + k)
                            ctr[0] += 1
                else:
                    if xl == 0:
                        break
                    unit = cell_units[cell * 3 + r - 1]
                    count = 0
                    other = -1
                    for k in range(n):
                        c = unit_cells[unit * n + k]
                        if (marks[c] >> d) & 1:
                            count += 1
                            if c != cell:
                                other = c
                    if count != 2 or other < 0:
                        continue
                    q = other * n + d
                    if seen[2 * q + 1] != 0:
                        continue
                    if ctr[0] + n + 1 > cap:
                        return -2
                    start = ctr[0]
                    pbuf[ctr[0]] = src
                    ctr[0] += 1
                    for k in range(n):
                        c = unit_cells[unit * n + k]
                        if (marks0[c] >> d) & 1 and (marks[c] >> d) & 1 == 0:
                            pbuf[ctr[0]] = 2 * (c * n + d)
                            ctr[0] += 1
                ctr[5] += 1
                seen[2 * q + 1] = ctr[5]
                pstart[2 * q + 1] = start
                plen[2 * q + 1] = ctr[0] - start
                if seen[2 * q] != 0:
                    return int(q)
                queue_on[ctr[2]] = q
                ctr[2] += 1
            if dynamic:
                marks[cell] &= ~(1 << d)
        else:
            return -1


def _count(
    node: int,
    pstart: Array,
    plen: Array,
    pbuf: Array,
    extra: Array,
    mark: Array,
    stack: Array,
    stamp: int,
) -> int:
    """Distinct ancestors of ``node`` (itself included) plus their nested node counts.

    ``mark`` is scratch: entries equal to ``stamp`` are taken as visited.
    """
    total = 0
    top = 1
    stack[0] = node
    mark[node] = stamp
    while top > 0:
        top -= 1
        x = stack[top]
        total += 1 + extra[x]
        for i in range(pstart[x], pstart[x] + plen[x]):
            p = pbuf[i]
            if mark[p] != stamp:
                mark[p] = stamp
                stack[top] = p
                top += 1
    return total


KERNELS = Kernels((_propagate, _count))
"""The propagation and the node count, compiled or plain as :mod:`grille.engine._jit`
decides (the tier search calls :func:`_propagate` too)."""


@functools.cache
def _scratch(nodes: int) -> tuple[Array, Array, list[int]]:
    """Reusable mark and stack arrays for counting ancestors, and the last stamp used."""
    return np.zeros(nodes, dtype=np.int32), np.zeros(nodes, dtype=np.int32), [0]


class Net:
    """The nodes one assumption implies, each with its parents, on its own copy of the marks."""

    __slots__ = (
        "_reached",
        "conflict",
        "ctr",
        "extra",
        "flags",
        "marks",
        "marks0",
        "notes",
        "pbuf",
        "plen",
        "pstart",
        "queue_off",
        "queue_on",
        "seen",
        "source",
        "topo",
        "truncated",
        "view",
    )

    def __init__(self, topo: Topology, marks0: Array, flags: int) -> None:
        n = topo.n
        nodes = 2 * n * n * n
        self.topo = topo
        self.flags = flags
        self.marks0 = marks0
        self.marks = marks0.copy()
        # One zeroed block and one scratch block, cut into the tables (cheaper than eight).
        zeroed = np.zeros(4 * nodes + 6, dtype=np.int32)
        self.seen = zeroed[:nodes]
        self.pstart = zeroed[nodes : 2 * nodes]
        self.plen = zeroed[2 * nodes : 3 * nodes]
        self.extra = zeroed[3 * nodes : 4 * nodes]
        self.ctr = zeroed[4 * nodes :]
        scratch = np.empty(nodes * (n + 2), dtype=np.int32)
        self.pbuf = scratch[: nodes * (n + 1)]
        self.queue_on = scratch[nodes * (n + 1) : nodes * (n + 1) + nodes // 2]
        self.queue_off = scratch[nodes * (n + 1) + nodes // 2 :]
        self.conflict = -1
        self.truncated = False
        self.source = -1
        self.view: Any = None
        self.notes: dict[int, Any] = {}
        """Why a rule removed a node's candidate, when the rule says (nested rules do)."""
        self._reached: tuple[int, int] | None = None

    def assume(self, node: int) -> None:
        """Start from ``node`` (no parents)."""
        self.source = node
        self._record(node, (), 0)

    def _record(self, node: int, parents: Sequence[int], extra: int) -> bool:
        """Record a new node with ``parents`` and queue it; False when the buffers are full."""
        ctr = self.ctr
        top = int(ctr[0])
        if top + len(parents) > self.pbuf.shape[0]:
            return False
        self.pbuf[top : top + len(parents)] = parents
        ctr[0] = top + len(parents)
        ctr[5] += 1
        self.seen[node] = ctr[5]
        self.pstart[node] = top
        self.plen[node] = len(parents)
        self.extra[node] = extra
        cand = node >> 1
        if self.seen[node ^ 1]:
            self.conflict = cand
        elif node & 1:
            self.queue_on[ctr[2]] = cand
            ctr[2] += 1
        else:
            self.queue_off[ctr[4]] = cand
            ctr[4] += 1
        return True

    def run(self, rules: Sequence[Rule] = ()) -> Net:
        """Propagate to the end (or a contradiction), applying ``rules`` whenever it stalls."""
        propagate = KERNELS.propagate
        topo = self.topo
        while self.conflict < 0:
            result = propagate(
                topo.n, topo.npeers, topo.peers, topo.cell_units, topo.unit_cells,
                self.marks0, self.marks, self.flags, self.seen, self.pstart, self.plen,
                self.pbuf, self.queue_on, self.queue_off, self.ctr, NODE_LIMIT,
            )  # fmt: skip
            if result == -2:
                self.truncated = True
                return self
            if result >= 0:
                self.conflict = int(result)
                return self
            if not self._advance(rules):
                return self
        return self

    def _advance(self, rules: Sequence[Rule]) -> bool:
        """Apply the first rule that removes something new; whether one did."""
        for rule in rules:
            found = [(c, p, x) for c, p, x in rule(self) if not self.seen[2 * c]]
            if not found:
                continue
            for cand, parents, extra in found:
                if self.seen[2 * cand]:
                    continue
                if not self._record(2 * cand, parents, extra):
                    self.truncated = True
                    return False
                if self.conflict >= 0:
                    return True
            return True
        return False

    # -- reading the net ---------------------------------------------------------------------

    def knows(self, node: int) -> bool:
        """Whether the net reached ``node``."""
        return bool(self.seen[node])

    def reached(self) -> Array:
        """A boolean array over nodes: which the net reached."""
        return self.seen > 0

    def reached_mask(self) -> int:
        """The nodes the net reached, as a bitmask over nodes (kept until the net grows)."""
        stamp = int(self.ctr[5])
        if self._reached is None or self._reached[0] != stamp:
            packed = np.packbits(self.seen > 0, bitorder="little").tobytes()
            self._reached = (stamp, int.from_bytes(packed, "little"))
        return self._reached[1]

    def parents(self, node: int) -> tuple[int, ...]:
        """The nodes ``node`` was inferred from."""
        start = int(self.pstart[node])
        return tuple(int(p) for p in self.pbuf[start : start + int(self.plen[node])])

    def count(self, node: int) -> int:
        """SE's node count for a chain ending at ``node``: ancestors plus nested chains."""
        count = KERNELS.count
        scratch = _scratch(self.seen.shape[0])
        scratch[2][0] += 1
        stamp = int(scratch[2][0])
        return int(count(node, self.pstart, self.plen, self.pbuf, self.extra, *scratch[:2], stamp))

    def ancestors(self, node: int) -> list[int]:
        """``node`` and every node it rests on, in discovery order."""
        found = {node}
        todo = [node]
        while todo:
            for parent in self.parents(todo.pop()):
                if parent not in found:
                    found.add(parent)
                    todo.append(parent)
        return sorted(found, key=lambda x: int(self.seen[x]))

    def path(self, node: int) -> list[int]:
        """The main line from the assumption to ``node``, following first parents."""
        line = [node]
        while self.plen[line[-1]]:
            line.append(int(self.pbuf[self.pstart[line[-1]]]))
        line.reverse()
        return line

    def removed(self) -> Array:
        """Per cell, the candidates this net has removed (as bitmasks)."""
        return self.marks0 & ~self.marks


# -- rules a stalled dynamic net applies (SE's "dynamic plus") ------------------------------

Found = list[tuple[int, tuple[int, ...], int]]
"""What a rule returns: (candidate to remove, parent nodes, nested node count)."""


def locking_order(n: int) -> list[tuple[int, int]]:
    """The (inside, outside) unit pairs pointing and claiming try, in SE's order
    (``Locking.getHints``: boxes into columns, boxes into rows, columns into boxes, rows into
    boxes; each the first kind's units in order, then the second's), crossing or not: the
    outer net keeps the first instance that removes a candidate, so the order decides its
    parents. Units are grille's numbers: rows, columns, boxes."""
    rows, cols, boxes = range(n), range(n, 2 * n), range(2 * n, 3 * n)
    return [(a, b) for first, second in ((boxes, cols), (boxes, rows), (cols, boxes),
                                         (rows, boxes)) for a in first for b in second]  # fmt: skip


@functools.cache
def _masks(shape: Shape) -> tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]]:
    """Cell bitsets: of each unit, and of each box-line pair that crosses (the unit a digit is
    confined to, the unit it goes from, their overlap), in SE's order
    (:func:`locking_order`)."""
    units = shape.units
    unit_masks = tuple(sum(1 << c for c in unit) for unit in units)
    pairs = []
    for inside, outside in locking_order(shape.size):
        overlap = unit_masks[inside] & unit_masks[outside]
        if overlap:
            pairs.append((unit_masks[inside], unit_masks[outside], overlap))
    return unit_masks, tuple(pairs)


def _planes(marks: list[int], n: int) -> list[int]:
    """Per digit, the bitset of cells where ``marks`` has it."""
    planes = [0] * n
    for cell, mask in enumerate(marks):
        while mask:
            low = mask & -mask
            planes[low.bit_length() - 1] |= 1 << cell
            mask ^= low
    return planes


def _cells(mask: int) -> list[int]:
    """The cells of a cell bitset."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


class _View:
    """A stalled net's marks as digit planes, with what it removed, for the rules."""

    __slots__ = ("gone", "marks", "n", "pairs", "planes", "unit_masks")

    def __init__(self, net: Net) -> None:
        self.n = net.topo.n
        self.marks = net.marks.tolist()
        self.planes = _planes(self.marks, self.n)
        self.gone = _planes(net.removed().tolist(), self.n)
        self.unit_masks, self.pairs = _masks(net.topo.shape)

    def offs(self, digit: int, where: int) -> tuple[int, ...]:
        """Off nodes of ``digit`` the net removed among the cells of bitset ``where``."""
        n = self.n
        return tuple(2 * (c * n + digit) for c in _cells(self.gone[digit] & where))


def _view(net: Net) -> _View:
    """The net's current view, built once per stall."""
    stamp = int(net.ctr[5])
    if net.view is None or net.view[0] != stamp:
        net.view = (stamp, _View(net))
    view: _View = net.view[1]
    return view


def locked_candidates(net: Net) -> Found:
    """Pointing and claiming on the net's marks; parents: the removals that confined the digit."""
    view = _view(net)
    n = view.n
    found: Found = []
    for inside, outside, overlap in view.pairs:  # SE's order, digits inner
        for d, plane in enumerate(view.planes):
            if not plane & overlap or plane & inside & ~overlap:
                continue
            if not plane & outside & ~overlap:
                continue
            parents = view.offs(d, inside & ~overlap)
            found.extend((c * n + d, parents, 0) for c in _cells(plane & outside & ~overlap))
    return found


def _naked(net: Net, size: int) -> Found:
    """Naked subsets of ``size``: their cells' removals are the parents (SE's units, those
    with at least ``2 * size`` empty cells: ``NakedSet``)."""
    from itertools import combinations

    view = _view(net)
    n, marks = view.n, view.marks
    found: Found = []
    units = net.topo.units
    n3 = len(units) // 3
    for unit in (*units[2 * n3 :], *units[n3 : 2 * n3], *units[:n3]):  # SE's order, _se_units
        if sum(1 for c in unit if net.marks0[c]) < 2 * size:
            continue
        small = [c for c in unit if 2 <= marks[c].bit_count() <= size]
        for group in combinations(small, size):
            union = 0
            for c in group:
                union |= marks[c]
            if union.bit_count() != size:
                continue
            parents = tuple(p for d in range(n) for p in view.offs(d, sum(1 << c for c in group)))
            found.extend(
                (c * n + d, parents, 0)
                for c in unit
                if c not in group
                for d in range(n)
                if union >> d & 1 and marks[c] >> d & 1
            )
    return found


def _se_units(unit_masks: tuple[int, ...]) -> tuple[int, ...]:
    """The units in SE's order for subsets (``HiddenSet``, ``NakedSet``: boxes, columns,
    rows; grille numbers rows, columns, boxes)."""
    n = len(unit_masks) // 3
    return unit_masks[2 * n :] + unit_masks[n : 2 * n] + unit_masks[:n]


def _hidden(net: Net, size: int) -> Found:
    """Hidden subsets of ``size``: the digits' removals elsewhere in the unit are the parents
    (SE's units, those with more than ``2 * size`` empty cells: ``HiddenSet``)."""
    from itertools import combinations

    view = _view(net)
    n, marks = view.n, view.marks
    found: Found = []
    for unit_mask in _se_units(view.unit_masks):
        if sum(1 for c in _cells(unit_mask) if net.marks0[c]) <= 2 * size:
            continue
        where = [plane & unit_mask for plane in view.planes]
        digits = [d for d in range(n) if 2 <= where[d].bit_count() <= size]
        for group in combinations(digits, size):
            cells = 0
            for d in group:
                cells |= where[d]
            if cells.bit_count() != size:
                continue
            keep = sum(1 << d for d in group)
            parents = tuple(p for d in group for p in view.offs(d, unit_mask & ~cells))
            found.extend(
                (c * n + e, parents, 0)
                for c in _cells(cells)
                for e in range(n)
                if marks[c] >> e & 1 and not keep >> e & 1
            )
    return found


def _fish(net: Net, size: int) -> Found:
    """Basic fish of ``size`` (X-Wing, Swordfish, Jellyfish) on the net's marks, in SE's
    order (``Fisherman``): columns as base, then rows, line tuples in increasing bitmask
    order, digits inner; base lines with two places or more, digits the board holds at most
    ``n - 2 * size`` times (``rules._fish``)."""
    from itertools import combinations

    view = _view(net)
    n = view.n
    unit_masks = view.unit_masks
    marks0 = net.marks0.tolist()
    placed = [sum(1 for r in range(n) if not any(marks0[r * n + k] >> d & 1 for k in range(n)))
              for d in range(n)]  # fmt: skip
    tuples = sorted(combinations(range(n), size), key=lambda g: sum(1 << i for i in g))
    found: Found = []
    for base_kind in (1, 0):
        for group in tuples:
            for d, plane in enumerate(view.planes):
                if placed[d] + 2 * size > n:
                    continue
                across = 0
                base = 0
                for i in group:
                    mask = unit_masks[base_kind * n + i]
                    spots = plane & mask
                    if spots.bit_count() < 2:
                        break
                    for c in _cells(spots):
                        across |= 1 << (c % n if base_kind == 0 else c // n)
                    base |= mask
                else:
                    if across.bit_count() != size:
                        continue
                    cover = 0
                    for k in range(n):
                        if across >> k & 1:
                            cover |= unit_masks[(1 - base_kind) * n + k]
                    parents = view.offs(d, base & ~cover)
                    found.extend((c * n + d, parents, 0) for c in _cells(plane & cover & ~base))
    return found


def _sized(make: Callable[[Net, int], Found], size: int) -> Rule:
    """``make`` with its size fixed."""

    def rule(net: Net) -> Found:
        return make(net, size)

    rule.__name__ = f"{make.__name__.strip('_')}_{size}"
    return rule


BASIC_RULES: tuple[Rule, ...] = (
    locked_candidates,
    _sized(_hidden, 2),
    _sized(_naked, 2),
    _sized(_fish, 2),
)
"""The techniques dynamic-plus chains may use, in SE's order: locked candidates, then hidden
pair, naked pair and X-Wing. SE's ``Chaining.getAdvancedPotentials`` lists exactly
``Locking(false)``, ``HiddenSet(2, false)``, ``NakedSet(2)`` and ``Fisherman(2)`` (grille
had triples and quads of each too, which made nested nets apply a triple where SE's go on to
the inner chains)."""
