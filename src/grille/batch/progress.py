"""A batch's progress bar on standard error (rate and time left), and its notes.

The bar shows only on a terminal: puzzles done of the total when the input is a file
(indeterminate from a pipe), puzzles per second, time spent and time left. Notes (a puzzle
not solved uniquely, a failed one) print above the bar, or as plain lines without one.
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.progress import Progress

__all__ = ["BatchProgress"]


class BatchProgress:
    """Progress of ``total`` puzzles (``None``: unknown), ``done`` of them already."""

    def __init__(self, label: str, *, total: int | None, done: int = 0, shown: bool) -> None:
        self.label = label
        self.total = total
        self.done = done
        self.shown = shown
        self._progress: Progress | None = None
        self._task: Any = None

    def __repr__(self) -> str:
        return f"BatchProgress({self.label!r}, total={self.total}, done={self.done})"

    def __enter__(self) -> BatchProgress:
        if not self.shown:
            return self
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self._progress = Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
            _rate_column(), TimeElapsedColumn(), TextColumn("elapsed"), TimeRemainingColumn(),
            TextColumn("left"),
            console=Console(stderr=True), transient=False,
        )
        self._progress.start()
        self._task = self._progress.add_task(self.label, total=self.total, completed=self.done)
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None

    def advance(self, count: int) -> None:
        """``count`` more puzzles done."""
        self.done += count
        if self._progress is not None:
            self._progress.update(self._task, completed=self.done)

    def note(self, text: str) -> None:
        """A line for the user on standard error."""
        if self._progress is not None:
            self._progress.console.print(text, markup=False, highlight=False, soft_wrap=True)
        else:
            print(text, file=sys.stderr)


def _rate_column() -> Any:
    """A column with the puzzles per second."""
    from rich.progress import ProgressColumn, Task
    from rich.text import Text

    class RateColumn(ProgressColumn):
        """Puzzles per second."""

        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            if speed is None:
                return Text("?/s", style="progress.data.speed")
            shown = f"{speed:,.0f}" if speed >= 10 else f"{speed:.2f}"
            return Text(f"{shown}/s", style="progress.data.speed")

    return RateColumn()
