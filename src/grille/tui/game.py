"""The game screen: one saved game played on the board, every change saved as it is made.

The screen holds what is not undone (cursor, pencil mode, the last hint and check); the
:class:`grille.game.session.Session` of the :class:`grille.game.store.SavedGame` holds the
rest and writes each action to the store, so the browser game can list and resume the
same game. If the browser changed the game meanwhile, the store refuses the write
(``ConflictError``) and the screen reloads the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from grille.errors import GrilleError
from grille.game import CheckMode, ConflictError, SavedGame, SessionError, Store
from grille.hints import DEPTHS, Hint
from grille.kind import Status
from grille.tui.board import (
    SUDOKU_SYMBOLS,
    Board,
    Decorations,
    GridView,
    cells_text,
    grid_view,
    move_cursor,
)
from grille.tui.errors import reports_errors
from grille.tui.options import KIND_TITLES

__all__ = ["BoardBox", "GameScreen", "HelpScreen", "clock", "game_title"]

Cell = tuple[int, int]

HELP = """\
[b]Moving[/b]      arrows, or w a d / k j l (up, left, right / up, down, right);
              Home, End: first, last cell of the row (Ctrl: of the grid);
              click a cell
[b]Writing[/b]     digits 1-9 (Takuzu: 0 and 1); Sudoku 16x16 and 25x25: A-P
              (capitals) or two digits in a row (1 then 6 = 16, one move)
[b]Clearing[/b]    Backspace, Delete, x; 0 outside Takuzu
[b]p[/b]           pencil mode on/off: digits toggle pencil marks
[b]m[/b]           fill every empty cell's pencil marks (keeps the ones you ruled out)
[b]u[/b] Ctrl+Z    undo          [b]r[/b] Ctrl+Y    redo
[b]h[/b]           hint: each press tells more (look where, technique, cells,
              the whole step, then play it); mistakes are pointed out first
[b]c[/b]           check your entries now (against the solution)
[b]e[/b]           errors shown while playing: off, rules, solution
[b]s[/b]           savepoint: mark this position     [b]b[/b]  back to the last savepoint
[b]q[/b] Esc       back to the menu (the game is saved; resume it any time,
              here or with `grille play` in the browser)
[b]?[/b]           this help

Every move is saved as you make it.  Press any key to close."""


def clock(seconds: float) -> str:
    """``4:05`` or ``1:02:03``."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def game_title(kind: str, size: str, level: str | None) -> str:
    """``Sudoku 9x9 easy``."""
    return " ".join(part for part in (KIND_TITLES.get(kind, kind), size, level) if part)


class HelpScreen(ModalScreen[None]):
    """The keys of the game screen; any key closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Static { width: auto; max-width: 100%; height: auto; max-height: 100%;
                          border: round $accent; padding: 0 1; background: $surface; }
    """

    def compose(self) -> ComposeResult:
        """The help text."""
        yield Static(HELP, id="help")

    def on_key(self, event: events.Key) -> None:
        """Close on any key."""
        event.stop()
        self.dismiss()

    def on_click(self) -> None:
        """Close on a click."""
        self.dismiss()


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
    """One game: the board, a status line, a side panel with the cell, hint and messages."""

    DEFAULT_CSS = """
    GameScreen { layout: vertical; }
    #status { height: 1; background: $panel; padding: 0 1; }
    #main { height: 1fr; }
    #side { width: 24; height: 1fr; padding: 0 1; border-left: vkey $panel; }
    #side.narrow { display: none; }
    #message { height: auto; }
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
        Binding("q,escape", "leave", "Menu"),
        Binding("question_mark", "help", "Help", key_display="?"),
    ]
    """The game's keys. The footer shows those with ``show``: at 80 columns the compact
    footer has room for ten, so redo (r, Ctrl+Y, as in most programs) is left to the help.
    :meth:`on_key` runs them all, in the order typed."""

    def __init__(self, store: Store, game: SavedGame) -> None:
        super().__init__()
        self.store = store
        self.game = game
        self.summary = store.game(game.id)
        self.view: GridView = grid_view(game.session.state)
        self.cursor: Cell = self._first_open_cell()
        self.pencil = False
        self.hint: Hint[Any] | None = None
        self.checked: frozenset[Cell] = frozenset()
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
            with Vertical(id="side"):
                yield Static(id="cell-info")
                yield Static(id="message")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        """Start the timer (paused while the game was left) and draw."""
        self._act(self._resume_timer)
        self.set_interval(1.0, self._update_status)
        self.redraw()
        self.message = Text("Arrows move, digits write, ? lists every key.", "italic")
        self._update_side()

    def _resume_timer(self) -> None:
        if self.session.paused:
            self.session.resume()

    def on_resize(self, event: events.Resize) -> None:
        """Hide the side panel when the terminal is too narrow for it."""
        self.query_one("#side").set_class(event.size.width < 64, "narrow")

    def _first_open_cell(self) -> Cell:
        for index, cell in enumerate(self.view.cells):
            if not cell.block and not cell.value:
                return divmod(index, self.view.cols)
        return 0, 0

    # -- drawing ---------------------------------------------------------------------------

    def redraw(self) -> None:
        """Draw the board, the status line and the side panel from the session."""
        self.view = grid_view(self.session.state)
        conflicts = {cell for violation in self._conflicts() for cell in violation.cells}
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

    def _conflicts(self) -> tuple[Any, ...]:
        try:
            return tuple(self.session.conflicts())
        except SessionError:
            return ()

    def _update_status(self) -> None:
        session = self.session
        summary = self.summary
        status = Text()
        status.append(game_title(summary.kind, summary.size, summary.level), "bold")
        status.append(f"  #{self.game.id}  ")
        status.append(clock(session.elapsed), "bold")
        status.append(f"  {self.view.filled}/{self.view.open_cells}")
        if session.solved:
            status.append("  SOLVED", "bold #87ff87")
        elif session.status is Status.INVALID:
            status.append("  rule broken", "bold #ff5f5f")
        status.append("  PENCIL" if self.pencil else "  pen", "bold #ffaf00" if self.pencil else "")
        if session.checking is not CheckMode.OFF:
            status.append(f"  check: {session.checking.value}")
        self.query_one("#status", Static).update(status)

    def _update_side(self) -> None:
        info = Text()
        row, col = self.cursor
        cell = self.view.cell(row, col)
        info.append(f"r{row + 1}c{col + 1}", "bold")
        if cell.block:
            info.append("  block")
        elif cell.given:
            info.append("  clue")
        elif cell.marks:
            info.append("  marks " + " ".join(self.view.symbol(v) for v in cell.marks))
        info.append("\n")
        for line in self._cell_notes(row, col):
            info.append(line + "\n", "#8a8a8a")
        session = self.session
        info.append(f"moves {session.position}  hints {session.hints_used}\n")
        if session.savepoints:
            names = ", ".join(point.name for point in session.savepoints[-3:])
            info.append(f"saved: {names}\n")
        if self.hint is not None:
            info.append(f"\nHint {self.hint.depth}/5 ({DEPTHS[self.hint.depth]}):\n", "bold")
            info.append(self.hint.text + "\n", "#ffff87")
        self.query_one("#cell-info", Static).update(info)
        self.query_one("#message", Static).update(self.message)

    def _cell_notes(self, row: int, col: int) -> list[str]:
        """Kakuro: the runs through the cell and their digit sets; Takuzu: the counts' key."""
        if self.view.kind == "takuzu":
            half = self.view.line_limit or (0, 0)
            return [f"right/below: 0s and 1s ({half[0]} each per row)"]
        if self.view.kind != "kakuro":
            return []
        from grille.kakuro.combos import describe

        notes = []
        for run in self.session.state.runs:
            if row * self.view.cols + col in run.cells and run.total:
                notes.append(f"{run.direction} {describe(run.total, run.length)}")
        return notes

    def say(self, text: str, style: str = "") -> None:
        """Show ``text`` in the message area."""
        self.message = Text(text, style)
        self._update_side()
        if self.query_one("#side").has_class("narrow"):
            self.notify(text, timeout=3)

    # -- actions ---------------------------------------------------------------------------

    def _act(self, action: Any, *args: Any) -> Any:
        """Run a session action; errors become messages, a game changed elsewhere reloads."""
        try:
            return action(*args)
        except ConflictError:
            self.game = self.store.open_game(self.game.id)
            self.hint = None
            self.redraw()
            self.say("The game was changed elsewhere (in the browser?); reloaded it.",
                     "bold #ffaf00")
        except (GrilleError, ValueError) as error:
            self.say(str(error), "#ff5f5f")
        return None

    def _after_change(self, text: str = "") -> None:
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
        """Whether ``char`` writes (or clears) a value on this grid."""
        if len(char) != 1:
            return False
        values = self.view.mark_values
        if char.isdigit():
            return True
        return (self.view.kind == "sudoku" and char.isupper() and len(values) > 9
                and SUDOKU_SYMBOLS.find(char) + 1 in values)

    def type_key(self, char: str) -> None:
        """A value key: a digit or a letter writes its value (or toggles its pencil mark);
        0 clears outside Takuzu. On grids with values past 9, a digit that can begin one
        (1 on 16x16) and the digit after it in the same cell write the two-digit value, as
        one move: the first digit's move is taken back (undone) and replaced."""
        values = self.view.mark_values
        pending, self._pending_digit = self._pending_digit, None
        if not char.isdigit():
            self.place(SUDOKU_SYMBOLS.find(char) + 1)
            return
        digit = int(char)
        if pending is not None and pending.cell == self.cursor and pending.pencil == self.pencil:
            both = pending.digit * 10 + digit
            if both in values:
                self._take_back(pending)
                self.place(both)
                return
        if digit == 0 and self.view.kind != "takuzu":
            self.action_clear()
            return
        if digit not in values:
            self.say(f"{digit} is not a value of this grid.")
            return
        made = self.place(digit)
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
        if cell.block:
            self.say(f"{name} is a block: move to a white cell.")
            return False
        if cell.given:
            self.say(f"{name} holds a clue.")
            return False
        symbol = self.view.symbol(value)
        if self.pencil:
            if cell.value:
                self.say(f"{name} holds a value; clear it before pencilling.")
                return False
            if self._act(self.session.play, f"{name}^{value}") is not None:
                self._after_change(f"{name}: mark {symbol} toggled")
                return True
            return False
        if cell.value == symbol:
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
        if cell.given or cell.block:
            self.say(f"{name} cannot be cleared.")
            return
        if not cell.value and not cell.marks:
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
        elif not self.session.solved:
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
        """The next hint depth: where to look, the technique, the cells, the step, apply."""
        if self.session.solved:
            self.say("The grid is solved.")
            return
        position = self.session.position
        hint = self._act(self.session.next_hint)
        if hint is None:
            return
        self.hint = hint
        if self.session.position != position:
            self._after_change("Hint played (u undoes it).")
            return
        if hint.cells:
            self.cursor = hint.cells[0] if hint.depth >= 3 else self.cursor
        self.redraw()
        self.say("h again tells more." if hint.depth < 5 else "")

    def action_check(self) -> None:
        """Check the entries now: against the solution, or the rules if there is none."""
        try:
            violations = self.session.conflicts(CheckMode.SOLUTION)
            against = "the solution"
        except SessionError:
            violations = self.session.conflicts(CheckMode.RULES)
            against = "the rules"
        self.checked = frozenset(cell for violation in violations for cell in violation.cells)
        self.redraw()
        if not self.checked:
            self.say(f"No mistakes against {against} "
                     f"({self.view.filled}/{self.view.open_cells} cells filled).", "#87ff87")
        else:
            where = cells_text(sorted(self.checked)[:6])
            more = "…" if len(self.checked) > 6 else ""
            self.say(f"{len(self.checked)} wrong against {against}: {where}{more}", "#ff5f5f")

    def action_checking(self) -> None:
        """Cycle what is checked while playing: off, rules, solution."""
        modes = list(CheckMode)
        start = modes.index(self.session.checking)
        for step in range(1, len(modes) + 1):
            mode = modes[(start + step) % len(modes)]
            try:
                self.session.set_checking(mode)
            except ConflictError:
                self._act(self._raise_conflict)
                return
            except SessionError:
                continue
            break
        self.redraw()
        self.say(f"Errors shown while playing: {self.session.checking.value}.")

    @staticmethod
    def _raise_conflict() -> None:
        raise ConflictError("changed elsewhere")

    def action_savepoint(self) -> None:
        """Mark this position as a savepoint (the game itself is always saved)."""
        names = {point.name for point in self.session.savepoints}
        number = len(names) + 1
        while f"save {number}" in names:
            number += 1
        point = self._act(self.session.add_savepoint, f"save {number}")
        if point is not None:
            self.redraw()
            self.say(f"Savepoint '{point.name}' at move {point.position}: b comes back here.")

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
        self.app.push_screen(HelpScreen())

    def action_leave(self) -> None:
        """Pause the timer and go back to the menu."""
        self.pause()
        self.app.pop_screen()

    def pause(self) -> None:
        """Stop the timer while the game is left."""
        if not self.session.paused and not self.session.solved:
            self._act(self.session.pause)


@dataclass(frozen=True, slots=True)
class PendingDigit:
    """A digit just typed that may begin a two-digit value: where, whether in pencil mode,
    and the position it left the game at (``None``: it made no move)."""

    cell: Cell
    digit: int
    pencil: bool
    position: int | None


def _moves_text(moves: tuple[str, ...]) -> str:
    shown = " ".join(moves[:4])
    return shown + (f" (+{len(moves) - 4})" if len(moves) > 4 else "")
