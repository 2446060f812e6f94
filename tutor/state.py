"""The one state API every game implements (OpenSpiel's ``State`` is the model).

A :class:`Game` holds a game's options and makes states: a fresh shuffled deal from an injected
``random.Random`` (the same seed gives the same deal), or a given deal (from a hand record).
A :class:`GameState` moves through phases by *actions*, small ints whose meaning the game
defines; ``token(action)`` turns one into record text (``"TH"``, ``"pass"``, ``"S"``).

- ``apply(action)`` is **checked**: an illegal action raises :class:`IllegalActionError` naming
  the rule and changes nothing. ``apply_unchecked(action)`` is the fast path for search and
  playouts: the caller promises the action is legal.
- ``undo()`` takes back the last action, restoring an identical state; ``copy()`` is cheap.
- ``view(seat)`` is what one seat may know now. Bots, quizzes and widgets only get views.

A game states its facts as data (``game.info``, a :class:`GameInfo`) and says what each action
is (``game.action_info(a)``, an :class:`ActionInfo`: kind, words, token, card), so generic code
never decodes action numbers (:mod:`tutor.facts`).

The rules of each game live in ``tutor/rules/<game>.py``; nothing here knows a game.
"""

from __future__ import annotations

import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from .cards import Card
from .facts import Action as Action
from .facts import ActionInfo, GameInfo

S = TypeVar("S", bound="GameState")


def is_seat(value: object, players: int) -> bool:
    """Is ``value`` a seat of a table of ``players``: a whole number 0..players-1? A ``bool``,
    a text (``"1"``) or ``None`` is not one, so a caller's slip is refused, not read as seat 1."""
    if isinstance(value, bool):
        return False
    try:
        seat = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return False
    return 0 <= seat < players


def as_rng(rng: random.Random | int | None) -> random.Random:
    """Accept a ``random.Random`` or a seed; ``None`` draws a fresh seed (not reproducible)."""
    if isinstance(rng, random.Random):
        return rng
    return random.Random(rng)


@runtime_checkable
class View(Protocol):
    """What every game's seat view offers (``state.view(seat)``): the only thing bots, quizzes
    and widgets get. A game's view may hold more (the auction's calls, the trump, the tricks).

    - ``seat``, ``phase``, ``to_move``: whose view it is, the phase, the seat to act (or None);
    - ``hand``: the seat's own cards; ``legal``: its legal actions when it is to move, else ();
    - ``visible_cards()``: every card this view shows (a test checks none of them is hidden);
    - ``public()``: what every seat at the table knows, as a JSON-ready dict (no hand, no
      hidden card): the same for every seat's view of one state.
    """

    @property
    def game(self) -> str: ...

    @property
    def seat(self) -> int: ...

    @property
    def phase(self) -> str: ...

    @property
    def to_move(self) -> int | None: ...

    @property
    def hand(self) -> tuple[Card, ...]: ...

    @property
    def legal(self) -> tuple[Action, ...]: ...

    def visible_cards(self) -> set[Card]: ...

    def public(self) -> dict[str, Any]: ...


class GameState(ABC):
    """The state of one deal. Subclasses implement the abstract methods for their game."""

    game: Game

    @property
    @abstractmethod
    def phase(self) -> str:
        """The phase name, e.g. ``auction``, ``declare``, ``play``, ``done``."""

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat to act, or ``None`` when the deal is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action here, in the game's canonical order; ``[]`` when done."""

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Apply ``action`` after checking it; raise IllegalActionError (changing nothing)."""

    @abstractmethod
    def apply_unchecked(self, action: Action) -> None:
        """Apply a legal ``action`` without checking it (search, playouts)."""

    @abstractmethod
    def undo(self) -> Action:
        """Take back the last action and return it."""

    @abstractmethod
    def copy(self: S) -> S:
        """An independent copy; cheap (no deep copies of immutable parts)."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """True when the deal is over (played out or thrown in)."""

    @abstractmethod
    def chips(self) -> list[int]:
        """The settlement: one signed score change per seat, in ``game.info.score_unit``,
        summing to zero when ``game.info.zero_sum`` (terminal only)."""

    @abstractmethod
    def view(self, seat: int) -> View:
        """What ``seat`` may know now: never another hand or a hidden card."""

    @abstractmethod
    def token(self, action: Action) -> str | None:
        """The record text of ``action`` (``None`` for a declined Call Solo call)."""

    @abstractmethod
    def history(self) -> Sequence[Action]:
        """Every action applied since the deal, in order."""

    @abstractmethod
    def key(self) -> tuple[Any, ...]:
        """A value that is equal exactly when two states are identical (for tests and tables)."""

    def legal_tokens(self) -> list[str | None]:
        """``legal_actions()`` as record text."""
        return [self.token(a) for a in self.legal_actions()]

    def action_info(self, action: Action) -> ActionInfo:
        """What ``action`` is (kind, words, token, card): the game's answer, the same here as
        in any other position (:meth:`Game.action_info`)."""
        return self.game.action_info(action)


class Game(ABC):
    """A game with its options fixed: makes deals and knows how records spell actions."""

    id: str
    players: int
    #: The top-level keys a record of this game may hold (Sixty-Six adds ``turnup`` and
    #: ``stock``, Crazy Solo ``blind``; Auction Pitch has no ``widow``).
    record_keys: frozenset[str] = frozenset(
        {"format", "game", "options", "dealer", "hands", "widow", "calls", "declare", "play"})
    #: When a record's ``options`` leave out ``players``, is it the number of hands (Crazy
    #: Solo, CS options) rather than the option's default?
    players_from_hands: bool = False

    @property
    @abstractmethod
    def info(self) -> GameInfo:
        """The game's facts with these options: deck, seats, deal, actions, scoring."""

    @abstractmethod
    def action_info(self, action: Action) -> ActionInfo:
        """What ``action`` is: its kind, words for a learner, record token and card.

        It lives on the game, not the state: an action number means one thing in every
        position (one range of numbers per kind), so a table can label its buttons and a record
        can be read without a position. Words that need the position ("exchange 9♥ for the
        A♦ turned up") belong to the game's presentation, which sees the state.
        """

    @abstractmethod
    def new_deal(self, rng: random.Random | int | None, dealer: int = 0) -> GameState:
        """Shuffle, cut and deal with ``rng`` (or a seed): the same seed gives the same deal."""

    @abstractmethod
    def options_dict(self) -> dict[str, Any]:
        """The options as a record's ``options`` object (every key)."""

    @abstractmethod
    def from_record_deal(self, record: Mapping[str, Any]) -> GameState:
        """The dealt state of a validated record's ``dealer``, ``hands``, ``widow`` (REC-5)."""

    @abstractmethod
    def replay_record(self, state: GameState, record: Mapping[str, Any]) -> None:
        """Apply a record's actions (``calls``, ``declare``, ``play``) through checked apply."""

    @abstractmethod
    def record_of(self, state: GameState) -> dict[str, Any]:
        """The hand record of a state (the deal and every action so far)."""

    @abstractmethod
    def describe(self, state: GameState) -> dict[str, Any]:
        """The replay object of ``shared/hand-record.md`` for a state."""
