"""A game's facts and its actions as data (OpenSpiel's ``GameInfo`` and action strings are the
model): generic code — display, table, quiz, bots, records — asks the game instead of assuming
three seats, 36 cards, zero-sum chips or Six-Bid Solo's action numbers.

- :class:`GameInfo` — one game with its options fixed: deck, seats, deal, the number of distinct
  actions, the longest deal, what it scores in.
- :class:`ActionInfo` — what one action is: its kind, words for a learner, its record token and
  its card. ``Game.action_info(action)`` gives it.
- :class:`ActionTable` — every action of a game as ActionInfo, and a record token at its place
  in a hand record (``calls``, ``declare.trump``, ``play`` ...) back to the action.

>>> from tutor.cards import Card, Suit
>>> table = ActionTable([ActionInfo("card", "AS", "AS", Card.parse("AS")),
...                      ActionInfo("call", "pass", "pass"),
...                      ActionInfo("trump", "trump ♠", "S", suit=Suit.SPADES)])
>>> table.decode("S", "declare.trump"), table[0].card, table.kinds
(2, Card.parse('AS'), ('card', 'call', 'trump'))
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, NoReturn, get_args

from .cards import Card, Deck, Suit
from .errors import NotationError

Action = int

#: The kinds of action of the five games (design.md "Many games, one tutor"):
#: ``card`` a card played to a trick; ``call`` a call of the auction (a pass or a bid);
#: ``trump`` naming trump (SBS-19, CS-7); ``call-card`` calling a card (SBS-20a, CS-7), or
#: declining to (token None); ``give`` a card given to a defender (SBS-20b); ``discard`` a card
#: laid away (FR-2); ``draw``, ``close``, ``exchange``, ``marriage`` and ``claim`` the steps of
#: Sixty-Six (SS-5..SS-13a).
ActionKind = Literal["card", "call", "trump", "call-card", "give", "discard", "draw", "close",
                     "exchange", "marriage", "claim"]
ACTION_KINDS: tuple[ActionKind, ...] = get_args(ActionKind)

#: The places of a hand record (``hand-record.md``) and the kinds of action each holds.
PLACE_KINDS: Mapping[str, tuple[ActionKind, ...]] = {
    "calls": ("call",),
    "declare.trump": ("trump",),
    "declare.call": ("call-card",),
    "declare.give": ("give",),
    "declare.discard": ("discard",),
    "play": ("card", "draw", "close", "exchange", "marriage", "claim"),
}
PLACE_OF: Mapping[ActionKind, str] = {k: p for p, ks in PLACE_KINDS.items() for k in ks}

#: Kinds whose action is about one card (the card played, called, given, laid away, or led
#: with a marriage).
CARD_KINDS: frozenset[ActionKind] = frozenset(
    {"card", "call-card", "give", "discard", "marriage"})

Utility = Literal["zero-sum", "general-sum"]
ScoreUnit = Literal["chips", "points", "game points"]


def _fail(what: str, detail: str) -> NoReturn:
    """A game described inconsistently: a mistake in code, not in a learner's input."""
    raise ValueError(f"{what}: {detail}")


@dataclass(frozen=True)
class ActionInfo:
    """What one action is, the same in every position of its game.

    ``token`` is the action's text in a hand record (``"TH"``, ``"pass"``, ``"S"``,
    ``"marriage:KD"``); ``None`` only for declining to call a card (``"call": null``).
    ``card`` is the card the action is about (CARD_KINDS); ``suit`` the suit a ``trump`` action
    names (or a claim that shows a marriage, Sixty-Six's ``claim:marriage:X``).
    """

    kind: ActionKind
    label: str
    token: str | None
    card: Card | None = None
    suit: Suit | None = None

    def __post_init__(self) -> None:
        what = f"action {self.token!r}"
        if self.kind not in ACTION_KINDS:
            _fail(what, f"kind {self.kind!r} is not one of {', '.join(ACTION_KINDS)}")
        if not self.label:
            _fail(what, "an action needs words for the learner")
        if self.token is None and self.kind != "call-card":
            _fail(what, "only declining to call a card has no record token")
        wants_card = self.kind in CARD_KINDS and self.token is not None
        if wants_card != (self.card is not None):
            _fail(what, f"a {self.kind} action {'needs' if wants_card else 'has no'} card")
        if (self.kind == "trump") != (self.suit is not None) and self.kind != "claim":
            _fail(what, "a trump action names a suit, and only a trump or a claim does")

    @property
    def place(self) -> str:
        """Where a hand record holds this action: ``calls``, ``declare.STEP`` or ``play``."""
        return PLACE_OF[self.kind]


@dataclass(frozen=True)
class GameInfo:
    """The facts of one game with its options fixed (the player count among them).

    ``deck`` is the deck dealt at this table (Crazy Solo removes cards by player count, CS-2).
    ``active_players`` are dealt cards each deal (Six-Bid Solo: 3 of 3..5 seats, SBS-V2);
    each holds ``hand_size`` cards as dealt. ``widow`` and ``stock`` count the cards dealt
    elsewhere (Sixty-Six's stock includes the turn-up); the rest of the deck is not used
    (Auction Pitch, PI-3). ``tricks`` is the number of tricks of a deal played to the end.
    ``num_distinct_actions`` bounds every action (0..n-1); ``max_game_length`` is the longest
    possible sequence of actions in one deal. ``utility`` says whether the scores of a deal
    always sum to zero (chips) or not (Pitch's points, Sixty-Six's game points).
    """

    id: str
    name: str
    rules: str
    deck: Deck
    players: int
    min_players: int
    max_players: int
    active_players: int
    hand_size: int
    tricks: int
    num_distinct_actions: int
    max_game_length: int
    utility: Utility
    score_unit: ScoreUnit
    action_kinds: tuple[ActionKind, ...]
    widow: int = 0
    stock: int = 0

    def __post_init__(self) -> None:
        what = f"game {self.id!r}"
        if not 1 <= self.min_players <= self.players <= self.max_players:
            _fail(what, f"{self.players} players outside {self.min_players}..{self.max_players}")
        if not 1 <= self.active_players <= self.players:
            _fail(what, f"{self.active_players} active players of {self.players}")
        if self.undealt < 0:
            _fail(what, f"the deal needs {len(self.deck) - self.undealt} cards, the deck has "
                        f"{len(self.deck)}")
        if self.tricks * self.active_players > len(self.deck) - self.undealt - self.widow:
            _fail(what, f"{self.tricks} tricks need more cards than are dealt")
        if self.num_distinct_actions < 1 or self.max_game_length < 1:
            _fail(what, "a game has actions")
        if self.utility not in get_args(Utility) or self.score_unit not in get_args(ScoreUnit):
            _fail(what, f"unknown utility {self.utility!r} or unit {self.score_unit!r}")
        if not self.action_kinds or not set(self.action_kinds) <= set(ACTION_KINDS):
            _fail(what, f"action kinds {self.action_kinds!r} outside {ACTION_KINDS}")

    @property
    def zero_sum(self) -> bool:
        """Do the scores of every deal sum to zero? (Chips do; points need not.)"""
        return self.utility == "zero-sum"

    @property
    def has_widow(self) -> bool:
        return self.widow > 0

    @property
    def undealt(self) -> int:
        """Cards of the deck neither in a hand, the widow nor the stock (Pitch: 52 − 6n)."""
        return len(self.deck) - self.active_players * self.hand_size - self.widow - self.stock


class ActionTable:
    """Every distinct action of a game, numbered 0..n-1, as :class:`ActionInfo`.

    Indexing gives an action's info; :meth:`decode` turns a record token at its place back into
    the action. Each token means one action at its place (``"AS"`` is a card in ``play`` and a
    called card in ``declare.call``), which is checked when the table is built. A number the
    game leaves unused is ``None`` (Frog keeps Six-Bid Solo's numbers and skips its Call Solo
    range). ``rules`` names the rule an unknown token breaks, by place (default ``REC-1``).
    """

    def __init__(self, infos: Sequence[ActionInfo | None],
                 rules: Mapping[str, str] | None = None) -> None:
        self._infos = tuple(infos)
        self._rules = dict(rules or {})
        self._by_token: dict[tuple[str, str | None], Action] = {}
        for action, info in self.items():
            key = (info.place, info.token)
            if key in self._by_token:
                _fail(f"action {action}", f"{info.token!r} at {info.place} already means "
                                          f"action {self._by_token[key]}")
            self._by_token[key] = action

    def __len__(self) -> int:
        """The number of action numbers, unused ones included (``num_distinct_actions``)."""
        return len(self._infos)

    def __getitem__(self, action: Action) -> ActionInfo:
        info = self._infos[action] if isinstance(action, int) and \
            0 <= action < len(self._infos) else None
        if info is None:
            raise NotationError("REC-1", f"not an action of this game (0..{len(self) - 1}, "
                                f"{len(self) - len(self.actions())} unused)", what=repr(action))
        return info

    def items(self) -> Iterator[tuple[Action, ActionInfo]]:
        """Each used action number with its info, in number order."""
        return ((a, i) for a, i in enumerate(self._infos) if i is not None)

    def actions(self) -> list[Action]:
        """The action numbers this game uses."""
        return [a for a, _ in self.items()]

    @property
    def kinds(self) -> tuple[ActionKind, ...]:
        """The kinds these actions use, in the order of :data:`ACTION_KINDS`."""
        used = {i.kind for _, i in self.items()}
        return tuple(k for k in ACTION_KINDS if k in used)

    def decode(self, token: str | None, place: str, where: str = "") -> Action:
        """The action a record's ``token`` stands for at ``place`` (``calls``, ``play`` ...);
        an unknown token is a :class:`NotationError` naming the place's rule."""
        if place not in PLACE_KINDS:
            raise NotationError("REC-1", "not a place of a hand record ("
                                + ", ".join(PLACE_KINDS) + ")", where=where, what=repr(place))
        action = self._by_token.get((place, token))
        if action is None:
            raise NotationError(self._rules.get(place, "REC-1"),
                                f"not an action of this game at {place}", where=where,
                                what=repr(token))
        return action
