"""Six-Bid Solo's own choices for the rule bot (:mod:`tutor.bots.rule_bot`) and the table's
auction check: what to bid and how to declare, by the rules of thumb of
:mod:`tutor.games.six_bid_solo.hand`.

- :data:`RULES` — bid the open contract whose estimate (:func:`~.hand.estimates`) pays the most
  chips, else pass; name the trump the hand counts best with (by the contract's measure:
  Guarantee Solo's margin over its target, Call Solo's tricks, else points); call the highest
  card it lacks and give back its cheapest card of a short side suit (SBS-20). Misère and
  Spread Misère are played to take no trick.
- :func:`within_reach` — is a contract still open near its mark (the play table samples deals
  for the auction only then), and the PIMC bot's bid pre-screen (:data:`SCREEN_COUNT`).

Nothing here loads the solver: a page that only shows the rule bot opens fast. The PIMC bot's
Six-Bid Solo is :mod:`tutor.games.six_bid_solo.pimc`.
"""

from __future__ import annotations

from ...bots.base import Table
from ...bots.rule_bot import card_words
from ...engine.hand import trump_estimate
from ...state import Action
from ..tapp import (
    CALL_BASE,
    CALLCARD_BASE,
    CARD_INDEX,
    DECLINE,
    GIVE_BASE,
    HEARTS,
    PASS,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    SeatView,
)
from .hand import call_action, estimates, give_action, trump_for_call
from .rules import (
    CALL_SOLO,
    GUARANTEE,
    HEART_SOLO,
    MISERE,
    MISERES,
    SOLO,
    SPREAD,
    describe_action,
    solo_trumps,
)


# --- the rule bot -------------------------------------------------------------------------------
def call_or_gift(view: SeatView, hand: int, lacked: str, gift_why: str) -> tuple[Action, str]:
    """Call Solo's call or gift by the rule of thumb (SBS-20), with its reason: ``lacked`` says
    which card is called (before "trump ♠"), ``gift_why`` ends what the gift is."""
    trump = trump_for_call(hand, view.trump)
    if view.step == "call":
        a = call_action(hand, trump, view.legal)
        if a == DECLINE:
            return DECLINE, "call no card: my hand lacks no card worth calling (SBS-20)"
        return a, (f"call {card_words(a - CALLCARD_BASE)}: {lacked} trump "
                   f"{SUIT_SYMBOLS[trump]} (SBS-20)")
    called = CARD_INDEX[view.called] if view.called is not None else -1
    a = give_action(hand, called, trump, view.legal)
    return a, (f"give {card_words(a - GIVE_BASE)}: my cheapest card of a short side "
               f"suit{gift_why} (SBS-20)")


class SixBidSoloRules:
    """The rule bot's auction and declaration in Six-Bid Solo (see the module docstring)."""

    def bid(self, view: SeatView, t: Table) -> tuple[Action, str]:
        """The legal contract with the best estimated chips (SBS-13..16), or pass."""
        best = None
        for e in estimates(t.hand, solo_trumps(view.options)):
            action = CALL_BASE + e.contract
            if action in view.legal and e.chips > 0 and (best is None or e.chips > best.chips):
                best = e
        if best is None:
            return PASS, "pass: no contract still open is worth bidding by my hand count"
        return CALL_BASE + best.contract, f"{describe_action(CALL_BASE + best.contract)}: " \
            f"{best.reason}"

    def declare(self, view: SeatView, t: Table) -> tuple[Action, str]:
        """Trump, Call Solo's call and gift (SBS-19, SBS-20)."""
        legal = view.legal
        if view.step == "trump":
            choices = [a - TRUMP_BASE for a in legal]

            def score(s: int) -> float:
                tricks, points, _ = trump_estimate(t.hand, s)
                if t.contract == GUARANTEE:
                    return points - (74 if s == HEARTS else 80)
                if t.contract == CALL_SOLO:
                    return tricks
                return points

            s = max(choices, key=score)
            _, _, words = trump_estimate(t.hand, s)
            return TRUMP_BASE + s, f"trump {SUIT_SYMBOLS[s]}: {words}"
        return call_or_gift(view, t.hand, "the highest card I lack where it matters for",
                            ", it can neither win a trick nor hand over points")

    def avoids_tricks(self, t: Table) -> bool:
        """Misère and Spread Misère: the bidder must take no trick (SBS-10, SBS-V1)."""
        return t.contract in MISERES

    def within_reach(self, view: SeatView) -> bool:
        """A contract still open near its mark (:func:`within_reach`)."""
        return within_reach(view)

    def play(self, view: SeatView, t: Table, legal: list[int]) -> tuple[int, str] | None:
        """The family's card play (:mod:`tutor.bots.rule_bot`)."""
        return None


#: The bid pre-screen: a hand whose best count (:func:`~tutor.engine.hand.trump_estimate`, any
#: trump) is below SCREEN_COUNT and which has SCREEN_UNCOVERED or more cards a misère could not
#: duck passes without asking the advisor (most of the bot's time): the advisor was never
#: found to bid such a hand, and 55 leaves points to spare (the measurement: docs/bots.md).
SCREEN_COUNT = 55
SCREEN_UNCOVERED = 2


def within_reach(view: SeatView) -> bool:
    """Is any contract still open near its mark by the rules of thumb (:mod:`.hand`)?

    Solo and Heart Solo from 58 points (61 makes them, SBS-10), Guarantee Solo from 6 below its
    target, Misère with at most one card that could not duck, Call Solo from 9½ tricks. A hand
    with none of these is passed without sampling: the advisor would only confirm it, at the cost
    of a second or more.
    """
    hand = sum(1 << CARD_INDEX[c] for c in view.hand)
    trumps = solo_trumps(view.options)
    open_ = {a - CALL_BASE for a in view.legal if a != PASS}
    for e in estimates(hand, trumps):
        if e.contract not in open_:
            continue
        if e.chips > 0:
            return True
        if e.contract in (SOLO, HEART_SOLO) and e.points >= 58:
            return True
        if e.contract == GUARANTEE and e.points >= (74 if e.trump == HEARTS else 80) - 6:
            return True
        if e.contract in (MISERE, SPREAD) and e.tricks <= 1:
            return True
        if e.contract == CALL_SOLO and e.tricks >= 9.5:
            return True
    return False


RULES = SixBidSoloRules()

__all__ = ["RULES", "SCREEN_COUNT", "SCREEN_UNCOVERED", "SixBidSoloRules", "within_reach"]
