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

from ..cards import Card, card_label
from ..games import spec
from ..games.tapp import CARD_INDEX, CARDS
from ..state import Action, GameState


def turn_rule(state: GameState) -> tuple[str, str]:
    """The rule that says whose turn it is now, and its words (the game's presentation)."""
    return spec(state.game.id).presentation.turn_rule(state.phase)


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


def action_text(state: GameState, seat: int, action: Action, learner: int) -> str:
    """What ``seat``'s ``action`` looks like to ``learner``; ``state`` is the state *after* it.

    The words are the game's (:mod:`tutor.games.presentation`), read off the learner's view, so
    a card the learner may not see (a gift, a Frog discard) is never named.
    """
    return spec(state.game.id).presentation.action_text(state.view(learner), seat, action)


__all__ = ["Entry", "action_text", "names_any", "turn_rule"]
