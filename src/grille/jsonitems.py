"""Puzzle objects in a JSON text, as every kind's JSON format lays them out.

A text holds one puzzle object, a list of them, an object whose ``"puzzles"`` is such a
list, or JSON lines: one puzzle object a line, optionally followed on its line by a rating
(a TAB, ``;`` or spaces, then its fields; see :mod:`grille.rated`), as ``grille rate`` and
``grille batch`` write them. What the objects hold is the kind's business.

:func:`raw_decode` and :func:`loads` are ``json``'s, except that a value nested too deeply for
Python's parser (which raises ``RecursionError`` some hundreds of levels down) is a
``json.JSONDecodeError`` at the bracket where the nesting is deepest, and a string holding a
lone UTF-16 surrogate (an escape like ``\\ud800`` without its pair: no character, which no
writer can put in UTF-8) one at that escape: every JSON reader of grille decodes through
them, so such a text is a parse error with its place like any other.

>>> json_items('{"a": 1}\\t3.4\\n{"a": 2}\\n', "<input>")
[(1, {'a': 1}, '3.4'), (2, {'a': 2}, '')]
>>> json_items('{"puzzles": [{"a": 1},\\n {"a": 2}]}', "<input>")
[(1, {'a': 1}, ''), (2, {'a': 2}, '')]
"""

from __future__ import annotations

import json
import re
from typing import Any

from grille.errors import ParseError
from grille.rated import SEPARATORS

__all__ = ["json_items", "loads", "raw_decode"]

_DECODER = json.JSONDecoder()
_SPACE = " \t\r\n"


def raw_decode(text: str, index: int = 0) -> tuple[Any, int]:
    """The JSON value starting at ``index`` and the offset after it, as
    ``json.JSONDecoder().raw_decode``; nesting too deep, or a string holding a lone UTF-16
    surrogate (``"\\ud800"``: no character, which no UTF-8 text can hold), is a
    ``json.JSONDecodeError``."""
    try:
        value, end = _DECODER.raw_decode(text, index)
    except RecursionError:
        raise _too_deep(text, index) from None
    if text.find("\\u", index, end) >= 0 or _SURROGATE.search(text, index, end):
        _check_strings(value, text, index, end)
    return value, end


def loads(text: str) -> Any:
    """The JSON document ``text``, as ``json.loads``, refusing what :func:`raw_decode`
    refuses."""
    value, end = raw_decode(text, len(text) - len(text.lstrip(_SPACE)))
    rest = text[end:]
    if rest.strip(_SPACE):
        raise json.JSONDecodeError("Extra data", text, end + len(rest) - len(rest.lstrip(_SPACE)))
    return value


_SURROGATE = re.compile("[\ud800-\udfff]")
_ESCAPE = re.compile(r"\\u[dD]([89abAB])[0-9a-fA-F]{2}|\\u[dD][c-fC-F][0-9a-fA-F]{2}")


def _check_strings(value: Any, text: str, start: int, end: int) -> None:
    """Refuse ``value`` (decoded from ``text[start:end]``) if a string in it holds a lone
    surrogate: a ``json.JSONDecodeError`` at its escape (the first lone one)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                break
        elif isinstance(item, dict):
            stack += item.keys()
            stack += item.values()
        elif isinstance(item, list):
            stack += item
    else:
        return
    where = start
    matches = list(_ESCAPE.finditer(text, start, end))
    for number, match in enumerate(matches):
        paired = match[1] and number + 1 < len(matches) and (
            matches[number + 1].start() == match.end() and not matches[number + 1][1])
        after_pair = match[1] is None and number > 0 and matches[number - 1][1] is not None and (
            matches[number - 1].end() == match.start())
        if not (paired or after_pair):
            where = match.start()
            break
    raise json.JSONDecodeError("a lone UTF-16 surrogate is not a character", text, where)


def _too_deep(text: str, start: int) -> json.JSONDecodeError:
    """The error for the value at ``start`` nested too deeply: at its deepest bracket (the
    first one of that depth; brackets inside strings are not counted)."""
    depth = deepest = 0
    where = start
    index = start
    in_string = False
    while index < len(text):
        char = text[index]
        if in_string:
            if char == "\\":
                index += 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest, where = depth, index
        elif char in "]}":
            depth -= 1
            if depth <= 0:
                break
        index += 1
    reason = f"a JSON value nested {deepest} levels deep: more than grille reads"
    return json.JSONDecodeError(reason, text, where)


def json_items(text: str, source: str) -> list[tuple[int, Any, str]]:
    """Each puzzle value of ``text`` with the line it starts on and the rating after it on its
    line (``""``: none); ``ParseError`` at bad JSON, text after a value, or JSON lines that
    are not all objects."""

    def line_of(position: int) -> int:
        return text.count("\n", 0, position) + 1

    def column_of(position: int) -> int:
        return position - text.rfind("\n", 0, position)

    values: list[tuple[int, Any, str]] = []
    position = _skip_space(text, 0)
    while position < len(text):
        try:
            value, end = raw_decode(text, position)
        except json.JSONDecodeError as error:
            raise ParseError(f"bad JSON: {error.msg}", line=error.lineno, column=error.colno,
                             source=source) from None
        line_end = len(text) if (newline := text.find("\n", end)) < 0 else newline
        rest = text[end:line_end].rstrip()
        if rest and (rest[0] not in SEPARATORS or not isinstance(value, dict)):
            extra = end + len(rest) - len(rest.lstrip())
            reason = ("extra text after the JSON value" if rest[0] not in SEPARATORS
                      else "a rating follows a puzzle object on its line, not a list")
            raise ParseError(reason, line=line_of(extra), column=column_of(extra),
                             source=source)
        rating = rest[1:].strip() if rest[:1] in ("\t", ";") else rest.strip()
        values.append((position, value, rating))
        position = _skip_space(text, line_end)
    if len(values) == 1:
        start, first, rating = values[0]
        if isinstance(first, list) or (isinstance(first, dict) and "puzzles" in first):
            return [(line_of(at), item, "") for at, item in _listed(text, start, source)]
        return [(line_of(start), first, rating)]
    for at, value, _ in values:
        if not isinstance(value, dict):
            raise ParseError("JSON lines hold one puzzle object a line", line=line_of(at),
                             column=column_of(at), source=source)
    return [(line_of(at), value, rating) for at, value, rating in values]


def _listed(text: str, start: int, source: str) -> list[tuple[int, Any]]:
    """The items, with their offsets, of the list at ``start`` or of the ``"puzzles"`` list
    of the object at ``start``."""
    if text[start] == "{":
        if not isinstance(_DECODER.raw_decode(text, start)[0]["puzzles"], list):
            raise ParseError('"puzzles" must be a list', line=text.count("\n", 0, start) + 1,
                             source=source)
        start = text.index("[", text.index('"puzzles"', start))
    items = []
    index = _skip_space(text, start + 1)
    while index < len(text) and text[index] != "]":
        value, end = _DECODER.raw_decode(text, index)
        items.append((index, value))
        index = _skip_space(text, end)
        if text.startswith(",", index):
            index = _skip_space(text, index + 1)
    return items


def _skip_space(text: str, index: int) -> int:
    """The offset of the first non-whitespace character from ``index`` on."""
    while index < len(text) and text[index] in _SPACE:
        index += 1
    return index
