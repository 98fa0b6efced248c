"""Nested forcing chains written in full: the step's proof tree, its JSON and its text, and the
inner-scan memo that carries nested work across steps (issue #18 items 2 and 4)."""

from __future__ import annotations

import functools
import json

from grille.logic import Proof, Step, walk
from grille.sudoku import Grid
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.explain import ladder
from grille.sudoku.logic.forcing import tier_kernel
from grille.sudoku.logic.forcing import tiers as forcing_tiers
from grille.sudoku.logic.forcing.nested import nested_forcing

FORUM_1 = "..39.....4...8..36..8...1...4..6..738......1......2.....4.7..686........7.....5.."
"""forum_hardest_1106_half.txt line 1: the ladder without nested levels stalls after 26 steps,
where level 2 finds a contradiction whose chain leans on nested findings."""


@functools.cache
def _stalled() -> Board:
    """FORUM_1's board where dynamic forcing chains (+) first find nothing."""
    board = Board.from_grid(Grid.from_string(FORUM_1))
    for step, after in walk(board, ladder(unique=True, rating=True, nesting=0)):
        if step.technique == "Trial and Error":
            return board
        board = after
    raise AssertionError("the ladder without nested levels solved it")


@functools.cache
def _nested_step() -> Step:
    step = nested_forcing(2)(_stalled())
    assert step is not None
    return step


def _nested_reasons(proof: Proof) -> list[Proof]:
    """Every claim of ``proof`` that rests on an inner chain."""
    found = [proof] if "inside this chain" in proof.claim else []
    for reason in proof.reasons:
        found.extend(_nested_reasons(reason))
    return found


def test_proof_is_a_value_with_text_and_json() -> None:
    inner = Proof(
        "r1c1 is not 5: if r1c1 were 5, a contradiction follows", (Proof("r1c2 would be 3"),)
    )
    proof = Proof("r2c2 is not 4", (Proof("If r2c2 were 4", (Proof("x (by it):", (inner,)),)),))
    assert proof.size == 5 and proof.depth == 5
    assert repr(proof) == "<Proof 'r2c2 is not 4': 5 claim(s)>"
    assert str(proof).splitlines() == [
        "r2c2 is not 4",
        "  - If r2c2 were 4",
        "    - x (by it):",
        "      - r1c1 is not 5: if r1c1 were 5, a contradiction follows",
        "        - r1c2 would be 3",
    ]
    data = proof.to_json()
    assert "reasons" not in data["reasons"][0]["reasons"][0]["reasons"][0]["reasons"][0]
    assert Proof.from_json(json.loads(json.dumps(data))) == proof


def test_nested_step_proves_its_nested_findings_in_full() -> None:
    step = _nested_step()
    assert step.technique.startswith("Nested Forcing Chains (level 2)")
    proof = step.proof
    assert proof is not None
    nested = _nested_reasons(proof)
    assert nested, "level 2's chain rests on no nested finding"
    for reason in nested:  # each nested finding carries the inner chain's own proof
        (inner,) = reason.reasons
        assert inner.reasons and inner.claim.split()[0] == reason.claim.split()[0]  # its cell
    # the tree ends on the step's conclusion
    (change,) = step.eliminations or step.placements
    r, c, v = change
    assert proof.claim.startswith(f"r{r + 1}c{c + 1} is {'' if step.placements else 'not '}{v}")


def test_nested_step_json_round_trips_with_nothing_elided() -> None:
    step = _nested_step()
    text = json.dumps(step.to_json(), ensure_ascii=False)
    assert "…" not in text and "..." not in text
    data = json.loads(text)
    assert step.proof is not None and Proof.from_json(data["proof"]) == step.proof
    assert "…" not in step.explanation


def test_nested_step_text_indents_sub_proofs() -> None:
    step = _nested_step()
    assert step.proof is not None
    lines = str(step.proof).splitlines()
    assert len(lines) == step.proof.size
    at = next(i for i, line in enumerate(lines) if "inside this chain" in line)
    depth = len(lines[at]) - len(lines[at].lstrip())
    below = lines[at + 1]
    assert len(below) - len(below.lstrip()) == depth + 2 and below.lstrip().startswith("- ")


def test_inner_scan_memo_changes_nothing() -> None:
    board = _stalled()
    first = _nested_step()
    memo = tier_kernel.memo(9, forcing_tiers._inner(2))
    hits = int(memo.state[2])
    again = nested_forcing(2)(board)  # every stall is in the memo now
    assert int(memo.state[2]) > hits
    memo.clear()
    fresh = nested_forcing(2)(board)
    for step in (again, fresh):
        assert step == first and step is not None and step.proof == first.proof


def test_explain_text_writes_each_proof_indented_under_its_step() -> None:
    from grille.cli import explained_lines
    from grille.logic import Explanation
    from grille.sudoku.logic.rating import rate_steps

    inner = Proof("r1c1 is not 5: if r1c1 were 5, a contradiction follows",
                  (Proof("r1c2 would be 3 (since r1c1 would be 5)"),))
    proof = Proof("r2c2 is not 4", (Proof("If r2c2 were 4", (
        Proof("r1c1 would not be 5 (by Forcing Chain inside this chain):", (inner,)),)),))
    step = Step("Nested Forcing Chains (level 2): Contradiction", eliminations=((1, 1, 4),),
                explanation="If r2c2 were 4 ... so r2c2 is not 4.", difficulty=9.7, proof=proof)
    puzzle = Grid.from_string(FORUM_1)
    rating = rate_steps((step,), solved=False, scale="se")
    path = Explanation((step,), False, puzzle, start=puzzle, scale="se", rating=rating)
    lines = explained_lines(path, rating, None)
    assert lines[0].startswith("1. [SE 9.7] Nested Forcing Chains (level 2): Contradiction")
    assert lines[1:6] == [
        "    r2c2 is not 4",
        "      - If r2c2 were 4",
        "        - r1c1 would not be 5 (by Forcing Chain inside this chain):",
        "          - r1c1 is not 5: if r1c1 were 5, a contradiction follows",
        "            - r1c2 would be 3 (since r1c1 would be 5)",
    ]
    assert lines[-1].startswith("stuck after 1 steps; SE rating:")
