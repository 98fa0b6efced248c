"""HoDoKu's Nice Loop/AIC (index 5600) and Grouped Nice Loop/AIC (5650), read from its tables.

HoDoKu (``TablingSolver.getNiceLoops``; hodoku-py ``solver/tabling.py``) finds nice loops and
AICs in the same tables as its forcing chains (:mod:`.tabling`: each candidate's ON and OFF
premise with its direct implications, group nodes for 5650), expanded breadth first: a
premise's table lists its direct implications, then walks the list in order and appends what
each entry implies directly and is not yet listed (``expandTables``, at most 1000 entries).
Each entry remembers the entry that brought it, so every implication has one chain: the
first one met, a shortest one. Then:

- *nice loops* (``checkNiceLoops``, ON tables then OFF tables, each in cell then digit
  order, each table's entries in order): an entry in the premise's cell, more than two links
  from it, whose chain (rebuilt backwards) leaves the cell by its first link, does not enter
  the cell by an inner link of the cell, and meets no cell twice (the start cell excepted,
  a group node counting all its cells). A discontinuous loop deletes a candidate of the
  start cell; a continuous one deletes, along its weak links between cells, the digit from
  the cells outside the loop that see both ends, and in a cell with two strong links every
  other digit.
- *AICs* (``checkAics``, OFF tables): an ON entry in another cell, more than two links away;
  same digit: the digit leaves the cells seeing both ends (at least two must hold it); two
  digits, ends seeing each other: each end loses the other's digit. The chain must meet no
  cell twice.

One step is kept per set of deletions and type (the shorter chain), then all are sorted by
``SolutionStep.compareTo``: most deletions, the lowest weighted sum (``getIndexSumme``), and
for the same deletions and type, the shorter chain; the first is taken. Written from HoDoKu's
rules; none of its code is used.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

import numpy as np

from grille.engine._jit import Kernels
from grille.logic import Step
from grille.sudoku.logic.board import Board, bits, cells_of
from grille.sudoku.logic.hodoku.loops import weight
from grille.sudoku.logic.hodoku.tabling import (
    _GROUP,
    _OFF,
    _PEERS,
    TABLE_LIMIT,
    _add_groups,
    _chain_lists,
    _groups_of,
)

__all__ = ["LoopFind", "nice_loop_finds", "nice_loop_step"]

_CONTINUOUS = "Continuous Nice Loop"
_DISCONTINUOUS = "Discontinuous Nice Loop"
_AIC = "AIC"


@dataclass(frozen=True, slots=True)
class LoopFind:
    """One nice loop or AIC as HoDoKu keeps it: its type (``grouped`` when a group node is on
    it), deletions ``(cell, digit)`` in the order found (repeats count, as in HoDoKu), and
    its chain (table nodes, premise first)."""

    kind: str
    grouped: bool
    deletions: tuple[tuple[int, int], ...]
    chain: tuple[int, ...]

    def __repr__(self) -> str:
        return (f"<LoopFind {'Grouped ' if self.grouped else ''}{self.kind} "
                f"-{len(self.deletions)} chain {len(self.chain)}>")


class _Tables:
    """The direct lists and the nodes' cells, digits and buddies."""

    def __init__(self, board: Board, with_groups: bool) -> None:
        self.board = board
        direct: dict[int, list[int]] = {}
        premises: list[int] = []
        _chain_lists(board, direct, premises)
        self.groups = _groups_of(board.planes) if with_groups else []
        if with_groups:
            _add_groups(board.planes, direct)
        self.direct = direct
        self.premises = premises

    def cell(self, node: int) -> int:
        """HoDoKu's ``getCellIndex``: the cell, a group node's lowest cell."""
        if node < _GROUP:
            return node % 81
        cells = self.groups[(node - _GROUP) // 2].cells
        return (cells & -cells).bit_length() - 1

    def cells(self, node: int) -> int:
        if node < _GROUP:
            return 1 << (node % 81)
        return self.groups[(node - _GROUP) // 2].cells

    def digit(self, node: int) -> int:
        if node < _GROUP:
            return (node % _OFF) // 81 + 1
        return self.groups[(node - _GROUP) // 2].digit

    @staticmethod
    def strong(node: int) -> bool:
        """An ON node (HoDoKu's ``isStrong``)."""
        return node < _OFF if node < _GROUP else (node - _GROUP) % 2 == 0

    def buddies(self, node: int) -> int:
        if node < _GROUP:
            return _PEERS[node % 81]
        return self.groups[(node - _GROUP) // 2].buddies


def _chain(entries: list[int], pred: list[int], at: int) -> list[int]:
    """The chain of entry ``at``, premise first (``buildChain`` then reversed)."""
    back = [entries[at]]
    while at:
        at = pred[at]
        back.append(entries[at])
    back.reverse()
    return back


def _lasso(tables: _Tables, chain: list[int], nice_loop: bool) -> bool:
    """Whether the chain meets a cell twice (``addChain``): each node's cells are checked
    against every node before the one before it; the start cell is exempt in a nice loop."""
    seen = 0
    first = tables.cell(chain[0])
    last = -1
    for node in chain:
        if seen >> tables.cell(node) & 1:
            return True
        if last >= 0 and (tables.cell(last) != first or not nice_loop):
            seen |= tables.cells(last)
        last = node
    return False


def _nice_loop(
    tables: _Tables, entries: list[int], dist: list[int], pred: list[int], at: int
) -> LoopFind | None:
    """``checkNiceLoop`` on entry ``at`` (in the premise's cell)."""
    if dist[at] <= 2:
        return None
    chain = _chain(entries, pred, at)
    if len(chain) > 1 and tables.cell(chain[-1]) == tables.cell(chain[-2]):
        return None
    if _lasso(tables, chain, True):
        return None
    if tables.cell(chain[0]) == tables.cell(chain[1]):
        return None
    board = tables.board
    premise = entries[0]
    first_strong = tables.strong(entries[1])
    last_strong = tables.strong(entries[at])
    start_digit = tables.digit(premise)
    end_digit = tables.digit(entries[at])
    start = tables.cell(premise)
    out: list[tuple[int, int]] = []
    kind = _DISCONTINUOUS
    same = start_digit == end_digit
    held = bits(board.marks[start])
    if not first_strong and not last_strong and same:
        out.append((start, start_digit))
    elif first_strong and last_strong and same:
        out += [(start, d) for d in held if d != start_digit]
    elif first_strong != last_strong and not same:
        out.append((start, start_digit if not first_strong else end_digit))
    elif ((not first_strong and not last_strong and len(held) == 2 and not same)
          or (first_strong and last_strong and not same)
          or (first_strong != last_strong and same)):
        kind = _CONTINUOUS
        out = _continuous(tables, chain, start, start_digit, end_digit, first_strong,
                          last_strong)
    else:
        return None
    if not out:
        return None
    grouped = any(node >= _GROUP for node in chain)
    return LoopFind(kind, grouped, tuple(out), tuple(chain))


def _continuous(
    tables: _Tables, chain: list[int], start: int, start_digit: int, end_digit: int,
    first_strong: bool, last_strong: bool,
) -> list[tuple[int, int]]:
    """A continuous loop's deletions, in HoDoKu's order."""
    board = tables.board
    on_loop = 0
    for node in chain:
        on_loop |= tables.cells(node)
    last = len(chain) - 1
    out: list[tuple[int, int]] = []
    cell_of = tables.cell
    strong = tables.strong
    for i, node in enumerate(chain):
        # a cell with two strong links (the start, or an inner cell entered and left by
        # strong links across cells) keeps only their two digits
        two_strong = (i == 0 and first_strong and last_strong) or (
            i > 0 and strong(node) and i <= last - 2 and cell_of(chain[i - 1]) != cell_of(node)
            and not strong(chain[i + 1])
            and cell_of(node) == cell_of(chain[i + 1])
            and strong(chain[i + 2])
            and cell_of(chain[i + 1]) != cell_of(chain[i + 2])
        )
        if two_strong:
            if i == 0:
                keep = (start_digit, end_digit)
            else:
                keep = (tables.digit(node), tables.digit(chain[i + 2]))
            cell = cell_of(node)
            out += [(cell, d) for d in bits(board.marks[cell]) if d not in keep]
        if i > 0 and not strong(node) and cell_of(chain[i - 1]) != cell_of(node):
            digit = tables.digit(node)
            common = tables.buddies(chain[i - 1]) & tables.buddies(node)
            common &= ~on_loop & ~(1 << start) & board.planes[digit - 1]
            out += [(cell, digit) for cell in cells_of(common)]
    return out


def _aic(
    tables: _Tables, entries: list[int], dist: list[int], pred: list[int], at: int
) -> LoopFind | None:
    """``checkAic`` on the ON entry ``at`` of an OFF premise's table."""
    if dist[at] <= 2:
        return None
    board = tables.board
    premise, end_node = entries[0], entries[at]
    start, end = tables.cell(premise), tables.cell(end_node)
    start_digit, end_digit = tables.digit(premise), tables.digit(end_node)
    out: list[tuple[int, int]] = []
    if start_digit == end_digit:
        common = _PEERS[start] & _PEERS[end] & board.planes[start_digit - 1]
        if common.bit_count() > 1:
            out = [(cell, start_digit) for cell in cells_of(common) if cell != start]
    else:
        if board.marks[start] >> (end_digit - 1) & 1:
            out.append((start, end_digit))
        if board.marks[end] >> (start_digit - 1) & 1:
            out.append((end, start_digit))
    if not out:
        return None
    chain = _chain(entries, pred, at)
    if _lasso(tables, chain, False):
        return None
    grouped = any(node >= _GROUP for node in chain)
    return LoopFind(_AIC, grouped, tuple(out), tuple(chain))


def nice_loop_finds(board: Board, with_groups: bool) -> list[LoopFind]:
    """Every nice loop and AIC HoDoKu keeps (one per deletions and type, the shorter
    chain), in the order it records them."""
    return _finds(_Tables(board, with_groups))


def _expand_all(premises: np.ndarray, first_off: int, offsets: np.ndarray, targets: np.ndarray,
                group: int, limit: int, entries: np.ndarray, dist: np.ndarray,
                pred: np.ndarray, length: np.ndarray, where: np.ndarray, peer_lo: np.ndarray,
                peer_hi: np.ndarray, plane_lo: np.ndarray, plane_hi: np.ndarray,
                loops: np.ndarray, aics: np.ndarray, counts: np.ndarray) -> None:
    """Every premise's table (row ``p`` of ``entries``, ``dist``, ``pred``; ``length[p]``
    entries) from the direct lists (``targets[offsets[v]:offsets[v + 1]]``), HoDoKu's
    expansion; then the entries ``checkNiceLoops`` and ``checkAics`` look at, as (premise
    row, entry) pairs in their order: ``loops[:counts[0]]``, ``aics[:counts[1]]``. The
    premises from row ``first_off`` on are OFF premises. Cell sets are two words, cells
    0-40 and 41-80: each cell's peers, each digit's candidates. ``where`` (one slot a node,
    all -1) is scratch."""
    n_loops = 0
    n_aics = 0
    for p in range(premises.shape[0]):
        premise = premises[p]
        entries[p, 0] = premise
        dist[p, 0] = 0
        pred[p, 0] = 0
        where[premise] = 0
        n = 1
        for k in range(offsets[premise], offsets[premise + 1]):
            if n >= limit:
                break
            node = targets[k]
            if node < group and where[node] >= 0:
                continue
            where[node] = n
            entries[p, n] = node
            dist[p, n] = 1
            pred[p, n] = 0
            n += 1
        first_expanded = n
        j = 1
        while j < n and n < limit:
            step = dist[p, j] + 1
            v = entries[p, j]
            for k in range(offsets[v], offsets[v + 1]):
                node = targets[k]
                at = where[node]
                if at >= 0:
                    if at >= first_expanded and dist[p, at] > step:
                        dist[p, at] = step
                        pred[p, at] = j
                elif n < limit:
                    where[node] = n
                    entries[p, n] = node
                    dist[p, n] = step
                    pred[p, n] = j
                    n += 1
            j += 1
        length[p] = n
        for i in range(n):
            where[entries[p, i]] = -1
        start = premise % 81
        start_digit = (premise % 729) // 81 + 1
        for i in range(1, n):
            node = entries[p, i]
            if node >= group or dist[p, i] <= 2:
                continue
            cell = node % 81
            if cell == start:
                loops[n_loops, 0] = p
                loops[n_loops, 1] = i
                n_loops += 1
            elif p >= first_off and node < 729:
                digit = node // 81 + 1
                if digit == start_digit:
                    # at least two cells holding the digit see both ends
                    lo = peer_lo[start] & peer_lo[cell] & plane_lo[digit]
                    hi = peer_hi[start] & peer_hi[cell] & plane_hi[digit]
                    hit = (lo & (lo - 1)) != 0 or (hi & (hi - 1)) != 0 or (lo != 0 and hi != 0)
                else:
                    hit = (_has(peer_lo[start], peer_hi[start], cell)
                           and _has(plane_lo[start_digit], plane_hi[start_digit], cell)
                           and _has(plane_lo[digit], plane_hi[digit], start))
                if hit:
                    aics[n_aics, 0] = p
                    aics[n_aics, 1] = i
                    n_aics += 1
    counts[0] = n_loops
    counts[1] = n_aics


def _has(lo: int, hi: int, cell: int) -> bool:
    """Whether a two-word cell set holds ``cell``."""
    if cell < 41:
        return (lo >> cell) & 1 == 1
    return (hi >> (cell - 41)) & 1 == 1


KERNELS = Kernels((_expand_all,), helpers=(_has,))

_LOW = (1 << 41) - 1
_PEER_LO = np.array([p & _LOW for p in _PEERS], dtype=np.int64)
_PEER_HI = np.array([p >> 41 for p in _PEERS], dtype=np.int64)


def _finds(tables: _Tables) -> list[LoopFind]:
    on_premises = [p for p in tables.premises if p < _OFF]
    off_premises = [p for p in tables.premises if p >= _OFF]
    premises = on_premises + off_premises
    if not premises:
        return []
    direct = tables.direct
    size = max(max(direct) + 1, _GROUP)
    empty: list[int] = []
    lists = [direct.get(node, empty) for node in range(size)]
    offsets = np.zeros(size + 1, dtype=np.int64)
    np.cumsum([len(listed) for listed in lists], out=offsets[1:])
    flat = np.fromiter(itertools.chain.from_iterable(lists), dtype=np.int32,
                       count=int(offsets[-1]))
    planes = (0, *tables.board.planes)
    plane_lo = np.array([plane & _LOW for plane in planes], dtype=np.int64)
    plane_hi = np.array([plane >> 41 for plane in planes], dtype=np.int64)
    count = len(premises)
    entries = np.empty((count, TABLE_LIMIT), dtype=np.int32)
    dist = np.empty((count, TABLE_LIMIT), dtype=np.int32)
    pred = np.empty((count, TABLE_LIMIT), dtype=np.int32)
    length = np.zeros(count, dtype=np.int32)
    where = np.full(size, -1, dtype=np.int32)
    loops = np.empty((count * TABLE_LIMIT, 2), dtype=np.int32)
    aics = np.empty((count * TABLE_LIMIT, 2), dtype=np.int32)
    counts = np.zeros(2, dtype=np.int64)
    KERNELS.expand_all(np.array(premises, dtype=np.int32), len(on_premises), offsets, flat,
                       _GROUP, TABLE_LIMIT, entries, dist, pred, length, where, _PEER_LO,
                       _PEER_HI, plane_lo, plane_hi, loops, aics, counts)
    kept: list[LoopFind] = []
    index: dict[tuple[tuple[tuple[int, int], ...], str, bool], int] = {}

    def keep(found: LoopFind | None) -> None:
        if found is None:
            return
        key = (tuple(sorted(found.deletions, key=lambda cd: (cd[1], cd[0]))), found.kind,
               found.grouped)
        old = index.get(key)
        if old is not None and len(kept[old].chain) <= len(found.chain):
            return
        index[key] = len(kept)
        kept.append(found)

    rows: dict[int, tuple[list[int], list[int], list[int]]] = {}

    def row(p: int) -> tuple[list[int], list[int], list[int]]:
        if p not in rows:
            n = int(length[p])
            rows[p] = (entries[p, :n].tolist(), dist[p, :n].tolist(), pred[p, :n].tolist())
        return rows[p]

    for p, at in loops[:int(counts[0])].tolist():
        keep(_nice_loop(tables, *row(p), at))
    for p, at in aics[:int(counts[1])].tolist():
        keep(_aic(tables, *row(p), at))
    return kept


def _compare(a: LoopFind, b: LoopFind) -> int:
    """``SolutionStep.compareTo`` for these steps."""
    if len(a.deletions) != len(b.deletions):
        return len(b.deletions) - len(a.deletions)
    same = (a.kind, a.grouped) == (b.kind, b.grouped) and (
        sorted(set(a.deletions)) == sorted(set(b.deletions)))
    if not same:
        return weight(list(a.deletions)) - weight(list(b.deletions))
    return len(a.chain) - len(b.chain)


def nice_loop_step(board: Board, with_groups: bool) -> Step | None:
    """HoDoKu's Nice Loop/AIC step (its grouped search when ``with_groups``), or None."""
    if board.n != 9:
        return None
    tables = _Tables(board, with_groups)
    finds = _finds(tables)
    if not finds:
        return None
    best = sorted(finds, key=functools.cmp_to_key(_compare))[0]
    return _step(best, tables)


def _name(cells: int) -> str:
    found = cells_of(cells)
    rows = sorted({c // 9 + 1 for c in found})
    cols = sorted({c % 9 + 1 for c in found})
    return "r" + "".join(map(str, rows)) + "c" + "".join(map(str, cols))


def _node_text(node: int, tables: _Tables) -> str:
    sign = "=" if tables.strong(node) else "<>"
    return f"{_name(tables.cells(node))}{sign}{tables.digit(node)}"


def _step(found: LoopFind, tables: _Tables) -> Step:
    """The grille step: deletions once each, by digit then cell (the order HoDoKu applies
    them in, after sorting them for its key)."""
    order = sorted(set(found.deletions), key=lambda cd: (cd[1], cd[0]))
    eliminations = tuple((cell // 9, cell % 9, digit) for cell, digit in order)
    chain = " -> ".join(_node_text(node, tables) for node in found.chain)
    removed = ", ".join(f"r{c // 9 + 1}c{c % 9 + 1}<>{d}" for c, d in order)
    kind = f"Grouped {found.kind}" if found.grouped else found.kind
    name = "Grouped Nice Loop/AIC" if found.grouped else "Nice Loop/AIC"
    cells = tuple(dict.fromkeys((cell // 9, cell % 9) for cell, _ in order))
    return Step(name, eliminations=eliminations, cells=cells,
                explanation=f"{kind}: {chain} => {removed}",
                difficulty=300.0 if found.grouped else 280.0, area="the whole grid")
