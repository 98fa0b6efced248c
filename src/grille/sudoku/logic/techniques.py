"""Every Sudoku technique, declared once: its name, its value(s) and the scales it is on.

Three ladders are built from :data:`CATALOGUE`, each taking its techniques in catalogue
order (easiest first):

- ``grille`` (:data:`GRILLE`), the full ladder of :func:`~grille.sudoku.logic.explain.explain`
  and hints: every technique grille knows, including the ones players like that Sudoku
  Explainer (SE) lacks (finned fish, W-Wing, ALS, Sue de Coq, hidden unique rectangle,
  grouped chains) and grille's named chains and single-digit patterns;
- ``se`` (:data:`SE`), the rating ladder: SE 1.2.1's techniques in SE's order, so ER/EP/ED
  compare with published SE ratings;
- ``sukaku`` (:data:`SUKAKU`), Sukaku Explainer's default ladder: SE's plus strong-link
  chains and WXYZ/VWXYZ-Wings.

The naked subsets are declared twice under one name: grille's ladder clears every unit the
cells share (a Locked Pair), the rating ladders only the unit the subset is found in, as SE
does. So is BUG+1: grille's ladder places the digit of a cell with three candidates, the
rating ladders take SE's type 1 (one cell with any number of extra digits keeps only them).
Techniques marked ``unique`` join only for a puzzle known to have one solution. The grille
ladder tries all of them together, right after the XYZ-Wing; SE's order puts its BUG after
the quads. Nested forcing levels 2..5 (:data:`NESTED_FORCING`) come before trial and error,
up to the ``nesting`` a ladder is asked for (all five by default, as SE). Values are SE's
(grille's own for the techniques SE lacks), the easiest step's first; chains add SE's length
increment to theirs (:mod:`~grille.sudoku.logic.difficulty`).
"""

from __future__ import annotations

from dataclasses import replace

from grille.errors import GrilleError
from grille.logic import Technique
from grille.sudoku.info import MAX_NESTING as SUDOKU_MAX_NESTING
from grille.sudoku.info import SCALES as SUDOKU_SCALES
from grille.sudoku.logic.basic.intersections import (
    CLAIMING,
    DIRECT_CLAIMING,
    DIRECT_POINTING,
    POINTING,
    claiming,
    direct_claiming,
    direct_pointing,
    pointing,
)
from grille.sudoku.logic.basic.locked_subsets import (
    LOCKED_PAIR,
    LOCKED_TRIPLE,
    locked_pair,
    locked_triple,
)
from grille.sudoku.logic.basic.singles import (
    FULL_HOUSE,
    HIDDEN_SINGLE_BOX,
    HIDDEN_SINGLE_LINE,
    NAKED_SINGLE,
    full_house,
    hidden_single,
    naked_single,
)
from grille.sudoku.logic.basic.subsets import (
    DIRECT_HIDDEN,
    HIDDEN,
    NAKED,
    direct_hidden_pair,
    direct_hidden_triple,
    hidden_pair,
    hidden_quad,
    hidden_triple,
    naked_pair,
    naked_quad,
    naked_triple,
    se_naked_pair,
    se_naked_quad,
    se_naked_triple,
)
from grille.sudoku.logic.basic.wings import W_WING, XY_WING, XYZ_WING, w_wing, xy_wing, xyz_wing
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.chains.als import (
    ALS_XY_WING,
    ALS_XZ,
    ALS_XZ_DOUBLY_LINKED,
    SUE_DE_COQ,
    als_xy_wing,
    als_xz,
    sue_de_coq,
)
from grille.sudoku.logic.chains.cycles import forcing_chains_and_cycles
from grille.sudoku.logic.chains.named import (
    CHAIN,
    CYCLE,
    GROUPED,
    MIXED,
    aic,
    grouped_aic,
    grouped_x_chain,
    x_chain,
    xy_chain,
)
from grille.sudoku.logic.chains.remote_pair import REMOTE_PAIR, remote_pair
from grille.sudoku.logic.exclusion.aligned import (
    ALIGNED_PAIR_EXCLUSION,
    ALIGNED_TRIPLET_EXCLUSION,
    aligned_pair_exclusion,
    aligned_triplet_exclusion,
)
from grille.sudoku.logic.forcing.nested import nested_forcing
from grille.sudoku.logic.forcing.tiers import (
    TRIAL_AND_ERROR,
    cell_region_forcing,
    dynamic_forcing,
    dynamic_plus_forcing,
    nishio,
    trial_and_error,
)
from grille.sudoku.logic.single_digit.coloring import COLORS, multi_colors, simple_colors
from grille.sudoku.logic.single_digit.fish import (
    BASIC,
    FINNED,
    SASHIMI,
    finned_jellyfish,
    finned_swordfish,
    finned_x_wing,
    jellyfish,
    swordfish,
    x_wing,
)
from grille.sudoku.logic.single_digit.patterns import (
    EMPTY_RECTANGLE,
    SKYSCRAPER,
    TURBOT_FISH,
    TWO_STRING_KITE,
    empty_rectangle,
    skyscraper,
    turbot_fish,
    two_string_kite,
)
from grille.sudoku.logic.sukaku.search import (
    STRONG_LINKS_BASE,
    VWXYZ_BASE,
    WXYZ_BASE,
    strong_links_2,
    strong_links_3,
    strong_links_4,
    vwxyz_wing,
    wxyz_wing,
)
from grille.sudoku.logic.uniqueness.bug import (
    BUG_PLUS_ONE,
    BUG_TYPE_2,
    bivalue_universal_grave,
    bug_plus_one,
    se_bug_type_1,
)
from grille.sudoku.logic.uniqueness.loops import unique_loop, unique_rectangles_and_loops
from grille.sudoku.logic.uniqueness.rectangles import (
    HIDDEN_UNIQUE_RECTANGLE,
    UNIQUE_RECTANGLE,
    hidden_unique_rectangle,
    unique_rectangle_type_1,
    unique_rectangle_type_2,
    unique_rectangle_type_3,
    unique_rectangle_type_4,
)

__all__ = [
    "CATALOGUE",
    "GRILLE",
    "HODOKU",
    "LADDERS",
    "MAX_NESTING",
    "NESTED_FORCING",
    "SE",
    "SUKAKU",
    "SudokuTechnique",
    "family",
    "ladder",
    "technique",
    "up_to",
]

SudokuTechnique = Technique[Board]

GRILLE = "grille"
"""The full ladder: every technique, for explaining and hints."""
SE = SUDOKU_SCALES[0]
"""SE 1.2.1's rating ladder."""
SUKAKU = SUDOKU_SCALES[1]
"""Sukaku Explainer's default rating ladder."""
HODOKU = SUDOKU_SCALES[2]
"""HoDoKu 2.2's ladder, in HoDoKu's order (:mod:`~grille.sudoku.logic.hodoku`)."""
LADDERS: tuple[str, ...] = (GRILLE, *SUDOKU_SCALES)
"""Every ladder's name: the full one, then the rating scales."""

MAX_NESTING = SUDOKU_MAX_NESTING

_EVERY = frozenset({GRILLE, SE, SUKAKU})
"""The default: every ladder but HoDoKu's, which names its own (below the catalogue)."""
_GRILLE = frozenset({GRILLE})
_RATING = frozenset({SE, SUKAKU})
_SUKAKU = frozenset({SUKAKU})


def _t(
    name: str,
    find: object,
    *values: float,
    scales: frozenset[str] = _EVERY,
    unique: bool = False,
) -> SudokuTechnique:
    assert callable(find)
    return Technique(name, find, tuple(values), scales, unique)


CATALOGUE: tuple[SudokuTechnique, ...] = (
    # singles, intersections, subsets, basic fish and wings (SE 1.0 .. 4.4)
    _t("Full House", full_house, FULL_HOUSE),
    _t("Hidden Single", hidden_single, HIDDEN_SINGLE_BOX, HIDDEN_SINGLE_LINE),
    _t("Direct Pointing", direct_pointing, DIRECT_POINTING),
    _t("Direct Claiming", direct_claiming, DIRECT_CLAIMING),
    _t("Direct Hidden Pair", direct_hidden_pair, DIRECT_HIDDEN[2]),
    _t("Naked Single", naked_single, NAKED_SINGLE),
    _t("Direct Hidden Triple", direct_hidden_triple, DIRECT_HIDDEN[3]),
    _t("Pointing", pointing, POINTING),
    _t("Claiming", claiming, CLAIMING),
    _t("Naked Pair", naked_pair, NAKED[2], scales=_GRILLE),
    _t("Naked Pair", se_naked_pair, NAKED[2], scales=_RATING),
    _t("X-Wing", x_wing, BASIC[2]),
    _t("Hidden Pair", hidden_pair, HIDDEN[2]),
    _t("Naked Triple", naked_triple, NAKED[3], scales=_GRILLE),
    _t("Naked Triple", se_naked_triple, NAKED[3], scales=_RATING),
    _t("Swordfish", swordfish, BASIC[3]),
    _t("Hidden Triple", hidden_triple, HIDDEN[3]),
    _t("Strong Links (2)", strong_links_2, STRONG_LINKS_BASE[2], scales=_SUKAKU),
    _t("XY-Wing", xy_wing, XY_WING),
    _t("XYZ-Wing", xyz_wing, XYZ_WING),
    # uniqueness (4.5 and up; the grille ladder tries all of them here)
    _t("Unique Rectangles and Loops", unique_rectangles_and_loops, UNIQUE_RECTANGLE,
       scales=_RATING, unique=True),
    _t("Unique Rectangle Type 1", unique_rectangle_type_1, UNIQUE_RECTANGLE,
       scales=_GRILLE, unique=True),
    _t("Unique Rectangle Type 2", unique_rectangle_type_2, UNIQUE_RECTANGLE,
       scales=_GRILLE, unique=True),
    _t("Unique Rectangle Type 4", unique_rectangle_type_4, UNIQUE_RECTANGLE,
       scales=_GRILLE, unique=True),
    _t("Unique Rectangle Type 3", unique_rectangle_type_3, UNIQUE_RECTANGLE,
       scales=_GRILLE, unique=True),
    _t("Unique Loop", unique_loop, UNIQUE_RECTANGLE, scales=_GRILLE, unique=True),
    _t("Hidden Unique Rectangle", hidden_unique_rectangle, HIDDEN_UNIQUE_RECTANGLE,
       scales=_GRILLE, unique=True),
    # quads and SE's Jellyfish (5.0 .. 5.4), Sukaku's three links and WXYZ-Wing
    _t("Naked Quad", naked_quad, NAKED[4], scales=_GRILLE),
    _t("Naked Quad", se_naked_quad, NAKED[4], scales=_RATING),
    _t("Jellyfish", jellyfish, BASIC[4]),
    _t("Hidden Quad", hidden_quad, HIDDEN[4]),
    _t("Strong Links (3)", strong_links_3, STRONG_LINKS_BASE[3], scales=_SUKAKU),
    _t("WXYZ-Wing", wxyz_wing, WXYZ_BASE, scales=_SUKAKU),
    # BUG (5.6 and up): after the quads in SE's order
    _t("BUG+1", bug_plus_one, BUG_PLUS_ONE, scales=_GRILLE, unique=True),
    _t("BUG+1", se_bug_type_1, BUG_PLUS_ONE, scales=_RATING, unique=True),
    _t("Bivalue Universal Grave", bivalue_universal_grave, BUG_TYPE_2, unique=True),
    # grille's finned fish, Sukaku's four links and VWXYZ-Wing, exclusion, W-Wing
    _t("Finned X-Wing", finned_x_wing, FINNED[2], SASHIMI[2], scales=_GRILLE),
    _t("Finned Swordfish", finned_swordfish, FINNED[3], SASHIMI[3], scales=_GRILLE),
    _t("Finned Jellyfish", finned_jellyfish, FINNED[4], SASHIMI[4], scales=_GRILLE),
    _t("Strong Links (4)", strong_links_4, STRONG_LINKS_BASE[4], scales=_SUKAKU),
    _t("VWXYZ-Wing", vwxyz_wing, VWXYZ_BASE, scales=_SUKAKU),
    _t("Aligned Pair Exclusion", aligned_pair_exclusion, ALIGNED_PAIR_EXCLUSION),
    _t("W-Wing", w_wing, W_WING, scales=_GRILLE),
    # single-digit patterns (grille's ladder; SE finds them as X-chains)
    _t("Skyscraper", skyscraper, SKYSCRAPER, scales=_GRILLE),
    _t("2-String Kite", two_string_kite, TWO_STRING_KITE, scales=_GRILLE),
    _t("Turbot Fish", turbot_fish, TURBOT_FISH, scales=_GRILLE),
    _t("Empty Rectangle", empty_rectangle, EMPTY_RECTANGLE, scales=_GRILLE),
    # chains: SE's one producer of cycles and forcing X/XY-chains on the rating scales,
    # grille's named chains and almost locked sets on its own
    _t("Cycles and Forcing Chains", forcing_chains_and_cycles, CYCLE, CHAIN, MIXED,
       scales=_RATING),
    _t("X-Chain", x_chain, CYCLE, CHAIN, scales=_GRILLE),
    _t("XY-Chain", xy_chain, CHAIN, scales=_GRILLE),
    _t("Sue de Coq", sue_de_coq, SUE_DE_COQ, scales=_GRILLE),
    _t("ALS-XZ", als_xz, ALS_XZ, ALS_XZ_DOUBLY_LINKED, scales=_GRILLE),
    _t("Grouped X-Chain", grouped_x_chain, CYCLE + GROUPED, scales=_GRILLE),
    _t("AIC", aic, CHAIN, scales=_GRILLE),
    _t("ALS-XY-Wing", als_xy_wing, ALS_XY_WING, scales=_GRILLE),
    _t("Grouped AIC", grouped_aic, CHAIN + GROUPED, scales=_GRILLE),
    _t("Aligned Triplet Exclusion", aligned_triplet_exclusion, ALIGNED_TRIPLET_EXCLUSION),
    # forcing chains and nets (SE 7.5 .. 9.x)
    _t("Nishio Forcing Chain", nishio, 7.5),
    _t("Cell and Region Forcing Chains", cell_region_forcing, 8.0),
    _t("Dynamic Forcing Chains", dynamic_forcing, 8.5),
    _t("Dynamic Forcing Chains (+)", dynamic_plus_forcing, 9.0),
    # the last resort
    _t("Trial and Error", trial_and_error, TRIAL_AND_ERROR),
)
"""Every technique but the nested forcing levels, in ladder order."""

# HoDoKu's scale (#18): the techniques it shares with grille's ladders join it, with the ones
# only HoDoKu's ladder has; its ladder takes them in HoDoKu's order (see _ladder).
_HODOKU = frozenset({HODOKU})
_ON_HODOKU = frozenset({
    "Full House", "Naked Single", "Hidden Single", "Pointing", "Claiming", "Naked Pair",
    "Naked Triple", "Hidden Pair", "Hidden Triple", "Naked Quad", "Hidden Quad", "X-Wing",
    "Swordfish", "Jellyfish", "BUG+1", "Skyscraper", "2-String Kite", "Turbot Fish",
    "Empty Rectangle", "W-Wing", "XY-Wing", "XYZ-Wing", "Unique Rectangle Type 1",
    "Unique Rectangle Type 2", "Unique Rectangle Type 3", "Unique Rectangle Type 4",
    "Hidden Unique Rectangle", "Finned X-Wing", "Finned Swordfish", "Finned Jellyfish",
    "Sue de Coq", "X-Chain", "XY-Chain", "AIC", "Grouped AIC", "ALS-XZ", "ALS-XY-Wing",
    "Cell and Region Forcing Chains", "Dynamic Forcing Chains", "Trial and Error",
})
CATALOGUE = (
    *(replace(t, scales=t.scales | _HODOKU) if t.name in _ON_HODOKU and GRILLE in t.scales
      else t
      for t in CATALOGUE[:-1]),
    _t("Locked Pair", locked_pair, LOCKED_PAIR, scales=_HODOKU),
    _t("Locked Triple", locked_triple, LOCKED_TRIPLE, scales=_HODOKU),
    _t("Remote Pair", remote_pair, REMOTE_PAIR, scales=_HODOKU),
    _t("Simple Colors", simple_colors, COLORS, scales=_HODOKU),
    _t("Multi Colors", multi_colors, COLORS, scales=_HODOKU),
    replace(CATALOGUE[-1], scales=CATALOGUE[-1].scales | _HODOKU),
)

NESTED_FORCING: tuple[SudokuTechnique, ...] = tuple(
    _t(f"Nested Forcing Chains (level {level})", nested_forcing(level), 9.5 + 0.5 * (level - 2))
    for level in range(2, MAX_NESTING + 1)
)
"""Nested forcing chains, levels 2 .. 5 (SE 9.5 .. 11.x): a ladder takes those up to its
``nesting``; a level runs only where every easier technique found nothing."""

_BY_NAME: dict[str, SudokuTechnique] = {}
for _declared in (*CATALOGUE, *NESTED_FORCING):
    _BY_NAME.setdefault(_declared.name, _declared)
"""Each technique by name; a name declared twice (the naked subsets: grille's locked ones,
SE's that clear one unit; BUG+1: grille's that places, SE's type 1) gives the first,
grille's."""
_UNIQUE_AFTER = "XYZ-Wing"
"""Where the grille ladder tries every uniqueness technique."""


def technique(name: str) -> SudokuTechnique:
    """The declared technique called ``name``."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise GrilleError(f"unknown Sudoku technique {name!r}") from None


def ladder(scale: str = GRILLE, *, unique: bool, nesting: int = 0) -> tuple[SudokuTechnique, ...]:
    """The techniques of ladder ``scale`` (see :data:`LADDERS`), easiest first, ending with
    trial and error; uniqueness techniques only when ``unique``, nested forcing levels up to
    ``nesting`` (0 to :data:`MAX_NESTING`)."""
    if scale not in LADDERS:
        raise GrilleError(f"unknown rating scale {scale!r}: use one of {', '.join(SUDOKU_SCALES)}")
    if not 0 <= nesting <= MAX_NESTING:
        raise ValueError(f"nesting must be 0 to {MAX_NESTING}, got {nesting}")
    return _ladder(scale, unique, nesting)


_LADDERS: dict[tuple[str, bool, int], tuple[SudokuTechnique, ...]] = {}


def _ladder(scale: str, unique: bool, nesting: int) -> tuple[SudokuTechnique, ...]:
    key = (scale, unique, nesting)
    if key not in _LADDERS:
        chosen = [t for t in CATALOGUE if scale in t.scales and (unique or not t.unique)]
        if scale == HODOKU:  # HoDoKu's order, no nested forcing: it has none
            from grille.sudoku.logic.hodoku.scale import hodoku_order

            order = hodoku_order()
            _LADDERS[key] = tuple(sorted(chosen, key=lambda t: order[t.name]))
            return _LADDERS[key]
        if scale == GRILLE:
            uniqueness = [t for t in chosen if t.unique]
            chosen = [t for t in chosen if not t.unique]
            at = chosen.index(_BY_NAME[_UNIQUE_AFTER]) + 1
            chosen[at:at] = uniqueness
        last = chosen.pop()
        _LADDERS[key] = (*chosen, *NESTED_FORCING[: max(nesting - 1, 0)], last)
    return _LADDERS[key]


def up_to(name: str, scale: str = GRILLE, *, unique: bool = False) -> tuple[SudokuTechnique, ...]:
    """Ladder ``scale`` from its easiest technique to the one called ``name``, included."""
    techniques = ladder(scale, unique=unique)
    names = [t.name for t in techniques]
    if name not in names:
        technique(name)  # an unknown name's error
        raise GrilleError(f"{name!r} is not on the {scale} ladder")
    return techniques[: names.index(name) + 1]


def family(declared: SudokuTechnique) -> str:
    """The family (the module or package of :mod:`grille.sudoku.logic`) whose code finds
    ``declared``'s steps: ``forcing``, ``chains``, ..."""
    module = declared.find.__module__.removeprefix(__name__.rsplit(".", 1)[0] + ".")
    return module.split(".", 1)[0]
