"""Load on the web game: many players at once, each on a game of their own, over loopback.

Not a test. Starts ``grille play`` in a separate process on a free loopback port with a
temporary database (or targets ``--url``), enters one Sudoku, then ``--clients`` concurrent
players (httpx.AsyncClient, one connection each) send ``--requests`` requests in all: each
player starts its own game (``POST /api/games``), then plays a mix of moves (placements,
pencil marks, clears), undo, redo, hints (depth 1-3) and state reads (``GET``), choosing
only what its last answer allows (undo only when ``can_undo``), so any non-2xx answer is a
server error, not a bad request. Prints requests/s, p50/p90/p99 latency and the error
count, overall and per request type. ``--wrk SECONDS`` then runs ``wrk`` (if installed) on
``GET /api/games/{id}`` as a cross-check. Exit status 1 when any request failed.

    .venv/bin/python benchmarks/web_load.py [--requests 10000] [--clients 50]
        [--url http://127.0.0.1:8000/] [--wrk 10] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
HINT_POLL = 0.3
"""Seconds between polls of a hint still being worked on (the page's interval)."""

MIX = (("move", 0.5), ("state", 0.2), ("undo", 0.12), ("redo", 0.08), ("hint", 0.1))
"""Request types after the first (``new``) and their shares; undo/redo fall back to a
move when the game has nothing to undo or redo."""


@dataclass
class Tally:
    """What the players measured: latencies per request type, errors with examples."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)

    def record(self, kind: str, seconds: float, problem: str | None) -> None:
        """One request's time, and what went wrong with it if anything did."""
        self.latencies[kind].append(seconds)
        if problem is not None:
            self.errors[kind] += 1
            if len(self.examples) < 10:
                self.examples.append(f"{kind}: {problem}")


@contextmanager
def local_server(db_folder: Path) -> Iterator[str]:
    """``grille play`` in its own process on a free loopback port; its URL."""
    db = db_folder / "games.sqlite3"
    process = subprocess.Popen(
        [sys.executable, "-m", "grille", "play", "--no-browser", "--port", "0", "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    try:
        url = None
        for line in process.stderr:
            found = re.search(r"playing at (http://\S+/)", line)
            if found:
                url = found.group(1)
                break
        if url is None:
            raise SystemExit("web_load: grille play did not start")
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(0, min(len(ordered) - 1, round(share * len(ordered) + 0.5) - 1))
    return ordered[rank]


def choose(rng: random.Random, state: dict[str, Any]) -> tuple[str, str, dict[str, Any] | None]:
    """The next request of a player whose game is ``state``: type, path, body."""
    game = f"/api/games/{state['id']}"
    roll, kind = rng.random(), "move"
    for name, share in MIX:
        if roll < share:
            kind = name
            break
        roll -= share
    if kind == "undo" and state["can_undo"]:
        return "undo", f"{game}/undo", None
    if kind == "redo" and state["can_redo"]:
        return "redo", f"{game}/redo", None
    if kind == "hint":
        return "hint", f"{game}/hint", {"depth": rng.randint(1, 3)}
    if kind == "state":
        return "state", game, None
    cells = state["board"]["cells"]
    free = [i for i, cell in enumerate(cells) if not cell["given"]]
    index = rng.choice(free)
    name = f"r{index // 9 + 1}c{index % 9 + 1}"
    digit = rng.randint(1, 9)
    move = rng.choice([f"{name}^{digit}", f"{name}^{digit}", f"{name}={digit}", f"{name}-"])
    return "move", f"{game}/moves", {"move": move}


async def player(
    client: httpx.AsyncClient, puzzle_id: int, budget: list[int], seed: int, tally: Tally
) -> None:
    """One player: a new game, then requests until the shared ``budget`` is spent."""
    rng = random.Random(seed)
    state: dict[str, Any] | None = None
    body: dict[str, Any] | None
    while budget[0] > 0:
        budget[0] -= 1
        if state is None:
            kind, method, path, body = "new", "POST", "/api/games", {"puzzle_id": puzzle_id}
        else:
            kind, path, body = choose(rng, state)
            method = "GET" if kind == "state" else "POST"
        start = time.perf_counter()
        problem = None
        try:
            response = await client.request(method, path, json=body)
            if response.status_code >= 300:
                problem = f"{response.status_code} {response.text[:200]}"
            elif kind == "hint":  # a hint job: done at once, or polled as the page does
                job = response.json()
                while job["status"] == "running":
                    await asyncio.sleep(HINT_POLL)
                    job = (await client.get(f"{path}s/{job['id']}")).json()
                if job["status"] == "done":
                    state = job["result"]["game"]
                else:
                    problem = f"hint {job['status']}: {job['error']}"
            else:
                state = response.json()
        except httpx.HTTPError as error:
            problem = f"{type(error).__name__}: {error}"
        tally.record(kind, time.perf_counter() - start, problem)


async def run(url: str, requests: int, clients: int, seed: int) -> tuple[Tally, float, int]:
    """The whole load: the tally, the seconds it took, and one game's id (for wrk)."""
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=120.0) as client:
        entered = await client.post("/api/puzzles", json={"text": SUDOKU})
        entered.raise_for_status()
        puzzle_id = entered.json()["puzzle_id"]
        tally = Tally()
        budget = [requests]
        start = time.perf_counter()
        await asyncio.gather(*(
            player(client, puzzle_id, budget, seed + number, tally) for number in range(clients)
        ))
        return tally, time.perf_counter() - start, entered.json()["id"]


def wrk(url: str, seconds: int, clients: int) -> str | None:
    """``wrk``'s summary for ``url`` (None when wrk is not installed)."""
    if shutil.which("wrk") is None:
        return None
    threads = str(min(clients, os.cpu_count() or 1))
    done = subprocess.run(
        ["wrk", "-t", threads, "-c", str(clients), "-d", f"{seconds}s", "--latency", url],
        capture_output=True, text=True, check=False,
    )
    return done.stdout + done.stderr


def report(tally: Tally, seconds: float) -> dict[str, Any]:
    """The figures: overall and per request type."""
    everything = [t for times in tally.latencies.values() for t in times]

    def figures(times: list[float], errors: int) -> dict[str, Any]:
        return {
            "requests": len(times), "errors": errors,
            "p50_ms": round(percentile(times, 0.5) * 1000, 1),
            "p90_ms": round(percentile(times, 0.9) * 1000, 1),
            "p99_ms": round(percentile(times, 0.99) * 1000, 1),
        }

    return {
        "seconds": round(seconds, 2),
        "requests_per_second": round(len(everything) / seconds, 1),
        "all": figures(everything, sum(tally.errors.values())),
        "by_type": {
            kind: figures(times, tally.errors[kind])
            for kind, times in sorted(tally.latencies.items(), key=lambda item: -len(item[1]))
        },
        "error_examples": tally.examples,
    }


def print_report(figures: dict[str, Any], clients: int) -> None:
    """The figures as a table."""
    overall = figures["all"]
    print(f"{overall['requests']:,} requests, {clients} concurrent clients, "
          f"{figures['seconds']} s: {figures['requests_per_second']} requests/s, "
          f"{overall['errors']} errors")
    print(f"{'type':<8}{'requests':>10}{'errors':>8}{'p50 ms':>10}{'p90 ms':>10}{'p99 ms':>10}")
    for kind, row in [("all", overall), *figures["by_type"].items()]:
        print(f"{kind:<8}{row['requests']:>10,}{row['errors']:>8}{row['p50_ms']:>10}"
              f"{row['p90_ms']:>10}{row['p99_ms']:>10}")
    for example in figures["error_examples"]:
        print(f"  error: {example}")


def main() -> int:
    """Run the load and print the figures; 1 if any request failed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--url", help="a running grille play (default: start one)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--wrk", type=int, default=0, metavar="SECONDS",
                        help="then run wrk on GET /api/games/{id} for this long")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory(prefix="grille-load-") as folder,
        local_server(Path(folder)) if args.url is None else _given(args.url) as url,
    ):
        tally, seconds, game_id = asyncio.run(run(url, args.requests, args.clients, args.seed))
        figures = report(tally, seconds)
        checked = wrk(f"{url}api/games/{game_id}", args.wrk, args.clients) if args.wrk else None
    if args.json:
        print(json.dumps({**figures, "wrk": checked}, indent=2))
    else:
        print_report(figures, args.clients)
        if args.wrk:
            print(checked if checked is not None else "wrk is not installed")
    return 1 if figures["all"]["errors"] else 0


@contextmanager
def _given(url: str) -> Iterator[str]:
    yield url if url.endswith("/") else url + "/"


if __name__ == "__main__":
    raise SystemExit(main())
