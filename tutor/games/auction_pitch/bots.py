"""Auction Pitch's rule bot: readable rules of thumb for the call and every card, each with a
one-line reason. Every player is on their own, so there is no partner to feed: a trick is worth
taking for what it holds — the trump jack, a low trump, game points — and worth nothing to give.

**The call** (PI-4, PI-4b). The hand's likely points with its best trump suit
(:func:`~.hand.best_trump`: High, Low, Jack and Game as chances, since only 6 cards a player are
dealt and the top trump, the low trump or the trump jack may not be in play at all). The bot
bids the most its count supports (:data:`BID_AT`: a set-back costs the whole bid, so the higher
bids want a margin) and never 4 without the trump jack: the jack may not even be dealt, so a 4
without it is a gamble — a hand that counts near it says so. The dealer,
speaking last, takes the bid at the highest bid so far (a steal, PI-4b) or bids the least that
wins; forced to bid when all passed (``dealer_forced_2``) it bids the least.

**The first lead** (PI-7) names trump: the best suit's top card when it is the ace, king or
queen (draw trumps, and take High), else a middle trump — the jack and the lowest kept back.

**Later leads.** Draw trumps with the highest trump left while other trumps may be out; cash a
side card no card still out beats once no trump may be out; else lead the cheapest card.

**Following** (PI-8: follow, or trump while able to follow, unless ``strict_follow``). Last to
play and able to win: win with the trump jack or a 10 (the point and the game points are then
safe), else win cheaply when the trick holds anything. Not last: take the trick with a sure
winner (no card still out beats it) — the jack first — when it holds anything. Otherwise throw
the cheapest card: plain low cards first; tens, the trump jack, trumps and a low trump kept.

"Still out" means neither in my hand nor played: in another hand *or never dealt* — the bot
plays safe and counts every unseen card as a threat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ...state import Action
from .hand import Estimate, best_trump, card_words, dealt_share
from .rules import (
    AUCTION,
    BID_BASE,
    CARD_INDEX,
    GAME_POINTS,
    JACK,
    N_CARDS,
    PASS,
    PLAY,
    SUIT_MASK,
    SUIT_OF,
    SUIT_SYMBOLS,
    PitchView,
    mask_cards,
    trick_winner,
)

#: the count of likely points a bid of 1, 2, 3, 4 is made from: a set-back costs the whole bid
#: (PI-11), so the higher bids want a margin
BID_AT = (0.0, 0.7, 1.7, 2.8, 3.8)
#: a hand without the trump jack that counts this much hears why it does not bid 4
FOUR_IN_SIGHT = 2.3
TEN = 4  # the ten's place in a suit: A K Q J 10
LOW_PLACES = 10  # places 10, 11, 12 are the 4, 3, 2: a trump that may be Low


class Turn(Protocol):
    """What the rule bot reads to choose a card: the seat's hand and what every seat sees (the
    legal cards as a mask, the trick so far from its leader, trump or -1, every card played)."""

    @property
    def seat(self) -> int: ...

    @property
    def players(self) -> int: ...

    @property
    def hand(self) -> int: ...

    @property
    def legal(self) -> int: ...

    @property
    def trick(self) -> Sequence[int]: ...

    @property
    def leader(self) -> int: ...

    @property
    def trump(self) -> int: ...

    @property
    def played(self) -> int: ...


# --- the call ------------------------------------------------------------------------------------
def bid_from(e: Estimate) -> int:
    """The most the count supports (:data:`BID_AT`); never 4 without the trump jack — the jack
    may not even be dealt, and then 4 cannot be made (a gamble)."""
    k = max((k for k in range(1, 5) if e.total >= BID_AT[k]), default=0)
    return 3 if k == 4 and not e.holds_jack else k


def call_choice(hand: int, players: int, options: Mapping[str, Any], legal: Sequence[Action],
                high: int, dealer: bool) -> tuple[Action, str]:
    """The rule bot's call and why (PI-4b), from the hand (a mask), the highest bid so far and
    the legal calls."""
    call, why = call_pick(hand, players, str(options.get("low_point", "captured")), legal, high,
                          dealer)
    return call, why()


def call_pick(hand: int, players: int, low_point: str, legal: Sequence[Action], high: int,
              dealer: bool) -> tuple[Action, Callable[[], str]]:
    """:func:`call_choice` with its reason put into words only when asked (the Monte-Carlo
    bot's playouts make many calls and read none)."""
    e = best_trump(hand, players, low_point)
    k = bid_from(e)
    bids = [a - BID_BASE for a in legal if a != PASS]

    def count() -> str:
        return (f"with {SUIT_SYMBOLS[e.trump]} trump I count about {e.total:.1f} points — "
                f"{e.parts()}")

    def jack() -> str:
        return card_words(13 * e.trump + JACK)

    if PASS not in legal:  # PI-4b: everyone passed under dealer_forced_2
        least = min(bids)
        return BID_BASE + least, lambda: (f"bid {least}: everyone passed, so the dealer must "
                                          f"bid (dealer_forced_2); the least, {count()}")
    if dealer and high and high in bids and k >= high:
        return BID_BASE + high, lambda: (f"steal at {high}: as dealer I may take the bid at "
                                         f"{high} (PI-4b); {count()}")
    need = min(bids, default=5)
    if k >= need:
        bid = need if dealer else k  # the dealer speaks last: the least that wins is enough

        def words() -> str:
            why = "as dealer, the least that wins; " if dealer and bid < k else ""
            gamble = (f"; not 4: without {jack()} a 4 is a gamble ({jack()} is dealt to another "
                      f"player only {dealt_share(players):.0%} of the time)"
                      if not e.holds_jack and e.total >= FOUR_IN_SIGHT else "")
            return f"bid {bid}: {why}{count()}{gamble}"

        return BID_BASE + bid, words
    short = f"short of the {need} needed" if need <= 4 else "and no higher bid is left"
    return PASS, lambda: f"pass: {count()}, {short}"


def call_reach(hand: int, players: int, options: Mapping[str, Any], high: int) -> bool:
    """Is a bid near its mark: the hand counts at least one point less than the least bid that
    wins? (The table's sampling bot passes a hand without sampling otherwise.)"""
    e = best_trump(hand, players, str(options.get("low_point", "captured")))
    need = max(int(options.get("min_bid", 1)), high + 1)
    return e.total >= BID_AT[min(need, 4)] - 1


# --- the cards -----------------------------------------------------------------------------------
def cost(card: int, trump: int) -> float:
    """What giving ``card`` away costs, by the rules of thumb: its game points, and for a trump
    its power to win tricks, more for the jack (the Jack point) and a low trump (maybe Low)."""
    c = float(GAME_POINTS[card])
    if SUIT_OF[card] == trump:
        place = card % 13
        c += 3 + (13 - place) * 0.3
        if place == JACK:
            c += 8
        elif place >= LOW_PLACES:
            c += 2
    return c


def beats(card: int, best: int, trump: int) -> bool:
    """Does ``card`` beat ``best``, the card now winning the trick (PI-9)?"""
    if SUIT_OF[card] == SUIT_OF[best]:
        return card < best  # a lower index is a higher card (PI-1)
    return SUIT_OF[card] == trump


def first_lead(hand: int, players: int, low_point: str) -> tuple[int, str]:
    """The first card of the hand, which names trump (PI-7): the best suit's ace, king or queen,
    else a middle trump (the jack and the lowest kept back)."""
    e = best_trump(hand, players, low_point)
    sym = SUIT_SYMBOLS[e.trump]
    mine = hand & SUIT_MASK[e.trump]
    top = (mine & -mine).bit_length() - 1
    names = f"names {sym} trump (PI-7), where I count about {e.total:.1f} points"
    if top % 13 < JACK:
        return top, f"lead {card_words(top)}: {names}; the top trump draws trumps"
    cards = [c for c in range(13 * e.trump, 13 * e.trump + 13) if mine >> c & 1]
    middle = [c for c in cards if c % 13 != JACK and c != cards[-1]] or \
        [c for c in cards if c % 13 != JACK] or cards
    card = middle[0]
    kept = [card_words(c) for c in cards if c != card and (c % 13 == JACK or c == cards[-1])]
    back = f", keeping {' and '.join(kept)} back" if kept else ""
    return card, f"lead {card_words(card)}: {names}{back}"


def _worth(trick: Sequence[int], trump: int) -> str:
    """What a trick holds worth taking, in words ("" when nothing): the trump jack, a low
    trump, game points."""
    parts = []
    for c in trick:
        if SUIT_OF[c] == trump and c % 13 == JACK:
            parts.append(f"the trump jack {card_words(c)}")
        elif SUIT_OF[c] == trump and c % 13 >= LOW_PLACES:
            parts.append(f"the low trump {card_words(c)}")
    points = sum(GAME_POINTS[c] for c in trick)
    if points:
        parts.append(f"{points} game point{'' if points == 1 else 's'}")
    return " and ".join(parts)


def card_choice(turn: Turn, low_point: str = "captured") -> tuple[int, str]:
    """The rule bot's card and why (see the module docstring), from what the seat sees."""
    card, why = card_pick(turn, low_point)
    return card, why()


def _has_worth(trick: Sequence[int], trump: int) -> bool:
    """Does the trick hold anything worth taking (:func:`_worth` not empty)?"""
    return any(GAME_POINTS[c] or (SUIT_OF[c] == trump and c % 13 >= LOW_PLACES)
               for c in trick)


def card_pick(turn: Turn, low_point: str = "captured") -> tuple[int, Callable[[], str]]:
    """:func:`card_choice` with its reason put into words only when asked (the Monte-Carlo
    bot's playouts choose many cards and read no reason)."""
    legal = mask_cards(turn.legal)
    if len(legal) == 1:
        return legal[0], lambda: f"{card_words(legal[0])}: my only legal card"
    trump, trick = turn.trump, turn.trick
    if trump < 0:
        card, words = first_lead(turn.hand, turn.players, low_point)
        return card, lambda: words
    out = ((1 << N_CARDS) - 1) & ~turn.hand & ~turn.played
    out_trumps = out & SUIT_MASK[trump]

    def master(c: int) -> bool:
        higher = SUIT_MASK[SUIT_OF[c]] & ((1 << c) - 1)
        return not out & higher

    def cheapest(cards: list[int]) -> int:
        return min(cards, key=lambda c: (cost(c, trump), -c))

    if not trick:
        mine = [c for c in legal if SUIT_OF[c] == trump]
        if mine and out_trumps and master(mine[0]):
            top = mine[0]
            return top, lambda: f"lead {card_words(top)}: the highest trump left draws trumps"
        if not out_trumps:
            cash = [c for c in legal if SUIT_OF[c] != trump and master(c) and GAME_POINTS[c]]
            if cash:
                c = max(cash, key=lambda c: GAME_POINTS[c])
                return c, lambda: (f"lead {card_words(c)}: no card still out beats it and no "
                                   f"trump may be out — {GAME_POINTS[c]} game points home")
        c = cheapest(legal)
        return c, lambda: f"lead {card_words(c)}: my cheapest card, giving nothing away"
    best = trick[trick_winner(trick, trump)]
    led = SUIT_OF[trick[0]]
    worth = _has_worth(trick, trump)
    winners = [c for c in legal if beats(c, best, trump)]
    last = len(trick) == turn.players - 1

    def how(c: int) -> str:
        return (f" (a trump while able to follow {SUIT_SYMBOLS[led]}, PI-8)"
                if SUIT_OF[c] == trump != led and turn.hand & SUIT_MASK[led] else "")

    if winners:
        jack = [c for c in winners if SUIT_OF[c] == trump and c % 13 == JACK]
        tens = [c for c in winners if c % 13 == TEN]
        if last:
            if jack:
                j = jack[0]
                return j, lambda: (f"{card_words(j)}: last to play, it wins the trick — the "
                                   "Jack point is mine")
            if tens:
                ten = tens[0]
                return ten, lambda: (f"{card_words(ten)}: last to play, it wins the trick and "
                                     f"its 10 game points with it{how(ten)}")
            c = cheapest(winners)
            if worth or (SUIT_OF[c] != trump and not GAME_POINTS[c]):
                return c, lambda: (f"{card_words(c)}: last to play, win the trick cheaply: "
                                   + (f"it holds {_worth(trick, trump)}" if worth
                                      else "it costs me nothing") + how(c))
        else:
            sure = [c for c in winners if master(c) and (SUIT_OF[c] == trump or not out_trumps)]
            sure_jack = [c for c in sure if c in jack]
            if sure_jack:
                j = sure_jack[0]
                return j, lambda: (f"{card_words(j)}: no higher trump is still out, so it wins "
                                   "— the Jack point is mine")
            if sure and worth:
                c = cheapest(sure)
                return c, lambda: (f"{card_words(c)}: no card still out beats it, and the "
                                   f"trick holds {_worth(trick, trump)}{how(c)}")
    c = cheapest(legal)
    if c in winners:
        return c, lambda: f"{card_words(c)}: my cheapest card, and it wins the trick for now"
    if winners:
        return c, lambda: (f"{card_words(c)}: the trick is not worth a winner"
                           + ("" if last else " yet") + " — my cheapest card")
    return c, lambda: f"{card_words(c)}: I cannot win this trick — my cheapest card"


class ViewTurn:
    """A :class:`Turn` read off a seat's view."""

    def __init__(self, view: PitchView) -> None:
        self.seat = view.seat
        self.players = len(view.active)
        self.hand = sum(1 << CARD_INDEX[c] for c in view.hand)
        self.legal = sum(1 << a for a in view.legal if a < N_CARDS)
        self.trick = [CARD_INDEX[c] for c in view.trick]
        self.leader = view.trick_leader if view.trick_leader is not None else view.seat
        self.trump = int(view.trump) if view.trump is not None else -1
        self.played = view.played_mask()


def highest_bid(view: PitchView) -> int:
    """PI-4b's h: the highest bid so far (0 if none)."""
    return max((int(t) for _, t in view.calls if t != "pass"), default=0)


def hand_mask(view: PitchView) -> int:
    return sum(1 << CARD_INDEX[c] for c in view.hand)


class PitchRules:
    """The rule bot's choices in Auction Pitch: every step is the game's own (a game outside the
    Tapp family takes the whole turn, ``act``)."""

    def act(self, bot: object, view: PitchView) -> tuple[Action, str]:
        """The call or the card, with its reason (the seat is to move)."""
        options = view.options
        if view.phase == AUCTION:
            return call_choice(hand_mask(view), len(view.active), options, view.legal,
                               highest_bid(view), view.seat == view.dealer)
        assert view.phase == PLAY
        return card_choice(ViewTurn(view), str(options.get("low_point", "captured")))

    def within_reach(self, view: PitchView) -> bool:
        """In the auction: is a bid near its mark by the count (worth sampling deals for)?"""
        return call_reach(hand_mask(view), len(view.active), view.options, highest_bid(view))


#: the rule bot's Pitch choices, found by :func:`tutor.bots.base.game_choices`
RULES = PitchRules()


__all__ = ["BID_AT", "FOUR_IN_SIGHT", "RULES", "PitchRules", "Turn", "ViewTurn", "beats",
           "bid_from", "call_choice", "call_reach", "card_choice", "cost", "first_lead",
           "hand_mask", "highest_bid"]
