"""Frog's contracts as double-dummy questions (:mod:`tutor.solver.games`).

Every contract asks the same: the bidder's final P of FR-1, the bidder maximising — the card
points of the bidder's tricks, plus the discard's points (Frog, FR-2: laid away before the first
lead, out of play) or the widow's (Chico, Grand: unseen, out of play). The trump is ♥ for Frog
and Grand and the named suit for Chico. P settles with each opponent at k × (P − 60), k = 1, 2, 4
(or 3) by contract (FR-1, FR-4, FR-5, SBS-27, SBS-V2).
"""

from __future__ import annotations

from ...solver.games import Question, Settlement
from ..tapp import TappState, settle_each
from .rules import multiplier


class FrogSolver:
    """The :class:`~tutor.solver.games.SolverAdapter` of Frog."""

    def question(self, state: TappState) -> Question:
        return Question(state.trump, "points", True, state.bidder_points())

    def settle(self, state: TappState, value: int) -> Settlement:
        """The bidder ends with P = ``value``: k × (P − 60) with every opponent (FR-1, FR-5);
        with 5 players under ``five_player_margin_exception`` a made contract collects from the
        two defenders only (FR-4). Made with P ≥ 61 (P = 60 is not made, FR-1)."""
        bidder = state.bidder
        assert bidder is not None
        amount = multiplier(state.options, state.contract) * (value - 60)
        payers = [s for s in range(state.n) if s != bidder]
        if state.n == 5 and state.options.five_player_margin_exception and amount > 0:
            payers = list(state.defenders)
        return Settlement(settle_each(state.n, bidder, payers, amount), value >= 61)


SOLVER = FrogSolver()
