"""The rule-based bot: readable heuristics a learner could follow, each choice with a reason.

Bidding uses the hand evaluation of :mod:`tutor.engine.hand` (count tricks per trump, points with
the widow's share, cards a misère could not duck) and bids the legal contract with the best
estimated chips, or passes. The play follows a few rules of thumb:

Point contracts (Solo, Heart Solo, Guarantee Solo, Call Solo)
  - The bidder draws trumps with a master trump while the defenders may hold trumps, then cashes
    sure winners, else leads low from the longest side suit.
  - A defender cashes a sure winner, else leads low from a long side suit.
  - Following: when the partner is winning, the last player adds points (smears); a player who
    can take a trick from the other side does so as cheaply as possible when playing last, or
    with a sure winner when points are at stake; otherwise the cheapest card goes.
Misère and Spread Misère
  - The bidder ducks with the highest card that still loses, and when forced to win gets rid of
    the highest card; when void, throws the most dangerous card.
  - The defenders lead and play low so the bidder's card ends up highest, and throw their high
    cards when void.
"""

from __future__ import annotations

from ..engine.hand import RANK_TEXT, call_card, estimates, give_card, rank, trump_estimate
from ..games.six_bid_solo.rules import CALL_SOLO, GUARANTEE, MISERES, describe_action, solo_trumps
from ..games.tapp import (
    CALL_BASE,
    CALLCARD_BASE,
    CARD_INDEX,
    DECLINE,
    GIVE_BASE,
    HEARTS,
    PASS,
    POINTS,
    SUIT_MASK,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    SeatView,
)
from ..state import Action
from .base import Table, beats, require_turn


def card_words(card: int) -> str:
    return RANK_TEXT[rank(card)] + SUIT_SYMBOLS[card // 9]


class RuleBot:
    """Readable heuristics; seeded for the protocol's sake (its choices are deterministic)."""

    name = "rule"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, view: SeatView) -> tuple[Action, str]:
        require_turn(view)
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0], f"{describe_action(legal[0])}: the only legal action"
        t = Table.of(view)
        if view.phase == "auction":
            return self._bid(view, t)
        if view.phase == "declare":
            return self._declare(view, t)
        if t.contract in MISERES:
            card, why = self._misere(t, legal)
        else:
            card, why = self._points(t, legal)
        return card, f"{card_words(card)}: {why}"

    # -- the auction (SBS-13..16) --
    def _bid(self, view: SeatView, t: Table) -> tuple[Action, str]:
        best = None
        for e in estimates(t.hand, solo_trumps(view.options)):
            action = CALL_BASE + e.contract
            if action in view.legal and e.chips > 0 and (best is None or e.chips > best.chips):
                best = e
        if best is None:
            return PASS, "pass: no contract still open is worth bidding by my hand count"
        return CALL_BASE + best.contract, f"{describe_action(CALL_BASE + best.contract)}: " \
            f"{best.reason}"

    # -- the declaration (SBS-19, SBS-20) --
    def _declare(self, view: SeatView, t: Table) -> tuple[Action, str]:
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
        if view.step == "call":
            trump = int(view.trump) if view.trump is not None else max(
                range(4), key=lambda s: trump_estimate(t.hand, s)[0])
            c = call_card(t.hand, trump)
            if c is None or CALLCARD_BASE + c not in legal:
                return DECLINE, "call no card: my hand lacks no card worth calling (SBS-20)"
            return CALLCARD_BASE + c, f"call {card_words(c)}: the highest card I lack where " \
                f"it matters for trump {SUIT_SYMBOLS[trump]} (SBS-20)"
        called = CARD_INDEX[view.called] if view.called is not None else -1
        trump = int(view.trump) if view.trump is not None else max(
            range(4), key=lambda s: trump_estimate(t.hand, s)[0])
        g = give_card(t.hand, called, trump)
        if GIVE_BASE + g not in legal:
            g = legal[0] - GIVE_BASE
        return GIVE_BASE + g, f"give {card_words(g)}: my cheapest card of a short side suit, " \
            "it can neither win a trick nor hand over points (SBS-20)"

    # -- the play, point contracts --
    def _points(self, t: Table, legal: list[int]) -> tuple[int, str]:
        trump = t.trump
        if not t.trick:
            masters = [c for c in legal if t.is_master(c)]
            if t.is_bidder:
                master_trumps = [c for c in masters if c // 9 == trump]
                if master_trumps and t.trumps_out():
                    return master_trumps[0], "draw trumps with the master trump"
            side = [c for c in masters if c // 9 != trump]
            if side:
                c = max(side, key=lambda c: POINTS[c])
                return c, "cash a sure winner: no card still out beats it"
            return self._low_lead(t, legal), "lead low from my longest side suit, " \
                "giving nothing away"
        best, who = t.winning()
        partner_wins = not t.is_bidder and who != t.bidder
        last = len(t.trick) == 2
        winners = [c for c in legal if beats(c, best, trump)]
        if partner_wins:
            if last:
                c = max(legal, key=lambda c: (POINTS[c], c // 9 != trump, rank(c)))
                return c, "my partner is winning the trick: add points (smear)"
            c = self._cheapest(legal)
            return c, "my partner leads; keep points back until the trick is safe"
        if winners:
            if last:
                c = min(winners, key=lambda c: (c // 9 == trump, POINTS[c] < 10, -c))
                return c, "win the trick as cheaply as possible (SBS-24)"
            safe = [c for c in winners if t.is_master(c) and (c // 9 == trump or
                                                              c // 9 == t.trick[0] // 9)]
            if safe and t.trick_points() + max(POINTS[c] for c in safe) >= 10:
                c = min(safe, key=lambda c: (POINTS[c] < 10, c))
                return c, "take the points with a sure winner"
        c = self._cheapest(legal)
        return c, "cannot take the trick safely: throw my cheapest card"

    @staticmethod
    def _cheapest(legal: list[int]) -> int:
        """Fewest points, then lowest rank (SBS-3)."""
        return min(legal, key=lambda c: (POINTS[c], -rank(c)))

    @staticmethod
    def _low_lead(t: Table, legal: list[int]) -> int:
        def length(c: int) -> int:
            return (t.hand & SUIT_MASK[c // 9]).bit_count()
        side = [c for c in legal if c // 9 != t.trump] or legal
        return min(side, key=lambda c: (POINTS[c] > 0, -length(c), -rank(c)))

    # -- the play, misères --
    def _misere(self, t: Table, legal: list[int]) -> tuple[int, str]:
        if t.is_bidder:
            if not t.trick:
                c = max(legal, key=rank)
                return c, "lead my lowest card: someone else must win it"
            best, _ = t.winning()
            led = t.trick[0] // 9
            if legal[0] // 9 != led:
                c = min(legal, key=rank)
                return c, "void in the suit led: throw my most dangerous (highest) card"
            under = [c for c in legal if not beats(c, best, -1)]
            if under:
                c = min(under, key=rank)
                return c, "duck with my highest card that still loses the trick"
            c = min(legal, key=rank)
            return c, "forced to win: get rid of my highest card"
        if not t.trick:
            c = max(legal, key=rank)
            return c, "lead low, so the bidder's card may end up highest"
        best, who = t.winning()
        led = t.trick[0] // 9
        if legal[0] // 9 != led:
            c = min(legal, key=rank)
            return c, "void in the suit led: throw my highest card"
        if who == t.bidder:
            under = [c for c in legal if not beats(c, best, -1)]
            if under:
                c = min(under, key=rank)
                return c, "the bidder is winning: stay under with my highest losing card"
        c = max(legal, key=rank)
        return c, "play low, so the bidder's card can win the trick"


__all__ = ["RuleBot", "card_words"]
