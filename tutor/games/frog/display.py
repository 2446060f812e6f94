"""What a drawing of a whole Frog deal adds (:class:`tutor.display.adapter.DealNotes`): the Frog
bidder's discard, face up once the deal is drawn whole, and P with the points of the discard or
of the unseen widow (FR-1, FR-2); the chips follow k × (P − 60) (FR-5, SBS-27)."""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import Card, card_label
from ...display.adapter import DealNotes
from ..tapp import CARDS, TappState, mask_cards, mask_points
from .rules import FROG, FrogState


class FrogNotes(DealNotes):
    """Frog's deal notes."""

    points_rule = "FR-1"
    chips_rules = "FR-1, FR-5, SBS-27"
    thrown_in_rule = "SBS-17"

    def declaration(self, state: TappState) -> list[tuple[str, str]]:
        """The discard (Frog) or the unseen widow (Chico, Grand), with the points they add."""
        if state.bidder is None or not isinstance(state, FrogState):
            return []
        if state.contract == FROG:
            if not state.discarded:
                return [("Discard", "not yet made (FR-2)")]
            cards = " ".join(card_label(CARDS[c]) for c in mask_cards(state.discarded))
            return [("Discard", f"{cards} — {mask_points(state.discarded)} points, counted "
                                "for the bidder (FR-1, FR-2)")]
        return [("Widow", f"unseen — its {mask_points(state.widow)} points count for the "
                          "bidder (FR-1)")]

    def laid_away(self, state: TappState) -> list[tuple[str, Sequence[Card]]]:
        if not isinstance(state, FrogState) or not state.discarded:
            return []
        cards = [CARDS[c] for c in mask_cards(state.discarded)]
        return [(f"discard — {mask_points(state.discarded)} points", cards)]

    def points_from(self, state: TappState) -> str:
        """``45 in tricks + 21 in the discard`` (FR-1)."""
        if state.bidder is None or not isinstance(state, FrogState):
            return ""
        laid, where = ((state.discarded, "the discard") if state.contract == FROG
                       else (state.widow, "the widow"))
        return f"{state.won_points[state.bidder]} in tricks + {mask_points(laid)} in {where}"


NOTES = FrogNotes()
