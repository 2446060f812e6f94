"""The table's log in the learner's words: what each action looks like from the learner's seat.

:func:`action_text` words one action as the learner may see it (a card given back face down
stays face down, SBS-20); :class:`Entry` is one line of the log with the bot's reason;
:func:`names_any` finds a card named in a reason, so a reason that shows a card the learner
cannot see yet is held back until the deal is over; :func:`turn_rule` is the rule that says
whose turn it is, for a refusal out of turn.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..cards import Card
from ..display import seat_label
from ..games.six_bid_solo.rules import CONTRACT_NAMES, CONTRACTS, SixBidSoloState
from ..games.tapp import (
    AUCTION,
    CALL_BASE,
    CALLCARD_BASE,
    CARD_INDEX,
    CARDS,
    DECLARE,
    DECLINE,
    GIVE_BASE,
    N_CARDS,
    PASS,
    SUIT_SYMBOLS,
    TRUMP_BASE,
)
from ..quiz.core import card_label
from ..state import Action


def turn_rule(phase: str) -> tuple[str, str]:
    """The rule that says whose turn it is, by phase: the auction (SBS-16a), the bidder's
    declaration (SBS-19, SBS-20), the play (SBS-22, SBS-25: the winner leads, then clockwise)."""
    if phase == AUCTION:
        return "SBS-16a", "the auction passes from player to player by rule"
    if phase == DECLARE:
        return "SBS-19", "only the bidder declares"
    return "SBS-22", "play goes clockwise from the leader (the winner of the last trick, SBS-25)"


# --- naming cards in text (to hold back a bot's reason that shows a hidden card) ------------------
def _card_patterns(card: Card) -> list[str]:
    idx = CARD_INDEX[card]
    text = CARDS[idx].text  # TH
    sym = card.suit.symbol
    rank = text[0]
    forms = [rf"(?<![0-9A-Za-z]){re.escape(text)}(?![0-9A-Za-z])",  # TH
             rf"(?<![0-9A-Za-z]){re.escape(rank)}{re.escape(sym)}",  # T♥ (the bots' words)
             rf"(?<![0-9A-Za-z]){re.escape(card_label(card))}",  # 10♥
             re.escape(card.name)]  # ten of hearts
    return forms


_PATTERNS: dict[Card, re.Pattern[str]] = {
    c: re.compile("|".join(_card_patterns(c)), re.IGNORECASE) for c in CARDS}


def names_any(text: str, cards: set[Card] | frozenset[Card]) -> bool:
    """Does ``text`` name any of ``cards`` (as ``TH``, ``T♥``, ``10♥`` or ``ten of hearts``)?"""
    return any(_PATTERNS[c].search(text) for c in cards)


# --- the log --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    """One action of the deal, as the learner may see it."""

    step: int  # its index in the deal's history
    seat: int
    action: Action
    text: str  # what happened, in the learner's words (a face-down gift stays face down)
    reason: str  # the bot's one-line reason; "" for the learner's own actions and records
    learner: bool
    held_back: bool  # the reason names a card the learner cannot see yet: shown at the end

    def shown_reason(self, revealed: bool) -> str:
        """The reason, or a placeholder while it names a hidden card (``revealed`` False)."""
        if not self.reason:
            return ""
        if self.held_back and not revealed:
            return "(its reason names a card you cannot see yet: shown when the deal is over)"
        return self.reason


def action_text(state: SixBidSoloState, seat: int, action: Action, learner: int) -> str:
    """What ``seat``'s ``action`` looks like to ``learner``; ``state`` is the state *after* it."""
    who = "You" if seat == learner else seat_label(seat, state.active)
    if CALL_BASE <= action < TRUMP_BASE:
        if action == PASS:
            return f"{who}: pass"
        return f"{who}: bid {CONTRACT_NAMES[CONTRACTS[action - CALL_BASE - 1]]}"
    if TRUMP_BASE <= action < DECLINE:
        return f"{who}: trump {SUIT_SYMBOLS[action - TRUMP_BASE]}"
    if action == DECLINE:
        return f"{who}: call no card (SBS-20)"
    if CALLCARD_BASE <= action < GIVE_BASE:
        card = CARDS[action - CALLCARD_BASE]
        holder = state.call_holder
        where = ("it lay in the widow" if holder == -1 else
                 "you hand it over" if holder == learner else f"seat {holder} hands it over")
        return f"{who}: call {card_label(card)} — {where} (SBS-20)"
    if GIVE_BASE <= action < GIVE_BASE + N_CARDS:
        receiver = state.call_holder
        to = "you" if receiver == learner else f"seat {receiver}"
        if learner in (seat, receiver):
            return f"{who}: give {to} {card_label(CARDS[action - GIVE_BASE])} (SBS-20)"
        return f"{who}: give {to} a card, face down (SBS-20)"
    text = f"{who}: play {card_label(CARDS[action])}"
    if not state.trick and state.tricks and state.tricks[-1][1][2] == action:
        n = len(state.tricks)
        winner = state.tricks[-1][2]
        text += f" — trick {n} to {'you' if winner == learner else f'seat {winner}'}"
    return text


__all__ = ["Entry", "action_text", "names_any", "turn_rule"]
