"""What the display adds for Crazy Solo (:class:`tutor.display.adapter.DealNotes`).

A whole deal (every card public): the called card and who held it — the partner, or the bidder
secretly alone (CS-8) — the soloists' points P together (CS-11), the payment p₅ rounded to fives
and which gang members settle with the bidder and which with the partner (CS-11, CS-12); a
blind deal says so (CS-14).

A seat's view at the table: until the called card is played the partner is a secret (CS-9), so
beside each seat whose side the view cannot tell the table shows, as a teaching aid, how often
that seat holds the called card in deals sampled from the view
(:func:`tutor.engine.sampler.holder_shares`) — worked out from what the learner may see, never
from the hidden cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import card_label
from ...display.adapter import DealNotes
from ...engine import sampler
from ..tapp import CARDS, PLAY, SeatView, TappState
from .rules import (
    ALONE,
    ALONE_IN_HEARTS,
    CrazySoloState,
    CrazySoloView,
    gang_split,
    multiplier,
    possible_partners,
)


def unknown_seats(view: SeatView) -> tuple[int, ...]:
    """The seats that may hold the called card while its holder is a secret to ``view``'s seat
    (CS-9): named, not yet played, not in this seat's hand, and more than one seat can still
    hold it (:func:`~.rules.possible_partners`); else ()."""
    if not isinstance(view, CrazySoloView) or view.phase != PLAY or view.called is None:
        return ()
    may = possible_partners(view)
    return may if len(may) > 1 else ()


def soloists_words(state: CrazySoloState) -> str:
    """``seat 2 (bidder) with seat 5 (partner)``; ``seat 2, secretly alone``; ``seat 2 alone``."""
    bidder = state.bidder
    if state.partner is None:
        return f"seat {bidder} alone"
    if state.partner == bidder:
        return f"seat {bidder}, secretly alone (called a card of the own hand, CS-8)"
    return f"seat {bidder} (bidder) with seat {state.partner} (partner)"


def payment_words(state: CrazySoloState) -> str:
    """CS-11 worked out: ``3 × (74 − 60) = 42 → 40: each gang member pays 40``."""
    p_points = state.bidder_points()
    k = multiplier(state.trump)
    raw = k * (p_points - 60)
    p5 = state.payment()
    sums = f"{k} × ({p_points} − 60) = {raw}" + (f" → {p5}" if p5 != raw else "")
    if p5 > 0:
        return f"{sums}: each gang member pays {p5}"
    if p5 < 0:
        return f"{sums}: each gang member receives {-p5}"
    return f"{sums}: a draw, no chips move"


class CrazySoloNotes(DealNotes):
    """Crazy Solo's deal notes and the seats' teaching aid."""

    points_rule = "CS-11"
    chips_rules = "CS-11, CS-12"
    thrown_in_rule = "CS-6"
    played_out_rule = "CS-10"
    match_rule = "CS-13"
    match_over_rule = "CS-13"

    def declaration(self, state: TappState) -> list[tuple[str, str]]:
        """A blind deal (CS-14); the called card and its holder (CS-8), or no partner."""
        if not isinstance(state, CrazySoloState):
            return []
        rows = []
        if state.blind:
            rows.append(("Deal", "blind (CS-14)" + (": the leader held a heart and is the "
                                                    "bidder" if state.blind_under else "")))
        if state.bidder is None:
            return rows
        if state.called >= 0:
            card = card_label(CARDS[state.called])
            held = ("in the bidder's own hand: secretly alone" if state.partner == state.bidder
                    else f"held by seat {state.partner}, the partner")
            rows.append(("Called card", f"{card} — {held} (CS-8)"))
        elif state.contract in (ALONE, ALONE_IN_HEARTS):
            rows.append(("Partner", "none: the bidder plays alone against everyone (CS-8)"))
        return rows

    def points_from(self, state: TappState) -> str:
        """``bidder 40 + partner 34`` when the soloists are two (CS-11)."""
        if not isinstance(state, CrazySoloState) or len(state.soloists) < 2:
            return ""
        bidder, partner = state.soloists
        return (f"bidder {state.won_points[bidder]} + partner {state.won_points[partner]}")

    def outcome(self, described: Mapping[str, Any]) -> str:
        """``made`` (the gang pays), ``lost`` (the soloists pay) or a draw (CS-11: p₅ = 0)."""
        pay = described.get("payment") or 0
        return "made" if pay > 0 else "lost" if pay < 0 else "a draw (CS-11)"

    def result_rows(self, state: TappState, described: Mapping[str, Any]
                    ) -> list[tuple[str, str]]:
        if not isinstance(state, CrazySoloState) or state.bidder is None:
            return super().result_rows(state, described)
        came = self.points_from(state)
        return [
            ("Soloists", soloists_words(state)),
            ("Soloists’ points (P, CS-11)", str(described["bidder_points"])
             + (f" ({came})" if came else "")),
            ("Soloists’ tricks", str(described["bidder_tricks"])),
            ("Payment (CS-11)", payment_words(state)),
            ("Settling (CS-12)", _settling(state)),
            ("Made?", self.outcome(described)),
        ]

    def settlement_rows(self, state: TappState, learner: int) -> list[tuple[str, str]]:
        """The soloists, the payment worked out, and whom the learner settles with."""
        if not isinstance(state, CrazySoloState) or state.bidder is None:
            return []
        return [("Soloists", soloists_words(state)), ("Payment", payment_words(state)),
                ("You settle", _learner_side(state, learner))]

    def seat_notes(self, view: SeatView, *, worlds: int, seed: int) -> dict[int, str]:
        """While the partner is a secret to ``view``'s seat (CS-9): for every seat that may hold
        the called card (the bidder too: it may have called its own), how often it holds it in
        ``worlds`` deals sampled from the view."""
        may = unknown_seats(view)
        if not may or view.called is None:
            return {}
        shares = sampler.holder_shares(view, view.called, worlds=worlds, seed=seed)
        label = card_label(view.called)
        return {s: f"holds {label} in {round(100 * shares[s])}% of sampled deals" for s in may}


def _settling(state: CrazySoloState) -> str:
    """CS-12: who settles with whom, in words."""
    partner = None if state.partner == state.bidder else state.partner
    with_bidder, with_partner = gang_split(state.n, state.bidder or 0, partner)
    words = "with the bidder: " + _seats(with_bidder)
    if with_partner:
        words += "; with the partner: " + _seats(with_partner)
    return words


def _learner_side(state: CrazySoloState, learner: int) -> str:
    if learner == state.bidder:
        return "as the bidder (CS-12)"
    if learner in state.soloists:
        return "as the partner (CS-12)"
    partner = None if state.partner == state.bidder else state.partner
    _, with_partner = gang_split(state.n, state.bidder or 0, partner)
    other = f"the partner, seat {partner}" if learner in with_partner else \
        f"the bidder, seat {state.bidder}"
    return f"in the gang, with {other} (CS-12)"


def _seats(seats: list[int]) -> str:
    return ", ".join(f"seat {s}" for s in seats) if seats else "nobody"


NOTES = CrazySoloNotes()

__all__ = ["NOTES", "CrazySoloNotes", "payment_words", "soloists_words", "unknown_seats"]
