"""The JSON API under ``/api``: kinds, games and their actions, generation, the library,
statistics and export.

Each game action answers with the whole :class:`~grille.web.models.GameState` after it,
once the change is stored. Routes are plain functions: FastAPI runs them in its thread
pool, and each game has its own lock (:mod:`grille.web.games`), held only while a session
changes: every search (hints, solutions, checking a typed or imported puzzle, generating)
runs in a worker process under a time limit (:mod:`grille.game.work`).
"""

from __future__ import annotations

import functools
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query, Request, Response, status
from pydantic import AfterValidator

from grille.errors import GrilleError
from grille.game import GameSummary, PuzzleRecord, PuzzleSource, Session, Store
from grille.game.assist import SolveQuestion, solve, solve_each
from grille.game.pool import PoolFiller, common_keys
from grille.game.work import LANES, Lane, WorkError, Workers, WorkTimeLimitError
from grille.kind import GenerateOptions, Kind, Solutions, Verdict, check_reach
from grille.kinds import get_kind, sniff_kind
from grille.warm import warmed
from grille.web.catalog import (
    check_generation,
    check_kind,
    check_size,
    common_sizes,
    kind_offer,
    kind_offers,
    sides_of,
)
from grille.web.export import FORMATS, Picture, export_picture
from grille.web.games import Games, LiveGame, clock_of
from grille.web.hints import Hints
from grille.web.jobs import Jobs
from grille.web.models import (
    MAX_ID,
    ClockOut,
    EnterRequest,
    ErrorBody,
    GameList,
    GameState,
    GameSummaryOut,
    GenerateRequest,
    GotoRequest,
    HintJobOut,
    HintRequest,
    ImportOut,
    ImportRequest,
    JobList,
    JobOut,
    KindOut,
    MoveRequest,
    NewGameRequest,
    PuzzleList,
    PuzzleOut,
    SavepointRequest,
    SettingsRequest,
    SolverOut,
    StatisticOut,
)

__all__ = ["ENTER_BUDGET", "ENTER_SECONDS", "IMPORT_BUDGET", "IMPORT_SECONDS", "Services",
           "router"]

ENTER_BUDGET = 5_000_000
"""Search nodes the uniqueness check of an entered puzzle may use."""

ENTER_SECONDS = 20.0
"""The time limit of the uniqueness check of an entered puzzle."""

IMPORT_BUDGET = 1_000_000
"""Search nodes the uniqueness check of each imported puzzle may use."""

IMPORT_SECONDS = 20.0
"""How long an import searches its puzzles' solutions; those left are searched when played."""

IMPORT_LISTED = 200
"""Puzzles of an import listed in the answer."""

_ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorBody, "description": text}
    for code, text in (
        (400, "malformed JSON"), (404, "no such game, puzzle or job"),
        (409, "the game was changed elsewhere"), (413, "body or puzzle too large"),
        (422, "a bad field, move, puzzle or action"),
    )
}

router = APIRouter(prefix="/api", responses=_ERRORS)


class Services:
    """What the routes share: the store, the worker processes, the open games, hint and
    generation jobs, and the pool filler (``pool``: keep new games ready in the
    background). ``workers``: generation jobs of each lane (small, large) run at once."""

    def __init__(self, store: Store, *, workers: int = 2, pool: bool = True) -> None:
        self.store = store
        lanes = {lane.name: lane for lane in LANES}
        lanes["small"] = Lane("small", slots=max(1, workers))
        self.work = Workers(tuple(lanes.values()))
        self.games = Games(store, self.work)
        self.hints = Hints(self.games)
        self.filler = (
            PoolFiller(store, self.work, common_keys(common_sizes())) if pool else None
        )
        self.jobs = Jobs(store, self.games, filler=self.filler)

    def __repr__(self) -> str:
        return f"<Services {self.store!r}>"

    def start(self) -> None:
        """Warm the worker processes up and start filling the pool, in the background."""
        self.work.start()
        if self.filler is not None:
            self.filler.start()

    def shutdown(self) -> None:
        """Stop every job and worker process."""
        if self.filler is not None:
            self.filler.stop()
        self.hints.shutdown()
        self.jobs.shutdown()
        self.work.shutdown()

    def search(self, question: SolveQuestion[Any], seconds: float) -> Solutions[Any]:
        """The solutions of a puzzle, searched in a worker process within ``seconds``."""
        try:
            return self.work.run(solve, question, lane="play", time_limit=seconds)
        except WorkTimeLimitError:
            raise GrilleError(
                f"could not prove within {seconds:g} s that the puzzle has one solution; "
                "add clues"
            ) from None


def _services(request: Request) -> Services:
    services: Services = request.app.state.services
    return services


Svc = Annotated[Services, Depends(_services)]
GameId = Annotated[int, Path(ge=1, le=MAX_ID, description="a saved game's id")]
KindQuery = Annotated[
    str | None,
    Query(min_length=1, max_length=30, description="only this kind (a registered kind's name)"),
    AfterValidator(lambda name: None if name is None else check_kind(name)),
]


# -- kinds, games ------------------------------------------------------------------------------


@router.get("/solver", summary="Whether a search starts at once")
def solver(svc: Svc) -> SolverOut:
    """While not ``ready``, a search (checking an entered puzzle, a hint) waits for the
    worker processes to load the solver, or to compile it the first time (``first_time``);
    the page says so while it waits."""
    return SolverOut(ready=svc.work.ready, first_time=not warmed())


@router.get("/kinds", summary="The kinds, sizes, levels and symmetries on offer")
def kinds() -> list[KindOut]:
    """Each kind as the new-game form offers it, with its size caps."""
    return [KindOut(**offer.to_json()) for offer in kind_offers()]


@router.get("/games", summary="Saved games, most recently played first")
def games(
    svc: Svc,
    state: Annotated[Literal["unfinished", "solved", "abandoned"] | None,
                     Query(alias="status")] = None,
    kind: KindQuery = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
    offset: Annotated[int, Query(ge=0, le=MAX_ID)] = 0,
) -> GameList:
    """Saved games, filtered by status and kind."""
    found = svc.store.games(status=state, kind=kind, limit=limit, offset=offset)
    return GameList(games=[_summary(game) for game in found])


@router.get("/games/last", summary="The unfinished game played last",
            responses={404: {"model": ErrorBody, "description": "no unfinished game"}})
def last_game(svc: Svc) -> GameSummaryOut:
    """What ``grille play`` reopens; 404 when every game is finished."""
    found = svc.store.last_unfinished_game()
    if found is None:
        raise _not_found("no unfinished game")
    return _summary(found)


@router.post("/games", status_code=status.HTTP_201_CREATED, summary="Start a library puzzle")
def new_game(body: NewGameRequest, svc: Svc) -> GameState:
    """A new game of the library puzzle ``puzzle_id``."""
    return svc.games.new_game(body.puzzle_id)


@router.get("/games/{game_id}", summary="A game as the page shows it")
def game(game_id: GameId, svc: Svc) -> GameState:
    """The game read afresh from the store (it may have been played elsewhere)."""
    return svc.games.state(game_id, fresh=True)


@router.post("/games/{game_id}/shown", summary="The game is on screen (a heartbeat)")
def shown(game_id: GameId, svc: Svc) -> ClockOut:
    """Start the clock, or count the time since the last sign of life (a silence counts
    at most 10 s). Send it when the game appears and every ``heartbeat`` seconds while it
    stays visible."""
    return svc.games.act_then(game_id, lambda session: session.shown(), clock_of)[1]


@router.post("/games/{game_id}/hidden", summary="The game left the screen")
def hidden(game_id: GameId, svc: Svc) -> ClockOut:
    """Stop the clock until the game is shown or played again."""
    return svc.games.act_then(game_id, lambda session: session.hidden(), clock_of)[1]


@router.delete("/games/{game_id}", status_code=status.HTTP_204_NO_CONTENT,
               summary="Delete a game and its moves")
def delete_game(
    game_id: GameId,
    svc: Svc,
    confirm: Annotated[int | None, Query(ge=1, le=MAX_ID,
                                         description="the game's id again")] = None,
) -> Response:
    """Delete the game for good. ``confirm`` must repeat the game's id: a request for
    another path that a browser or proxy normalised into this one (a savepoint called
    ``..``) can never delete a game."""
    if confirm != game_id:
        raise GrilleError(
            f"deleting a game needs ?confirm={game_id} (its id again); nothing was deleted"
        )
    svc.store.delete_game(game_id)
    svc.games.forget(game_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.post("/games/{game_id}/abandon", status_code=status.HTTP_204_NO_CONTENT,
             summary="Stop offering a game for resuming")
def abandon_game(game_id: GameId, svc: Svc) -> Response:
    """Mark the game abandoned; playing it again revives it."""
    svc.store.abandon_game(game_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


# -- playing -----------------------------------------------------------------------------------


@router.post("/games/{game_id}/moves", summary="Play one move")
def move(game_id: GameId, body: MoveRequest, svc: Svc) -> GameState:
    """``r3c5=7`` writes, ``r3c5-`` clears, ``r3c5^7`` toggles a pencil mark, ``fill``
    fills every candidate; a placement also cleans its peers' marks (auto-clean)."""
    return svc.games.act(game_id, lambda session: session.play(body.move))[1]


def _simple(name: str, summary: str, action: Any) -> None:
    def route(game_id: GameId, svc: Svc) -> GameState:
        return svc.games.act(game_id, action)[1]

    route.__name__ = name
    route.__doc__ = summary
    router.post(f"/games/{{game_id}}/{name}", summary=summary)(route)


_simple("undo", "Undo the last entry", lambda s: s.undo())
_simple("redo", "Redo the next undone entry", lambda s: s.redo())
_simple("restart", "Clear every entry and mark (undoable)", lambda s: s.restart())
_simple("fill", "Fill every empty cell's pencil marks (keeping eliminations)",
        lambda s: s.fill())
_simple("pause", "Pause the timer", lambda s: s.pause())
_simple("resume", "Let the timer count again", lambda s: s.resume())


@router.post("/games/{game_id}/goto", summary="Jump to a position of the history")
def goto(game_id: GameId, body: GotoRequest, svc: Svc) -> GameState:
    """Undo or redo to ``position``."""
    return svc.games.act(game_id, lambda session: session.goto(body.position))[1]


@router.post("/games/{game_id}/solution",
             summary="Fill in the solution (undoable; the game counts as helped)")
def solution(game_id: GameId, svc: Svc) -> GameState:
    """The solution, as one undoable entry; 422 says why when the puzzle has not one."""
    svc.games.ensure_solutions(game_id)
    return svc.games.act(game_id, lambda session: session.show_solution())[1]


JobId = Annotated[str, Path(max_length=40, description="a job's id")]


@router.post("/games/{game_id}/hint", summary="Start a hint at a depth (5 applies the step)",
             responses={202: {"model": HintJobOut, "description": "still being worked out"}})
def hint(game_id: GameId, body: HintRequest, svc: Svc, response: Response) -> HintJobOut:
    """1 where to look, 2 the technique, 3 its cells, 4 the step explained, 5 apply it.
    Mistakes in the grid are pointed out first. 200 with the finished job when the hint
    was ready at once, else 202 with a running job: poll it, or cancel it. 422 at once
    when no hint can be given (paused, a puzzle without one solution)."""
    job = svc.hints.ask(game_id, body.depth)
    if job.status == "running":
        response.status_code = status.HTTP_202_ACCEPTED
    return job


@router.get("/games/{game_id}/hints/{job_id}", summary="A hint job")
def hint_job(game_id: GameId, job_id: JobId, svc: Svc) -> HintJobOut:
    """Running (with the seconds so far), done (with the hint and the game), failed (why)
    or cancelled."""
    found = svc.hints.get(game_id, job_id)
    if found is None:
        raise _not_found(f"no hint job {job_id!r} for game {game_id}")
    return found


@router.delete("/games/{game_id}/hints/{job_id}", status_code=status.HTTP_204_NO_CONTENT,
               summary="Cancel a hint job")
def cancel_hint(game_id: GameId, job_id: JobId, svc: Svc) -> Response:
    """Stop working out the hint (its process is stopped); nothing happens to the game."""
    if not svc.hints.cancel(game_id, job_id):
        raise _not_found(f"no hint job {job_id!r} for game {game_id}")
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.patch("/games/{game_id}/settings", summary="Checking mode and auto-clean")
def settings(game_id: GameId, body: SettingsRequest, svc: Svc) -> GameState:
    """``checking``: off, rules or solution; ``auto_clean``: placements clean peers' marks."""
    if body.checking == "solution":
        svc.games.ensure_solutions(game_id)

    def change(session: Session[Any]) -> None:
        if body.checking is not None:
            session.set_checking(body.checking)
        if body.auto_clean is not None:
            session.set_auto_clean(body.auto_clean)

    return svc.games.act(game_id, change)[1]


SavepointName = Annotated[str, Path(min_length=1, max_length=60)]


@router.post("/games/{game_id}/savepoints", summary="Name the current position")
def add_savepoint(game_id: GameId, body: SavepointRequest, svc: Svc) -> GameState:
    """A savepoint here (one of the same name moves)."""
    return svc.games.act(game_id, lambda session: session.add_savepoint(body.name))[1]


@router.post("/games/{game_id}/savepoints/{name}/return", summary="Go back to a savepoint")
def return_to(game_id: GameId, name: SavepointName, svc: Svc) -> GameState:
    """Back to the savepoint; the moves after it stay redoable."""
    return svc.games.act(game_id, lambda session: session.return_to(name))[1]


@router.post("/games/{game_id}/savepoints/{name}/abandon",
             summary="Go back to a savepoint and drop what followed")
def abandon_branch(game_id: GameId, name: SavepointName, svc: Svc) -> GameState:
    """The "what if" failed: back to the savepoint, the moves after it dropped."""
    return svc.games.act(game_id, lambda session: session.abandon(name))[1]


@router.delete("/games/{game_id}/savepoints/{name}", summary="Forget a savepoint")
def remove_savepoint(game_id: GameId, name: SavepointName, svc: Svc) -> GameState:
    """The savepoint goes; the history stays."""
    return svc.games.act(game_id, lambda session: session.remove_savepoint(name))[1]


@router.get(
    "/games/{game_id}/export.{fmt}",
    summary="The game drawn as SVG, PNG or PDF",
    response_class=Response,
    responses={200: {"content": {media: {} for media in FORMATS.values()},
                     "description": "the picture, as a download"}},
)
def export(
    game_id: GameId,
    fmt: Literal["svg", "png", "pdf"],
    svc: Svc,
    content: Literal["state", "puzzle", "solution"] = "state",
    marks: bool = False,
) -> Response:
    """``content``: the player's grid (with its pencil marks if ``marks``), the puzzle as
    given, or its solution."""

    if content == "solution":
        svc.games.ensure_solutions(game_id)

    def picture(live: LiveGame) -> Picture:
        session = live.session
        if content == "puzzle":
            return export_picture(session.puzzle, fmt, level=live.level)
        if content == "solution":
            return export_picture(session.solution, fmt, solution=True, level=live.level)
        return export_picture(session.state, fmt, marks=marks, level=live.level)

    found = svc.games.read(game_id, picture)
    name = f"grille-game{game_id}-{content}.{fmt}"
    return Response(
        found.data, media_type=found.media_type,
        headers={"content-disposition": f'attachment; filename="{name}"'},
    )


# -- new puzzles ---------------------------------------------------------------------------------


@router.post("/generate", status_code=status.HTTP_202_ACCEPTED,
             summary="A new game: from the pool at once, else generated in the background",
             responses={201: {"model": JobOut, "description": "done at once, from the pool"},
                        429: {"model": ErrorBody, "description": "too many generations"}})
def generate(body: GenerateRequest, svc: Svc, response: Response) -> JobOut:
    """201 with a done job (its game) when a puzzle was ready in the pool; else 202 with a
    job: poll ``/api/jobs/{id}`` until it is done (with a game), failed or cancelled. 422
    up front for a level the size cannot reach."""
    offer = kind_offer(body.kind)
    if body.level not in offer.levels:
        raise GrilleError(f"{body.kind} has no level {body.level!r}; "
                          f"levels: {', '.join(offer.levels)}")
    if body.symmetry is not None and body.symmetry not in offer.symmetries:
        known = ", ".join(offer.symmetries) or "none"
        raise GrilleError(f"{body.kind} has no symmetry {body.symmetry!r}; symmetries: {known}")
    if body.size is not None:
        sides_of(body.size)
    check_generation(body.kind, body.size)
    kind: Kind[Any] = get_kind(body.kind)
    kind.levels_for(body.size)  # a size the generator cannot make is refused here
    check_reach(kind, GenerateOptions(body.size, body.level, body.symmetry))
    found = svc.jobs.submit(body)
    if found.status == "done":
        response.status_code = status.HTTP_201_CREATED
    return found


@router.get("/jobs", summary="Recent generation jobs, newest first")
def jobs(svc: Svc) -> JobList:
    """Running ones (to show, and cancel) and those finished in the last minutes (to
    announce: their games wait to be opened)."""
    return JobList(jobs=svc.jobs.list())


@router.get("/jobs/{job_id}", summary="A generation job")
def job(job_id: JobId, svc: Svc) -> JobOut:
    """Queued, running (with the seconds so far), done (with the game), failed (why) or
    cancelled."""
    found = svc.jobs.get(job_id)
    if found is None:
        raise _not_found(f"no generation job {job_id!r}")
    return found


@router.delete("/jobs/{job_id}", status_code=status.HTTP_204_NO_CONTENT,
               summary="Cancel a generation job")
def cancel_job(job_id: JobId, svc: Svc) -> Response:
    """Stop a queued or running job (its process is stopped); a finished one stays."""
    if not svc.jobs.cancel(job_id):
        raise _not_found(f"no generation job {job_id!r}")
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.post("/puzzles", status_code=status.HTTP_201_CREATED,
             summary="Enter a puzzle and start a game of it")
def enter(body: EnterRequest, svc: Svc) -> GameState:
    """One puzzle typed or pasted in any supported format; it must have exactly one
    solution (422 says what is wrong otherwise)."""
    kind = _kind_of(body.text, body.kind, body.format, "typed puzzle")
    entries = kind.read(body.text, fmt=body.format, source="typed puzzle")
    if len(entries) != 1:
        raise GrilleError(
            f"the text holds {len(entries)} puzzles; enter one (or import them as a file)"
        )
    puzzle = entries[0].puzzle
    check_size(kind, puzzle)
    broken = kind.check(puzzle)
    if broken:
        raise GrilleError(f"the puzzle breaks the rules: {broken[0].message}")
    found = svc.search(SolveQuestion(kind.name, puzzle, ENTER_BUDGET), ENTER_SECONDS)
    _check_unique(found)
    record = svc.store.add_puzzle(
        puzzle, source=PuzzleSource.ENTERED, origin="typed", solutions=found
    )
    return svc.games.new_game(record.id)


@router.post("/import", summary="Add every puzzle of a file to the library")
def import_file(body: ImportRequest, svc: Svc) -> ImportOut:
    """Every puzzle of the text (any kind and format) joins the library once."""
    kind = _kind_of(body.text, body.kind, body.format, body.name)
    puzzles = [entry.puzzle for entry in kind.read(body.text, fmt=body.format, source=body.name)]
    for puzzle in puzzles:
        check_size(kind, puzzle)
    search = functools.partial(solve_each, budget=IMPORT_BUDGET, seconds=IMPORT_SECONDS)
    try:
        found = svc.work.run(search, kind.name, puzzles, lane="play",
                             time_limit=IMPORT_SECONDS + 30)
    except WorkError:  # the searches overran: the puzzles are searched when played
        found = [None] * len(puzzles)
    result = svc.store.import_puzzles(kind, puzzles, source=body.name, solutions=found)
    verdicts = [record.verdict for record in result.puzzles]
    return ImportOut(
        count=len(result.puzzles), added=len(result.added), known=result.known,
        not_unique=sum(v is not None and v is not Verdict.UNIQUE for v in verdicts),
        unchecked=sum(v is None for v in verdicts),
        puzzles=[_puzzle(record) for record in result.puzzles[:IMPORT_LISTED]],
    )


@router.get("/puzzles", summary="Library puzzles")
def puzzles(
    svc: Svc,
    kind: KindQuery = None,
    size: Annotated[str | None, Query(max_length=12)] = None,
    level: Annotated[str | None, Query(max_length=30)] = None,
    unplayed: bool = False,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
    offset: Annotated[int, Query(ge=0, le=MAX_ID)] = 0,
) -> PuzzleList:
    """The library, oldest first; ``unplayed`` keeps those no game was started from."""
    found = svc.store.puzzles(
        kind=kind, size=size, level=level, unplayed=unplayed, limit=limit, offset=offset
    )
    return PuzzleList(puzzles=[_puzzle(record) for record in found])


@router.get("/statistics", summary="Played, solved, best and average times")
def statistics(
    svc: Svc, kind: KindQuery = None
) -> list[StatisticOut]:
    """Per kind, size and level; a game solved after showing the solution does not count."""
    return [
        StatisticOut(kind=s.kind, size=s.size, level=s.level, played=s.played,
                     solved=s.solved, best=s.best, average=s.average)
        for s in svc.store.statistics(kind=kind)
    ]


# -- helpers -----------------------------------------------------------------------------------


def _not_found(message: str) -> Exception:
    from fastapi import HTTPException

    return HTTPException(status_code=404, detail=message)


def _kind_of(text: str, name: str | None, fmt: str | None, source: str) -> Kind[Any]:
    kind: Kind[Any] = get_kind(name) if name else sniff_kind(text, source=source)
    if fmt is not None and fmt not in kind.formats:
        raise GrilleError(f"{kind.name} has no format {fmt!r}; formats: {', '.join(kind.formats)}")
    return kind


def _check_unique(found: Solutions[Any]) -> None:
    """Refuse a puzzle that has no solution, several, or an unknown number within
    :data:`ENTER_BUDGET`, saying which."""
    verdict = found.verdict
    if verdict is Verdict.NONE:
        raise GrilleError("the puzzle has no solution; check the clues")
    if verdict is Verdict.SEVERAL:
        raise GrilleError(
            "the puzzle has more than one solution, so it cannot be solved by logic alone; "
            "add clues"
        )
    if verdict is Verdict.UNKNOWN:
        raise GrilleError(
            f"could not prove the puzzle has one solution within {ENTER_BUDGET:,} search "
            "nodes; add clues"
        )


def _summary(game: GameSummary) -> GameSummaryOut:
    return GameSummaryOut(
        id=game.id, puzzle_id=game.puzzle_id, kind=game.kind, size=game.size,
        level=game.level, status=game.status.value,
        created=game.created, updated=game.updated, elapsed=round(game.elapsed, 3),
        timer_running=game.timer_running, position=game.position,
        history_length=game.history_length, hints_used=game.hints_used,
        solution_shown=game.solution_shown, checking=game.checking.value,
        title=game.title,
    )


def _puzzle(record: PuzzleRecord) -> PuzzleOut:
    return PuzzleOut(
        id=record.id, kind=record.kind, size=record.size, level=record.level,
        source=record.source.value,
        origin=record.origin, created=record.created, text=record.text,
        verdict=None if record.verdict is None else record.verdict.name.lower(),  # type: ignore[arg-type]
        title=record.title,
    )
