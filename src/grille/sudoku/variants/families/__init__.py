"""The constraint families, one line each: adding a family is its module and a line here."""

from __future__ import annotations

from grille.sudoku.variants.families import (
    anti_king,
    anti_knight,
    arrow,
    diagonal,
    disjoint,
    extra,
    jigsaw,
    killer,
    kropki,
    little_killer,
    odd_even,
    palindrome,
    renban,
    sandwich,
    thermo,
    whispers,
    xv,
)
from grille.sudoku.variants.family import Family

__all__ = ["BY_KEY", "BY_NAME", "FAMILIES"]

FAMILIES: tuple[Family, ...] = (
    jigsaw.FAMILY,
    diagonal.FAMILY,
    extra.FAMILY,
    disjoint.FAMILY,
    killer.FAMILY,
    little_killer.FAMILY,
    sandwich.FAMILY,
    thermo.FAMILY,
    arrow.FAMILY,
    kropki.FAMILY,
    xv.FAMILY,
    odd_even.FAMILY,
    anti_knight.FAMILY,
    anti_king.FAMILY,
    renban.FAMILY,
    whispers.FAMILY,
    palindrome.FAMILY,
)
"""Every family, in the order f-puzzles keys are written."""

BY_NAME = {family.name: family for family in FAMILIES}
BY_KEY = {key: family for family in FAMILIES for key in family.keys}
"""The family that reads each f-puzzles key (``negative`` entries as ``negative:<id>``)."""
