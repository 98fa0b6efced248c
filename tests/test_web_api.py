"""The web API: games of each kind, moves, undo/redo, hints, checking, savepoints, resume
after a restart on the same database, and bad input answered with 4xx and a message."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient

from grille.game import Store
from grille.web.app import create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SUDOKU_SOLUTION = (
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)
TAKUZU = ".....0\n..1...\n0.1...\n......\n.1...0\n0.0...\n"
KAKURO = "# #  #  #  #  #\n# #  5\\ 8\\ #  #\n# \\7 .  .  8\\ #\n# \\8 .  .  .  #\n" \
         "# #  \\6 .  .  #\n# #  #  #  #  #\n"
PUZZLES = {"sudoku": SUDOKU, "takuzu": TAKUZU, "kakuro": KAKURO}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db, durable=False, pool=False)) as test_client:
        yield test_client


def start(client: TestClient, kind: str = "sudoku") -> dict[str, Any]:
    response = client.post("/api/puzzles", json={"text": PUZZLES[kind]})
    assert response.status_code == 201, response.text
    game: dict[str, Any] = response.json()
    return game


def move(client: TestClient, game: dict[str, Any], text: str) -> dict[str, Any]:
    response = client.post(f"/api/games/{game['id']}/moves", json={"move": text})
    assert response.status_code == 200, response.text
    state: dict[str, Any] = response.json()
    return state


def post(client: TestClient, game: dict[str, Any], action: str, **body: Any) -> dict[str, Any]:
    response = client.post(f"/api/games/{game['id']}/{action}", json=body or None)
    assert response.status_code == 200, response.text
    state: dict[str, Any] = response.json()
    return state


def cell(state: dict[str, Any], row: int, col: int) -> dict[str, Any]:
    board = state["board"]
    found: dict[str, Any] = board["cells"][row * board["cols"] + col]
    return found


# -- kinds and new games ---------------------------------------------------------------------


def test_kinds_offer_sizes_and_levels(client: TestClient) -> None:
    kinds = {kind["name"]: kind for kind in client.get("/api/kinds").json()}
    assert list(kinds) == ["sudoku", "takuzu", "kakuro"]
    assert "9x9" in kinds["sudoku"]["sizes"] and "easy" in kinds["sudoku"]["levels"]
    assert kinds["takuzu"]["max_side"] == 30 and kinds["kakuro"]["max_side"] == 40


def test_the_solver_says_whether_a_search_starts_at_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the page says while an entered puzzle waits: loading, or compiling the first
    time, until a worker process has started."""
    import grille.web.api
    from grille.game.work import Workers

    monkeypatch.setattr(Workers, "ready", property(lambda self: False))
    monkeypatch.setattr(grille.web.api, "warmed", lambda: False)
    assert client.get("/api/solver").json() == {"ready": False, "first_time": True}
    monkeypatch.setattr(grille.web.api, "warmed", lambda: True)
    assert client.get("/api/solver").json() == {"ready": False, "first_time": False}
    monkeypatch.undo()
    start(client)  # a search ran in a worker process: it started, so they are ready
    assert client.get("/api/solver").json()["ready"] is True


@pytest.mark.parametrize(
    ("kind", "rows", "cols", "given"),
    [("sudoku", 9, 9, (0, 0, 5)), ("takuzu", 6, 6, (0, 5, 0)), ("kakuro", 6, 6, None)],
)
def test_entered_puzzle_of_each_kind_starts_a_game(
    client: TestClient, kind: str, rows: int, cols: int, given: tuple[int, int, int] | None
) -> None:
    game = start(client, kind)
    board = game["board"]
    assert (game["kind"], board["rows"], board["cols"]) == (kind, rows, cols)
    assert len(board["cells"]) == rows * cols
    assert game["position"] == 0 and not game["solved"] and game["status"] == "incomplete"
    if given is not None:
        row, col, value = given
        assert cell(game, row, col) == {**cell(game, row, col), "value": value, "given": True}
    assert client.get("/api/games/last").json()["id"] == game["id"]


def regions(board: dict[str, Any], style: str) -> list[dict[str, Any]]:
    """The regions of ``board`` drawn in ``style``."""
    return [region for region in board["regions"] if region["style"] == style]


def test_sudoku_board_describes_boxes_and_symbols(client: TestClient) -> None:
    board = start(client)["board"]
    assert board["symbols"] == list("123456789") and board["mark_grid"] == [3, 3]
    assert board["min_value"] == 1 and board["counts"] is None and board["glyphs"] == "symbols"
    boxes = regions(board, "box")
    assert len(boxes) == 9 and boxes[0]["cells"][:4] == [[0, 0], [0, 1], [0, 2], [1, 0]]
    assert len(regions(board, "row")) == 9 and board["keys"]["9"] == 9
    assert board["title"] == "Sudoku 9×9"


def test_takuzu_board_has_line_counts(client: TestClient) -> None:
    board = start(client, "takuzu")["board"]
    assert board["symbols"] == ["0", "1"] and board["min_value"] == 0
    assert board["counts"] == {"values": [0, 1], "per_row": 3, "per_column": 3}
    assert board["glyphs"] == "discs" and "0" not in board["clear_keys"]


def test_kakuro_board_has_clues_runs_and_combinations(client: TestClient) -> None:
    game = start(client, "kakuro")
    board = game["board"]
    assert cell(game, 1, 2) == {**cell(game, 1, 2), "blocked": True, "value": None}
    labelled = [run for run in regions(board, "run") if run["label_cell"] == [1, 2]]
    assert [(run["label"], run["corner"]) for run in labelled] == [("5", "bottom-left")]
    across, down = (next(run for run in regions(board, "run")
                         if [2, 2] in run["cells"] and run["name"].startswith(direction))
                    for direction in ("across", "down"))
    assert across["total"] == 7 and down["total"] == 5
    assert down["choices"] == ["14", "23"]
    state = move(client, game, "r3c3=4")
    after = {run["name"]: run["choices"] for run in state["board"]["regions"]}
    assert after[down["name"]] == ["14"] and after[across["name"]] == ["34"]


def test_an_unknown_kind_is_refused_naming_the_known_ones(client: TestClient) -> None:
    message = error_of(client.post("/api/generate", json={"kind": "chess"}), 422)
    assert "unknown puzzle kind 'chess'" in message and "sudoku" in message
    message = error_of(client.get("/api/games", params={"kind": "chess"}), 422)
    assert "known kinds" in message
    assert "known kinds" in error_of(client.post("/api/puzzles", json={"text": "1", "kind": "x"}),
                                     422)


# -- moves, undo, redo --------------------------------------------------------------------------


def test_move_undo_redo(client: TestClient) -> None:
    game = start(client)
    state = move(client, game, "r1c3=4")
    assert cell(state, 0, 2)["value"] == 4 and state["can_undo"] and not state["can_redo"]
    state = post(client, game, "undo")
    assert cell(state, 0, 2)["value"] is None and state["can_redo"]
    state = post(client, game, "redo")
    assert cell(state, 0, 2)["value"] == 4 and state["position"] == 1
    state = move(client, game, "r1c3-")
    assert cell(state, 0, 2)["value"] is None and state["history_length"] == 2
    state = post(client, game, "goto", position=1)
    assert cell(state, 0, 2)["value"] == 4


def test_takuzu_cycle_moves(client: TestClient) -> None:
    game = start(client, "takuzu")
    assert cell(move(client, game, "r1c1=0"), 0, 0)["value"] == 0
    assert cell(move(client, game, "r1c1=1"), 0, 0)["value"] == 1
    assert cell(move(client, game, "r1c1-"), 0, 0)["value"] is None


def test_pencil_marks_fill_and_auto_clean(client: TestClient) -> None:
    game = start(client)
    state = move(client, game, "r1c3^1")
    state = move(client, game, "r1c3^2")
    assert cell(state, 0, 2)["marks"] == [1, 2]
    filled = post(client, game, "fill")
    assert cell(filled, 0, 2)["marks"] == [1, 2]  # the player's eliminations are kept
    assert cell(filled, 0, 3)["marks"] == [2, 6]
    peers = [col for col in range(9) if col != 3 and 6 in cell(filled, 0, col)["marks"]]
    assert peers
    state = move(client, game, "r1c4=6")  # auto-clean: 6 leaves the peers' marks
    assert all(6 not in cell(state, 0, col)["marks"] for col in peers)
    undone = post(client, game, "undo")  # the placement and its clean-up are one entry
    assert all(6 in cell(undone, 0, col)["marks"] for col in peers)
    response = client.patch(f"/api/games/{game['id']}/settings", json={"auto_clean": False})
    assert response.json()["auto_clean"] is False


def hint(client: TestClient, game: dict[str, Any], depth: int) -> dict[str, Any]:
    """A hint at ``depth``, waited for: its result (hint and game)."""
    response = client.post(f"/api/games/{game['id']}/hint", json={"depth": depth})
    assert response.status_code in (200, 202), response.text
    job: dict[str, Any] = response.json()
    for _ in range(600):
        if job["status"] != "running":
            break
        time.sleep(0.05)
        job = client.get(f"/api/games/{game['id']}/hints/{job['id']}").json()
    assert job["status"] == "done", job
    result: dict[str, Any] = job["result"]
    return result


def test_hints_go_deeper_and_apply_at_depth_five(client: TestClient) -> None:
    game = start(client)
    seen = []
    for depth in range(1, 5):
        answer = hint(client, game, depth)
        seen.append(answer["hint"])
        assert answer["game"]["position"] == 0 and not answer["hint"]["applied"]
    assert seen[0]["text"].startswith("Look at") and seen[0]["cells"] == []
    assert seen[1]["technique"] and seen[2]["cells"]
    assert seen[3]["explanation"] and seen[3]["placements"]
    assert all(h["deepest"] == 5 and h["about"] == "step" for h in seen)
    answer = hint(client, game, 5)
    assert answer["hint"]["applied"] and answer["game"]["position"] == 1
    row, col, value = answer["hint"]["placements"][0]
    assert cell(answer["game"], row, col)["value"] == value
    assert answer["game"]["hints_used"] == 1  # one step, however deep


def test_a_known_step_is_answered_at_once(client: TestClient) -> None:
    game = start(client)
    hint(client, game, 1)
    response = client.post(f"/api/games/{game['id']}/hint", json={"depth": 2})
    assert response.status_code == 200 and response.json()["status"] == "done"


def test_hint_points_out_a_mistake_first(client: TestClient) -> None:
    game = start(client)
    move(client, game, "r1c3=1")  # the solution has 4 there
    answer = hint(client, game, 1)["hint"]
    assert answer["about"] == "mistakes"  # the page names depths 1-2 by it: nothing says where
    answer = hint(client, game, 2)["hint"]
    assert answer["cells"] == [] and answer["mistakes"] == []  # not where, yet
    assert answer["about"] == "mistakes"
    answer = hint(client, game, 4)["hint"]
    assert answer["mistakes"] and not answer["applied"] and answer["cells"] == [[0, 2]]
    answer = hint(client, game, 5)
    assert answer["hint"]["applied"] and cell(answer["game"], 0, 2)["value"] is None


def test_checking_modes(client: TestClient) -> None:
    game = start(client)
    state = move(client, game, "r1c3=5")  # 5 is already in row 1
    assert state["conflicts"] == []
    rules = client.patch(f"/api/games/{game['id']}/settings", json={"checking": "rules"}).json()
    assert rules["checking"] == "rules"
    assert any([0, 2] in conflict["cells"] for conflict in rules["conflicts"])
    move(client, game, "r1c3=1")  # breaks no rule, but is wrong
    solution = client.patch(
        f"/api/games/{game['id']}/settings", json={"checking": "solution"}
    ).json()
    assert solution["conflicts"] == [
        {"message": "r1c3 does not match the solution", "cells": [[0, 2]]}
    ]
    off = client.patch(f"/api/games/{game['id']}/settings", json={"checking": "off"}).json()
    assert off["conflicts"] == []


def test_savepoints_return_abandon_and_remove(client: TestClient) -> None:
    game = start(client)
    move(client, game, "r1c3=4")
    state = post(client, game, "savepoints", name="guess")
    assert state["savepoints"] == [{"name": "guess", "position": 1}]
    move(client, game, "r1c4=6")
    move(client, game, "r1c6=8")
    state = client.post(f"/api/games/{game['id']}/savepoints/guess/return").json()
    assert state["position"] == 1 and state["can_redo"]
    state = client.post(f"/api/games/{game['id']}/savepoints/guess/abandon").json()
    assert state["position"] == 1 and state["history_length"] == 1
    state = client.delete(f"/api/games/{game['id']}/savepoints/guess").json()
    assert state["savepoints"] == []


def test_show_solution_restart_and_statistics(client: TestClient) -> None:
    game = start(client)
    state = post(client, game, "solution")
    assert state["solved"] and state["status"] == "solved" and state["solution_shown"]
    values = "".join(str(c["value"]) for c in state["board"]["cells"])
    assert values == SUDOKU_SOLUTION
    assert not state["timer_running"]
    state = post(client, game, "undo")
    assert not state["solved"]
    move(client, game, "r1c3=4")
    state = post(client, game, "restart")
    assert state["position"] == 2 and all(
        c["value"] is None for c in state["board"]["cells"] if not c["given"]
    )
    stats = client.get("/api/statistics").json()
    assert stats == [{"kind": "sudoku", "size": "9x9", "level": None, "played": 1, "solved": 0,
                      "best": None, "average": None}]


def test_finishing_a_puzzle_marks_it_solved(client: TestClient) -> None:
    nearly = SUDOKU_SOLUTION[:40] + "." + SUDOKU_SOLUTION[41:]
    game = client.post("/api/puzzles", json={"text": nearly}).json()
    state = move(client, game, f"r5c5={SUDOKU_SOLUTION[40]}")
    assert state["solved"] and not state["solution_shown"]
    games = client.get("/api/games?status=solved").json()["games"]
    assert [g["id"] for g in games] == [game["id"]]
    assert client.get("/api/statistics").json()[0]["solved"] == 1


def test_pause_and_resume(client: TestClient) -> None:
    game = start(client)
    state = post(client, game, "pause")
    assert state["paused"] and not state["timer_running"]
    elapsed = state["elapsed"]
    time.sleep(0.05)
    assert client.get(f"/api/games/{game['id']}").json()["elapsed"] == elapsed
    state = post(client, game, "resume")
    assert not state["paused"] and state["timer_running"]


# -- storage ------------------------------------------------------------------------------------


def test_every_acknowledged_move_is_stored(client: TestClient, db: Path) -> None:
    game = start(client)
    move(client, game, "r1c3=4")
    move(client, game, "r1c4^6")
    with Store(db) as store:
        assert store.open_game(game["id"]).session.moves == ("r1c3=4", "r1c4^6")


def test_game_resumes_after_the_app_restarts(db: Path) -> None:
    with TestClient(create_app(db, durable=False)) as first:
        game = start(first, "takuzu")
        move(first, game, "r1c1=1")
        before = post(first, game, "savepoints", name="here")
    with TestClient(create_app(db, durable=False)) as second:
        assert second.get("/api/games/last").json()["id"] == game["id"]
        after = second.get(f"/api/games/{game['id']}").json()
        assert after["board"] == before["board"] and after["savepoints"] == before["savepoints"]
        assert after["position"] == 1
        assert cell(post(second, game, "undo"), 0, 0)["value"] is None


def test_a_game_played_elsewhere_is_reopened(client: TestClient, db: Path) -> None:
    game = start(client)
    move(client, game, "r1c3=4")
    with Store(db) as store:  # the terminal game plays the same game meanwhile
        store.open_game(game["id"]).session.play("r1c4=6")
    state = move(client, game, "r1c6=8")
    assert cell(state, 0, 3)["value"] == 6 and state["position"] == 3


def test_generation_runs_as_a_job(client: TestClient) -> None:
    response = client.post("/api/generate", json={"kind": "takuzu", "size": "6x6"})
    assert response.status_code == 202
    job = response.json()
    deadline = time.monotonic() + 120
    while job["status"] in ("queued", "running") and time.monotonic() < deadline:
        time.sleep(0.05)
        job = client.get(f"/api/jobs/{job['id']}").json()
    assert job["status"] == "done", job
    state = client.get(f"/api/games/{job['game_id']}").json()
    assert state["kind"] == "takuzu" and state["size"] == "6x6"
    library = client.get("/api/puzzles?kind=takuzu").json()["puzzles"]
    assert library[0]["source"] == "generated" and library[0]["origin"].startswith("seed ")


def test_import_adds_puzzles_once_and_starts_games(client: TestClient) -> None:
    text = SUDOKU + "\n" + SUDOKU_SOLUTION[:40] + "." + SUDOKU_SOLUTION[41:] + "\n"
    first = client.post("/api/import", json={"text": text, "name": "two.txt"}).json()
    assert (first["count"], first["added"], first["known"]) == (2, 2, 0)
    again = client.post("/api/import", json={"text": text, "name": "two.txt"}).json()
    assert (again["count"], again["added"], again["known"]) == (2, 0, 2)
    unplayed = client.get("/api/puzzles?unplayed=true").json()["puzzles"]
    assert [p["origin"] for p in unplayed] == ["two.txt", "two.txt"]
    response = client.post("/api/games", json={"puzzle_id": unplayed[0]["id"]})
    assert response.status_code == 201 and response.json()["puzzle_id"] == unplayed[0]["id"]


@pytest.mark.parametrize(("fmt", "magic"), [("svg", b"<svg"), ("png", b"\x89PNG"),
                                            ("pdf", b"%PDF")])
@pytest.mark.parametrize("content", ["state", "puzzle", "solution"])
def test_export(client: TestClient, fmt: str, magic: bytes, content: str) -> None:
    game = start(client)
    move(client, game, "r1c3^4")
    response = client.get(f"/api/games/{game['id']}/export.{fmt}?content={content}&marks=1")
    assert response.status_code == 200
    assert response.content.startswith(magic)
    assert "attachment" in response.headers["content-disposition"]


def test_games_list_abandon_and_delete(client: TestClient) -> None:
    game = start(client)
    listed = client.get("/api/games").json()["games"]
    assert [g["id"] for g in listed] == [game["id"]] and listed[0]["status"] == "unfinished"
    assert client.post(f"/api/games/{game['id']}/abandon").status_code == 204
    assert client.get("/api/games/last").status_code == 404
    assert client.delete(f"/api/games/{game['id']}?confirm={game['id']}").status_code == 204
    assert client.get(f"/api/games/{game['id']}").status_code == 404


def test_a_savepoint_called_dot_dot_cannot_delete_the_game(client: TestClient) -> None:
    game = start(client)
    path = f"/api/games/{game['id']}"
    move(client, game, "r1c3=4")
    for name in ("..", ".", "a/b", "nul\x00", "rtl\u202eoverride"):
        response = client.post(f"{path}/savepoints", json={"name": name})
        assert "savepoint" in error_of(response, 422)
    assert client.get(path).json()["savepoints"] == []
    # what a browser makes of DELETE .../savepoints/.. : no redirect to the game, no delete
    for method in ("DELETE", "POST", "PUT", "PATCH"):
        response = client.request(method, f"{path}/", follow_redirects=False)
        assert response.status_code == 404, (method, response.status_code)
    assert "confirm" in error_of(client.delete(path), 422)
    assert "confirm" in error_of(client.delete(f"{path}?confirm=999"), 422)
    assert client.get(path).json()["position"] == 1  # still there, moves and all
    assert client.delete(f"{path}?confirm={game['id']}").status_code == 204


# -- bad input: 4xx with a message, never 5xx ------------------------------------------------------


def error_of(response: Any, status: int) -> str:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    message: str = response.json()["error"]
    assert message
    return message


def test_malformed_json_is_400(client: TestClient) -> None:
    game = start(client)
    response = client.post(f"/api/games/{game['id']}/moves", content=b'{"move": ',
                           headers={"content-type": "application/json"})
    assert "malformed JSON" in error_of(response, 400)


@pytest.mark.parametrize(
    ("body", "needle"),
    [({"move": "bogus"}, "not a move"),
     ({"move": "r1c1=4"}, "holds a clue"),
     ({"move": "r10c1=4"}, "rows"),
     ({"move": "r1c3=10"}, "1..9"),
     ({"move": 7}, "move"),
     ({"move": "r1c3=4", "extra": 1}, "extra"),
     ({}, "move"),
     ([1, 2], "dictionary")],
)
def test_bad_moves_are_422(client: TestClient, body: Any, needle: str) -> None:
    game = start(client)
    response = client.post(f"/api/games/{game['id']}/moves", json=body)
    assert needle in error_of(response, 422)


def test_actions_that_cannot_be_taken_are_422(client: TestClient) -> None:
    game = start(client)
    assert "nothing to undo" in error_of(client.post(f"/api/games/{game['id']}/undo"), 422)
    assert "nothing to redo" in error_of(client.post(f"/api/games/{game['id']}/redo"), 422)
    response = client.post(f"/api/games/{game['id']}/savepoints/nope/return")
    assert "no savepoint" in error_of(response, 422)
    response = client.post(f"/api/games/{game['id']}/hint", json={"depth": 6})
    assert "depth" in error_of(response, 422)
    response = client.patch(f"/api/games/{game['id']}/settings", json={"checking": "loose"})
    assert "checking" in error_of(response, 422)


def test_unknown_things_are_404(client: TestClient) -> None:
    assert "no saved game" in error_of(client.get("/api/games/999"), 404)
    assert "no saved game" in error_of(client.post("/api/games/999/undo"), 404)
    assert "no puzzle" in error_of(client.post("/api/games", json={"puzzle_id": 999}), 404)
    assert "no generation job" in error_of(client.get("/api/jobs/abc"), 404)
    assert error_of(client.get("/api/nothing"), 404)
    assert error_of(client.get("/api/games/last"), 404)


def test_ids_out_of_range_are_422(client: TestClient) -> None:
    assert error_of(client.get("/api/games/99999999999999999999999"), 422)
    assert error_of(client.get("/api/games/0"), 422)
    assert error_of(client.get("/api/games/abc"), 422)


@pytest.mark.parametrize(
    ("text", "needle"),
    [(SUDOKU.replace("53", "..", 1).replace("6..195", "...195"), "more than one solution"),
     ("1.3.....3.1....2", "no solution"),
     ("55" + SUDOKU[2:], "breaks the rules"),
     (SUDOKU + "\n" + SUDOKU + "\n", "2 puzzles"),
     ("hello, world", "not a puzzle"),
     ("0" * 81, "more than one solution")],
)
def test_entered_puzzles_need_exactly_one_solution(
    client: TestClient, text: str, needle: str
) -> None:
    assert needle in error_of(client.post("/api/puzzles", json={"text": text}), 422)


def test_puzzle_sizes_are_capped(client: TestClient) -> None:
    big = ("01" * 16 + "\n" + "10" * 16 + "\n") * 16  # 32x32 Takuzu
    message = error_of(client.post("/api/puzzles", json={"text": big}), 413)
    assert "30x30" in message
    message = error_of(client.post("/api/import", json={"text": big, "name": "big.txt"}), 413)
    assert "30x30" in message
    response = client.post("/api/generate", json={"kind": "sudoku", "size": "25"})
    assert "16x16" in error_of(response, 422)
    response = client.post("/api/generate", json={"kind": "kakuro", "size": "41x10"})
    assert error_of(response, 422)


def test_generation_options_are_checked(client: TestClient) -> None:
    response = client.post("/api/generate", json={"kind": "sudoku", "level": "silly"})
    assert "no level 'silly'" in error_of(response, 422)
    response = client.post("/api/generate", json={"kind": "takuzu", "symmetry": "rot180"})
    assert "no symmetry" in error_of(response, 422)
    response = client.post("/api/generate", json={"kind": "sudoku", "size": "nine"})
    assert "size" in error_of(response, 422)
    assert error_of(client.post("/api/generate", json={"kind": "chess"}), 422)


def test_request_bodies_are_capped(client: TestClient) -> None:
    huge = {"text": "." * 1_100_000}
    assert "too large" in error_of(client.post("/api/puzzles", json=huge), 413)

    def chunks() -> Iterator[bytes]:
        for _ in range(20):
            yield b" " * 100_000

    response = client.post("/api/puzzles", content=chunks(),
                           headers={"content-type": "application/json"})
    assert "too large" in error_of(response, 413)


def test_cross_site_writes_are_refused(client: TestClient) -> None:
    game = start(client)
    response = client.post(f"/api/games/{game['id']}/undo",
                           headers={"origin": "http://evil.example"})
    assert "cross-site" in error_of(response, 403)
    same = client.post(f"/api/games/{game['id']}/moves", json={"move": "r1c3=4"},
                       headers={"origin": "http://testserver"})
    assert same.status_code == 200


def test_bad_export_format(client: TestClient) -> None:
    game = start(client)
    assert error_of(client.get(f"/api/games/{game['id']}/export.gif"), 422)
    assert error_of(client.get(f"/api/games/{game['id']}/export.svg?content=x"), 422)


# -- the description and the page ----------------------------------------------------------------


def test_openapi_describes_the_api_and_no_cdn_docs(client: TestClient) -> None:
    spec = client.get("/api/openapi.json").json()
    assert "/api/games/{game_id}/moves" in spec["paths"]
    assert "ErrorBody" in spec["components"]["schemas"]
    assert "GameState" in spec["components"]["schemas"]
    assert client.get("/docs").status_code == 404  # Swagger UI would load from a CDN


def test_page_and_modules_are_served_with_a_strict_policy(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and '<script type="module"' in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    script = client.get("/static/js/main.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert client.get("/static/css/grille.css").status_code == 200


def test_allowed_hosts_refuse_rebinding(db: Path) -> None:
    app = create_app(db, durable=False, allowed_hosts=["127.0.0.1", "localhost"])
    with TestClient(app, base_url="http://127.0.0.1:8000") as local:
        assert local.get("/api/kinds").status_code == 200
        response = local.get("/api/kinds", headers={"host": "attacker.example"})
        assert error_of(response, 400)


# -- more bad input: never a 5xx, always JSON with a message -----------------------------------


@pytest.mark.parametrize(
    ("content", "headers", "needle"),
    [(b"", {"content-type": "application/json"}, "body: Field required"),
     (b"null", {"content-type": "application/json"}, "body: Input should be a valid dict"),
     (b'"r1c3=4"', {"content-type": "application/json"}, "valid dictionary"),
     (b'{"move": "r1c3=4"}', {"content-type": "text/plain"}, "valid dictionary"),
     (b'{"move": "r1c3=4"}', {}, "valid dictionary"),
     (b'{"move": "\\ud800"}', {"content-type": "application/json"}, "move"),
     (b'{"move": "r1c3=4\\u0000"}', {"content-type": "application/json"}, "not a move")],
)
def test_bodies_that_are_not_a_move_object_are_422(
    client: TestClient, content: bytes, headers: dict[str, str], needle: str
) -> None:
    game = start(client)
    response = client.post(f"/api/games/{game['id']}/moves", content=content, headers=headers)
    assert needle in error_of(response, 422)
    assert client.get(f"/api/games/{game['id']}").json()["position"] == 0


@pytest.mark.parametrize(
    "content",
    [b'{"move": "\xff\xfe"}',  # not UTF-8
     b"[" * 200_000 + b"]" * 200_000,  # nested deeper than any parser recurses
     b'{"depth": ' + b"9" * 5_000 + b"}"],  # an integer too long to read
)
def test_unparsable_bodies_are_400(client: TestClient, content: bytes) -> None:
    game = start(client)
    response = client.post(f"/api/games/{game['id']}/hint", content=content,
                           headers={"content-type": "application/json"})
    assert error_of(response, 400)


@pytest.mark.parametrize("number", [b"NaN", b"1e400", b"-1", b"2.5", b"true"])
def test_positions_must_be_plain_integers(client: TestClient, number: bytes) -> None:
    game = start(client)
    response = client.post(f"/api/games/{game['id']}/goto", content=b'{"position": ' + number
                           + b"}", headers={"content-type": "application/json"})
    assert "position" in error_of(response, 422)


def test_wrong_methods_are_405_with_a_message(client: TestClient) -> None:
    game = start(client)
    response = client.put(f"/api/games/{game['id']}/moves", json={"move": "r1c3=4"})
    assert "not allowed" in error_of(response, 405)
    assert response.headers["allow"] == "POST"
    response = client.delete("/api/games/last")
    assert "not allowed" in error_of(response, 405)
    assert response.headers["allow"] == "GET"


@pytest.mark.parametrize(
    "path", ["/nothing", "/static/nothing.js", "/static/../app.py", "/static/%2e%2e/app.py",
             "/api/games/1/savepoints/a%2Fb/return", "/api"],
)
def test_unknown_routes_are_404_json(client: TestClient, path: str) -> None:
    start(client)
    method = "POST" if path.endswith("return") else "GET"
    assert error_of(client.request(method, path), 404)


def test_sizes_the_generator_cannot_make_are_refused_up_front(client: TestClient) -> None:
    response = client.post("/api/generate", json={"kind": "takuzu", "size": "7x7"})
    assert "even" in error_of(response, 422)
