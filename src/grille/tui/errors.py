"""Errors inside the terminal game: shown in the app, never a traceback that ends it.

Textual ends the app on any exception a message handler, an action or a worker lets
through. The game keeps going instead: :class:`grille.tui.app.GrilleApp` runs every action
(each key binding) through :func:`report_error` on failure, workers are started with
``exit_on_error=False`` and report their failure the same way, and message handlers that
reach the store or a kind are wrapped with :func:`reports_errors`.
"""

from __future__ import annotations

import functools
import inspect
import sqlite3
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

from textual.app import App
from textual.dom import DOMNode

__all__ = ["error_text", "report_error", "reports_errors"]

F = TypeVar("F", bound=Callable[..., Any])


def error_text(error: BaseException) -> str:
    """What the player reads: the message of an input error (grille's errors are
    ``ValueError`` subclasses that name what is wrong), else the kind of failure too."""
    if isinstance(error, ValueError):
        return str(error) or type(error).__name__
    if isinstance(error, sqlite3.Error):
        return f"the game store failed: {error}"
    return f"unexpected error ({type(error).__name__}): {error}"


def report_error(app: App[Any], error: BaseException, doing: str = "") -> None:
    """Show ``error`` as a notification (and its traceback in Textual's log)."""
    app.log.error("".join(traceback.format_exception(error)))
    prefix = f"Could not {doing}: " if doing else ""
    app.notify(prefix + error_text(error), title="grille", severity="error", timeout=8)


def reports_errors(handler: F) -> F:
    """A message handler of a widget or screen whose exceptions are reported, not fatal."""
    if inspect.iscoroutinefunction(handler):

        @functools.wraps(handler)
        async def guarded_async(node: DOMNode, *args: Any, **kwargs: Any) -> Any:
            try:
                return await handler(node, *args, **kwargs)
            except Exception as error:
                report_error(node.app, error)
                return None

        return guarded_async  # type: ignore[return-value]

    @functools.wraps(handler)
    def guarded(node: DOMNode, *args: Any, **kwargs: Any) -> Any:
        try:
            return handler(node, *args, **kwargs)
        except Exception as error:
            report_error(node.app, error)
            return None

    return guarded  # type: ignore[return-value]
