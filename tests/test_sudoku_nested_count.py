"""SE's node count of a nested forcing step (``ChainingHint.getComplexity``): each target's
ancestors on their own (``getFlatComplexity``) plus each inner chain once for the whole hint
(``getNestedComplexity``'s ``processed`` set), however many of its removals (the other digits
of a cell it places) and however many of the hint's nets rest on it."""

from __future__ import annotations

from typing import Any

import pytest

from grille.logic import Step, walk
from grille.sudoku import Grid
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.explain import ladder
from grille.sudoku.logic.forcing import tiers

LINE_41 = "......7....71.9...68..7......1.6.9..84.....2.........43..2...5...8.1.6.......5..3"
"""forum_hardest_1106_half.txt line 41 (SE 10.9 / 10.9 / 2.6): one of its level-2 steps rests
on several removals of one inner placement; grille counted 155 nodes there, SE's formula 141."""


def _se_count(hint: Any) -> int:
    """SE's formula on the nets of ``hint`` (a ``tiers._Hint``), an inner chain being one
    inner conclusion on one stalled net's marks (the nets' notes)."""
    flat = 0
    nested: dict[object, int] = {}
    for _, net, targets in hint.branches:
        for target in targets:
            ancestors = net.ancestors(target)
            flat += len(ancestors)
            for node in ancestors:
                note = net.notes.get(node)
                if note is not None:
                    found = note.finding
                    key = found.path or (note.marks, found.conclusion, found.kind, found.subject)
                    nested[key] = found.nodes  # SE's level 2: FullChain compares the chain
    return flat + sum(nested.values())


def test_nested_steps_count_each_inner_chain_once(monkeypatch: pytest.MonkeyPatch) -> None:
    counts: list[tuple[int, int]] = []
    original = tiers._step

    def step(board: Board, tier: Any, hint: Any) -> Step:
        if tier.level >= 2:
            counts.append((hint.nodes, _se_count(hint)))
        return original(board, tier, hint)

    monkeypatch.setattr(tiers, "_step", step)
    board = Board.from_grid(Grid.from_string(LINE_41))
    for _ in walk(board, ladder(unique=True, rating=True)):
        pass
    assert len(counts) >= 3
    assert [ours for ours, _ in counts] == [se for _, se in counts]
