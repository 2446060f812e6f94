"""Double-dummy search for Six-Bid Solo: the bidder against both defenders, every card seen.

``tutor.solver.search`` answers questions about a :class:`~tutor.rules.six_bid_solo.SixBidSoloState`
in the play; ``tutor.solver.api.solve`` does the same for a hand record. The search itself lives in
``tutor.solver.kernel`` on plain ints, compiled with numba where it is installed.
"""
