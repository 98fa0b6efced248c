"""What a kind says about itself, as plain data: :class:`KindInfo`.

Every kind package has a light ``info`` module (no numba, no web stack) whose ``INFO`` is
its :class:`KindInfo`: its name and title, its formats and how their puzzles lie in a
text, its levels, the sizes a new game offers, its symmetries, its size caps, its rule
variants, and the options only it takes (Sudoku's rating scale). The registry
(:mod:`grille.kinds`), the command line, the web page, the terminal game and batch work
read it; none keeps its own table of kinds. This is Simon Tatham's ``struct game`` and
python-chess's variant classes: the kind carries its presets, front ends carry none.

>>> from grille.kinds import kind_info
>>> info = kind_info("sudoku")
>>> info.title, info.default_size, info.format("line").layout
('Sudoku', '9x9', <Layout.LINES: 'lines'>)
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["FormatInfo", "KindInfo", "KindOption", "Layout", "Preset"]


class Layout(enum.Enum):
    """How the puzzles of a format lie in its text."""

    LINES = "lines"
    """One puzzle per line (comment lines may come before it)."""
    PARAGRAPHS = "paragraphs"
    """Puzzles in blocks separated by blank lines."""
    DOCUMENT = "document"
    """The whole text is one document (JSON, XML); read only as a whole."""


@dataclass(frozen=True, slots=True)
class FormatInfo:
    """One text format of a kind: its name, layout, and what it is for."""

    name: str
    layout: Layout
    description: str = ""
    one_line: bool = False
    """Writes a puzzle on one line without a TAB (so a rating can follow it)."""
    marks: bool = False
    """Shows pencil marks."""
    rated: bool = False
    """Reads and writes a rating after each puzzle (``P<TAB>fields``, ``P;11.9``)."""
    batch_output: bool = False
    """A batch may write its puzzles in this format (one line each)."""


@dataclass(frozen=True, slots=True)
class Preset:
    """A size a new game offers: as :class:`~grille.kind.GenerateOptions` spells it, and how
    a menu shows it."""

    size: str
    label: str = ""

    @property
    def sides(self) -> tuple[int, int]:
        """(rows, columns) of ``"9x9"``."""
        first, _, second = self.size.partition("x")
        return int(first), int(second or first)

    def __str__(self) -> str:
        return self.label or self.size


@dataclass(frozen=True, slots=True)
class KindOption:
    """An option only some kinds take (Sudoku's ``--scale``), as data a front end turns into
    a flag, a field or a menu.

    ``commands`` are the commands that take it (``rate``, ``explain``, ``hint``, and their
    ``batch`` forms); ``choices`` the values it takes (``None``: any of ``type``);
    ``kernel_uses`` the values that run compiled work of their own, each with its use (a
    key of :data:`grille.kind.KERNEL_USES`), so that it is compiled before a time limit
    starts. ``parse``, when given, reads a value as typed into the one the kind takes (or
    raises ``GrilleError`` quoting it): then ``choices`` are what a menu offers, and a typed
    value need not spell one exactly (Sudoku's ``technique``: names in any case).
    """

    name: str
    help: str
    default: Any
    type: type = str
    choices: tuple[Any, ...] | None = None
    commands: tuple[str, ...] = ("rate", "explain", "hint")
    metavar: str | None = None
    kernel_uses: tuple[tuple[Any, str], ...] = ()
    parse: Callable[[Any], Any] | None = field(default=None, repr=False, compare=False)

    def uses(self, value: Any) -> tuple[str, ...]:
        """The kernel uses ``value`` adds (see :attr:`kernel_uses`)."""
        return tuple(use for at, use in self.kernel_uses if at == value)

    @property
    def flag(self) -> str:
        """``--scale``."""
        return "--" + self.name.replace("_", "-")


@dataclass(frozen=True, slots=True)
class KindInfo:
    """A kind as the front ends know it, without loading it (see the module docstring)."""

    name: str
    title: str
    module: str
    """The package whose ``KIND`` is the kind's :class:`~grille.kind.Kind` object."""
    formats: tuple[FormatInfo, ...]
    default_format: str
    levels: tuple[str, ...]
    """The rating's level names, easiest first."""
    presets: tuple[Preset, ...]
    """The sizes a new game offers, smallest first."""
    default_size: str
    symmetries: tuple[str, ...] = ()
    """Clue symmetries the generator takes, the default first (none: it takes none)."""
    max_side: int = 40
    """The largest number of rows or columns a game of this kind may have (the page's cap)."""
    max_generated_side: int = 16
    """The largest side generated on request in a game (larger takes minutes)."""
    rules: tuple[str, ...] = ()
    """Optional rule variants by name."""
    carried_rules: bool = False
    """Whether a ``# rules:`` line holds for every puzzle after it (else for the next only)."""
    options: tuple[KindOption, ...] = ()
    """Options only this kind takes."""
    description: str = ""
    """One line for menus and ``--help``: what the puzzle is."""
    sniff_order: int = 0
    """Kinds with a lower value are tried first when guessing the kind of a text: a kind
    whose texts another kind's sniffer also claims goes first (a Takuzu grid of 0, 1 and .
    also reads as a Sudoku with empty cells)."""
    entry_help: str = ""
    """How a player types a puzzle of this kind in (the new-puzzle form)."""

    def format(self, name: str) -> FormatInfo:
        """The format called ``name``; ``KeyError`` when the kind has none."""
        for fmt in self.formats:
            if fmt.name == name:
                return fmt
        raise KeyError(name)

    @property
    def format_names(self) -> tuple[str, ...]:
        """Every format's name, in the order of :attr:`formats`."""
        return tuple(fmt.name for fmt in self.formats)

    def formats_laid_out(self, layout: Layout) -> tuple[str, ...]:
        """The formats whose puzzles lie in ``layout``."""
        return tuple(fmt.name for fmt in self.formats if fmt.layout is layout)

    def option(self, name: str) -> KindOption:
        """The kind option called ``name``; ``KeyError`` when the kind has none."""
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def preset_sizes(self) -> tuple[str, ...]:
        """The sizes of :attr:`presets`."""
        return tuple(preset.size for preset in self.presets)

    def __repr__(self) -> str:
        return f"<KindInfo {self.name}: {len(self.formats)} formats, levels {self.levels}>"
