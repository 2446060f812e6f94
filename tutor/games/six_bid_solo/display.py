"""What a drawing of a whole Six-Bid Solo deal adds (:class:`tutor.display.adapter.DealNotes`):
Call Solo's called card and the card given back (SBS-20), and the rules of P and the chips
(SBS-10..12, SBS-27)."""

from __future__ import annotations

from ...display.adapter import DealNotes
from ..tapp import CARDS, TappState


class SixBidSoloNotes(DealNotes):
    """Six-Bid Solo's deal notes."""

    points_rule = "SBS-12"
    chips_rules = "SBS-10, SBS-11, SBS-27"
    thrown_in_rule = "SBS-17"

    def declaration(self, state: TappState) -> list[tuple[str, str]]:
        """Call Solo: the called card and who held it, and the card given back (SBS-20)."""
        rows = []
        if state.called >= 0:
            held = "the widow" if state.call_holder == -1 else f"seat {state.call_holder}"
            rows.append(("Called card", f"{CARDS[state.called].name} (held by {held})"))
        if state.given >= 0:
            rows.append(("Given back", f"{CARDS[state.given].name} (SBS-20)"))
        return rows


NOTES = SixBidSoloNotes()
