"""Sukaku Explainer's techniques beyond Sudoku Explainer 1.2.1: strong-link chains and wings.

Sukaku Explainer (SudokuMonster/SukakuExplainer, a fork of SE) rates with SE's ladder plus:

*Strong links* (``StrongLinks(k)``, k = 2, 3, 4): k strong links of one digit, each in its own
row, column or box, joined end to start by weak links (the two ends share a row, column or
box). One of the chain's two outer ends holds the digit, so it leaves every cell that sees
both, outside the links' houses and the houses of the weak links. A link may be *grouped*: a
box whose places fill one row and one column of it (an empty rectangle, the crossing cell
joining the larger arm), the two rows (or columns) of a box, or a line whose places lie in two
of its boxes. A chain whose two ends also share a house is an *X-Loop*: then every weak link
eliminates too. Value: 4.0, 5.4, 5.8 for 2, 3, 4 links; +0.1 if the links are not all rows or
all columns, +0.2 if they mix a box with rows and columns; any grouped link: +0.3 flat. So a
Skyscraper is 4.0, a 2-String Kite 4.1, a Turbot Fish 4.1 or 4.2.

*Wings* (``WXYZWing``, ``VWXYZWing``): a bivalue cell y/z and k cells that see each other
(k = 3, 4) holding k + 1 digits between them, both y and z among them. A digit of the pair is
*restricted* if every wing cell holding it sees the bivalue cell. If y is restricted, z leaves
every cell seeing the bivalue cell and every wing cell holding z. If both are restricted, each
of the other k - 1 digits also leaves the cells seeing all wing cells holding it, and y and z
both leave the cells seeing the bivalue cell and their wing holders. Value, with ``bc`` the
most candidates of a wing cell: WXYZ 5.5 + (1 - |3 - bc|) / 10, VWXYZ 6.2 + (2 - |3 - bc|) / 10.

Each producer collects every instance, sorts them as Sukaku does (value, then most
eliminations, then its pattern code) and returns the first; ties keep Sukaku's search order.
With compiling on, :mod:`kernel`'s kernels do the searching instead:
they keep the least of the same sort keys (as integers) and report where that chain or wing is; the
winner is then rebuilt and explained here, so the steps are the same. The Python search
(``compiled=False``, and always with ``GRILLE_JIT=0``) stays the kernels' reference.

One departure, for soundness: for a box whose three places make an L (both arms of one cell
and the crossing cell), Sukaku links the two arm cells alone, which is not a strong link when
the crossing cell holds the digit; here the crossing cell joins each arm's partner instead.

:mod:`~grille.sudoku.logic.techniques` puts them into SE's rating ladder in Sukaku's default
order (the ``sukaku`` scale). These
techniques are for 9x9 grids only; on other sizes they find nothing.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from grille.logic import Link, Step
from grille.sudoku.logic.basic.intersections import as_candidates, listing, removals_by_digit
from grille.sudoku.logic.board import Board, Memo, bits, cells_of, popcount
from grille.sudoku.logic.sukaku import kernel as sukaku_kernel

__all__ = [
    "strong_links_2",
    "strong_links_3",
    "strong_links_4",
    "vwxyz_wing",
    "wxyz_wing",
]

SIZE = 9
BOX, ROW, COLUMN = 0, 1, 2
"""Sukaku's house types, in its order (a box first)."""
KIND_NAMES = ("box", "row", "column")

STRONG_LINKS_BASE = {2: 4.0, 3: 5.4, 4: 5.8}
"""Value of a chain of k strong links in one kind of line."""
GROUPED_BONUS = 0.3
WXYZ_BASE = 5.5
VWXYZ_BASE = 6.2

# -- the 9x9 geometry, in Sukaku's terms -----------------------------------------------------

_ROW_OF = tuple(cell // SIZE for cell in range(SIZE * SIZE))
_COL_OF = tuple(cell % SIZE for cell in range(SIZE * SIZE))
_BOX_OF = tuple((cell // 27) * 3 + (cell % SIZE) // 3 for cell in range(SIZE * SIZE))


def _house_cells(kind: int, index: int) -> tuple[int, ...]:
    """The cells of a house, in Sukaku's order (row-major in a box)."""
    if kind == ROW:
        return tuple(index * SIZE + i for i in range(SIZE))
    if kind == COLUMN:
        return tuple(i * SIZE + index for i in range(SIZE))
    top, left = (index // 3) * 3, (index % 3) * 3
    return tuple((top + i // 3) * SIZE + left + i % 3 for i in range(SIZE))


_HOUSES = tuple(tuple(_house_cells(kind, index) for index in range(SIZE)) for kind in range(3))
_HOUSE_MASKS = tuple(tuple(sum(1 << c for c in house) for house in kind) for kind in _HOUSES)
_PEERS = tuple(
    sum(
        1 << other
        for other in range(SIZE * SIZE)
        if other != cell
        and (_ROW_OF[other] == _ROW_OF[cell] or _COL_OF[other] == _COL_OF[cell]
             or _BOX_OF[other] == _BOX_OF[cell])
    )
    for cell in range(SIZE * SIZE)
)
_ALL = (1 << SIZE * SIZE) - 1

# Box configurations of a grouped link (Sukaku's Grid.Region tables): for configurations 0-8,
# the box position e is the crossing cell ("heart"), the rectangle off its row and column
# must be empty, and the two arms are its column and its row; for 9-14, one row (column) of
# the box is empty and the other two are the arms.
_BOX_EMPTY = (
    (4, 5, 7, 8), (3, 5, 6, 8), (3, 4, 6, 7), (1, 2, 7, 8), (0, 2, 6, 8), (0, 1, 6, 7),
    (1, 2, 4, 5), (0, 2, 3, 5), (0, 1, 3, 4),
    (6, 7, 8), (3, 4, 5), (0, 1, 2), (2, 5, 8), (1, 4, 7), (0, 3, 6),
)
_BOX_ARMS = (
    ((3, 6), (1, 2)), ((4, 7), (0, 2)), ((5, 8), (0, 1)), ((0, 6), (4, 5)), ((1, 7), (3, 5)),
    ((2, 8), (3, 4)), ((0, 3), (7, 8)), ((1, 4), (6, 8)), ((2, 5), (6, 7)),
    ((0, 1, 2), (3, 4, 5)), ((0, 1, 2), (6, 7, 8)), ((3, 4, 5), (6, 7, 8)),
    ((0, 3, 6), (1, 4, 7)), ((0, 3, 6), (2, 5, 8)), ((1, 4, 7), (2, 5, 8)),
)
_LINE_SEGMENTS = ((0, 1, 2), (3, 4, 5), (6, 7, 8))


_Reading = tuple[tuple[int, ...], tuple[int, ...]]
"""The two ends of a strong link, as cells."""


def _mask(cells: Sequence[int]) -> int:
    """The bitmask of ``cells``."""
    return sum(1 << cell for cell in cells)


# -- strong links ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _End:
    """One end of a strong link: one cell, or a group of cells in one house."""

    cells: tuple[int, ...]
    seen: int
    """The cells that see every cell of the end."""
    column: int
    row: int
    box: int
    """The column, row and box holding every cell of the end, or -1."""


def _end(cells: Sequence[int]) -> _End:
    seen = _ALL
    for cell in cells:
        seen &= _PEERS[cell]

    def common(of: tuple[int, ...]) -> int:
        values = {of[cell] for cell in cells}
        return values.pop() if len(values) == 1 else -1

    return _End(tuple(cells), seen, common(_COL_OF), common(_ROW_OF), common(_BOX_OF))


@dataclass(frozen=True, slots=True)
class _StrongLink:
    """A strong link of a digit in one house: one of its two ends holds the digit."""

    kind: int
    index: int
    variant: int
    """Sukaku's ordinal of this reading of the house (a grouped house may give two)."""
    ends: tuple[_End, _End]
    grouped: bool
    places: int
    """The digit's places in the house."""

    @property
    def house(self) -> int:
        """Sukaku's number of the house: box 1-9, row 11-19, column 21-29."""
        return self.kind * 10 + self.index + 1

    def unit(self, board: Board) -> int:
        """grille's unit index of the house."""
        return (board.n * 2, 0, board.n)[self.kind] + self.index


def _link_ends(kind: int, index: int, places: int) -> list[_Reading]:
    """The (end, end) readings of a house holding the digit at ``places``, Sukaku's order."""
    house = _HOUSES[kind][index]
    at = [i for i in range(SIZE) if places >> house[i] & 1]
    count = len(at)
    if count == 2:
        a, b = house[at[0]], house[at[1]]
        if kind == BOX and (_ROW_OF[a] == _ROW_OF[b] or _COL_OF[a] == _COL_OF[b]):
            return []
        return [((a,), (b,))]
    if not 2 < count <= 6:
        return []
    held = set(at)
    if kind == BOX:
        return _box_ends(house, held)
    for empty, segment in enumerate(_LINE_SEGMENTS):
        if held.isdisjoint(segment):
            first, second = (s for i, s in enumerate(_LINE_SEGMENTS) if i != empty)
            return _arm_ends(house, held, first, second, heart=None)
    return []


def _box_ends(house: tuple[int, ...], held: set[int]) -> list[_Reading]:
    """The readings of a box as a grouped strong link (Sukaku's first matching configuration)."""
    for config, empty in enumerate(_BOX_EMPTY):
        if config > 8 and len(held) < 4:
            continue
        if held.isdisjoint(empty):
            first, second = _BOX_ARMS[config]
            heart = config if config < 9 else None
            return _arm_ends(house, held, first, second, heart=heart)
    return []


def _arm_ends(
    house: tuple[int, ...],
    held: set[int],
    first: Sequence[int],
    second: Sequence[int],
    *,
    heart: int | None,
) -> list[_Reading]:
    """The readings of a grouped link whose places lie on two arms (and maybe their crossing)."""
    arm1 = [house[i] for i in first if i in held]
    arm2 = [house[i] for i in second if i in held]
    if not arm1 or not arm2:
        return []
    crossing = () if heart is None else (house[heart],)
    if len(arm1) == 1 or len(arm2) == 1:
        single: list[_Reading] = []
        if len(arm1) == 1:
            single.append((tuple(arm1), (arm2[0], *crossing, *arm2[1:])))
        if len(arm2) == 1:
            single.append((tuple(arm2), (arm1[0], *crossing, *arm1[1:])))
        return single
    in_heart = heart is not None and heart in held
    end1 = (*arm1, *crossing) if in_heart and len(arm1) == 2 else tuple(arm1)
    end2 = (*arm2, *crossing) if in_heart and len(arm2) == 2 else tuple(arm2)
    found: list[_Reading] = [(end1, end2)]
    corners = (arm1[0], arm2[0]), (arm1[1], arm2[1])
    if heart is None and len(held) == 4 and len(arm1) == 2 and len(arm2) == 2 and all(
        _ROW_OF[a] == _ROW_OF[b] or _COL_OF[a] == _COL_OF[b] for a, b in corners
    ):
        found.append(corners)
    return found


def _links(plane: int) -> list[_StrongLink]:
    """Every strong link of a digit whose candidates are ``plane``, Sukaku's order."""
    return [link for kind in (BOX, ROW, COLUMN) for index in range(SIZE)
            for link in _house_links(plane, kind, index)]


def _house_links(plane: int, kind: int, index: int) -> list[_StrongLink]:
    """The strong links of a digit whose candidates are ``plane`` in one house."""
    places = plane & _HOUSE_MASKS[kind][index]
    readings = _link_ends(kind, index, places)
    grouped = popcount(places) > 2
    return [
        _StrongLink(kind, index, variant, (_end(a), _end(b)), grouped, places)
        for variant, (a, b) in enumerate(readings)
    ]


def _share(a: _End, b: _End) -> tuple[int, int] | None:
    """The house (kind, index) holding both ends, a column first, then a row, then a box."""
    if a.column >= 0 and a.column == b.column:
        return COLUMN, a.column
    if a.row >= 0 and a.row == b.row:
        return ROW, a.row
    if a.box == b.box and a.box >= 0:
        return BOX, a.box
    return None


@functools.cache
def _quickperm_rank(k: int) -> dict[tuple[int, ...], int]:
    """Each permutation of range(k) with its place in QuickPerm's order (Sukaku's)."""
    q = list(range(k))
    r = list(range(k + 1))
    order = {tuple(q): 0}
    s = 1
    while s < k:
        r[s] -= 1
        t = (s % 2) * r[s]
        q[t], q[s] = q[s], q[t]
        order.setdefault(tuple(q), len(order))
        s = 1
        while r[s] == 0:
            r[s] = s
            s += 1
    return order


def _link_set_rank(kinds: Sequence[int]) -> int:
    """Sukaku's order of the sorted house kinds of a chain (its Gosper-order bitmask)."""
    k = len(kinds)
    return sum(1 << (kind * k + i) for i, kind in enumerate(sorted(kinds)))


def _line_name(kinds: Sequence[int]) -> str:
    """Sukaku's ``rLineName``: the kinds as digits, rows and columns folded to a least form."""
    original = "".join(str(kind) for kind in kinds)
    if ROW not in kinds:
        return original.replace(str(COLUMN), str(ROW))
    swap = {BOX: "0", ROW: "2", COLUMN: "1"}
    current = "".join(swap[kind] for kind in kinds)
    return min(original, min(current, current[::-1]))


def _suffix(kinds: Sequence[int], grouped: int) -> str:
    """Sukaku's pattern code of a chain: grouped link count, then its line name."""
    ordered = list(kinds) if list(kinds) <= list(kinds)[::-1] else list(kinds)[::-1]
    return f"{grouped}{_line_name(ordered)}"


def _chain_value(k: int, suffix: str) -> float:
    """Sukaku's value of a chain of ``k`` links with pattern code ``suffix``."""
    base = STRONG_LINKS_BASE[k]
    if suffix[0] != "0":
        return round(base + GROUPED_BONUS, 1)
    shape = suffix[1:]
    if "0" not in shape and "2" not in shape:
        return base
    if "0" in shape and "2" in shape:
        return round(base + 0.2, 1)
    return round(base + 0.1, 1)


@dataclass(frozen=True, slots=True)
class _Chain:
    """A found chain: the links in order, with the end each is entered by."""

    digit: int
    links: tuple[_StrongLink, ...]
    entries: tuple[int, ...]
    shares: tuple[tuple[int, int], ...]
    ring: tuple[int, int] | None
    removed: int
    """The cells losing the digit."""
    key: tuple[object, ...]


def _chains(digit: int, plane: int, most: int) -> Iterator[_Chain]:
    """Every chain of 2 to ``most`` strong links of ``digit`` that eliminates, once each."""
    links = _links(plane)
    path: list[tuple[int, int]] = []

    def extend(used: int) -> Iterator[_Chain]:
        if len(path) >= 2:
            chain = _evaluate(digit, plane, [(links[i], entry) for i, entry in path])
            if chain is not None:
                yield chain
        if len(path) == most:
            return
        last, entry = path[-1]
        exit_end = links[last].ends[1 - entry]
        for j, link in enumerate(links):
            if link.places & used:
                continue
            for enter in (0, 1):
                if _share(exit_end, link.ends[enter]) is not None:
                    path.append((j, enter))
                    yield from extend(used | link.places)
                    path.pop()

    for i, link in enumerate(links):
        for enter in (0, 1):
            path.append((i, enter))
            yield from extend(link.places)
            path.pop()


def _evaluate(
    digit: int, plane: int, steps: list[tuple[_StrongLink, int]]
) -> _Chain | None:
    """The chain through ``steps`` if Sukaku reports it in this direction and it eliminates."""
    k = len(steps)
    combination = sorted((link.kind, link.index, link.variant) for link, _ in steps)
    q = tuple(combination.index((link.kind, link.index, link.variant)) for link, _ in steps)
    if list(q) > list(q)[::-1]:
        return None
    entries = tuple(entry for _, entry in steps)
    start = steps[0][0].ends[entries[0]]
    end = steps[-1][0].ends[1 - entries[-1]]
    shares = []
    for (link, entry), (after, enter) in itertools.pairwise(steps):
        shared = _share(link.ends[1 - entry], after.ends[enter])
        if shared is None:
            return None
        shares.append(shared)
    ring = _share(start, end)
    base = 0
    for link, _ in steps:
        base |= _HOUSE_MASKS[link.kind][link.index]
    removed = start.seen & end.seen & plane & ~base
    total = 0
    if ring is None:
        for kind, index in shares:
            removed &= ~_HOUSE_MASKS[kind][index]
        total = popcount(removed)
    else:
        if entries[0] != 0 or steps[0][0].house != min(link.house for link, _ in steps):
            return None
        total = popcount(removed)
        for (link, entry), (after, enter) in itertools.pairwise(steps):
            weak = link.ends[1 - entry].seen & after.ends[enter].seen & plane & ~base
            total += popcount(weak)
            removed |= weak
    if not removed:
        return None
    kinds = [link.kind for link, _ in steps]
    grouped = sum(link.grouped for link, _ in steps)
    suffix = _suffix(kinds, grouped)
    value = _chain_value(k, suffix)
    u_value = int("".join(str(e) for e in entries), 2)
    order = (
        _link_set_rank(kinds),
        digit,
        tuple((kind, index, variant) for kind, index, variant in combination),
        _quickperm_rank(k)[q],
        u_value,
    )
    key = (value, -total, suffix, *order)
    links = tuple(link for link, _ in steps)
    return _Chain(digit, links, entries, tuple(shares), ring, removed, key)


MOST_LINKS = max(STRONG_LINKS_BASE)

_BEST_CHAINS: Memo[dict[int, _Chain]] = Memo()
"""A digit's first chain of each length in Sukaku's order, by the digit's plane."""


def _best_chains_of(digit: int, plane: int) -> dict[int, _Chain]:
    """The first chain of each number of links for ``digit``, in Sukaku's order."""
    best: dict[int, _Chain] = {}
    for chain in _chains(digit, plane, MOST_LINKS):
        k = len(chain.links)
        if k not in best or chain.key < best[k].key:
            best[k] = chain
    return best


def _strong_links(board: Board, k: int, *, compiled: bool | None = None) -> Step | None:
    """The first chain of ``k`` strong links, Sukaku's order, as a Step: found by
    :mod:`kernel`'s kernel when ``compiled`` (by default, when compiling
    is on), else by the plain-Python search, the kernel's reference."""
    if board.n != SIZE:
        return None
    if compiled is None:
        compiled = sukaku_kernel.enabled()
    best = _scanned_chain(board, k) if compiled else _searched_chain(board, k)
    return None if best is None else _chain_step(board, best)


def _searched_chain(board: Board, k: int) -> _Chain | None:
    """The first chain of ``k`` strong links, by the plain-Python search."""
    best = None
    for digit, plane in enumerate(board.planes, start=1):
        if not plane:
            continue
        chain = _BEST_CHAINS.get(
            (digit, plane), functools.partial(_best_chains_of, digit, plane)
        ).get(k)
        if chain is not None and (best is None or chain.key < best.key):
            best = chain
    return best


_SCANNED_CHAINS: Memo[dict[int, tuple[sukaku_kernel.ChainKey, sukaku_kernel.ChainPath]]] = Memo()
"""The kernel's first chain of each length, by a digit's plane (it does not need the digit)."""


def _scanned_chain(board: Board, k: int) -> _Chain | None:
    """The first chain of ``k`` strong links: the kernel picks each digit's, then the digits'
    keys (the digit inserted where Sukaku's key has it) pick the one rebuilt here."""
    tables = _chain_tables()
    best: tuple[tuple[int, ...], int, sukaku_kernel.ChainPath] | None = None
    for digit, plane in enumerate(board.planes, start=1):
        if not plane:
            continue
        found = _SCANNED_CHAINS.get(
            plane, functools.partial(sukaku_kernel.best_chains, plane, tables)
        ).get(k)
        if found is None:
            continue
        key = (*found[0][:4], digit, *found[0][4:])
        if best is None or key < best[0]:
            best = (key, digit, found[1])
    if best is None:
        return None
    _, digit, path = best
    plane = board.planes[digit - 1]
    steps = []
    for code, entry in path:
        house, variant = divmod(code, 2)
        kind, index = divmod(house, SIZE)
        steps.append((_house_links(plane, kind, index)[variant], entry))
    chain = _evaluate(digit, plane, steps)
    if chain is None:  # pragma: no cover - the kernel only reports chains _evaluate keeps
        raise AssertionError(f"the kernel's chain of {digit}s does not eliminate")
    return chain


@functools.cache
def _chain_tables() -> sukaku_kernel.ChainTables:
    """The geometry, link readings and QuickPerm ranks the chain kernel reads."""
    houses = [_HOUSES[kind][index] for kind in range(3) for index in range(SIZE)]
    reading_count = np.zeros((3, 1 << SIZE), dtype=np.int64)
    readings = np.zeros((3, 1 << SIZE, 2, 2, 4), dtype=np.int64)
    for kind in range(3):
        house = _HOUSES[kind][0]
        for pattern in range(1 << SIZE):
            places = sum(1 << house[i] for i in range(SIZE) if pattern >> i & 1)
            found = _link_ends(kind, 0, places)
            reading_count[kind, pattern] = len(found)
            for variant, reading in enumerate(found):
                for end, cells in enumerate(reading):
                    readings[kind, pattern, variant, end, 0] = len(cells)
                    for i, cell in enumerate(cells):
                        readings[kind, pattern, variant, end, 1 + i] = house.index(cell)
    perm_rank = np.zeros((MOST_LINKS + 1, sukaku_kernel.PERM_RADIX**MOST_LINKS), dtype=np.int64)
    for k in range(2, MOST_LINKS + 1):
        for perm, rank in _quickperm_rank(k).items():
            code = 0
            for place in perm:
                code = code * sukaku_kernel.PERM_RADIX + place
            perm_rank[k, code] = rank
    return sukaku_kernel.ChainTables(
        houses=np.array(houses, dtype=np.int64),
        house_masks=np.array(
            [sukaku_kernel.split(_HOUSE_MASKS[kind][index])
             for kind in range(3) for index in range(SIZE)],
            dtype=np.int64,
        ),
        peers=np.array([sukaku_kernel.split(peers) for peers in _PEERS], dtype=np.int64),
        lines=np.array(
            [(_COL_OF[cell], _ROW_OF[cell], _BOX_OF[cell]) for cell in range(SIZE * SIZE)],
            dtype=np.int64,
        ),
        reading_count=reading_count,
        readings=readings,
        perm_rank=perm_rank,
    )


def strong_links_2(board: Board) -> Step | None:
    """Two strong links of a digit joined by a weak one (Sukaku 4.0-4.3)."""
    return _strong_links(board, 2)


def strong_links_3(board: Board) -> Step | None:
    """Three strong links of a digit joined by weak ones (Sukaku 5.4-5.7)."""
    return _strong_links(board, 3)


def strong_links_4(board: Board) -> Step | None:
    """Four strong links of a digit joined by weak ones (Sukaku 5.8-6.1)."""
    return _strong_links(board, 4)


def _chain_name(chain: _Chain) -> str:
    """Sukaku's name of the chain (without its pattern code)."""
    k = len(chain.links)
    grouped = any(link.grouped for link in chain.links)
    if chain.ring is not None:
        return f"{'Grouped ' if grouped else ''}X-Loop ({k} Strong Links)"
    shape = str(chain.key[2])[1:]
    if "0" not in shape and "2" not in shape:
        name = "Skyscraper" if k == 2 else f"{k} Skyscrapers"
    elif "0" in shape or k > 3:
        name = f"{k} Strong Links"
    else:
        name = f"{k}-String Kite"
    return f"Grouped {name}" if grouped else name


def _end_name(board: Board, end: _End) -> str:
    if len(end.cells) == 1:
        return board.name(end.cells[0])
    return "{" + ", ".join(board.name(c) for c in end.cells) + "}"


def _chain_step(board: Board, chain: _Chain) -> Step:
    """The Step of a strong-link chain."""
    digit = chain.digit
    d = board.digit(digit)
    removed = [(cell, digit) for cell in cells_of(chain.removed)]
    pairs = zip(chain.links, chain.entries, strict=True)
    ends = [(link.ends[e], link.ends[1 - e]) for link, e in pairs]
    cand = board.candidate
    links: list[Link] = []
    for i, (near, far) in enumerate(ends):
        links.append(Link(cand(near.cells[0], digit), cand(far.cells[0], digit), strong=True))
        if i + 1 < len(ends):
            nxt = ends[i + 1][0]
            links.append(Link(cand(far.cells[0], digit), cand(nxt.cells[0], digit), strong=False))
    units = tuple(board.unit_name(link.unit(board)) for link in chain.links)
    parts = [
        f"in {unit}, {_end_name(board, near)} or {_end_name(board, far)}"
        for unit, (near, far) in zip(units, ends, strict=True)
    ]
    start, end = ends[0][0], ends[-1][1]
    loop = " The ends share a house too, so every weak link eliminates." if chain.ring else ""
    chain_cells = (c for near, far in ends for c in (*near.cells, *far.cells))
    cells = tuple(dict.fromkeys(board.rc(c) for c in chain_cells))
    return Step(
        _chain_name(chain),
        eliminations=as_candidates(board, removed),
        cells=cells,
        units=units,
        links=tuple(links),
        explanation=f"{d} is {'; '.join(parts)}. Consecutive links meet in a house, so "
        f"{_end_name(board, start)} or {_end_name(board, end)} holds {d}.{loop} "
        f"{removals_by_digit(board, removed).capitalize()}.",
        difficulty=float(chain.key[0]),  # type: ignore[arg-type]
        area=f"the {d}s in {listing(units)}",
    )


# -- wings --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Wing:
    """A wing found: the wing cells, the bivalue cell, its restricted digits, the removals."""

    wing: tuple[int, ...]
    pivot: int
    restricted: tuple[int, ...]
    removed: tuple[tuple[int, int], ...]
    double: bool
    value: float
    suffix: str


def _wing_value(k: int, biggest: int) -> float:
    """Sukaku's value of a wing of ``k`` cells whose largest holds ``biggest`` candidates."""
    if k == 3:
        return round(WXYZ_BASE + (1 - abs(3 - biggest)) * 0.1, 1)
    return round(VWXYZ_BASE + (2 - abs(3 - biggest)) * 0.1, 1)


def _wing_sets(board: Board, k: int) -> list[tuple[tuple[int, ...], int]]:
    """Every k cells in one house with k + 1 digits between them, in Sukaku's search order."""
    marks = board.marks
    found: set[tuple[int, ...]] = set()
    result = []
    for unit in board.units:
        open_cells = [c for c in unit if popcount(marks[c]) > 1]
        for group in itertools.combinations(open_cells, k):
            union = 0
            for cell in group:
                union |= marks[cell]
            if popcount(union) != k + 1:
                continue
            ordered = tuple(sorted(group))
            if ordered not in found:
                found.add(ordered)
                result.append((ordered, union))
    result.sort()
    return result


def _wing_at(
    board: Board, wing: tuple[int, ...], union: int, pivot: int
) -> _Wing | None:
    """The wing of ``wing`` cells with the bivalue cell ``pivot``, if it eliminates."""
    marks = board.marks
    pair = marks[pivot]
    x, z = bits(pair)
    seen_pivot = _PEERS[pivot]
    pattern = _mask(wing) | 1 << pivot

    def holders_seen(digit: int) -> int:
        seen = _ALL
        for cell in wing:
            if marks[cell] >> (digit - 1) & 1:
                seen &= _PEERS[cell]
        return seen

    def restricted(digit: int) -> bool:
        return all(
            seen_pivot >> cell & 1 for cell in wing if marks[cell] >> (digit - 1) & 1
        )

    def victims(digit: int, with_pivot: bool) -> list[tuple[int, int]]:
        area = holders_seen(digit) & ~pattern & board.planes[digit - 1]
        if with_pivot:
            area &= seen_pivot
        return [(cell, digit) for cell in cells_of(area)]

    on_x, on_z = restricted(x), restricted(z)
    if not on_x and not on_z:
        return None
    removed: list[tuple[int, int]] = []
    double = on_x and on_z
    if double:
        weak = [v for digit in bits(union & ~pair) for v in victims(digit, False)]
        strong_x = victims(x, True)
        strong_z = victims(z, True)
        removed = weak + strong_x + strong_z
        double = bool(weak) or (bool(strong_z) and bool(strong_x))
        kept: tuple[int, ...] = (x, z)
    else:
        kept = (x,) if on_x else (z,)
        removed = victims(z if on_x else x, True)
    if not removed:
        return None
    biggest = max(popcount(marks[cell]) for cell in wing)
    size = sum(popcount(marks[cell]) for cell in wing)
    suffix = f"{2 if double else 1}{biggest}{size}"
    return _Wing(
        wing, pivot, kept, tuple(sorted(removed)), double, _wing_value(len(wing), biggest), suffix
    )


def _wings(board: Board, k: int) -> list[_Wing]:
    """Every wing of ``k`` cells that eliminates, in Sukaku's search order."""
    marks = board.marks
    found = []
    for wing, union in _wing_sets(board, k):
        reach = 0
        for cell in wing:
            reach |= _PEERS[cell]
        reach &= ~_mask(wing)
        for pivot in cells_of(reach & board.empty_mask):
            pair = marks[pivot]
            if popcount(pair) == 2 and pair & union == pair:
                hint = _wing_at(board, wing, union, pivot)
                if hint is not None:
                    found.append(hint)
    return found


def _first_wing(board: Board, k: int, *, compiled: bool | None = None) -> _Wing | None:
    """Sukaku's first wing: least value, most eliminations, largest pattern code, first found.

    Found by :mod:`kernel`'s kernel when ``compiled`` (by default, when
    compiling is on), else by the plain-Python search, the kernel's reference.
    """
    if compiled is None:
        compiled = sukaku_kernel.enabled()
    if compiled:
        scanned = sukaku_kernel.best_wing(board.marks, k)
        if scanned is None:
            return None
        cells, pivot = scanned
        union = 0
        for cell in cells:
            union |= board.marks[cell]
        return _wing_at(board, cells, union, pivot)
    found = _wings(board, k)
    if not found:
        return None
    found.sort(key=lambda wing: wing.suffix, reverse=True)
    found.sort(key=lambda wing: (wing.value, -len(wing.removed)))
    return found[0]


def _wing_step(board: Board, wing: _Wing, name: str) -> Step:
    """The Step of a wing."""
    d = board.digit
    digits = 0
    for cell in wing.wing:
        digits |= board.marks[cell]
    pivot = wing.pivot
    pair = listing(d(v) for v in bits(board.marks[pivot]))
    links = tuple(
        Link(board.candidate(pivot, digit), board.candidate(cell, digit), strong=False)
        for digit in wing.restricted
        for cell in wing.wing
        if board.has(cell, digit)
    )
    restricted = listing(d(v) for v in wing.restricted)
    reason = (
        "both of its digits are restricted, so the wing cells lock their other digits too"
        if wing.double
        else f"every wing cell holding {restricted} sees it, so one of them or "
        f"{board.name(pivot)} holds the other digit"
    )
    return Step(
        name,
        eliminations=as_candidates(board, wing.removed),
        cells=tuple(board.rc(c) for c in (*wing.wing, pivot)),
        links=links,
        explanation=f"{board.names(wing.wing)} hold {listing(d(v) for v in bits(digits))} "
        f"between them; {board.name(pivot)} holds {pair}: {reason}. "
        f"{removals_by_digit(board, list(wing.removed)).capitalize()}.",
        difficulty=wing.value,
        area=board.unit_name(board.units_of[wing.wing[0]][2]),
    )


def wxyz_wing(board: Board) -> Step | None:
    """A bivalue cell and three cells holding four digits (Sukaku 5.5-5.6)."""
    if board.n != SIZE:
        return None
    wing = _first_wing(board, 3)
    return None if wing is None else _wing_step(board, wing, "WXYZ-Wing")


def vwxyz_wing(board: Board) -> Step | None:
    """A bivalue cell and four cells holding five digits (Sukaku 6.2-6.4)."""
    if board.n != SIZE:
        return None
    wing = _first_wing(board, 4)
    return None if wing is None else _wing_step(board, wing, "VWXYZ-Wing")
