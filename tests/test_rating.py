"""The shared level table and score rating."""

from __future__ import annotations

from grille.logic import Step
from grille.rating import LevelTable, rate_path

TABLE = LevelTable((("easy", 2.0), ("medium", 3.0), ("very hard", 10.0)))


def test_level_table() -> None:
    assert TABLE.names == ("easy", "medium", "very hard")
    assert [TABLE.level_of(x) for x in (0.5, 2.0, 2.1, 3.0, 9.9, 42.0)] == [
        "easy", "easy", "medium", "medium", "very hard", "very hard"
    ]


def test_rate_path() -> None:
    steps = [Step("Pair", difficulty=1.0), Step("Balance", difficulty=2.5),
             Step("Pair", difficulty=1.0)]
    rating = rate_path(steps, solved=True, levels=TABLE, unsolved=10.0)
    assert (rating.level, rating.score, rating.hardest) == ("medium", 2.5, "Balance")
    assert rating.techniques == (("Pair", 2), ("Balance", 1)) and rating.step_count == 3
    assert rating.fields() == ("medium", "2.5", "Balance")
    stuck = rate_path(steps[:1], solved=False, levels=TABLE, unsolved=10.0)
    assert stuck.fields() == ("very-hard", "10.0", "Pair")
    assert rate_path([], solved=True, levels=TABLE, unsolved=10.0).fields() == ("easy", "0.0", "-")
