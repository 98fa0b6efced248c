"""HoDoKu's choice among chains and nice loops: the one deleting the most candidates.

HoDoKu collects every X-chain, XY-chain or nice loop (``ChainSolver._find_xy_type``,
``TablingSolver._get_nice_loops``) and sorts them (``SolutionStep.compareTo``): most
deletions first, then the lowest weighted sum of the deletions (``getIndexSumme``), then the
shortest chain. grille's chain search (:mod:`grille.sudoku.logic.chains.named`) ranks by SE's
difficulty instead; this walks the same breadth-first searches to the end and ranks their
conclusions HoDoKu's way. A conclusion that places a digit counts as deleting the cell's
other candidates, as HoDoKu's discontinuous nice loop does.
"""

from __future__ import annotations

from collections.abc import Callable

from grille.logic import Step
from grille.sudoku.logic.board import Board, bits
from grille.sudoku.logic.chains import named

__all__ = ["hodoku_chain", "weight"]


def weight(out: list[tuple[int, int]]) -> int:
    """HoDoKu's ``getIndexSumme``: deletions by digit then cell, cell k weighted 1 + 80 k."""
    total, offset = 0, 1
    for cell, digit in sorted(out, key=lambda item: (item[1], item[0])):
        total += cell * offset + digit
        offset += 80
    return total


def _effects(board: Board, graph: named._Graph, hit: named._Hit) -> list[tuple[int, int]]:
    if hit.kind == "place":
        node = graph.nodes[hit.path[0]]
        cell = node.cells[0]
        return [(cell, d) for d in bits(board.marks[cell]) if d != node.digit]
    return [(graph.nodes[i].cells[0], graph.nodes[i].digit) for i in hit.eliminations]


def _rank(
    board: Board,
    graph: named._Graph,
    start: int,
    frontiers: list[int],
    chains_only: bool,
    best: list[tuple[tuple[int, int, int], named._Hit]],
) -> None:
    """Keep in ``best`` the first of HoDoKu's best conclusions of the chains from ``start``
    whose last node was just reached (the hits of ``named._hits``, in its order: a placement,
    loops, chains). A hit's key (deletions, their weight, its nodes) needs no path for a
    placement or a chain, so their paths are traced only for a key that beats the best."""
    reached = frontiers[-1]
    length = len(frontiers)  # nodes on each path traced from here

    def better(key: tuple[int, int, int]) -> bool:
        return not best or key < best[0][0]

    if not chains_only:
        if reached >> start & 1 and start < graph.first_group:
            node = graph.nodes[start]
            cell = node.cells[0]
            out = [(cell, d) for d in bits(board.marks[cell]) if d != node.digit]
            key = (-len(out), weight(out), length)
            if out and better(key):
                path = named._path(graph, frontiers, start)
                best[:] = [(key, named._hit(graph, "place", path, ()))]
        closing = reached & graph.weak[start] if length >= named.MIN_LOOP else 0
        for end in named._indexes(closing):
            path = named._path(graph, frontiers, end)
            if len(set(path)) == len(path) and not named._overlaps(graph, path):
                elims = named._loop_eliminations(graph, path)
                if elims:
                    hit = named._hit(graph, "loop", path, elims)
                    out = _effects(board, graph, hit)
                    key = (-len(out), weight(out), length)
                    if out and better(key):
                        best[:] = [(key, hit)]
    for end in named._indexes(reached & named._second_kill(graph, start)):
        if end == start:
            continue
        elims = tuple(named._indexes(graph.kill[start] & graph.kill[end]))
        if start >= graph.first_group or end >= graph.first_group:
            elims = _single_ended(graph, start, end, elims)
            if not elims:
                continue
        out = [(graph.nodes[i].cells[0], graph.nodes[i].digit) for i in elims]
        key = (-len(out), weight(out), length + 2)
        if not out or not better(key):
            continue
        path = named._path(graph, frontiers, end)
        if length < named.MIN_LOOP and named._flavour(graph, path, False) == "xy":
            continue
        best[:] = [(key, named._hit(graph, "chain", path, elims))]


def _single_ended(
    graph: named._Graph, start: int, end: int, elims: tuple[int, ...]
) -> tuple[int, ...]:
    """What HoDoKu finds of an AIC with a group node at an end: its tables start from
    single candidates (``checkAics``, ``checkNiceLoops``), so it sees such a chain only as
    a nice loop through a deleted candidate, one deletion a loop. With one digit at both
    ends every deletion is such a loop; with two, only the deletion in the end that is a
    cell (none when both ends are groups). The first deletion (lowest node) stands for
    them (a one-deletion step weighs its cell and digit, lowest first)."""
    if graph.nodes[start].digit != graph.nodes[end].digit:
        cells = {graph.nodes[i].cells[0] for i in (start, end) if i < graph.first_group}
        elims = tuple(i for i in elims if graph.nodes[i].cells[0] in cells)
    return elims[:1]


def hodoku_chain(kind: str, *, chains_only: bool = False) -> Callable[[Board], Step | None]:
    """A finder for grille's chain search ``kind`` (``x``, ``xy``, ``aic``, ``grouped``)
    that returns HoDoKu's pick; ``chains_only`` keeps open chains (HoDoKu's X- and XY-chains
    are not loops)."""

    def find(board: Board) -> Step | None:
        graph = named._graph(board, kind)
        states = [named._Bfs(s, 0, 1 << s, [1 << s]) for s in graph.starts]
        best: list[tuple[tuple[int, int, int], named._Hit]] = []
        for level in range(1, named.MAX_NODES):
            on_level = level % 2 == 1
            states = [state for state in states if state.advance(graph, on_level)]
            if not states:
                break
            if not on_level or level < graph.min_level:
                continue
            for state in states:
                _rank(board, graph, state.start, state.frontiers, chains_only, best)
        return named._step(board, graph, best[0][1]) if best else None
    find.__name__ = f"hodoku_{kind}"
    find.__doc__ = f"HoDoKu's pick among grille's {kind} chains (most deletions first)."
    return find
