"""The rule-based bot: readable heuristics a learner could follow, each choice with a reason.

Bidding and declaring are each game's own (``RULES`` in ``tutor/games/<game>/bots.py``: Six-Bid
Solo bids by its hand evaluation (the game's ``hand.py``), Frog by a count of
its hand with the widow's expected points). The card play is the Tapp family's, the same in
every game whose ``RULES.play`` leaves it to the family (Crazy Solo plays its own, reading who
the secret partner may be), by a few rules of thumb — "my partner" being whoever the view shows
on my side (``view.sides()``):

Point contracts (Solo, Heart Solo, Guarantee Solo, Call Solo; Frog, Chico, Grand)
  - The bidder draws trumps with a master trump while the defenders may hold trumps, then cashes
    sure winners, else leads low from the longest side suit.
  - A defender cashes a sure winner, else leads low from a long side suit.
  - Following: when the partner is winning, the last player adds points (smears); a player who
    can take a trick from the other side does so as cheaply as possible when playing last, or
    with a sure winner when points are at stake; otherwise the cheapest card goes.
Contracts the bidder wins by taking no trick (Misère and Spread Misère)
  - The bidder ducks with the highest card that still loses, and when forced to win gets rid of
    the highest card; when void, throws the most dangerous card.
  - The defenders lead and play low so the bidder's card ends up highest, and throw their high
    cards when void.
"""

from __future__ import annotations

from typing import Protocol

from ..engine.hand import RANK_TEXT, rank
from ..games.tapp import POINTS, SUIT_MASK, SUIT_SYMBOLS, SeatView
from ..state import Action
from .base import Table, action_words, beats, game_choices, require_turn


def card_words(card: int) -> str:
    return RANK_TEXT[rank(card)] + SUIT_SYMBOLS[card // 9]


class RuleChoices(Protocol):
    """A game's own rules of thumb for the rule bot (``RULES`` of its ``bots`` module). A game
    outside the Tapp family gives instead an ``act(bot, view)`` that plays every step."""

    def bid(self, view: SeatView, t: Table) -> tuple[Action, str]:
        """The call, with its reason (the auction)."""
        ...

    def declare(self, view: SeatView, t: Table) -> tuple[Action, str]:
        """The declaration step ``view.step``, with its reason."""
        ...

    def avoids_tricks(self, t: Table) -> bool:
        """Does the bidder win this contract by taking no trick (a misère)?"""
        ...

    def within_reach(self, view: SeatView) -> bool:
        """In the auction: is a contract still open near its mark by the hand count (worth
        sampling deals for, at the play table)?"""
        ...

    def play(self, view: SeatView, t: Table, legal: list[int]) -> tuple[int, str] | None:
        """The game's own card and why, or None for the family's play (:func:`points_play`,
        :func:`misere_play`) — a team game reads who plays with whom (Crazy Solo)."""
        ...


def rule_choices(game_id: str) -> RuleChoices:
    """The game's rules of thumb for bidding and declaring (REC-2 when it has none)."""
    found: RuleChoices = game_choices(game_id, "bots", "RULES", "rule")
    return found


class RuleBot:
    """Readable heuristics; seeded for the protocol's sake (its choices are deterministic)."""

    name = "rule"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        # what a game's own choices remember between turns (a Sixty-Six player's count)
        self.memo: dict[object, object] = {}

    def act(self, view: SeatView) -> tuple[Action, str]:
        require_turn(view)
        whole = getattr(rule_choices(view.game), "act", None)
        if whole is not None:  # a game whose rules of thumb take the whole turn (Sixty-Six)
            found: tuple[Action, str] = whole(self, view)
            return found
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0], f"{action_words(view, legal[0])}: the only legal action"
        t = Table.of(view)
        choices = rule_choices(view.game)
        if view.phase == "auction":
            return choices.bid(view, t)
        if view.phase == "declare":
            return choices.declare(view, t)
        own = choices.play(view, t, legal)
        if own is not None:
            card, why = own
        elif choices.avoids_tricks(t):
            card, why = misere_play(t, legal)
        else:
            card, why = points_play(t, legal)
        return card, f"{card_words(card)}: {why}"


# -- the play, point contracts --
def points_play(t: Table, legal: list[int]) -> tuple[int, str]:
    """The card for a point contract, and why (see the module docstring)."""
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
        return low_lead(t, legal), "lead low from my longest side suit, " \
            "giving nothing away"
    best, who = t.winning()
    partner_wins = t.side_of(who) > 0
    last = t.last_to_play
    winners = [c for c in legal if beats(c, best, trump)]
    if partner_wins:
        if last:
            c = max(legal, key=lambda c: (POINTS[c], c // 9 != trump, rank(c)))
            return c, "my partner is winning the trick: add points (smear)"
        c = cheapest(legal)
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
    c = cheapest(legal)
    return c, "cannot take the trick safely: throw my cheapest card"


def cheapest(legal: list[int]) -> int:
    """Fewest points, then lowest rank (SBS-3)."""
    return min(legal, key=lambda c: (POINTS[c], -rank(c)))


def low_lead(t: Table, legal: list[int]) -> int:
    """The lowest pointless card of my longest side suit."""

    def length(c: int) -> int:
        return (t.hand & SUIT_MASK[c // 9]).bit_count()
    side = [c for c in legal if c // 9 != t.trump] or legal
    return min(side, key=lambda c: (POINTS[c] > 0, -length(c), -rank(c)))


# -- the play, misères --
def misere_play(t: Table, legal: list[int]) -> tuple[int, str]:
    """The card for a contract the bidder wins by taking no trick, and why."""
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


__all__ = ["RuleBot", "RuleChoices", "card_words", "cheapest", "low_lead", "misere_play",
           "points_play", "rule_choices"]
