r"""The basic ladder: singles to Jellyfish in Sudoku Explainer's order, then grille's extras.

The walk applies the first step the ladder finds and starts again from the top, so each entry
is one difficulty tier. SE's order (and values) up to the uniqueness techniques:

=====================  =========  =====================  =========
full house             1.0        X-Wing                 3.2
hidden single          1.2 / 1.5  hidden pair            3.4
direct pointing        1.7        naked / locked triple  3.6
direct claiming        1.9        Swordfish              3.8
direct hidden pair     2.0        hidden triple          4.0
naked single           2.3        XY-Wing                4.2
direct hidden triple   2.5        XYZ-Wing               4.4
pointing               2.6        (uniqueness: 4.5+, elsewhere)
claiming               2.8        naked quad             5.0
naked / locked pair    3.0        Jellyfish              5.2
\                                 hidden quad            5.4
=====================  =========  =====================  =========

then grille's extras, whose values (grille's own, SE has none) increase along the ladder: finned
/ sashimi X-Wing 5.8 / 5.9, Swordfish 6.0 / 6.1, Jellyfish 6.2 / 6.3, then SE's aligned pair
exclusion (6.2), W-Wing 6.4, and the
single-digit chains SE rates as X-chains: Skyscraper, 2-String Kite, Turbot Fish, Empty
Rectangle, 6.6 each.

Uniqueness techniques (SE 4.5 and up) belong between :data:`UP_TO_XYZ_WING` and
:data:`FROM_NAKED_QUAD`; :data:`BASIC_LADDER` is the two joined.
"""

from __future__ import annotations

from grille.sudoku.logic.exclusion import aligned_pair_exclusion
from grille.sudoku.logic.fish import (
    finned_jellyfish,
    finned_swordfish,
    finned_x_wing,
    jellyfish,
    swordfish,
    x_wing,
)
from grille.sudoku.logic.intersections import (
    claiming,
    direct_claiming,
    direct_pointing,
    pointing,
)
from grille.sudoku.logic.single_digit import (
    empty_rectangle,
    skyscraper,
    turbot_fish,
    two_string_kite,
)
from grille.sudoku.logic.singles import full_house, hidden_single, naked_single
from grille.sudoku.logic.subsets import (
    direct_hidden_pair,
    direct_hidden_triple,
    hidden_pair,
    hidden_quad,
    hidden_triple,
    naked_pair,
    naked_quad,
    naked_triple,
)
from grille.sudoku.logic.walk import Technique
from grille.sudoku.logic.wings import w_wing, xy_wing, xyz_wing

__all__ = ["BASIC_LADDER", "FROM_NAKED_QUAD", "SE_QUADS", "UP_TO_XYZ_WING"]

UP_TO_XYZ_WING: tuple[Technique, ...] = (
    full_house,
    hidden_single,
    direct_pointing,
    direct_claiming,
    direct_hidden_pair,
    naked_single,
    direct_hidden_triple,
    pointing,
    claiming,
    naked_pair,
    x_wing,
    hidden_pair,
    naked_triple,
    swordfish,
    hidden_triple,
    xy_wing,
    xyz_wing,
)
"""SE's ladder from the singles to the XYZ-Wing (values 1.0 to 4.4)."""

SE_QUADS: tuple[Technique, ...] = (naked_quad, jellyfish, hidden_quad)
"""SE's naked quad, Jellyfish and hidden quad (5.0 to 5.4)."""

FROM_NAKED_QUAD: tuple[Technique, ...] = (
    *SE_QUADS,
    finned_x_wing,
    finned_swordfish,
    finned_jellyfish,
    aligned_pair_exclusion,
    w_wing,
    skyscraper,
    two_string_kite,
    turbot_fish,
    empty_rectangle,
)
"""SE's naked quad, Jellyfish and hidden quad (5.0 to 5.4), then grille's extras (5.8 to 6.6)
with SE's aligned pair exclusion (6.2) among them."""

BASIC_LADDER: tuple[Technique, ...] = UP_TO_XYZ_WING + FROM_NAKED_QUAD
"""Every basic and intermediate technique, easiest first."""
