"""The terminal game: a Textual app on the same session layer and SQLite store as the browser.

Screens:

- :class:`MenuScreen`: new game, resume, enter a puzzle, generate puzzles, saved games,
  puzzle library, statistics, quit;
- :class:`NewGameScreen` (kind, size, level): a puzzle the pool keeps ready, at once, or one
  generated in a worker process, with feedback;
- :class:`grille.tui.game.GameScreen`, the board itself;
- :class:`EnterScreen` (paste or type a puzzle of any kind and format, then play it or let
  grille solve it) and :class:`StepsScreen` (the solve, one explained step at a time);
- :class:`GenerateScreen` (many puzzles into the library, with a progress bar);
- :class:`GamesScreen`, :class:`LibraryScreen`, :class:`StatsScreen`: tables of the store.

A game started here is a row of the store like any other, so ``grille play`` lists and
resumes it in the browser, and the other way round. New games come from the same pool of
generated puzzles (:mod:`grille.game.pool`), which the app keeps filled in the background
at the lowest priority when asked to (``pool=True``, as ``grille tui`` does). Every slow
search (hint, solution, generation, explanation) runs in the app's worker processes
(:mod:`grille.game.work`, :mod:`grille.tui.tasks`): the screen never freezes, and Esc stops
the work for real.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.actions import ActionParseResult
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import (
    Button,
    DataTable,
    Footer,
    Input,
    Label,
    LoadingIndicator,
    OptionList,
    ProgressBar,
    RichLog,
    Static,
    TextArea,
)
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from grille.errors import GrilleError
from grille.game import GameStatus, GameSummary, PoolKey, PuzzleSource, SavedGame, Store
from grille.game.assist import SolveQuestion, answer_hint, solve, unavailable
from grille.game.pool import (
    Generated,
    PoolFiller,
    common_keys,
    generate_puzzle,
    new_seed,
    take_game,
)
from grille.game.work import Task, TaskStatus, Workers
from grille.kind import Kind, Solutions
from grille.kinds import kind_infos, sniff_kind
from grille.logic import Explanation, Rating
from grille.tui.board import Board, Decorations, cells_text
from grille.tui.errors import error_text, report_error, reports_errors
from grille.tui.game import (
    BoardBox,
    GameScreen,
    HintFunction,
    SolveFunction,
    clock,
    game_heading,
    game_title,
)
from grille.tui.options import (
    default_kind,
    default_size,
    default_sizes,
    kind_title,
    kinds,
    levels_of,
    sizes_of,
)
from grille.tui.tasks import (
    ENTER_SECONDS,
    EXPLAIN_SECONDS,
    GENERATE_SECONDS,
    Pending,
    explain_puzzle,
    failure,
    start_workers,
    waiting_text,
)
from grille.warm import warmed

__all__ = [
    "EnterScreen",
    "GamesScreen",
    "GenerateScreen",
    "GrilleApp",
    "LibraryScreen",
    "MenuScreen",
    "NewGameScreen",
    "StatsScreen",
    "StepsScreen",
    "entry_help",
    "fill_table",
    "menu_title",
]


# -- the app ------------------------------------------------------------------------------

WORKERS_LOG = "tui-workers.log"
"""Where the worker processes' standard error goes (beside the store's file)."""

QUIT_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                     if hasattr(signal, name))
"""Signals that quit the app cleanly (as Ctrl+Q)."""


class GrilleApp(App[None]):
    """grille in the terminal. ``db`` is the store's file (default: the user's data folder);
    ``game`` opens that saved game straight away; ``work``: the worker processes of slow
    searches (default: the app's own); ``pool``: keep new games ready in the background.

    The functions the workers run are attributes (:attr:`answer_hint`, :attr:`search`,
    :attr:`generate`, :attr:`explain`), module-level functions a test may replace.
    """

    TITLE = "grille"
    CSS = """
    Screen { background: $background; }
    .title { text-style: bold; padding: 0 1; }
    .hint { color: $text-muted; padding: 0 1; }
    .error { color: $error; padding: 0 1; }
    .form { height: auto; padding: 0 1; }
    .buttons { height: auto; padding: 0 1; }
    .buttons Button { margin-right: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True)
    ]

    def __init__(self, db: str | Path | None = None, *, game: int | None = None,
                 store: Store | None = None, work: Workers | None = None,
                 pool: bool = False) -> None:
        super().__init__()
        self.store = store if store is not None else Store(db)
        self._owns_store = store is None
        self._owns_work = work is None
        if work is None:
            work = Workers()
            start_workers(work, self.store.path.with_name(WORKERS_LOG))
        self.work = work
        self.filler = (
            PoolFiller(self.store, self.work, common_keys(default_sizes()))
            if pool else None
        )
        self.answer_hint: HintFunction = answer_hint
        self.search: SolveFunction = solve
        self.generate: Callable[[PoolKey, int], Generated] = generate_puzzle
        self.explain: Callable[[str, Any], tuple[Explanation[Any], list[Any], Rating]] = (
            explain_puzzle
        )
        self._first_game = game

    def on_mount(self) -> None:
        """The menu, and the game asked for on the command line; the pool fills in the
        background. In a terminal, SIGTERM and SIGHUP (the window closed) quit as Ctrl+Q
        does: the game's clock stops where it is."""
        if not self.is_headless:
            loop = asyncio.get_running_loop()
            for number in QUIT_SIGNALS:
                with contextlib.suppress(NotImplementedError):  # no such handlers on Windows
                    loop.add_signal_handler(number, self.quit_now)
        if self.filler is not None:
            self.filler.start()
        self.push_screen(MenuScreen())
        if self._first_game is not None:
            self.open_game(self._first_game)

    def poke_filler(self) -> None:
        """A puzzle was taken from the pool, or another kind of game asked for."""
        if self.filler is not None:
            self.filler.poke()

    def open_game(self, game_id: int, *, replace: bool = False) -> None:
        """Play saved game ``game_id`` (replacing the top screen if ``replace``)."""
        try:
            game = self.store.open_game(game_id)
        except (GrilleError, ValueError) as error:
            self.notify(str(error), severity="error")
            return
        self.play(game, replace=replace)

    def play(self, game: SavedGame, *, replace: bool = False) -> None:
        """Show the game screen for ``game``."""
        screen = GameScreen(self.store, game, self.work, answer=self.answer_hint,
                            search=self.search)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def start_game(self, puzzle: Any, *, source: PuzzleSource, level: str | None = None,
                   origin: str = "", solutions: Solutions[Any] | None = None,
                   replace: bool = False) -> None:
        """Put ``puzzle`` in the library (with what a search found of its ``solutions``),
        start a game of it and play it."""
        record = self.store.add_puzzle(puzzle, source=source, level=level, origin=origin,
                                       solutions=solutions)
        self.play(self.store.new_game(record.id), replace=replace)

    async def run_action(
        self,
        action: str | ActionParseResult,
        default_namespace: DOMNode | None = None,
        namespaces: Mapping[str, DOMNode] | None = None,
    ) -> bool:
        """Every action (each key binding, each button with an action): an exception is
        shown in a notification and the app goes on."""
        try:
            return await super().run_action(action, default_namespace, namespaces)
        except Exception as error:
            report_error(self, error)
            return True

    async def action_quit(self) -> None:
        """Stop the clock of the game being played, then quit."""
        self.quit_now()

    def quit_now(self) -> None:
        """Stop the clock of the game being played and the work under way, then quit."""
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.hide_before_quitting()
        self.exit()

    def on_unmount(self) -> None:
        """Stop filling the pool, stop the work under way, close the store this app opened."""
        if self.filler is not None:
            self.filler.stop()
        if self._owns_work:
            self.work.shutdown()
        if self._owns_store:
            self.store.close()


# -- the menu -----------------------------------------------------------------------------


def menu_title() -> str:
    """``grille — `` and every registered kind's title."""
    return "grille — " + ", ".join(title for _, title in kinds())


def entry_help() -> str:
    """What the puzzle-entering screen says: how each kind's puzzles are typed in."""
    ways = ", ".join(f"{info.title} ({info.entry_help})" if info.entry_help else info.title
                     for info in kind_infos())
    return f"Enter a puzzle: {ways} — any format grille reads."


class MenuScreen(Screen[None]):
    """The main menu."""

    DEFAULT_CSS = """
    MenuScreen { align: center middle; }
    #menu-box { width: 60; max-width: 100%; height: auto; max-height: 100%; }
    #menu { height: auto; max-height: 12; }
    #menu-title { text-style: bold; content-align: center middle; width: 100%; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,escape", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        """Title, menu, last game."""
        with Vertical(id="menu-box"):
            yield Static(menu_title(), id="menu-title")
            yield OptionList(id="menu")
            yield Static("", id="menu-note", classes="hint")
        yield Footer()

    @reports_errors
    def on_mount(self) -> None:
        """Fill the menu."""
        self.refill()

    @reports_errors
    def on_screen_resume(self) -> None:
        """The last game may have changed while away."""
        self.refill()

    def refill(self) -> None:
        """The menu items, with the game a resume would open."""
        last = self.app_store.last_unfinished_game()
        resume = "Resume"
        if last is not None:
            resume += f": {self._heading(last)}, {clock(last.elapsed)}"
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        menu.add_options([
            Option("New game", id="new"),
            Option(resume, id="resume", disabled=last is None),
            Option("Enter a puzzle (play it, or watch grille solve it)", id="enter"),
            Option("Generate puzzles into the library", id="generate"),
            Option("Saved games", id="games"),
            Option("Puzzle library", id="library"),
            Option("Statistics", id="stats"),
            Option("Quit", id="quit"),
        ])
        menu.highlighted = highlighted if highlighted is not None else 0
        menu.focus()
        self.query_one("#menu-note", Static).update(f"Games are saved in {self.app_store.path}")

    def _heading(self, game: GameSummary) -> str:
        """The game's kind, size and level, with a variant's families as its board names
        them (``Title 9x9 · families``), so that a resume says which game it opens."""
        return game_heading(game.kind, game.size, game.level, game.title)

    @property
    def app_store(self) -> Store:
        """The app's store."""
        app = self.app
        assert isinstance(app, GrilleApp)
        return app.store

    @on(OptionList.OptionSelected, "#menu")
    @reports_errors
    def chosen(self, event: OptionList.OptionSelected) -> None:
        """Open what was chosen."""
        app = self.app
        assert isinstance(app, GrilleApp)
        choice = event.option.id
        if choice == "new":
            app.push_screen(NewGameScreen())
        elif choice == "resume":
            last = app.store.last_unfinished_game()
            if last is not None:
                app.open_game(last.id)
        elif choice == "enter":
            app.push_screen(EnterScreen())
        elif choice == "generate":
            app.push_screen(GenerateScreen())
        elif choice == "games":
            app.push_screen(GamesScreen())
        elif choice == "library":
            app.push_screen(LibraryScreen())
        elif choice == "stats":
            app.push_screen(StatsScreen())
        elif choice == "quit":
            app.exit()


# -- choosing kind, size and level ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choice:
    """A kind, size and level picked in a form."""

    kind: str
    size: str
    level: str

    def __str__(self) -> str:
        level = "" if self.level == "any" else self.level
        return game_title(self.kind, self.size, level)


class PuzzleForm(Horizontal):
    """Three lists side by side: kind, size (the kind's), level (the kind's, or any).

    Arrows pick within a list, Tab goes to the next list, Enter posts :class:`Chosen`.
    """

    DEFAULT_CSS = """
    PuzzleForm { height: auto; }
    PuzzleForm OptionList { width: 1fr; height: auto; max-height: 10;
                            border: round $panel; }
    PuzzleForm OptionList:focus { border: round $accent; }
    """

    class Chosen(Message):
        """Enter was pressed in one of the lists."""

    def __init__(self, kind: str | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="form")
        self._kind = kind or ""

    def compose(self) -> ComposeResult:
        """The three lists."""
        offered = OptionList(*[Option(title, id=name) for name, title in kinds()], id="kind")
        offered.border_title = "kind"
        sizes = OptionList(id="size")
        sizes.border_title = "size"
        levels = OptionList(id="level")
        levels.border_title = "level"
        yield offered
        yield sizes
        yield levels

    def on_mount(self) -> None:
        """Select the kind asked for (else the kind of the game played last, else the first
        registered kind), its default size and easiest level."""
        if not self._kind:
            app = self.app
            played = app.store.games(limit=1) if isinstance(app, GrilleApp) else []
            self._kind = default_kind(game.kind for game in played)
        kinds = self.query_one("#kind", OptionList)
        kinds.highlighted = kinds.get_option_index(self._kind)
        self._offer(self._kind)
        kinds.focus()

    def _offer(self, kind: str) -> None:
        sizes = self.query_one("#size", OptionList)
        sizes.clear_options()
        offered = sizes_of(kind)
        sizes.add_options([Option(size, id=size) for size in offered])
        start = default_size(kind)
        sizes.highlighted = offered.index(start) if start in offered else 0
        self._offer_levels()

    def _offer_levels(self) -> None:
        """The levels the generator reaches at the kind and size selected, and ``any``;
        the level selected stays selected while it is offered."""
        kind, size = self._value("kind"), self._value("size")
        levels = self.query_one("#level", OptionList)
        before = self._value("level") if levels.option_count else ""
        offered = (*levels_of(kind, size), "any")
        if self.offered("level") == offered:
            return
        levels.clear_options()
        levels.add_options([Option(level, id=level) for level in offered[:-1]])
        levels.add_option(Option("any level (fastest)", id="any"))
        levels.highlighted = offered.index(before) if before in offered else 0

    @on(OptionList.OptionHighlighted, "#kind")
    @reports_errors
    def kind_changed(self, event: OptionList.OptionHighlighted) -> None:
        """Offer the new kind's sizes and levels (the kind highlighted now: an event queued
        before a later :meth:`select` is stale)."""
        kind = self._value("kind") or event.option.id or self._kind
        if kind != self._kind:
            self._kind = kind
            self._offer(kind)

    @on(OptionList.OptionHighlighted, "#size")
    @reports_errors
    def size_changed(self) -> None:
        """Offer the levels this size reaches."""
        self._offer_levels()

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        """Enter in any list: go."""
        event.stop()
        self.post_message(self.Chosen())

    def select(self, list_id: str, option_id: str) -> None:
        """Highlight option ``option_id`` of list ``list_id`` (``kind``, ``size``, ``level``)."""
        options = self.query_one(f"#{list_id}", OptionList)
        options.highlighted = options.get_option_index(option_id)
        if list_id == "kind" and option_id != self._kind:
            self._kind = option_id
            self._offer(option_id)
        elif list_id == "size":
            self._offer_levels()

    def offered(self, list_id: str) -> tuple[str, ...]:
        """The ids of the options list ``list_id`` offers now."""
        options = self.query_one(f"#{list_id}", OptionList)
        return tuple(options.get_option_at_index(i).id or "" for i in range(options.option_count))

    def _value(self, list_id: str) -> str:
        options = self.query_one(f"#{list_id}", OptionList)
        index = options.highlighted or 0
        return options.get_option_at_index(index).id or ""

    @property
    def choice(self) -> Choice:
        """What is selected."""
        return Choice(self._value("kind"), self._value("size"), self._value("level"))


def lane_for(key: PoolKey) -> str:
    """The workers' lane of a generation the player waits for: ``small`` for a grid of at
    most :data:`SMALL_CELLS` cells, else ``large`` (lower priority)."""
    rows, _, cols = key.size.partition("x")
    cells = int(rows) * int(cols or rows) if rows.isdigit() and (cols or rows).isdigit() else 0
    return "small" if 0 < cells <= SMALL_CELLS else "large"


SMALL_CELLS = 100
"""Grids of at most this many cells are generated in the ``small`` lane."""


def add_generated(store: Store, key: PoolKey, made: Generated) -> int:
    """Put a puzzle generated as ``key`` asked in the library, with its solutions; its id."""
    record = store.add_puzzle(
        made.puzzle, source=PuzzleSource.GENERATED,
        level=None if key.level == "any" else key.level, origin=f"tui seed {made.seed}",
        solutions=made.solutions,
    )
    return record.id


class NewGameScreen(Screen[None]):
    """Kind, size and level; a puzzle the pool keeps ready starts at once, else one is
    generated in a worker process (Esc stops it), then played."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Back")]

    DEFAULT_CSS = """
    NewGameScreen { align: center top; }
    #working { height: 3; display: none; }
    #working.busy { display: block; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.pending: Pending[Generated] | None = None

    def compose(self) -> ComposeResult:
        """The form, the start button, the progress note."""
        yield Static("New game", classes="title")
        yield PuzzleForm(id="form")
        with Horizontal(classes="buttons"):
            yield Button("Start", variant="primary", id="start")
            yield Button("Back", id="back")
        yield LoadingIndicator(id="working")
        yield Static("↑↓ choose, Tab next list, Enter starts.", id="note", classes="hint")
        yield Footer()

    @property
    def grille(self) -> GrilleApp:
        """The app."""
        app = self.app
        assert isinstance(app, GrilleApp)
        return app

    @on(PuzzleForm.Chosen)
    @reports_errors
    def chosen(self) -> None:
        """Enter in the form starts."""
        if not self.query_one("#start", Button).disabled:
            self.start()

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        """Stop the generation under way (its process is killed); with none, go back."""
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
            self._ready()
            self.query_one("#note", Static).update("Stopped generating. Enter starts again.")
            return
        self.app.pop_screen()

    def on_unmount(self) -> None:
        """Leaving stops the generation under way."""
        if self.pending is not None:
            self.pending.cancel()

    @on(Button.Pressed, "#start")
    @reports_errors
    def start(self) -> None:
        """Play a puzzle the pool has ready, or generate one without freezing the screen."""
        if self.pending is not None:
            return
        choice = self.query_one(PuzzleForm).choice
        key = PoolKey(choice.kind, choice.size, choice.level)
        app = self.grille
        game = take_game(app.store, key)
        app.poke_filler()
        if game is not None:
            app.play(game, replace=True)
            return
        seed = new_seed()
        self.query_one("#start", Button).disabled = True
        self.query_one("#working").add_class("busy")
        self.query_one("#note", Static).update(
            f"Generating a {choice} puzzle (seed {seed})… Esc stops.")
        task = app.work.submit(app.generate, key, seed, lane=lane_for(key),
                               time_limit=GENERATE_SECONDS, label=f"generate {key}")
        self.pending = Pending(self, task, f"the {choice} puzzle",
                               lambda done: self._generated(key, done),
                               on_error=lambda error: report_error(self.app, error))

    def _ready(self) -> None:
        self.query_one("#working").remove_class("busy")
        self.query_one("#start", Button).disabled = False

    def _generated(self, key: PoolKey, task: Task[Generated]) -> None:
        """Play the generated puzzle, or say what went wrong."""
        self.pending = None
        self._ready()
        if task.status is not TaskStatus.DONE:
            self.query_one("#note", Static).update(
                Text(f"Could not generate: {failure(task, _generating(key))}", "bold red"))
            return
        app = self.grille
        puzzle_id = add_generated(app.store, key, task.result(0))
        app.play(app.store.new_game(puzzle_id), replace=True)


def _generating(key: PoolKey) -> str:
    """``generating the Title 9x9 hard puzzle``."""
    level = "" if key.level == "any" else key.level
    return f"generating the {game_title(key.kind, key.size, level)} puzzle"


# -- entering a puzzle, and watching it solved ----------------------------------------------


class EnterScreen(Screen[None]):
    """Type or paste a puzzle of any kind and format; play it or watch grille solve it.

    "Play it" first searches the puzzle's solutions in a worker process (within
    :data:`~grille.tui.tasks.ENTER_SECONDS`; Esc stops it): a puzzle without exactly one
    can be played, but its game says at once that hints and checking against a solution
    are unavailable, and why."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Back")]

    DEFAULT_CSS = """
    #text { height: 1fr; min-height: 5; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.pending: Pending[Solutions[Any]] | None = None
        self._ticking: Timer | None = None
        self._warmed = True

    def compose(self) -> ComposeResult:
        """The text area and buttons."""
        yield Static(entry_help(), classes="hint")
        yield TextArea(id="text")
        yield Static("", id="error", classes="error")
        with Horizontal(classes="buttons"):
            yield Button("Solve step by step", variant="primary", id="solve")
            yield Button("Play it", id="play")
            yield Button("Back", id="back")
        yield Footer()

    def on_mount(self) -> None:
        """Type straight away."""
        self.query_one(TextArea).focus()

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        """Stop the search under way; with none, back to the menu."""
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
            self._stop_ticking()
            self.query_one("#error", Static).update("Stopped the search.")
            return
        self.app.pop_screen()

    def _stop_ticking(self) -> None:
        if self._ticking is not None:
            self._ticking.stop()
            self._ticking = None

    def on_unmount(self) -> None:
        """Leaving stops the search under way."""
        if self.pending is not None:
            self.pending.cancel()

    def read_puzzle(self) -> tuple[Kind[Any], Any] | None:
        """The kind and puzzle typed, or ``None`` with the error shown."""
        text = self.query_one(TextArea).text
        error = self.query_one("#error", Static)
        if not text.strip():
            error.update("Type or paste a puzzle first.")
            return None
        try:
            kind = sniff_kind(text, source="<entered>")
            entries = kind.read(text, source="<entered>")
        except (GrilleError, ValueError) as problem:
            error.update(str(problem))
            return None
        if not entries:
            error.update("No puzzle found in the text.")
            return None
        error.update("")
        return kind, entries[0].puzzle

    @on(Button.Pressed, "#play")
    @reports_errors
    def play(self) -> None:
        """Search the puzzle's solutions off the UI thread, then start a game of it."""
        if self.pending is not None:
            return
        read = self.read_puzzle()
        if read is None:
            return
        kind, puzzle = read
        app = self.app
        assert isinstance(app, GrilleApp)
        task = app.work.submit(app.search, SolveQuestion(kind.name, puzzle), lane="play",
                               time_limit=ENTER_SECONDS, label="search")
        self.pending = Pending(self, task, "the search",
                               lambda done: self._searched(puzzle, done),
                               on_error=lambda error: report_error(self.app, error))
        self._warmed = warmed()
        self._waiting()
        self._ticking = self.set_interval(1.0, self._waiting)

    def _waiting(self) -> None:
        """What the search waits for, and for how long (the first search on a new
        installation waits for the solver to compile)."""
        pending = self.pending
        if pending is None:
            return
        app = self.app
        assert isinstance(app, GrilleApp)
        text = waiting_text("Checking that the puzzle has one solution",
                            time.monotonic() - pending.task.submitted, ready=app.work.ready,
                            warmed=self._warmed)
        self.query_one("#error", Static).update(Text(text, "italic"))

    def _searched(self, puzzle: Any, task: Task[Solutions[Any]]) -> None:
        """Play the puzzle (saying at once when it has not one solution), or say why not."""
        self.pending = None
        self._stop_ticking()
        error = self.query_one("#error", Static)
        if task.status is not TaskStatus.DONE:
            why = failure(task, "the search for its solutions")
            error.update(f"{why} Without knowing that it has one solution, grille does not "
                         "start a game of it: add clues.")
            return
        found = task.result(0)
        app = self.app
        assert isinstance(app, GrilleApp)
        app.start_game(puzzle, source=PuzzleSource.ENTERED, origin="entered in the terminal",
                       solutions=found, replace=True)
        reason = unavailable(found)
        if reason is not None:
            app.notify(f"You can play it, but {reason}.", title="grille",
                       severity="warning", timeout=10)

    @on(Button.Pressed, "#solve")
    @reports_errors
    def solve(self) -> None:
        """Show the logical solve, step by step."""
        read = self.read_puzzle()
        if read is not None:
            self.app.push_screen(StepsScreen(*read))


class StepsScreen(Screen[None]):
    """A puzzle solved the way a person would, one explained step per key press."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n,space,l,d", "step(1)", "Next"),
        Binding("left,p,backspace,a", "step(-1)", "Previous"),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("q,escape", "back", "Back"),
    ]

    DEFAULT_CSS = """
    #steps-main { height: 1fr; }
    #step-side { width: 32; padding: 0 1; border-left: vkey $panel; }
    #step-side.narrow { width: 24; }
    #steps-status { height: 1; background: $panel; padding: 0 1; }
    """

    def __init__(self, kind: Kind[Any], puzzle: Any) -> None:
        super().__init__()
        self.kind = kind
        self.puzzle = puzzle
        self.explanation: Explanation[Any] | None = None
        self.rating: Rating | None = None
        self.states: list[Any] = [puzzle]
        self.index = 0

    def compose(self) -> ComposeResult:
        """Status, board and the step's text."""
        yield Static("Solving…", id="steps-status")
        with Horizontal(id="steps-main"):
            with BoardBox():
                yield Board(self.kind.view(self.puzzle, self.puzzle), id="steps-board")
            with VerticalScroll(id="step-side"):
                yield Static("", id="step-text")
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        """Below 100 columns the text narrows to the game's side panel, so that a 9x9
        grid fits beside it at 80 columns."""
        self.query_one("#step-side").set_class(event.size.width < 100, "narrow")

    def on_mount(self) -> None:
        """Solve in a worker process (hard puzzles take a while; leaving stops it)."""
        self.query_one("#step-text", Static).update(
            "grille is solving the puzzle… q stops.")
        app = self.app
        assert isinstance(app, GrilleApp)
        task = app.work.submit(app.explain, self.kind.name, self.puzzle, lane="play",
                               time_limit=EXPLAIN_SECONDS, label="explain")
        self.pending: Pending[Any] | None = Pending(
            self, task, "the step-by-step solve", self._explained,
            on_error=lambda error: report_error(self.app, error))

    def on_unmount(self) -> None:
        """Leaving stops the solve under way."""
        if self.pending is not None:
            self.pending.cancel()

    def _explained(self, task: Task[tuple[Explanation[Any], list[Any], Rating]]) -> None:
        """Show the first step once solved (the solve, the grid before each step as
        ``grille render --step`` draws it, the rating), or why not."""
        self.pending = None
        if task.status is TaskStatus.DONE:
            self.explanation, self.states, self.rating = task.result(0)
            self.show_step()
        else:
            self.query_one("#step-text", Static).update(
                Text(f"Could not solve: {failure(task, 'the step-by-step solve')}", "bold red"))

    def action_step(self, delta: int) -> None:
        """The next or previous step."""
        if self.explanation is None:
            return
        self.index = max(0, min(len(self.explanation.steps), self.index + delta))
        self.show_step()

    def action_jump(self, index: int) -> None:
        """The first or the last step."""
        if self.explanation is None:
            return
        self.index = len(self.explanation.steps) if index < 0 else index
        self.show_step()

    def action_back(self) -> None:
        """Back to the puzzle text."""
        self.app.pop_screen()

    def show_step(self) -> None:
        """The grid before step :attr:`index`, with what the step does highlighted."""
        assert self.explanation is not None
        steps = self.explanation.steps
        state = self.states[self.index]
        text = Text()
        status = self.query_one("#steps-status", Static)
        board = self.query_one("#steps-board", Board)
        if self.index == len(steps):
            board.show(self.kind.view(self.puzzle, state), Decorations())
            verdict = "Solved" if self.explanation.solved else "Stuck: no technique applies"
            status.update(f"{verdict} after {len(steps)} steps — ← goes back, q leaves")
            text.append(f"{verdict}.\n", "bold")
            if self.rating is not None:
                text.append(f"{self.rating.scale_name} rating: {self.rating}")
            self.query_one("#step-text", Static).update(text)
            return
        step = steps[self.index]
        candidates: dict[tuple[int, int, int], str] = {}
        for row, col, value in step.eliminations:
            candidates[(row, col, value)] = "eliminated"
        for row, col, value in step.placements:
            candidates[(row, col, value)] = "placed"
        decorations = Decorations(
            hinted=frozenset(step.cells),
            placed=frozenset((row, col) for row, col, _ in step.placements),
            candidates=candidates,
        )
        board.show(self.kind.view(self.puzzle, state), decorations)
        status.update(f"Step {self.index + 1} of {len(steps)}: {step.technique}"
                      f" — → next, ← previous, q leaves")
        text.append(f"{step.technique}", "bold")
        shown = self.explanation.value_text(step.difficulty)
        text.append(f"  ({self.explanation.scale_name} {shown})\n\n")
        text.append(step.explanation + "\n\n")
        if step.placements:
            placed = ", ".join(f"r{r + 1}c{c + 1}={v}" for r, c, v in step.placements)
            text.append(f"Places {placed}\n", "#87ff87")
        if step.eliminations:
            gone = ", ".join(f"r{r + 1}c{c + 1}≠{v}" for r, c, v in step.eliminations[:12])
            more = "…" if len(step.eliminations) > 12 else ""
            text.append(f"Removes {gone}{more}\n", "#ff8787")
        if step.cells:
            text.append(f"Because of {cells_text(step.cells[:10])}\n", "#ffff87")
        self.query_one("#step-text", Static).update(text)


# -- generating puzzles into the library ----------------------------------------------------


class GenerateScreen(Screen[None]):
    """Generate several puzzles of a kind, size and level into the library."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Back")]

    DEFAULT_CSS = """
    #count { width: 12; }
    #log { height: 1fr; border: round $panel; }
    #bar { padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        """Form, count, progress, log."""
        yield Static("Generate puzzles into the library (play them from 'Puzzle library')",
                     classes="title")
        yield PuzzleForm(id="form")
        with Horizontal(classes="buttons"):
            yield Label("How many:")
            yield Input("5", id="count", type="integer", max_length=3)
            yield Button("Generate", variant="primary", id="go")
            yield Button("Back", id="back")
        yield ProgressBar(id="bar", show_eta=False)
        yield RichLog(id="log", markup=False)
        yield Footer()

    def __init__(self) -> None:
        super().__init__()
        self.cancelled = False
        self.generating: Task[Generated] | None = None
        """The generation under way."""

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        """Stop generating (the puzzle under way is dropped) and go back."""
        self.stop()
        self.app.pop_screen()

    def stop(self) -> None:
        """Stop generating: the worker process of the puzzle under way is killed."""
        self.cancelled = True
        task = self.generating
        if task is not None:
            task.cancel()

    def on_unmount(self) -> None:
        """Leaving stops the generation."""
        self.stop()

    @on(Button.Pressed, "#go")
    @on(Input.Submitted, "#count")
    @on(PuzzleForm.Chosen)
    @reports_errors
    def go(self) -> None:
        """Generate in a worker thread, storing each puzzle as it comes."""
        try:
            count = int(self.query_one("#count", Input).value)
        except ValueError:
            count = 0
        log = self.query_one(RichLog)
        if not 1 <= count <= 500:
            log.write("How many: a number from 1 to 500.")
            return
        if self.query_one("#go", Button).disabled:
            return
        choice = self.query_one(PuzzleForm).choice
        self.cancelled = False
        self.query_one("#go", Button).disabled = True
        self.query_one(ProgressBar).update(total=count, progress=0)
        log.write(f"Generating {count} {choice} puzzles…")
        key = PoolKey(choice.kind, choice.size, choice.level)
        app = self.app
        assert isinstance(app, GrilleApp)
        work, generate = app.work, app.generate
        self.run_worker(lambda: self._generate(work, generate, key, count), thread=True,
                        exclusive=True, name="generate-many", exit_on_error=False)

    def _generate(self, work: Workers, generate: Callable[[PoolKey, int], Generated],
                  key: PoolKey, count: int) -> int:
        """In a thread: one puzzle after the other, each in a worker process (the ``large``
        lane, below play), stored as it comes."""
        made = 0
        for _ in range(count):
            if self.cancelled:
                break
            self.generating = work.submit(generate, key, new_seed(), lane="large",
                                          time_limit=GENERATE_SECONDS, label=f"generate {key}")
            generated = self.generating.result()
            if self.cancelled:
                break
            self.app.call_from_thread(self._store, key, generated)
            made += 1
        return made

    def _store(self, key: PoolKey, made: Generated) -> None:
        app = self.app
        assert isinstance(app, GrilleApp)
        record = app.store.puzzle(add_generated(app.store, key, made))
        self.query_one(ProgressBar).advance(1)
        self.query_one(RichLog).write(
            f"#{record.id}  {game_title(key.kind, record.size, record.level)}"
            f"  (seed {made.seed})")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """Say when it is done."""
        if not self.is_mounted:
            return
        if event.state is WorkerState.SUCCESS:
            self.query_one(RichLog).write(f"Done: {event.worker.result} puzzle(s) saved.")
            self.query_one("#go", Button).disabled = False
        elif event.state is WorkerState.ERROR and event.worker.error is not None:
            self.query_one(RichLog).write(f"Stopped: {error_text(event.worker.error)}")
            self.query_one("#go", Button).disabled = False


# -- tables of the store --------------------------------------------------------------------


class TableScreen(Screen[None]):
    """A title, a table of rows from the store, a note on the keys."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,escape", "back", "Back")]
    TITLE_TEXT = ""
    NOTE = ""

    DEFAULT_CSS = """
    TableScreen DataTable { height: 1fr; }
    """

    def compose(self) -> ComposeResult:
        """Title, table, note."""
        yield Static(self.TITLE_TEXT, classes="title")
        yield DataTable(cursor_type="row", zebra_stripes=True)
        yield Static(self.NOTE, id="note", classes="hint")
        yield Footer()

    @reports_errors
    def on_mount(self) -> None:
        """Fill the table."""
        self.fill()
        self.query_one(DataTable).focus()

    @reports_errors
    def on_screen_resume(self) -> None:
        """Refill, a game may have moved on."""
        self.fill()

    def fill(self) -> None:
        """Put the rows in the table."""

    @property
    def store(self) -> Store:
        """The app's store."""
        app = self.app
        assert isinstance(app, GrilleApp)
        return app.store

    def action_back(self) -> None:
        """Back to the menu."""
        self.app.pop_screen()

    def selected_key(self) -> int | None:
        """The id of the highlighted row."""
        table = self.query_one(DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return int(key) if key is not None else None


def fill_table(table: DataTable[Any], columns: Sequence[str], rows: Sequence[Sequence[str]],
               *, keyed: bool = False) -> None:
    """Replace the columns and rows of ``table``, each column as wide as its widest cell.

    The widths are given, not left to the table: a table measures its cells only when idle,
    after it may already have drawn them cut to the headings' widths. ``keyed``: the first
    cell of each row is its key.
    """
    table.clear(columns=True)
    for index, label in enumerate(columns):
        width = max([cell_len(label), *(cell_len(row[index]) for row in rows)])
        table.add_column(label, width=width)
    for row in rows:
        table.add_row(*row, key=row[0] if keyed else None)


def _ago(stamp: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


class GamesScreen(TableScreen):
    """Saved games, most recently played first: open, abandon or delete one."""

    TITLE_TEXT = "Saved games"
    NOTE = "Enter: play  ·  x: delete (press twice)  ·  q: back"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("x,delete", "delete", "Delete")]

    def fill(self) -> None:
        """One row per game."""
        rows = []
        for game in self.store.games(limit=500):
            status = game.status.value + (" (shown)" if game.solution_shown else "")
            rows.append((
                str(game.id), game_heading(game.kind, game.size, game.level, game.title),
                status,
                clock(game.elapsed), str(game.position), str(game.hints_used),
                _ago(game.updated),
            ))
        fill_table(self.query_one(DataTable),
                   ("#", "game", "status", "time", "moves", "hints", "played"), rows, keyed=True)
        self._armed: int | None = None

    @reports_errors
    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Play the game."""
        app = self.app
        assert isinstance(app, GrilleApp)
        if event.row_key.value is not None:
            app.open_game(int(event.row_key.value))

    def action_delete(self) -> None:
        """Delete the highlighted game, after a second press."""
        game_id = self.selected_key()
        if game_id is None:
            return
        if getattr(self, "_armed", None) != game_id:
            self._armed = game_id
            self.query_one("#note", Static).update(f"Press x again to delete game #{game_id}.")
            return
        self.store.delete_game(game_id)
        self.query_one("#note", Static).update(f"Game #{game_id} deleted. {self.NOTE}")
        self.fill()


class LibraryScreen(TableScreen):
    """The puzzle library: start a game of any puzzle."""

    TITLE_TEXT = "Puzzle library"
    NOTE = "Enter: play a new game of the puzzle  ·  q: back"

    def fill(self) -> None:
        """One row per puzzle."""
        rows = [(str(record.id),
                 game_heading(record.kind, record.size, record.level, record.title),
                 record.source.value, _ago(record.created))
                for record in self.store.puzzles(limit=1000)]
        fill_table(self.query_one(DataTable), ("#", "puzzle", "source", "added"), rows,
                   keyed=True)

    @reports_errors
    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Start a game of the puzzle."""
        app = self.app
        assert isinstance(app, GrilleApp)
        if event.row_key.value is not None:
            app.play(self.store.new_game(int(event.row_key.value)))


class StatsScreen(TableScreen):
    """Games played and solved, best and average times, per kind, size and level."""

    TITLE_TEXT = "Statistics"
    NOTE = "Solved games count when the solution was not shown.  q: back"

    def fill(self) -> None:
        """One row per kind, size and level."""
        rows = [
            (kind_title(stat.kind), stat.size, stat.level or "unrated",
             str(stat.played), str(stat.solved),
             clock(stat.best) if stat.best is not None else "—",
             clock(stat.average) if stat.average is not None else "—")
            for stat in self.store.statistics()
        ]
        fill_table(self.query_one(DataTable),
                   ("kind", "size", "level", "played", "solved", "best", "average"), rows)
        unfinished = len(self.store.games(status=GameStatus.UNFINISHED, limit=1000))
        self.query_one("#note", Static).update(f"{unfinished} unfinished game(s). {self.NOTE}")
