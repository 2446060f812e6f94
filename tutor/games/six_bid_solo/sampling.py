"""What a Six-Bid Solo view fixes about the unseen cards, for the shared sampler
(:mod:`tutor.engine.sampler`), and how its calls are read (:mod:`tutor.engine.inference`).

**The constraints.** A seat sees its own hand, every call, the declaration, the cards played
and, in Spread Misère, the exposed hand (SBS-21); in Call Solo it sees the called card and where
it came from, and the bidder and the defender who received it see the card given back (SBS-20).
Everything else — the other hands and the widow — is unseen:

- each other active seat holds exactly as many unseen cards as it has cards left;
- the widow holds 3 cards (SBS-8), the called card among them if it lay there (SBS-20 b);
- a seat that did not follow the led suit holds none of that suit, and one that neither followed
  nor trumped holds no trump either (SBS-23) — a *void* shown by the play;
- the exposed Spread Misère hand, the called card (now with the bidder) and a known gift are
  where the view shows them.

The deal as dealt is rebuilt from the current hands plus the cards each seat played, the Call
Solo exchange undone; when the view does not show the card the bidder gave back, the gift is
drawn uniformly from the receiving defender's cards.

**Reading the calls.** A call says something: a player who bid Solo holds a hand worth bidding
Solo on. The bid advisor and the PIMC bot read that the same way, as a *preference* among the
sampled deals (:func:`tutor.engine.inference.read_calls`):

- **What a call needs** (:func:`fits_call`), by the rules of thumb of :mod:`tutor.engine.hand`
  read leniently, so that a real caller's hand is rarely set aside. The bots bid by those
  rules (the rule bot from a count of 61 for Solo; the PIMC bot never from less than 55,
  ``SCREEN_COUNT`` of :mod:`tutor.games.six_bid_solo.bots`):

  | call | the caller's hand fits when |
  |---|---|
  | Solo | its count with one of the Solo trumps (SBS-19, SBS-V5) is at least 55 |
  | Heart Solo | its count with ♥ trump is at least 55 |
  | Guarantee Solo | its count with some trump is at least the target less 15 (65; 59 with ♥) |
  | Call Solo | it expects at least 9½ tricks with some trump |
  | Misère | at most 2 cards it could not duck |
  | Spread Misère | at most 1 card it could not duck |

  Once the trump is named (the play), the bidder's count is taken with that trump.
- **What a pass rules out** (:func:`strong_above`): a hand that clearly calls for a contract
  above the one standing — a count of 75 or more for Solo or Heart Solo (14 over the rule
  bot's mark), the Guarantee target plus 10, a misère with no card it could not duck, a Spread
  Misère hand, 11 expected tricks for Call Solo. Weaker hands may pass for many reasons, so
  only these are set aside (about 6 random hands in 100 with no contract standing).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.hand import spread_safe, trump_estimate, uncovered
from ...engine.sampler import (
    ALL,
    WIDOW,
    Constraints,
    Deal,
    PublicHistory,
    SeatConstraints,
    cards_played,
)
from ...state import Action
from ..tapp import (
    AUCTION,
    CALLCARD_BASE,
    CARD_INDEX,
    DECLARE,
    DECLINE,
    GIVE_BASE,
    HEARTS,
    N_CARDS,
    TRUMP_BASE,
    SeatView,
    TappGame,
    mask_cards,
)
from .rules import (
    CALL_SOLO,
    CONTRACTS,
    GUARANTEE,
    HEART_SOLO,
    MISERE,
    SOLO,
    SPREAD,
    SixBidSoloState,
    parse_call,
    solo_trumps,
)

WIDOW_SIZE = 3  # SBS-8


def history_of(view: SeatView) -> PublicHistory:
    """The actions that led to ``view`` (calls, declaration steps, cards) as far as it shows.

    Declaration steps follow the contract and the option ``call_solo_order`` (SBS-19, SBS-20,
    SBS-V6); in the declare phase only the steps before the current one are taken.
    """
    actions: list[Action | None] = [parse_call(t) for _, t in view.calls]
    contract = CONTRACTS.index(view.contract) + 1 if view.contract else 0
    steps: list[str] = []
    if contract in (SOLO, GUARANTEE):
        steps = ["trump"]
    elif contract == CALL_SOLO:
        order = view.options.get("call_solo_order", "call_first")
        steps = ["call", "give", "trump"] if order == "call_first" else ["trump", "call", "give"]
        if view.call_holder is None or view.call_holder < 0:
            steps.remove("give")  # declined, or the called card lay in the widow
    if view.phase == DECLARE:
        assert view.step in steps
        steps = steps[: steps.index(view.step)]  # only the steps already taken
    elif view.phase == AUCTION:
        steps = []
    for step in steps:
        if step == "trump":
            assert view.trump is not None
            actions.append(TRUMP_BASE + int(view.trump))
        elif step == "call":
            actions.append(DECLINE if view.called is None
                           else CALLCARD_BASE + CARD_INDEX[view.called])
        else:  # give: known to the bidder and the receiver only
            actions.append(None if view.given is None else GIVE_BASE + CARD_INDEX[view.given])
    actions.extend(cards_played(view))
    return PublicHistory(view.game, dict(view.options), view.dealer, tuple(actions))


class SixBidSoloConstraints(SeatConstraints):
    """A Six-Bid Solo view's constraints (see the module docstring), with what rebuilding the
    deal as dealt needs: the cards each seat played, the viewer's hand, Call Solo's exchange."""

    def __init__(self, view: SeatView) -> None:
        super().__init__(view)
        own, all_played = self.own, self.all_played
        # cards whose place is known though the viewer does not hold them (fixed per slot)
        fixed: dict[int, int] = {s: 0 for s in range(len(view.hand_sizes))}
        fixed[WIDOW] = 0
        bidder = view.bidder
        if view.exposed is not None and bidder is not None and bidder != view.seat:
            fixed[bidder] |= sum(1 << CARD_INDEX[c] for c in view.exposed)  # SBS-21
        called = CARD_INDEX[view.called] if view.called is not None else -1
        self.called = called
        holder = view.call_holder
        if called >= 0 and holder is not None:
            bit = 1 << called
            if holder < 0:
                fixed[WIDOW] |= bit  # SBS-20 b: it lay in the widow
            elif bidder is not None and not (all_played | own) & bit:
                fixed[bidder] |= bit  # handed over to the bidder
        self.gift = CARD_INDEX[view.given] if view.given is not None else -1
        history = history_of(view)
        self.give_done = any(a is None or GIVE_BASE <= a < GIVE_BASE + N_CARDS
                             for a in history.actions)
        self.gift_unknown = None in history.actions
        if self.gift >= 0 and holder is not None and holder >= 0 \
                and not (all_played | own) & (1 << self.gift):
            fixed[holder] |= 1 << self.gift
        # the slots that receive unseen cards: other active seats, then the widow
        slots = (*(s for s in view.active if s != view.seat), WIDOW)
        known = own | all_played
        for m in fixed.values():
            known |= m
        Constraints.__init__(
            self, slots=slots,
            sizes=[WIDOW_SIZE if s == WIDOW else view.hand_sizes[s] for s in slots],
            known=fixed, voids=self.shown_voids, unseen=ALL & ~known, rules=("SBS-8", "SBS-23"))

    def deal_of(self, held: Mapping[int, int], rng: random.Random) -> Deal:
        """Current holdings → the hands as dealt (cards played put back, the exchange undone)."""
        view = self.view
        hands = self.hands_played_back(held)
        gift = self.gift
        holder = view.call_holder
        called = self.called
        hidden: tuple[Action, ...] = ()
        if called >= 0 and holder is not None and holder >= 0:
            bidder = view.bidder
            assert bidder is not None
            if self.give_done:
                if self.gift_unknown:  # SBS-20 b: any card the receiver has had may be the gift
                    gift = rng.choice(mask_cards(hands[holder]))
                    hidden = (GIVE_BASE + gift,)
                hands[bidder] |= 1 << gift
                hands[holder] &= ~(1 << gift)
            hands[bidder] &= ~(1 << called)  # the called card goes back to its holder
            hands[holder] |= 1 << called
        return Deal(tuple(hands), held[WIDOW], hidden)


def constraints(view: SeatView) -> SixBidSoloConstraints:
    """Where ``view`` says the unseen cards of a Six-Bid Solo deal may lie."""
    return SixBidSoloConstraints(view)


def deal_state(game: TappGame[Any], dealer: int, deal: Deal) -> SixBidSoloState:
    """The deal before any action: ``deal``'s hands and widow, ``dealer`` dealing."""
    return SixBidSoloState(game, dealer, list(deal.hands), deal.widow)


# --- reading the calls -------------------------------------------------------------------------
#: the lowest count (points, :func:`~tutor.engine.hand.trump_estimate`) a Solo or Heart Solo
#: caller is read to hold; the PIMC bot's pre-screen passes every hand under it
SOLO_FLOOR = 55
#: how far under its target a Guarantee Solo caller's count may be (targets 80, 74 with ♥)
GUARANTEE_SLACK = 15
#: the fewest tricks a Call Solo caller is read to expect (the rule bot calls from 10½)
CALL_SOLO_TRICKS = 9.5
#: the most cards a Misère / Spread Misère caller could not duck
MISERE_UNCOVERED = 2
SPREAD_UNCOVERED = 1
#: a count this far over 61 is a hand that clearly calls for Solo or Heart Solo (a pass rules
#: it out); Guarantee Solo's target plus :data:`GUARANTEE_CLEAR`; Call Solo from 11 tricks
STRONG_SOLO = 75
GUARANTEE_CLEAR = 10
CALL_SOLO_CLEAR = 11.0


def fits_call(hand: int, contract: int, trump: int | None = None,
              options: Mapping[str, Any] | None = None) -> bool:
    """Does ``hand`` (11 cards as dealt) fit a call of ``contract`` (see the module table)?

    ``trump`` is the trump once named (the play); ``None`` in the auction, where the best suit
    the contract allows is taken (SBS-18: no trump is named while bidding).
    """
    if contract == MISERE:
        return len(uncovered(hand)) <= MISERE_UNCOVERED
    if contract == SPREAD:
        return len(uncovered(hand)) <= SPREAD_UNCOVERED
    if contract == HEART_SOLO:
        suits: Sequence[int] = (HEARTS,)
    elif trump is not None and trump >= 0:
        suits = (trump,)
    elif contract == SOLO:
        suits = solo_trumps(options or {})
    else:
        suits = (0, 1, 2, 3)
    if contract == CALL_SOLO:
        return max(trump_estimate(hand, s)[0] for s in suits) >= CALL_SOLO_TRICKS
    if contract == GUARANTEE:
        return any(trump_estimate(hand, s)[1] >= (74 if s == HEARTS else 80) - GUARANTEE_SLACK
                   for s in suits)
    return max(trump_estimate(hand, s)[1] for s in suits) >= SOLO_FLOOR


def strong_above(hand: int, standing: int, options: Mapping[str, Any] | None = None) -> bool:
    """Does ``hand`` clearly call for a contract above ``standing`` (0: none; see the module
    docstring)? A player holding it would not have passed (SBS-14: a pass is final)."""
    if standing < SOLO and max(trump_estimate(hand, s)[1]
                               for s in solo_trumps(options or {})) >= STRONG_SOLO:
        return True
    if standing < HEART_SOLO and trump_estimate(hand, HEARTS)[1] >= STRONG_SOLO:
        return True
    if standing < MISERE and not uncovered(hand):
        return True
    if standing < GUARANTEE and any(
            trump_estimate(hand, s)[1] >= (74 if s == HEARTS else 80) + GUARANTEE_CLEAR
            for s in range(4)):
        return True
    if standing < SPREAD and spread_safe(hand):
        return True
    return standing < CALL_SOLO and max(
        trump_estimate(hand, s)[0] for s in range(4)) >= CALL_SOLO_CLEAR


__all__ = ["SixBidSoloConstraints", "constraints", "deal_state", "fits_call", "history_of",
           "strong_above"]
