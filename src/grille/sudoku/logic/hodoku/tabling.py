"""HoDoKu's Forcing Chain (index 8500): Trebor's tables, chains only, with group nodes.

HoDoKu (``TablingSolver.getForcingChains``; hodoku-py ``solver/tabling.py``) gives every
candidate two premises, "set" (ON) and "deleted" (OFF), lists what each implies directly
(``fillTables``: an ON deletes the cell's other candidates and the digit from its peers; an
OFF sets the other candidate of a bivalue cell and the other place of a digit in a unit
where it has two; ``fillTablesWithGroupNodes`` adds group nodes: two or three cells of a box
and a line holding the digit), then closes each list under implication (``expandTables``,
at most 1000 entries a premise). It then checks every premise (``checkForcingChains``):

- *contradiction* (``checkOneChain``): the premise implies its own negation; a candidate
  both set and deleted; two digits set in one cell; one digit set twice in a unit; an open
  cell with every candidate deleted; a unit where every cell the placed digits allow for a
  digit (``candidatesAllowed``, deletions ignored) loses it. Then the premise is false.
- *verity* (``checkTwoChains``, ``checkAllChainsForHouse``): what both premises of one
  candidate imply (outside its cell), what every candidate of a cell implies, what every
  place of a digit in a row, column or box implies. Then it holds.

Every conclusion is one placement or one deletion; HoDoKu sorts them
(``TablingComparator``): placements first, the lowest cell first; else the deletion of the
lowest cell, then the lowest digit. The chain found does not change which step is taken, so
grille computes only the closures (as bit sets, one per premise) and the checks. Written
from HoDoKu's rules; none of its code is used.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from grille.logic import Step
from grille.sudoku.geometry import default_shape
from grille.sudoku.logic.board import Board, bits, cells_of
from grille.sudoku.logic.hodoku.state import PEER_MASKS, UNITS_OF, HodokuGrid

__all__ = [
    "NET_DEPTH",
    "TABLE_LIMIT",
    "ChainConclusion",
    "forcing_chain",
    "forcing_chain_conclusions",
    "forcing_net",
    "forcing_net_conclusions",
]

TABLE_LIMIT = 1000
"""HoDoKu's ``MAX_TABLE_ENTRY_LENGTH``: a premise's table stops growing at this many entries
(the premise itself included)."""

_M81 = (1 << 81) - 1
_OFF = 729
_GROUP = 1458
_ROWS = tuple(sum(1 << (r * 9 + c) for c in range(9)) for r in range(9))
_COLS = tuple(sum(1 << (r * 9 + c) for r in range(9)) for c in range(9))
_BOXES = tuple(
    sum(1 << ((b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3) for i in range(9)) for b in range(9)
)
_UNITS = _ROWS + _COLS + _BOXES
_UNITS_OF = tuple((c // 9, 9 + c % 9, 18 + (c // 27 * 3 + c % 9 // 3)) for c in range(81))
_PEERS = tuple(
    (_ROWS[c // 9] | _COLS[c % 9] | _BOXES[c // 27 * 3 + c % 9 // 3]) & ~(1 << c)
    for c in range(81)
)


def _on(cell: int, digit: int) -> int:
    return (digit - 1) * 81 + cell


def _off(cell: int, digit: int) -> int:
    return _OFF + (digit - 1) * 81 + cell


@dataclass(frozen=True, slots=True)
class ChainConclusion:
    """One conclusion of HoDoKu's forcing chains: ``cell`` (0-80) gets ``digit`` when
    ``place``, else loses it; ``why`` says which check found it."""

    cell: int
    digit: int
    place: bool
    why: str

    def __repr__(self) -> str:
        sign = "=" if self.place else "<>"
        return f"<ChainConclusion r{self.cell // 9 + 1}c{self.cell % 9 + 1}{sign}{self.digit}>"


@dataclass(slots=True)
class _Group:
    digit: int
    cells: int
    buddies: int
    box: int
    row: int
    col: int


def _groups(planes: tuple[int, ...]) -> list[_Group]:
    """HoDoKu's group nodes (``GroupNode.getGroupNodes``): rows, digits, boxes; then columns."""
    found: list[_Group] = []
    for lines, is_row in ((_ROWS, True), (_COLS, False)):
        for line, line_mask in enumerate(lines):
            for digit in range(1, 10):
                held = planes[digit - 1] & line_mask
                if not held:
                    continue
                for box, box_mask in enumerate(_BOXES):
                    cells = held & box_mask
                    if cells.bit_count() >= 2:
                        buddies = _M81
                        for cell in cells_of(cells):
                            buddies &= _PEERS[cell]
                        found.append(_Group(digit, cells, buddies, box,
                                            line if is_row else -1, -1 if is_row else line))
    return found


def _tables(board: Board) -> tuple[dict[int, list[int]], list[int]]:
    """Each premise's direct implications in HoDoKu's order (``fillTables`` then the group
    nodes), and the premises (ON and OFF of every candidate, cell order, then digit)."""
    planes = board.planes
    direct: dict[int, list[int]] = {}
    premises: list[int] = []
    _chain_lists(board, direct, premises)
    _add_groups(planes, direct)
    return direct, premises


_LISTS: dict[tuple[tuple[int, ...], tuple[int, ...]],
             tuple[dict[int, list[int]], list[int]]] = {}
"""The last boards' chain lists (the nice loops, grouped loops and forcing chains of one
step read the same board)."""


def _chain_lists(board: Board, direct: dict[int, list[int]], premises: list[int]) -> None:
    """``fillTables`` with chains only: an ON's and an OFF's immediate consequences, added to
    ``direct`` (the lists are kept for the board's next caller and shared: never change
    them in place)."""
    key = (board.cells, board.marks)
    found = _LISTS.get(key)
    if found is None:
        if len(_LISTS) >= 4:
            _LISTS.clear()
        found = _LISTS[key] = ({}, [])
        _fill_chain_lists(board, found[0], found[1])
    direct.update(found[0])
    premises += found[1]


def _fill_chain_lists(board: Board, direct: dict[int, list[int]], premises: list[int]) -> None:
    planes = board.planes
    for cell in board.empty_cells:
        held = bits(board.marks[cell])
        bit = 1 << cell
        row, col, box = (_UNITS[u] for u in _UNITS_OF[cell])
        for digit in held:
            on_base, off_base = (digit - 1) * 81, _OFF + (digit - 1) * 81
            plane = planes[digit - 1] & ~bit
            # the digit's other places in the row, then the column, then the box
            in_row = plane & row
            in_col = plane & col
            in_box = plane & box & ~in_row & ~in_col
            on = [_off(cell, d) for d in held if d != digit]
            for others in (in_row, in_col, in_box):
                on += [off_base + peer for peer in cells_of(others)]
            off = [_on(cell, d) for d in held if d != digit] if len(held) == 2 else []
            seen = 0
            for others in (in_row, in_col, plane & box):
                if others and not others & (others - 1) and not others & seen:
                    seen |= others
                    off.append(on_base + others.bit_length() - 1)
            direct[on_base + cell] = on
            direct[off_base + cell] = off
            premises += [on_base + cell, off_base + cell]


_GroupLinks = tuple[list[_Group], dict[int, list[int]], dict[int, list[int]]]
_GROUP_LINKS: dict[tuple[int, ...], _GroupLinks] = {}
"""The last boards' group nodes and links, by candidate planes (the grouped loops, forcing
chains and nets of one step read the same planes)."""


def _group_links(planes: tuple[int, ...]) -> _GroupLinks:
    """The group nodes of ``planes``, the group nodes each candidate node's list gains (in
    order) and each group node's list: :func:`_add_groups` in parts, kept."""
    found = _GROUP_LINKS.get(planes)
    if found is None:
        if len(_GROUP_LINKS) >= 4:
            _GROUP_LINKS.clear()
        gained = _Appending()
        groups = _fill_groups(planes, gained)
        lists = {node: gained.pop(node) for node in range(_GROUP, _GROUP + 2 * len(groups))}
        found = _GROUP_LINKS[planes] = (groups, gained, lists)
    return found


def _groups_of(planes: tuple[int, ...]) -> list[_Group]:
    """The group nodes of ``planes`` (kept with their links)."""
    return _group_links(planes)[0]


def _add_groups(planes: tuple[int, ...], direct: dict[int, list[int]]) -> None:
    """``fillTablesWithGroupNodes``: each group node's ON and OFF lists, and the group nodes
    appended to the lists of the candidates they link with."""
    _, gained, lists = _group_links(planes)
    for node, more in gained.items():
        direct[node] = direct[node] + more  # a new list: the kept chain lists stay as they are
    direct.update(lists)  # shared, as the chain lists are


def _fill_groups(planes: tuple[int, ...], direct: dict[int, list[int]]) -> list[_Group]:
    """:func:`_add_groups` into ``direct`` starting empty (an :class:`_Appending`): each
    candidate node's list holds the group nodes it gains. Returns the group nodes."""
    groups = _groups(planes)
    same_digit: list[list[int]] = [[] for _ in range(10)]  # each digit's groups, in order
    for i, group in enumerate(groups):
        same_digit[group.digit].append(i)
    for i, group in enumerate(groups):
        g_on, g_off = _GROUP + 2 * i, _GROUP + 2 * i + 1
        on_list: list[int] = []
        off_list: list[int] = []
        plane = planes[group.digit - 1]
        visible = plane & group.buddies
        if visible:
            for cell in cells_of(visible):
                on_list.append(_off(cell, group.digit))
                direct[_on(cell, group.digit)].append(g_off)
            line = _ROWS[group.row] if group.row >= 0 else _COLS[group.col]
            for seen in (visible & _BOXES[group.box], visible & line):
                if seen.bit_count() == 1:
                    cell = seen.bit_length() - 1
                    if _on(cell, group.digit) not in off_list:
                        off_list.append(_on(cell, group.digit))
                    direct[_off(cell, group.digit)].append(g_on)
        # the other groups of the digit in the group's row, column, box: how many, the first
        counts = [0, 0, 0]
        firsts = [-1, -1, -1]
        row, col, box, cells = group.row, group.col, group.box, group.cells
        for j in same_digit[group.digit]:
            other = groups[j]
            if j == i or other.cells & cells:
                continue
            if row >= 0 and row == other.row:
                counts[0] += 1
                if counts[0] == 1:
                    firsts[0] = j
                on_list.append(_GROUP + 2 * j + 1)
            if col >= 0 and col == other.col:
                counts[1] += 1
                if counts[1] == 1:
                    firsts[1] = j
                on_list.append(_GROUP + 2 * j + 1)
            if box == other.box:
                counts[2] += 1
                if counts[2] == 1:
                    firsts[2] = j
                on_list.append(_GROUP + 2 * j + 1)
        for key, house in enumerate((_ROWS[row] if row >= 0 else 0,
                                     _COLS[col] if col >= 0 else 0, _BOXES[box])):
            if counts[key] == 1 and not plane & house & ~cells & ~groups[firsts[key]].cells:
                off_list.append(_GROUP + 2 * firsts[key])
        direct[g_on] = on_list
        direct[g_off] = off_list
    return groups


class _Appending(dict[int, list[int]]):
    """A dict of lists whose missing keys read as new empty lists (kept)."""

    def __missing__(self, key: int) -> list[int]:
        listed: list[int] = []
        self[key] = listed
        return listed


def _closures(direct: dict[int, list[int]]) -> dict[int, int]:
    """Every node's closure under implication (itself included), as a bit set: Tarjan's
    strongly connected components, each closed after the components it reaches."""
    reach: dict[int, int] = {}
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    counter = 0
    for root in direct:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, pos = work.pop()
            if pos == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            succ = direct.get(node, ())
            descended = False
            while pos < len(succ):
                nxt = succ[pos]
                pos += 1
                if nxt not in index:
                    work.append((node, pos))
                    work.append((nxt, 0))
                    descended = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if descended:
                continue
            if low[node] == index[node]:
                members = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    members.append(top)
                    if top == node:
                        break
                mask = 0
                for member in members:
                    mask |= 1 << member
                for member in members:
                    for nxt in direct.get(member, ()):
                        if nxt in reach:
                            mask |= reach[nxt]
                for member in members:
                    reach[member] = mask
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return reach


def _bounded(premise: int, direct: dict[int, list[int]]) -> int:
    """A premise's table as HoDoKu fills it when it would pass :data:`TABLE_LIMIT`: its own
    list, then each entry's direct implications in turn, new ones only, until full."""
    entries = [premise]
    seen = {premise}
    for node in direct[premise]:
        if len(entries) >= TABLE_LIMIT:
            break
        if node < _GROUP and node in seen:
            continue
        entries.append(node)
        seen.add(node)
    j = 1
    while j < len(entries) and len(entries) < TABLE_LIMIT:
        for node in direct.get(entries[j], ()):
            if node not in seen and len(entries) < TABLE_LIMIT:
                entries.append(node)
                seen.add(node)
        j += 1
    mask = 0
    for node in entries:
        mask |= 1 << node
    return mask


def _sets(mask: int, base: int) -> list[int]:
    return [0] + [(mask >> (base + 81 * d)) & _M81 for d in range(9)]


_M729 = (1 << _OFF) - 1


def _contradiction(mask: int, premise: int, board: Board, allowed: list[list[int]]) -> str:
    """Which of HoDoKu's ``checkOneChain`` tests the premise's table fails ("" for none);
    ``allowed`` holds per digit the nonempty places the placed digits allow it in each unit,
    in unit order."""
    if premise < _OFF:
        if mask >> (premise + _OFF) & 1:
            return "it deletes itself"
    elif mask >> (premise - _OFF) & 1:
        return "it sets itself"
    on_all = mask & _M729
    off_all = mask >> _OFF & _M729
    if on_all & off_all:
        return "a candidate is both set and deleted"
    on = _sets(on_all, 0)
    seen = 0
    for d in range(1, 10):
        if on[d] & seen:
            return "two digits are set in one cell"
        seen |= on[d]
    for d in range(1, 10):
        if on[d] & (on[d] - 1):
            for unit in _UNITS:
                if (on[d] & unit).bit_count() > 1:
                    return f"{d} is set twice in one unit"
    off = _sets(off_all, 0)
    empty = board.empty_mask & ~seen
    if empty:
        planes = board.planes
        for d in range(1, 10):
            empty &= off[d] | ~planes[d - 1]
        if empty:
            return "a cell loses every candidate"
    for d in range(1, 10):
        lost = off[d]
        if lost:
            for places in allowed[d]:
                if places & lost == places:
                    return f"a unit loses every place for {d}"
    return ""


def _clone(grid: HodokuGrid) -> HodokuGrid:
    copy = HodokuGrid.__new__(HodokuGrid)
    copy.values = list(grid.values)
    copy.cand = list(grid.cand)
    copy.planes = list(grid.planes)
    copy.free = [list(counts) for counts in grid.free]
    copy.ns_queue = deque(grid.ns_queue)
    copy.hs_queue = deque(grid.hs_queue)
    return copy


def _singles(grid: HodokuGrid) -> list[tuple[int, int]]:
    """``findAllNakedSingles`` then ``findAllHiddenSingles`` as the net look-ahead reads
    them: the queues in order, not consumed; a naked entry counts while its cell is open, a
    hidden one while its cell is open, holds the digit and has a unit with one place for it,
    once a cell."""
    found = [(cell, digit) for cell, digit in grid.ns_queue if not grid.values[cell]]
    taken: set[int] = set()
    for cell, digit in grid.hs_queue:
        if grid.values[cell] or cell in taken or not grid.cand[cell] >> (digit - 1) & 1:
            continue
        if any(grid.free[unit][digit] == 1 for unit in UNITS_OF[cell]):
            found.append((cell, digit))
            taken.add(cell)
    return found


def _net_list(saved: HodokuGrid, cell: int, digit: int, on: bool, depth: int) -> list[int]:
    """A premise's direct list in net mode (``getTableEntry``): the premise made on a copy
    of the grid, then up to ``depth`` rounds of every single found, each placement listing
    the digit out of its peers (as the grid held them before the premise) and the cell's
    other candidates out."""
    grid = _clone(saved)
    premise = _on(cell, digit) if on else _off(cell, digit)
    entries: list[int] = []
    seen = {premise}

    def add(node: int) -> None:
        if node not in seen:
            seen.add(node)
            entries.append(node)

    def place(at: int, value: int) -> None:
        peers = saved.planes[value] & PEER_MASKS[at]
        others = grid.cand[at]
        grid.place(at, value)
        add(_on(at, value))
        for peer in cells_of(peers):
            add(_off(peer, value))
        for other in bits(others):
            if other != value:
                add(_off(at, other))

    if on:
        place(cell, digit)
    else:
        grid.delete(cell, digit)
        left = grid.cand[cell]
        if left and not left & (left - 1):
            place(cell, left.bit_length())
    for _ in range(depth):
        singles = _singles(grid)
        if not singles:
            break
        for at, value in singles:
            place(at, value)
    return entries


NET_DEPTH = 4
"""HoDoKu's ``anzTableLookAhead``: rounds of singles a net premise looks ahead."""


def forcing_net_conclusions(grid: HodokuGrid) -> list[ChainConclusion]:
    """Every conclusion of HoDoKu's forcing nets on ``grid`` (``getForcingNets``: the
    same checks on tables whose premises look ahead through singles)."""
    return _conclusions(*_net_tables(grid))


def _net_tables(grid: HodokuGrid) -> tuple[Board, dict[int, list[int]], list[int]]:
    """The board of ``grid``, its premises' direct lists in net mode and the premises."""
    cells, marks = grid.cells_and_marks()
    board = Board(default_shape(9), cells, marks)
    direct: dict[int, list[int]] = {}
    premises: list[int] = []
    for cell in board.empty_cells:
        for digit in bits(board.marks[cell]):
            direct[_on(cell, digit)] = _net_list(grid, cell, digit, True, NET_DEPTH)
            direct[_off(cell, digit)] = _net_list(grid, cell, digit, False, NET_DEPTH)
            premises += [_on(cell, digit), _off(cell, digit)]
    _add_groups(board.planes, direct)
    return board, direct, premises


def forcing_chain_conclusions(board: Board) -> list[ChainConclusion]:
    """Every conclusion of HoDoKu's chain-only forcing chains on ``board`` (9x9)."""
    direct, premises = _tables(board)
    return _conclusions(board, direct, premises)


def _reach(board: Board, direct: dict[int, list[int]], premises: list[int],
           ) -> tuple[dict[int, int], list[list[int]]]:
    """The closed tables (bounded as HoDoKu bounds them) and, per digit, the open cells the
    placed digits allow it in (``candidatesAllowed``), unit by unit (the nonempty ones)."""
    reach = _closures(direct)
    for premise in premises:
        if reach[premise].bit_count() >= TABLE_LIMIT:
            reach[premise] = _bounded(premise, direct)
    allowed = [0] * 10
    for d in range(1, 10):
        allowed[d] = board.empty_mask
    for cell, digit in enumerate(board.cells):
        if digit:
            allowed[digit] &= ~_PEERS[cell]
    places = [[unit & allowed[d] for unit in _UNITS if unit & allowed[d]] for d in range(10)]
    return reach, places


def _contradiction_of(premise: int, why: str) -> ChainConclusion:
    """The conclusion of a premise that fails ``checkOneChain``: it is false."""
    is_on = premise < _OFF
    d, cell = divmod(premise if is_on else premise - _OFF, 81)
    return ChainConclusion(cell, d + 1, not is_on, f"contradiction: {why}")


def _conclusions(
    board: Board, direct: dict[int, list[int]], premises: list[int]
) -> list[ChainConclusion]:
    """The contradictions and verities of the closed tables."""
    reach, allowed = _reach(board, direct, premises)
    found: list[ChainConclusion] = []
    for premise in premises:
        why = _contradiction(reach[premise], premise, board, allowed)
        if why:
            found.append(_contradiction_of(premise, why))
    return found + _all_verities(board, reach)


def _all_verities(board: Board, reach: dict[int, int]) -> list[ChainConclusion]:
    """The verities of the closed tables, in HoDoKu's order."""
    found: list[ChainConclusion] = []
    for cell in board.empty_cells:
        for digit in bits(board.marks[cell]):
            both = reach[_on(cell, digit)] & reach[_off(cell, digit)]
            _verities(found, both, ~(1 << cell), "both ways of one candidate")
    for cell in board.empty_cells:
        common = -1
        for digit in bits(board.marks[cell]):
            common &= reach[_on(cell, digit)]
        _verities(found, common, _M81, "every candidate of a cell")
    for units in (_ROWS, _COLS, _BOXES):
        for unit in units:
            for digit in range(1, 10):
                places = unit & board.planes[digit - 1]
                if places:
                    common = -1
                    for cell in cells_of(places):
                        common &= reach[_on(cell, digit)]
                    _verities(found, common, _M81, "every place of a digit in a unit")
    return found


def _rank(conclusion: ChainConclusion) -> tuple[int, int, int]:
    """:func:`pick`'s order: placements (by cell alone), then deletions by cell and digit."""
    if conclusion.place:
        return 0, conclusion.cell, 0
    return 1, conclusion.cell, conclusion.digit


def _first_conclusion(
    board: Board, direct: dict[int, list[int]], premises: list[int]
) -> ChainConclusion | None:
    """``pick(_conclusions(board, direct, premises))`` without testing the premises whose
    contradiction could not be picked: the verities give a bound first; a contradiction,
    listed before every verity, wins a tie with one, and loses a tie with an earlier
    contradiction."""
    reach, allowed = _reach(board, direct, premises)
    chosen = pick(_all_verities(board, reach))
    best = _rank(chosen) if chosen is not None else (2, 0, 0)
    from_verity = True
    for premise in premises:
        if premise < _OFF:
            rank = (1, premise % 81, premise // 81 + 1)
        else:
            rank = (0, (premise - _OFF) % 81, 0)
        if rank > best or (rank == best and not from_verity):
            continue
        why = _contradiction(reach[premise], premise, board, allowed)
        if why:
            chosen = _contradiction_of(premise, why)
            best, from_verity = rank, False
    return chosen


def _verities(found: list[ChainConclusion], mask: int, keep: int, why: str) -> None:
    mask &= (1 << _GROUP) - 1
    if not mask:
        return
    on, off = _sets(mask, 0), _sets(mask, _OFF)
    for d in range(1, 10):
        for cell in cells_of(on[d] & keep):
            found.append(ChainConclusion(cell, d, True, f"verity: {why}"))
        for cell in cells_of(off[d] & keep):
            found.append(ChainConclusion(cell, d, False, f"verity: {why}"))


def pick(found: list[ChainConclusion]) -> ChainConclusion | None:
    """HoDoKu's first: a placement in the lowest cell, else the lowest (cell, digit) deletion."""
    places = [c for c in found if c.place]
    if places:
        return min(places, key=lambda c: c.cell)
    if found:
        return min(found, key=lambda c: (c.cell, c.digit))
    return None


def forcing_chain(board: Board) -> Step | None:
    """HoDoKu's Forcing Chain step on ``board``: its first conclusion, or None."""
    if board.n != 9:
        return None
    direct, premises = _tables(board)
    return _step(_first_conclusion(board, direct, premises), "Forcing Chain", 500.0)


def forcing_net(grid: HodokuGrid) -> Step | None:
    """HoDoKu's Forcing Net step on ``grid`` (its singles queues matter): the first
    conclusion, or None."""
    return _step(_first_conclusion(*_net_tables(grid)), "Forcing Net", 700.0)


def _step(chosen: ChainConclusion | None, name: str, score: float) -> Step | None:
    if chosen is None:
        return None
    row, col = divmod(chosen.cell, 9)
    where = f"r{row + 1}c{col + 1}"
    if chosen.place:
        text = f"{where} = {chosen.digit} ({chosen.why})"
        return Step(name, placements=((row, col, chosen.digit),), cells=((row, col),),
                    explanation=text, difficulty=score, area="the whole grid")
    text = f"{where} <> {chosen.digit} ({chosen.why})"
    return Step(name, eliminations=((row, col, chosen.digit),), cells=((row, col),),
                explanation=text, difficulty=score, area="the whole grid")
