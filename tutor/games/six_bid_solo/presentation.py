"""Six-Bid Solo's words: its six contracts, Call Solo's call and gift in the log, the prompts of
its declaration (SBS-19, SBS-20)."""

from __future__ import annotations

from typing import ClassVar

from ...cards import Suit, card_label
from ...state import Action
from ..presentation import TappPresentation
from ..tapp import CALLCARD_BASE, CARDS, DECLINE, GIVE_BASE, SeatView
from .rules import CONTRACT_NAMES, GAME_ID


class SixBidSoloPresentation(TappPresentation):
    """Six-Bid Solo for learners."""

    game_id = GAME_ID
    name = "Six-Bid Solo"
    blurb = "three hands, six contracts from Solo to Call Solo, chips with each opponent"
    contract_names: ClassVar[dict[str, str]] = dict(CONTRACT_NAMES)

    def contract_words(self, contract: str | None, trump: Suit | None) -> str:
        """``Solo, trump ♠``; ``Misère, no trump``; ``—`` before the auction ends."""
        if contract in ("misere", "spread-misere") and trump is None:
            return f"{self.contract_name(contract)}, no trump"
        return super().contract_words(contract, trump)

    def declare_prompt(self, view: SeatView) -> tuple[str, str]:
        if view.step == "call":
            return "Call a card you do not hold, or call none", "SBS-20"
        if view.step == "give":
            return "Give the defender one of your cards, face down", "SBS-20"
        if view.contract == "solo":
            return "Name trump: ♣, ♠ or ♦", "SBS-19"
        return "Name trump", "SBS-19" if view.contract != "call-solo" else "SBS-20"

    def declare_text(self, view: SeatView, seat: int, action: Action, who: str) -> str:
        """Call Solo's steps (SBS-20): the call, and the gift (face down but to its two seats)."""
        if action == DECLINE:
            return f"{who}: call no card (SBS-20)"
        if action < GIVE_BASE:
            card = CARDS[action - CALLCARD_BASE]
            holder = view.call_holder
            where = ("it lay in the widow" if holder == -1 else
                     "you hand it over" if holder == view.seat else f"seat {holder} hands it over")
            return f"{who}: call {card_label(card)} — {where} (SBS-20)"
        receiver = view.call_holder
        to = "you" if receiver == view.seat else f"seat {receiver}"
        if view.given is not None:  # the bidder and the receiver know the card
            return f"{who}: give {to} {card_label(view.given)} (SBS-20)"
        return f"{who}: give {to} a card, face down (SBS-20)"

    def facts(self, view: SeatView) -> list[tuple[str, str]]:
        rows = super().facts(view)
        if view.called is not None:
            held = ("the widow" if view.call_holder == -1 else
                    f"seat {view.call_holder}" if view.call_holder is not None else "—")
            rows.append(("Called card", f"{view.called.name} (from {held})"))
        if view.given is not None:
            rows.append(("Card given back", view.given.name))
        return rows
