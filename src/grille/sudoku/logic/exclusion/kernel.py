"""One compiled search for aligned pair and triplet exclusion: which base cells remove something.

:mod:`aligned` tries base cells in Sudoku Explainer's order and keeps
the first combination whose fillings rule out a candidate. Done from Python, each try builds bitsets
of every filling, and a board has thousands of tries. :func:`first_bases` runs the same search in
one kernel call (:func:`_scan`, compiled through :mod:`grille.engine._jit`): base cells, their
excluders and the order they are tried in are exactly
:mod:`aligned`'s. It skips what cannot remove anything: thirds that
do not see two of the pair's shared excluders, triplets already tried from another of their pairs,
tries without an excluder the base cells can empty; and a try stops as soon as every candidate is
used by a possible filling. Python then explains the winning combination alone.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from grille.engine._jit import Kernels
from grille.sudoku.geometry import Shape

__all__ = ["first_bases", "is_compiled"]

Array = Any
"""A NumPy integer array."""

WORD = 63
"""Cells per word of a bitset of cells (the sign bit stays clear)."""


@dataclass(frozen=True, slots=True)
class _Topo:
    """A shape's peers, as one bitset of ``words`` words per cell."""

    peer_sets: Array
    words: int


@functools.cache
def _topo(shape: Shape) -> _Topo:
    cells = shape.cell_count
    words = (cells + WORD - 1) // WORD
    peer_sets = np.zeros(cells * words, dtype=np.int64)
    for cell in range(cells):
        for peer in shape.peers[cell]:
            peer_sets[cell * words + peer // WORD] |= 1 << peer % WORD
    return _Topo(peer_sets, words)


# -- the kernel ---------------------------------------------------------------------------------


def _bitcount(mask: int) -> int:
    """How many bits ``mask`` (below 2**63) has set, without a loop or an overflow."""
    mask = mask - ((mask >> 1) & 0x5555555555555555)
    mask = (mask & 0x3333333333333333) + ((mask >> 2) & 0x3333333333333333)
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F0F
    mask = mask + (mask >> 8)
    mask = mask + (mask >> 16)
    mask = mask + (mask >> 32)
    return int(mask & 0x7F)


def _bit(cell: int) -> int:
    """The bit of ``cell`` in its word of a bitset of cells."""
    return 1 << int(cell % WORD)


def _sees(peer_sets: Array, words: int, a: int, b: int) -> bool:
    """Whether cells ``a`` and ``b`` are peers."""
    return bool(peer_sets[a * words + b // WORD] >> (b % WORD) & 1)


def _two_or_more(bitset: Array, words: int) -> bool:
    """Whether the bitset ``bitset[:words]`` holds two cells or more."""
    seen = False
    for w in range(words):
        word = bitset[w]
        if word:
            if seen or word & (word - 1):
                return True
            seen = True
    return False


def _eliminates(
    m0: int, m1: int, m2: int, s01: bool, s02: bool, s12: bool, locks: Array, nlocks: int
) -> bool:
    """Whether base cells with candidates ``m0``, ``m1`` (and ``m2``, or 0 for a pair),
    where ``s01`` ... tell which see each other, remove a candidate: some candidate is used by
    no possible filling. A filling is impossible when it repeats a digit in two cells that see
    each other or takes all the candidates of a lock (``locks[:nlocks]``).

    Each candidate not yet used by a possible filling looks for one that uses it, trying the
    other cells' unused candidates first.
    """
    used0 = 0
    used1 = 0
    used2 = 0
    for i in range(3):
        rest = (m0, m1, m2)[i]
        while rest:
            digit = rest & -rest
            rest ^= digit
            if digit & (used0, used1, used2)[i]:
                continue
            filling = _witness(
                digit if i == 0 else m0, digit if i == 1 else m1, digit if i == 2 else m2,
                used0, used1, used2, s01, s02, s12, locks, nlocks,
            )
            if filling < 0:
                return True
            used0 |= 1 << (filling & 0xFF)
            used1 |= 1 << (filling >> 8 & 0xFF)
            if m2:
                used2 |= 1 << (filling >> 16)
    return False


def _witness(
    m0: int,
    m1: int,
    m2: int,
    used0: int,
    used1: int,
    used2: int,
    s01: bool,
    s02: bool,
    s12: bool,
    locks: Array,
    nlocks: int,
) -> int:
    """A possible filling of cells with candidates ``m0``, ``m1`` (and ``m2`` unless 0), as
    its digits' bit positions (8 bits each, first cell lowest), or -1 when there is none.
    Each cell's candidates outside ``used0`` ... are tried first."""
    for pass0 in range(2):
        rest0 = m0 & ~used0 if pass0 == 0 else m0 & used0
        while rest0:
            b0 = rest0 & -rest0
            rest0 ^= b0
            for pass1 in range(2):
                rest1 = m1 & ~used1 if pass1 == 0 else m1 & used1
                while rest1:
                    b1 = rest1 & -rest1
                    rest1 ^= b1
                    if s01 and b0 == b1:
                        continue
                    for pass2 in range(2):
                        # a pair has no third cell: one pass with a dummy digit
                        rest2 = (m2 & ~used2 if pass2 == 0 else m2 & used2) if m2 else 1 - pass2
                        while rest2:
                            b2 = rest2 & -rest2
                            rest2 ^= b2
                            if m2 and ((s02 and b2 == b0) or (s12 and b2 == b1)):
                                continue
                            taken = b0 | b1 | b2 if m2 else b0 | b1
                            if not _covers(taken, locks, nlocks):
                                return (_bitcount(b0 - 1) | _bitcount(b1 - 1) << 8
                                        | _bitcount(b2 - 1) << 16)
    return -1


def _covers(taken: int, locks: Array, nlocks: int) -> bool:
    """Whether the digits ``taken`` hold every candidate of one of ``locks[:nlocks]``."""
    for k in range(nlocks):  # noqa: SIM110 - numba compiles no generator inside any()
        if locks[k] & ~taken == 0:
            return True
    return False


def _locks(marks: Array, union: int, shared: Array, words: int, locks: Array) -> int:
    """The excluders of the bitset ``shared`` whose candidates all belong to ``union`` (the
    base cells' candidates), as candidate masks into ``locks``; how many.

    Only they can be emptied by a filling (as in :mod:`aligned`'s
    ``_try``).
    """
    nlocks = 0
    for w in range(words):
        rest = shared[w]
        while rest:
            bit = rest & -rest
            rest ^= bit
            mask = marks[w * WORD + _bitcount(bit - 1)]
            if mask & ~union == 0:
                locks[nlocks] = mask
                nlocks += 1
    return nlocks


def _before(a: int, b: int, c: int, d: int) -> bool:
    """Whether the pair of base cells {a, b} comes before {c, d} (larger cell, then smaller)."""
    high_ab = max(a, b)
    high_cd = max(c, d)
    if high_ab != high_cd:
        return high_ab < high_cd
    return min(a, b) < min(c, d)


def _tried(
    first: int,
    second: int,
    third: int,
    first_excludes: bool,
    second_excludes: bool,
    sees_12: bool,
    sees_13: bool,
    sees_23: bool,
) -> bool:
    """Whether the triplet {first, second, third} (sharing two excluders or more) was already
    tried from an earlier pair, and so removes nothing.

    The same three cells come back from the pair of any two of them when the other is an
    excluder (``first_excludes`` ...) that sees one of the two (``sees_12``: first and second
    see each other ...); the eliminations depend only on the three cells, not on which is third.
    """
    if _before(first, third, first, second) and second_excludes and (sees_12 or sees_23):
        return True
    return _before(second, third, first, second) and first_excludes and (sees_12 or sees_13)


def _bases(
    cells: int,
    words: int,
    peer_sets: Array,
    marks: Array,
    degree: int,
    excluder: Array,
    excluders: Array,
    bases: Array,
    base_set: Array,
) -> int:
    """Fill in the excluder flags, each base cell's excluders (bitsets), the base cells in
    order and their bitset; how many base cells there are.

    An excluder is a cell with 2 .. ``degree`` candidates; a base cell has two candidates or
    more, no naked single among its peers and an excluder among them.
    """
    for cell in range(cells):
        count = _bitcount(marks[cell])
        excluder[cell] = 1 if 2 <= count <= degree else 0
    nbases = 0
    for cell in range(cells):
        if _bitcount(marks[cell]) < 2:
            continue
        single = False
        near = False
        for w in range(words):
            rest = peer_sets[cell * words + w]
            while rest:
                bit = rest & -rest
                rest ^= bit
                peer = w * WORD + _bitcount(bit - 1)
                if _bitcount(marks[peer]) == 1:
                    single = True
                if excluder[peer]:
                    excluders[cell * words + w] |= bit
                    near = True
        if near and not single:
            bases[nbases] = cell
            base_set[cell // WORD] |= _bit(cell)
            nbases += 1
    return nbases


def _scan(
    cells: int,
    words: int,
    peer_sets: Array,
    marks: Array,
    degree: int,
    found: Array,
) -> int:
    """:mod:`aligned`'s search: 1 with the base cells in ``found``, or 0 when none removes
    anything.

    Pairs of base cells go by their larger, then smaller, base index and must share two
    excluders or more. A triplet's third cell is a base cell that is an excluder of either,
    in cell order; only those that see two shared excluders or more (``twice``) keep two of
    them. Sets of cells are bitsets of ``words`` words of :data:`WORD` cells.
    """
    excluder = np.zeros(cells, dtype=np.uint8)
    excluders = np.zeros(cells * words, dtype=np.int64)
    bases = np.empty(cells, dtype=np.int32)
    base_set = np.zeros(words, dtype=np.int64)
    nbases = _bases(cells, words, peer_sets, marks, degree, excluder, excluders, bases, base_set)
    if nbases < degree:
        return 0
    common = np.empty(words, dtype=np.int64)
    once = np.empty(words, dtype=np.int64)
    twice = np.empty(words, dtype=np.int64)
    shared = np.empty(words, dtype=np.int64)
    locks = np.empty(cells, dtype=np.int64)
    for high in range(1, nbases):
        second = bases[high]
        for low in range(high):
            first = bases[low]
            for w in range(words):
                common[w] = excluders[first * words + w] & excluders[second * words + w]
            if not _two_or_more(common, words):
                continue
            m0 = marks[first]
            m1 = marks[second]
            sees_12 = _sees(peer_sets, words, first, second)
            if degree == 2:
                nlocks = _locks(marks, m0 | m1, common, words, locks)
                if nlocks and _eliminates(m0, m1, 0, sees_12, False, False, locks, nlocks):
                    found[0] = first
                    found[1] = second
                    return 1
                continue
            for w in range(words):
                once[w] = 0
                twice[w] = 0
            for w in range(words):
                rest = common[w]
                while rest:
                    bit = rest & -rest
                    rest ^= bit
                    cell = w * WORD + _bitcount(bit - 1)
                    for v in range(words):
                        seen = peer_sets[cell * words + v]
                        twice[v] |= once[v] & seen
                        once[v] |= seen
            for w in range(words):
                rest = (excluders[first * words + w] | excluders[second * words + w]) & twice[w]
                rest &= base_set[w]
                while rest:
                    bit = rest & -rest
                    rest ^= bit
                    third = w * WORD + _bitcount(bit - 1)
                    if third in (first, second):
                        continue
                    for v in range(words):
                        shared[v] = common[v] & excluders[third * words + v]
                    if not _two_or_more(shared, words):
                        continue
                    sees_13 = _sees(peer_sets, words, first, third)
                    sees_23 = _sees(peer_sets, words, second, third)
                    if _tried(first, second, third, excluder[first] != 0, excluder[second] != 0,
                              sees_12, sees_13, sees_23):
                        continue
                    m2 = marks[third]
                    nlocks = _locks(marks, m0 | m1 | m2, shared, words, locks)
                    if nlocks and _eliminates(m0, m1, m2, sees_12, sees_13, sees_23, locks,
                                              nlocks):
                        found[0] = first
                        found[1] = second
                        found[2] = third
                        return 1
    return 0


KERNELS = Kernels((_scan,), helpers=(_bitcount, _bit, _sees, _two_or_more, _covers, _witness,
                                     _eliminates, _locks, _before, _tried, _bases))
"""The scan, compiled or plain as :mod:`grille.engine._jit` decides."""


# -- the search -----------------------------------------------------------------------------------


def is_compiled() -> bool:
    """Whether :func:`first_bases` runs compiled code (not with ``GRILLE_JIT=0``)."""
    return KERNELS.compiled


def first_bases(shape: Shape, marks: Sequence[int], degree: int) -> tuple[int, ...] | None:
    """The base cells (2 or 3, by ``degree``) of the first aligned exclusion on ``marks``, in
    :mod:`aligned`'s search order, or ``None`` when there is none."""
    topo = _topo(shape)
    found = np.zeros(3, dtype=np.int32)
    status = KERNELS.scan(shape.cell_count, topo.words, topo.peer_sets,
                          np.array(marks, dtype=np.int64), degree, found)
    if not status:
        return None
    return tuple(int(cell) for cell in found[:degree])
