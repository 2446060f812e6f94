"""Auction Pitch's words: the eldest and the dealer, bids of 1 to 4 and the dealer's steal, trump
named by the first lead, the four points, the pitcher set back; prompts cite their PI rule."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from ...cards import Suit, card_label
from ...state import Action
from ..presentation import GamePresentation
from .rules import (
    AUCTION,
    BID_BASE,
    CARDS,
    DONE,
    GAME_ID,
    N_CARDS,
    PASS,
    PLAY,
    POINT_NAMES,
    PitchView,
    call_token,
)

ORDINALS = ("eldest", "2nd", "3rd", "4th", "5th", "6th", "dealer")


def _signed(value: int) -> str:
    """``+2``, ``0``, ``−3`` (a true minus sign: scores may go negative, PI-11)."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def highest_bid(calls: Sequence[tuple[int, str]]) -> int:
    """PI-4b's h: the highest bid among ``calls`` (0 if none)."""
    return max((int(t) for _, t in calls if t != "pass"), default=0)


class PitchPresentation(GamePresentation[PitchView]):
    """Auction Pitch for learners: every player for themselves, named by their place in the
    auction (the eldest speaks first, the dealer last, PI-4)."""

    game_id = GAME_ID
    name = "Auction Pitch"
    blurb = ("52 cards, 3 to 7 players each for themselves: one call each, the first lead names "
             "trump, High, Low, Jack and Game")
    contract_names: ClassVar[Mapping[str, str]] = {
        "1": "bid 1", "2": "bid 2", "3": "bid 3", "4": "bid 4"}
    turn_rules: ClassVar[Mapping[str, tuple[str, str]]] = {
        AUCTION: ("PI-4", "each player speaks once, from the eldest round to the dealer"),
        PLAY: ("PI-9", "the winner of each trick leads the next; play goes clockwise"),
    }

    # -- seats --
    def seat_name(self, seat: int, active: Sequence[int]) -> str:
        """``eldest`` (the dealer's left, first to speak), ``2nd`` .. ``6th``, ``dealer`` (PI-4):
        the seat's place in the auction, ``active`` being every seat in speaking order."""
        order = list(active)
        place = order.index(seat)
        if place == len(order) - 1:
            return "dealer"
        return ORDINALS[place]

    def seat_label(self, seat: int, active: Sequence[int], dealer: int | None = None) -> str:
        """``seat 1 (eldest)``; ``seat 0 (dealer)`` — the dealer is the last to speak."""
        return f"seat {seat} ({self.seat_name(seat, active)})"

    def seat_marks(self, view: PitchView, seat: int) -> tuple[str, ...]:
        """The pitcher, once the auction has named one (PI-5)."""
        return ("pitcher",) if seat == view.bidder else ()

    def who(self, seat: int, view: PitchView) -> str:
        """``You`` for the view's own seat, else the seat's label."""
        return "You" if seat == view.seat else self.seat_label(seat, view.active)

    # -- contract --
    def contract_words(self, contract: str | None, trump: Suit | None) -> str:
        """``bid 2, trump ♠``; ``bid 2, trump named by the first lead``; ``—`` before the
        auction ends."""
        if contract is None:
            return "—"
        name = self.contract_name(contract)
        if trump is None:
            return f"{name}, trump named by the first lead"
        return f"{name}, trump {trump.symbol}"

    def turn_rule(self, phase: str) -> tuple[str, str]:
        return self.turn_rules.get(phase, self.turn_rules[PLAY])

    # -- prompts --
    def prompt(self, view: PitchView) -> tuple[str, str]:
        if view.to_move != view.seat:
            return "", ""
        if view.phase == AUCTION:
            return self._call_prompt(view), "PI-4b"
        if not view.trick:
            if not view.tricks:
                return "Your lead: the suit of the card you lead becomes trump", "PI-7"
            return "Your lead: any card", "PI-9"
        led, trump = view.trick[0].suit, view.trump
        assert trump is not None
        if led == trump:
            return f"Trump {trump.symbol} was led: play a trump if you can, else any card", "PI-8"
        if view.options.get("strict_follow"):
            return f"Follow suit {led.symbol} if you can, else any card", "PI-8"
        return (f"Play {led.symbol} or a trump {trump.symbol} if you can follow {led.symbol}; "
                "else any card", "PI-8")

    def _call_prompt(self, view: PitchView) -> str:
        bids = [int(call_token(a)) for a in view.legal if a != PASS]
        can_pass = PASS in view.legal
        dealer = view.seat == view.dealer
        h = highest_bid(view.calls)
        if dealer and not can_pass:
            return "Your call as dealer: everyone passed, so you must bid 2, 3 or 4"
        listed = ", ".join(str(b) for b in bids)
        if dealer and h in bids:
            more = [b for b in bids if b > h]
            tail = f", or bid {', '.join(str(b) for b in more)}" if more else ""
            return f"Your call as dealer: pass, steal at {h}{tail}"
        if not bids:
            return "Your call: pass (no higher bid is left)"
        return f"Your call: pass or bid {listed}"

    # -- the log --
    def action_text(self, view: PitchView, seat: int, action: Action) -> str:
        who = self.who(seat, view)
        if action == PASS:
            return f"{who}: pass"
        if action > PASS:
            bid = action - BID_BASE
            if seat == view.dealer and bid == highest_bid(view.calls[:-1]):  # view: after it
                return f"{who}: steal at {bid} (PI-4b)"
            return f"{who}: bid {bid}"
        assert 0 <= action < N_CARDS
        card = CARDS[action]
        text = f"{who}: play {card_label(card)}"
        if not view.tricks and view.trick[:1] == (card,):
            text += f" — trump {card.suit.symbol} (PI-7)"
        elif not view.trick and view.tricks and view.tricks[-1][1][-1] == card:
            n = len(view.tricks)
            winner = view.tricks[-1][2]
            text += f" — trick {n} to {'you' if winner == view.seat else f'seat {winner}'}"
        return text

    # -- facts --
    def facts(self, view: PitchView) -> list[tuple[str, str]]:
        me, order = view.seat, view.active
        rows = [("Game", self.name), ("Seat", self.seat_label(me, order)), ("Phase", view.phase)]
        if view.to_move is not None:
            rows.append(("To move", "you" if view.to_move == me
                         else self.seat_label(view.to_move, order)))
        if view.bidder is not None:
            rows.append(("Pitcher", "you" if view.bidder == me
                         else self.seat_label(view.bidder, order)))
            rows.append(("Bid", self.contract_words(view.contract, view.trump)))
        elif view.phase == PLAY or (view.outcome is not None and not view.outcome.thrown_in):
            rows.append(("Pitcher", "nobody: everyone passed, the eldest leads (PI-6)"))
        if view.trump is not None:
            rows.append(("Trump", f"{view.trump.symbol} (named by the first lead, PI-7)"))
        undealt = N_CARDS - 6 * len(order)
        rows.append(("Undealt", f"{undealt} cards, never shown (PI-3)"))
        if view.phase in (PLAY, DONE):
            rows.append(("Tricks won", ", ".join(f"seat {s}: {view.won_tricks[s]}"
                                                 for s in order)))
        o = view.outcome
        if o is not None and o.thrown_in:
            rows.append(("Result", "everyone passed: thrown in, the same dealer deals again "
                                   "(PI-6)"))
        elif o is not None:
            awards = o.awards
            for point in POINT_NAMES:
                seat = awards[point]
                rows.append((point.capitalize(), "nobody (PI-10)" if seat is None
                             else "you" if seat == me else f"seat {seat}"))
            if o.pitcher is not None:
                won = o.points_won[o.pitcher]
                rows.append(("Result", f"made: {won} won on a bid of {o.bid} (PI-11)" if o.made
                             else f"set back {o.bid}: {won} won on a bid of {o.bid} (PI-11)"))
            rows.append(("Score change", ", ".join(f"seat {s}: {_signed(o.score_change[s])}"
                                                   for s in order)))
        return rows
