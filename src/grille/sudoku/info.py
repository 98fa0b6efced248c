"""What Sudoku says about itself (:class:`~grille.info.KindInfo`), importable without
loading the solver."""

from __future__ import annotations

from grille.errors import GrilleError
from grille.info import FormatInfo, KindInfo, KindOption, Layout, Preset

__all__ = ["INFO", "MAX_NESTING", "NOT_PRACTISED", "PRACTICE_TECHNIQUES", "SCALES",
           "practice_name"]

SCALES: tuple[str, ...] = ("se", "sukaku", "hodoku")
"""The rating scales (see :data:`grille.sudoku.logic.rating.SCALES`)."""

MAX_NESTING = 5
"""The deepest nested forcing level the ladder offers (SE's 9.5 .. 11.x levels 2-5)."""

PRACTICE_TECHNIQUES: tuple[str, ...] = (
    "Full House", "Hidden Single", "Direct Pointing", "Direct Claiming", "Direct Hidden Pair",
    "Naked Single", "Direct Hidden Triple", "Pointing", "Claiming", "Naked Pair", "X-Wing",
    "Hidden Pair", "Naked Triple", "Swordfish", "Hidden Triple", "XY-Wing", "XYZ-Wing",
    "Unique Rectangle Type 1", "Unique Rectangle Type 2", "Unique Rectangle Type 4",
    "Unique Rectangle Type 3", "Unique Loop", "Hidden Unique Rectangle", "BUG+1",
    "Bivalue Universal Grave", "Naked Quad", "Jellyfish", "Hidden Quad", "Finned X-Wing",
    "Finned Swordfish", "Finned Jellyfish", "Aligned Pair Exclusion", "W-Wing", "Skyscraper",
    "2-String Kite", "Turbot Fish", "Empty Rectangle", "X-Chain", "XY-Chain", "Sue de Coq",
    "ALS-XZ", "Grouped X-Chain", "AIC", "ALS-XY-Wing", "Grouped AIC",
    "Aligned Triplet Exclusion", "Nishio Forcing Chain", "Cell and Region Forcing Chains",
    "Dynamic Forcing Chains", "Dynamic Forcing Chains (+)",
)
"""The techniques ``generate --technique`` makes puzzles for, in the order of grille's ladder
(:func:`grille.sudoku.practice.practice_ladder` without :data:`NOT_PRACTISED`; a test keeps
them equal): what a trainer's menu offers, without loading the solver."""

NOT_PRACTISED: dict[str, str] = {
    "Trial and Error": "the ladder's last resort, needed by none of the 1465 hardest "
    "puzzles of magictour's top1465: ask for Dynamic Forcing Chains (+), or --level extreme",
}
"""Techniques of the ladder no generated puzzle's path uses, with the reason."""


def _key(name: str) -> str:
    return " ".join(name.casefold().replace("-", " ").replace("_", " ").split())


_PRACTISED = {_key(name): name for name in PRACTICE_TECHNIQUES}


def practice_name(text: str) -> str:
    """The technique of :data:`PRACTICE_TECHNIQUES` that ``text`` names in any case (spaces,
    hyphens and underscores alike); a :class:`GrilleError` quoting ``text`` and listing the
    names otherwise, or saying why a technique of :data:`NOT_PRACTISED` cannot be asked for.

    >>> practice_name("xy-chain")
    'XY-Chain'
    """
    wanted = _key(text)
    if wanted in _PRACTISED:
        return _PRACTISED[wanted]
    for name, reason in NOT_PRACTISED.items():
        if _key(name) == wanted:
            raise GrilleError(f"no puzzle's path uses {name}: {reason}")
    raise GrilleError(
        f"unknown Sudoku technique {text!r}; techniques: {', '.join(PRACTICE_TECHNIQUES)}")


INFO = KindInfo(
    name="sudoku",
    title="Sudoku",
    module="grille.sudoku",
    description="digits 1 to N once in every row, column and box (4x4 to 25x25)",
    formats=(
        FormatInfo("line", Layout.LINES, "81 characters on one line, . or 0 for empty",
                   one_line=True, rated=True, batch_output=True),
        FormatInfo("grid", Layout.PARAGRAPHS, "rows of digits, box borders optional"),
        FormatInfo("sdk", Layout.PARAGRAPHS, "SadMan / SudoCue rows with #-metadata"),
        FormatInfo("ss", Layout.DOCUMENT, "Simple Sudoku's grid with its appendix"),
        FormatInfo("marks", Layout.PARAGRAPHS, "a grid of pencil marks", marks=True),
        FormatInfo("opensudoku", Layout.DOCUMENT, "OpenSudoku XML"),
        FormatInfo("json", Layout.DOCUMENT, "grille's JSON"),
        FormatInfo("solo", Layout.LINES, "Simon Tatham's Solo game ID (killer, jigsaw, X too)",
                   rated=True, batch_output=True),
        FormatInfo("fpuzzles", Layout.DOCUMENT, "f-puzzles JSON (variant constraints)"),
        FormatInfo("fpuzzles-link", Layout.LINES, "f-puzzles links (https://f-puzzles.com/?load=…)"),
        FormatInfo("sudokupad", Layout.LINES, "SudokuPad links (https://sudokupad.app/fpuzzles…)"),
    ),
    default_format="line",
    levels=("easy", "medium", "hard", "expert", "diabolical", "extreme"),
    presets=tuple(Preset(f"{n}x{n}") for n in (4, 6, 8, 9, 12, 16, 25)),
    default_size="9x9",
    symmetries=("rot180", "none", "rot90", "mirror", "diagonal", "full"),
    max_side=25,
    max_generated_side=16,
    options=(
        KindOption(
            "scale", default=None, choices=SCALES, commands=("rate", "explain", "hint"),
            kernel_uses=(("sukaku", "sukaku"),),
            help="Sudoku rating scale: se = Sudoku Explainer 1.2.1's techniques and order "
            "(rate's default); sukaku = Sukaku Explainer's, which adds strong-link chains "
            "and WXYZ/VWXYZ-Wings (as the Sudoku Exchange puzzle bank rates); hodoku = "
            "HoDoKu 2.2's level and score (rate's columns: level score; 9x9 only); explain "
            "and hint walk that scale's ladder, the path it rates (default: grille's full "
            "ladder, the techniques players use)",
        ),
        KindOption(
            "nesting", default=MAX_NESTING, type=int, choices=tuple(range(MAX_NESTING + 1)),
            metavar=f"0..{MAX_NESTING}",
            commands=("rate", "explain", "hint"),
            kernel_uses=tuple((level, "nested") for level in range(2, MAX_NESTING + 1)),
            help=f"Sudoku: the deepest nested forcing chain level to try (default {MAX_NESTING}, "
            "SE's whole ladder: levels 2 to 5 rate 9.5 to 11.9 as SE does; a lower level caps "
            "the ladder, 0 stops at dynamic forcing chains (+), 9.x; what the ladder cannot "
            "solve ends in trial and error and rates 20.0, as SE's unsolved)",
        ),
        KindOption(
            "technique", default=None, commands=("generate",), metavar="NAME",
            choices=PRACTICE_TECHNIQUES, parse=practice_name,
            help="Sudoku: instead of a level, a technique to practise (any case, e.g. X-Wing, "
            "xy-chain, 'Unique Rectangle Type 2'): the puzzle's explained path uses it and "
            "nothing after it in grille's ladder (an unknown name lists them)",
        ),
    ),
    entry_help=("81 characters (or 16, 36 ... for other sizes), a grid, or a variant as an "
                "f-puzzles or SudokuPad link"),
)
