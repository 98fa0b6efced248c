"""Uniqueness techniques, for puzzles with one solution: unique rectangles
(:mod:`.rectangles`), unique loops and SE's rectangle-and-loop producer (:mod:`.loops`, whose
compiled search is :mod:`.kernel`) and the bivalue universal grave (:mod:`.bug`).
"""
