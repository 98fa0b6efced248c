"""Text formats of any kind: a :class:`Format` record per format, one :class:`FormatRegistry`
per kind that reads, writes and sniffs through them.

A kind's ``formats`` package keeps only its format modules (how one format reads and
writes a puzzle) and its sniffer; what every kind does the same way lives here once: a
byte-order mark is dropped, the format is sniffed when not given (or a fallback format
picked, whose parser gives the most useful error), an unknown format name is refused
naming the known ones, a number too long for ``int`` is a parse error at that number,
a text without a puzzle is an error, and a collection is written one puzzle after the
other (a line apart in a format of :attr:`~grille.info.Layout.LINES`, a blank line apart
otherwise) ending with a newline.

>>> from grille.info import FormatInfo, KindInfo, Layout
>>> info = KindInfo("toy", "Toy", "toy", (FormatInfo("word", Layout.LINES),), "word",
...                 (), (), "1x1")
>>> registry = FormatRegistry(info, (Format("word", read=lambda text, source: [
...     Entry(w, n, "word") for n, w in enumerate(text.splitlines(), 1) if w],  # type: ignore
...     dump=str),), sniff=lambda text: "word" if text.split() else None)
>>> [entry.puzzle for entry in registry.read("ab\\ncd")]
['ab', 'cd']
>>> registry.write(["ab", "cd"], "word")
'ab\\ncd\\n'
>>> registry.read("ab", fmt="xml")
Traceback (most recent call last):
...
grille.errors.GrilleError: unknown Toy format 'xml'; known: word
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from grille.errors import GrilleError, ParseError, long_number_error
from grille.info import KindInfo, Layout
from grille.kind import Entry, Puzzle

__all__ = ["Format", "FormatRegistry"]

P = TypeVar("P", bound=Puzzle)

_BOM = "\ufeff"


@dataclass(frozen=True, slots=True)
class Format(Generic[P]):
    """One text format: how it reads a text, writes one puzzle, and (when not simply one
    puzzle after the other) writes a collection.

    ``read(text, source)`` gives every puzzle of ``text`` with the line it starts on and
    raises ``ParseError`` (line and column) at the first bad character; ``dump(puzzle)`` is
    one puzzle without a trailing newline; ``write(puzzles)``, when given, is the whole
    collection without its final newline (a document, or puzzles with headers between them).
    """

    name: str
    read: Callable[[str, str], list[Entry[P]]]
    dump: Callable[[P], str]
    write: Callable[[Sequence[P]], str] | None = None


class FormatRegistry(Generic[P]):
    """The formats of the kind ``info`` describes, in the order of its
    :attr:`~grille.info.KindInfo.formats`.

    ``sniff(text)`` names the format ``text`` looks like (the kind's sniffer, which weighs
    the formats against each other), or ``None``; ``fallback(text, source)`` names the
    format to parse an unrecognised text with (or raises ``ParseError`` itself).
    """

    def __init__(
        self,
        info: KindInfo,
        formats: Sequence[Format[P]],
        *,
        sniff: Callable[[str], str | None],
        fallback: Callable[[str, str], str] | None = None,
    ) -> None:
        names = tuple(fmt.name for fmt in formats)
        if names != info.format_names:
            raise GrilleError(f"{info.name} formats {names} differ from its info's "
                              f"{info.format_names}")
        self.info = info
        self.names = names
        self._formats = {fmt.name: fmt for fmt in formats}
        self._sniff = sniff
        self._fallback = fallback

    def __repr__(self) -> str:
        return f"<FormatRegistry {self.info.name}: {', '.join(self.names)}>"

    def format(self, name: str) -> Format[P]:
        """The format called ``name``; ``GrilleError`` naming the known ones otherwise."""
        found = self._formats.get(name)
        if found is None:
            raise GrilleError(
                f"unknown {self.info.title} format {name!r}; known: {', '.join(self.names)}"
            )
        return found

    def sniff(self, text: str) -> str | None:
        """The name of the format ``text`` looks like, or ``None``."""
        return self._sniff(text.removeprefix(_BOM))

    def read(self, text: str, *, fmt: str | None = None, source: str = "<input>") -> list[Entry[P]]:
        """Every puzzle in ``text``, each with the line it starts on; the format is sniffed
        if ``fmt`` is ``None``. Raises ``ParseError`` at the first bad character."""
        text = text.removeprefix(_BOM)
        try:  # a number too long for int (from a sniffer, a reader or json) is a parse error
            if fmt is None:
                fmt = self._sniff(text) or self._fallback_format(text, source)
            entries = self.format(fmt).read(text, source)
        except ValueError as error:
            raise long_number_error(error, text, source) or error from None
        if not entries:
            raise ParseError("no puzzle found", source=source)
        return entries

    def dump(self, puzzle: P, fmt: str) -> str:
        """``puzzle`` written in ``fmt``, without a trailing newline."""
        return self.format(fmt).dump(puzzle)

    def write(self, puzzles: Sequence[P], fmt: str) -> str:
        """A collection of puzzles in ``fmt``, ending with a newline (empty when there are
        no puzzles and the format writes nothing for none)."""
        found = self.format(fmt)
        if found.write is not None:
            body = found.write(puzzles)
        else:
            separator = "\n" if self.info.format(fmt).layout is Layout.LINES else "\n\n"
            body = separator.join(found.dump(puzzle) for puzzle in puzzles)
        return body + "\n" if body else ""

    def _fallback_format(self, text: str, source: str) -> str:
        if self._fallback is not None:
            return self._fallback(text, source)
        if not text.strip():
            raise ParseError("no puzzle found", source=source)
        raise ParseError(f"not a {self.info.title} puzzle in any known format", source=source)
