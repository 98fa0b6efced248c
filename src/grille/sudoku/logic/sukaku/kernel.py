"""Compiled searches for the Sukaku scale's techniques: which chain or wing comes first.

:mod:`search` finds a digit's strong-link chains by walking every path
of 2 to 4 links and building each candidate chain as Python objects, and finds WXYZ/VWXYZ-Wings by
trying every set of wing cells with every bivalue cell; then it sorts what it found in Sukaku's
order. The kernels here run the same searches on arrays (compiled through :mod:`grille.engine._jit`)
and keep, instead of a sorted list, the least of Sukaku's sort keys, encoded as integers that
order the same way:

- :func:`_chain_scan`, for one digit: for each number of links, the least key (value in
  tenths, eliminations negated, pattern code, link-kind rank, links, QuickPerm rank, direction
  bits) and the path (its links, the end each is entered by). The link readings of a house
  come from a table :mod:`search` builds with its own reading code, so
  links and their order are the same; the links that may follow each link end are listed once per
  digit (:func:`_join_links`), and the search walks those lists. A chain is walked from both ends
  and kept in the direction Sukaku reports (its first link before its last); no two chains
  share a key, so the least does not depend on the walking order.
- :func:`_wing_scan`: the least (value, eliminations negated, pattern code negated, wing
  cells, bivalue cell) over every wing, and the wing cells and bivalue cell.

:mod:`search` then rebuilds the one winning chain or wing with its own
code and explains it. Sets of cells are two words: cells 0-53, then cells 54-80.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import numpy as np

from grille.engine._jit import Kernels, per_thread
from grille.engine.kernel_helpers import popcount as _popcount
from grille.sudoku.geometry import Shape

__all__ = [
    "PERM_RADIX",
    "ChainKey",
    "ChainPath",
    "ChainTables",
    "best_chains",
    "best_wing",
    "enabled",
    "split",
]

Array = Any
"""A NumPy integer array."""

SIZE = 9
CELLS = SIZE * SIZE
SPLIT = 54
"""Cells below go to the first word of a cell set, the others to the second."""
MOST_LINKS = 4
MAX_LINKS = 3 * SIZE * 2
"""Links of a digit at most: 27 houses, each read at most two ways."""
COMBO_BASE = 3 * SIZE * 2
"""Radix of a link's code (kind, house index, reading) in the key of a chain's links."""
PERM_RADIX = 4
"""Radix of a permutation's code in the QuickPerm rank table."""
VALUE_TENTHS = (0, 0, 40, 54, 58)
"""Value of a chain of k plain links in lines of one kind, in tenths."""

# Fields of a row of the link table.
L_KIND, L_INDEX, L_CODE, L_GROUPED, L_PLACES, L_HOUSE, L_END = 0, 1, 2, 3, 4, 6, 8
END_FIELDS = 5
"""An end's fields from ``L_END + END_FIELDS * end``: seen (two words), column, row, box."""
LINK_FIELDS = L_END + 2 * END_FIELDS
KEY_FIELDS = 7
"""A chain's key: value, -total, pattern code, kind rank, links, QuickPerm rank, directions."""
WING_KEY_FIELDS = 5
"""A wing's key: value, -eliminations, -pattern code, wing cells, bivalue cell."""
WING_PIVOT = WING_KEY_FIELDS + MOST_LINKS
"""Where a wing's bivalue cell follows its key and cells in the wing result."""


@dataclass(frozen=True, slots=True)
class ChainTables:
    """The geometry the chain kernel reads, in :mod:`search`'s
    (Sukaku's) order.

    ``houses[kind * 9 + index]`` are a house's cells; ``readings[kind, places]`` (places as
    9 bits of house positions) hold up to two readings of two ends, each end as
    ``[count, position, position, position]``; ``perm_rank[k, code]`` is QuickPerm's rank of
    the permutation with base-4 digits ``code``.
    """

    houses: Array
    house_masks: Array
    peers: Array
    lines: Array
    """(column, row, box) of each cell."""
    reading_count: Array
    readings: Array
    perm_rank: Array

    def arrays(self) -> tuple[Array, ...]:
        """The tables in the order the chain kernel unpacks them."""
        return (self.houses, self.house_masks, self.peers, self.lines, self.reading_count,
                self.readings, self.perm_rank)


# -- cell sets --------------------------------------------------------------------------------


def split(mask: int) -> tuple[int, int]:
    """A bitmask of cells as the kernels' two words."""
    return mask & ((1 << SPLIT) - 1), mask >> SPLIT


def _word(cell: int) -> int:
    """The word of ``cell`` in a cell set."""
    return 0 if cell < SPLIT else 1


def _bit(cell: int) -> int:
    """The bit of ``cell`` in its word."""
    return 1 << (cell if cell < SPLIT else cell - SPLIT)


# -- strong-link chains -------------------------------------------------------------------------


def _build_links(plane0: int, plane1: int, tables_houses: Array, house_masks: Array, peers: Array,
                 lines: Array, reading_count: Array, readings: Array, links: Array) -> int:
    """Fill ``links`` with the strong links of a digit whose candidates are the cells of
    ``plane0`` and ``plane1``, in :mod:`search`'s order; return how many."""
    count = 0
    for house in range(3 * SIZE):
        kind = house // SIZE
        places = 0
        w0 = 0
        w1 = 0
        for pos in range(SIZE):
            cell = tables_houses[house, pos]
            if cell < SPLIT and plane0 & _bit(cell):
                places |= 1 << pos
                w0 |= _bit(cell)
            elif cell >= SPLIT and plane1 & _bit(cell):
                places |= 1 << pos
                w1 |= _bit(cell)
        grouped = 1 if _popcount(places) > 2 else 0
        for variant in range(reading_count[kind, places]):
            row = links[count]
            row[L_KIND] = kind
            row[L_INDEX] = house % SIZE
            row[L_CODE] = house * 2 + variant
            row[L_GROUPED] = grouped
            row[L_PLACES] = w0
            row[L_PLACES + 1] = w1
            row[L_HOUSE] = house_masks[house, 0]
            row[L_HOUSE + 1] = house_masks[house, 1]
            for end in range(2):
                at = L_END + END_FIELDS * end
                seen0 = (1 << SPLIT) - 1
                seen1 = (1 << (CELLS - SPLIT)) - 1
                column = -2
                line_row = -2
                box = -2
                for i in range(readings[kind, places, variant, end, 0]):
                    cell = tables_houses[house, readings[kind, places, variant, end, 1 + i]]
                    seen0 &= peers[cell, 0]
                    seen1 &= peers[cell, 1]
                    column = _common(column, lines[cell, 0])
                    line_row = _common(line_row, lines[cell, 1])
                    box = _common(box, lines[cell, 2])
                row[at] = seen0
                row[at + 1] = seen1
                row[at + 2] = column
                row[at + 3] = line_row
                row[at + 4] = box
            count += 1
    return count


def _common(so_far: int, value: int) -> int:
    """The line shared so far (-2 before the first cell, -1 once two cells differ)."""
    if so_far == -2 or so_far == value:
        return value
    return -1


def _share(links: Array, a: int, end_a: int, b: int, end_b: int) -> int:
    """The house (kind * 9 + index) holding both ends, a column first, then a row, then a
    box; -1 if none."""
    at_a = L_END + END_FIELDS * end_a
    at_b = L_END + END_FIELDS * end_b
    column: int = links[a, at_a + 2]
    if column >= 0 and column == links[b, at_b + 2]:
        return 2 * SIZE + column
    row: int = links[a, at_a + 3]
    if row >= 0 and row == links[b, at_b + 3]:
        return SIZE + row
    box: int = links[a, at_a + 4]
    if box == links[b, at_b + 4] and box >= 0:
        return box
    return -1


def _least_line_name(kinds: Array, k: int) -> int:
    """Sukaku's ``rLineName`` of the chain's kinds (read in their lesser direction), as the
    number its digits spell."""
    reverse = False
    for i in range(k):
        if kinds[i] != kinds[k - 1 - i]:
            reverse = kinds[k - 1 - i] < kinds[i]
            break
    has_row = False
    original = 0
    swapped = 0
    backward = 0
    for i in range(k):
        kind = kinds[k - 1 - i] if reverse else kinds[i]
        has_row = has_row or kind == 1
        original = original * 10 + kind
        swapped = swapped * 10 + (0 if kind == 0 else 3 - kind)
    if not has_row:
        folded = 0
        for i in range(k):
            kind = kinds[k - 1 - i] if reverse else kinds[i]
            folded = folded * 10 + (1 if kind == 2 else kind)
        return folded
    rest = swapped
    for _ in range(k):
        backward = backward * 10 + rest % 10
        rest //= 10
    return min(original, swapped, backward)


def _chain_value(k: int, grouped: int, line_name: int) -> int:
    """Sukaku's value of a chain in tenths."""
    base = VALUE_TENTHS[k]
    if grouped:
        return base + 3
    has_box = False
    has_two = False
    rest = line_name
    for _ in range(k):
        digit = rest % 10
        has_box = has_box or digit == 0
        has_two = has_two or digit == 2
        rest //= 10
    if has_box and has_two:
        return base + 2
    if has_box or has_two:
        return base + 1
    return base


def _consider(k: int, plane0: int, plane1: int, links: Array, house_masks: Array,
              perm_rank: Array, path: Array, entry: Array, shares: Array, kinds: Array,
              key: Array, best: Array, best_path: Array) -> None:
    """Keep the chain along ``path[:k]`` in ``best[k]`` if Sukaku reports it in this direction,
    it eliminates and its key is the least so far."""
    first = path[0]
    last = path[k - 1]
    if first > last:
        return
    start_at = L_END + END_FIELDS * entry[0]
    end_at = L_END + END_FIELDS * (1 - entry[k - 1])
    ring = _share(links, first, entry[0], last, 1 - entry[k - 1])
    base0 = 0
    base1 = 0
    for i in range(k):
        base0 |= links[path[i], L_HOUSE]
        base1 |= links[path[i], L_HOUSE + 1]
    removed0 = links[first, start_at] & links[last, end_at] & plane0 & ~base0
    removed1 = links[first, start_at + 1] & links[last, end_at + 1] & plane1 & ~base1
    if ring < 0:
        for i in range(1, k):
            removed0 &= ~house_masks[shares[i], 0]
            removed1 &= ~house_masks[shares[i], 1]
        total = _popcount(removed0) + _popcount(removed1)
    else:
        if entry[0] != 0:
            return
        for i in range(1, k):
            if links[path[i], L_CODE] // 2 < links[first, L_CODE] // 2:
                return
        total = _popcount(removed0) + _popcount(removed1)
        for i in range(k - 1):
            out_at = L_END + END_FIELDS * (1 - entry[i])
            in_at = L_END + END_FIELDS * entry[i + 1]
            weak0 = links[path[i], out_at] & links[path[i + 1], in_at] & plane0 & ~base0
            weak1 = links[path[i], out_at + 1] & links[path[i + 1], in_at + 1] & plane1 & ~base1
            total += _popcount(weak0) + _popcount(weak1)
            removed0 |= weak0
            removed1 |= weak1
    if removed0 == 0 and removed1 == 0:
        return
    _chain_key(k, total, links, perm_rank, path, entry, kinds, key)
    for field in range(KEY_FIELDS):
        if key[field] != best[k, field]:
            if key[field] < best[k, field]:
                best[k, :KEY_FIELDS] = key[:KEY_FIELDS]
                best_path[k, :k] = path[:k]
                best_path[k, MOST_LINKS:MOST_LINKS + k] = entry[:k]
            return


def _chain_key(k: int, total: int, links: Array, perm_rank: Array, path: Array, entry: Array,
               kinds: Array, key: Array) -> None:
    """Write Sukaku's sort key of the chain into ``key``."""
    grouped = 0
    for i in range(k):
        kinds[i] = links[path[i], L_KIND]
        grouped += links[path[i], L_GROUPED]
    line_name = _least_line_name(kinds, k)
    ten = 1
    for _ in range(k):
        ten *= 10
    # the kinds sorted, for the kind rank
    for i in range(1, k):
        j = i
        while j > 0 and kinds[j - 1] > kinds[j]:
            kinds[j - 1], kinds[j] = kinds[j], kinds[j - 1]
            j -= 1
    kind_rank = 0
    for i in range(k):
        kind_rank |= 1 << (kinds[i] * k + i)
    combination = 0
    perm = 0
    directions = 0
    for i in range(k):
        rank = 0
        for j in range(k):
            if path[j] < path[i]:
                rank += 1
        perm = perm * PERM_RADIX + rank
        directions = directions * 2 + entry[i]
    for i in range(k):
        # the i-th least link's code
        for j in range(k):
            below = 0
            for m in range(k):
                if path[m] < path[j]:
                    below += 1
            if below == i:
                combination = combination * COMBO_BASE + links[path[j], L_CODE]
    key[0] = _chain_value(k, grouped, line_name)
    key[1] = -total
    key[2] = grouped * ten + line_name
    key[3] = kind_rank
    key[4] = combination
    key[5] = perm_rank[k, perm]
    key[6] = directions


def _join_links(count: int, links: Array, joins: Array, degree: Array) -> None:
    """For each link end ``2 * link + end`` the chain leaves by, the links it may go on to:
    ``joins[0, at, :degree[at]]`` as ``2 * link + entry end``, ``joins[1, at]`` the house the
    two ends share. Links sharing a place never follow each other."""
    for at in range(2 * count):
        link = at // 2
        joined = 0
        for step in range(2 * count):
            after = step // 2
            if (links[after, L_PLACES] & links[link, L_PLACES]
                    or links[after, L_PLACES + 1] & links[link, L_PLACES + 1]):
                continue
            shared = _share(links, link, at % 2, after, step % 2)
            if shared >= 0:
                joins[0, at, joined] = step
                joins[1, at, joined] = shared
                joined += 1
        degree[at] = joined


def _chain_scan(plane0: int, plane1: int, geometry: tuple[Array, ...],
                scratch: tuple[Array, ...]) -> None:
    """For each number of links k (2 to 4), the least key of the digit's chains in
    ``best[k]`` (``best[k, KEY_FIELDS]`` 1 when found) and their links and entry ends in
    ``best_path[k]``; ``geometry`` is :meth:`ChainTables.arrays`, ``scratch`` the work
    arrays ``(links, joins, degree, work, key, best, best_path)``."""
    houses, house_masks, peers, lines, reading_count, readings, perm_rank = geometry
    links, joins, degree, work, key, best, best_path = scratch
    count = _build_links(plane0, plane1, houses, house_masks, peers, lines, reading_count,
                         readings, links)
    _join_links(count, links, joins, degree)
    top = (1 << 62) - 1
    for k in range(MOST_LINKS + 1):
        best[k, :KEY_FIELDS] = top
    path = work[0]
    entry = work[1]
    shares = work[2]
    cursor = work[3]
    used0 = work[4]
    used1 = work[5]
    kinds = work[6]
    depth = 0
    cursor[0] = 0
    while depth >= 0:
        tried = cursor[depth]
        if depth == 0:
            if tried >= 2 * count:
                break
            step = tried
        else:
            leaving = 2 * path[depth - 1] + 1 - entry[depth - 1]
            if tried >= degree[leaving]:
                depth -= 1
                continue
            step = joins[0, leaving, tried]
        cursor[depth] = tried + 1
        link = step // 2
        if depth == 0:
            used0[0] = links[link, L_PLACES]
            used1[0] = links[link, L_PLACES + 1]
        else:
            if (links[link, L_PLACES] & used0[depth - 1]
                    or links[link, L_PLACES + 1] & used1[depth - 1]):
                continue
            shares[depth] = joins[1, leaving, tried]
            used0[depth] = used0[depth - 1] | links[link, L_PLACES]
            used1[depth] = used1[depth - 1] | links[link, L_PLACES + 1]
        path[depth] = link
        entry[depth] = step % 2
        if depth >= 1:
            _consider(depth + 1, plane0, plane1, links, house_masks, perm_rank, path, entry,
                      shares, kinds, key, best, best_path)
        if depth + 1 < MOST_LINKS:
            depth += 1
            cursor[depth] = 0
    for k in range(MOST_LINKS + 1):
        best[k, KEY_FIELDS] = 1 if best[k, 0] != top else 0


# -- wings --------------------------------------------------------------------------------------


def _wing_victims(digit: int, wing: Array, k: int, marks: Array, peers: Array, pattern0: int,
                  pattern1: int, planes: Array, pivot: int, with_pivot: bool) -> int:
    """How many cells lose ``digit``: they see every wing cell holding it (and the bivalue
    cell, if ``with_pivot``), outside the pattern."""
    seen0 = (1 << SPLIT) - 1
    seen1 = (1 << (CELLS - SPLIT)) - 1
    for i in range(k):
        if marks[wing[i]] >> (digit - 1) & 1:
            seen0 &= peers[wing[i], 0]
            seen1 &= peers[wing[i], 1]
    area0 = seen0 & ~pattern0 & planes[digit - 1, 0]
    area1 = seen1 & ~pattern1 & planes[digit - 1, 1]
    if with_pivot:
        area0 &= peers[pivot, 0]
        area1 &= peers[pivot, 1]
    return _popcount(area0) + _popcount(area1)


def _restricted(digit: int, wing: Array, k: int, marks: Array, peers: Array,
                pivot: int) -> bool:
    """Whether every wing cell holding ``digit`` sees the bivalue cell."""
    for i in range(k):
        cell = wing[i]
        if marks[cell] >> (digit - 1) & 1 and not peers[pivot, _word(cell)] & _bit(cell):
            return False
    return True


def _wing_key(k: int, wing: Array, union: int, pivot: int, marks: Array, peers: Array,
              planes: Array, key: Array) -> bool:
    """Write the key of the wing of ``wing[:k]`` with the bivalue cell ``pivot`` into ``key``;
    false if it eliminates nothing."""
    pair = marks[pivot]
    low = pair & -pair
    x = _popcount(low - 1) + 1
    z = _popcount((pair ^ low) - 1) + 1
    pattern0 = 0
    pattern1 = 0
    for i in range(k + 1):
        cell = wing[i] if i < k else pivot
        if cell < SPLIT:
            pattern0 |= _bit(cell)
        else:
            pattern1 |= _bit(cell)
    on_x = _restricted(x, wing, k, marks, peers, pivot)
    on_z = _restricted(z, wing, k, marks, peers, pivot)
    if not on_x and not on_z:
        return False
    double = False
    if on_x and on_z:
        weak = 0
        rest = union & ~pair
        while rest:
            bit = rest & -rest
            rest ^= bit
            digit = _popcount(bit - 1) + 1
            weak += _wing_victims(digit, wing, k, marks, peers, pattern0, pattern1, planes,
                                  pivot, False)
        strong_x = _wing_victims(x, wing, k, marks, peers, pattern0, pattern1, planes, pivot,
                                 True)
        strong_z = _wing_victims(z, wing, k, marks, peers, pattern0, pattern1, planes, pivot,
                                 True)
        removed = weak + strong_x + strong_z
        double = weak > 0 or (strong_z > 0 and strong_x > 0)
    else:
        removed = _wing_victims(z if on_x else x, wing, k, marks, peers, pattern0, pattern1,
                                planes, pivot, True)
    if removed == 0:
        return False
    biggest = 0
    size = 0
    for i in range(k):
        held = _popcount(marks[wing[i]])
        biggest = max(biggest, held)
        size += held
    # the pattern code's text "<1|2><biggest><size>" compared as text: size's digits padded
    size_code = size * 11 if size < 10 else (size // 10) * 11 + size % 10 + 1
    code = ((2 if double else 1) * 10 + biggest) * 110 + size_code
    off = abs(3 - biggest)
    key[0] = 55 + 1 - off if k == 3 else 62 + 2 - off
    key[1] = -removed
    key[2] = -code
    cells = 0
    for i in range(k):
        cells = cells * CELLS + wing[i]
    key[3] = cells
    key[4] = pivot
    return True


def _wing_scan(k: int, marks: Array, units: Array, peers: Array, work: Array, pairs: Array,
               key: Array, best: Array) -> int:
    """The least key of a wing of ``k`` cells in ``best``, then its cells and bivalue cell
    (``best`` starts with the bivalue cell -1); 1 if there is one, else 0."""
    planes = work[0:SIZE, 0:2]
    for d in range(SIZE):
        planes[d, 0] = 0
        planes[d, 1] = 0
    bivalue = 0
    for cell in range(CELLS):
        for d in range(SIZE):
            if marks[cell] >> d & 1:
                planes[d, _word(cell)] |= _bit(cell)
        if _popcount(marks[cell]) == 2:
            pairs[bivalue] = cell
            bivalue += 1
    open_cells = work[SIZE]
    chosen = work[SIZE + 1]
    unions = work[SIZE + 2]
    wing = work[SIZE + 3]
    found = 0
    for unit in range(units.shape[0]):
        count = 0
        for i in range(SIZE):
            cell = units[unit, i]
            if _popcount(marks[cell]) > 1:
                open_cells[count] = cell
                count += 1
        depth = 0
        chosen[0] = -1
        while depth >= 0:
            chosen[depth] += 1
            if chosen[depth] > count - (k - depth):
                depth -= 1
                continue
            union = marks[open_cells[chosen[depth]]] | (unions[depth - 1] if depth else 0)
            if _popcount(union) > k + 1:
                continue
            unions[depth] = union
            if depth + 1 < k:
                depth += 1
                chosen[depth] = chosen[depth - 1]
                continue
            if _popcount(union) == k + 1:
                found += _wing_pivots(k, union, chosen, open_cells, wing, marks, peers, planes,
                                      pairs[:bivalue], key, best)
    return 1 if found else 0


def _wing_pivots(k: int, union: int, chosen: Array, open_cells: Array, wing: Array,
                 marks: Array, peers: Array, planes: Array, pairs: Array, key: Array,
                 best: Array) -> int:
    """Try each bivalue cell of ``pairs`` with the wing cells ``open_cells[chosen[:k]]``;
    keep the least key in ``best``; return how many wings eliminate."""
    for i in range(k):
        cell = open_cells[chosen[i]]
        j = i
        while j > 0 and wing[j - 1] > cell:
            wing[j] = wing[j - 1]
            j -= 1
        wing[j] = cell
    found = 0
    for pivot in pairs:
        pair = marks[pivot]
        if pair & union != pair:
            continue
        sees = False
        inside = False
        for i in range(k):
            inside = inside or wing[i] == pivot
            sees = sees or bool(peers[pivot, _word(wing[i])] & _bit(wing[i]))
        if inside or not sees:
            continue
        if not _wing_key(k, wing, union, pivot, marks, peers, planes, key):
            continue
        found += 1
        if best[WING_PIVOT] < 0 or _less(key, best, WING_KEY_FIELDS):
            best[:WING_KEY_FIELDS] = key[:WING_KEY_FIELDS]
            best[WING_KEY_FIELDS:WING_KEY_FIELDS + k] = wing[:k]
            best[WING_PIVOT] = pivot
    return found


def _less(key: Array, best: Array, fields: int) -> bool:
    """Whether ``key[:fields]`` comes before ``best[:fields]``."""
    for field in range(fields):
        if key[field] != best[field]:
            return bool(key[field] < best[field])
    return False


KERNELS = Kernels(
    (_chain_scan, _wing_scan),
    helpers=(
        _popcount, _word, _bit, _common, _build_links, _share, _join_links, _least_line_name,
        _chain_value, _chain_key, _consider, _wing_victims, _restricted, _wing_key, _less,
        _wing_pivots,
    ),
)  # fmt: skip
"""The chain and wing scans, compiled or plain as :mod:`grille.engine._jit` decides."""


def enabled() -> bool:
    """Whether :mod:`search` uses these scans (they are compiled: numba present,
    ``GRILLE_JIT`` not 0)."""
    return KERNELS.compiled


# -- calling them -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Scratch:
    """One thread's work arrays."""

    links: Array
    joins: Array
    degree: Array
    work: Array
    key: Array
    best: Array
    best_path: Array
    wing: Array
    pairs: Array

    def chain_arrays(self) -> tuple[Array, ...]:
        """The chain kernel's work arrays, in the order it unpacks them."""
        return (self.links, self.joins, self.degree, self.work, self.key, self.best,
                self.best_path)


@per_thread
def _scratch() -> _Scratch:
    """This thread's work arrays."""
    return _Scratch(
        links=np.zeros((MAX_LINKS, LINK_FIELDS), dtype=np.int64),
        joins=np.zeros((2, 2 * MAX_LINKS, 2 * MAX_LINKS), dtype=np.int64),
        degree=np.zeros(2 * MAX_LINKS, dtype=np.int64),
        work=np.zeros((SIZE + 4, SIZE), dtype=np.int64),
        key=np.zeros(KEY_FIELDS, dtype=np.int64),
        best=np.zeros((MOST_LINKS + 1, KEY_FIELDS + 1), dtype=np.int64),
        best_path=np.zeros((MOST_LINKS + 1, 2 * MOST_LINKS), dtype=np.int64),
        wing=np.zeros(WING_PIVOT + 1, dtype=np.int64),
        pairs=np.zeros(CELLS, dtype=np.int64),
    )


ChainKey = tuple[int, ...]
"""A chain's sort key as integers, ordered as Sukaku sorts (the digit is not in it)."""
ChainPath = tuple[tuple[int, int], ...]
"""A chain's links, as (code, entry end): a link's code is its house (kind * 9 + index)
times 2 plus its reading (0 or 1)."""


def best_chains(plane: int, tables: ChainTables) -> dict[int, tuple[ChainKey, ChainPath]]:
    """For each number of links (2 to 4), the key and path of the digit's first chain in
    Sukaku's order, the digit's candidates being the cells of ``plane``."""
    scratch = _scratch()
    plane0, plane1 = split(plane)
    KERNELS.chain_scan(plane0, plane1, tables.arrays(), scratch.chain_arrays())
    found: dict[int, tuple[ChainKey, ChainPath]] = {}
    for k in range(2, MOST_LINKS + 1):
        if scratch.best[k, KEY_FIELDS]:
            key = tuple(int(field) for field in scratch.best[k, :KEY_FIELDS])
            row = scratch.best_path[k]
            path = tuple(
                (int(scratch.links[row[i], L_CODE]), int(row[MOST_LINKS + i])) for i in range(k)
            )
            found[k] = (key, path)
    return found


@functools.cache
def _wing_tables() -> tuple[Array, Array]:
    """(cells of each unit, as the board lists them; each cell's peers as two words)."""
    shape = Shape(3, 3)
    units = np.array(shape.units, dtype=np.int64)
    peers = np.array([split(sum(1 << peer for peer in cells)) for cells in shape.peers],
                     dtype=np.int64)
    return units, peers


def best_wing(marks: tuple[int, ...], k: int) -> tuple[tuple[int, ...], int] | None:
    """The wing cells and bivalue cell of Sukaku's first wing of ``k`` cells on a 9x9 board
    with candidates ``marks`` (none in a filled cell, as a Board keeps them), or ``None``."""
    scratch = _scratch()
    units, peers = _wing_tables()
    marks_array = np.array(marks, dtype=np.int64)
    best = scratch.wing
    best[:] = -1
    wing_scan = KERNELS.wing_scan
    if not wing_scan(k, marks_array, units, peers, scratch.work, scratch.pairs, scratch.key,
                     best):
        return None
    cells = tuple(int(cell) for cell in best[WING_KEY_FIELDS:WING_KEY_FIELDS + k])
    return cells, int(best[WING_PIVOT])
