"""HoDoKu's Sue de Coq (5300): its first instance, in its search order.

HoDoKu (``MiscellaneousSolver.getSueDeCoq``; hodoku-py ``solver/misc.py``) takes the first
Sue de Coq it meets:

- rows then columns, each line with each box, where they share two or more open cells;
- in that intersection, cell pairs and triples in cell order (a pair before the triples
  extending it) whose digits number at least two more than the cells (``n_plus`` = digits -
  cells);
- then, depth first over the line's other open cells in cell order, a set holding at least
  one of the intersection's digits with more cells than digits from outside the
  intersection, covering fewer than ``n_plus`` of them (cells - outside digits);
- then, depth first over the box's other open cells (not in that set), cells holding none of
  the intersection digits the line set used, a set covering exactly the rest
  (cells - outside digits = the remaining ``n_plus``); deeper sets are tried while the cover
  does not pass it;
- deletions: in the box's other open cells outside the box set, the intersection and box set
  digits not in the line set, and the outside digits both sets hold; then in the line's
  other open cells outside the line set, the intersection and line set digits not in the box
  set, and the shared outside digits; the first combination with a deletion is the step.

The search runs compiled (:data:`KERNELS`, numba): it finds the first combination with a
deletion and the step is then written from it in Python. :func:`sue_de_coq_reference` is the
same search in plain Python, the reference the kernel is tested against.

Written from HoDoKu's rules; none of its code is used.
"""

from __future__ import annotations

import numpy as np

from grille.engine._jit import Kernels
from grille.engine.kernel_helpers import popcount as _count
from grille.logic import Step
from grille.sudoku.logic.board import Board, bits, cells_of

__all__ = ["sue_de_coq", "sue_de_coq_reference"]

_ROWS = tuple(sum(1 << (r * 9 + c) for c in range(9)) for r in range(9))
_COLS = tuple(sum(1 << (r * 9 + c) for r in range(9)) for c in range(9))
_BOXES = tuple(
    sum(1 << ((b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3) for i in range(9)) for b in range(9)
)


def _union(board: Board, cells: int) -> int:
    held = 0
    for cell in cells_of(cells):
        held |= board.marks[cell]
    return held


def sue_de_coq_reference(board: Board) -> Step | None:
    """HoDoKu's first Sue de Coq on ``board`` (9x9), or None: the plain Python search."""
    if board.n != 9:
        return None
    empty = board.empty_mask
    for lines in (_ROWS, _COLS):
        for line_mask in lines:
            line = line_mask & empty
            for box_mask in _BOXES:
                box = box_mask & empty
                shared = cells_of(line & box)
                if len(shared) < 2:
                    continue
                for i in range(len(shared) - 1):
                    for j in range(i + 1, len(shared)):
                        pair = 1 << shared[i] | 1 << shared[j]
                        for inter in (pair, *(pair | 1 << shared[k]
                                               for k in range(j + 1, len(shared)))):
                            held = _union(board, inter)
                            n_plus = held.bit_count() - inter.bit_count()
                            if n_plus < 2:
                                continue
                            step = _lines(board, inter, held, n_plus, line, box)
                            if step is not None:
                                return step
    return None


def _lines(board: Board, inter: int, held: int, n_plus: int, line: int, box: int) -> Step | None:
    source = cells_of(line & ~inter)

    def extend(start: int, count: int, cells: int, digits: int) -> Step | None:
        for i in range(start, len(source)):
            now = cells | 1 << source[i]
            has = digits | board.marks[source[i]]
            inside = (has & held).bit_count()
            extra = (has & ~held).bit_count()
            size = count + 1
            if inside and size > extra and size - extra < n_plus:
                used = has & held
                step = _boxes(board, inter, held, n_plus - (size - extra), now, has,
                              box & ~inter & ~now, 0x1FF & ~used, line)
                if step is not None:
                    return step
            step = extend(i + 1, size, now, has)
            if step is not None:
                return step
        return None

    return extend(0, 0, 0, 0)


def _boxes(board: Board, inter: int, held: int, n_plus: int, line_set: int, line_digits: int,
           source_mask: int, allowed: int, line: int) -> Step | None:
    source = cells_of(source_mask)
    region = source_mask  # the box's open cells outside the intersection and the line set

    def extend(start: int, count: int, cells: int, digits: int) -> Step | None:
        for i in range(start, len(source)):
            mark = board.marks[source[i]]
            if mark & ~allowed:
                continue
            now = cells | 1 << source[i]
            has = digits | mark
            inside = (has & held).bit_count()
            extra = (has & ~held).bit_count()
            size = count + 1
            if inside and size - extra == n_plus:
                step = _deletions(board, inter, held, line_set, line_digits, now, has,
                                  region, line)
                if step is not None:
                    return step
            if size - extra <= n_plus:
                step = extend(i + 1, size, now, has)
                if step is not None:
                    return step
        return None

    return extend(0, 0, 0, 0)


def _deletions(board: Board, inter: int, held: int, line_set: int, line_digits: int,
               box_set: int, box_digits: int, region: int, line: int) -> Step | None:
    both = line_digits & box_digits & ~held
    out: list[tuple[int, int]] = []
    from_box = ((held | box_digits) & ~line_digits) | both
    for cell in cells_of(region & ~box_set):
        out += [(cell, d) for d in bits(board.marks[cell] & from_box)]
    from_line = ((held | line_digits) & ~box_digits) | both
    for cell in cells_of(line & ~inter & ~line_set):
        out += [(cell, d) for d in bits(board.marks[cell] & from_line)]
    if not out:
        return None
    removed = ", ".join(f"{board.name(c)}<>{d}" for c, d in out)
    names = ", ".join(board.name(c) for c in cells_of(inter))
    return Step(
        "Sue de Coq",
        eliminations=tuple(board.candidate(c, d) for c, d in out),
        cells=tuple(board.rc(c) for c in cells_of(inter | line_set | box_set)),
        explanation=(f"{names} hold {', '.join(str(d) for d in bits(held))}; with "
                     f"{', '.join(board.name(c) for c in cells_of(line_set))} in the line and "
                     f"{', '.join(board.name(c) for c in cells_of(box_set))} in the box "
                     f"=> {removed}"),
        area="the whole grid",
    )


# -- the compiled search -------------------------------------------------------------------


def _scan(cells: np.ndarray, marks: np.ndarray, lines: np.ndarray, boxes: np.ndarray,
          box_of: np.ndarray, flag: np.ndarray, work: np.ndarray, out: np.ndarray) -> int:
    """The search of :func:`sue_de_coq_reference` on the board's ``cells`` and ``marks``
    (81 each); ``lines`` the rows then columns, ``boxes`` the boxes (cells in order),
    ``box_of`` each cell's box. On the first combination with a deletion, 1 and ``out``:
    line (0-17), box, the intersection's cells as a mask over the line's nine places, the
    line set's likewise, the box set's as a mask over the box's places; else 0. ``flag``
    (81, zero) and ``work`` (at least 71) are scratch."""
    shared = work[0:3]
    src = work[3:12]  # the line's other open cells (their places in the line)
    bsrc = work[12:21]  # the box's open cells outside the intersection and the line set
    nxt = work[21:31]
    digs = work[31:41]
    msk = work[41:51]
    for ln in range(18):
        for b in range(9):
            ns = 0
            for p in range(9):
                c = lines[ln, p]
                if cells[c] == 0 and box_of[c] == b:
                    shared[ns] = p
                    ns += 1
            if ns < 2:
                continue
            for i in range(ns - 1):
                for j in range(i + 1, ns):
                    for k in range(j, ns):
                        inter = (1 << shared[i]) | (1 << shared[j])
                        size = 2
                        if k > j:
                            inter |= 1 << shared[k]
                            size = 3
                        held = 0
                        for p in range(9):
                            if inter >> p & 1:
                                held |= marks[lines[ln, p]]
                        n_plus = _count(held) - size
                        if n_plus < 2:
                            continue
                        n_src = 0
                        for p in range(9):
                            c = lines[ln, p]
                            if cells[c] == 0 and not inter >> p & 1:
                                src[n_src] = p
                                n_src += 1
                        # the line sets, depth first
                        lvl = 0
                        nxt[0] = 0
                        while lvl >= 0:
                            a = nxt[lvl]
                            if a >= n_src:
                                lvl -= 1
                                continue
                            nxt[lvl] = a + 1
                            has = marks[lines[ln, src[a]]]
                            now = 1 << src[a]
                            if lvl > 0:
                                has |= digs[lvl - 1]
                                now |= msk[lvl - 1]
                            digs[lvl] = has
                            msk[lvl] = now
                            line_size = lvl + 1
                            inside = _count(has & held)
                            extra = _count(has & ~held)
                            if (inside and line_size > extra and line_size - extra < n_plus
                                    and _box_sets(cells, marks, lines, boxes, ln, b, inter,
                                                  held, n_plus - (line_size - extra), now,
                                                  has, flag, bsrc, work[51:71], out)):
                                out[0] = ln
                                out[1] = b
                                out[2] = inter
                                out[3] = now
                                return 1
                            if a + 1 < n_src:
                                lvl += 1
                                nxt[lvl] = a + 1
    return 0


def _box_sets(cells: np.ndarray, marks: np.ndarray, lines: np.ndarray, boxes: np.ndarray,
           ln: int, b: int, inter: int, held: int, n_plus: int, line_set: int,
           line_digits: int, flag: np.ndarray, bsrc: np.ndarray, work: np.ndarray,
           out: np.ndarray) -> bool:
    """The box sets for one line set, depth first; on the first with a deletion, True and
    its places in ``out[4]``. ``flag`` marks the intersection and line set's cells."""
    for p in range(9):
        if (inter | line_set) >> p & 1:
            flag[lines[ln, p]] = 1
    n_src = 0
    for q in range(9):
        c = boxes[b, q]
        if cells[c] == 0 and flag[c] == 0:
            bsrc[n_src] = q
            n_src += 1
    allowed = 0x1FF & ~(line_digits & held)
    nxt = work[0:10]
    digs = work[10:20]
    found = False
    lvl = 0
    nxt[0] = 0
    box_set = 0
    while lvl >= 0:
        a = nxt[lvl]
        if a >= n_src:
            lvl -= 1
            continue
        nxt[lvl] = a + 1
        mark = marks[boxes[b, bsrc[a]]]
        if mark & ~allowed:
            continue
        has = mark
        if lvl > 0:
            has |= digs[lvl - 1]
        digs[lvl] = has
        # the box set is the places nxt[0..lvl] - 1
        box_size = lvl + 1
        inside = _count(has & held)
        extra = _count(has & ~held)
        if inside and box_size - extra == n_plus:
            box_set = 0
            for d in range(lvl + 1):
                box_set |= 1 << bsrc[nxt[d] - 1]
            both = line_digits & has & ~held
            from_box = ((held | has) & ~line_digits) | both
            from_line = ((held | line_digits) & ~has) | both
            for e in range(n_src):
                if not box_set >> bsrc[e] & 1 and marks[boxes[b, bsrc[e]]] & from_box:
                    found = True
            for p in range(9):
                c = lines[ln, p]
                if cells[c] == 0 and flag[c] == 0 and marks[c] & from_line:
                    found = True
            if found:
                break
        if box_size - extra <= n_plus and a + 1 < n_src:
            lvl += 1
            nxt[lvl] = a + 1
    for p in range(9):
        flag[lines[ln, p]] = 0
    if found:
        out[4] = box_set
    return found


KERNELS = Kernels((_scan,), helpers=(_count, _box_sets))

_LINE_CELLS = np.array([[r * 9 + c for c in range(9)] for r in range(9)]
                       + [[r * 9 + c for r in range(9)] for c in range(9)], dtype=np.int64)
_BOX_CELLS = np.array([[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)]
                       for b in range(9)], dtype=np.int64)
_BOX_OF = np.array([r // 3 * 3 + c // 3 for r in range(9) for c in range(9)], dtype=np.int64)
_LINE_MASKS = _ROWS + _COLS


def _places(mask: int, cells: np.ndarray) -> int:
    """The cell set of the places ``mask`` in a unit whose cells are ``cells``."""
    return sum(1 << int(cells[p]) for p in range(9) if mask >> p & 1)


def sue_de_coq(board: Board) -> Step | None:
    """HoDoKu's first Sue de Coq on ``board`` (9x9), or None (compiled search)."""
    if board.n != 9:
        return None
    out = np.zeros(5, dtype=np.int64)
    if not KERNELS.scan(np.array(board.cells, dtype=np.int64),
                        np.array(board.marks, dtype=np.int64), _LINE_CELLS, _BOX_CELLS, _BOX_OF,
                        np.zeros(81, dtype=np.int64), np.zeros(72, dtype=np.int64), out):
        return None
    ln, b = int(out[0]), int(out[1])
    empty = board.empty_mask
    line = _LINE_MASKS[ln] & empty
    box = _BOXES[b] & empty
    inter = _places(int(out[2]), _LINE_CELLS[ln])
    line_set = _places(int(out[3]), _LINE_CELLS[ln])
    box_set = _places(int(out[4]), _BOX_CELLS[b])
    held = _union(board, inter)
    step = _deletions(board, inter, held, line_set, _union(board, line_set), box_set,
                      _union(board, box_set), box & ~inter & ~line_set, line)
    assert step is not None, "the kernel found a Sue de Coq without deletions"
    return step
