"""What a worked-deal replay (:mod:`tutor.widgets.replay`) says about Auction Pitch, in its own
words.

Pitch is not a Tapp game: 3 to 7 players each on their own, one call each, trump named by the
first card led, and four points — High, Low, Jack and Game — won in the tricks. So the replay
asks this module for the whole walk through a hand, :func:`replay_steps`: the deal (six cards
each and the rest of the pack never dealt, PI-3), the auction (one call each, a steal or a
forced bid, the pitcher, PI-4..PI-6), one step per trick (the lead, each card that followed —
followed suit, trumped though it may have been able to follow, or could not follow — who won
and why, the game points in it, and a point once it is settled), and the result (who took
High, Low, Jack and Game with which card, the game points, the bid made or set back, every
score change).

Everything is told as the viewing seat may know it: another hand's cards are named only once
played, and a card never dealt is never named (PI-3) — a jack of trumps that was not dealt is
"the jack of trumps (♠)". A point is called settled only when every seat can see it is: High
when the ace of trumps falls, Low when the two of trumps falls; otherwise the result says who
took it, once every dealt card has been played. Every sentence cites its rule id.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ...cards import Card
from ...errors import RecordError
from ...state import Action, GameState
from .presentation import PitchPresentation
from .quiz import GAME_POINT_RULE, RULE_ID, card_words, point_cards, signed, winner_of
from .rules import (
    BID_BASE,
    CARDS,
    GAME_POINTS,
    HAND_SIZE,
    JACK,
    N_CARDS,
    PASS,
    POINT_NAMES,
    SUIT_MASK,
    SUIT_OF,
    SUIT_SYMBOLS,
    PitchState,
    mask_cards,
)

_WORDS = PitchPresentation()
SUIT_NAMES = ("clubs", "spades", "hearts", "diamonds")


class ReplayStep(NamedTuple):
    """One step of a replay: its title, the state after it, the commentary and its rules, the
    cards of the trick it completed (``(seat, card)`` in play order) and the trick's winner,
    whether it is the result, and cards it lays face up (``(caption, cards)``)."""

    title: str
    state: GameState
    words: tuple[str, ...]
    rules: tuple[str, ...]
    played: tuple[tuple[int, Card], ...] = ()
    winner: int | None = None
    result: bool = False
    shown: tuple[tuple[str, tuple[Card, ...]], ...] = ()


def cited(words: Sequence[str]) -> tuple[str, ...]:
    """The rule ids ``words`` cite, in order, each once: a step's rules are exactly these."""
    return tuple(dict.fromkeys(RULE_ID.findall(" ".join(words))))


def _pi(state: GameState) -> PitchState:
    if not isinstance(state, PitchState):
        raise RecordError("REC-2", "Auction Pitch's commentary reads Auction Pitch hands",
                          where="game", what=state.game.id)
    return state


class _Teller:
    """The sentences of one replay, told to ``seat``."""

    def __init__(self, state: PitchState, seat: int) -> None:
        self.seat = seat
        self.order = state.order

    def who(self, s: int) -> str:
        """``seat 2 (dealer)``, ``seat 1 (eldest, you)``."""
        place = _WORDS.seat_name(s, self.order)
        return f"seat {s} ({place}, you)" if s == self.seat else f"seat {s} ({place})"

    def short(self, s: int) -> str:
        """``seat 2``, ``seat 1 (you)``."""
        return f"seat {s} (you)" if s == self.seat else f"seat {s}"

    # -- the deal --
    def deal(self, state: PitchState) -> tuple[str, ...]:
        n = state.n
        undealt = N_CARDS - HAND_SIZE * n
        hand = " ".join(card_words(c) for c in mask_cards(state.hands[self.seat]))
        return (f"Seat {state.dealer} deals six cards to each of the {n} players, three at a "
                f"time, clockwise from the eldest, seat {state.eldest} (PI-3).",
                f"The other {undealt} cards of the pack are never dealt: nobody sees them, and "
                "none of them counts this hand — the ace, the two or the jack of the suit that "
                "will be trump may be among them (PI-3).",
                f"You are {self.who(self.seat)}, holding {hand}.")

    # -- the auction --
    def auction(self, before: PitchState, calls: Sequence[Action], after: PitchState
                ) -> list[str]:
        words = ["Each player speaks once, from the eldest round to the dealer: pass, or a bid "
                 "of 1 to 4 — the number of points the bidder means to win (PI-4)."]
        walk = before.copy()
        for a in calls:
            s = walk.to_move
            assert s is not None
            high = walk.high
            dealer = s == walk.dealer
            if a == PASS:
                words.append(f"{self.who(s).capitalize()} passes.")
            elif dealer and high and a - BID_BASE == high:
                words.append(f"{self.who(s).capitalize()} steals at {high}: the dealer may "
                             "take the bid at the highest bid so far instead of bidding more "
                             "(PI-4b).")
            elif dealer and not high and walk.options.all_pass == "dealer_forced_2":
                words.append(f"Everyone else passed, so {self.who(s)} may not pass and bids "
                             f"{a - BID_BASE} (PI-4b, all_pass: dealer_forced_2).")
            else:
                words.append(f"{self.who(s).capitalize()} bids {a - BID_BASE}.")
            walk.apply(a)
        if after.bidder is not None:
            words.append(f"{self.short(after.bidder).capitalize()} made the last bid and is "
                         f"the pitcher, at {after.high} (PI-5): it leads the first trick, and "
                         "the suit of that card is trump (PI-7).")
        elif after.thrown_in:
            words.append("Everyone passed: the deal is thrown in and the same dealer deals "
                         "again (PI-6).")
        else:
            words.append(f"Everyone passed: the eldest, seat {after.eldest}, leads and fixes "
                         "trump, and nobody can be set back (PI-6).")
        return words

    # -- a trick --
    def card(self, walk: PitchState, s: int, card: int) -> str:
        """The sentence for ``s`` playing ``card`` (``walk`` before it)."""
        who = self.short(s).capitalize()
        name = card_words(card)
        if not walk.trick:
            if not walk.tricks:
                lead_by = "the pitcher" if walk.pitcher >= 0 else "the eldest (nobody bid)"
                suit = SUIT_OF[card]
                return (f"{who}, {lead_by}, leads {name}: {SUIT_NAMES[suit]} "
                        f"({SUIT_SYMBOLS[suit]}) are trump for the hand (PI-7).")
            return f"{who} leads {name} (PI-9)."
        led = SUIT_OF[walk.trick[0]]
        trump = walk.trump
        suit = SUIT_OF[card]
        led_sym, trump_sym = SUIT_SYMBOLS[led], SUIT_SYMBOLS[trump]
        if suit == led:
            return f"{who} follows suit with {name}."
        if led == trump:
            return (f"{who} plays {name}: a trump lead is followed in trumps by anyone "
                    "holding one, so it holds no trump — and may play any card (PI-8).")
        if suit == trump:
            if walk.options.strict_follow:
                return (f"{who} trumps with {name}: under strict_follow that shows no "
                        f"{led_sym} in hand (PI-8).")
            if s == self.seat and walk.hands[s] & SUIT_MASK[led]:
                return (f"{who} trumps with {name} though you hold {led_sym}: a player able "
                        "to follow may follow or trump (PI-8).")
            return (f"{who} trumps with {name} — allowed whether or not it could follow "
                    f"{led_sym} (PI-8).")
        return (f"{who} plays {name}: neither {led_sym} nor a trump ({trump_sym}), so it holds "
                f"no {led_sym} — unable to follow, any card may be played (PI-8).")

    def trick(self, after: PitchState) -> list[str]:
        """Who won the trick and why, its game points, a point settled, the game points so
        far, the next lead."""
        leader, cards, winner = after.tricks[-1]
        trump = after.trump
        led = SUIT_OF[cards[0]]
        win_card = cards[(winner - leader) % after.n]
        if SUIT_OF[win_card] == trump and led != trump:
            why = f"{card_words(win_card)} is the highest trump in it"
        elif led == trump:
            why = f"{card_words(win_card)} is the highest trump"
        else:
            why = f"no trump in it: {card_words(win_card)} is the highest {SUIT_SYMBOLS[led]}"
        points = sum(GAME_POINTS[c] for c in cards)
        words = [f"{why[0].upper()}{why[1:]}, so {self.short(winner)} wins the trick (PI-9), with "
                 f"{points} game point{'s' if points != 1 else ''} in it (PI-10: "
                 f"{GAME_POINT_RULE})."]
        ace, jack, two = 13 * trump, 13 * trump + JACK, 13 * trump + 12
        if ace in cards:
            words.append(f"{card_words(ace)} ranks above every other trump: High — the highest "
                         f"trump in play — is {self.short(winner)}'s (PI-10).")
        if jack in cards:
            holder = (leader + cards.index(jack)) % after.n
            caught = "" if holder == winner else f", caught from {self.short(holder)}"
            words.append(f"The jack of trumps, {card_words(jack)}, falls: Jack is "
                         f"{self.short(winner)}'s{caught} (PI-10).")
        if two in cards:
            holder = (leader + cards.index(two)) % after.n
            if after.options.low_point == "dealt_holder":
                to = f"{self.short(holder)}'s, who was dealt it (low_point: dealt_holder)"
            else:
                to = f"{self.short(winner)}'s, the trick's winner"
            words.append(f"{card_words(two)} ranks below every other trump: it is the lowest "
                         f"trump in play, and Low is {to} (PI-10).")
        won = [0] * after.n
        for _, cs, w in after.tricks:
            won[w] += sum(GAME_POINTS[c] for c in cs)
        so_far = ", ".join(f"{self.short(s)} {won[s]}" for s in self.order if won[s])
        words.append(f"Game points won so far: {so_far}." if so_far else
                     "No game points won yet.")
        if len(after.tricks) < 6:
            words.append(f"{self.short(winner).capitalize()} leads next (PI-9).")
        return words

    # -- the end --
    def result(self, state: PitchState) -> list[str]:
        o = state.outcome()
        trumps, jack = point_cards(state)
        sym = SUIT_SYMBOLS[state.trump]
        top, low = trumps[0], trumps[-1]
        words = [f"All six tricks are played, so every dealt card is out (PI-9). The trumps in "
                 f"play: {' '.join(card_words(c) for c in trumps)} (PI-10)."]
        high_k, high_w = winner_of(state, top)
        words.append(f"High: {card_words(top)}, the highest trump in play, won by "
                     f"{self.short(high_w)} in trick {high_k + 1}.")
        low_k, low_w = winner_of(state, low)
        if state.options.low_point == "dealt_holder":
            assert o.low is not None
            words.append(f"Low: {card_words(low)}, the lowest trump in play, to "
                         f"{self.short(o.low)}, who was dealt it (low_point: dealt_holder).")
        else:
            single = " — the only trump, so High and Low at once" if len(trumps) == 1 else ""
            words.append(f"Low: {card_words(low)}, the lowest trump in play, won by "
                         f"{self.short(low_w)} in trick {low_k + 1}{single}.")
        if jack is None:
            words.append(f"Jack: the jack of trumps ({sym}) was not dealt, so nobody scores "
                         "it.")
        else:
            jack_k, jack_w = winner_of(state, jack)
            words.append(f"Jack: {card_words(jack)}, won by {self.short(jack_w)} in trick "
                         f"{jack_k + 1}.")
        counts = ", ".join(f"{self.short(s)} {o.game_points[s]}" for s in self.order)
        best = max(o.game_points)
        if o.game is None:
            game = f"a tie for the most, {best}: nobody scores Game"
        else:
            game = f"{self.short(o.game)} has the most, {best}, and scores Game"
        words.append(f"Game: the game points in each player's tricks — {counts}; {game} "
                     "(PI-10).")
        if o.pitcher is not None:
            won = [p.capitalize() for p in POINT_NAMES if o.awards[p] == o.pitcher]
            k = len(won)
            took = (f"won {', '.join(won)} — {k} point{'s' if k != 1 else ''}" if won else
                    "won none of the four points")
            if o.made:
                verdict = (f"at least the bid, so it scores all {k}: "
                           f"{signed(o.score_change[o.pitcher])}")
            else:
                verdict = (f"short of the bid, so it is set back by the bid: "
                           f"{signed(o.score_change[o.pitcher])}")
            words.append(f"{self.short(o.pitcher).capitalize()} pitched at {o.bid} and {took}"
                         f": {verdict} (PI-11). Every other player scores the points it won.")
        else:
            words.append("Nobody pitched: each player scores the points it won, and nobody is "
                         "set back (PI-6).")
        words.append("Score changes: " + ", ".join(
            f"{self.short(s)} {signed(o.score_change[s])}" for s in self.order)
            + ". In a match the scores carry on from hand to hand, below zero too, until a "
            "player reaches the target — 7 unless agreed otherwise (PI-12).")
        return words


def replay_steps(dealt: GameState, actions: Sequence[Action], seat: int) -> list[ReplayStep]:
    """The steps of an Auction Pitch hand dealt as ``dealt`` and played by ``actions``, told to
    ``seat``: the deal, the auction, each trick, and the result."""
    state = _pi(dealt).copy()
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n:
        raise RecordError("PI-2", f"no seat {seat!r} at a table of {state.n}", where="seat")
    tell = _Teller(state, seat)
    words = tell.deal(state)
    steps = [ReplayStep("The deal", state.copy(), words, cited(words))]
    before = state.copy()
    i = 0
    while i < len(actions) and state.phase == "auction":
        state.apply(actions[i])
        i += 1
    if i:
        auction = tell.auction(before, actions[:i], state)
        steps.append(ReplayStep("The auction", state.copy(), tuple(auction), cited(auction)))
    while i < len(actions) and state.phase == "play":
        n = len(state.tricks)
        lines: list[str] = []
        while i < len(actions) and len(state.tricks) == n:
            s = state.to_move
            assert s is not None
            lines.append(tell.card(state, s, actions[i]))
            state.apply(actions[i])
            i += 1
        if len(state.tricks) == n:  # a trick left unfinished by the record
            break
        lines += tell.trick(state)
        leader, cards, winner = state.tricks[-1]
        played = tuple(((leader + k) % state.n, CARDS[c]) for k, c in enumerate(cards))
        steps.append(ReplayStep(f"Trick {n + 1}", state.copy(), tuple(lines), cited(lines),
                                played, winner))
    if state.is_terminal() and not state.thrown_in:
        result = tell.result(state)
        shown = tuple((f"{tell.short(s).capitalize()} won",
                       tuple(CARDS[c] for c in mask_cards(state.won[s])))
                      for s in state.order if state.won[s])
        steps.append(ReplayStep("The result", state.copy(), tuple(result), cited(result),
                                result=True, shown=shown))
    return steps


__all__ = ["ReplayStep", "cited", "replay_steps"]
