"""The game session: one puzzle being played, for any kind, with no I/O.

A :class:`Session` holds the puzzle, the history (a list of :class:`HistoryEntry`, each a
list of move strings) and the position in it; the current state is the puzzle with the
first ``position`` entries applied. It works through the :class:`grille.kind.Kind`
interface alone, so Sudoku, Takuzu and Kakuro play the same way.

What it offers a front end:

- ``play(move)``: a move string (``r3c5=7``, ``r3c5-``, ``r3c5^7``, ``fill``); a placement
  takes its value out of its peers' pencil marks in the same entry (``auto_clean``);
  ``fill()`` fills candidates but keeps the values the player had ruled out;
- ``undo()``, ``redo()``, ``goto(position)``; ``restart()`` and ``show_solution()`` are
  entries of their own, so they can be undone too;
- savepoints: ``add_savepoint(name)``, ``return_to(name)`` (the moves after it stay
  redoable), ``abandon(name)`` (drops them: the "what if" failed);
- ``hint(depth)`` (1 nudge .. 5 apply, the applied step is an entry) and ``next_hint()``;
  one hint counts per step revealed, however deep; a front end asks ``hint_question()``,
  has it answered off its thread (:mod:`grille.game.assist`, :mod:`grille.game.work`)
  and passes the answer to ``hint(depth, answer)``;
- what is known of the puzzle's solutions (``verdict``, ``learn()``): a puzzle without
  exactly one has no hints, no checking against a solution and no solution to show, and
  ``help_unavailable`` says why;
- ``conflicts()`` by the checking mode (off, rules, solution); ``status``, ``solved``;
  ``visible_status`` (with checking off, a broken rule is not revealed);
- a clock that counts only while the game is shown (:mod:`grille.game.timer`): every
  action and ``shown()`` are signs of life, ``hidden()`` stops it, ``pause()`` and
  ``resume()``; it stops by itself when the grid is solved;
- while paused, nothing that changes the grid or gives help is allowed;
- ``to_record()`` / ``Session.from_record(record)`` to save and rebuild it exactly;
- ``subscribe(listener)``: every action that changes anything calls the listeners with a
  :class:`Change` *before* it takes effect, so a store that fails to persist it (raising)
  leaves the session as it was.

Every action either raises (``MoveError`` for a bad move, quoting it; ``SessionError`` for
an action that cannot be taken) or fully happens. A session is not thread-safe: a front end
serving several threads keeps one lock per game.

>>> from grille.kinds import get_kind
>>> sudoku = get_kind("sudoku")
>>> puzzle = sudoku.read(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
... )[0].puzzle
>>> session = Session(sudoku, puzzle, clock=lambda: 0.0)
>>> session.play("r1c3=4")
HistoryEntry(Action.MOVE, ('r1c3=4',), made_at=0.0)
>>> session.undo().moves, session.position, session.can_redo
(('r1c3=4',), 0, True)
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from grille.errors import GrilleError
from grille.game.assist import (
    SOLVE_BUDGET,
    HintAnswer,
    HintQuestion,
    SolveQuestion,
    answer_hint,
    revealed,
    shape_hint,
    solve,
    unavailable,
)
from grille.game.errors import SessionError
from grille.game.history import Action, HistoryEntry, Savepoint, savepoint_name
from grille.game.record import CheckMode, Progress, SessionRecord
from grille.game.timer import GRACE, Timer
from grille.hints import DEPTHS, Hint
from grille.kind import Kind, Puzzle, Solutions, Status, Verdict, Violation, write_whole
from grille.kinds import get_kind
from grille.moves import MoveOp, parse_move
from grille.rated import bare

__all__ = [
    "CHECKPOINT_EVERY",
    "SOLVE_BUDGET",
    "Change",
    "Listener",
    "Session",
    "puzzle_from_text",
    "puzzle_key",
    "puzzle_text",
    "replay",
]

P = TypeVar("P", bound=Puzzle)

CHECKPOINT_EVERY = 16
"""The state is kept every this many entries, so going back replays at most this many."""


@dataclass(frozen=True, slots=True)
class Change:
    """One session action, as a store persists it.

    When ``history_start`` is not ``None``, the history from that index on was replaced by
    ``entries``: one new entry (truncating any undone ones), or none when a branch is
    abandoned. ``savepoints`` is the new list when it changed, else ``None``. ``progress``
    and ``status`` are the session's after the action; ``action`` names it (``play``,
    ``undo``, ``pause`` ...). ``solutions`` is set when the puzzle's solutions were just
    learnt (a store keeps them with the puzzle).
    """

    action: str
    progress: Progress
    status: Status
    history_start: int | None = None
    entries: tuple[HistoryEntry, ...] = ()
    savepoints: tuple[Savepoint, ...] | None = None
    solutions: Solutions[Any] | None = None


Listener = Callable[[Change], None]
"""Called with each :class:`Change` before it takes effect; raising cancels the action."""


def puzzle_text(kind: Kind[Any], puzzle: Any) -> str:
    """``puzzle`` as the text sessions and stores keep: the kind's default format, or when
    that cannot hold it (a variant's constraints), the first other format that can.

    A fallback format must not show pencil marks and must read back to ``puzzle`` (its
    marks aside: :func:`~grille.kind.write_whole`); reading sniffs the format, so texts
    stored in the default format load as before. ``GrilleError`` (the default format's) if
    none can. A puzzle with metadata (a title, a rules text, a setter's decorations) is
    kept in a format that reads it back whole when the kind has one: the default format of
    a plain grid drops it silently, and the player would never see it. A puzzle without
    (every library key: :func:`puzzle_key`), or of a kind no format of which keeps its
    metadata, is written as before.
    """
    if getattr(puzzle, "metadata", None):
        with contextlib.suppress(GrilleError):  # else no format keeps it all: as before
            return write_whole(kind, [puzzle], kind.default_format, marks=False, whole=True)
    return write_whole(kind, [puzzle], kind.default_format, marks=False)


def puzzle_key(kind: Kind[Any], puzzle: Any) -> str:
    """What tells one puzzle from another in a library: :func:`puzzle_text` of the puzzle
    without its metadata (a title, an author, a rules text or a level change nothing of the
    puzzle; a variant's text would hold them)."""
    return puzzle_text(kind, bare(puzzle))


def puzzle_from_text(kind: Kind[Any], text: str) -> Any:
    """The one puzzle ``text`` holds in ``kind``'s formats; ``SessionError`` if not one."""
    entries = kind.read(text)
    if len(entries) != 1:
        raise SessionError(f"a game is one {kind.name} puzzle; the text holds {len(entries)}")
    return entries[0].puzzle


class Session(Generic[P]):
    """A game of one puzzle: history, undo/redo, savepoints, timer, checking and hints.

    ``puzzle`` is normalised through its text (:func:`puzzle_text`), so its filled cells are
    the clues and it equals what a store gives back. ``clock`` returns seconds (wall clock
    by default); the timer and the entries' times come from it. ``solutions``: what is
    already known of the puzzle's solutions (a library keeps it), else it is searched when
    first needed. The clock does not run until the game is first shown or played.
    """

    def __init__(
        self,
        kind: Kind[P],
        puzzle: P,
        *,
        clock: Callable[[], float] = time.time,
        checking: CheckMode | str = CheckMode.OFF,
        auto_clean: bool = True,
        paused: bool = False,
        solutions: Solutions[P] | None = None,
    ) -> None:
        self._kind = kind
        self._clock = clock
        self._puzzle_text = puzzle_text(kind, puzzle)
        self._puzzle: P = puzzle_from_text(kind, self._puzzle_text)
        self._history: list[HistoryEntry] = []
        self._savepoints: tuple[Savepoint, ...] = ()
        self._listeners: list[Listener] = []
        self._checkpoints: dict[int, P] = {0: self._puzzle}
        self._current: tuple[int, P] = (0, self._puzzle)
        self._status = kind.status(self._puzzle)
        self._solutions: Solutions[P] | None = solutions
        self._hint_depth = 0
        self._answer: HintAnswer[P] | None = None
        self._revealed: set[object] = set()
        self._progress = Progress(
            checking=CheckMode.parse(checking), auto_clean=auto_clean, paused=paused
        )

    # -- rebuilding ------------------------------------------------------------------------

    @classmethod
    def from_record(
        cls,
        record: SessionRecord,
        *,
        clock: Callable[[], float] = time.time,
        solutions: Solutions[Any] | None = None,
    ) -> Session[Any]:
        """The session ``record`` describes, every entry replayed and checked.

        The timer comes back as it was saved: a silence since its last sign of life counts
        up to :data:`~grille.game.timer.GRACE`.
        """
        try:
            kind: Kind[Any] = get_kind(record.kind)
        except ValueError as error:
            raise SessionError(str(error)) from None
        session: Session[Any] = cls(
            kind, puzzle_from_text(kind, record.puzzle), clock=clock, solutions=solutions
        )
        session._restore(record)
        return session

    def _restore(self, record: SessionRecord) -> None:
        progress = record.progress
        history = record.history
        if progress.position > len(history):
            raise SessionError(
                f"position {progress.position} is past the history's {len(history)} entries"
            )
        for point in record.savepoints:
            if point.position > len(history):
                raise SessionError(f"savepoint {point.name!r} is past the end of the history")
        self._history = list(history)
        state = self._puzzle
        current = state
        for index, entry in enumerate(history):
            state = self._replay(state, entry, index)
            if (index + 1) % CHECKPOINT_EVERY == 0:
                self._checkpoints[index + 1] = state
            if index + 1 == progress.position:
                current = state
        self._current = (progress.position, current)
        self._status = self._kind.status(current)
        self._savepoints = record.savepoints
        self._progress = progress

    def to_record(self) -> SessionRecord:
        """Everything :meth:`from_record` needs to rebuild this session."""
        return SessionRecord(
            self._kind.name,
            self._puzzle_text,
            tuple(self._history),
            self._savepoints,
            self._progress,
        )

    # -- views -------------------------------------------------------------------------------

    @property
    def kind(self) -> Kind[P]:
        """The puzzle's kind."""
        return self._kind

    @property
    def puzzle(self) -> P:
        """The puzzle as given (the state at position 0)."""
        return self._puzzle

    @property
    def puzzle_text(self) -> str:
        """The puzzle in its kind's default format."""
        return self._puzzle_text

    @property
    def state(self) -> P:
        """The grid now: the puzzle with the first :attr:`position` entries applied."""
        return self._current[1]

    @property
    def position(self) -> int:
        """How many entries of the history are in effect."""
        return self._progress.position

    @property
    def history(self) -> tuple[HistoryEntry, ...]:
        """Every entry, the undone ones (after :attr:`position`) too."""
        return tuple(self._history)

    @property
    def moves(self) -> tuple[str, ...]:
        """The moves in effect, in order: replaying them on the puzzle gives :attr:`state`."""
        return tuple(m for entry in self._history[: self.position] for m in entry.moves)

    @property
    def can_undo(self) -> bool:
        """Whether there is an entry to undo."""
        return self.position > 0

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone entry to redo."""
        return self.position < len(self._history)

    @property
    def status(self) -> Status:
        """The state against the rules: solved, incomplete or invalid."""
        return self._status

    @property
    def solved(self) -> bool:
        """Whether the grid is solved."""
        return self._status is Status.SOLVED

    @property
    def visible_status(self) -> Status:
        """The status a player is told: with checking off, a grid that breaks a rule is
        only incomplete (off means off)."""
        if self._status is Status.INVALID and self.checking is CheckMode.OFF:
            return Status.INCOMPLETE
        return self._status

    @property
    def progress(self) -> Progress:
        """Position, timer, settings and help used, as saved."""
        return self._progress

    @property
    def savepoints(self) -> tuple[Savepoint, ...]:
        """The savepoints, oldest first."""
        return self._savepoints

    @property
    def elapsed(self) -> float:
        """Seconds played so far."""
        return self._progress.timer.elapsed_at(self._clock())

    @property
    def paused(self) -> bool:
        """Whether the player paused the game."""
        return self._progress.paused

    @property
    def timer_running(self) -> bool:
        """Whether the clock counts: the game was shown or played (and not hidden since),
        and is neither paused nor solved."""
        return self._progress.timer.running

    @property
    def checking(self) -> CheckMode:
        """What :meth:`conflicts` checks against."""
        return self._progress.checking

    @property
    def auto_clean(self) -> bool:
        """Whether a placement takes its value out of its peers' pencil marks."""
        return self._progress.auto_clean

    @property
    def hints_used(self) -> int:
        """How many hints were given: one per step (or set of mistakes) revealed, however
        deep the player went into it."""
        return self._progress.hints_used

    @property
    def solution_shown(self) -> bool:
        """Whether the solution was ever shown (such games do not count in statistics)."""
        return self._progress.solution_shown

    def state_at(self, position: int) -> P:
        """The grid after the first ``position`` entries of the history."""
        if not 0 <= position <= len(self._history):
            raise SessionError(f"no position {position}: the history has {len(self._history)}")
        at, current = self._current
        if position == at:
            return current
        start = max(p for p in self._checkpoints if p <= position)
        state = self._checkpoints[start]
        if start < at <= position:
            start, state = at, current
        for index in range(start, position):
            state = self._replay(state, self._history[index], index)
            if (index + 1) % CHECKPOINT_EVERY == 0:
                self._checkpoints[index + 1] = state
        return state

    @property
    def solutions(self) -> Solutions[P] | None:
        """What is known of the puzzle's solutions (``None``: not searched yet)."""
        return self._solutions

    @property
    def verdict(self) -> Verdict | None:
        """One solution, several, none or unknown (``None``: not searched yet)."""
        return None if self._solutions is None else self._solutions.verdict

    @property
    def help_unavailable(self) -> str | None:
        """Why hints, checking against the solution and showing it are unavailable
        (``None``: they are available, or the solutions are not known yet)."""
        return unavailable(self._solutions)

    def solve_question(self) -> SolveQuestion[P] | None:
        """What to search (off the front end's thread) before the solution is known, or
        ``None`` when it is known; give the answer to :meth:`learn`."""
        if self._solutions is not None:
            return None
        return SolveQuestion(self._kind.name, self._puzzle)

    def learn(self, solutions: Solutions[P]) -> None:
        """Take the answer to :meth:`solve_question` (a store keeps it with the puzzle).
        Nothing changes when the solutions were known already."""
        if self._solutions is None:
            self._commit("solutions", solutions=solutions, activity=False)

    @property
    def solution(self) -> P:
        """The puzzle's unique solution; ``SessionError`` says why there is none.

        When the solutions are not known yet they are searched here, in the caller's
        thread (within :data:`~grille.game.assist.SOLVE_BUDGET` nodes): front ends that
        must stay responsive answer :meth:`solve_question` elsewhere first.
        """
        question = self.solve_question()
        if question is not None:
            self.learn(solve(question))
        assert self._solutions is not None
        reason = unavailable(self._solutions)
        if reason is not None or self._solutions.solution is None:
            raise SessionError(reason or "the puzzle has no solution")
        return self._solutions.solution

    def conflicts(self, mode: CheckMode | str | None = None) -> tuple[Violation, ...]:
        """What is wrong with the grid by ``mode`` (default: the session's checking mode).

        ``rules``: the kind's violations; ``solution``: each entry that differs from the
        unique solution (nothing while the solutions are not known, or not one); ``off``:
        nothing.
        """
        checking = self.checking if mode is None else CheckMode.parse(mode)
        if checking is CheckMode.RULES:
            return tuple(self._kind.check(self.state))
        if checking is CheckMode.SOLUTION and self.verdict is Verdict.UNIQUE:
            return tuple(
                Violation(f"r{row + 1}c{col + 1} does not match the solution", ((row, col),))
                for row, col in self._kind.wrong_cells(self.state, self.solution)
            )
        return ()

    def __repr__(self) -> str:
        return (
            f"<Session {self._kind.name} {self._kind.size_of(self._puzzle)} at "
            f"{self.position}/{len(self._history)}, {self._status.value}>"
        )

    # -- listeners -------------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with every change; returns the function that unsubscribes it."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    # -- moves -------------------------------------------------------------------------------

    def play(self, move: str) -> HistoryEntry | None:
        """Play ``move``; the new entry, or ``None`` when it changes nothing.

        A placement also takes its value out of its peers' pencil marks when
        :attr:`auto_clean` is on, in the same entry. ``MoveError`` quotes a bad move.
        """
        parsed = parse_move(move)
        if parsed.op is MoveOp.FILL_MARKS:
            return self.fill()
        self._require_playing("play")
        return self._add(Action.MOVE, [str(parsed)], "play")

    def fill(self) -> HistoryEntry | None:
        """Fill every empty cell's pencil marks from the rules, keeping the player's
        eliminations (a cell with marks keeps only those the rules still allow)."""
        self._require_playing("fill in pencil marks")
        return self._add(Action.FILL, ["fill"], "fill", clean=False)

    def restart(self) -> HistoryEntry | None:
        """Clear every entry and mark, as one undoable entry (``None`` if nothing to clear)."""
        self._require_playing("restart")
        moves = self._kind.moves_between(self.state, self._puzzle)
        return self._add(Action.RESTART, list(moves), "restart", clean=False)

    def show_solution(self) -> HistoryEntry | None:
        """Fill in the solution as one undoable entry; the game then counts as helped."""
        self._require_playing("show the solution")
        moves = self._kind.moves_between(self.state, self.solution)
        if not moves:
            return None
        progress = replace(self._progress, solution_shown=True)
        return self._add(Action.SOLUTION, list(moves), "solution", clean=False, progress=progress)

    def hint_question(self) -> HintQuestion[P] | None:
        """What to work out (off the front end's thread, :func:`~grille.game.assist.
        answer_hint`) for a hint on the grid as it is now; ``None`` when the answer is
        known already, so :meth:`hint` answers at once.

        ``SessionError`` at once when no hint can be given: the game is paused, or the
        puzzle has not exactly one solution (:attr:`help_unavailable`).
        """
        self._require_playing("ask for a hint")
        reason = self.help_unavailable
        if reason is not None:
            raise SessionError(reason)
        if self._answer is not None and self._answer.state == self.state:
            return None
        return HintQuestion(self._kind.name, self._puzzle, self.state, self._solutions)

    def hint(self, depth: int = 1, answer: HintAnswer[P] | None = None) -> Hint[P]:
        """The hint at ``depth`` (1 nudge, 2 technique, 3 cells, 4 step, 5 apply).

        ``answer`` is the answer to :meth:`hint_question` worked out elsewhere; without it
        the answer known for this grid is used, or worked out here, in the caller's thread.
        At depth 5 the step is applied as a history entry (with the marks clean-up of its
        placements). Mistakes in the grid are pointed out first; their depth 5 clears the
        wrong entries. A hint counts once per step revealed, however deep. ``SessionError``
        when the game is paused, the puzzle has not one solution, or ``answer`` is for
        another grid (the player moved on meanwhile).
        """
        if depth not in DEPTHS:
            raise SessionError(f"hint depth must be 1 to 5, got {depth!r}")
        if answer is None:
            question = self.hint_question()
            answer = self._answer if question is None else answer_hint(question)
            assert answer is not None
        self._require_playing("ask for a hint")
        if answer.state != self.state:
            raise SessionError("the grid changed while the hint was worked out; ask again")
        self.learn(answer.solutions)
        if answer.hint is None:
            raise SessionError(unavailable(answer.solutions) or "no hint for this puzzle")
        self._answer = answer
        shaped = shape_hint(self._kind, self.state, answer.hint, depth, answer.solutions.solution)
        key = revealed(answer.hint)
        progress = None
        if key not in self._revealed:  # a new step (or mistake): one more hint
            progress = replace(self._progress, hints_used=self._progress.hints_used + 1)
        if shaped.moves:
            applied = self._add(
                Action.HINT, list(shaped.moves), "hint", clean=shaped.clean, progress=progress
            )
            progress = None if applied is not None else progress
        if progress is not None:
            self._commit("hint", progress=progress)
        self._revealed.add(key)
        return shaped.hint

    def next_hint(self, answer: HintAnswer[P] | None = None) -> Hint[P]:
        """The next deeper hint for this position: 1 the first time, then 2, 3, 4, and 5
        applies the step. Any change of the grid starts again at 1. ``answer``: the answer
        to :meth:`hint_question` worked out elsewhere, as :meth:`hint` takes it."""
        depth = min(self._hint_depth + 1, 5)
        current = self._current
        found = self.hint(depth, answer)
        if self._current is current:  # the grid did not change: go deeper next time
            self._hint_depth = depth
        return found

    def _add(
        self,
        action: Action,
        moves: list[str],
        name: str,
        *,
        clean: bool = True,
        progress: Progress | None = None,
    ) -> HistoryEntry | None:
        """Apply ``moves`` (and their marks clean-up) as one new entry at the position."""
        before = self.state
        after = before
        for move in moves:
            after = self._kind.apply(after, move)
        if clean and self.auto_clean:
            for move in tuple(moves):
                cleanup = self._kind.peer_moves(after, move)
                for extra in cleanup:
                    after = self._kind.apply(after, extra)
                moves.extend(cleanup)
        if not self._kind.moves_between(before, after):
            return None
        entry = HistoryEntry(action, tuple(moves), self._clock())
        position = self.position
        self._commit(
            name,
            progress=progress,
            position=position + 1,
            state=after,
            edit=(position, (entry,)),
        )
        return entry

    # -- undo, redo, savepoints -------------------------------------------------------------

    def undo(self) -> HistoryEntry:
        """Step back over the last entry in effect; returns it."""
        self._require_playing("undo")
        if not self.can_undo:
            raise SessionError("nothing to undo")
        entry = self._history[self.position - 1]
        self._go(self.position - 1, "undo")
        return entry

    def redo(self) -> HistoryEntry:
        """Apply the next undone entry again; returns it."""
        self._require_playing("redo")
        if not self.can_redo:
            raise SessionError("nothing to redo")
        entry = self._history[self.position]
        self._go(self.position + 1, "redo")
        return entry

    def goto(self, position: int) -> None:
        """Undo or redo to ``position`` (0: the puzzle, ``len(history)``: the last entry)."""
        self._require_playing("move through the history")
        self._go(position, "goto")

    def add_savepoint(self, name: str) -> Savepoint:
        """Name the current position (a savepoint of the same name moves here).

        ``SessionError`` for a name no front end can show or address safely (see
        :func:`~grille.game.history.savepoint_name`)."""
        label = savepoint_name(name)
        point = Savepoint(label, self.position, self._clock())
        kept = tuple(p for p in self._savepoints if p.name != label)
        self._commit("savepoint", savepoints=(*kept, point))
        return point

    def savepoint(self, name: str) -> Savepoint:
        """The savepoint called ``name``."""
        for point in self._savepoints:
            if point.name == name.strip():
                return point
        known = ", ".join(repr(p.name) for p in self._savepoints) or "none"
        raise SessionError(f"no savepoint {name!r}; savepoints: {known}")

    def return_to(self, name: str) -> Savepoint:
        """Go back (or forward) to a savepoint; the moves after it stay redoable."""
        self._require_playing("return to a savepoint")
        point = self.savepoint(name)
        self._go(point.position, "return")
        return point

    def abandon(self, name: str) -> Savepoint:
        """Go back to a savepoint and drop every entry after it: the "what if" failed."""
        self._require_playing("abandon a branch")
        point = self.savepoint(name)
        self._commit(
            "abandon",
            position=point.position,
            state=self.state_at(point.position),
            edit=(point.position, ()),
        )
        return point

    def remove_savepoint(self, name: str) -> None:
        """Forget a savepoint (the history stays as it is)."""
        point = self.savepoint(name)
        kept = tuple(p for p in self._savepoints if p is not point)
        self._commit("remove-savepoint", savepoints=kept)

    def _go(self, position: int, name: str) -> None:
        state = self.state_at(position)
        if position != self.position:
            self._commit(name, position=position, state=state)

    # -- timer and settings -----------------------------------------------------------------

    def shown(self, *, reopened: bool = False) -> None:
        """A sign of life: the game is on screen. The clock starts (unless paused or
        solved) or counts the time since the last sign of life; a front end calls this
        when it shows the game and every :data:`~grille.game.timer.HEARTBEAT` seconds while
        it stays shown.

        ``reopened``: the front end just opened the game (a new process, after a restart).
        A clock still running whose last sign of life is older than
        :data:`~grille.game.timer.GRACE` was left by a front end that went away without a
        word (killed, crashed: a live one would have sent heartbeats), so it counts none
        of that silence."""
        if self.paused or self.solved:
            return
        timer = self._progress.timer
        if reopened and timer.seen is not None and self._clock() - timer.seen > GRACE:
            left = Timer(timer.elapsed)  # stopped at the last sign of life
            self._commit("shown", progress=replace(self._progress, timer=left))
            return
        self._commit("shown")

    def hidden(self) -> None:
        """The game left the screen (another view, a hidden tab, the app closing): the
        clock stops until the game is shown or played again."""
        if self.timer_running:
            timer = self._progress.timer.stopped(self._clock())
            self._commit("hidden", progress=replace(self._progress, timer=timer),
                         activity=False)

    def pause(self) -> None:
        """Stop the clock until :meth:`resume`; meanwhile the grid cannot change and no
        help is given (:class:`SessionError`)."""
        if not self.paused:
            self._commit("pause", progress=replace(self._progress, paused=True))

    def resume(self) -> None:
        """Let the clock count again (unless the grid is solved)."""
        if self.paused:
            self._commit("resume", progress=replace(self._progress, paused=False))

    def _require_playing(self, what: str) -> None:
        if self.paused:
            raise SessionError(f"the game is paused: resume it to {what}")

    def set_checking(self, mode: CheckMode | str) -> None:
        """Check against nothing, the rules or the solution from now on."""
        checking = CheckMode.parse(mode)
        if checking is CheckMode.SOLUTION:
            self.solution  # noqa: B018  (refuse the mode for a puzzle without one solution)
        if checking is not self.checking:
            self._commit("checking", progress=replace(self._progress, checking=checking))

    def set_auto_clean(self, on: bool) -> None:
        """Whether placements take their value out of their peers' pencil marks."""
        if on is not self.auto_clean:
            self._commit("auto-clean", progress=replace(self._progress, auto_clean=on))

    # -- the one place where the session changes --------------------------------------------

    def _commit(
        self,
        name: str,
        *,
        progress: Progress | None = None,
        position: int | None = None,
        state: P | None = None,
        edit: tuple[int, tuple[HistoryEntry, ...]] | None = None,
        savepoints: tuple[Savepoint, ...] | None = None,
        solutions: Solutions[P] | None = None,
        activity: bool = True,
    ) -> None:
        """Tell the listeners about a change, then make it (a listener raising cancels it).

        ``activity``: the change is a sign of life from the player (it starts or advances
        the clock); learning the solutions or hiding the game is not."""
        moved = state is not None
        new_position = self.position if position is None else position
        new_state = self.state if state is None else state
        status = self._kind.status(new_state) if moved else self._status
        base = replace(progress or self._progress, position=new_position)
        new_progress = _with_timer(base, status, self._clock(), activity=activity)
        if edit is not None:  # a savepoint past a rewritten part of the history goes
            points = self._savepoints if savepoints is None else savepoints
            kept = tuple(p for p in points if p.position <= edit[0])
            if savepoints is not None or kept != self._savepoints:
                savepoints = kept
        change = Change(
            name,
            new_progress,
            status,
            None if edit is None else edit[0],
            () if edit is None else edit[1],
            savepoints,
            solutions,
        )
        for listener in tuple(self._listeners):
            listener(change)
        if edit is not None:
            start, entries = edit
            del self._history[start:]
            self._history.extend(entries)
            for stale in [p for p in self._checkpoints if p > start]:
                del self._checkpoints[stale]
        if savepoints is not None:
            self._savepoints = savepoints
        if solutions is not None:
            self._solutions = solutions
        if moved:
            self._hint_depth = 0
            self._current = (new_position, new_state)
            self._status = status
        self._progress = new_progress

    def _replay(self, state: P, entry: HistoryEntry, index: int) -> P:
        try:
            for move in entry.moves:
                state = self._kind.apply(state, move)
        except GrilleError as error:
            where = f"history entry {index + 1} ({entry})"
            raise SessionError(f"{where} does not replay: {error}") from None
        return state


def _with_timer(progress: Progress, status: Status, now: float, *, activity: bool) -> Progress:
    """``progress`` with its clock stopped when paused or solved, else advanced to ``now``
    by a sign of life (``activity``), or left as it is."""
    timer = progress.timer
    if progress.paused or status is Status.SOLVED:
        timer = timer.stopped(now)
    elif activity:
        timer = timer.touched(now)
    return progress if timer == progress.timer else replace(progress, timer=timer)


def replay(kind: Kind[P], puzzle: P, moves: Sequence[str]) -> P:
    """``puzzle`` with ``moves`` applied in order; ``MoveError`` quotes the first bad one."""
    state = puzzle
    for move in moves:
        state = kind.apply(state, move)
    return state

