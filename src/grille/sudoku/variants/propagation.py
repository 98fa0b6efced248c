"""What a constraint gives the exact solver: all-different units and candidate filters.

Each constraint class answers ``solver_parts(size, variant)`` with :class:`Parts`: groups of
cells whose digits all differ (the solver turns them into peers, and full-size ones into
hidden singles) and :class:`Filter` objects that narrow candidate bit masks (bit ``d - 1``
for digit ``d``). Filters are generic (a relation between two cells, a linear sum, a cage,
a run of consecutive digits, a sandwich, a fixed set of digits): the families compose them.

Every filter is *sound* (it never removes a digit some solution of its own constraint keeps,
given the other cells' candidates) and *exact once every cell it watches is fixed* (it then
fails unless the constraint holds), so propagation plus search counts solutions exactly.
"""

from __future__ import annotations

import functools
import itertools
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field

__all__ = [
    "CageSum",
    "Filter",
    "LinearSum",
    "Parts",
    "Relation",
    "Restrict",
    "SandwichSum",
    "SumTo",
    "Window",
    "relation",
]

Masks = list[int]
"""Candidate bit masks, one per cell (row-major); bit ``d - 1`` set when ``d`` may go there."""


def _bits_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_SMALL = tuple(tuple(_bits_of(mask)) for mask in range(1 << 9))


def _bits(mask: int) -> Sequence[int]:
    """The set bits of ``mask`` (0-based digit indices); a table up to 9 bits."""
    return _SMALL[mask] if mask < 512 else _bits_of(mask)


def _keep(masks: Masks, cells: Sequence[int], allowed: int, changed: list[int]) -> bool:
    """Narrow each of ``cells`` to the digits of ``allowed``, noting the cells changed in
    ``changed``; False when a cell is left with none."""
    for cell in cells:
        old = masks[cell]
        new = old & allowed
        if not new:
            return False
        if new != old:
            masks[cell] = new
            changed.append(cell)
    return True


class Filter(ABC):
    """Narrows the candidates of its ``cells``; ``run`` returns the cells it changed, or
    ``None`` when no digit is left for one of them (a contradiction)."""

    cells: tuple[int, ...]

    @abstractmethod
    def run(self, masks: Masks) -> list[int] | None:
        """Narrow ``masks`` in place."""

    def with_peers(self, peers: Sequence[Collection[int]], size: int) -> Filter:
        """This filter knowing which cells must differ (``peers[cell]``, the whole model's,
        on a ``size`` grid); the model calls it once built. By default, itself."""
        return self


@dataclass(frozen=True, slots=True)
class Parts:
    """A constraint's part in the solver: ``units`` (cell index groups whose digits all
    differ), ``filters``, and ``regions`` True for jigsaw regions (they replace the boxes)."""

    units: tuple[tuple[int, ...], ...] = ()
    filters: tuple[Filter, ...] = ()
    regions: bool = False

    def __repr__(self) -> str:
        return f"Parts({len(self.units)} units, {len(self.filters)} filters)"


@dataclass(frozen=True, slots=True, eq=False)
class Restrict(Filter):
    """One cell keeps only the digits of ``mask`` (parity)."""

    cell: int
    mask: int
    cells: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", (self.cell,))

    def run(self, masks: Masks) -> list[int] | None:
        old = masks[self.cell]
        new = old & self.mask
        if not new:
            return None
        if new == old:
            return []
        masks[self.cell] = new
        return [self.cell]


@dataclass(frozen=True, slots=True, eq=False)
class Relation(Filter):
    """Two cells whose digits must stand in a relation: ``forward[i]`` is the mask of digits
    cell ``b`` may hold when ``a`` holds digit ``i + 1``; ``backward`` the converse."""

    a: int
    b: int
    forward: tuple[int, ...]
    backward: tuple[int, ...]
    cells: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", (self.a, self.b))

    def run(self, masks: Masks) -> list[int] | None:
        changed = []
        ma, mb = masks[self.a], masks[self.b]
        allowed_b = 0
        for bit in _bits(ma):
            allowed_b |= self.forward[bit]
        nb = mb & allowed_b
        if not nb:
            return None
        allowed_a = 0
        for bit in _bits(nb):
            allowed_a |= self.backward[bit]
        na = ma & allowed_a
        if not na:
            return None
        if na != ma:
            masks[self.a] = na
            changed.append(self.a)
        if nb != mb:
            masks[self.b] = nb
            changed.append(self.b)
        return changed


_TABLES: dict[tuple[int, str], tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _tables(size: int, name: str, test: Callable[[int, int], bool]
            ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    key = (size, name)
    if key not in _TABLES:
        forward = tuple(sum(1 << (y - 1) for y in range(1, size + 1) if test(x, y))
                        for x in range(1, size + 1))
        backward = tuple(sum(1 << (x - 1) for x in range(1, size + 1) if test(x, y))
                         for y in range(1, size + 1))
        _TABLES[key] = forward, backward
    return _TABLES[key]


_RELATIONS: dict[tuple[int, int, int, str], Relation] = {}
"""The relations made so far, by cells, size and name: a filter is an immutable value that
holds no search state, so puzzles share them (every puzzle with all XV or Kropki dots given
holds the same hundred-odd relations between neighbours)."""

_RELATIONS_CAP = 1 << 16
"""The most relations :data:`_RELATIONS` keeps (it starts afresh beyond)."""


def relation(a: int, b: int, size: int, name: str,
             test: Callable[[int, int], bool]) -> Relation:
    """The :class:`Relation` ``test(digit_a, digit_b)`` on a ``size`` grid; ``name`` keys the
    cached tables and relations (equal names must mean equal tests)."""
    key = (a, b, size, name)
    found = _RELATIONS.get(key)
    if found is None:
        if len(_RELATIONS) >= _RELATIONS_CAP:
            _RELATIONS.clear()
        forward, backward = _tables(size, name, test)
        found = _RELATIONS[key] = Relation(a, b, forward, backward)
    return found


@dataclass(frozen=True, slots=True, eq=False)
class LinearSum(Filter):
    """``sum(coefs[i] * digit(cells[i])) == total`` (repeats allowed), by bounds."""

    cells: tuple[int, ...]
    coefs: tuple[int, ...]
    total: int

    def run(self, masks: Masks) -> list[int] | None:
        changed: list[int] = []
        while True:
            lows, highs = [], []
            for cell, coef in zip(self.cells, self.coefs, strict=True):
                mask = masks[cell]
                if not mask:
                    return None
                low_digit = (mask & -mask).bit_length()
                high_digit = mask.bit_length()
                if coef > 0:
                    lows.append(coef * low_digit)
                    highs.append(coef * high_digit)
                else:
                    lows.append(coef * high_digit)
                    highs.append(coef * low_digit)
            low, high = sum(lows), sum(highs)
            if not low <= self.total <= high:
                return None
            again = False
            for i, (cell, coef) in enumerate(zip(self.cells, self.coefs, strict=True)):
                least = self.total - (high - highs[i])
                most = self.total - (low - lows[i])
                if least <= lows[i] and highs[i] <= most:
                    continue
                mask = masks[cell]
                keep = 0
                for bit in _bits(mask):
                    if least <= coef * (bit + 1) <= most:
                        keep |= 1 << bit
                if not keep:
                    return None
                if keep != mask:
                    masks[cell] = keep
                    changed.append(cell)
                    again = True
            if not again:
                return changed


def _shifted(sums: int, mask: int) -> int:
    """The sums reachable from ``sums`` (a bit set of totals) adding one digit of ``mask``."""
    out = 0
    for bit in _bits(mask):
        out |= sums << (bit + 1)
    return out


GROUP_CAP = 5
"""The most cells of one all-different group of a :class:`SumTo` (a longer clique is split:
its parts are cliques too); 3 on grids above 9x9, where the digit sets grow fast."""


@functools.lru_cache(maxsize=64)
def _subsets(size: int, cap: int) -> tuple[tuple[tuple[int, ...], ...],
                                            tuple[tuple[int, ...], ...]]:
    """Index ``k`` (0 to ``cap``): the masks of ``k`` different digits 1..size, and their
    sums (same order)."""
    masks, sums = [], []
    for count in range(cap + 1):
        combos = list(itertools.combinations(range(1, size + 1), count))
        masks.append(tuple(sum(1 << (d - 1) for d in combo) for combo in combos))
        sums.append(tuple(sum(combo) for combo in combos))
    return tuple(masks), tuple(sums)


def _add_sums(sums: int, group: int) -> int:
    """The totals reachable from ``sums`` (a bit set of totals) adding one total of ``group``
    (another bit set)."""
    out = 0
    while group:
        low = group & -group
        out |= sums << (low.bit_length() - 1)
        group ^= low
    return out


@dataclass(frozen=True, slots=True, eq=False)
class SumTo(Filter):
    """The digits of ``terms`` (repeats allowed) sum to ``total``, or to the digit of
    ``target`` when it is a cell (a one-cell arrow circle); exact support by the bit sets of
    the reachable partial sums.

    With ``starts`` (set by :meth:`with_peers`: the terms reordered so that group ``g`` is
    ``terms[starts[g]:starts[g + 1]]``, each group cells that see each other) the partial
    sums run over groups: a group's totals are those of the sets of different digits that
    fit it (each cell can take a digit of the set, each digit has a cell that can take it),
    and each cell keeps the digits of the fitting sets whose total some completion allows.
    A group of one cell is the plain case."""

    terms: tuple[int, ...]
    total: int
    target: int = -1
    starts: tuple[int, ...] = ()
    size: int = 0
    cells: tuple[int, ...] = field(init=False)
    subsets: tuple[tuple[int, ...], ...] = field(init=False)
    subset_sums: tuple[tuple[int, ...], ...] = field(init=False)

    def __post_init__(self) -> None:
        cells = self.terms if self.target < 0 else (self.target, *self.terms)
        object.__setattr__(self, "cells", cells)
        if self.starts:
            cap = max(b - a for a, b in itertools.pairwise(self.starts))
            masks, sums = _subsets(self.size, cap)
        else:
            masks, sums = (), ()
        object.__setattr__(self, "subsets", masks)
        object.__setattr__(self, "subset_sums", sums)

    def with_peers(self, peers: Sequence[Collection[int]], size: int) -> Filter:
        if self.starts:
            return self
        cap = GROUP_CAP if size <= 9 else 3
        groups: list[list[int]] = []
        for cell in self.terms:
            for group in groups:
                if len(group) < cap and all(cell != other and cell in peers[other]
                                            for other in group):
                    group.append(cell)
                    break
            else:
                groups.append([cell])
        if len(groups) == len(self.terms):
            return self
        starts = [0]
        for group in groups:
            starts.append(starts[-1] + len(group))
        terms = tuple(cell for group in groups for cell in group)
        return SumTo(terms, self.total, self.target, tuple(starts), size)

    def _totals(self, masks: Masks, reachable: int, changed: list[int]) -> int:
        """The totals the sum may take, as bits shifted by one (bit ``s`` for total ``s``),
        given ``reachable`` (bit ``s`` set when the terms can sum to ``s``): the fixed total,
        or the circle cell's digits, narrowed to what the terms reach (the circle's change
        noted in ``changed``); 0 when none is left."""
        if self.target < 0:
            totals = 1 << self.total
            return totals if reachable & totals else 0
        old = masks[self.target]
        digits = (reachable >> 1) & old
        if digits and digits != old:
            masks[self.target] = digits
            changed.append(self.target)
        return digits << 1

    def run(self, masks: Masks) -> list[int] | None:
        if self.starts:
            return self._run_groups(masks)
        terms = self.terms
        count = len(terms)
        prefix = [1]
        for cell in terms:
            prefix.append(_shifted(prefix[-1], masks[cell]))
        suffix = [1] * (count + 1)
        for i in range(count - 1, -1, -1):
            suffix[i] = _shifted(suffix[i + 1], masks[terms[i]])
        changed: list[int] = []
        totals = self._totals(masks, prefix[-1], changed)
        if not totals:
            return None
        for i, cell in enumerate(terms):
            others = 0
            for bit in _bits(prefix[i]):
                others |= suffix[i + 1] << bit
            old = masks[cell]
            new = 0
            for bit in _bits(old):
                if (others << (bit + 1)) & totals:
                    new |= 1 << bit
            if not new:
                return None
            if new != old:
                masks[cell] = new
                changed.append(cell)
        return changed

    def _run_groups(self, masks: Masks) -> list[int] | None:
        terms, starts = self.terms, self.starts
        groups = len(starts) - 1
        # the fitting digit sets of each group (flat, group g from fit_from[g]) and totals
        fit_masks: list[int] = []
        fit_sums: list[int] = []
        fit_from = [0] * (groups + 1)
        totals_of = [0] * groups
        for g in range(groups):
            lo, hi = starts[g], starts[g + 1]
            union = 0
            for i in range(lo, hi):
                union |= masks[terms[i]]
            sets, sums = self.subsets[hi - lo], self.subset_sums[hi - lo]
            reach = 0
            for j in range(len(sets)):
                combo = sets[j]
                if combo & ~union:
                    continue
                fits = True
                for i in range(lo, hi):
                    if not masks[terms[i]] & combo:
                        fits = False
                        break
                if fits:
                    fit_masks.append(combo)
                    fit_sums.append(sums[j])
                    reach |= 1 << sums[j]
            if not reach:
                return None
            totals_of[g] = reach
            fit_from[g + 1] = len(fit_masks)
        prefix = [1] * (groups + 1)
        for g in range(groups):
            prefix[g + 1] = _add_sums(prefix[g], totals_of[g])
        suffix = [1] * (groups + 1)
        for g in range(groups - 1, -1, -1):
            suffix[g] = _add_sums(suffix[g + 1], totals_of[g])
        changed: list[int] = []
        totals = self._totals(masks, prefix[groups], changed)
        if not totals:
            return None
        for g in range(groups):
            others = _add_sums(prefix[g], suffix[g + 1])
            keep = 0
            for j in range(fit_from[g], fit_from[g + 1]):
                if (others << fit_sums[j]) & totals:
                    keep |= fit_masks[j]
            if not _keep(masks, terms[starts[g]:starts[g + 1]], keep, changed):
                return None
        return changed


def _combos(size: int, count: int, total: int) -> tuple[int, ...]:
    """The masks of ``count`` different digits 1..size summing to ``total`` (increasing)."""
    return _combo_table(size).get((count, total), ())


@functools.lru_cache(maxsize=16)
def _combo_table(size: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """:func:`_combos` of every count and total on a ``size`` grid, found in one pass over
    the digit sets (a cage's first puzzle would otherwise search them per count and total,
    tens of microseconds each)."""
    sums = [0] * (1 << size)
    table: dict[tuple[int, int], list[int]] = {(0, 0): [0]}
    for mask in range(1, 1 << size):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + low.bit_length()
        table.setdefault((mask.bit_count(), sums[mask]), []).append(mask)
    return {key: tuple(masks) for key, masks in table.items()}


@dataclass(frozen=True, slots=True, eq=False)
class CageSum(Filter):
    """Different digits summing to ``total``: each cell keeps the digits of the digit sets
    that fit (every cell can take one of the set, the set within the cells' candidates)."""

    cells: tuple[int, ...]
    size: int
    total: int

    def run(self, masks: Masks) -> list[int] | None:
        domains = [masks[cell] for cell in self.cells]
        union = 0
        for mask in domains:
            union |= mask
        allowed = 0
        for combo in _combos(self.size, len(self.cells), self.total):
            if combo & ~union:
                continue
            if all(mask & combo for mask in domains):
                allowed |= combo
        changed: list[int] = []
        return changed if _keep(masks, self.cells, allowed, changed) else None


@dataclass(frozen=True, slots=True, eq=False)
class Window(Filter):
    """The cells' digits lie within ``len(cells)`` consecutive digits (renban; the cells are
    also a unit, so together they are a run). A run fits when every cell can take one of its
    digits and every digit of it has a cell that can take it (the cells hold the run whole)."""

    cells: tuple[int, ...]
    size: int

    def run(self, masks: Masks) -> list[int] | None:
        length = len(self.cells)
        run_mask = (1 << length) - 1
        domains = [masks[cell] for cell in self.cells]
        allowed, required = 0, -1
        for start in range(self.size - length + 1):
            window = run_mask << start
            covered = 0
            for mask in domains:
                if not mask & window:
                    covered = 0
                    break
                covered |= mask & window
            if covered == window:
                allowed |= window
                required &= window
        if not allowed:
            return None
        changed: list[int] = []
        if not _keep(masks, self.cells, allowed, changed):
            return None
        domains = [masks[cell] for cell in self.cells]
        # a digit every fitting run holds is on the line: alone in one cell, it goes there
        for bit in _bits(required):
            digit = 1 << bit
            places = [i for i, mask in enumerate(domains) if mask & digit]
            if not places:
                return None
            if len(places) == 1 and domains[places[0]] != digit:
                masks[self.cells[places[0]]] = domains[places[0]] = digit
                changed.append(self.cells[places[0]])
        return changed


@functools.lru_cache(maxsize=256)
def _inner_combos(size: int, total: int) -> tuple[tuple[int, ...], ...]:
    """Index ``m``: the masks of ``m`` different digits from 2 to ``size - 1`` summing to
    ``total`` (``m`` from 0 to ``size - 2``)."""
    return tuple(
        tuple(
            sum(1 << (d - 1) for d in combo)
            for combo in itertools.combinations(range(2, size), count)
            if sum(combo) == total
        )
        for count in range(size - 1)
    )


@dataclass(frozen=True, slots=True, eq=False)
class SandwichSum(Filter):
    """A row or column (``cells``, all different) whose digits between the 1 and the
    ``size`` sum to ``total``. Exact support over the placements: for each pair of places
    ``a < b`` that can hold the 1 and the n (either way round), each set of ``b - a - 1``
    different digits from 2 to n-1 summing to the total (``combos``, by gap length) fits when
    every cell between can take a digit of the set and every digit of the set has a cell
    between that can take it, and the same for the cells outside and the digits left; each
    cell keeps the digits some fitting placement gives it. A total of 0 is the 1 and the n
    side by side."""

    cells: tuple[int, ...]
    size: int
    total: int
    combos: tuple[tuple[int, ...], ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "combos", _inner_combos(self.size, self.total))

    def run(self, masks: Masks) -> list[int] | None:
        size = self.size
        one, top = 1, 1 << (size - 1)
        inner = ((1 << size) - 1) & ~(one | top)
        cells = self.cells
        length = len(cells)
        domains = [masks[cell] for cell in cells]
        allowed = [0] * length
        for a in range(length):
            at_a = domains[a]
            if not at_a & (one | top):
                continue
            for b in range(a + 1, length):
                at_b = domains[b]
                one_first = at_a & one and at_b & top
                top_first = at_a & top and at_b & one
                if not (one_first or top_first):
                    continue
                for combo in self.combos[b - a - 1]:
                    rest = inner & ~combo
                    fits = True
                    inside = outside = 0
                    for k in range(length):
                        if k in (a, b):
                            continue
                        if a < k < b:
                            mask = domains[k] & combo
                            inside |= mask
                        else:
                            mask = domains[k] & rest
                            outside |= mask
                        if not mask:
                            fits = False
                            break
                    if not fits or inside != combo or outside != rest:
                        continue
                    for k in range(length):
                        if a < k < b:
                            allowed[k] |= domains[k] & combo
                        elif k != a and k != b:
                            allowed[k] |= domains[k] & rest
                    if one_first:
                        allowed[a] |= one
                        allowed[b] |= top
                    if top_first:
                        allowed[a] |= top
                        allowed[b] |= one
        changed = []
        for i in range(length):
            mask = domains[i]
            new = mask & allowed[i]
            if not new:
                return None
            if new != mask:
                masks[cells[i]] = new
                changed.append(cells[i])
        return changed


def pairs_apart(size: int, moves: Sequence[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    """Two-cell units: each pair of cells one of ``moves`` apart (anti-knight, anti-king);
    the same tuple for every puzzle of a size (remembered when ``moves`` is a tuple)."""
    if isinstance(moves, tuple):
        return _pairs_apart(size, moves)
    return _pairs_apart.__wrapped__(size, tuple(moves))


@functools.lru_cache(maxsize=64)
def _pairs_apart(size: int, moves: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    """:func:`pairs_apart`, computed."""
    out = set()
    for row in range(size):
        for col in range(size):
            for dr, dc in moves:
                r, c = row + dr, col + dc
                if 0 <= r < size and 0 <= c < size:
                    a, b = row * size + col, r * size + c
                    out.add((min(a, b), max(a, b)))
    return tuple(sorted(out))
