"""Named chains: X-chains, XY-chains, alternating inference chains and nice loops.

A chain alternates *strong* links (at least one end is true: the only two places of a digit
in a unit, or the only two digits of a cell) and *weak* links (at most one end is true: the
same digit in cells that see each other, or two digits of one cell). Starting from a node
assumed false, it proves its last node true, so one of its two ends is true:

* an open chain removes every candidate that sees both ends (X-chain, XY-chain, AIC);
* a chain that comes back to prove its own start places it (discontinuous nice loop);
* a chain whose ends see each other closes a loop (X-cycle, XY-cycle, continuous nice loop):
  around it the nodes alternate true and false, so each link has exactly one true end and
  every candidate that sees both ends of a link is removed.

Grouped chains also use grouped nodes: the places of a digit in one box on one line.

Chains are found by a breadth-first search over the link graph from every node at once, level
by level, so the shortest chains come first; chains are capped at :data:`MAX_NODES` nodes.

Difficulties follow Sudoku Explainer: X-cycles and XY-cycles 6.5 + L, X-chains and XY-chains
6.6 + L, mixed chains and loops (AIC, nice loops) 7.0 + L, where L is
:func:`~grille.sudoku.logic.difficulty.length_increment` of the chain's nodes counted as SE
does (the assumed-true target and its refutation add two nodes to an open chain; a loop or a
placement counts its own nodes). SE has no grouped nodes: a chain using one rates 0.1 more.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from grille.logic import Candidate, Link, Step
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.board import Board, bits, cells_of, popcount
from grille.sudoku.logic.difficulty import chain_difficulty

__all__ = [
    "MAX_NODES",
    "aic",
    "grouped_aic",
    "grouped_x_chain",
    "x_chain",
    "xy_chain",
]

MAX_NODES = 16
"""Longest chain searched, in nodes."""
MIN_LOOP = 6
"""Shortest loop (and XY-chain) reported: shorter ones are X-Wings, pairs and the like."""

CYCLE = 6.5
"""SE's X-cycle and Y-cycle (one kind of link, closed)."""
CHAIN = 6.6
"""SE's forcing X-chain and Y-chain (one kind of link, open)."""
MIXED = 7.0
"""SE's bidirectional cycles and forcing chains with mixed links."""
GROUPED = 0.1
"""Added when a chain uses a grouped node (SE has none)."""


@dataclass(frozen=True, slots=True)
class Node:
    """A digit in one cell, or in a group of cells of one box on one line (true: in one of them)."""

    digit: int
    cells: tuple[int, ...]


@dataclass(slots=True)
class _Graph:
    """The link graph one search walks; adjacency as bitmasks over node indexes.

    The candidate (cell, digit) is node ``cell * n + digit - 1`` (whether or not it is on the
    board), and groups follow from ``first_group`` = n³ on: node indexes rise with the order
    in which the search takes nodes (candidates cell by cell, then groups).
    """

    nodes: dict[int, Node]
    singles: int
    """How many candidates the board has."""
    first_group: int
    strong: list[int]
    weak: list[int]
    kill: list[int]
    killed_by: list[int]
    starts: list[int]
    min_level: int
    min_base: float


@dataclass(frozen=True, slots=True)
class _Hit:
    """A conclusion found by the search: its rank, path and what it changes."""

    rank: tuple[float, int, int]
    kind: str
    path: tuple[int, ...]
    eliminations: tuple[int, ...]


@dataclass(slots=True)
class _Bfs:
    """One breadth-first search: its start (assumed false), what it reached, level by level."""

    start: int
    seen_on: int
    seen_off: int
    frontiers: list[int]

    def advance(self, graph: _Graph, on_level: bool) -> bool:
        """Reach one level further (true nodes on odd levels); whether anything new was reached."""
        if on_level:
            frontier = _image(self.frontiers[-1], graph.strong) & ~self.seen_on
            self.seen_on |= frontier
        else:
            frontier = _image(self.frontiers[-1], graph.weak) & ~self.seen_off
            self.seen_off |= frontier
        self.frontiers.append(frontier)
        return bool(frontier)


# -- the link graph ------------------------------------------------------------------------


@functools.cache
def _single(cell: int, digit: int) -> Node:
    """The node of one candidate (shared, nodes are immutable)."""
    return Node(digit, (cell,))


@functools.cache
def _peer_spread(shape: Shape) -> tuple[int, ...]:
    """For node ``cell * n + digit - 1``, the nodes of that digit in the cell's peers."""
    n = shape.size
    return tuple(
        sum(1 << (peer * n + digit) for peer in peers)
        for peers in shape.peers
        for digit in range(n)
    )


def _spread(board: Board, cellmask: int, digit: int) -> int:
    """The nodes of ``digit`` in the cells of ``cellmask``."""
    n = board.n
    out = 0
    for cell in cells_of(cellmask):
        out |= 1 << (cell * n + digit - 1)
    return out


def _candidate_nodes(board: Board, cells: Sequence[int]) -> int:
    """Every candidate node of ``cells``."""
    n = board.n
    marks = board.marks
    out = 0
    for cell in cells:
        out |= marks[cell] << (cell * n)
    return out


def _singles(board: Board) -> dict[int, Node]:
    """Every candidate as a node, by node index."""
    n = board.n
    return {
        cell * n + digit - 1: _single(cell, digit)
        for cell in board.empty_cells
        for digit in bits(board.marks[cell])
    }


def _groups(board: Board) -> list[Node]:
    """Every group of two or more places of a digit in one box on one line."""
    n = board.n
    groups = []
    unit_masks = board.tables.unit_masks
    planes = board.planes
    for box in range(2 * n, 3 * n):
        for line in range(2 * n):
            inside = unit_masks[box] & unit_masks[line]
            if not inside:
                continue
            for digit in range(1, n + 1):
                cells = inside & planes[digit - 1]
                if cells & (cells - 1):
                    groups.append(Node(digit, cells_of(cells)))
    return groups


def _common_peers(board: Board, cells: Sequence[int]) -> int:
    """The cells that see every cell of ``cells``, as a bitmask."""
    peer_masks = board.tables.peer_masks
    common = peer_masks[cells[0]]
    for cell in cells[1:]:
        common &= peer_masks[cell]
    return common


def _graph(board: Board, kind: str) -> _Graph:
    """The link graph for ``kind``: "x", "xy", "aic", "grouped_x" or "grouped"."""
    n = board.n
    nodes = _singles(board)
    singles = len(nodes)
    first_group = n * n * n
    grouped = kind.startswith("grouped")
    shared = _shared_links(board, grouped)
    groups = shared.groups
    count = first_group + len(groups)
    kill = [0] * count
    strong = [0] * count
    weak = [0] * count
    _single_links(board, kind, nodes, kill, strong, weak)
    killed_by = list(kill)
    for g, group in enumerate(groups):
        node = first_group + g
        nodes[node] = group
        kill[node] = shared.group_kill[g]
        for j in _indexes(kill[node]):
            killed_by[j] |= 1 << node
    if kind != "xy":
        for i, mask in shared.conjugates.items():
            strong[i] |= mask
    for i, mask in shared.group_weak.items():
        weak[i] |= mask
    starts = [i for i in nodes if strong[i]]
    return _Graph(
        nodes=nodes,
        singles=singles,
        first_group=first_group,
        strong=strong,
        weak=weak,
        kill=kill,
        killed_by=killed_by,
        starts=starts,
        min_level=5 if kind == "xy" else 3,
        min_base=MIXED if kind in ("aic", "grouped") else CYCLE,
    )


def _single_links(
    board: Board,
    kind: str,
    singles: dict[int, Node],
    kill: list[int],
    strong: list[int],
    weak: list[int],
) -> None:
    """Fill in what each candidate rules out, and its weak and bivalue strong links.

    A candidate rules out the other digits of its cell and its digit in the cell's peers; the
    weak links are those (only the peers for one-digit chains, and only between bivalue cells
    for XY-chains); a bivalue cell's two digits are strongly linked (not in one-digit chains).
    """
    n = board.n
    marks = board.marks
    spread = _peer_spread(board.shape)
    everything = _candidate_nodes(board, board.empty_cells)
    bivalue_cells = [c for c in board.empty_cells if popcount(marks[c]) == 2]
    bivalue = set(bivalue_cells)
    in_bivalue = _candidate_nodes(board, bivalue_cells)
    one_digit = kind in ("x", "grouped_x")
    for i, node in singles.items():
        cell = node.cells[0]
        own = (marks[cell] << (cell * n)) & ~(1 << i)
        seen = spread[i] & everything
        kill[i] = own | seen
        if kind == "xy":
            if cell in bivalue:
                weak[i] = seen & in_bivalue
                strong[i] = own
        elif one_digit:
            weak[i] = seen
        else:
            weak[i] = own | seen
            if cell in bivalue:
                strong[i] = own


@dataclass(frozen=True, slots=True)
class _Shared:
    """The parts of a board's link graph that several kinds of chain share."""

    groups: tuple[Node, ...]
    group_kill: tuple[int, ...]
    """For each group, the candidate nodes it rules out."""
    conjugates: dict[int, int]
    """Strong links between the nodes holding all the places of a digit in a unit."""
    group_weak: dict[int, int]
    """Weak links to and from groups."""


@functools.lru_cache(maxsize=4)
def _shared_links(board: Board, grouped: bool) -> _Shared:
    """The groups (if ``grouped``), what they rule out, and the unit and group links."""
    groups = tuple(_groups(board)) if grouped else ()
    group_kill = tuple(
        _spread(
            board, _common_peers(board, group.cells) & board.planes[group.digit - 1], group.digit
        )
        for group in groups
    )
    conjugates: dict[int, int] = {}
    _conjugates(board, groups, conjugates)
    group_weak: dict[int, int] = {}
    if grouped:
        _group_weak_links(board, groups, group_kill, group_weak)
    return _Shared(groups, group_kill, conjugates, group_weak)


def _link(links: dict[int, int], i: int, j: int) -> None:
    """Add the link ``i`` - ``j`` both ways."""
    links[i] = links.get(i, 0) | 1 << j
    links[j] = links.get(j, 0) | 1 << i


def _conjugates(board: Board, groups: Sequence[Node], strong: dict[int, int]) -> None:
    """Add strong links between the two nodes that hold all the places of a digit in a unit."""
    n = board.n
    first_group = n * n * n
    in_unit: dict[tuple[int, int], list[int]] = {}
    for g, group in enumerate(groups):
        shared = set.intersection(*(set(board.units_of[cell]) for cell in group.cells))
        for unit in shared:
            in_unit.setdefault((unit, group.digit), []).append(first_group + g)

    group_cells = [sum(1 << cell for cell in group.cells) for group in groups]
    widest = 2 * max(board.shape.box_rows, board.shape.box_cols) if groups else 2
    for unit, unit_mask in enumerate(board.tables.unit_masks):
        for digit, plane in enumerate(board.planes, start=1):
            spots = unit_mask & plane
            count = popcount(spots)
            if not 2 <= count <= widest:
                continue
            places = cells_of(spots)
            if count == 2:  # no group can pair with a single place or with a group here
                _link(strong, places[0] * n + digit - 1, places[1] * n + digit - 1)
                continue
            # Two nodes hold all the places, each once, when one's cells are the other's rest.
            by_cells = {1 << cell: cell * n + digit - 1 for cell in places}
            for g in in_unit.get((unit, digit), []):
                by_cells[group_cells[g - first_group]] = g
            for cellmask, i in by_cells.items():
                j = by_cells.get(spots & ~cellmask)
                if j is not None:
                    _link(strong, i, j)


def _group_weak_links(
    board: Board, groups: Sequence[Node], group_kill: Sequence[int], weak: dict[int, int]
) -> None:
    """Add weak links between a group and the disjoint nodes of its digit that see all of it."""
    first_group = board.n ** 3
    cellmasks = [sum(1 << cell for cell in group.cells) for group in groups]
    for g, kill in enumerate(group_kill):
        node = first_group + g
        weak[node] = weak.get(node, 0) | kill
        for j in _indexes(kill):
            weak[j] = weak.get(j, 0) | 1 << node
    by_digit: dict[int, list[int]] = {}
    for g, group in enumerate(groups):
        by_digit.setdefault(group.digit, []).append(g)
    for same_digit in by_digit.values():
        for g in same_digit:
            seeing = _common_peers(board, groups[g].cells)
            for h in same_digit:
                if h != g and cellmasks[h] & ~seeing == 0:
                    weak[first_group + g] = weak.get(first_group + g, 0) | 1 << (first_group + h)


def _indexes(mask: int) -> Iterator[int]:
    """The indexes of the bits set in ``mask``."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _image(frontier: int, adjacency: list[int]) -> int:
    """Every node linked to a node of ``frontier``."""
    out = 0
    while frontier:
        low = frontier & -frontier
        out |= adjacency[low.bit_length() - 1]
        frontier ^= low
    return out


# -- the search ----------------------------------------------------------------------------


def _search(board: Board, kind: str) -> Step | None:
    """The easiest chain of ``kind`` on ``board``, or ``None``."""
    graph = _graph(board, kind)
    states = [_Bfs(s, 0, 1 << s, [1 << s]) for s in graph.starts]
    best: _Hit | None = None
    for level in range(1, MAX_NODES):
        on_level = level % 2 == 1
        states = [state for state in states if state.advance(graph, on_level)]
        if not on_level:
            continue
        if level >= graph.min_level:
            for state in states:
                for hit in _hits(graph, state.start, state.frontiers):
                    if best is None or hit.rank < best.rank:
                        best = hit
        if best is not None and best.rank[0] <= chain_difficulty(graph.min_base, level + 3):
            break
        if not states:
            break
    return None if best is None else _step(board, graph, best)


def _hits(graph: _Graph, start: int, frontiers: list[int]) -> Iterator[_Hit]:
    """The conclusions of the chains from ``start`` whose last (true) node was just reached."""
    reached = frontiers[-1]
    if reached >> start & 1 and start < graph.first_group:
        path = _path(graph, frontiers, start)
        yield _hit(graph, "place", path, ())
    closing = reached & graph.weak[start] if len(frontiers) >= MIN_LOOP else 0
    for end in _indexes(closing):
        path = _path(graph, frontiers, end)
        if len(set(path)) == len(path) and not _overlaps(graph, path):
            elims = _loop_eliminations(graph, path)
            if elims:
                yield _hit(graph, "loop", path, elims)
    for end in _indexes(reached & _second_kill(graph, start)):
        if end == start:
            continue
        path = _path(graph, frontiers, end)
        if len(path) < MIN_LOOP and _flavour(graph, path, False) == "xy":
            continue
        yield _hit(graph, "chain", path, tuple(_indexes(graph.kill[start] & graph.kill[end])))


def _second_kill(graph: _Graph, start: int) -> int:
    """Nodes that rule out some candidate ``start`` rules out too."""
    out = 0
    for j in _indexes(graph.kill[start]):
        out |= graph.killed_by[j]
    return out


def _path(graph: _Graph, frontiers: list[int], end: int) -> tuple[int, ...]:
    """A chain from the search's start to ``end`` through the recorded levels."""
    path = [end]
    for level in range(len(frontiers) - 1, 0, -1):
        adjacency = graph.strong if level % 2 == 1 else graph.weak
        options = frontiers[level - 1] & adjacency[path[-1]]
        chosen = -1
        for option in _indexes(options):
            if option not in path and not _clashes(graph, option, path):
                chosen = option
                break
        if chosen < 0:
            chosen = (options & -options).bit_length() - 1
        path.append(chosen)
    return tuple(reversed(path))


def _clashes(graph: _Graph, node: int, path: Sequence[int]) -> bool:
    """Whether ``node`` shares a cell with a node of the same digit already on ``path``."""
    a = graph.nodes[node]
    return any(
        graph.nodes[i].digit == a.digit and set(graph.nodes[i].cells) & set(a.cells) for i in path
    )


def _overlaps(graph: _Graph, path: Sequence[int]) -> bool:
    """Whether two nodes of ``path`` share a cell and a digit."""
    return any(_clashes(graph, node, path[:i]) for i, node in enumerate(path))


def _loop_eliminations(graph: _Graph, path: Sequence[int]) -> tuple[int, ...]:
    """Candidates that see both ends of some link of the closed loop ``path``."""
    members = set(path)
    out = 0
    for a, b in zip(path, (*path[1:], path[0]), strict=True):
        out |= graph.kill[a] & graph.kill[b]
    return tuple(i for i in _indexes(out) if i not in members)


def _hit(graph: _Graph, kind: str, path: tuple[int, ...], elims: tuple[int, ...]) -> _Hit:
    """A hit ranked by difficulty, then length, then gain (a placement first, then eliminations)."""
    nodes = len(path) + 2 if kind == "chain" else len(path)
    gain = graph.singles if kind == "place" else len(elims)
    return _Hit((_difficulty(graph, kind, path, nodes), nodes, -gain), kind, path, elims)


def _flavour(graph: _Graph, path: Sequence[int], closed: bool) -> str:
    """The kind of links: "x" (one digit), "xy" (bivalue cells) or "mixed"."""
    nodes = [graph.nodes[i] for i in path]
    if len({node.digit for node in nodes}) == 1:
        return "x"
    pairs = list(itertools.pairwise(nodes))
    if closed:
        pairs.append((nodes[-1], nodes[0]))
    for position, (a, b) in enumerate(pairs):
        same_cell = a.cells == b.cells and len(a.cells) == 1
        if same_cell != (position % 2 == 0):
            return "mixed"
    return "xy"


def _difficulty(graph: _Graph, kind: str, path: Sequence[int], nodes: int) -> float:
    """SE's value of the chain: its base by kind of links, plus the length increment."""
    flavour = _flavour(graph, path, kind == "loop")
    base = MIXED if flavour == "mixed" else CYCLE if kind == "loop" else CHAIN
    if any(i >= graph.first_group for i in path):
        base += GROUPED
    return chain_difficulty(base, nodes)


# -- the step ------------------------------------------------------------------------------

NAMES = {
    ("x", "loop"): "X-Cycle",
    ("x", "chain"): "X-Chain",
    ("x", "place"): "X-Chain",
    ("xy", "loop"): "XY-Cycle",
    ("xy", "chain"): "XY-Chain",
    ("xy", "place"): "XY-Chain",
    ("mixed", "loop"): "Continuous Nice Loop",
    ("mixed", "chain"): "AIC",
    ("mixed", "place"): "Discontinuous Nice Loop",
}


def _where(board: Board, node: Node) -> str:
    """``r1c2`` for one cell, ``r1c23`` or ``r12c3`` for a group."""
    if len(node.cells) == 1:
        return board.name(node.cells[0])
    rows = sorted({cell // board.n + 1 for cell in node.cells})
    cols = sorted({cell % board.n + 1 for cell in node.cells})
    sep = "" if board.n <= 9 else ","
    return f"r{sep.join(map(str, rows))}c{sep.join(map(str, cols))}"


def _is(board: Board, node: Node, true: bool) -> str:
    """``r1c2 is 4`` / ``4 is not in r1c23``."""
    digit, where = board.digit(node.digit), _where(board, node)
    if len(node.cells) == 1:
        return f"{where} is {digit}" if true else f"{where} is not {digit}"
    return f"{digit} is in {where}" if true else f"{digit} is not in {where}"


def _notation(board: Board, nodes: Sequence[Node]) -> str:
    """The chain in Eureka notation: ``(4)r1c2 = (4)r1c8 - (6)r1c8 = ...``."""
    parts = []
    for i, node in enumerate(nodes):
        if i:
            parts.append("=" if i % 2 == 1 else "-")
        parts.append(f"({board.digit(node.digit)}){_where(board, node)}")
    return " ".join(parts)


def _reasoning(board: Board, nodes: Sequence[Node]) -> str:
    """``if A is not 4, then B is 4, so C is not 6, ..., so Z is 7``."""
    words = [f"if {_is(board, nodes[0], False)}, then {_is(board, nodes[1], True)}"]
    for i, node in enumerate(nodes[2:], start=2):
        words.append(f"so {_is(board, node, i % 2 == 1)}")
    return ", ".join(words)


def _links(board: Board, nodes: Sequence[Node], closed: bool) -> tuple[Link, ...]:
    """The chain's links between candidates (a group links through each of its cells)."""
    pairs = list(itertools.pairwise(nodes))
    if closed:
        pairs.append((nodes[-1], nodes[0]))
    return tuple(
        Link(board.candidate(a_cell, a.digit), board.candidate(b_cell, b.digit), i % 2 == 0)
        for i, (a, b) in enumerate(pairs)
        for a_cell in a.cells
        for b_cell in b.cells
    )


def _unit_names(board: Board, nodes: Sequence[Node]) -> tuple[str, ...]:
    """The units whose only two places of a digit make a strong link of the chain."""
    names: list[str] = []
    for a, b in zip(nodes[::2], nodes[1::2], strict=False):
        if a.digit != b.digit:
            continue
        cells = {*a.cells, *b.cells}
        for unit in range(len(board.units)):
            if set(board.places(unit, a.digit)) == cells:
                name = board.unit_name(unit)
                if name not in names:
                    names.append(name)
    return tuple(names)


def _step(board: Board, graph: _Graph, hit: _Hit) -> Step:
    """The step of a hit, with the chain spelled out."""
    nodes = [graph.nodes[i] for i in hit.path]
    closed = hit.kind == "loop"
    flavour = _flavour(graph, hit.path, closed)
    name = NAMES[flavour, hit.kind]
    if any(i >= graph.first_group for i in hit.path):
        name = f"Grouped {name}"
    cells: list[tuple[int, int]] = []
    for node in nodes:
        for cell in node.cells:
            if board.rc(cell) not in cells:
                cells.append(board.rc(cell))
    elims = [graph.nodes[i] for i in hit.eliminations]
    removed = tuple(sorted(board.candidate(node.cells[0], node.digit) for node in elims))
    notation = _notation(board, nodes)
    reasoning = _reasoning(board, nodes)
    first, last = nodes[0], nodes[-1]
    placements: tuple[Candidate, ...] = ()
    if hit.kind == "place":
        placements = (board.candidate(first.cells[0], first.digit),)
        text = (
            f"{notation}: {reasoning}. Assuming {_is(board, first, False)} proves it is, so "
            f"{_is(board, first, True)}."
        )
    elif closed:
        text = (
            f"{notation}, and ({board.digit(last.digit)}){_where(board, last)} rules out "
            f"({board.digit(first.digit)}){_where(board, first)}, closing a loop: {reasoning}. "
            "Around such a loop the candidates are alternately true and false, so every link "
            "has exactly one true end and a candidate that sees both ends of a link is false: "
            f"{_removal(board, elims)}."
        )
    else:
        text = (
            f"{notation}: {reasoning}. So {_is(board, first, True)} or "
            f"{_is(board, last, True)}; either way {_removal(board, elims)}."
        )
    area = f"the {board.digit(first.digit)}s" if flavour == "x" else "the whole grid"
    return Step(
        name,
        placements=placements,
        eliminations=removed,
        cells=tuple(cells),
        units=_unit_names(board, nodes),
        links=_links(board, nodes, closed),
        explanation=text,
        difficulty=hit.rank[0],
        area=area,
    )


def _removal(board: Board, elims: Sequence[Node]) -> str:
    """``4 is removed from r1c2, r3c4`` (by digit)."""
    by_digit: dict[int, list[int]] = {}
    for node in elims:
        by_digit.setdefault(node.digit, []).append(node.cells[0])
    parts = [
        f"{board.digit(digit)} is removed from {board.names(sorted(cells))}"
        for digit, cells in sorted(by_digit.items())
    ]
    return "; ".join(parts)


# -- the techniques ------------------------------------------------------------------------


def x_chain(board: Board) -> Step | None:
    """Chains and cycles on one digit (conjugate pairs joined by cells that see each other)."""
    return _search(board, "x")


def xy_chain(board: Board) -> Step | None:
    """Chains and cycles of bivalue cells, joined by one digit in cells that see each other."""
    return _search(board, "xy")


def aic(board: Board) -> Step | None:
    """Alternating inference chains and nice loops mixing cell and unit links."""
    return _search(board, "aic")


def grouped_x_chain(board: Board) -> Step | None:
    """X-chains and X-cycles that may use grouped nodes (a digit's places in a box-line)."""
    return _search(board, "grouped_x")


def grouped_aic(board: Board) -> Step | None:
    """AICs and nice loops that may use grouped nodes."""
    return _search(board, "grouped")
