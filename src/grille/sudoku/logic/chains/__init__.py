"""Chains: grille's named chains (X-, XY-, grouped chains, AIC: :mod:`.named`), SE's producer
of cycles and forcing X/XY-chains with its kernels (:mod:`.cycles`), and almost locked sets
(ALS-XZ, ALS-XY-Wing, Sue de Coq: :mod:`.als`).
"""
