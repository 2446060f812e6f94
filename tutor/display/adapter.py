"""What the display asks of a game: its words, its deck, and what its whole deal adds.

The display draws every game with the same functions and never imports a game's rules. It asks
the registry (:func:`tutor.games.spec`) for

- the game's words, :attr:`GameSpec.presentation <tutor.games.GameSpec>` (seat names, contract
  names, the facts a table shows, prompts with their rule ids): :func:`words`;
- the game's deck, ``game.info.deck`` (hand order, card points): :func:`deck_of`;
- the game's *deal notes* (:class:`DealNotes`), found in the game's own folder as
  ``tutor/games/<game>/display.py`` (its ``NOTES``): what a drawing of a whole deal or of its
  settlement shows beyond the hands, calls and tricks every deal has — Call Solo's called card,
  Frog's discard, Crazy Solo's soloists and rounded payment — the rules its points, chips and
  match rest on, and what a seat's view may add as a teaching aid beside each seat (Crazy
  Solo: how often each seat holds the called card in deals sampled from the view):
  :func:`deal_notes`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, ClassVar

from ..cards import Card, Deck
from ..games import spec
from ..games.presentation import Presentation
from ..games.tapp import SeatView, TappState
from .markup import DisplayError

#: The game whose words the display uses when a caller names none (the lessons written before
#: other games called ``seat_label(seat, active)`` without a game).
DEFAULT_GAME = "six-bid-solo"


def words(game: str) -> Presentation:
    """The presentation (a game's words) of the registered game ``game`` (REC-2 if unknown)."""
    return spec(game).presentation


@lru_cache(maxsize=64)
def _deck(game: str, options: tuple[tuple[str, Any], ...]) -> Deck:
    return spec(game).make(dict(options)).info.deck


def deck_of(game: str, options: Mapping[str, Any] | None = None) -> Deck:
    """The deck dealt in ``game`` with ``options`` (``game.info.deck``): hands sort in its order."""
    return _deck(game, tuple(sorted((options or {}).items())))


class DealNotes:
    """What a game adds to the drawing of one of its deals, from the state (a finished deal is
    public: every card may be shown), and beside the seats of one seat's view. A game
    subclasses it in ``tutor/games/<game>/display.py``.
    """

    #: the rule P (the bidder's points) is counted by, the rules the chips follow, and the rule
    #: of a deal everyone passed
    points_rule: ClassVar[str] = ""
    chips_rules: ClassVar[str] = ""
    thrown_in_rule: ClassVar[str] = ""
    #: the rule that every trick is played before the deal is over, the rule of a match's chips
    #: and the rule of its end (the Tapp family's match is Six-Bid Solo's, SBS-26..28)
    played_out_rule: ClassVar[str] = "SBS-25"
    match_rule: ClassVar[str] = "SBS-26"
    match_over_rule: ClassVar[str] = "SBS-28"

    def declaration(self, state: TappState) -> list[tuple[str, str]]:
        """Rows (label, words) the declaration adds after the contract and the bidder."""
        return []

    def laid_away(self, state: TappState) -> list[tuple[str, Sequence[Card]]]:
        """Cards laid aside face down during the deal, drawn face up beside the widow once the
        deal is drawn whole: (caption, cards)."""
        return []

    def points_from(self, state: TappState) -> str:
        """Where P (the bidder's points) of a finished deal came from, in words, or ``""``
        when it is just the points of the bidder's tricks and the widow (the rule says)."""
        return ""

    def result_rows(self, state: TappState, described: Mapping[str, Any]
                    ) -> list[tuple[str, str]]:
        """The rows of a finished deal's result (``described``: ``state.describe()``), above
        its chips: by default the bidder's points P, the bidder's tricks, made or not."""
        came = self.points_from(state)
        return [
            (f"Bidder’s points (P, {self.points_rule})", str(described["bidder_points"])
             + (f" ({came})" if came else "")),
            ("Bidder’s tricks", str(described["bidder_tricks"])),
            ("Made?", "yes" if described["made"] else "no"),
        ]

    def outcome(self, described: Mapping[str, Any]) -> str:
        """A finished deal's result in a word: ``made`` or ``lost``."""
        return "made" if described["made"] else "lost"

    def settlement_rows(self, state: TappState, learner: int) -> list[tuple[str, str]]:
        """Rows the play table's settlement adds for ``learner`` after the result (a finished
        deal: everything in it is public now)."""
        return []

    def seat_notes(self, view: SeatView, *, worlds: int, seed: int) -> dict[int, str]:
        """A teaching aid beside each seat of ``view``'s table: a short line per seat, worked
        out from the view alone (never from hidden cards); none by default."""
        return {}


@cache
def deal_notes(game: str) -> DealNotes:
    """The deal notes of ``game``, from ``tutor/games/<game>/display.py`` (DSP-3 if the game
    has none: the display does not know that game yet)."""
    s = spec(game)
    name = f"{s.folder}.display"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name is None or not (name == e.name or name.startswith(e.name + ".")):
            raise  # the adapter is there but fails to import: a bug to see, not to hide
        raise DisplayError("DSP-3", f"the display does not know {s.name} yet (no {name})",
                           where="game", what=game) from None
    notes: DealNotes = module.NOTES
    return notes


__all__ = ["DEFAULT_GAME", "DealNotes", "deal_notes", "deck_of", "words"]
