"""Forcing chains and nets: the implication net (:mod:`.net`), the rules that grow it on a
live board (:mod:`.rules`), SE's tiers Nishio .. dynamic plus (:mod:`.tiers`, compiled in
:mod:`.tier_kernel`), nested levels (:mod:`.nested`) and trial and error.
"""
