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

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from grille.logic import Candidate, Link, Step
from grille.sudoku.logic.board import Board, bits, popcount
from grille.sudoku.logic.difficulty import chain_difficulty
from grille.sudoku.logic.walk import Technique

__all__ = [
    "CHAIN_TECHNIQUES",
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
    """The link graph one search walks; adjacency as bitmasks over node indexes."""

    nodes: list[Node]
    singles: int
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


def _singles(board: Board) -> tuple[list[Node], dict[tuple[int, int], int]]:
    """Every candidate as a node, with its index by (cell, digit)."""
    nodes = [
        Node(digit, (cell,)) for cell in board.empty_cells for digit in bits(board.marks[cell])
    ]
    return nodes, {(node.cells[0], node.digit): i for i, node in enumerate(nodes)}


def _groups(board: Board) -> list[Node]:
    """Every group of two or more places of a digit in one box on one line."""
    n = board.n
    groups = []
    for box in range(2 * n, 3 * n):
        box_cells = set(board.units[box])
        for line in range(2 * n):
            inside = [cell for cell in board.units[line] if cell in box_cells]
            if not inside:
                continue
            for digit in range(1, n + 1):
                cells = tuple(cell for cell in inside if board.has(cell, digit))
                if len(cells) >= 2:
                    groups.append(Node(digit, cells))
    return groups


def _sees_all(board: Board, cell: int, cells: Sequence[int]) -> bool:
    """Whether ``cell`` sees every cell of ``cells``."""
    peers = board.peer_sets[cell]
    return all(other in peers for other in cells)


def _graph(board: Board, kind: str) -> _Graph:
    """The link graph for ``kind``: "x", "xy", "aic", "grouped_x" or "grouped"."""
    nodes, index = _singles(board)
    singles = len(nodes)
    grouped = kind.startswith("grouped")
    if grouped:
        nodes += _groups(board)
    count = len(nodes)
    kill = [0] * count
    for i in range(singles):
        cell, digit = nodes[i].cells[0], nodes[i].digit
        mask = 0
        for other in bits(board.marks[cell]):
            if other != digit:
                mask |= 1 << index[cell, other]
        for peer in board.peers[cell]:
            j = index.get((peer, digit))
            if j is not None:
                mask |= 1 << j
        kill[i] = mask
    for g in range(singles, count):
        group = nodes[g]
        for cell in board.cells_with(group.digit):
            if cell not in group.cells and _sees_all(board, cell, group.cells):
                kill[g] |= 1 << index[cell, group.digit]
    killed_by = [0] * count
    for i in range(count):
        for j in _indexes(kill[i]):
            killed_by[j] |= 1 << i
    strong = [0] * count
    weak = [0] * count
    one_digit = kind in ("x", "grouped_x")
    bivalue = {c for c in board.empty_cells if popcount(board.marks[c]) == 2}
    for i in range(singles):
        node = nodes[i]
        cell = node.cells[0]
        for j in _indexes(kill[i]):
            same_cell = nodes[j].cells[0] == cell
            if kind == "xy" and (same_cell or {cell, nodes[j].cells[0]} - bivalue):
                continue
            if one_digit and same_cell:
                continue
            weak[i] |= 1 << j
        if not one_digit and cell in bivalue:
            for other in bits(board.marks[cell]):
                if other != node.digit:
                    strong[i] |= 1 << index[cell, other]
    if kind != "xy":
        _conjugates(board, nodes, index, strong, grouped)
    if grouped:
        _group_weak_links(board, nodes, singles, kill, weak)
    starts = [i for i in range(count) if strong[i]]
    if kind == "xy":
        starts = [i for i in starts if nodes[i].cells[0] in bivalue]
    return _Graph(
        nodes=nodes,
        singles=singles,
        strong=strong,
        weak=weak,
        kill=kill,
        killed_by=killed_by,
        starts=starts,
        min_level=5 if kind == "xy" else 3,
        min_base=MIXED if kind in ("aic", "grouped") else CYCLE,
    )


def _conjugates(
    board: Board,
    nodes: list[Node],
    index: dict[tuple[int, int], int],
    strong: list[int],
    grouped: bool,
) -> None:
    """Add strong links between the two nodes that hold all the places of a digit in a unit."""
    in_unit: dict[tuple[int, int], list[int]] = {}
    if grouped:
        for g in range(len(index), len(nodes)):
            group = nodes[g]
            shared = set.intersection(*(set(board.units_of[cell]) for cell in group.cells))
            for unit in shared:
                in_unit.setdefault((unit, group.digit), []).append(g)
    widest = 2 * max(board.shape.box_rows, board.shape.box_cols) if grouped else 2
    for unit in range(len(board.units)):
        for digit in range(1, board.n + 1):
            places = board.places(unit, digit)
            if not 2 <= len(places) <= widest:
                continue
            members = [index[cell, digit] for cell in places]
            members += in_unit.get((unit, digit), [])
            wanted = set(places)
            for i, j in itertools.combinations(members, 2):
                a, b = set(nodes[i].cells), set(nodes[j].cells)
                if not a & b and a | b == wanted:
                    strong[i] |= 1 << j
                    strong[j] |= 1 << i


def _group_weak_links(
    board: Board, nodes: list[Node], singles: int, kill: list[int], weak: list[int]
) -> None:
    """Add weak links between a group and the disjoint nodes of its digit that see all of it."""
    for g in range(singles, len(nodes)):
        for j in _indexes(kill[g]):
            weak[g] |= 1 << j
            weak[j] |= 1 << g
    for g, h in itertools.combinations(range(singles, len(nodes)), 2):
        a, b = nodes[g], nodes[h]
        if a.digit != b.digit or set(a.cells) & set(b.cells):
            continue
        if all(_sees_all(board, cell, a.cells) for cell in b.cells):
            weak[g] |= 1 << h
            weak[h] |= 1 << g


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
    if reached >> start & 1 and start < graph.singles:
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
    if any(i >= graph.singles for i in path):
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
    if any(i >= graph.singles for i in hit.path):
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


CHAIN_TECHNIQUES: tuple[Technique, ...] = (x_chain, xy_chain, grouped_x_chain, aic, grouped_aic)
"""The named chains, easiest kind first."""
