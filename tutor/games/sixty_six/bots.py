"""Sixty-Six's rules of thumb for the rule bot (:class:`tutor.bots.rule_bot.RuleBot`), each
choice with a one-line reason a learner can follow.

The bot counts like a player: the view shows no total (SS-17), so it keeps every trick it saw
fall (:class:`~tutor.games.sixty_six.sampling.Recall`, in the bot's memo) and counts its own
card points, its marriages once it has won a trick, and the opponent's the same way.

- **Claim** as soon as my count reaches 66 (SS-13a): a right claim is worth most now — the
  opponent's total and tricks only grow (SS-13b). With ``claim_by_marriage``, claim by showing
  a marriage when that brings me to 66.
- **Exchange** the 9 of trumps for the turn-up whenever the rules allow (SS-8): it is a higher
  trump for a worthless one.
- **Close** (SS-10) when my count and the tricks my hand surely takes reach 66: the trumps I
  hold from the top down, and — once no trump is out — the side-suit aces and other masters;
  each sure trick counted with its own points and 4 for the card the opponent adds.
- **Meld** every marriage when I lead (SS-9), 40 before 20, leading the queen (3 points at
  risk, not 4) and showing the king.
- **Lead** while the stock is open: a low card of a side suit, keeping the kings and queens
  that may still marry, else a side ace, else my lowest trump. Under the strict rules: draw
  the opponent's trumps with my master trump, cash a sure winner, else lead low.
- **Follow** while the stock is open: take an ace or a ten led with the cheapest card that
  beats it; win a small card cheaply with a higher card of its suit (a king, queen or jack);
  else throw my cheapest side card, keeping trumps and marriage cards. Under the strict rules:
  win with the cheapest legal card that does, else play the cheapest legal card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ...bots.base import action_words
from ...state import Action
from .rules import (
    ACE,
    CARD,
    CARD_INDEX,
    CARD_TEXT,
    CLAIM,
    CLAIM_MARRIAGE,
    CLOSE,
    DRAW,
    EXCHANGE,
    KING,
    MARRIAGE,
    POINTS,
    QUEEN,
    SUIT_MASK,
    SUIT_OF,
    SUIT_SYMBOLS,
    TEN,
    SixtySixState,
    SixtySixView,
    mask_cards,
)
from .sampling import Seen, remember

#: points a sure trick is expected to bring beside my own card (the opponent's card)
ADDED = 4


def card_words(card: int) -> str:
    """``Q♥``: the card's rank and suit symbol."""
    return CARD_TEXT[card].replace("T", "10")[:-1] + SUIT_SYMBOLS[SUIT_OF[card]]


#: a card's record text (``QH``) inside an action's label
_CARD_TEXT = re.compile(r"(?<![0-9A-Za-z])(" + "|".join(CARD_TEXT) + r")(?![0-9A-Za-z])")


def action_text(view: SixtySixView, action: Action) -> str:
    """An action in a learner's words, as a reason starts: a card as ``10♥``, a marriage as
    ``lead Q♥, showing K♥: a marriage in ♥`` (the game's label, its card texts as cards)."""
    if action >= CARD:
        return card_words(action - CARD)
    return _CARD_TEXT.sub(lambda m: card_words(CARD_TEXT.index(m.group(1))),
                          action_words(view, action))


@dataclass(frozen=True)
class Count:
    """What the player to move knows and has counted at its turn: built from what a seat has
    seen (:meth:`of`), or from a world's state for the strong bot's playouts
    (:meth:`of_state`, the same rules of thumb playing both sides)."""

    seat: int
    hand: int  # my cards, mask
    out: int  # cards neither mine nor played: in the opponent's hand, the stock or turn-up
    trump: int
    mine: int  # my total as counted (SS-13)
    theirs: int  # the opponent's total as counted
    strict: bool  # the strict rules apply (SS-11)
    won_trick: bool  # I have won a trick (my marriages count, SS-9)
    lead: int  # the card led to the trick in progress, -1 when I lead
    step: str  # lead, follow or draw

    @classmethod
    def of(cls, seen: Seen) -> Count:
        view = seen.view
        hand = sum(1 << CARD_INDEX[c] for c in view.hand)
        played = seen.played()
        out = ((1 << 24) - 1) & ~hand & ~played[0] & ~played[1]
        return cls(view.seat, hand, out, seen.trump, seen.total(), seen.total(seen.opponent),
                   view.closed_by is not None or view.stock_left == 0,
                   view.tricks_won[view.seat] > 0,
                   CARD_INDEX[view.trick[0]] if view.trick else -1, view.step or "")

    @classmethod
    def of_state(cls, state: SixtySixState) -> Count:
        """The player to move's facts in a world (its hand, the cards not yet played)."""
        seat = state.to_move
        assert seat is not None
        hand = state.hands[seat]
        out = state.hands[1 - seat] | sum(1 << c for c in state.stock[state.drawn:])
        if state.turnup >= 0:
            out |= 1 << state.turnup
        return cls(seat, hand, out & ~hand, state.trump, state.total(seat),
                   state.total(1 - seat), state.strict, state.won_tricks[seat] > 0,
                   state.lead_card, state.step or "")

    def is_master(self, card: int) -> bool:
        """No card still out ranks above it in its suit."""
        return not self.out & SUIT_MASK[SUIT_OF[card]] & ((1 << card) - 1)

    def trumps_out(self) -> int:
        return (self.out & SUIT_MASK[self.trump]).bit_count()

    def sure_tricks(self) -> list[int]:
        """My cards that win their trick under the strict rules whatever the opponent holds:
        my trumps from the top down (each a master once the higher ones have fallen), and my
        side masters once no trump is out (the opponent must follow suit or cannot trump)."""
        sure = []
        trumps = mask_cards(self.hand & SUIT_MASK[self.trump])
        higher_out = self.out & SUIT_MASK[self.trump]
        for c in trumps:  # highest first (a lower index is a higher card)
            if higher_out & ((1 << c) - 1):
                break
            sure.append(c)
        drawn = self.trumps_out() <= len(sure)
        if drawn:
            for c in mask_cards(self.hand & ~SUIT_MASK[self.trump]):
                if self.is_master(c):
                    sure.append(c)
        return sure

    def keeps_marriage(self, card: int) -> bool:
        """Is ``card`` a king or queen whose partner may still come to my hand (or is there)?"""
        rank = card % 6
        if rank not in (KING, QUEEN):
            return False
        partner = card + (1 if rank == KING else -1)
        return bool((self.hand | self.out) >> partner & 1)


class SixtySixRules:
    """The rule bot's Sixty-Six (``RULES``): every step, with its reason."""

    def act(self, bot: Any, view: SixtySixView | Seen) -> tuple[Action, str]:
        seen = remember(bot.memo, view)
        view = seen.view
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0], f"{action_text(view, legal[0])}: the only legal action"
        return decide(Count.of(seen), legal)


def decide(t: Count, legal: list[Action]) -> tuple[Action, str]:
    """The rules of thumb's action for the player ``t`` describes, with its reason."""
    if CLAIM in legal and t.mine >= 66:
        return CLAIM, f"claim: I count {t.mine}, 66 or more (SS-13a)"
    for a in legal:
        if CLAIM < a < CLOSE:  # claim:marriage:X
            suit = a - CLAIM_MARRIAGE
            points = 40 if suit == t.trump else 20
            if t.mine + points >= 66:
                return a, (f"claim showing the {SUIT_SYMBOLS[suit]} marriage: {t.mine} and "
                           f"{points} make {t.mine + points}")
    if EXCHANGE in legal:
        return EXCHANGE, "exchange: the turn-up is a higher trump than my 9 (SS-8)"
    if CLOSE in legal:
        sure = t.sure_tricks()
        reach = t.mine + sum(POINTS[c] + ADDED for c in sure)
        if reach >= 66:
            return CLOSE, (f"close: I count {t.mine} and {len(sure)} sure tricks bring about "
                           f"{reach - t.mine} more, enough for 66 (SS-10)")
    if t.step == "draw":
        return DRAW, (f"draw: I count {t.mine}, and my sure tricks do not reach 66 yet"
                      if CLOSE in legal else "draw from the stock")
    if t.step == "lead":
        return lead(t, legal)
    return follow(t, legal)


def lead(t: Count, legal: list[Action]) -> tuple[Action, str]:
    """A lead: meld, else (strict rules) draw trumps or cash a winner, else lead low."""
    marriages = [a for a in legal if MARRIAGE <= a < CARD]
    if marriages:
        # 40 before 20; lead the queen (odd numbers) and show the king
        a = min(marriages, key=lambda a: ((a - MARRIAGE) // 2 != t.trump, a % 2 == 0))
        suit = (a - MARRIAGE) // 2
        points = 40 if suit == t.trump else 20
        counts = "it counts at once" if t.won_trick else "it counts once I win a trick"
        return a, f"meld {points} in {SUIT_SYMBOLS[suit]}, leading the queen: {counts} (SS-9)"
    cards = [a - CARD for a in legal if a >= CARD]
    if t.strict:
        trumps = [c for c in cards if SUIT_OF[c] == t.trump]
        masters = [c for c in trumps if t.is_master(c)]
        if masters and t.trumps_out():
            return CARD + masters[0], (f"{card_words(masters[0])}: draw the opponent's "
                                       "trumps with my master trump (SS-11: it must follow)")
        side = [c for c in cards if SUIT_OF[c] != t.trump and t.is_master(c)]
        if side:
            c = max(side, key=lambda c: POINTS[c])
            return CARD + c, f"{card_words(c)}: cash a sure winner"
        c = low(t, cards)
        return CARD + c, f"{card_words(c)}: lead low, nothing sure to cash"
    side = [c for c in cards if SUIT_OF[c] != t.trump]
    small = [c for c in side if POINTS[c] < 10 and not t.keeps_marriage(c)]
    if small:
        c = low(t, small)
        return CARD + c, (f"{card_words(c)}: lead a low side card while the stock is open, "
                          "keeping trumps and marriage cards")
    aces = [c for c in side if c % 6 == ACE]
    if aces:
        return CARD + aces[0], f"{card_words(aces[0])}: lead a side ace, only a trump takes it"
    c = low(t, side or cards)
    return CARD + c, f"{card_words(c)}: lead my cheapest card"


def low(t: Count, cards: list[int]) -> int:
    """The cheapest card, trumps last, from the longest suit."""
    return min(cards, key=lambda c: (SUIT_OF[c] == t.trump, POINTS[c],
                                     -(t.hand & SUIT_MASK[SUIT_OF[c]]).bit_count(), -c))


def follow(t: Count, legal: list[Action]) -> tuple[Action, str]:
    """A follow: take an ace or ten, win a small card cheaply, else throw low; under the strict
    rules win as cheaply as allowed, else give the cheapest card."""
    lead_card = t.lead
    cards = [a - CARD for a in legal if a >= CARD]

    def beats(c: int) -> bool:
        if SUIT_OF[c] == SUIT_OF[lead_card]:
            return c < lead_card
        return SUIT_OF[c] == t.trump

    winners = [c for c in cards if beats(c)]
    cheapest = min(winners, key=lambda c: (SUIT_OF[c] == t.trump, POINTS[c]), default=None)
    if t.strict:
        if cheapest is not None:
            return CARD + cheapest, (f"{card_words(cheapest)}: win the trick as cheaply as "
                                     "the strict rules allow (SS-11)")
        c = min(cards, key=lambda c: (POINTS[c], -c))
        return CARD + c, f"{card_words(c)}: cannot win it, give my cheapest card (SS-11)"
    if POINTS[lead_card] >= 10 and cheapest is not None:
        return CARD + cheapest, (f"{card_words(cheapest)}: take the {card_words(lead_card)}, "
                                 f"{POINTS[lead_card]} points, as cheaply as I can")
    small = [c for c in winners if SUIT_OF[c] == SUIT_OF[lead_card] and POINTS[c] < 10
             and not t.keeps_marriage(c)]
    if small:
        c = min(small, key=lambda c: POINTS[c])
        return CARD + c, f"{card_words(c)}: win the small card cheaply in its suit"
    throw = [c for c in cards if SUIT_OF[c] != t.trump and not t.keeps_marriage(c)
             and c % 6 not in (ACE, TEN)]
    c = min(throw or cards, key=lambda c: (SUIT_OF[c] == t.trump, POINTS[c], -c))
    return CARD + c, f"{card_words(c)}: throw my cheapest card, keeping trumps and marriages"


RULES = SixtySixRules()

__all__ = ["ADDED", "RULES", "Count", "SixtySixRules", "action_text", "card_words", "decide",
           "follow", "lead", "low"]
