"""Double-dummy search for Six-Bid Solo: the bidder against both defenders, every card seen.

Three layers, each usable on its own:

- :mod:`tutor.solver.kernel` — the search on plain ints: three hand masks in play order, the
  trick in progress, the trump, who maximises and whose tricks count. An iterative fail-soft
  alpha-beta with a bounds table at trick boundaries, compiled by numba where it is installed
  and run as ordinary Python where it is not (``SOLO_TUTOR_NO_NUMBA=1`` forces that).
- :mod:`tutor.solver.search` — typed questions about a Six-Bid Solo state
  (:class:`~tutor.games.six_bid_solo.rules.SixBidSoloState`) in the play: ``solve`` (the
  bidder's final points, or tricks in the misères), ``analyse`` (that value after each legal card),
  ``reaches`` (a yes/no threshold test), ``bidder_wins_no_trick`` and
  ``takes_no_card_points``; and the same on a bare :class:`~tutor.solver.search.Position`.
- :mod:`tutor.solver.api` — ``solve(record)`` for a hand record stopped in the play, the
  function behind ``tutor.solve`` and ``python -m tutor solve``.

``benchmarks/solver.py`` measures it; ``tests/test_solver_*.py`` hold it to a brute-force
minimax written on the engine alone.
"""
