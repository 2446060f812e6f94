"""Crazy Solo's own choices for the rule bot (:mod:`tutor.bots.rule_bot`): the call, the trump,
the called card and the card play, each with a one-line reason — the card play's reason says
how the bot reads who the partner may be.

- **The call** (CS-4, CS-5): the open call whose estimate (:func:`~.hand.estimates`) pays the
  bidder the most chips, else pass.
- **Trump** (CS-7): the suit the hand counts best with, for the contract (beside a partner for
  ``solo``, alone for ``alone``).
- **The called card** (CS-8): the highest trump the hand lacks — its holder becomes the partner
  — unless the hand makes its points alone: then a card of its own, to play secretly alone and
  settle with the whole gang (CS-12).
- **The card play** (CS-10), on the sides as the view knows them (the view's ``sides()``: the
  bidder, the partner once known, the seats that cannot be the partner). A seat that may still be
  the partner is read by the odds: it is the partner if it is one of at most two seats that may
  hold the called card, else the gang — the bidder plays it as the gang, a gang member as the
  gang too when three or more seats may hold it. Then:

  - leading: the bidder's side draws trumps with a master trump; the partner, not yet known,
    leads the called card when it is a sure winner (it takes the trick and tells the bidder);
    anyone cashes a sure winner, else leads low from the longest side suit;
  - following: when my side is winning and the trick is safe (I play last, or no card still out
    beats the winning one), add points (the partner feeds the bidder's side, a gang member its
    own); when the other side is winning, take the trick as cheaply as possible when playing
    last, or with a sure winner when points are at stake; otherwise the cheapest card — the gang
    does not feed a soloist's trick.
"""

from __future__ import annotations

from ...bots.base import Table, action_words, beats, deal_deck
from ...bots.rule_bot import cheapest, low_lead
from ...engine.hand import rank
from ...engine.sampler import game_of
from ...state import Action
from ..tapp import (
    CALL_BASE,
    CALLCARD_BASE,
    CARD_INDEX,
    PASS,
    POINTS,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    SeatView,
    mask_cards,
    open_contracts,
    played_and_voids,
)
from .hand import BID_FROM, Estimate, call_card, card_words, estimate, estimates
from .rules import ALONE, CrazySolo, CrazySoloView, possible_partners

#: a seat that may be the partner is read as the partner when at most this many seats may hold
#: the called card (one in two), else as the gang
LIKELY_PARTNER = 2


def _hand_size(view: SeatView) -> int:
    """Cards in a hand as dealt at this table (CS-2)."""
    game = game_of(view.game, view.options)
    assert isinstance(game, CrazySolo)
    return game.hand_size


def _trumps(view: SeatView) -> tuple[int, ...]:
    """The plain calls' trumps (CS-7): ♣ ♠ ♦, and ♥ under ``plain_calls_allow_hearts``."""
    return (0, 1, 2, 3) if view.options.get("plain_calls_allow_hearts") else (0, 1, 3)


def _estimates(view: SeatView, t: Table) -> list[Estimate]:
    return estimates(t.hand, len(view.active), _hand_size(view), _trumps(view))


# --- reading the partner -----------------------------------------------------------------------
def _excluded_why(view: CrazySoloView, seat: int) -> str:
    """Why ``seat`` cannot hold the called card, by what the view shows."""
    assert view.called is not None
    suit = view.called.suit
    if not view.hand_sizes[seat]:
        return "it has no card left"
    _, voids = played_and_voids(view)
    if voids[seat] >> int(suit) & 1:
        return f"it has shown void in {suit.symbol}"
    return "as leader of this blind deal it held no heart (CS-14)"


def partner_reading(view: CrazySoloView, focus: int | None = None) -> str:
    """How this seat reads who the partner may be, in one phrase, about ``focus`` (the seat
    winning the trick) when that says more than the whole table."""
    me, bidder, called = view.seat, view.bidder, view.called
    if called is None:
        return ("I play alone: no partner (CS-8)" if me == bidder
                else f"seat {bidder} plays alone: every other seat is in my gang")
    card = card_words(CARD_INDEX[called])
    whose = "my" if me == bidder else "the bidder's"
    if view.partner_revealed:
        partner = view.partner
        if partner == bidder:
            return f"seat {bidder} called its own {card}: it plays alone"
        if partner == me:
            return f"I played the called {card}: I am the partner, playing for seat {bidder}"
        return f"seat {partner} is {whose} partner: it played the called {card}"
    if view.partner == me:
        if me == bidder:
            return f"I hold the called {card} myself: I play secretly alone"
        return f"I hold the called {card}: I play for the bidder (seat {bidder})"
    possible = possible_partners(view)
    if len(possible) == 1:
        (p,) = possible
        if p == bidder:
            return f"only seat {bidder} may hold the called {card}: it plays secretly alone"
        return f"seat {p} must be {whose} partner: only it may still hold the called {card}"
    suit = called.suit.symbol
    if focus is not None and focus not in (me, bidder):
        if focus in possible:
            odds = (f"one of {len(possible)} seats that may hold {card}, so "
                    + ("likely" if len(possible) <= LIKELY_PARTNER else "more likely the gang"))
            return f"seat {focus} may be {whose} partner: it has not shown void in {suit} ({odds})"
        return f"seat {focus} is not {whose} partner: {_excluded_why(view, focus)}"
    others = [s for s in possible if s != bidder]
    seats = (f"seat {others[0]}" if len(others) == 1 else
             "seat " + ", ".join(str(s) for s in others[:-1]) + f" or {others[-1]}"
             if len(others) <= 4 else f"any of {len(others)} seats")
    alone = f", or seat {bidder} itself, secretly alone" if bidder in possible else ""
    return (f"{whose} partner may be {seats}{alone}: {card} is unseen and none of them has "
            f"shown void in {suit}")


def _lean(view: CrazySoloView, t: Table, seat: int) -> int:
    """+1 when ``seat`` is read to play on my side, -1 against (see the module docstring)."""
    side = t.side_of(seat)
    if side:
        return side
    likely_partner = len(possible_partners(view)) <= LIKELY_PARTNER
    if t.is_bidder:
        return 1 if likely_partner else -1
    return -1 if likely_partner else 1


def _sure(t: Table, card: int) -> bool:
    """No card still out beats ``card`` in this trick: the highest trump out, or the highest of
    the led suit with no trump out."""
    if not t.is_master(card):
        return False
    return card // 9 == t.trump or t.trumps_out() == 0


# --- the rule bot's choices ----------------------------------------------------------------------
class CrazySoloRules:
    """The rule bot's call, declaration and card play in Crazy Solo (see the module
    docstring)."""

    def bid(self, view: SeatView, t: Table) -> tuple[Action, str]:
        """The open call with the best estimated chips (CS-4, CS-5), or pass."""
        open_ = open_contracts(view.legal)
        ests = _estimates(view, t)
        best = None
        for e in ests:
            if e.contract in open_ and e.chips > 0 and (best is None or e.chips > best.chips):
                best = e
        if best is None:
            top = max((e for e in ests if e.contract in open_), key=lambda e: e.points,
                      default=None)
            said = f" (at best ≈ {top.points} points)" if top is not None else ""
            return PASS, (f"pass: no call still open is worth making by my hand count{said}; "
                          f"I call from {BID_FROM}")
        action = CALL_BASE + best.contract
        return action, f"{action_words(view, action)}: {best.reason}"

    def declare(self, view: SeatView, t: Table) -> tuple[Action, str]:
        """Trump (CS-7), then the called card (CS-8)."""
        n, size = len(view.active), _hand_size(view)
        if view.step == "trump":
            by_trump = {a - TRUMP_BASE: estimate(t.hand, n, size, t.contract, a - TRUMP_BASE)
                        for a in view.legal}
            s = max(by_trump, key=lambda s: by_trump[s].points)
            return TRUMP_BASE + s, f"trump {SUIT_SYMBOLS[s]}: {by_trump[s].reason}"
        trump = t.trump
        alone = estimate(t.hand, n, size, ALONE, trump)
        if alone.points >= BID_FROM:
            trumps = [c for c in mask_cards(t.hand) if c // 9 == trump]
            mine = trumps[-1] if trumps else cheapest(mask_cards(t.hand))
            return CALLCARD_BASE + mine, (
                f"call {card_words(mine)}, my own card: my hand makes ≈ {alone.points} points "
                "alone, so I play secretly alone and settle with the whole gang (CS-8, CS-12)")
        card = call_card(t.hand, trump, deal_deck(view))
        if card // 9 == trump:
            why = ("the highest trump I lack: its holder becomes my secret partner (CS-8), a "
                   "high trump on my side")
        else:
            why = "I hold every trump: the highest card I lack of my longest side suit (CS-8)"
        return CALLCARD_BASE + card, f"call {card_words(card)}: {why}"

    def avoids_tricks(self, t: Table) -> bool:
        """Every Crazy Solo contract is won on points (CS-11)."""
        return False

    def within_reach(self, view: SeatView) -> bool:
        """Is a call still open within 10 points of :data:`~.hand.BID_FROM` by the count?"""
        open_ = open_contracts(view.legal)
        return any(e.contract in open_ and e.points >= BID_FROM - 10
                   for e in _estimates(view, Table.of(view)))

    def play(self, view: SeatView, t: Table, legal: list[int]) -> tuple[int, str] | None:
        """The card, on the sides as this seat reads them, and why (with the partner reading)."""
        assert isinstance(view, CrazySoloView)
        if not t.trick:
            card, why = self._lead(view, t, legal)
            return card, f"{why}; {partner_reading(view)}"
        best, who = t.winning()
        card, why = self._follow(view, t, legal, best, who)
        return card, f"{why}; {partner_reading(view, who)}"

    def _lead(self, view: CrazySoloView, t: Table, legal: list[int]) -> tuple[int, str]:
        trump = t.trump
        masters = [c for c in legal if t.is_master(c)]
        soloist = t.seat in t.soloists
        if soloist:
            master_trumps = [c for c in masters if c // 9 == trump]
            if master_trumps and t.trumps_out():
                return master_trumps[0], "draw trumps with the master trump"
        called = CARD_INDEX[view.called] if view.called is not None else -1
        if called in masters and not view.partner_revealed and t.seat != t.bidder:
            return called, ("lead the called card, a sure winner: it takes the trick and shows "
                            "the bidder its partner")
        side = [c for c in masters if c // 9 != trump and _sure(t, c)]
        if side:
            c = max(side, key=lambda c: POINTS[c])
            return c, "cash a sure winner: no card still out beats it"
        return low_lead(t, legal), "lead low from my longest side suit, giving nothing away"

    def _follow(self, view: CrazySoloView, t: Table, legal: list[int], best: int,
                who: int) -> tuple[int, str]:
        trump = t.trump
        last = t.last_to_play
        lean = _lean(view, t, who)
        winner = "the bidder" if who == t.bidder else f"seat {who}"
        if lean > 0:
            if last or _sure(t, best):
                c = max(legal, key=lambda c: (POINTS[c], c // 9 != trump, rank(c)))
                return c, f"{winner} wins this trick for my side: add points"
            return cheapest(legal), (f"{winner} is winning for my side, but the trick is not "
                                     "safe yet: keep points back")
        winners = [c for c in legal if beats(c, best, trump)]
        if winners:
            if last:
                c = min(winners, key=lambda c: (c // 9 == trump, POINTS[c] < 10, -c))
                return c, f"take the trick from {winner} as cheaply as possible (CS-10)"
            sure = [c for c in winners if _sure(t, c)]
            if sure and t.trick_points() + max(POINTS[c] for c in sure) >= 10:
                c = min(sure, key=lambda c: (POINTS[c] < 10, c))
                return c, f"take the points from {winner} with a sure winner"
        return cheapest(legal), (f"{winner} is winning against my side and I cannot take it "
                                 "safely: my cheapest card, feeding it nothing")


RULES = CrazySoloRules()

__all__ = ["LIKELY_PARTNER", "RULES", "CrazySoloRules", "partner_reading"]
