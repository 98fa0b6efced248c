"""HoDoKu's Franken fish (indices 6100, 6200, 6700, 6800): its first one, by its search order.

HoDoKu (``FishSolver.getFishes`` with ``FRANKEN``; hodoku-py ``solver/fish.py``
``_find_generalized_fish_all``) takes the first fish it meets, unsorted:

- digits 1 to 9; for each, two orientations: base sets rows and boxes, cover sets columns
  and boxes; then base sets columns and boxes, cover sets rows and boxes. Each pool lists
  the units holding the digit in unit order (rows, columns, boxes); a finless fish's base
  units hold at most ``size`` places.
- base sets: every ``size`` of the base pool, in order (combinations). Base units that
  overlap make *endo fins* (their common cells): none in a finless fish, at most two else.
- cover sets: every ``size`` of the cover units (not a base unit) meeting the base cells, in
  order, depth first; in a finned search a partial cover that already covers every base cell
  is not extended. Cells in two cover units are *cannibalistic*.
- finless: no fin (and no endo fin); the digit leaves the cover cells outside the base and
  the cannibalistic cells. Finned: one to five fins (uncovered base cells and endo fins);
  the same deletions, only in cells seeing every fin.
- the fish counts only when it is Franken (base rows and boxes with cover columns and boxes,
  or the other way, but not rows against columns alone: that is a basic fish).

The search for one digit depends only on its candidates, so results are kept per plane; the
scan is a compiled kernel (HoDoKu's own Python port needs a C helper for it). Written from
HoDoKu's rules; none of its code is used.
"""

from __future__ import annotations

import numpy as np

from grille.engine._jit import Kernels
from grille.logic import Step
from grille.sudoku.logic.board import Board, cells_of
from grille.sudoku.logic.hodoku.tabling import _PEERS, _UNITS

__all__ = ["MAX_ENDO_FINS", "MAX_FINS", "franken_fish", "franken_scan"]

MAX_FINS = 5
"""HoDoKu's ``maxFins`` when solving."""
MAX_ENDO_FINS = 2
"""HoDoKu's ``maxEndoFins`` when solving."""

_SPLIT = 41
"""Cells 0-40 in a mask's low word, 41-80 in its high word (both fit an int64)."""
_LOW = (1 << _SPLIT) - 1


def _words(mask: int) -> tuple[int, int]:
    return mask & _LOW, mask >> _SPLIT


_UNIT_LO = np.array([_words(u)[0] for u in _UNITS], dtype=np.int64)
_UNIT_HI = np.array([_words(u)[1] for u in _UNITS], dtype=np.int64)
_PEER_LO = np.array([_words(p)[0] for p in _PEERS], dtype=np.int64)
_PEER_HI = np.array([_words(p)[1] for p in _PEERS], dtype=np.int64)


def _count(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


def _kind(unit: int) -> int:
    """1 row, 2 column, 4 box."""
    if unit < 9:
        return 1
    if unit < 18:
        return 2
    return 4


def _is_franken(base: int, cover: int) -> bool:
    if (base == 1 and cover == 2) or (base == 2 and cover == 1):
        return False
    return ((base & ~5) == 0 and (cover & ~6) == 0) or ((base & ~6) == 0 and (cover & ~5) == 0)


def _scan(cand_lo: int, cand_hi: int, size: int, finned: int, max_fins: int, max_endo: int,
          unit_lo: np.ndarray, unit_hi: np.ndarray, peer_lo: np.ndarray, peer_hi: np.ndarray,
          work: np.ndarray, out: np.ndarray) -> int:
    """The first Franken fish of ``size`` on one digit's candidates (``cand_lo``/``hi``):
    1 and ``out`` = [orientation, base units (size), cover units (size), deletions lo, hi],
    or 0. ``work`` holds 200 scratch integers."""
    base = work[0:27]
    cover = work[27:54]
    elig = work[54:81]
    bi = work[81:85]
    ni = work[85:90]
    pi = work[90:95]
    cc_lo = work[95:100]
    cc_hi = work[100:105]
    cn_lo = work[105:110]
    cn_hi = work[110:115]
    for orient in range(2):
        nb = 0
        nc = 0
        for u in range(27):
            ml = cand_lo & unit_lo[u]
            mh = cand_hi & unit_hi[u]
            if ml == 0 and mh == 0:
                continue
            small = finned == 1 or _count(ml) + _count(mh) <= size
            if u < 9:
                if orient == 0:
                    if small:
                        base[nb] = u
                        nb += 1
                else:
                    cover[nc] = u
                    nc += 1
            elif u < 18:
                if orient == 0:
                    cover[nc] = u
                    nc += 1
                elif small:
                    base[nb] = u
                    nb += 1
            else:
                cover[nc] = u
                nc += 1
                if small:
                    base[nb] = u
                    nb += 1
        if nb < size:
            continue
        for k in range(size):
            bi[k] = k
        while True:
            blo = 0
            bhi = 0
            elo = 0
            ehi = 0
            ok = True
            base_kinds = 0
            for k in range(size):
                u = base[bi[k]]
                base_kinds |= _kind(u)
                ml = cand_lo & unit_lo[u]
                mh = cand_hi & unit_hi[u]
                ol = blo & ml
                oh = bhi & mh
                if ol != 0 or oh != 0:
                    if finned == 0 or _count(elo | ol) + _count(ehi | oh) > max_endo:
                        ok = False
                        break
                    elo |= ol
                    ehi |= oh
                blo |= ml
                bhi |= mh
            ne = 0
            if ok:
                for c in range(nc):
                    u = cover[c]
                    used = False
                    for k in range(size):
                        if base[bi[k]] == u:
                            used = True
                    if used:
                        continue
                    if (cand_lo & unit_lo[u] & blo) != 0 or (cand_hi & unit_hi[u] & bhi) != 0:
                        elig[ne] = u
                        ne += 1
            if ok and ne >= size:
                level = 1
                ni[1] = 0
                cc_lo[0] = 0
                cc_hi[0] = 0
                cn_lo[0] = 0
                cn_hi[0] = 0
                while level > 0:
                    if ni[level] > ne - (size - level + 1):
                        level -= 1
                        continue
                    ci = ni[level]
                    ni[level] = ci + 1
                    pi[level] = ci
                    u = elig[ci]
                    ml = cand_lo & unit_lo[u]
                    mh = cand_hi & unit_hi[u]
                    nl = cc_lo[level - 1] | ml
                    nh = cc_hi[level - 1] | mh
                    kl = cn_lo[level - 1] | (cc_lo[level - 1] & ml)
                    kh = cn_hi[level - 1] | (cc_hi[level - 1] & mh)
                    if level < size:
                        if finned == 1 and (blo & ~nl) == 0 and (bhi & ~nh) == 0:
                            continue
                        cc_lo[level] = nl
                        cc_hi[level] = nh
                        cn_lo[level] = kl
                        cn_hi[level] = kh
                        level += 1
                        ni[level] = ci + 1
                        continue
                    fl = (blo & ~nl) | elo
                    fh = (bhi & ~nh) | ehi
                    if finned == 0:
                        if fl != 0 or fh != 0:
                            continue
                        dl = (cand_lo & nl & ~blo) | (cand_lo & kl)
                        dh = (cand_hi & nh & ~bhi) | (cand_hi & kh)
                    else:
                        fins = _count(fl) + _count(fh)
                        if fins == 0 or fins > max_fins:
                            continue
                        sl = (1 << 41) - 1
                        sh = (1 << 40) - 1
                        for cell in range(81):
                            if cell < 41:
                                if (fl >> cell) & 1:
                                    sl &= peer_lo[cell]
                                    sh &= peer_hi[cell]
                            elif (fh >> (cell - 41)) & 1:
                                sl &= peer_lo[cell]
                                sh &= peer_hi[cell]
                        dl = ((cand_lo & nl & ~blo) | (cand_lo & kl)) & sl
                        dh = ((cand_hi & nh & ~bhi) | (cand_hi & kh)) & sh
                    if dl == 0 and dh == 0:
                        continue
                    cover_kinds = 0
                    for lv in range(1, size + 1):
                        cover_kinds |= _kind(elig[pi[lv]])
                    if not _is_franken(base_kinds, cover_kinds):
                        continue
                    out[0] = orient
                    for k in range(size):
                        out[1 + k] = base[bi[k]]
                        out[1 + size + k] = elig[pi[k + 1]]
                    out[1 + 2 * size] = dl
                    out[2 + 2 * size] = dh
                    return 1
            i = size - 1
            while i >= 0 and bi[i] == nb - size + i:
                i -= 1
            if i < 0:
                break
            bi[i] += 1
            for j in range(i + 1, size):
                bi[j] = bi[j - 1] + 1
    return 0


KERNELS = Kernels((_scan,), helpers=(_count, _kind, _is_franken))

_Found = tuple[int, tuple[int, ...], tuple[int, ...], int]
"""(orientation, base units, cover units, deleted cells mask)."""
_BY_PLANE: dict[tuple[int, bool, int], _Found | None] = {}


def franken_scan(plane: int, size: int, finned: bool) -> _Found | None:
    """HoDoKu's first Franken fish on one digit's candidate cells ``plane``, or None."""
    key = (size, finned, plane)
    if key in _BY_PLANE:
        return _BY_PLANE[key]
    work = np.zeros(200, dtype=np.int64)
    out = np.zeros(3 + 2 * size, dtype=np.int64)
    lo, hi = _words(plane)
    found: _Found | None = None
    if KERNELS.scan(lo, hi, size, int(finned), MAX_FINS, MAX_ENDO_FINS, _UNIT_LO, _UNIT_HI,
                    _PEER_LO, _PEER_HI, work, out):
        deleted = int(out[1 + 2 * size]) | int(out[2 + 2 * size]) << _SPLIT
        found = (int(out[0]), tuple(int(u) for u in out[1:1 + size]),
                 tuple(int(u) for u in out[1 + size:1 + 2 * size]), deleted)
    if len(_BY_PLANE) >= 1 << 16:
        _BY_PLANE.clear()
    _BY_PLANE[key] = found
    return found


_NAMES = {(2, False): ("Franken X-Wing", 300), (3, False): ("Franken Swordfish", 350),
          (2, True): ("Finned Franken X-Wing", 390), (3, True): ("Finned Franken Swordfish", 410)}
"""Each search's HoDoKu name and base score."""


def _unit(unit: int) -> str:
    return ("row", "column", "box")[unit // 9] + f" {unit % 9 + 1}"


def franken_fish(board: Board, size: int, finned: bool) -> Step | None:
    """HoDoKu's first (finned) Franken fish of ``size`` (2 or 3) on ``board``, or None."""
    if board.n != 9:
        return None
    for digit, plane in enumerate(board.planes, start=1):
        if not plane:
            continue
        found = franken_scan(plane, size, finned)
        if found is None:
            continue
        _, base, cover, deleted = found
        cells = cells_of(deleted)
        name, score = _NAMES[size, finned]
        removed = ", ".join(f"r{c // 9 + 1}c{c % 9 + 1}<>{digit}" for c in cells)
        text = (f"{digit} in base {', '.join(map(_unit, base))}; cover "
                f"{', '.join(map(_unit, cover))} => {removed}")
        return Step(name, eliminations=tuple((c // 9, c % 9, digit) for c in cells),
                    cells=tuple((c // 9, c % 9) for c in cells), explanation=text,
                    difficulty=float(score), area="the whole grid")
    return None
