"""Frog's own choices for the rule bot (:mod:`tutor.bots.rule_bot`): what to bid, Chico's trump
and the discard, each with a reason, by the rules of thumb of :mod:`tutor.games.frog.hand`.

- **Bidding** (SBS-13..16, or one round under ``auction: single_round``): the open contract
  whose estimate pays the most chips from each opponent, else pass.
- **Chico's trump** (FR-2): the suit the hand counts best with.
- **The discard** (FR-2): three cards, one at a time, never a trump or an ace — unguarded point
  cards first (their points count for the bidder, FR-1), else the lowest card of the shortest
  side suit.
- **The play** is the Tapp family's (:func:`tutor.bots.rule_bot.points_play`): every Frog
  contract is won on points.

The PIMC bot's Frog (sampled deals solved double-dummy) is :mod:`tutor.games.frog.pimc`.
"""

from __future__ import annotations

from ...bots.base import Table, action_words
from ...engine.hand import trump_estimate
from ...state import Action
from ..tapp import CALL_BASE, PASS, SUIT_SYMBOLS, TRUMP_BASE, SeatView
from .hand import BID_FROM, discard_choice, estimates
from .rules import DISCARD_BASE

#: a contract within this many points of its mark by the count is worth sampling deals for —
#: the PIMC bot's pre-screen (:mod:`tutor.games.frog.pimc`) and the table's: farther from every
#: mark, the bid advisor found no contract clearing the PIMC bot's margin (``docs/bots.md``)
NEAR = 30


class FrogRules:
    """The rule bot's auction and declaration in Frog (see the module docstring)."""

    def bid(self, view: SeatView, t: Table) -> tuple[Action, str]:
        """The legal contract with the best estimated chips, or pass."""
        best = None
        for e in estimates(t.hand, view.options):
            if CALL_BASE + e.contract in view.legal and e.chips > 0 and (
                    best is None or e.chips > best.chips):
                best = e
        if best is None:
            return PASS, "pass: no contract still open is worth bidding by my hand count"
        action = CALL_BASE + best.contract
        return action, f"{action_words(view, action)}: {best.reason}"

    def declare(self, view: SeatView, t: Table) -> tuple[Action, str]:
        """Chico's trump, or the next card of the Frog discard (FR-2)."""
        if view.step == "trump":
            s = max((a - TRUMP_BASE for a in view.legal),
                    key=lambda s: trump_estimate(t.hand, s)[1])
            return TRUMP_BASE + s, f"trump {SUIT_SYMBOLS[s]}: {trump_estimate(t.hand, s)[2]}"
        card, why = discard_choice(t.hand)
        return DISCARD_BASE + card, why

    def avoids_tricks(self, t: Table) -> bool:
        """Every Frog contract is won on points."""
        return False

    def within_reach(self, view: SeatView) -> bool:
        """Is a contract still open within :data:`NEAR` points of its mark?"""
        open_ = {a - CALL_BASE for a in view.legal if a != PASS}
        return any(e.contract in open_ and e.points >= BID_FROM[e.contract] - NEAR
                   for e in estimates(Table.of(view).hand, view.options))

    def play(self, view: SeatView, t: Table, legal: list[int]) -> tuple[int, str] | None:
        """The family's card play (:mod:`tutor.bots.rule_bot`)."""
        return None


RULES = FrogRules()

__all__ = ["NEAR", "RULES", "FrogRules"]
