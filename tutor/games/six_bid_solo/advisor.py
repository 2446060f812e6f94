"""Six-Bid Solo's rows in the bid advisor (:mod:`tutor.solver.advisor`).

One row per contract still open to the player (SBS-14..16) and, where the bidder names trump
(SBS-19, SBS-20), one per trump: Solo with ♣ ♠ ♦ (♥ too under SBS-V5 ``any``), Heart Solo,
Misère, Guarantee Solo and Call Solo with each suit, Spread Misère.

What each row's chips depend on, so the advisor asks only that: Solo and Heart Solo pay on the
margin (SBS-10: the points themselves); Guarantee Solo and Call Solo pay a tariff (SBS-11: only
"does the bidder reach 74/80, or 120?"); the misères ask "any trick (card point) at all?".

Call Solo's call and gift are played by the rule of thumb of
:mod:`tutor.games.six_bid_solo.hand` (call the highest trump lacking, give the cheapest card of a
short side suit), so its figures are a lower bound on a perfect caller's.
"""

from __future__ import annotations

from ..tapp import (
    HEARTS,
    SUIT_SYMBOLS,
    SeatView,
    TappState,
    bid_alone,
    open_contracts,
)
from .hand import declare_by_rule_of_thumb
from .rules import (
    CALL_SOLO,
    CONTRACT_NAMES,
    CONTRACTS,
    GUARANTEE,
    HEART_SOLO,
    MISERE,
    MISERES,
    SOLO,
    SPREAD,
    solo_trumps,
)


class SixBidSoloAdvisor:
    """The :class:`~tutor.solver.games.AdvisorAdapter` of Six-Bid Solo."""

    declaration_note = "Call Solo's call and gift by rule of thumb; "

    def rows(self, view: SeatView) -> list[tuple[int, int]]:
        rows: list[tuple[int, int]] = []
        for c in open_contracts(view.legal):
            if c == SOLO:
                trumps = list(solo_trumps(view.options))
            elif c == HEART_SOLO:
                trumps = [HEARTS]
            elif c in MISERES:
                trumps = [-1]
            else:
                trumps = [0, 1, 2, 3]
            rows.extend((c, t) for t in trumps)
        return rows

    def contract_id(self, contract: int) -> str:
        return CONTRACTS[contract - 1]

    def label(self, contract: int, trump: int) -> str:
        name = CONTRACT_NAMES[CONTRACTS[contract - 1]]
        if trump >= 0 and contract != HEART_SOLO:
            return f"{name} {SUIT_SYMBOLS[trump]}"
        return name

    def target(self, contract: int, trump: int) -> int | None:
        """Solo and Heart Solo: the margin (None); Guarantee Solo 74 (♥) or 80 and Call Solo
        120 (SBS table); the misères 1 — "at least one trick (card point)"."""
        if contract in MISERES:
            return 1
        if contract in (SOLO, HEART_SOLO):
            return None
        if contract == GUARANTEE:
            return 74 if trump == HEARTS else 80
        return 120

    def tariff(self, contract: int, trump: int) -> int:
        """SBS-11: what each opponent pays on a fixed-tariff contract (0 for Solo, Heart Solo)."""
        if contract == CALL_SOLO:
            return 150 if trump == HEARTS else 100
        return {MISERE: 30, GUARANTEE: 40, SPREAD: 60}.get(contract, 0)

    def declare(self, state: TappState, contract: int, trump: int) -> TappState:
        """The player bids ``contract``, the others pass (SBS-16a), and the bidder names
        ``trump`` and, in Call Solo, calls and gives by rule of thumb (SBS-19, SBS-20)."""
        state = bid_alone(state, contract)
        declare_by_rule_of_thumb(state, trump)
        return state


ADVISOR = SixBidSoloAdvisor()
