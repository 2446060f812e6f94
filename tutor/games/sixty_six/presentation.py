"""Sixty-Six's words: the dealer and the non-dealer, the stock and its turn-up, the prompt of each
step with its rule (SS-5..SS-13a), how draws, closes, exchanges, marriages and claims read in a
log, and the facts a table shows — read off a seat's view, so the opponent's total and the
stock's order are never worded (SS-17)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from ...cards import Card, Suit, card_label
from ...state import Action
from ..presentation import GamePresentation
from .rules import (
    CARD,
    CARDS,
    CLAIM,
    CLAIM_MARRIAGE,
    CLOSE,
    DRAW,
    EXCHANGE,
    GAME_ID,
    MARRIAGE,
    SixtySixView,
    marriage_cards,
)

#: how each ending of SS-13b..SS-15 reads after the game points
ENDING_WORDS: Mapping[str, str] = {
    "SS-13b": "a claim",
    "SS-14a": "the closer's right claim",
    "SS-14b": "the closer's wrong claim",
    "SS-14c": "the opponent's right claim after the close",
    "SS-14d": "the opponent's wrong claim after the close",
    "SS-14e": "the last card after a close, without a claim",
    "SS-15": "the last card, without a claim",
}


class SixtySixPresentation(GamePresentation[SixtySixView]):
    """Sixty-Six for learners."""

    game_id = GAME_ID
    name = "Sixty-Six"
    blurb = "two players, a stock to draw from, marriages, closing, and claiming 66"
    contract_names: ClassVar[dict[str, str]] = {}  # no auction, no contracts
    turn_rules: ClassVar[Mapping[str, tuple[str, str]]] = {
        "play": ("SS-5", "the leader, then the follower; the trick's winner draws first and "
                         "leads next"),
        "done": ("SS-5", "the deal is over"),
    }

    def seat_name(self, seat: int, active: Sequence[int]) -> str:
        """``non-dealer`` or ``dealer``: ``active`` lists the non-dealer first (SS-3, SS-4)."""
        return "non-dealer" if list(active).index(seat) == 0 else "dealer"

    def seat_label(self, seat: int, active: Sequence[int], dealer: int | None = None) -> str:
        """``seat 1 (dealer)``; the dealer is part of the name, so ``dealer`` adds nothing."""
        return f"seat {seat} ({self.seat_name(seat, active)})"

    def who(self, seat: int, view: SixtySixView) -> str:
        return "You" if seat == view.seat else self.seat_label(seat, seats(view))

    def contract_words(self, contract: str | None, trump: Suit | None) -> str:
        """Sixty-Six has no contract: the trump, turned up at the deal (SS-3)."""
        return f"trump {trump.symbol}" if trump is not None else "—"

    def turn_rule(self, phase: str) -> tuple[str, str]:
        return self.turn_rules.get(phase, self.turn_rules["play"])

    def prompt(self, view: SixtySixView) -> tuple[str, str]:
        if view.to_move != view.seat:
            return "", ""
        strict = view.closed_by is not None or view.stock_left == 0  # SS-11
        if view.step == "draw":
            return ("You won the trick: draw from the stock, close it, or claim 66", "SS-5")
        if view.step == "follow":
            if not strict:
                return "Your card: any card — no duty to follow while the stock is open", "SS-7"
            if view.options.get("phase2") == "follow_only":
                return "Your card: follow suit if you can, else any card", "SS-11"
            return ("Your card: follow suit and beat the card led if you can, else trump if "
                    "you can", "SS-11")
        if strict:
            return "Your lead: any card, or claim 66", "SS-6"
        return ("Your lead: any card or a marriage; before it you may exchange the 9, close or "
                "claim 66", "SS-6")

    def action_text(self, view: SixtySixView, seat: int, action: Action) -> str:
        """``seat``'s action as ``view``'s seat reads it, the view taken after the action: a
        drawn card is never named (only the drawer holds it), nor a total."""
        who = self.who(seat, view)
        mine = seat == view.seat
        if action >= CARD:
            text = f"{who}: play {card_label(CARDS[action - CARD])}"
            last = view.last_trick
            if not view.trick and last is not None and last[1][1] == CARDS[action - CARD]:
                to = "you" if last[2] == view.seat else f"seat {last[2]}"
                text += f" — trick {sum(view.tricks_won)} to {to}"
            return text
        if action >= MARRIAGE:
            led, shown = marriage_cards(action)
            suit = CARDS[led].suit
            points = 40 if suit == view.trump else 20
            return (f"{who}: lead {card_label(CARDS[led])}, showing {card_label(CARDS[shown])} "
                    f"— a marriage of {points} (SS-9)")
        if action == DRAW:
            if view.stock_left == 0:
                return f"{who}: draw the last card; the turn-up goes to the loser (SS-5)"
            return f"{who}: draw from the stock, then the other player (SS-5)"
        if action == CLOSE:
            return f"{who}: close the stock — the strict rules from the next card (SS-10)"
        if action == EXCHANGE:
            taken = view.exchanged[1] if view.exchanged is not None else None
            nine = view.turnup
            what = (f"the 9 of trumps {card_label(nine)}" if nine is not None
                    else "the 9 of trumps")
            got = f" for the turn-up {card_label(taken)}" if taken is not None else ""
            return f"{who}: exchange {what}{got} (SS-8)"
        claim = view.claim
        how = ""
        if claim is not None:
            how = " — right" if claim[1] else " — wrong"
        if action == CLAIM:
            return f"{who}: claim 66{how} (SS-13a)"
        suit = Suit(action - CLAIM_MARRIAGE)
        verb = "show" if mine else "shows"
        return (f"{who}: claim 66 and {verb} the {suit.symbol} marriage{how} (SS-13a)")

    def facts(self, view: SixtySixView) -> list[tuple[str, str]]:
        me = view.seat
        order = seats(view)
        rows = [("Game", self.name), ("Seat", self.seat_label(me, order)),
                ("Trump", f"{view.trump.symbol} (SS-3)")]
        if view.closed_by is not None:
            closer = "you" if view.closed_by == me else f"seat {view.closed_by}"
            rows.append(("Stock", f"closed by {closer} after {view.closed_at_trick} "
                                  f"trick(s): {view.stock_left} card(s) out of play (SS-10)"))
        elif view.turnup is not None:
            rows.append(("Turn-up", card_label(view.turnup)))
            rows.append(("Stock", f"{view.stock_left} card(s) face down"))
        else:
            rows.append(("Stock", "exhausted: the strict rules apply (SS-11)"))
        if view.to_move is not None:
            rows.append(("To move", "you" if view.to_move == me
                         else self.seat_label(view.to_move, order)))
        rows.append(("Tricks won", f"you {view.tricks_won[me]}, "
                                   f"opponent {view.tricks_won[1 - me]}"))
        if view.marriages:
            rows.append(("Marriages", "; ".join(
                f"{'you' if m.seat == me else 'opponent'} {m.suit.symbol} {m.points}"
                f"{'' if m.counting else ' (pending: no trick won yet)'}"
                for m in view.marriages)))
        known = view.known[1 - me]
        if known:
            rows.append(("Opponent holds", cards_words(known)))
        if view.total is not None:
            rows.append(("Your total", f"{view.total} (SS-13)"))
        elif view.game_points is None:
            rows.append(("Your total", "count it yourself: it is not shown (SS-17)"))
        if view.game_points is not None:
            rows.append(("Game points", self.result_words(view)))
        return rows

    def result_words(self, view: SixtySixView) -> str:
        """The deal's game points and the rule that scored them (a finished deal)."""
        points = view.game_points or (0, 0)
        how = ENDING_WORDS.get(view.ending or "", "")
        rule = f" ({view.ending}: {how})" if view.ending else ""
        if not any(points):
            carried = view.carried or 0
            return f"nobody scores; {carried} carried to the next deal's winner{rule}"
        scorer = 0 if points[0] else 1
        who = "you" if scorer == view.seat else f"seat {scorer}"
        return f"{who} {max(points)}{rule}"


def seats(view: SixtySixView) -> tuple[int, int]:
    """The two seats, the non-dealer first (who leads the first trick, SS-4)."""
    return (1 - view.dealer, view.dealer)


def cards_words(cards: Sequence[Card]) -> str:
    return " ".join(card_label(c) for c in cards)


__all__ = ["ENDING_WORDS", "SixtySixPresentation", "cards_words", "seats"]
