"""The web game never waits on a search: hints are jobs in worker processes (the server
answers meanwhile, a cancel stops them), puzzles without one solution say so at once,
generation jobs are cancellable and small ones do not wait behind big ones, new games come
from the pool, and the clock counts only the time a game is shown."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient

from grille.game import PoolKey, Store
from grille.game.timer import GRACE
from grille.kind import GenerateOptions
from grille.kinds import get_kind
from grille.web.api import Services
from grille.web.app import create_app
from test_web_api import SUDOKU, error_of, move, start
from work_support import alive, slow_answer

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db, durable=False, pool=False)) as test_client:
        yield test_client


def services_of(client: TestClient) -> Services:
    app: Any = client.app
    while not hasattr(app, "state"):
        app = app.app
    services: Services = app.state.services
    return services


def until(check: Any, seconds: float = 120.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("timed out")


# -- hints ------------------------------------------------------------------------------------


def test_a_slow_hint_leaves_the_server_answering_and_a_cancel_stops_it(
    client: TestClient,
) -> None:
    services = services_of(client)
    services.hints.answer = slow_answer
    game = start(client)
    path = f"/api/games/{game['id']}"
    response = client.post(f"{path}/hint", json={"depth": 1})
    assert response.status_code == 202
    job = response.json()
    assert job["status"] == "running"
    task = services.hints._jobs[job["id"]].task
    assert task is not None
    pid = until(lambda: task.pid)
    for _ in range(60):  # the server stopped answering after about 45 of these
        assert client.get("/api/games").status_code == 200
        assert client.get(path).status_code == 200
    assert move(client, game, "r1c3=4")["position"] == 1  # the game's lock is free
    running = client.get(f"{path}/hints/{job['id']}").json()
    assert running["status"] == "running" and running["elapsed"] > 0
    assert client.delete(f"{path}/hints/{job['id']}").status_code == 204
    done = until(lambda: client.get(f"{path}/hints/{job['id']}").json()["status"] != "running")
    assert client.get(f"{path}/hints/{job['id']}").json()["status"] == "cancelled" and done
    until(lambda: not alive(pid), 10)  # the work really stopped
    assert client.get(path).json()["hints_used"] == 0
    assert client.delete(f"{path}/hints/nothing").status_code == 404


def test_a_new_hint_request_cancels_the_one_running(client: TestClient) -> None:
    services = services_of(client)
    services.hints.answer = slow_answer
    game = start(client)
    path = f"/api/games/{game['id']}"
    first = client.post(f"{path}/hint", json={"depth": 1}).json()
    second = client.post(f"{path}/hint", json={"depth": 2}).json()
    until(lambda: client.get(f"{path}/hints/{first['id']}").json()["status"] == "cancelled")
    assert client.delete(f"{path}/hints/{second['id']}").status_code == 204


def test_puzzles_without_one_solution_say_so_at_once(client: TestClient) -> None:
    empty = "." * 256  # the hang: a hint on an empty 16x16 ran for 39 s
    text = f"{empty}\n{SUDOKU}\n"
    imported = client.post("/api/import", json={"text": text, "name": "mixed.txt"}).json()
    assert (imported["count"], imported["not_unique"], imported["unchecked"]) == (2, 1, 0)
    assert [p["verdict"] for p in imported["puzzles"]] == ["several", "unique"]
    game = client.post("/api/games", json={"puzzle_id": imported["puzzles"][0]["id"]}).json()
    assert game["verdict"] == "several" and "several solutions" in game["help_unavailable"]
    path = f"/api/games/{game['id']}"
    assert "several solutions" in error_of(client.post(f"{path}/hint", json={"depth": 1}), 422)
    assert "several solutions" in error_of(client.post(f"{path}/solution"), 422)
    response = client.patch(f"{path}/settings", json={"checking": "solution"})
    assert "several solutions" in error_of(response, 422)
    assert move(client, game, "r1c1=1")["position"] == 1  # it can still be played
    other = client.post("/api/games", json={"puzzle_id": imported["puzzles"][1]["id"]}).json()
    assert other["verdict"] == "unique" and other["help_unavailable"] is None


# -- paused, checking off, the clock -----------------------------------------------------------


def test_a_paused_game_refuses_play_and_help(client: TestClient) -> None:
    game = start(client)
    path = f"/api/games/{game['id']}"
    move(client, game, "r1c3=4")
    client.post(f"{path}/pause")
    for action, body in (("moves", {"move": "r1c4=6"}), ("undo", None), ("fill", None),
                         ("restart", None), ("solution", None), ("hint", {"depth": 1})):
        assert "paused" in error_of(client.post(f"{path}/{action}", json=body), 422)
    assert client.get(path).json()["position"] == 1
    client.post(f"{path}/resume")
    assert client.post(f"{path}/undo").status_code == 200


def test_checking_off_never_says_invalid(client: TestClient) -> None:
    game = start(client)
    state = move(client, game, "r1c3=5")  # 5 is already in row 1
    assert state["status"] == "incomplete" and state["conflicts"] == []
    rules = client.patch(f"/api/games/{game['id']}/settings", json={"checking": "rules"})
    assert rules.json()["status"] == "invalid" and rules.json()["conflicts"]


def test_the_clock_counts_only_while_the_game_is_shown(client: TestClient) -> None:
    game = start(client)
    assert game["elapsed"] == 0 and not game["timer_running"] and game["heartbeat"] == 5
    path = f"/api/games/{game['id']}"
    time.sleep(0.3)  # never shown: nothing counts
    assert client.get(path).json()["elapsed"] == 0
    clock = client.post(f"{path}/shown").json()
    assert clock["timer_running"]
    time.sleep(0.2)
    clock = client.post(f"{path}/shown").json()
    assert 0.2 <= clock["elapsed"] < GRACE
    hidden = client.post(f"{path}/hidden").json()
    assert not hidden["timer_running"]
    time.sleep(0.2)
    assert client.get(path).json()["elapsed"] == hidden["elapsed"]


# -- generation: pool, lanes, cancelling, reach ------------------------------------------------


def test_levels_out_of_reach_are_refused_up_front(client: TestClient) -> None:
    response = client.post("/api/generate", json={"kind": "sudoku", "size": "4x4",
                                                  "level": "medium"})
    assert "out of reach at 4x4" in error_of(response, 422)
    kinds = {kind["name"]: kind for kind in client.get("/api/kinds").json()}
    assert kinds["sudoku"]["levels_by_size"]["4x4"] == ["any", "easy"]
    assert "extreme" in kinds["sudoku"]["levels_by_size"]["9x9"]


def test_a_small_job_does_not_wait_behind_big_ones_and_jobs_can_be_cancelled(
    client: TestClient,
) -> None:
    big = [client.post("/api/generate", json={"kind": "sudoku", "size": "16x16",
                                               "level": "extreme"}).json() for _ in range(2)]
    small = client.post("/api/generate", json={"kind": "sudoku", "size": "4x4",
                                                "level": "easy"})
    assert small.status_code == 202
    done = until(lambda: (lambda j: j if j["status"] == "done" else None)(
        client.get(f"/api/jobs/{small.json()['id']}").json()))
    assert done["game_id"] and done["title"] == "Sudoku 4x4 easy"
    statuses = [client.get(f"/api/jobs/{job['id']}").json()["status"] for job in big]
    assert statuses == ["running", "queued"]  # still working: the small one did not wait
    listed = client.get("/api/jobs").json()["jobs"]
    assert [job["id"] for job in listed] == [small.json()["id"], big[1]["id"], big[0]["id"]]
    tasks = services_of(client).jobs._tasks
    pid = until(lambda: tasks[big[0]["id"]].pid)
    for job in big:
        assert client.delete(f"/api/jobs/{job['id']}").status_code == 204
    until(lambda: all(client.get(f"/api/jobs/{job['id']}").json()["status"] == "cancelled"
                      for job in big))
    until(lambda: not alive(pid), 10)
    assert client.delete("/api/jobs/nothing").status_code == 404
    assert len(client.get("/api/games").json()["games"]) == 1  # the small one's game only


def test_start_takes_a_pooled_puzzle_at_once(db: Path) -> None:
    kind = get_kind("sudoku")
    puzzle = kind.generate(GenerateOptions("9x9", "hard"), 7)
    with Store(db) as store:
        assert store.pool_add(PoolKey("sudoku", "9x9", "hard"), puzzle,
                              kind.solve(puzzle, limit=2))
    with TestClient(create_app(db, durable=False, pool=False)) as client:
        response = client.post("/api/generate", json={"kind": "sudoku", "level": "hard"})
        assert response.status_code == 201
        job = response.json()
        assert job["status"] == "done" and job["from_pool"] and job["game_id"]
        game = client.get(f"/api/games/{job['game_id']}").json()
        assert game["level"] == "hard" and game["verdict"] == "unique"
        again = client.post("/api/generate", json={"kind": "sudoku", "level": "hard"})
        assert again.status_code == 202  # the pool is empty now: generated
        client.delete(f"/api/jobs/{again.json()['id']}")


def test_the_forms_default_symmetry_takes_from_the_pool(db: Path) -> None:
    kind = get_kind("sudoku")
    default = kind.generate(GenerateOptions("9x9", "easy"), 7)
    mirror = kind.generate(GenerateOptions("9x9", "easy", "mirror"), 8)
    with Store(db) as store:
        assert store.pool_add(PoolKey("sudoku", "9x9", "easy"), default,
                              kind.solve(default, limit=2))
        assert store.pool_add(PoolKey("sudoku", "9x9", "easy", "mirror"), mirror,
                              kind.solve(mirror, limit=2))
    with TestClient(create_app(db, durable=False, pool=False)) as client:
        offered = client.get("/api/kinds").json()[0]["symmetries"][0]  # what the form sends
        body = {"kind": "sudoku", "level": "easy", "symmetry": offered}
        assert client.post("/api/generate", json=body).status_code == 201
        body["symmetry"] = "mirror"  # another symmetry has a pool of its own
        assert client.post("/api/generate", json=body).status_code == 201
        again = client.post("/api/generate", json=body)
        assert again.status_code == 202
        client.delete(f"/api/jobs/{again.json()['id']}")
