"""Double-dummy search for the Tapp family's three-hand games: the bidder against both
defenders, every card seen; and generic exact searches for bigger tables and other games.

Four layers, each usable on its own, for the Tapp family:

- :mod:`tutor.solver.kernel` — the search on plain ints: three hand masks in play order, the
  trick in progress, the trump, who maximises and whose tricks count. An iterative fail-soft
  alpha-beta with a bounds table at trick boundaries, compiled by numba where it is installed
  and run as ordinary Python where it is not (``SOLO_TUTOR_NO_NUMBA=1`` forces that).
- :mod:`tutor.solver.games` — what a game tells the solver: its ``solver.py`` adapter turns a
  state in the play into a kernel :class:`~tutor.solver.games.Question` (the trump, points or
  tricks, who maximises, what the bidder already has) and settles a value into chips; its
  ``advisor.py`` lists the bid advisor's rows.
- :mod:`tutor.solver.search` — typed questions about a state in the play: ``solve`` (the
  bidder's final points, or tricks in a misère), ``analyse`` (that value after
  each legal card), ``reaches`` (a yes/no threshold test), ``bidder_wins_no_trick`` and
  ``takes_no_card_points``; and the same on a bare :class:`~tutor.solver.search.Position`.
- :mod:`tutor.solver.endgame` and :mod:`tutor.solver.rollout` — for a table of any size
  (4 to 12 hands), where the kernel's three hands do not fit: an exact two-side
  search of the last tricks in plain Python, and playouts (random or greedy) before it.
- :mod:`tutor.solver.api` — ``solve(record)`` for a hand record stopped in the play, the
  function behind ``tutor.solve`` and ``python -m tutor solve``.

The bid advisor (:mod:`tutor.solver.advisor`) is built on them. :mod:`tutor.solver.alphabeta` is
the generic one: fail-soft alpha-beta with a transposition table over any game state, given a
game's ``Rules`` (a game outside the Tapp family uses it from its own ``solver.py``).
``benchmarks/solver.py`` measures the search; ``tests/test_solver_*.py`` hold it to a brute-force
minimax written on the engine alone.
"""
