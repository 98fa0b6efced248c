"""f-puzzles' JSON object <-> a Sudoku ``Grid`` with its variant, and the puzzle links.

The object is what f-puzzles' ``exportPuzzle()`` builds (the shared data's README documents
the keys): ``size``, ``grid`` (rows of cell objects: ``value``, ``given``, ``region``),
``title``, ``author``, ``ruleset`` (kept as the metadata ``title``, ``author``, ``rules``) and
one key or more per constraint family (:data:`~grille.sudoku.variants.families.BY_KEY`;
``negative`` lists ``ratio`` and ``xv``). The keys and cell fields that state no rule
(cosmetics, settings, the setter's solution, colours, pencil marks: :data:`KEPT_KEYS`,
:data:`KEPT_CELL_FIELDS`) are kept as the metadata :data:`EXTRAS` and written back; any other
key or cell field grille does not know is an error naming it. Jigsaw regions are written as
they were read: on every cell, or (as f-puzzles' own export) only where a cell's region is not
its default box; a grid whose boxes are not f-puzzles' default (6x6 with 3x2 boxes) writes
``region`` on every cell.

Links: ``https://f-puzzles.com/?load=<lz-string base 64>`` and SudokuPad's
``https://sudokupad.app/fpuzzles<lz-string base 64>`` (also ``?puzzleid=fpuzzles…``,
``sudoku/fpuzzles…``, ``beta.sudokupad.app`` and the CTC app's address); other links to either
site (short ids, SudokuPad's own format) are refused with the reason."""

from __future__ import annotations

import json
import re
from typing import Any

from grille.jsonitems import loads
from grille.sudoku.geometry import Shape, default_shape, supported_sizes
from grille.sudoku.grid import Grid
from grille.sudoku.variants.families import BY_KEY
from grille.sudoku.variants.families.jigsaw import Regions
from grille.sudoku.variants.family import Items
from grille.sudoku.variants.lz import LinkError, compress, decompress
from grille.sudoku.variants.model import Constraint, Variant, VariantError

__all__ = [
    "FPUZZLES_PREFIX",
    "SUDOKUPAD_PREFIX",
    "fpuzzles_of",
    "from_fpuzzles",
    "jigsaw_layout",
    "link_of",
    "payload_of",
    "read_link",
]

FPUZZLES_PREFIX = "https://f-puzzles.com/?load="
SUDOKUPAD_PREFIX = "https://sudokupad.app/fpuzzles"
_LINK_RE = re.compile(
    r"(?:https?://)?(?:www\.)?(?:(f-puzzles\.com/\?(?:.*&)?load=)|"
    r"((?:beta\.)?sudokupad\.app/(?:sudoku/)?(?:\?puzzleid=)?fpuzzles|"
    r"app\.crackingthecryptic\.com/(?:sudoku/)?(?:\?puzzleid=)?fpuzzles))([^&#\s]*)(?:[&#]\S*)?"
)
_SITE_RE = re.compile(r"(?:https?://)?(?:[\w-]+\.)*(f-puzzles\.com|sudokupad\.app|"
                      r"crackingthecryptic\.com)(?:/|$)", re.I)
"""Any link to f-puzzles or SudokuPad (the CTC app is SudokuPad's first home), whether or
not it carries a puzzle grille can read."""
_PERCENT = {"2B": "+", "2F": "/", "3D": "="}
"""The percent-encodings of base 64's own characters a pasted link may hold."""
_PERCENT_RE = re.compile(r"%(2[BbFf]|3[Dd])")  # either case: browsers and chat programs vary
_META = (("title", "title"), ("author", "author"), ("ruleset", "rules"))
_CELL_FIELDS = ("value", "given", "region")
EXTRAS = "fpuzzles-extras"
"""The metadata key of what an f-puzzles object carried that states no rule (:data:`KEPT_KEYS`,
:data:`KEPT_CELL_FIELDS`): one JSON object, its keys in the order read, the cells' fields
under ``grid`` by cell name (``{"grid": {"R1C1": {"c": "#B0FFB0"}}}``); written back as read."""
COSMETIC_KEYS = ("line", "rectangle", "circle", "text", "cage")
"""f-puzzles' cosmetic tools: drawn by f-puzzles and SudokuPad, no rule (a ``cage`` is a
decoration, a ``killercage`` the killer rule); the rules text says what they mean."""
KEPT_KEYS = (*COSMETIC_KEYS, "highlightConflicts", "solution", "disabledlogic",
             "truecandidatesoptions", "activeConstraints")
"""Keys kept verbatim: the cosmetics, f-puzzles' conflict setting and the setter's solution,
and the settings solver add-ons write (dclamage's ``disabledlogic``, ``truecandidatesoptions``;
``activeConstraints``)."""
KEPT_CELL_FIELDS = ("c", "cArray", "centerPencilMarks", "cornerPencilMarks", "givenPencilMarks")
"""Cell fields kept verbatim: highlight colours and the player's pencil marks.
``givenPencilMarks`` only when ``null`` or empty (given marks restrict a cell's digits: a rule
grille does not read)."""
_DEPTH = 4
"""How deeply a kept value may nest (a line is a list of lists of cell names in an object in
a list); deeper is refused, so writing it back cannot exhaust the stack."""


def from_fpuzzles(data: object) -> Grid:
    """The grid an f-puzzles object describes (:class:`VariantError` naming what is wrong)."""
    if not isinstance(data, dict):
        raise VariantError("an f-puzzles puzzle is a JSON object with 'size' and 'grid'")
    size = data.get("size")
    if not isinstance(size, int) or isinstance(size, bool) or size not in supported_sizes():
        raise VariantError(f"f-puzzles 'size' {size!r} is not a size grille plays "
                           f"({', '.join(map(str, supported_sizes()))})")
    items = Items(size)
    metadata = []
    for key, name in _META:
        if key in data:
            if not isinstance(data[key], str):
                raise VariantError(f"f-puzzles {key!r} must be a string")
            metadata.append((name, data[key]))
    cells, givens, regions = _grid(data.get("grid"), size)
    extras = _cell_extras(data["grid"])
    constraints: list[Constraint] = []
    shape = default_shape(size)
    if regions is not None:
        grid_rows: list[list[dict[str, Any]]] = data["grid"]
        sparse = any("region" not in cell for row in grid_rows for cell in row)
        shape, jigsaw = _layout(regions, size, sparse)
        if jigsaw is not None:
            constraints.append(jigsaw)
    for key, value in data.items():
        if key in ("size", "grid") or key in dict(_META):
            continue
        if key in KEPT_KEYS:
            extras[key] = _kept(value, f"f-puzzles {key!r}")
            continue
        if key == "negative":
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise VariantError("f-puzzles 'negative' must be a list of tool names")
            for tool in value:
                family = BY_KEY.get(f"negative:{tool}")
                if family is None:
                    raise VariantError(f"f-puzzles negative constraint {tool!r} is not "
                                       "supported (grille knows 'ratio' and 'xv')")
                constraints += family.read(items, f"negative:{tool}", True)
            continue
        family = BY_KEY.get(key)
        if family is None or key.startswith("negative:"):
            raise VariantError(f"f-puzzles key {key!r} is not a constraint grille supports")
        constraints += family.read(items, key, value)
    if extras:
        grid_fields = extras.pop("grid", None)  # the cells' fields last, as they are written
        if grid_fields:
            extras["grid"] = grid_fields
        metadata.append((EXTRAS, json.dumps(extras, ensure_ascii=False, separators=(",", ":"))))
    variant = Variant(tuple(constraints)) if constraints else None
    given_flags = None if all(g == (c != 0) for g, c in zip(givens, cells, strict=True)) else (
        tuple(givens))
    try:
        return Grid(shape, tuple(cells), given_flags, None, tuple(metadata), variant)
    except VariantError:
        raise
    except ValueError as error:
        raise VariantError(f"f-puzzles grid: {error}") from None


def _grid(raw: object, size: int) -> tuple[list[int], list[bool], list[int] | None]:
    """Digits, clue flags and regions (``None`` when no cell names one) of the grid."""
    if not (isinstance(raw, list) and len(raw) == size and all(
            isinstance(row, list) and len(row) == size for row in raw)):
        raise VariantError(f"f-puzzles 'grid' must be {size} rows of {size} cell objects")
    cells, givens, regions = [], [], []
    layout = default_shape(size)
    for r, row in enumerate(raw):
        for c, cell in enumerate(row):
            where = f"f-puzzles grid cell R{r + 1}C{c + 1}"
            if not isinstance(cell, dict):
                raise VariantError(f"{where} must be an object")
            for field in cell:
                if field not in _CELL_FIELDS and field not in KEPT_CELL_FIELDS:
                    raise VariantError(f"{where}: field {field!r} is not supported "
                                       f"(grille reads {', '.join(_CELL_FIELDS)} and keeps "
                                       f"{', '.join(KEPT_CELL_FIELDS)})")
            marks = cell.get("givenPencilMarks")
            if marks is not None and marks != []:
                raise VariantError(f"{where}: given pencil marks {_shown(marks)} restrict the "
                                   "cell's digits, a rule grille does not support")
            value = cell.get("value", 0)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= size:
                raise VariantError(f"{where}: value {value!r} is not a digit 1..{size}")
            given = cell.get("given", False)
            if not isinstance(given, bool) or (given and not value):
                raise VariantError(f"{where}: 'given' must be true or false, with a value")
            region = cell.get("region", -1)
            if region is None or not isinstance(region, int) or isinstance(region, bool) or not (
                    region == -1 or 0 <= region < size):
                raise VariantError(f"{where}: region {region!r} is not 0..{size - 1}")
            cells.append(value)
            givens.append(given)
            regions.append(region if region >= 0 else _default_region(layout, r, c))
    if all("region" not in cell for row in raw for cell in row):
        return cells, givens, None
    return cells, givens, regions


def _cell_extras(rows: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """``{"grid": {cell name: kept fields}}`` of the cells that carry any (else empty)."""
    cells = {}
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            kept = {field: value for field, value in cell.items() if field in KEPT_CELL_FIELDS}
            if kept:
                cells[f"R{r + 1}C{c + 1}"] = _kept(kept, f"f-puzzles grid cell R{r + 1}C{c + 1}")
    return {"grid": cells} if cells else {}


def _kept(value: object, where: str, depth: int = 0) -> object:
    """``value`` as read (JSON values), refused when nested deeper than :data:`_DEPTH`."""
    if isinstance(value, dict | list):
        if depth >= _DEPTH:
            raise VariantError(f"{where} is nested too deeply for a decoration")
        items = value.values() if isinstance(value, dict) else value
        for item in items:
            _kept(item, where, depth + 1)
    return value


def _shown(value: object) -> str:
    text = json.dumps(value)
    return text if len(text) <= 30 else text[:30] + "…"


def extras_of(grid: Grid) -> dict[str, Any]:
    """What :data:`EXTRAS` keeps of ``grid`` (empty when nothing): checked as the reader
    checks it, so a hand-edited value that would hide a rule or a cell is refused."""
    text = next((value for key, value in grid.metadata if key == EXTRAS), None)
    if text is None:
        return {}
    try:
        extras = loads(text)
    except ValueError:
        raise VariantError(f"metadata {EXTRAS!r} is not JSON") from None
    if not isinstance(extras, dict):
        raise VariantError(f"metadata {EXTRAS!r} must be a JSON object")
    n = grid.size
    for key, value in extras.items():
        if key == "grid":
            if not isinstance(value, dict):
                raise VariantError(f"metadata {EXTRAS!r}: 'grid' must map cell names to fields")
            for name, fields in value.items():
                Items(n).cell(name, f"metadata {EXTRAS!r}")
                if not isinstance(fields, dict) or not all(f in KEPT_CELL_FIELDS for f in fields):
                    raise VariantError(f"metadata {EXTRAS!r}: cell {name} keeps only "
                                       f"{', '.join(KEPT_CELL_FIELDS)}")
                marks = fields.get("givenPencilMarks")
                if marks is not None and marks != []:
                    raise VariantError(f"metadata {EXTRAS!r}: given pencil marks at {name} "
                                       "are a rule grille does not support")
                _kept(fields, f"metadata {EXTRAS!r}")
        elif key in KEPT_KEYS:
            _kept(value, f"metadata {EXTRAS!r} {key!r}")
        else:
            raise VariantError(f"metadata {EXTRAS!r} keeps only "
                               f"{', '.join(KEPT_KEYS)} and grid, not {key!r}")
    return extras


def _default_region(shape: Shape, row: int, col: int) -> int:
    return shape.box_of(row * shape.size + col)


def _layout(regions: list[int], size: int, sparse: bool) -> tuple[Shape, Regions | None]:
    """The boxes the regions are (a shape), or the default shape and irregular regions."""
    for rows in range(1, size + 1):
        if size % rows == 0:  # 1xN and Nx1 too: Solo IDs take them
            shape = Shape(rows, size // rows)
            if all(shape.box_of(i) == region for i, region in enumerate(regions)):
                return shape, None
    return default_shape(size), Regions(tuple(regions), sparse)


def fpuzzles_of(grid: Grid) -> dict[str, Any]:
    """The f-puzzles object of ``grid`` (metadata title, author, rules; its constraints)."""
    n = grid.size
    extras = extras_of(grid)
    cell_fields: dict[str, dict[str, Any]] = extras.get("grid", {})
    out: dict[str, Any] = {"size": n}
    meta = dict(grid.metadata)
    for key, name in _META:
        if name in meta:
            out[key] = meta[name]
    variant = grid.variant or Variant()
    jigsaw = next((c for c in variant.constraints if isinstance(c, Regions)), None)
    regions: tuple[int, ...] | None = jigsaw.regions if jigsaw is not None else None
    if regions is None and grid.shape != default_shape(n):
        regions = tuple(grid.shape.box_of(i) for i in range(n * n))
    sparse = jigsaw is not None and jigsaw.sparse
    layout = default_shape(n)
    rows = []
    for r in range(n):
        row = []
        for c in range(n):
            index = r * n + c
            cell: dict[str, Any] = {}
            if grid.cells[index]:
                cell["value"] = grid.cells[index]
                if grid.is_given(index):
                    cell["given"] = True
            if regions is not None and not (sparse and regions[index] == layout.box_of(index)):
                cell["region"] = regions[index]
            cell.update(cell_fields.get(f"R{r + 1}C{c + 1}", {}))
            row.append(cell)
        rows.append(row)
    out["grid"] = rows
    for constraint in variant.constraints:
        if isinstance(constraint, Regions):
            continue
        key, item = constraint.fpuzzles()
        if item is True:
            out[key] = True
        else:
            out.setdefault(key, []).append(item)
    out.update((key, value) for key, value in extras.items() if key != "grid")
    return out


def payload_of(grid: Grid) -> str:
    """The lz-string base 64 of ``grid``'s f-puzzles JSON, as f-puzzles puts it in links."""
    return compress(json.dumps(fpuzzles_of(grid), ensure_ascii=False, separators=(",", ":")))


def link_of(grid: Grid, *, sudokupad: bool = False) -> str:
    """An f-puzzles link to ``grid`` (or a SudokuPad one)."""
    return (SUDOKUPAD_PREFIX if sudokupad else FPUZZLES_PREFIX) + payload_of(grid)


def read_link(text: str) -> tuple[Grid, str]:
    """The grid of an f-puzzles or SudokuPad link and which it was (``fpuzzles-link`` or
    ``sudokupad``). The payload is read raw: query parsing would turn ``+`` into a space."""
    match = _LINK_RE.fullmatch(text.strip())
    if match is None:
        raise LinkError(_unreadable_link(text.strip()))
    payload = _PERCENT_RE.sub(lambda m: _PERCENT[m[1].upper()], match[3])
    decoded = decompress(payload)
    try:
        data = loads(decoded)
    except json.JSONDecodeError as error:
        raise LinkError(f"the link's payload is not f-puzzles JSON ({error.msg})") from None
    except ValueError:  # the decoder's int refuses a number of over 4300 digits
        raise LinkError("the link's payload holds a number too long to read") from None
    return from_fpuzzles(data), "fpuzzles-link" if match[1] else "sudokupad"


def _unreadable_link(text: str) -> str:
    """Why ``text``, which is no link :func:`read_link` reads, is refused, in a line."""
    readable = ("grille reads links that carry the puzzle: https://f-puzzles.com/?load=… "
                "and https://sudokupad.app/fpuzzles…")
    site = _SITE_RE.match(text)
    shown = text if len(text) <= 60 else text[:57] + "…"
    if site is not None and site[1].lower() != "f-puzzles.com":
        return (f"the SudokuPad link {shown!r} carries no f-puzzles puzzle (a short link keeps "
                f"its puzzle on SudokuPad's server; scl and ctc links are SudokuPad's own "
                f"format); {readable}")
    if site is not None:
        return f"the f-puzzles link {shown!r} has no load=… payload; {readable}"
    return f"not an f-puzzles or SudokuPad puzzle link; {readable}"


def looks_like_link(text: str) -> bool:
    """Whether ``text`` starts like an f-puzzles or SudokuPad puzzle link."""
    return _LINK_RE.match(text.strip()) is not None


def link_site(text: str) -> str | None:
    """``fpuzzles-link`` or ``sudokupad`` for a text that starts as a link to either site
    (whether or not grille can read it: :func:`read_link` says why not), else ``None``."""
    site = _SITE_RE.match(text.strip())
    if site is None:
        return None
    return "fpuzzles-link" if site[1].lower() == "f-puzzles.com" else "sudokupad"


def variant_keys(variant: Variant) -> dict[str, Any]:
    """The variant as f-puzzles keys (grille's JSON ``variant``): jigsaw regions as
    ``regions``, a flat list of region indices."""
    out: dict[str, Any] = {}
    for constraint in variant.constraints:
        if isinstance(constraint, Regions):
            out["regions"] = list(constraint.regions)
            continue
        key, item = constraint.fpuzzles()
        if item is True:
            out[key] = True
        else:
            out.setdefault(key, []).append(item)
    return out


def jigsaw_layout(shape: Shape, variant: Variant) -> tuple[Shape, Variant | None]:
    """The shape and variant of a grid of ``shape`` with ``variant``, as f-puzzles (whose
    grid names only regions) reads them back: jigsaw regions that are a box layout are that
    shape, no jigsaw; other jigsaw regions replace the boxes, which are then the default
    ones. Without jigsaw regions, both as they are."""
    jigsaw = next((c for c in variant.constraints if isinstance(c, Regions)), None)
    if jigsaw is None:
        return shape, variant
    layout, kept = _layout(list(jigsaw.regions), shape.size, jigsaw.sparse)
    rest: list[Constraint] = []
    for constraint in variant.constraints:
        if constraint is not jigsaw:
            rest.append(constraint)
        elif kept is not None:
            rest.append(kept)
    return layout, Variant(tuple(rest)) if rest else None


def variant_of_keys(keys: object, size: int) -> Variant:
    """The variant :func:`variant_keys` wrote, for a ``size`` grid."""
    if not isinstance(keys, dict):
        raise VariantError("'variant' must be an object of f-puzzles keys")
    rest = dict(keys)
    for key in ("size", "grid", *dict(_META), *KEPT_KEYS):
        if key in rest:  # the puzzle's own keys, which the variant must not hide or drop
            raise VariantError(f"'variant' holds constraint keys only, not {key!r}"
                               + (f" (kept as the metadata {EXTRAS!r})" if key in KEPT_KEYS
                                  else ""))
    regions = rest.pop("regions", None)
    grid: list[list[dict[str, Any]]] = [[{} for _ in range(size)] for _ in range(size)]
    if regions is not None:
        if not isinstance(regions, list) or len(regions) != size * size:
            raise VariantError(f"'regions' must list {size * size} region indices")
        for index, region in enumerate(regions):
            grid[index // size][index % size]["region"] = region
    variant = from_fpuzzles({"size": size, "grid": grid, **rest}).variant or Variant()
    if regions is not None and not any(isinstance(c, Regions) for c in variant.constraints):
        variant = Variant((Regions(tuple(regions)), *variant.constraints))
    return variant
