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
from .rules import GAME_ID, CrazySoloView, possible_partners


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
        """What ``view``'s seat may know of ``seat``'s side (CS-9), by the view's own reading of
        the sides (:meth:`CrazySoloView.sides`): ``bidder``; ``partner`` once the called card
        is played, to its holder, or when only that seat can still hold it; ``gang`` for a seat
        that cannot (it showed void in the suit, CS-10) and for all the others once the partner
        is known or when there is none (CS-8); else ``unknown``. ``""`` before there is a
        bidder, and for the others while the bidder has still to call a card."""
        if not isinstance(view, CrazySoloView) or view.bidder is None:
            return ""
        if seat == view.bidder:
            return "bidder"
        soloists, gang = view.sides()
        if seat in soloists:
            return "partner"
        if seat in gang:
            return "gang"
        return "unknown" if view.called is not None else ""

    def sides_hidden(self, view: SeatView) -> bool:
        """CS-9: a called card not yet played hides its holder — from every seat but the
        holder's own, while more than one seat can still hold it."""
        if not isinstance(view, CrazySoloView) or view.called is None:
            return False
        soloists, gang = view.sides()
        return len(soloists) + len(gang) < len(view.active)

    def seat_marks(self, view: SeatView, seat: int) -> tuple[str, ...]:
        """The seat's side as ``view``'s seat may know it (:meth:`partner_words`)."""
        word = self.partner_words(view, seat)
        return (word,) if word else ()

    def facts(self, view: SeatView) -> list[tuple[str, str]]:
        """The family's facts (at a big table the tricks won by the seats that have some), a
        blind deal, the called card and the partner as this seat may know it (CS-9)."""
        rows = super().facts(view)
        if len(view.active) > 4:  # twelve seats' "seat 7: 0" would drown the ones that count
            rows = [(k, _tricks_won(view) if k == "Tricks won" else v) for k, v in rows]
        if getattr(view, "blind", False):
            rows.insert(1, ("Deal", "blind (CS-14)"))
        if view.called is not None:
            rows.append(("Called card", card_label(view.called)))
            partner = getattr(view, "partner", None)
            if getattr(view, "partner_revealed", False):
                rows.append(("Partner", "none: the bidder held the called card (secretly "
                             "alone)" if partner == view.bidder else
                             "you" if partner == view.seat else f"seat {partner}"))
            elif partner == view.seat:
                rows.append(("Partner", "you — a secret until you play it"
                             if view.seat != view.bidder else "none: you are secretly alone"))
            elif isinstance(view, CrazySoloView):
                rows.append(("Partner", _partner_now(view)))
        return rows


def _partner_now(view: CrazySoloView) -> str:
    """The partner as a seat that does not hold the called card may know it before the card is
    played (CS-9): the seats that can still hold it, or the one left (CS-10: the others showed
    void in its suit)."""
    card = card_label(view.called) if view.called is not None else "the called card"
    may = possible_partners(view)
    if len(may) == 1:
        if may[0] == view.bidder:
            return f"none: only the bidder can hold {card} — secretly alone (CS-8, CS-10)"
        return f"seat {may[0]}: the only seat that can still hold {card} (CS-10)"
    if len(may) == len(view.active) - 1:
        return f"unknown until {card} is played (CS-9): any other seat may hold it"
    seats = ", ".join(f"seat {s}" for s in may[:-1]) + f" or seat {may[-1]}"
    return f"unknown until {card} is played (CS-9): {seats}"


def _tricks_won(view: SeatView) -> str:
    """``seat 3: 2, seat 7: 1; the others none`` — the seats with tricks, for a big table."""
    won = [f"seat {s}: {view.won_tricks[s]}" for s in view.active if view.won_tricks[s]]
    if not won:
        return "none yet"
    return ", ".join(won) + ("; the others none" if len(won) < len(view.active) else "")


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
