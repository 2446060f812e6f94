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

A game outside the Tapp family (Sixty-Six: two hands, a stock and its turn-up, tricks turned
face down as they fall; Auction Pitch: 3 to 7 players each on their own, most of the pack never
dealt) draws its own table, settlement, whole deal and match standing in its deal notes
(:meth:`DealNotes.table_view_html`, :meth:`DealNotes.settlement_html`,
:meth:`DealNotes.whole_deal_html`, :meth:`DealNotes.match_html`) from the same parts
(:mod:`.cards`, :mod:`.ring`, the facts); each returns None in the family's notes, where the
display's own drawings serve.
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
from ..state import Action, GameState, View
from .markup import CardLike, DisplayError, HtmlStr

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


#: What the learner's seat shows when its cards are buttons below the table (each card's face
#: a button): the hand is not drawn a second time.
OWN_BUTTONS = HtmlStr('<p class="st-muted st-own-buttons">Your cards are the buttons below: '
                      "press one to play it.</p>")


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
    #: a game outside the family: the heading of its exact review of the learner's play, and
    #: what that review leaves out
    review_title: ClassVar[str] = "Your play, valued exactly (every hand seen, best play after)"
    review_note: ClassVar[str] = ""
    #: how the strong bot's hint and comparison value a game outside the family
    hint_how: ClassVar[str] = "each played out with best play by both"

    def hint_deals(self, view: Any, worlds: int) -> str:
        """The deals a hint's values were taken over, in words: ``worlds`` sampled from the
        learner's view (a game where a view can fix every card's place says so then)."""
        return f"{worlds} deals sampled from your view"

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

    # -- a game that draws its own table (None: the Tapp family's drawings serve) --
    def table_view_html(self, view: View, emphasis: Mapping[CardLike, str], *,
                        seat_notes: Mapping[int, str] | None = None,
                        own_hand: bool = True) -> HtmlStr | None:
        """The learner's seat at the play table, from ``view`` alone (``emphasis`` marks cards
        of the own hand, e.g. the legal ones; ``own_hand=False``: the hand is buttons below
        the table, :data:`OWN_BUTTONS` stands in its place); None: the family's drawing."""
        return None

    def settlement_html(self, state: GameState, learner: int, match: Any) -> HtmlStr | None:
        """A finished deal's result from ``learner``'s side, with the match's standing
        ``match`` (a :class:`~.play_table.MatchStanding`, or None); None: the family's."""
        return None

    def whole_deal_html(self, state: GameState, *, four_colour: bool = False,
                        width: float = 48) -> HtmlStr | None:
        """A whole deal with every card (a finished deal, or a teacher's look); None: the
        family's drawing (:func:`.table.deal_html`)."""
        return None

    def match_html(self, view: View, match: Any) -> HtmlStr | None:
        """The match's standing under the play table's status line, for ``view``'s seat
        (``match``: a :class:`~.play_table.MatchStanding`); None: the table's own line (the
        chips, or the game points to a target). Auction Pitch draws a score board whose
        negative scores read as negative (PI-11)."""
        return None

    # -- what the play table's log and its bots' reasons may show --
    def over_rule(self, state: GameState) -> str:
        """The rule that ended a finished deal (a refused action after it names it): by default
        :attr:`played_out_rule`, or :attr:`thrown_in_rule` for a deal nobody bid."""
        if isinstance(state, TappState) and state.bidder is None:
            return self.thrown_in_rule
        return self.played_out_rule

    def face_down_text(self, view: View, seat: int, action: Action, text: str) -> str:
        """How a line of the log (``text``, ``seat``'s ``action``) reads once a card it names
        is out of ``view`` again (a trick turned face down that the view no longer holds): by
        default the text up to its first colon, ``seat 1: a card, now face down``."""
        who = text.split(":", 1)[0]
        return f"{who}: a card, now face down"

    def deals_again(self, state: GameState) -> bool:
        """Does the dealer of the finished ``state`` deal the next deal too (Auction Pitch: a
        deal everyone passed under ``all_pass: redeal_same_dealer``, PI-6)? No by default: the
        deal passes to the left, a throw-in included (SBS-9)."""
        return False

    def never_shown(self, state: GameState) -> frozenset[Card]:
        """Cards of the game's deck that are never shown, not even once the deal is over
        (Auction Pitch's undealt rest of the pack, PI-3): no drawing, log line or reason on
        the table names one. None by default: a finished deal shows every card."""
        return frozenset()

    def secrets(self, state: GameState, learner: int) -> tuple[str, ...]:
        """Numbers the ``learner``'s seat must not read yet (Sixty-Six: the opponent's total,
        SS-17), as text: a bot's reason that holds one waits until the deal is over. None by
        default."""
        return ()


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
