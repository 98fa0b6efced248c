"""Sukaku Explainer's techniques: strong-link chains and WXYZ/VWXYZ-Wings (:mod:`.search`,
the plain-Python reference and the steps) and their compiled search (:mod:`.kernel`).
"""
