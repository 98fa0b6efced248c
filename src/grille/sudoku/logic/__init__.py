"""Human-style Sudoku solving: techniques that find the easiest step on a board, by family.

- :mod:`.board`: the candidate board every technique reads (digit planes, unit masks);
- :mod:`.techniques`: every technique declared once (name, values, scales) and the ladders
  built from those declarations; :mod:`.explain` walks them, :mod:`.rating` rates the path;
- one package per family, each with its plain-Python reference, its compiled kernel and the
  public functions that build the steps: :mod:`.basic` (singles, intersections, subsets,
  wings), :mod:`.single_digit` (fish, single-digit patterns), :mod:`.uniqueness` (rectangles,
  loops, BUG), :mod:`.chains` (named chains, SE's cycles and forcing chains, ALS),
  :mod:`.exclusion` (aligned pair and triplet exclusion), :mod:`.forcing` (the implication
  net, its rules, SE's tiers, nested levels, trial and error) and :mod:`.sukaku` (strong-link
  chains, WXYZ/VWXYZ-Wings);
- :mod:`.difficulty`: SE's length increment for chains.
"""
