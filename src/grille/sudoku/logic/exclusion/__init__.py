"""Aligned pair and triplet exclusion (:mod:`.aligned`, the plain-Python reference and the
steps) and their compiled search (:mod:`.kernel`).
"""
