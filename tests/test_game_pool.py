"""The pool of new games: what is kept ready, filled in the background at the lowest
priority, taken at once by a new game, never a puzzle already played."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from grille.game import PoolKey, Store
from grille.game.pool import PoolFiller, common_keys, take_game
from grille.game.work import Workers
from grille.kind import Verdict


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "games.sqlite3", durable=False) as opened:
        yield opened


@pytest.fixture(scope="module")
def workers() -> Iterator[Workers]:
    pool = Workers()
    yield pool
    pool.shutdown()


EASY_4 = PoolKey("sudoku", "4x4", "easy")


def test_common_keys_are_the_levels_each_size_reaches() -> None:
    keys = common_keys([("sudoku", "4x4"), ("takuzu", "6x6")])
    assert keys == (EASY_4, *(PoolKey("takuzu", "6x6", level)
                              for level in ("easy", "medium", "hard", "very hard")))


def test_the_filler_tops_up_common_and_wanted_combinations(
    store: Store, workers: Workers
) -> None:
    filler = PoolFiller(store, workers, [EASY_4], common_target=2, wanted_target=1)
    wanted = PoolKey("takuzu", "6x6", "easy")
    store.pool_want(wanted)
    assert filler.missing() == [wanted, EASY_4]  # the one asked for lately first
    while filler.fill_one() is not None:
        pass
    assert store.pool_counts() == {EASY_4: 2, wanted: 1} and filler.missing() == []
    game = take_game(store, EASY_4)
    assert game is not None and game.session.verdict is Verdict.UNIQUE
    assert store.puzzle(game.puzzle_id).level == "easy"
    assert filler.missing() == [EASY_4]
    assert take_game(store, PoolKey("kakuro", "6x6", "hard")) is None
    assert PoolKey("kakuro", "6x6", "hard") in filler.missing()  # asked for: kept from now


def test_the_filler_runs_in_the_background_until_stopped(
    store: Store, workers: Workers
) -> None:
    filler = PoolFiller(store, workers, [EASY_4], common_target=1)
    filler.start()
    try:
        deadline = time.monotonic() + 120
        while store.pool_counts() != {EASY_4: 1} and time.monotonic() < deadline:
            time.sleep(0.05)
        assert store.pool_counts() == {EASY_4: 1}
    finally:
        filler.stop()
    assert workers.busy("background") == 0
