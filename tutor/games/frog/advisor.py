"""Frog's rows in the bid advisor (:mod:`tutor.solver.advisor`): the Frog bid, Chico with each
trump it may name (♣ ♠ ♦, every suit under ``chico_trump: any``) and Grand. Every row pays on
the margin, k × (P − 60) (FR-1, FR-5), so its points are estimated or solved.

The Frog bid's discard (FR-2) is part of the bidder's problem; the advisor lays away three cards
by :func:`discard_by_rule_of_thumb`, on the bidder's fourteen cards alone, then solves the play.
Its figures are therefore a lower bound on a perfect discarder's (how much lower:
``docs/solver.md``, "Frog").
"""

from __future__ import annotations

from ..tapp import (
    HEARTS,
    PLAY,
    POINTS,
    SUIT_MASK,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    SeatView,
    TappState,
    bid_alone,
    mask_cards,
    open_contracts,
)
from .presentation import FrogPresentation
from .rules import CHICO, CONTRACTS, DISCARD_BASE, DISCARD_SIZE, FROG

#: a side suit's shortness is worth this many points a card when choosing the discard
SHORT_SUIT_WEIGHT = 6


def _masters(hand: int) -> int:
    """The cards that head an unbroken run from their suit's ace: each wins its trick."""
    out = 0
    for s in range(4):
        for c in range(9 * s, 9 * s + 9):  # ace, ten, king, ... of the suit
            if not hand >> c & 1:
                break
            out |= 1 << c
    return out


def discard_order(hand: int, trump: int = HEARTS) -> list[int]:
    """Every card of ``hand`` in the order the rule of thumb would lay it away, best first.

    A side-suit card scores its points (laid away, they count for the bidder: FR-1) plus
    :data:`SHORT_SUIT_WEIGHT` for each card its suit is short of four (a suit soon void is then
    trumped); higher scores go first. A master — heading an unbroken run from its suit's ace —
    wins its trick anyway and comes after every other side card, and the trumps come last,
    lowest first.
    """
    masters = _masters(hand)
    length = [(hand & SUIT_MASK[s]).bit_count() for s in range(4)]

    def score(c: int) -> int:
        if masters >> c & 1:
            return POINTS[c] - 1000
        return POINTS[c] + SHORT_SUIT_WEIGHT * (4 - min(length[c // 9], 4))

    side = [c for c in mask_cards(hand) if c // 9 != trump]
    trumps = [c for c in mask_cards(hand) if c // 9 == trump]
    return (sorted(side, key=lambda c: (-score(c), length[c // 9], c))
            + sorted(trumps, reverse=True))  # the lowest trumps first


def discard_by_rule_of_thumb(hand: int, trump: int = HEARTS) -> list[int]:
    """The three cards the Frog bidder lays away from ``hand`` (14 cards, FR-2): the first three
    of :func:`discard_order` — side cards by points and shortness, masters only when the side
    suits hold nothing else, a trump only when nothing else is left."""
    return discard_order(hand, trump)[:DISCARD_SIZE]


class FrogAdvisor:
    """The :class:`~tutor.solver.games.AdvisorAdapter` of Frog."""

    declaration_note = "the Frog bid's discard by rule of thumb; "

    def rows(self, view: SeatView) -> list[tuple[int, int]]:
        rows: list[tuple[int, int]] = []
        for c in open_contracts(view.legal):
            if c == CHICO:
                any_suit = view.options.get("chico_trump") == "any"
                rows.extend((c, t) for t in ((0, 1, 2, 3) if any_suit else (0, 1, 3)))
            else:  # the Frog bid and Grand: ♥
                rows.append((c, HEARTS))
        return rows

    def contract_id(self, contract: int) -> str:
        return CONTRACTS[contract - 1]

    def label(self, contract: int, trump: int) -> str:
        """``Frog bid``, ``Chico ♠``, ``Grand`` (♥ is fixed for the Frog bid and Grand), in the
        presentation's words (the game is Frog too)."""
        name = FrogPresentation.contract_names[CONTRACTS[contract - 1]]
        return f"{name} {SUIT_SYMBOLS[trump]}" if contract == CHICO else name

    def target(self, contract: int, trump: int) -> int | None:
        return None  # FR-1: every contract pays on the margin

    def tariff(self, contract: int, trump: int) -> int:
        return 0

    def declare(self, state: TappState, contract: int, trump: int) -> TappState:
        """The player bids ``contract``, the others pass; Chico names ``trump``, the Frog bid
        takes the widow and lays away :func:`discard_by_rule_of_thumb` (FR-2)."""
        state = bid_alone(state, contract)
        bidder = state.bidder
        assert bidder is not None
        if state.phase != PLAY and state.step == "trump":
            state.apply_unchecked(TRUMP_BASE + trump)
        elif state.phase != PLAY:
            assert contract == FROG and state.step == "discard"
            for c in discard_by_rule_of_thumb(state.hands[bidder]):
                state.apply_unchecked(DISCARD_BASE + c)
        return state


ADVISOR = FrogAdvisor()
