"""What a new user waits for first: rating Easter Monster, and new games in the browser.

Not a test. Run it in a clone after ``make run`` (or ``grille warm``): it times

1. ``grille rate`` of Easter Monster at the default limits (its exit status too: 3 would
   mean the time limit was reached);
2. ``grille play`` started afresh on a free loopback port with a temporary database, then
   ``--games`` new games of ``--kind``/``--size``/``--level`` asked for one after another as
   the page does (``POST /api/generate``, then polling ``/api/jobs/{id}`` every 0.1 s until
   the game is ready), from the moment the server says it is listening (or ``--wait``
   seconds later: a player takes a few seconds to choose, while the server warms up).

With ``--browser`` the first game is asked for in Chromium (Debian's, driven by Playwright)
as a player does: the page opened as soon as the server listens, the kind, size and level
chosen, Start pressed, until every cell of the board is on screen.

Each new game's puzzle is random, so its time varies with the puzzle: compare the first
game with the median of the others.

    .venv/bin/python benchmarks/first_use.py [--games 6] [--level hard] [--wait 0] [--browser]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

EASTER_MONSTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"


def time_rate() -> tuple[float, int, str]:
    """Seconds, exit status and output of ``grille rate`` of Easter Monster."""
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "grille", "rate", EASTER_MONSTER],
                          capture_output=True, text=True, check=False)
    return time.monotonic() - started, done.returncode, (done.stdout + done.stderr).strip()


@contextmanager
def fresh_server(folder: Path) -> Iterator[tuple[str, list[str]]]:
    """``grille play`` in its own process; its URL and the lines it writes on stderr."""
    process = subprocess.Popen(
        [sys.executable, "-m", "grille", "play", "--no-browser", "--port", "0",
         "--db", str(folder / "games.sqlite3")],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    assert process.stderr is not None
    lines: list[str] = []
    url = None
    for line in process.stderr:
        lines.append(line.rstrip())
        found = re.search(r"playing at (http://\S+/)", line)
        if found:
            url = found.group(1)
            break
    if url is None:
        process.kill()
        raise SystemExit("first_use: grille play did not start")
    stream = process.stderr
    drain = threading.Thread(target=lambda: lines.extend(x.rstrip() for x in stream),
                             daemon=True)
    drain.start()
    try:
        yield url, lines
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


def new_game(client: httpx.Client, kind: str, size: str, level: str) -> float:
    """Seconds from asking for a new game to its being ready, as the page polls."""
    started = time.monotonic()
    job = client.post("api/generate", json={"kind": kind, "size": size, "level": level})
    job.raise_for_status()
    job_id = job.json()["id"]
    while True:
        state = client.get(f"api/jobs/{job_id}").json()
        if state["status"] == "done":
            return time.monotonic() - started
        if state["status"] == "failed":
            raise SystemExit(f"first_use: generation failed: {state['error']}")
        time.sleep(0.1)


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def new_game_in_browser(url: str, kind: str, size: str, level: str) -> tuple[float, float]:
    """Seconds from pressing Start to the board on screen, and from opening the page."""
    from playwright.sync_api import expect, sync_playwright

    rows, cols = (int(side) for side in size.split("x"))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        opened = time.monotonic()
        page.goto(f"{url}#/home")
        page.locator(f"label[for=kind-{kind}]").click()
        page.select_option("#new-size", size)
        page.select_option("#new-level", level)
        started = time.monotonic()
        page.get_by_role("button", name="Start").click()
        expect(page.get_by_role("grid").get_by_role("gridcell")).to_have_count(
            rows * cols, timeout=600_000)
        done = time.monotonic()
        browser.close()
    return done - started, done - opened


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6, help="new games in a row (default 6)")
    parser.add_argument("--kind", default="sudoku")
    parser.add_argument("--size", default="9x9")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--wait", type=float, default=0.0,
                        help="seconds between the server's start and the first game")
    parser.add_argument("--browser", action="store_true",
                        help="ask for the first game in Chromium, as a player does")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()

    rate_seconds, rate_status, rate_output = time_rate()
    with tempfile.TemporaryDirectory() as folder, fresh_server(Path(folder)) as (url, lines):
        with httpx.Client(base_url=url, timeout=600) as client:
            time.sleep(args.wait)
            browser = (new_game_in_browser(url, args.kind, args.size, args.level)
                       if args.browser else None)
            games = [new_game(client, args.kind, args.size, args.level)
                     for _ in range(args.games - (browser is not None))]
            if browser is not None:
                games.insert(0, browser[0])
        server_said = list(lines)
    figures = {
        "rate_seconds": round(rate_seconds, 2),
        "rate_status": rate_status,
        "first_game_seconds": round(games[0], 2),
        "later_games_median_seconds": round(statistics.median(games[1:]), 2)
        if len(games) > 1 else None,
        "games_seconds": [round(seconds, 2) for seconds in games],
        "compiled_in_server": any("compiling" in line for line in server_said),
        "first_game_in_browser": browser is not None,
        "first_game_from_page_open_seconds": round(browser[1], 2) if browser else None,
    }
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"grille rate (Easter Monster): {rate_seconds:.2f} s, exit status {rate_status}")
    print(f"  {rate_output}")
    print(f"new {args.level} {args.size} {args.kind} games, the first {args.wait:g} s after "
          f"the server's start: first {games[0]:.2f} s; all: "
          + ", ".join(f"{seconds:.2f}" for seconds in games))
    if browser is not None:
        print(f"the first game in Chromium: {browser[0]:.2f} s from Start to the board on "
              f"screen, {browser[1]:.2f} s from opening the page")
    print(f"the server compiled kernels: {figures['compiled_in_server']}")
    return 0 if rate_status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
