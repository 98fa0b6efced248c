"""The API's request and response bodies (pydantic), which its OpenAPI description shows.

Rows and columns in JSON are 0-based (``[row, col]``); sentences name cells r1c1-style.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from grille.web.catalog import check_kind

__all__ = [
    "MAX_ID",
    "MAX_TEXT",
    "Board",
    "BoardCell",
    "BoardCounts",
    "BoardLine",
    "BoardMarker",
    "BoardOutside",
    "BoardRegion",
    "ClockOut",
    "Conflict",
    "EnterRequest",
    "ErrorBody",
    "GameList",
    "GameState",
    "GameSummaryOut",
    "GenerateRequest",
    "GotoRequest",
    "HintJobOut",
    "HintOut",
    "HintRequest",
    "HintResponse",
    "ImportOut",
    "ImportRequest",
    "JobList",
    "JobOut",
    "KindName",
    "KindOut",
    "MistakeOut",
    "MoveRequest",
    "NewGameRequest",
    "PuzzleList",
    "PuzzleOut",
    "SavepointOut",
    "SavepointRequest",
    "SettingsRequest",
    "SolverOut",
    "StatisticOut",
]

MAX_TEXT = 1_000_000
"""Characters a typed or uploaded puzzle text may have."""

MAX_ID = 2**62
"""The largest id a request names (SQLite integers are 64-bit)."""

KindName = Annotated[
    str,
    Field(min_length=1, max_length=30, description="a registered kind's name (see /api/kinds)"),
    AfterValidator(check_kind),
]
"""A kind's name, checked against the registry when a request comes (an unknown one: 422
naming the known kinds)."""
CheckName = Literal["off", "rules", "solution"]
VerdictName = Literal["unique", "several", "none", "unknown"]
Cell = tuple[int, int]


class _Body(BaseModel):
    """A request body: unknown fields are refused, and so are values of another JSON type
    than the field's (``false`` is not a position, ``0`` is not a boolean)."""

    model_config = ConfigDict(extra="forbid", strict=True)


# -- requests -------------------------------------------------------------------------------


class MoveRequest(_Body):
    """One move: ``r3c5=7`` (write), ``r3c5-`` (clear), ``r3c5^7`` (toggle a pencil mark),
    ``fill`` (every candidate)."""

    move: str = Field(min_length=1, max_length=40, examples=["r3c5=7"])


class HintRequest(_Body):
    """How deep a hint: 1 nudge, 2 technique, 3 cells, 4 the step explained, 5 apply it."""

    depth: int = Field(default=1, ge=1, le=5)


class GotoRequest(_Body):
    """A position in the history (0: the puzzle as given)."""

    position: int = Field(ge=0, le=10_000_000)


class SavepointRequest(_Body):
    """The name of a savepoint (the same name moves it)."""

    name: str = Field(min_length=1, max_length=60)


class SettingsRequest(_Body):
    """Checking mode and auto-clean of pencil marks; fields left out stay as they are."""

    checking: CheckName | None = None
    auto_clean: bool | None = None


class NewGameRequest(_Body):
    """Start a new game of a library puzzle."""

    puzzle_id: int = Field(ge=1, le=MAX_ID)


class GenerateRequest(_Body):
    """A new puzzle to generate: kind, size (``9x9``, ``8x8``; default: the kind's), level
    (``any`` or a level name) and symmetry (for kinds that take one)."""

    kind: KindName
    size: str | None = Field(default=None, max_length=12, examples=["9x9"])
    level: str = Field(default="any", max_length=30)
    symmetry: str | None = Field(default=None, max_length=30)


class EnterRequest(_Body):
    """A puzzle typed or pasted in any supported format (kind and format sniffed unless
    given); it must have exactly one solution."""

    text: str = Field(min_length=1, max_length=MAX_TEXT)
    kind: KindName | None = None
    format: str | None = Field(default=None, max_length=30)


class ImportRequest(_Body):
    """A file's text to add to the library: every puzzle in it."""

    text: str = Field(min_length=1, max_length=MAX_TEXT)
    name: str = Field(default="upload", max_length=200)
    kind: KindName | None = None
    format: str | None = Field(default=None, max_length=30)


# -- responses ------------------------------------------------------------------------------


class ErrorBody(BaseModel):
    """Every error answer: one sentence."""

    error: str


class KindOut(BaseModel):
    """A kind as the new-game form offers it."""

    name: str
    title: str
    sizes: list[str]
    default_size: str
    levels: list[str]
    symmetries: list[str]
    formats: list[str]
    max_side: int
    max_generated_side: int
    description: str = ""
    entry_help: str = Field(default="", description="how a puzzle of the kind is typed in")
    levels_by_size: dict[str, list[str]] = Field(
        default_factory=dict,
        description="the levels generation reaches at each size offered (\"any\" first)",
    )


class BoardCell(BaseModel):
    """One cell: its value (``None``: empty), whether it is a clue, its pencil marks, and
    whether it is blocked (takes no value)."""

    value: int | None = None
    given: bool = False
    marks: list[int] = Field(default_factory=list)
    blocked: bool = False


class BoardRegion(BaseModel):
    """A group of cells with a rule, as drawn: ``style`` (``box``: thick borders; ``cage``:
    dashed outline; ``run``: its label in a blocked cell; ``row``, ``column``: not drawn),
    ``name`` as steps name it, ``label`` written in ``label_cell`` at ``corner``, the
    ``total`` its values make, whether they are ``distinct``, and the ``choices`` (value
    sets, as text) still open to it."""

    style: str
    name: str = ""
    cells: list[Cell]
    label: str = ""
    label_cell: Cell | None = None
    corner: Literal["top-left", "top-right", "bottom-left", "center"] = "top-left"
    total: int | None = None
    distinct: bool = True
    choices: list[str] = Field(default_factory=list)


class BoardLine(BaseModel):
    """A line through cells in order (``thermometer``, ``arrow``, ``renban`` ...), ``start``
    the cells drawn as its start (a bulb, an arrow's circle)."""

    style: str
    cells: list[Cell]
    start: list[Cell] = Field(default_factory=list)


class BoardMarker(BaseModel):
    """A mark on the edge between two adjacent cells (``white-dot``, ``black-dot``,
    ``text``) with its text."""

    style: str
    first: Cell
    second: Cell
    text: str = ""


class BoardOutside(BaseModel):
    """A clue outside the grid, on ``side`` by row or column ``index``."""

    side: Literal["top", "bottom", "left", "right"]
    index: int
    text: str
    direction: str = ""


class BoardShape(BaseModel):
    """A shape drawn in one cell under its value (``circle``, ``square``)."""

    style: str
    cell: Cell


class BoardDecoration(BaseModel):
    """A setter's decoration (:class:`grille.view.Decoration`): a ``line``, ``rectangle``,
    ``circle``, ``text`` or ``cage`` on ``cells``, its colours, text and sizes in cells."""

    style: str
    cells: list[Cell]
    outline: str = ""
    fill: str = ""
    color: str = ""
    text: str = ""
    width: float = 0.0
    height: float = 0.0
    size: float = 0.0
    angle: float = 0.0


class BoardCounts(BaseModel):
    """What a player counts per line: each of ``values`` appears ``per_row`` times in a full
    row and ``per_column`` times in a full column."""

    values: list[int]
    per_row: int
    per_column: int


class Board(BaseModel):
    """A grid as the page draws it (:meth:`grille.view.BoardView.to_json`), row-major
    ``cells``. ``symbols[i]`` is how value ``min_value + i`` is written; ``mark_grid`` the
    (rows, columns) of a cell's pencil marks; ``glyphs`` how values are drawn (``symbols``
    or ``discs``); ``keys`` which key types which value; ``clear_keys`` the keys that
    empty a cell."""

    rows: int
    cols: int
    title: str = ""
    min_value: int
    symbols: list[str]
    mark_grid: tuple[int, int] = (3, 3)
    glyphs: Literal["symbols", "discs"] = "symbols"
    keys: dict[str, int] = Field(default_factory=dict)
    clear_keys: list[str] = Field(default_factory=list)
    cells: list[BoardCell]
    regions: list[BoardRegion] = Field(default_factory=list)
    lines: list[BoardLine] = Field(default_factory=list)
    markers: list[BoardMarker] = Field(default_factory=list)
    outside: list[BoardOutside] = Field(default_factory=list)
    shapes: list[BoardShape] = Field(default_factory=list)
    decorations: list[BoardDecoration] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    counts: BoardCounts | None = None


class Conflict(BaseModel):
    """Something wrong by the checking mode, and its cells."""

    message: str
    cells: list[Cell]


class SavepointOut(BaseModel):
    """A named position of the history."""

    name: str
    position: int


class GameState(BaseModel):
    """A game as the page shows it: board, history, timer, settings, conflicts.

    ``status`` never says ``invalid`` while checking is off. ``verdict`` is what is known
    of the puzzle's solutions (``None``: not searched yet); ``help_unavailable`` says why
    hints, checking against the solution and showing it are unavailable (``None``: they
    are available). ``heartbeat``: send ``shown`` this often while the game is visible.
    """

    id: int
    puzzle_id: int
    kind: str
    size: str
    level: str | None
    status: Literal["incomplete", "solved", "invalid"]
    solved: bool
    position: int
    history_length: int
    can_undo: bool
    can_redo: bool
    elapsed: float
    timer_running: bool
    paused: bool
    checking: CheckName
    auto_clean: bool
    hints_used: int
    solution_shown: bool
    savepoints: list[SavepointOut]
    conflicts: list[Conflict]
    board: Board
    verdict: VerdictName | None = None
    help_unavailable: str | None = None
    heartbeat: float = 5.0


class MistakeOut(BaseModel):
    """A wrong entry or pencil mark a hint points out first."""

    row: int
    col: int
    message: str


class HintOut(BaseModel):
    """A hint: its text, the cells to highlight, the step behind it, whether applied.
    ``depth`` is the one given (less than asked when the hint has no more); ``deepest``
    the deepest it has. ``about``: a logical step (1 where, 2 technique, 3 cells, 4 the
    step, 5 applied), mistakes in the grid (1 something is wrong, 2 how many, 3 where,
    4 what, 5 fixed), or a note with nothing to show ("The grid is solved.")."""

    depth: int
    deepest: int = 5
    about: Literal["step", "mistakes", "note"] = "step"
    text: str
    cells: list[Cell]
    technique: str | None = None
    explanation: str | None = None
    placements: list[tuple[int, int, int]] = Field(default_factory=list)
    eliminations: list[tuple[int, int, int]] = Field(default_factory=list)
    mistakes: list[MistakeOut] = Field(default_factory=list)
    applied: bool = False


class HintResponse(BaseModel):
    """A hint and the game after it (changed only when depth 5 applied the step)."""

    hint: HintOut
    game: GameState


class HintJobOut(BaseModel):
    """A hint being worked out: running (poll it, or cancel it), done (with ``result``),
    failed (with ``error``) or cancelled."""

    id: str
    game_id: int
    depth: int
    status: Literal["running", "done", "failed", "cancelled"]
    elapsed: float
    result: HintResponse | None = None
    error: str | None = None


class ClockOut(BaseModel):
    """A game's clock after a sign of life (``shown``) or ``hidden``."""

    elapsed: float
    timer_running: bool


class SolverOut(BaseModel):
    """Whether a search starts at once (``ready``) or waits while the worker processes
    load the solver, which on a new installation means compiling it (``first_time``: a
    minute or more; ``grille warm`` does it ahead)."""

    ready: bool
    first_time: bool


class GameSummaryOut(BaseModel):
    """A saved game in a list."""

    id: int
    puzzle_id: int
    kind: str
    size: str
    level: str | None
    status: Literal["unfinished", "solved", "abandoned"]
    created: float
    updated: float
    elapsed: float
    timer_running: bool
    position: int
    history_length: int
    hints_used: int
    solution_shown: bool
    checking: CheckName
    title: str = ""
    """The board's title (``BoardView.title``: the kind, the size, and what else its board
    names, such as a variant's families): what tells two games of one size apart."""


class GameList(BaseModel):
    """Saved games, the most recently played first."""

    games: list[GameSummaryOut]


class PuzzleOut(BaseModel):
    """A library puzzle (``text`` in its kind's default format, or the first format that holds
    it when that one cannot: a variant's constraints)."""

    id: int
    kind: str
    size: str
    level: str | None
    source: Literal["imported", "generated", "entered"]
    origin: str
    created: float
    text: str
    verdict: VerdictName | None = None
    title: str = ""
    """The board's title (``BoardView.title``), as for a game."""


class PuzzleList(BaseModel):
    """Library puzzles, oldest first."""

    puzzles: list[PuzzleOut]


class ImportOut(BaseModel):
    """What an import did: how many puzzles the text held, how many were new, the first
    ones (up to 200) to start a game from."""

    count: int
    added: int
    known: int
    not_unique: int = 0
    """Puzzles with no solution, several, or none proven within the budget."""
    unchecked: int = 0
    """Puzzles not searched within the import's time limit (searched when played)."""
    puzzles: list[PuzzleOut]


class JobOut(BaseModel):
    """A generation job: queued, running, done (with its game), failed (with why) or
    cancelled. ``from_pool``: the puzzle was ready at once."""

    id: str
    kind: str
    size: str | None
    level: str
    status: Literal["queued", "running", "done", "failed", "cancelled"]
    elapsed: float
    game_id: int | None = None
    puzzle_id: int | None = None
    error: str | None = None
    from_pool: bool = False
    created: float = 0.0
    title: str = ""


class JobList(BaseModel):
    """Generation jobs of the last minutes, newest first."""

    jobs: list[JobOut]


class StatisticOut(BaseModel):
    """Games of one kind, size and level: played, solved, best and average seconds."""

    kind: str
    size: str
    level: str | None
    played: int
    solved: int
    best: float | None
    average: float | None
