"""Crazy Solo's words: the leader and the dealer instead of forehand and endhand, the four
calls, the called card, and the partner as the learner may know it (CS-9): partner, gang or
unknown until the called card is played."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ...cards import card_label
from ...state import Action
from ..presentation import TappPresentation
from ..tapp import AUCTION, CALLCARD_BASE, CARDS, DECLARE, PLAY, SeatView
from .rules import GAME_ID


class CrazySoloPresentation(TappPresentation):
    """Crazy Solo for learners: a big table, one call each, a secret partner."""

    game_id = GAME_ID
    name = "Crazy Solo"
    blurb = "3 to 12 players, one call each, a partner chosen in secret by calling a card"
    contract_names: ClassVar[dict[str, str]] = {
        "solo": "Solo", "solo-in-hearts": "Solo in hearts", "alone": "Alone",
        "alone-in-hearts": "Alone in hearts"}
    turn_rules: ClassVar[dict[str, tuple[str, str]]] = {
        AUCTION: ("CS-4", "every player calls once, from the leader clockwise to the dealer"),
        DECLARE: ("CS-7", "only the bidder declares: trump, then the called card"),
        PLAY: ("CS-10", "play goes clockwise from the leader (the winner of the last trick)"),
    }

    def seat_name(self, seat: int, active: Sequence[int]) -> str:
        """``leader`` for the dealer's left (CS-3), else the seat's place in the calling order
        (``2nd to call``); the dealer calls last."""
        order = list(active)
        if seat not in order:
            return "not dealt in"
        i = order.index(seat)
        if i == 0:
            return "leader"
        if i == len(order) - 1:
            return "last to call"
        return f"{_ordinal(i + 1)} to call"

    def prompt(self, view: SeatView) -> tuple[str, str]:
        if view.to_move != view.seat:
            return "", ""
        if view.phase == AUCTION:
            if len(view.active) == 3:
                return "Your one call: pass, Alone or Alone in hearts", "CS-5"
            return ("Your one call: pass or a higher call (Solo in hearts may repeat)", "CS-4")
        if view.phase == DECLARE:
            return self.declare_prompt(view)
        if view.trick:
            return ("Your card: follow suit if you can, else trump if you can", "CS-10")
        return "Your lead: any card", "CS-10"

    def declare_prompt(self, view: SeatView) -> tuple[str, str]:
        if view.step == "call":
            return ("Call a card: its holder is your secret partner (your own card: you play "
                    "secretly alone)", "CS-8")
        return "Name trump: ♣, ♠ or ♦", "CS-7"

    def declare_text(self, view: SeatView, seat: int, action: Action, who: str) -> str:
        """The called card is public once named (CS-9)."""
        if action >= CALLCARD_BASE:
            return f"{who}: call {card_label(CARDS[action - CALLCARD_BASE])} (CS-8)"
        return f"{who}: {action}"

    def partner_words(self, view: SeatView, seat: int) -> str:
        """What ``view``'s seat may know of ``seat``'s side (CS-9): ``bidder``, ``partner``,
        ``gang`` or ``unknown``."""
        bidder = view.bidder
        if bidder is None or view.called is None:
            return "" if bidder is None or seat != bidder else "bidder"
        if seat == bidder:
            return "bidder"
        partner = getattr(view, "partner", None)
        revealed = getattr(view, "partner_revealed", False)
        if revealed:
            return "partner" if seat == partner else "gang"
        if partner is not None:  # this seat holds the called card
            if seat == view.seat:
                return "partner" if seat != bidder else "bidder"
            return "gang"  # the holder knows everyone else is in the gang
        if seat == view.seat:
            return "gang"  # not holding the called card: this seat is in the gang
        return "unknown"

    def facts(self, view: SeatView) -> list[tuple[str, str]]:
        rows = super().facts(view)
        if getattr(view, "blind", False):
            rows.insert(1, ("Deal", "blind (CS-14)"))
        if view.called is not None:
            rows.append(("Called card", card_label(view.called)))
            partner = getattr(view, "partner", None)
            if getattr(view, "partner_revealed", False):
                rows.append(("Partner", "you" if partner == view.seat
                             else f"seat {partner}"))
            elif partner == view.seat:
                rows.append(("Partner", "you — a secret until you play it"
                             if view.seat != view.bidder else "none: you are secretly alone"))
            else:
                rows.append(("Partner", "unknown until the called card is played (CS-9)"))
        return rows


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
