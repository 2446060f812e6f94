"""The bot protocol, what every bot may read off its seat's view, and where a bot finds a
game's own choices.

A bot is seeded and sees one :class:`~tutor.games.tapp.SeatView` at a time — never the
state — so no bot can look at another hand or the widow, even by accident. It answers with a
legal action and a one-line reason a learner can read::

    action, reason = bot.act(state.view(seat))
    state.apply(action)          # checked: an illegal bot action would raise

The bots are written once for every game of the Tapp family (cards as ints, tricks, trump); a
game's own choices — what to bid, how to declare, what a solver's value is worth — live in its
folder (``tutor/games/<game>/bots.py``, and ``pimc.py`` for the PIMC bot), found through the
registry (:func:`game_choices`). A game outside the family (Sixty-Six) plays every step by its
own choices: an ``act`` of its ``RULES`` or ``PIMC`` takes the whole turn, and the bot keeps
what the game's choices remember between turns in its ``memo``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any, Protocol

from ..engine.sampler import SampledView, any_game_of, game_of
from ..errors import IllegalActionError, OptionError
from ..games import spec
from ..games.tapp import CARD_INDEX, N_CARDS, POINTS, SUIT_MASK, SeatView
from ..state import Action, View

ALL = (1 << N_CARDS) - 1


class Bot(Protocol):
    """A sparring partner: ``act(view)`` → (a legal action, a one-line reason). A bot may
    remember the views it is given within a deal (a Sixty-Six player counts the tricks, which
    no single view shows): give it every view of its turns, in order."""

    name: str

    def act(self, view: Any) -> tuple[Action, str]: ...


def require_turn(view: View) -> None:
    """A bot asked to act out of turn is a caller's mistake: say so with the game's rule (its
    presentation's ``turn_order_rule``, else the rule of the phase's turn: SBS-5 in the Tapp
    family, SS-5 in Sixty-Six)."""
    if view.to_move != view.seat or not view.legal:
        words = spec(view.game).presentation
        rule = getattr(words, "turn_order_rule", None) or words.turn_rule(view.phase)[0]
        raise IllegalActionError(rule, "it is not this seat's turn", where=f"seat {view.seat}")


def action_words(view: SampledView, action: Action) -> str:
    """The game's words for ``action`` (``bid Solo``, ``trump ♠``, ``discard AS``, ``TH``)."""
    return any_game_of(view.game, view.options).action_info(action).label


@cache
def _folder_module(game_id: str, file: str) -> Any:
    folder = spec(game_id).folder
    try:
        return import_module(f"{folder}.{file}")
    except ModuleNotFoundError as e:
        if e.name != f"{folder}.{file}":
            raise
        return None


def game_choices(game_id: str, file: str, name: str, bot: str) -> Any:
    """The object ``name`` of the game's module ``file``: the game's own choices for the bot
    ``bot`` (``RULES`` in ``bots.py`` for the rule bot, ``PIMC`` in ``pimc.py`` for the PIMC
    bot, which loads the solver). A game without it is refused (REC-2) naming the game."""
    module = _folder_module(game_id, file)
    found = getattr(module, name, None) if module is not None else None
    if found is None:
        where = f"{spec(game_id).folder}.{file}"
        raise OptionError("REC-2", f"the {bot} bot does not know {game_id} yet (no {name} in "
                          f"{where})", where="bot", what=repr(game_id))
    return found


@cache
def _contracts(game_id: str) -> tuple[str, ...]:
    return tuple(spec(game_id).presentation.contract_names)


def contract_number(view: SeatView) -> int:
    """The view's contract as its number in the game's order, lowest 1; 0 before the auction
    ends (or in a throw-in)."""
    return _contracts(view.game).index(view.contract) + 1 if view.contract else 0


def beats(card: int, best: int, trump: int) -> bool:
    """Does ``card`` beat ``best``, the card now winning the trick (SBS-24)?"""
    if card // 9 == best // 9:
        return card < best  # lower index = higher card (SBS-2)
    return card // 9 == trump


@cache
def _deck(game_id: str, options: tuple[tuple[str, Any], ...]) -> int:
    game = game_of(game_id, dict(options))
    return sum(1 << CARD_INDEX[c] for c in game.info.deck.cards)


def deal_deck(view: SeatView) -> int:
    """The cards of this deal's deck, as a mask: all 36, or fewer at some Crazy Solo tables
    (CS-2)."""
    return _deck(view.game, tuple(sorted(view.options.items())))


@dataclass(frozen=True)
class Table:
    """Facts about the deal that follow from one view (all public or the seat's own)."""

    seat: int
    hand: int  # own cards, mask
    played: int  # every card played so far, mask
    out: int  # cards of the deal neither held, played nor laid away by me: in other hands or
    #           unseen piles
    contract: int  # the game's contract number (1 the lowest), 0 during the auction
    trump: int  # -1: none (Six-Bid Solo's misères, or not named yet)
    bidder: int | None
    trick: tuple[int, ...]
    trick_seats: tuple[int, ...]  # who played each card of the trick
    seats: int = 3  # the active seats: the cards in a full trick
    soloists: tuple[int, ...] = ()  # the bidder's side as this seat knows it (view.sides())
    defenders: tuple[int, ...] = ()  # the other side (Crazy Solo's gang) as this seat knows it

    @classmethod
    def of(cls, view: SeatView) -> Table:
        hand = sum(1 << CARD_INDEX[c] for c in view.hand)
        played = view.played_mask()
        trump = int(view.trump) if view.trump is not None else -1
        trick = tuple(CARD_INDEX[c] for c in view.trick)
        active = view.active
        seats: list[int] = []
        if trick:
            assert view.trick_leader is not None
            s = view.trick_leader
            for _ in trick:
                seats.append(s)
                s = active[(active.index(s) + 1) % len(active)]
        laid = sum(1 << CARD_INDEX[c] for c in view.discarded or ())  # the bidder's own discard
        soloists, defenders = view.sides()
        return cls(view.seat, hand, played, deal_deck(view) & ~hand & ~played & ~laid,
                   contract_number(view), trump, view.bidder, trick, tuple(seats), len(active),
                   soloists, defenders)

    @property
    def is_bidder(self) -> bool:
        return self.seat == self.bidder

    def side_of(self, seat: int) -> int:
        """+1 when ``seat`` is known to play on this seat's side, -1 against it, 0 unknown
        (Crazy Solo's secret partner)."""
        if self.seat in self.soloists:
            mine, theirs = self.soloists, self.defenders
        elif self.seat in self.defenders:
            mine, theirs = self.defenders, self.soloists
        else:
            return 0
        return 1 if seat in mine else -1 if seat in theirs else 0

    @property
    def last_to_play(self) -> bool:
        """Does this seat's card complete the trick?"""
        return len(self.trick) == self.seats - 1

    def winning(self) -> tuple[int, int]:
        """(the card now winning the trick, the seat that played it); the trick is not empty."""
        best, who = self.trick[0], self.trick_seats[0]
        for c, s in zip(self.trick[1:], self.trick_seats[1:], strict=True):
            if beats(c, best, self.trump):
                best, who = c, s
        return best, who

    def is_master(self, card: int) -> bool:
        """No card still out in its suit ranks above it."""
        higher = SUIT_MASK[card // 9] & ((1 << card) - 1)
        return not self.out & higher

    def trumps_out(self) -> int:
        return (self.out & SUIT_MASK[self.trump]).bit_count() if self.trump >= 0 else 0

    def trick_points(self) -> int:
        return sum(POINTS[c] for c in self.trick)


__all__ = ["ALL", "Bot", "Table", "action_words", "beats", "contract_number", "deal_deck",
           "game_choices", "require_turn"]
