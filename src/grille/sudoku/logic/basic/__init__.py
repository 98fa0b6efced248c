"""Basic techniques: singles, intersections (pointing, claiming), naked and hidden subsets,
XY/XYZ/W-Wings; :mod:`.kernel` holds their compiled scans.
"""
