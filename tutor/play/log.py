"""The table's log in the learner's words: what each action looks like from the learner's seat.

:func:`action_text` words one action as the learner may see it (a card given back face down
stays face down, SBS-20; a Frog discard stays face down for the defenders, FR-2);
:class:`Entry` is one line of the log with the bot's reason; :func:`names_any` finds a card
named in a reason, so a reason that shows a card the learner cannot see yet is held back until
the deal is over (and a reason given while a seat's side is a secret — Crazy Solo's partner,
CS-9 — until the sides are known); :func:`turn_rule` is the rule that says whose turn it is,
for a refusal out of turn; :func:`action_words` names an action in a hint, a note or a refusal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from ..cards import Card, Deck, card_label
from ..errors import TutorError
from ..games import spec
from ..state import Action, Game, GameState


def turn_rule(state: GameState) -> tuple[str, str]:
    """The rule that says whose turn it is now, and its words (the game's presentation)."""
    return spec(state.game.id).presentation.turn_rule(state.phase)


# --- naming cards in text (to hold back a bot's reason that shows a hidden card) ------------------
@cache
def _pattern(card: Card) -> re.Pattern[str]:
    """``TH``, ``T♥`` (the bots' words), ``10♥`` and ``ten of hearts``, as whole words."""
    text = card.text
    forms = [rf"(?<![0-9A-Za-z]){re.escape(text)}(?![0-9A-Za-z])",
             rf"(?<![0-9A-Za-z]){re.escape(text[0])}{re.escape(card.suit.symbol)}",
             rf"(?<![0-9A-Za-z]){re.escape(card_label(card))}",
             re.escape(card.name)]
    return re.compile("|".join(forms), re.IGNORECASE)


def names_any(text: str, cards: set[Card] | frozenset[Card]) -> bool:
    """Does ``text`` name any of ``cards`` (as ``TH``, ``T♥``, ``10♥`` or ``ten of hearts``)?"""
    return any(_pattern(c).search(text) for c in cards)


def card_words(label: str, deck: Deck) -> str:
    """A label with each card's record text of ``deck`` as a learner reads it: ``lead KH,
    showing QH`` → ``lead K♥, showing Q♥``."""
    for card in deck.cards:
        label = re.sub(rf"(?<![0-9A-Za-z]){card.text}(?![0-9A-Za-z])", card_label(card), label)
    return label


def action_words(game: Game, action: object) -> str:
    """An action in a learner's words: a card as ``10♥``, ``trump ♠``, else the game's label
    (``bid Solo``, ``discard AS``); anything that is not one of the game's actions as its repr
    (a forged value, named in a refusal)."""
    if type(action) is not int:
        return repr(action)
    try:
        info = game.action_info(action)
    except TutorError:
        return repr(action)
    if info.kind == "card" and info.card is not None:
        return card_label(info.card)
    if info.kind == "trump" and info.suit is not None:
        return f"trump {info.suit.symbol}"
    return info.label


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
    held_back: bool  # the reason names a card the learner cannot see yet, or is ``secret``
    secret: bool = False  # given while a seat's side was a secret to the learner (CS-9)
    counted: bool = False  # it holds a number the learner must count alone (SS-17's totals)

    def shown_reason(self, revealed: bool) -> str:
        """The reason, or a placeholder while it may not be read (``revealed`` False: it names
        a card hidden now — never seen, or turned face down since, SS-17 — or a secret)."""
        if not self.reason:
            return ""
        if not revealed:
            if self.secret:
                return ("(its reason could tell who plays with whom: shown once the sides are "
                        "known)")
            if self.counted:
                return ("(its reason holds a count you keep in your head at a real table: "
                        "shown when the deal is over)")
            return "(its reason names a card you cannot see now: shown when the deal is over)"
        return self.reason


def action_text(state: GameState, seat: int, action: Action, learner: int) -> str:
    """What ``seat``'s ``action`` looks like to ``learner``; ``state`` is the state *after* it.

    The words are the game's (:mod:`tutor.games.presentation`), read off the learner's view, so
    a card the learner may not see (a gift, a Frog discard) is never named.
    """
    return spec(state.game.id).presentation.action_text(state.view(learner), seat, action)


__all__ = ["Entry", "action_text", "action_words", "card_words", "names_any", "turn_rule"]
