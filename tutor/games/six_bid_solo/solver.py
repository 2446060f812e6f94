"""Six-Bid Solo's contracts as double-dummy questions (:mod:`tutor.solver.games`).

- **Solo, Heart Solo, Guarantee Solo, Call Solo**: the bidder's final points P of SBS-12 —
  points won in tricks plus the widow's — the bidder maximising, under the declared trump.
- **Misère, Spread Misère**: no trump; the bidder's tricks (SBS-V1 ``no_tricks``), or the card
  points in the bidder's tricks under ``misere: no_card_points`` (the widow never counts), the
  bidder minimising.

A value settles into chips by the engine's own rules (SBS-10, SBS-11, SBS-27, SBS-V1, SBS-V2).
"""

from __future__ import annotations

from ...solver.games import Question, Settlement
from ..tapp import TappState, mask_points
from .rules import MISERES, Outcome, made, settle


class SixBidSoloSolver:
    """The :class:`~tutor.solver.games.SolverAdapter` of Six-Bid Solo."""

    def question(self, state: TappState) -> Question:
        bidder = state.bidder
        assert bidder is not None
        if state.contract in MISERES:
            if state.options.misere == "no_tricks":
                return Question(-1, "tricks", False, state.won_tricks[bidder])
            return Question(-1, "points", False, state.won_points[bidder])
        # SBS-12: every contract but the misères counts the widow for the bidder
        return Question(state.trump, "points", True,
                        state.won_points[bidder] + mask_points(state.widow))

    def _outcome(self, state: TappState, value: int) -> Outcome:
        c = state.contract
        if c in MISERES:
            no_tricks = state.options.misere == "no_tricks"
            return Outcome(c, -1, 0, value if no_tricks else 0, 0 if no_tricks else value)
        return Outcome(c, state.trump, value, 0, 0)

    def settle(self, state: TappState, value: int) -> Settlement:
        """Each seat's chips for the bidder's ``value`` (SBS-10, SBS-11, SBS-27, SBS-V1,
        SBS-V2), and whether the contract is made."""
        assert state.bidder is not None
        o = self._outcome(state, value)
        return Settlement(settle(state.options, state.bidder, state.defenders, o),
                          made(state.options, o))


SOLVER = SixBidSoloSolver()
