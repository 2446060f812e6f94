"""Frog's words: the game is *Frog*, its lowest contract the *Frog bid*; the discard reads as
three cards laid away face down, named only in the bidder's own log (FR-2)."""

from __future__ import annotations

from typing import ClassVar

from ...cards import card_label
from ...state import Action
from ..presentation import TappPresentation
from ..tapp import CARDS, PLAY, SeatView
from .rules import DISCARD_BASE, DISCARD_SIZE, GAME_ID


class FrogPresentation(TappPresentation):
    """Frog for learners. Labels tell the game (``Frog (game)``) from its lowest contract (the
    ``Frog bid``): a learner who meets both words on one page cannot mix them up."""

    game_id = GAME_ID
    name = "Frog (game)"
    blurb = "Six-Bid Solo's cousin: the Frog bid, Chico and Grand, paid on the margin over 60"
    contract_names: ClassVar[dict[str, str]] = {
        "frog": "Frog bid", "chico": "Chico", "grand": "Grand"}
    turn_rules: ClassVar[dict[str, tuple[str, str]]] = {**TappPresentation.turn_rules,
                  "declare": ("FR-2", "only the bidder declares (the discard, or Chico's trump)")}

    def declare_prompt(self, view: SeatView) -> tuple[str, str]:
        if view.step == "discard":
            left = DISCARD_SIZE - len(view.discarded or ())
            return f"Discard {left} more card(s) face down: they count for you", "FR-2"
        return "Name Chico's trump: ♣, ♠ or ♦", "FR-2"

    def declare_text(self, view: SeatView, seat: int, action: Action, who: str) -> str:
        """The discard: the card for the bidder's own log, face down for everyone else."""
        if action >= DISCARD_BASE and seat == view.seat:
            return f"{who}: discard {card_label(CARDS[action - DISCARD_BASE])} (FR-2)"
        return f"{who}: discard a card, face down (FR-2)"

    def facts(self, view: SeatView) -> list[tuple[str, str]]:
        rows = super().facts(view)
        if view.contract == "frog" and view.phase in ("declare", PLAY, "done"):
            if view.discarded is not None:
                rows.append(("Your discard", " ".join(card_label(c) for c in view.discarded)))
            elif view.seat != view.bidder:
                rows.append(("Discard", "three cards, face down: their points count for the "
                                        "bidder at the end"))
        return rows
