"""Knuth's text format for exact cover problems with colours (the input of his DLX programs).

::

    | lines starting with '|' are comments
    p q r | x y
    p q x y:A
    p r x:A y
    p x:B
    q x:A
    r y:B

The first line lists the primary items, then (after a ``|``) the secondary ones. Every
other line is an option: the items it uses, a secondary item possibly with a colour
(``item:colour``). Names are runs of non-blank characters without ``:`` or ``|``.
"""

from __future__ import annotations

import itertools
import re
import sys
from typing import TextIO

from grille.engine.xcc import XCCProblem, XCCSearch
from grille.errors import GrilleError, ParseError

__all__ = ["BUDGET_STATUS", "format_dlx", "parse_dlx", "run_xc"]

BUDGET_STATUS = 3
"""What :func:`run_xc` returns when the node budget stopped the search."""

_TOKEN = re.compile(r"\S+")
_NAME = re.compile(r"[^\s:|]+")

Token = tuple[int, str]
"""A word of a line and its 1-based column."""


def _tokens(line: str) -> list[Token]:
    return [(match.start() + 1, match.group()) for match in _TOKEN.finditer(line)]


class _Reader:
    """Parses one text, remembering where it is to locate errors."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.line = 0
        self.index: dict[str, int] = {}
        self.n_primary = 0
        self.palette: dict[str, int] = {}

    def error(self, reason: str, column: int) -> ParseError:
        return ParseError(reason, line=self.line, column=column, source=self.source)

    def read_items(self, tokens: list[Token]) -> None:
        """The item line: primary names, then ``|`` and secondary names.

        It has a primary item: a line starting with ``|`` is a comment.
        """
        bar = 0
        for column, token in tokens:
            if token == "|":
                if bar:
                    raise self.error("a second '|' in the item line", column)
                bar = column
                continue
            if not _NAME.fullmatch(token):
                raise self.error(f"bad item name {token!r} (no ':' or '|' allowed)", column)
            if token in self.index:
                raise self.error(f"item {token!r} is listed twice", column)
            self.index[token] = len(self.index)
            if not bar:
                self.n_primary += 1

    def read_option(self, tokens: list[Token]) -> tuple[list[int], list[int]]:
        """One option line: its item and colour numbers."""
        items: list[int] = []
        tints: list[int] = []
        for column, token in tokens:
            name, colon, colour = token.partition(":")
            item = self.index.get(name)
            if item is None:
                raise self.error(f"unknown item {name!r}", column)
            if item in items:
                raise self.error(f"item {name!r} appears twice in this option", column)
            tint = 0
            if colon:
                tint = self._colour(item, name, colour, column)
            items.append(item)
            tints.append(tint)
        if min(items) >= self.n_primary:
            raise self.error("an option needs at least one primary item", tokens[0][0])
        return items, tints

    def _colour(self, item: int, name: str, colour: str, column: int) -> int:
        if item < self.n_primary:
            raise self.error(f"primary item {name!r} cannot have a colour", column)
        if not _NAME.fullmatch(colour):
            raise self.error(f"bad colour {colour!r} for item {name!r}", column + len(name) + 1)
        return self.palette.setdefault(colour, len(self.palette) + 1)


def parse_dlx(text: str, *, source: str = "<input>") -> XCCProblem:
    """The problem written in ``text``; each option keeps its input line as its label.

    Raises :class:`~grille.errors.ParseError` at the first bad token.
    """
    reader = _Reader(source)
    options: list[list[int]] = []
    colours: list[list[int]] = []
    labels: list[str] = []
    seen_items = False
    for number, line in enumerate(text.splitlines(), start=1):
        reader.line = number
        stripped = line.strip()
        if not stripped or stripped.startswith("|"):
            continue
        if not seen_items:
            reader.read_items(_tokens(line))
            seen_items = True
            continue
        items, tints = reader.read_option(_tokens(line))
        options.append(items)
        colours.append(tints)
        labels.append(stripped)
    if not seen_items:
        raise ParseError("no item line", line=max(reader.line, 1), column=1, source=source)
    n_items = len(reader.index)
    return XCCProblem.from_indices(
        reader.n_primary,
        n_items - reader.n_primary,
        options,
        colours,
        names=list(reader.index),
        colour_names=list(reader.palette),
        labels=labels,
    )


def format_dlx(problem: XCCProblem) -> str:
    """``problem`` written in the DLX format (options from their items, not their labels)."""
    names = (*problem.primary, *problem.secondary)
    colours = {
        problem.colour_name(tint)
        for option in range(problem.n_options)
        for tint in problem.colours(option)
        if tint
    }
    for name in (*names, *colours):
        if not _NAME.fullmatch(name):
            raise GrilleError(f"{name!r} cannot be written in the DLX format")
    head = " ".join(problem.primary)
    if problem.n_secondary:
        head += " | " + " ".join(problem.secondary)
    lines = [head]
    for option in range(problem.n_options):
        lines.append(
            " ".join(
                name if tint is None else f"{name}:{tint}" for name, tint in problem.option(option)
            )
        )
    return "\n".join(lines) + "\n"


def run_xc(
    text: str,
    *,
    count_only: bool = False,
    limit: int = 0,
    budget: int | None = None,
    out: TextIO,
    err: TextIO | None = None,
    source: str = "<input>",
    backend: str = "auto",
) -> int:
    """Solve the DLX problem ``text`` for ``grille xc``: print to ``out``, return a status.

    Prints each solution (up to ``limit``; 0: all) as its options' input lines, in input
    order, solutions separated by a blank line; or, with ``count_only``, just how many
    there are. Returns 0, or :data:`BUDGET_STATUS` after writing a line to ``err`` when the
    node budget ran out. Raises :class:`~grille.errors.ParseError` on bad input.
    """
    problem = parse_dlx(text, source=source)
    search = XCCSearch(problem, budget=budget, backend=backend)
    if count_only:
        out.write(f"{search.run(limit)}\n")
    else:
        for number, solution in enumerate(itertools.islice(search, limit or None)):
            block = "".join(f"{problem.option_text(option)}\n" for option in solution)
            out.write(block if number == 0 else "\n" + block)
    if search.budget_reached:
        (err or sys.stderr).write(
            f"budget of {budget} nodes reached after {search.count} solutions\n"
        )
        return BUDGET_STATUS
    return 0
