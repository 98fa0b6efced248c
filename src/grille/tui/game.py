"""The game screen: one saved game played on the board, every change saved as it is made.

The screen holds what is not undone (cursor, pencil mode, the last hint and check); the
:class:`grille.game.session.Session` of the :class:`grille.game.store.SavedGame` holds the
rest and writes each action to the store, so the browser game can list and resume the
same game. If the browser changed the game meanwhile, the store refuses the write
(``ConflictError``) and the screen reloads the game.
"""

from __future__ import annotations

import string
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Static

from grille.errors import GrilleError
from grille.game import CheckMode, ConflictError, SavedGame, Session, SessionError, Store
from grille.game import timer as game_timer
from grille.game.assist import (
    HintAnswer,
    HintQuestion,
    SolveQuestion,
    answer_hint,
    deepest,
    solve,
)
from grille.game.work import Task, TaskStatus, Workers
from grille.hints import DEPTHS, Hint
from grille.kind import Solutions, Status, Violation
from grille.tui.board import Board, Decorations, cells_text, move_cursor, undrawn_notes
from grille.tui.errors import report_error, reports_errors
from grille.tui.options import kind_title
from grille.tui.tasks import HINT_SECONDS, SOLVE_SECONDS, Pending, failure
from grille.view import BoardView

__all__ = [
    "BoardBox",
    "GameScreen",
    "HelpScreen",
    "SavepointScreen",
    "cell_notes",
    "clock",
    "fit_heading",
    "game_heading",
    "game_title",
    "help_text",
    "value_keys",
]

Cell = tuple[int, int]

HintFunction = Callable[[HintQuestion[Any]], HintAnswer[Any]]
"""What a worker process runs to answer a hint question (:func:`answer_hint`)."""

SolveFunction = Callable[[SolveQuestion[Any]], Solutions[Any]]
"""What a worker process runs to find a puzzle's solutions (:func:`solve`)."""

HELP = """\
[b]Moving[/b]      arrows, or w a d / k j l (up, left, right / up, down, right);
              Home, End: first, last cell of the row (Ctrl: of the grid);
              click a cell
[b]Writing[/b]     {writing}
[b]Clearing[/b]    {clearing}
[b]p[/b]           pencil mode on/off: values toggle pencil marks
[b]m[/b]           fill every empty cell's pencil marks (keeps the ones you ruled out)
[b]u[/b] Ctrl+Z    undo          [b]r[/b] Ctrl+Y    redo
[b]h[/b]           hint: each press tells more (look where, technique, cells,
              the whole step, then play it); mistakes are pointed out first
[b]c[/b]           check your entries now (against the solution)
[b]e[/b]           errors shown while playing: off, rules, solution
[b]s[/b]           savepoint: name this position     [b]b[/b]  back to the last savepoint
[b]Space[/b]       pause (the board is covered, the clock stops) / resume
[b]Esc[/b]         stop the hint being worked on; else back to the menu
[b]q[/b]           back to the menu (the game is saved; resume it any time,
              here or with `grille play` in the browser)
[b]?[/b]           this help

The clock counts only while the game is on screen.  Every move is saved as you
make it.  Press any key to close."""


def clock(seconds: float) -> str:
    """``4:05`` or ``1:02:03``."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def game_title(kind: str, size: str, level: str | None) -> str:
    """The kind's title, the size and the level: ``Title 9x9 easy``."""
    return " ".join(part for part in (kind_title(kind), size, level) if part)


def fit_heading(heading: str, room: int) -> str:
    """``heading`` cut to ``room`` characters, ending in "…" when cut (the status line's
    start, so that what follows it stays on screen at 80 columns).

    >>> fit_heading("Sudoku 9x9 · killer cages · thermometers", 24)
    'Sudoku 9x9 · killer cag…'
    >>> fit_heading("Sudoku 9x9", 24), fit_heading("Sudoku 9x9", 0)
    ('Sudoku 9x9', '')
    """
    if len(heading) <= room:
        return heading
    return heading[:max(0, room - 1)].rstrip(" ·") + "…" if room > 0 else ""


def game_heading(kind: str, size: str, level: str | None, board_title: str) -> str:
    """:func:`game_title` and what the board's own title (:attr:`BoardView.title`) adds past
    the kind's title and the size, as the page's heading shows it (a variant's constraints:
    ``Title 4x4 · its families``); nothing more when it adds nothing or is not of that form.

    >>> game_heading("shape", "4x4", None, "shape 4×4 · dots · lines")
    'shape 4x4 · dots · lines'
    >>> game_heading("shape", "9x9", "easy", "shape 9×9")
    'shape 9x9 easy'
    >>> game_heading("shape", "9x9", None, "another title")
    'shape 9x9'
    """
    base = f"{kind_title(kind)} {size.replace('x', '×')}"
    extra = board_title[len(base):] if board_title.startswith(base) else ""
    return game_title(kind, size, level) + extra


MIN_HEADING = 12
"""The status line keeps at least this much of the game's heading, however narrow."""

SHOWN_BROKEN = 3
"""The side panel names at most this many broken rules (checking while playing)."""

ALWAYS_CLEARING = ("Backspace", "Delete", "x")
"""The keys that clear a cell on every board (the game's bindings); a board may add more
(:attr:`~grille.view.BoardView.clear_keys`: ``0`` when 0 is not a value)."""


def value_keys(view: BoardView) -> dict[str, int]:
    """The characters that type a value on ``view``'s board: its one-character keys, with
    letters as capitals (lower-case letters are the game's commands).

    >>> from grille.view import CellView
    >>> view = BoardView(1, 1, (CellView(),), ("1", "A"), keys=(("1", 1), ("A", 2), ("a", 2)))
    >>> value_keys(view)
    {'1': 1, 'A': 2}
    """
    keys: dict[str, int] = {}
    for key, value in view.keys:
        if len(key) == 1:
            keys.setdefault(key.upper(), value)
    return keys


def _listed(items: list[str]) -> str:
    """``a, b and c``."""
    return " and ".join(filter(None, (", ".join(items[:-1]), items[-1]))) if items else ""


def _runs(chars: list[str]) -> list[str]:
    """Characters that follow each other (``1`` ... ``9``) as one ``1-9``."""
    runs: list[list[str]] = []
    for char in chars:
        if runs and len(runs[-1][-1]) == 1 and ord(char) == ord(runs[-1][-1]) + 1:
            runs[-1].append(char)
        else:
            runs.append([char])
    return [f"{run[0]}-{run[-1]}" if len(run) > 2 else " ".join(run) for run in runs]


def help_text(view: BoardView) -> str:
    """The game's keys on ``view``'s board: :data:`HELP` with the keys that write and clear."""
    keys = sorted(value_keys(view).items(), key=lambda item: (item[1], item[0]))
    chars = [key for key, _ in keys]
    writing = _listed(_runs(chars)) or "no key: this board takes no value"
    if any(char.isalpha() for char in chars):
        writing += " (capitals)"
    values = view.values
    if values and values[-1] > 9:
        tens, units = divmod(values[-1], 10)
        writing += (f"; or two digits in a row ({tens} then {units} = {values[-1]}, "
                    "one move)")
    clearing = [*ALWAYS_CLEARING,
                *(key for key in view.clear_keys if key not in ALWAYS_CLEARING)]
    return HELP.format(writing=_wrapped(writing), clearing=_wrapped(", ".join(clearing)))


def _wrapped(text: str) -> str:
    """``text`` in lines that fit after the help's 14-character headings."""
    return ("\n" + " " * 14).join(textwrap.wrap(text, 64))


def cell_notes(view: BoardView, cell: Cell) -> list[str]:
    """What the side panel says of ``cell`` besides its value: each region through it that
    has a total or choices (``across 16 at r2c4-r2c5: 79``), and the key of the per-line
    counts."""
    notes = []
    for region in view.regions_of(cell):
        if region.choices or region.total is not None:
            name = region.name or region.style
            notes.append(f"{name}: {' '.join(region.choices) or 'none'}")
    if view.counts is not None:
        counted = _listed([f"{view.symbol(value)}s" for value in view.counts.values])
        notes.append(f"right/below: {counted} ({view.counts.per_row} each per row)")
    return notes


class HelpScreen(ModalScreen[None]):
    """The keys of the game screen; any key closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Static { width: auto; max-width: 100%; height: auto; max-height: 100%;
                          border: round $accent; padding: 0 1; background: $surface; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self._text = text

    def compose(self) -> ComposeResult:
        """The help text."""
        yield Static(self._text, id="help")

    def on_key(self, event: events.Key) -> None:
        """Close on any key."""
        event.stop()
        self.dismiss()

    def on_click(self) -> None:
        """Close on a click."""
        self.dismiss()


class SavepointScreen(ModalScreen[None]):
    """Name a savepoint: ``save(name)`` keeps it and answers ``None``, or answers why the
    name is refused (shown here, so the player can change it). Esc gives up."""

    DEFAULT_CSS = """
    SavepointScreen { align: center middle; }
    #savepoint-box { width: 50; max-width: 100%; height: auto; border: round $accent;
                     padding: 0 1; background: $surface; }
    #savepoint-error { color: $error; height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", "Cancel")]

    def __init__(self, suggested: str, save: Callable[[str], str | None]) -> None:
        super().__init__()
        self._suggested = suggested
        self._save = save

    def compose(self) -> ComposeResult:
        """A line to type the name in, and the reason a name was refused."""
        with Vertical(id="savepoint-box"):
            yield Static("Savepoint name (Enter keeps it, Esc cancels):")
            yield Input(self._suggested, id="savepoint-name", max_length=80)
            yield Static("", id="savepoint-error")

    def on_mount(self) -> None:
        """Type straight away."""
        self.query_one(Input).focus()

    @reports_errors
    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Keep the savepoint, or say why the name is refused."""
        event.stop()
        refused = self._save(event.value)
        if refused is None:
            self.dismiss()
        else:
            self.query_one("#savepoint-error", Static).update(refused)


class BoardBox(ScrollableContainer):
    """The scrolling area around a board; the board picks its layout from this size.

    It takes no focus, so the arrow keys move the cursor (and the cursor's scrolling
    follows) instead of scrolling the view away from it.
    """

    can_focus = False

    DEFAULT_CSS = """
    BoardBox { width: 1fr; height: 1fr; align: center middle; }
    """

    def on_resize(self, event: events.Resize) -> None:
        """Let the board choose the layout that fits."""
        for board in self.query(Board):
            board.fit(self.size)
            board.scroll_cursor_visible()


class GameScreen(Screen[None]):
    """One game: the board, a status line, a side panel with the cell, hint and messages.

    Hints and searches of the solution run in worker processes of ``work`` (``answer`` and
    ``search`` are what they run), followed by a :class:`~grille.tui.tasks.Pending`: the
    screen goes on meanwhile, Esc stops them. The game's clock counts only while this
    screen is on top and the terminal has the focus: the session hears ``shown()`` then,
    and every :data:`~grille.game.timer.HEARTBEAT` seconds, and ``hidden()`` when it is
    covered, left, or the app quits.
    """

    DEFAULT_CSS = """
    GameScreen { layout: vertical; }
    #status { height: 1; background: $panel; padding: 0 1; }
    #main { height: 1fr; }
    #side { width: 24; height: 1fr; padding: 0 1; border-left: vkey $panel; }
    #side.narrow { display: none; }
    #message { height: auto; }
    #paused-cover { display: none; width: 1fr; height: 1fr; content-align: center middle;
                    text-style: bold; }
    GameScreen.paused #paused-cover { display: block; }
    GameScreen.paused #board-box { display: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,w,k", "move(-1, 0)", "Move", show=False),
        Binding("down,j", "move(1, 0)", "Move", show=False),
        Binding("left,a", "move(0, -1)", "Move", show=False),
        Binding("right,d,l", "move(0, 1)", "Move", show=False),
        Binding("home", "jump('row_start')", "Row start", show=False),
        Binding("end", "jump('row_end')", "Row end", show=False),
        Binding("ctrl+home", "jump('first')", "First cell", show=False),
        Binding("ctrl+end", "jump('last')", "Last cell", show=False),
        Binding("backspace,delete,x", "clear", "Clear", show=False),
        Binding("p", "pencil", "Pencil"),
        Binding("m", "fill", "Marks"),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("r,ctrl+y", "redo", "Redo", show=False),
        Binding("h", "hint", "Hint"),
        Binding("c", "check", "Check"),
        Binding("e", "checking", "Errors"),
        Binding("s", "savepoint", "Save"),
        Binding("b", "back_to_savepoint", "Back"),
        Binding("space", "pause", "Pause", show=False),
        Binding("q", "leave", "Menu"),
        Binding("escape", "escape", "Menu", show=False),
        Binding("question_mark", "help", "Help", key_display="?"),
    ]
    """The game's keys. The footer shows those with ``show``: at 80 columns the compact
    footer has room for ten, so redo (r, Ctrl+Y, as in most programs) and pause (Space)
    are left to the help. :meth:`on_key` runs them all, in the order typed."""

    def __init__(
        self,
        store: Store,
        game: SavedGame,
        work: Workers,
        *,
        answer: HintFunction = answer_hint,
        search: SolveFunction = solve,
    ) -> None:
        super().__init__()
        self.store = store
        self.game = game
        self.work = work
        self.answer = answer
        self.search = search
        self.pending: Pending[Any] | None = None
        """The hint or search being worked on (``None``: nothing)."""
        self._pending_quiet = False
        self._after_search: list[Callable[[], None]] = []
        self._refused = False
        self._shown_before = False
        self.summary = store.game(game.id)
        self.view: BoardView = game.session.kind.view(game.session.puzzle,
                                                      game.session.state)
        self.cursor: Cell = self._first_open_cell()
        self.pencil = False
        self.hint: Hint[Any] | None = None
        self.checked: frozenset[Cell] = frozenset()
        self.broken: tuple[Violation, ...] = ()
        """What checking while playing finds broken now (the side panel names it)."""
        self.message: Text = Text("")
        self._pending_digit: PendingDigit | None = None
        self._announced_solved = game.session.solved
        self._key_actions = {binding.key: binding.action
                             for binding in Binding.make_bindings(self.BINDINGS)}

    @property
    def session(self) -> Any:
        """The session being played."""
        return self.game.session

    def compose(self) -> ComposeResult:
        """Status line, board and side panel, key bar."""
        yield Static(id="status")
        with Horizontal(id="main"):
            with BoardBox(id="board-box"):
                yield Board(self.view, id="board")
            yield Static("Paused: the clock is stopped.\nSpace resumes.", id="paused-cover")
            with Vertical(id="side"):
                yield Static(id="cell-info")
                yield Static(id="message")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        """Resume a game left paused (opening it is asking to play it), start the clock,
        draw; search the puzzle's solutions if nobody did yet (so that hints and checks
        can say at once when there are none)."""
        self._act(self._resume_timer)
        self.call_after_refresh(self.show_game)  # once the board is drawn
        self.set_interval(1.0, self._tick)
        self.set_interval(game_timer.HEARTBEAT, self.heartbeat)
        self.watch(self.app, "app_focus", self._focus_changed, init=False)
        self.redraw()
        self.message = Text("Arrows move, digits write, ? lists every key.", "italic")
        self._update_side()
        if self.session.solve_question() is not None:
            self._with_solutions(lambda: None, quiet=True)

    def _resume_timer(self) -> None:
        if self.session.paused:
            self.session.resume()

    # -- the clock: only while the game is shown -----------------------------------------------

    @property
    def on_screen(self) -> bool:
        """Whether the player sees this game and can play it: the screen is on top, the
        terminal has the focus (where it reports it), the game is not paused."""
        return (self.is_mounted and self.is_current and self.app.app_focus
                and not self.session.paused)

    def show_game(self) -> None:
        """Tell the session the game is on screen (if it is): the clock runs. The first
        time, a clock left running by a front end that died (``kill -9``) counts none of
        the time since its last heartbeat."""
        if self.on_screen and not self.session.solved:
            reopened = not self._shown_before
            self._act(self.session.shown, reopened=reopened)
            self._shown_before = self._shown_before or not self._refused

    def hide_game(self) -> None:
        """Tell the session the game left the screen: the clock stops."""
        if self.session.timer_running:
            self._act(self.session.hidden)

    def heartbeat(self) -> None:
        """Every :data:`~grille.game.timer.HEARTBEAT` seconds: a sign of life while shown."""
        self.show_game()

    def _focus_changed(self, focused: bool) -> None:
        if focused:
            self.show_game()
        else:
            self.hide_game()
        self._update_status()

    def on_screen_suspend(self) -> None:
        """Another screen (help, the menu) covers the game: the clock stops."""
        self.hide_game()

    def on_screen_resume(self) -> None:
        """The game is on top again (the clock starts once it is drawn)."""
        if self.is_mounted:
            self.call_after_refresh(self.show_game)

    def on_unmount(self) -> None:
        """Left (or the app quits): stop what runs for the game, and the clock."""
        self._cancel_pending()
        try:
            if self.session.timer_running:
                self.session.hidden()
        except Exception as error:  # the store closed: the last heartbeat stands
            self.app.log.error(f"could not stop the clock of game {self.game.id}: {error}")

    def on_resize(self, event: events.Resize) -> None:
        """Hide the side panel when the terminal is too narrow for it."""
        self.query_one("#side").set_class(event.size.width < 64, "narrow")
        self.call_after_refresh(self._update_status)

    def _first_open_cell(self) -> Cell:
        for index, cell in enumerate(self.view.cells):
            if not cell.blocked and cell.value is None:
                return divmod(index, self.view.cols)
        return 0, 0

    # -- drawing ---------------------------------------------------------------------------

    def redraw(self) -> None:
        """Draw the board, the status line and the side panel from the session."""
        self.view = self.session.kind.view(self.session.puzzle, self.session.state)
        self.broken = self._conflicts()
        conflicts = {cell for violation in self.broken for cell in violation.cells}
        conflicts |= self.checked
        hinted: set[Cell] = set()
        if self.hint is not None:
            hinted = set(self.hint.cells)
            conflicts |= {(mistake.row, mistake.col) for mistake in self.hint.mistakes}
        decorations = Decorations(
            cursor=self.cursor, conflicts=frozenset(conflicts), hinted=frozenset(hinted)
        )
        self.query_one(Board).show(self.view, decorations)
        self._update_status()
        self._update_side()

    def _conflicts(self) -> tuple[Violation, ...]:
        try:
            return tuple(self.session.conflicts())
        except SessionError:
            return ()

    def _tick(self) -> None:
        """Every second: the clock, and how long the work under way has taken."""
        self._update_status()
        if self.pending is not None and not self._pending_quiet:
            self._update_side()

    def _update_status(self) -> None:
        session = self.session
        summary = self.summary
        status = Text()
        status.append(f"  #{self.game.id}  ")
        status.append(clock(session.elapsed), "bold")
        status.append(f"  {self.view.filled()}/{self.view.open_cells()}")
        if session.solved:
            status.append("  SOLVED", "bold #87ff87")
        elif session.visible_status is Status.INVALID:  # checking off: nothing is revealed
            status.append("  rule broken", "bold #ff5f5f")
        if session.paused:
            status.append("  PAUSED (Space)", "bold #ffaf00")
        if self.pending is not None and not self._pending_quiet:
            status.append("  working… Esc", "bold #ffaf00")
        status.append("  PENCIL" if self.pencil else "  pen", "bold #ffaf00" if self.pencil else "")
        if session.checking is not CheckMode.OFF:
            status.append(f"  check: {session.checking.value}")
        line = self.query_one("#status", Static)
        heading = game_heading(summary.kind, summary.size, summary.level, self.view.title)
        room = line.content_size.width - status.cell_len - 1  # a cell spare, or it crops
        if line.content_size.width > 0:  # a long variant's title gives way to the rest
            heading = fit_heading(heading, max(room, MIN_HEADING))
        line.update(Text.assemble((heading, "bold"), status))
        self.set_class(session.paused, "paused")

    def _update_side(self) -> None:
        info = Text()
        row, col = self.cursor
        cell = self.view.cell(row, col)
        info.append(f"r{row + 1}c{col + 1}", "bold")
        if cell.blocked:
            info.append("  block")
        elif cell.given:
            info.append("  clue")
        elif cell.marks:
            info.append("  marks " + " ".join(self.view.symbol(v) for v in cell.marks))
        info.append("\n")
        for line in cell_notes(self.view, (row, col)):
            info.append(line + "\n", "#8a8a8a")
        for line in undrawn_notes(self.view, self.query_one(Board).layout_choice, (row, col)):
            info.append(line + "\n", "#8a8a8a")
        for violation in self.broken[:SHOWN_BROKEN]:
            info.append(violation.message + "\n", "#ff5f5f")
        if len(self.broken) > SHOWN_BROKEN:
            info.append(f"… and {len(self.broken) - SHOWN_BROKEN} more\n", "#ff5f5f")
        session = self.session
        info.append(f"moves {session.position}  hints {session.hints_used}\n")
        if session.savepoints:
            names = ", ".join(point.name for point in session.savepoints[-3:])
            info.append(f"saved: {names}\n")
        if self.hint is not None:
            depth, most = self.hint.depth, deepest(self.hint)
            name = f" ({DEPTHS[depth]})" if most == 5 else ""
            info.append(f"\nHint {depth}/{most}{name}:\n", "bold")
            info.append(self.hint.text + "\n", "#ffff87")
        if self.pending is not None and not self._pending_quiet and self.pending.elapsed >= 1:
            info.append(f"\n{int(self.pending.elapsed)} s so far\n", "#ffaf00")
        if self.view.notes:
            info.append("\nRules\n", "bold")
            for note in self.view.notes:
                info.append(note + "\n", "#8a8a8a")
        self.query_one("#cell-info", Static).update(info)
        self.query_one("#message", Static).update(self.message)

    def say(self, text: str, style: str = "") -> None:
        """Show ``text`` in the message area."""
        self.message = Text(text, style)
        self._update_side()
        if self.query_one("#side").has_class("narrow"):
            self.notify(text, timeout=3)

    # -- actions ---------------------------------------------------------------------------

    def _act(self, action: Any, *args: Any, **options: Any) -> Any:
        """Run a session action; errors become messages (the session's reason: "the game is
        paused: ...", a refused name ...) and set :attr:`_refused`.

        When another front end wrote the game meanwhile (``ConflictError``) it is reloaded.
        If that front end changed nothing but the clock (the browser showing the same game
        sends heartbeats too), an action of the session is made again on the reloaded one,
        silently; otherwise the player is told, and the action is not made."""
        self._refused = True
        for attempt in range(2):
            try:
                result = action(*args, **options)
            except ConflictError:
                before: Session[Any] = self.session
                self.game = self.store.open_game(self.game.id)
                if (attempt == 0 and _same_play(before, self.session)
                        and getattr(action, "__self__", None) is before):
                    action = getattr(self.session, action.__name__)
                    continue
                self.hint = None
                self.redraw()
                self.say("The game was changed elsewhere (in the browser?); reloaded it.",
                         "bold #ffaf00")
            except (GrilleError, ValueError) as error:
                self.say(str(error), "#ff5f5f")
            else:
                self._refused = False
                return result
            return None
        return None

    @staticmethod
    def _raise_conflict() -> None:
        raise ConflictError("changed elsewhere")

    def _after_change(self, text: str = "") -> None:
        if self.pending is not None and self.pending.task.label == "hint":
            self._cancel_pending()  # its answer is for the grid before
        self.checked = frozenset()
        if self.hint is not None and self.hint.depth < 5:
            self.hint = None
        self.message = Text(text)
        self.redraw()
        if self.session.solved and not self._announced_solved:
            self._announced_solved = True
            hints = self.session.hints_used
            help_note = f" with {hints} hint(s)" if hints else ""
            self.say(f"Solved in {clock(self.session.elapsed)}{help_note}! q: menu",
                     "bold #87ff87")
        elif not self.session.solved:
            self._announced_solved = False

    def action_move(self, d_row: int, d_col: int) -> None:
        """Move the cursor."""
        self.cursor = move_cursor(self.view, self.cursor, d_row, d_col)
        self.redraw()

    def action_jump(self, where: str) -> None:
        """Move the cursor to the first or last cell of its row (``row_start``,
        ``row_end``) or of the grid (``first``, ``last``), as the browser's Home and End."""
        row, _ = self.cursor
        last_row, last_col = self.view.rows - 1, self.view.cols - 1
        targets = {"row_start": (row, 0), "row_end": (row, last_col),
                   "first": (0, 0), "last": (last_row, last_col)}
        self.cursor = targets[where]
        self.redraw()

    def on_board_clicked(self, message: Board.Clicked) -> None:
        """Select the clicked cell."""
        self._pending_digit = None
        self.cursor = message.cell
        self.redraw()

    @reports_errors
    async def on_key(self, event: events.Key) -> None:
        """Every key of the game, handled here one at a time in the order typed.

        Textual runs a binding only once the key has gone up to the app, while a key a
        screen handles is handled at once; with digits handled here and moves left to the
        bindings, a fast burst (a paste, a key held down) wrote digits before the moves
        typed ahead of them had moved the cursor. So the value keys and every binding of
        :attr:`BINDINGS` run here, in order; the app's own keys (Ctrl+Q) still come first.
        """
        char = event.character
        if char is not None and self._is_value_key(char):
            event.stop()
            event.prevent_default()
            self.type_key(char)
            return
        action = self._key_actions.get(event.key)
        if action is None:
            return
        event.stop()
        event.prevent_default()
        self._pending_digit = None
        await self.run_action(action)

    def _is_value_key(self, char: str) -> bool:
        """Whether ``char`` writes (or clears) a value on this board: a digit (one that is
        no value is answered with a message), or a key of one of the board's values."""
        return len(char) == 1 and (char in string.digits or char in value_keys(self.view))

    def type_key(self, char: str) -> None:
        """A value key: a digit or a letter writes its value (or toggles its pencil mark);
        a digit that is no value but one of the board's clear keys (0 on most) clears. On
        boards with values past 9, a digit that can begin one (1 on 16x16) and the digit
        after it in the same cell write the two-digit value, as one move: the first
        digit's move is taken back (undone) and replaced."""
        keys = value_keys(self.view)
        values = self.view.values
        pending, self._pending_digit = self._pending_digit, None
        if char not in string.digits:
            self.place(keys[char])
            return
        digit = int(char)
        if pending is not None and pending.cell == self.cursor and pending.pencil == self.pencil:
            both = pending.digit * 10 + digit
            if both in values:
                self._take_back(pending)
                self.place(both)
                return
        value = keys.get(char)
        if value is None:
            if char in self.view.clear_keys:
                self.action_clear()
            else:
                self.say(f"{digit} is not a value of this grid.")
            return
        made = self.place(value)
        if digit and len(values) > 9 and digit * 10 <= values[-1]:
            position = self.session.position if made else None
            self._pending_digit = PendingDigit(self.cursor, digit, self.pencil, position)

    def _take_back(self, pending: PendingDigit) -> None:
        """Undo the move the first digit of a two-digit value made, if it is the last one."""
        if pending.position is not None and self.session.position == pending.position:
            self._act(self.session.undo)

    def place(self, value: int) -> bool:
        """Write ``value`` in the selected cell (or toggle it as a pencil mark); whether a
        move was made."""
        row, col = self.cursor
        cell = self.view.cell(row, col)
        name = f"r{row + 1}c{col + 1}"
        if cell.blocked:
            self.say(f"{name} is a block: move to a white cell.")
            return False
        if cell.given:
            self.say(f"{name} holds a clue.")
            return False
        symbol = self.view.symbol(value)
        if self.pencil:
            if cell.value is not None:
                self.say(f"{name} holds a value; clear it before pencilling.")
                return False
            if self._act(self.session.play, f"{name}^{value}") is not None:
                self._after_change(f"{name}: mark {symbol} toggled")
                return True
            return False
        if cell.value == value:
            return False
        if self._act(self.session.play, f"{name}={value}") is not None:
            self._after_change(f"{name} = {symbol}")
            return True
        return False

    def action_clear(self) -> None:
        """Clear the selected cell."""
        row, col = self.cursor
        cell = self.view.cell(row, col)
        name = f"r{row + 1}c{col + 1}"
        if cell.given or cell.blocked:
            self.say(f"{name} cannot be cleared.")
            return
        if cell.value is None and not cell.marks:
            return
        if self._act(self.session.play, f"{name}-") is not None:
            self._after_change(f"{name} cleared")

    def action_pencil(self) -> None:
        """Toggle pencil mode."""
        self.pencil = not self.pencil
        self.say("Pencil mode: digits toggle marks." if self.pencil else "Pen mode: digits write.")
        self._update_status()

    def action_fill(self) -> None:
        """Fill every empty cell's pencil marks."""
        entry = self._act(self.session.fill)
        if entry is not None:
            self._after_change("Pencil marks filled (u undoes).")
        elif not self.session.solved and not self._refused:
            self.say("The pencil marks are already filled.")

    def action_undo(self) -> None:
        """Undo the last entry."""
        if not self.session.can_undo:
            self.say("Nothing to undo.")
            return
        entry = self._act(self.session.undo)
        if entry is not None:
            self.hint = None
            self._after_change(f"Undone: {_moves_text(entry.moves)}")

    def action_redo(self) -> None:
        """Redo the last undone entry."""
        if not self.session.can_redo:
            self.say("Nothing to redo.")
            return
        entry = self._act(self.session.redo)
        if entry is not None:
            self.hint = None
            self._after_change(f"Redone: {_moves_text(entry.moves)}")

    def action_hint(self) -> None:
        """The next hint depth: where to look, the technique, the cells, the step, apply.

        Refused at once (with the session's reason) while paused or for a puzzle without
        one solution; a hint already worked out for this grid comes at once; else it is
        worked out in a worker process, under a time limit, while the game goes on."""
        if self.session.solved:
            self.say("The grid is solved.")
            return
        if self.pending is not None and not self._pending_quiet:
            self.say(f"Still working on {self.pending.what}: Esc cancels.")
            return
        question = self._act(self.session.hint_question)
        if self._refused:
            return
        if question is None:
            self._give_hint(None)
            return
        self._cancel_pending()
        task = self.work.submit(self.answer, question, lane="play", time_limit=HINT_SECONDS,
                                label="hint")
        self._follow(task, "a hint", self._hint_worked_out)

    def _hint_worked_out(self, task: Task[HintAnswer[Any]]) -> None:
        if task.status is TaskStatus.DONE:
            self._give_hint(task.result(0))
        else:
            self.say(failure(task, "the hint"), "#ff5f5f")

    def _give_hint(self, answer: HintAnswer[Any] | None) -> None:
        position = self.session.position
        hint = self._act(self.session.next_hint, answer)
        if hint is None:
            return
        self.hint = hint
        if self.session.position != position:
            self._after_change("Hint played (u undoes it).")
            return
        if hint.cells:
            self.cursor = hint.cells[0] if hint.depth >= 3 else self.cursor
        self.redraw()
        self.say("h again tells more." if hint.depth < deepest(hint) else "")

    def action_check(self) -> None:
        """Check the entries now: against the solution (searched first in a worker process
        if nobody did yet), or the rules when the puzzle has not one solution (saying why)."""
        if self.session.paused:
            self.say("the game is paused: resume it to check your entries", "#ff5f5f")
            return
        self._with_solutions(self._check, "the solution")

    def _check(self) -> None:
        unavailable = self.session.help_unavailable
        if unavailable is None:
            violations = self.session.conflicts(CheckMode.SOLUTION)
            against = "the solution"
        else:
            violations = self.session.conflicts(CheckMode.RULES)
            against = "the rules"
        self.checked = frozenset(cell for violation in violations for cell in violation.cells)
        self.redraw()
        note = "" if unavailable is None else f" Against the solution: {unavailable}."
        if not self.checked:
            self.say(f"No mistakes against {against} "
                     f"({self.view.filled()}/{self.view.open_cells()} cells filled).{note}",
                     "#87ff87")
        else:
            where = cells_text(sorted(self.checked)[:6])
            more = "…" if len(self.checked) > 6 else ""
            self.say(f"{len(self.checked)} wrong against {against}: {where}{more}.{note}",
                     "#ff5f5f")

    def action_checking(self) -> None:
        """Cycle what is checked while playing: off, rules, solution (skipped, with the
        reason, for a puzzle without one solution; searched first if not known yet)."""
        modes = list(CheckMode)
        mode = modes[(modes.index(self.session.checking) + 1) % len(modes)]
        if mode is CheckMode.SOLUTION:
            self._with_solutions(self._check_against_solution, "the solution")
            return
        self._set_checking(mode)

    def _check_against_solution(self) -> None:
        unavailable = self.session.help_unavailable
        if unavailable is None:
            self._set_checking(CheckMode.SOLUTION)
        else:
            self._set_checking(CheckMode.OFF, f" (against the solution: {unavailable})")

    def _set_checking(self, mode: CheckMode, note: str = "") -> None:
        self._act(self.session.set_checking, mode)
        self.redraw()
        if not self._refused:
            self.say(f"Errors shown while playing: {self.session.checking.value}{note}.")

    # -- work in worker processes ------------------------------------------------------------

    def _follow(self, task: Task[Any], what: str, then: Callable[[Task[Any]], None],
                *, quiet: bool = False) -> None:
        """Wait for ``task`` without blocking; ``quiet``: say nothing while it runs."""
        self.pending = Pending(self, task, what, lambda done: self._ended(then, done),
                               on_error=lambda error: report_error(self.app, error))
        self._pending_quiet = quiet
        self._update_status()
        if quiet:
            self._update_side()
        else:
            self.say(f"Working on {what}… Esc cancels.", "bold #ffaf00")

    def _ended(self, then: Callable[[Task[Any]], None], task: Task[Any]) -> None:
        self.pending = None
        self._pending_quiet = False
        self._update_status()
        self._update_side()
        then(task)

    def _cancel_pending(self) -> bool:
        """Stop the hint or search under way (its process is killed); whether there was one."""
        pending, self.pending = self.pending, None
        self._after_search = []
        if pending is None:
            return False
        pending.cancel()
        return True

    def _with_solutions(self, then: Callable[[], None], what: str = "the solution", *,
                        quiet: bool = False) -> None:
        """Run ``then`` once the session knows its puzzle's solutions: at once, or after a
        search in a worker process (under a time limit and a node budget)."""
        question = self.session.solve_question()
        if question is None:
            then()
            return
        if self.pending is not None and self.pending.task.label == "search":
            self._after_search.append(then)  # the search under way answers it
            if self._pending_quiet and not quiet:
                self._pending_quiet = False
                self.say(f"Working on {what}… Esc cancels.", "bold #ffaf00")
            return
        self._cancel_pending()
        self._after_search = [then]
        task = self.work.submit(self.search, question, lane="play", time_limit=SOLVE_SECONDS,
                                label="search")
        self._follow(task, what, self._searched, quiet=quiet)

    def _searched(self, task: Task[Solutions[Any]]) -> None:
        waiting, self._after_search = self._after_search, []
        if task.status is not TaskStatus.DONE:
            self.say(failure(task, "the search for the solution"), "#ff5f5f")
            return
        found = task.result(0)
        self._act(self.session.learn, found)
        for then in waiting:
            then()

    def action_escape(self) -> None:
        """Stop the hint or search being worked on; with nothing under way, leave."""
        pending = self.pending
        quiet = self._pending_quiet
        if self._cancel_pending() and pending is not None and not quiet:
            self._update_status()
            self.say(f"Stopped working on {pending.what}.")
            return
        self.action_leave()

    # -- savepoints, pause, leaving ------------------------------------------------------------

    def action_savepoint(self) -> None:
        """Name the current position as a savepoint (the game itself is always saved)."""
        names = {point.name for point in self.session.savepoints}
        number = len(names) + 1
        while f"save {number}" in names:
            number += 1
        self.app.push_screen(SavepointScreen(f"save {number}", self.add_savepoint))

    def add_savepoint(self, name: str) -> str | None:
        """Keep a savepoint called ``name`` here; ``None``, or why the name is refused."""
        try:
            point = self.session.add_savepoint(name)
        except ConflictError:
            self._act(self._raise_conflict)
            return None
        except (GrilleError, ValueError) as error:
            return str(error)
        self.redraw()
        self.say(f"Savepoint '{point.name}' at move {point.position}: b comes back here.")
        return None

    def action_back_to_savepoint(self) -> None:
        """Go back to the last savepoint (the moves after it stay redoable)."""
        if not self.session.savepoints:
            self.say("No savepoint yet: s makes one.")
            return
        name = self.session.savepoints[-1].name
        point = self._act(self.session.return_to, name)
        if point is not None:
            self.hint = None
            self._after_change(f"Back at '{name}' (move {point.position}); r redoes.")

    def action_help(self) -> None:
        """Show the keys."""
        self.app.push_screen(HelpScreen(help_text(self.view)))

    def action_pause(self) -> None:
        """Pause (the board is covered, the clock stops, nothing can be played) or resume."""
        if self.session.paused:
            self._act(self.session.resume)
            self.show_game()
            self.redraw()
            self.say("Resumed.")
            return
        if self.session.solved:
            self.say("The grid is solved: the clock has stopped.")
            return
        if self.pending is not None and not self._pending_quiet:
            self._cancel_pending()
        self._act(self.session.pause)
        self.redraw()
        self.say("Paused: Space resumes.")

    def action_leave(self) -> None:
        """Back to the menu; the clock stops until the game is shown again."""
        self._cancel_pending()
        self.hide_game()
        self.app.pop_screen()

    def hide_before_quitting(self) -> None:
        """The app quits: stop what runs for the game, and the clock."""
        self._cancel_pending()
        self.hide_game()


@dataclass(frozen=True, slots=True)
class PendingDigit:
    """A digit just typed that may begin a two-digit value: where, whether in pencil mode,
    and the position it left the game at (``None``: it made no move)."""

    cell: Cell
    digit: int
    pencil: bool
    position: int | None


def _same_play(before: Session[Any], after: Session[Any]) -> bool:
    """Whether two sessions of a game hold the same play (history, position, savepoints,
    settings): what another front end wrote between them was only its clock."""
    return (before.history == after.history and before.savepoints == after.savepoints
            and replace(before.progress, timer=after.progress.timer) == after.progress)


def _moves_text(moves: tuple[str, ...]) -> str:
    shown = " ".join(moves[:4])
    return shown + (f" (+{len(moves) - 4})" if len(moves) > 4 else "")
