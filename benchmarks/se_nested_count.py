"""How grille counts a nested forcing step against SE's formula, step by step.

Run from the repository root::

    .venv/bin/python benchmarks/se_nested_count.py PUZZLE [PUZZLE ...]

Walks the rating ladder (SE's whole ladder) and, for each nested step, prints grille's node
count and difficulty beside SE's ``ChainingHint.getComplexity``: each target's ancestors
counted on their own (``getFlatComplexity``), plus each inner chain once for the whole hint
(``getNestedComplexity`` and its ``processed`` set), an inner chain being one inner
conclusion on one stalled marks (the nets' notes). See docs/se-rules.md, "How a nested chain
is counted".
"""

from __future__ import annotations

import sys
from typing import Any

from grille.logic import Step, walk
from grille.sudoku.grid import Grid
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.difficulty import chain_difficulty
from grille.sudoku.logic.explain import ladder
from grille.sudoku.logic.forcing import tiers


def se_count(hint: Any) -> tuple[int, int]:
    """SE's flat and nested complexity of ``hint`` (a ``tiers._Hint``)."""
    flat = 0
    nested: dict[object, int] = {}
    for _, net, targets in hint.branches:
        for target in targets:
            ancestors = net.ancestors(target)
            flat += len(ancestors)
            for node in ancestors:
                note = net.notes.get(node)
                if note is None:
                    continue
                if note.finding is not None:
                    found = note.finding
                    nested[(note.marks, found.conclusion, found.kind, found.subject)] = found.nodes
                else:
                    nested[id(note.hint)] = note.hint.nodes
    return flat, sum(nested.values())


def main(argv: list[str]) -> int:
    original = tiers._step

    def step(board: Board, tier: Any, hint: Any) -> Step:
        found = original(board, tier, hint)
        if tier.level >= 2:
            flat, nested = se_count(hint)
            se = chain_difficulty(tier.base, flat + nested)
            print(f"  {found.technique}: grille {hint.nodes} nodes {found.difficulty:.1f}; "
                  f"SE's formula {flat} + {nested} = {flat + nested} nodes {se:.1f}")
        return found

    tiers._step = step
    for puzzle in argv:
        print(puzzle)
        board = Board.from_grid(Grid.from_string(puzzle))
        for _ in walk(board, ladder(unique=True, rating=True)):
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
