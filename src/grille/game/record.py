"""A game session as data: what a store keeps and :meth:`Session.from_record` rebuilds.

A :class:`SessionRecord` holds the kind's name, the puzzle as text in the kind's default
format, the whole history (undone entries too, so redo survives a reload), the savepoints
and the :class:`Progress` (position, timer, settings, help used). ``to_json`` and
``from_json`` give it a plain JSON form for files and web APIs.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from grille.game.errors import SessionError
from grille.game.history import Action, HistoryEntry, Savepoint
from grille.game.timer import Timer

__all__ = ["CheckMode", "Progress", "SessionRecord"]


class CheckMode(enum.Enum):
    """What the board is checked against while playing."""

    OFF = "off"
    """No checking."""
    RULES = "rules"
    """The kind's rules: repeated digits, broken sums, three in a row ..."""
    SOLUTION = "solution"
    """The unique solution: every entry that differs from it."""

    @classmethod
    def parse(cls, value: CheckMode | str) -> CheckMode:
        """The mode named ``value`` (``"off"``, ``"rules"``, ``"solution"``)."""
        if isinstance(value, CheckMode):
            return value
        try:
            return cls(value)
        except ValueError:
            names = ", ".join(mode.value for mode in cls)
            raise SessionError(f"no checking mode {value!r}; modes: {names}") from None


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a game stands apart from its history: position, timer, settings, help used."""

    position: int = 0
    timer: Timer = field(default_factory=Timer)
    paused: bool = False
    """The player paused the game (the timer also stops by itself once the grid is solved)."""
    checking: CheckMode = CheckMode.OFF
    auto_clean: bool = True
    """A placed value leaves its peers' pencil marks, in the same history entry."""
    hints_used: int = 0
    solution_shown: bool = False


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """Everything needed to rebuild a session exactly."""

    kind: str
    puzzle: str
    history: tuple[HistoryEntry, ...] = ()
    savepoints: tuple[Savepoint, ...] = ()
    progress: Progress = field(default_factory=Progress)

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        progress = self.progress
        return {
            "kind": self.kind,
            "puzzle": self.puzzle,
            "history": [
                {"action": e.action.value, "moves": list(e.moves), "made_at": e.made_at}
                for e in self.history
            ],
            "savepoints": [
                {"name": s.name, "position": s.position, "created": s.created}
                for s in self.savepoints
            ],
            "position": progress.position,
            "timer": {"elapsed": progress.timer.elapsed, "seen": progress.timer.seen},
            "paused": progress.paused,
            "checking": progress.checking.value,
            "auto_clean": progress.auto_clean,
            "hints_used": progress.hints_used,
            "solution_shown": progress.solution_shown,
        }

    @classmethod
    def from_json(cls, data: Any) -> SessionRecord:
        """The record ``data`` spells; ``SessionError`` names the first bad field."""
        top = _mapping(data, "record")
        history = tuple(_entry(item, i) for i, item in enumerate(_list(top, "history")))
        savepoints = tuple(_savepoint(item, i) for i, item in enumerate(_list(top, "savepoints")))
        timer = _mapping(top.get("timer", {}), "timer")
        seen_key = "seen" if "seen" in timer else "running_since"  # its older name
        seen = timer.get(seen_key)
        progress = Progress(
            position=_int(top, "position"),
            timer=Timer(
                _number(timer, "elapsed", "timer.elapsed"),
                None if seen is None else _number(timer, seen_key, f"timer.{seen_key}"),
            ),
            paused=_bool(top, "paused", False),
            checking=CheckMode.parse(_str(top, "checking", "off")),
            auto_clean=_bool(top, "auto_clean", True),
            hints_used=_int(top, "hints_used", 0),
            solution_shown=_bool(top, "solution_shown", False),
        )
        return cls(_str(top, "kind"), _str(top, "puzzle"), history, savepoints, progress)


_MISSING: Any = object()


def _mapping(value: Any, name: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise SessionError(f"{name} must be an object, got {value!r}")
    return value


def _field(data: Mapping[str, Any], key: str, default: Any) -> Any:
    value = data.get(key, default)
    if value is _MISSING:
        raise SessionError(f"the record has no {key!r}")
    return value


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise SessionError(f"{key!r} must be a list, got {value!r}")
    return value


def _str(data: Mapping[str, Any], key: str, default: Any = _MISSING) -> str:
    value = _field(data, key, default)
    if not isinstance(value, str):
        raise SessionError(f"{key!r} must be text, got {value!r}")
    return value


def _bool(data: Mapping[str, Any], key: str, default: Any = _MISSING) -> bool:
    value = _field(data, key, default)
    if not isinstance(value, bool):
        raise SessionError(f"{key!r} must be true or false, got {value!r}")
    return value


def _int(data: Mapping[str, Any], key: str, default: Any = _MISSING, name: str = "") -> int:
    value = _field(data, key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise SessionError(f"{name or key!r} must be a whole number >= 0, got {value!r}")
    return value


def _number(data: Mapping[str, Any], key: str, name: str) -> float:
    value = _field(data, key, 0.0)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise SessionError(f"{name!r} must be a number, got {value!r}")
    return float(value)


def _entry(item: Any, index: int) -> HistoryEntry:
    where = f"history[{index}]"
    data = _mapping(item, where)
    action = _str(data, "action")
    try:
        kind = Action(action)
    except ValueError:
        actions = ", ".join(a.value for a in Action)
        raise SessionError(f"{where}: no action {action!r}; actions: {actions}") from None
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) and m for m in moves):
        raise SessionError(f"{where}.moves must be a list of move strings, got {moves!r}")
    return HistoryEntry(kind, tuple(moves), _number(data, "made_at", f"{where}.made_at"))


def _savepoint(item: Any, index: int) -> Savepoint:
    where = f"savepoints[{index}]"
    data = _mapping(item, where)
    return Savepoint(
        _str(data, "name"),
        _int(data, "position", name=f"{where}.position"),
        _number(data, "created", f"{where}.created"),
    )
