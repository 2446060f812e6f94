"""A match: several deals at one table, chips carried from deal to deal (SBS-6, 9, 26-28).

>>> from tutor import SixBidSolo
>>> m = Match(SixBidSolo(), rng=7, deals=2)
>>> m.balances
[500, 500, 500]
>>> state = m.next_deal()          # the dealer found by the cut (SBS-6) deals first
>>> state.phase
'auction'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from typing import Any, ClassVar

from ..cards import DECK_36, Card
from ..errors import IllegalActionError, OptionError
from ..games import spec
from ..state import Action, Game, GameState, as_rng

#: An agent answers a seat's view with an action, or an (action, reason) pair (the bots do).
Agent = Callable[[Any], "Action | tuple[Action, str]"]


@dataclass(frozen=True)
class Cut:
    """The cut for the first deal (SBS-6): each seat's card, and the seat that deals."""

    cards: tuple[Card, ...]
    dealer: int


def cut_order(card: Card) -> tuple[int, int]:
    """SBS-6's order of cut cards, lowest first: by rank (SBS-2), equal ranks by suit, diamonds
    lowest and clubs highest (SBS-4) — so 6♦ is the lowest card of the deck."""
    return (DECK_36.strength(card), -card.suit)


def cut_for_dealer(players: int, rng: random.Random | int | None) -> Cut:
    """SBS-6: from a shuffled pack each player cuts a card, seat 0 first; the lowest deals.

    Lowest by :func:`cut_order`: rank order (SBS-2), then the suit tie-break of SBS-4.
    """
    rng = as_rng(rng)
    pack = list(DECK_36.cards)
    rng.shuffle(pack)
    cards = []
    for _ in range(players):
        cards.append(pack.pop(rng.randrange(len(pack))))  # cut anywhere in what is left
    dealer = min(range(players), key=lambda s: cut_order(cards[s]))
    return Cut(tuple(cards), dealer)


@dataclass
class DealResult:
    """One settled deal of a match: its record and the chips it moved."""

    dealer: int
    record: dict[str, Any]
    chips: list[int]


@dataclass
class Match:
    """Chips, dealer rotation and the end of a match for one table of ``game``.

    ``starting_chips`` (SBS-26, default 500) and ``deals`` (SBS-28, default 12) are the match
    options. Without ``first_dealer`` the seats cut for it (SBS-6) with ``rng``. A game with a
    match of its own keeps it in its folder (``tutor/games/<game>/match.py``, its ``MATCH``):
    :func:`match_class` finds it.
    """

    #: May a balance go below zero (a bank loan, CS-13) without ending the match? Not here:
    #: SBS-28 ends the match once any balance is 0 or below.
    bank_loans: ClassVar[bool] = False

    game: Game
    rng: random.Random | int | None = None
    starting_chips: int = 500
    deals: int = 12
    first_dealer: int | None = None
    balances: list[int] = field(init=False)
    dealer: int = field(init=False)
    cut: Cut | None = field(init=False, default=None)
    results: list[DealResult] = field(init=False, default_factory=list)
    _current: GameState | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        if type(self.starting_chips) is not int or self.starting_chips <= 0:
            raise OptionError("SBS-26", "starting_chips is a whole number above 0",
                              where="match.starting_chips", what=repr(self.starting_chips))
        if type(self.deals) is not int or self.deals <= 0:
            raise OptionError("SBS-28", "deals is a whole number above 0",
                              where="match.deals", what=repr(self.deals))
        self.rng = as_rng(self.rng)
        self.balances = [self.starting_chips] * self.game.players
        if self.first_dealer is None:
            self.cut = cut_for_dealer(self.game.players, self.rng)
            self.dealer = self.cut.dealer
        else:
            if not 0 <= self.first_dealer < self.game.players:
                raise OptionError("SBS-6", "first_dealer must be a seat",
                                  where="match.first_dealer", what=repr(self.first_dealer))
            self.dealer = self.first_dealer

    @property
    def deals_played(self) -> int:
        return len(self.results)

    def is_over(self) -> bool:
        """SBS-28: after the agreed number of deals, or once any balance is 0 or below."""
        return self.deals_played >= self.deals or min(self.balances) <= 0

    def winners(self) -> list[int]:
        """SBS-28: the seats with the highest balance (equal highest share the win)."""
        top = max(self.balances)
        return [s for s, b in enumerate(self.balances) if b == top]

    def next_deal(self) -> GameState:
        """Shuffle and deal the next deal by the current dealer (SBS-7, SBS-8)."""
        if self.is_over():
            raise IllegalActionError("SBS-28", "the match is over")
        if self._current is not None and not self._current.is_terminal():
            raise IllegalActionError("SBS-25", "finish the deal in progress first")
        assert isinstance(self.rng, random.Random)
        self._current = self.game.new_deal(self.rng, self.dealer)
        return self._current

    def settle(self, state: GameState) -> DealResult:
        """Settle a finished deal (SBS-27) and pass the deal to the left (SBS-9)."""
        if state is not self._current:
            raise IllegalActionError("SBS-27", "settle the match's own current deal")
        if not state.is_terminal():
            raise IllegalActionError("SBS-25", "all 11 tricks are played before settling")
        chips = state.chips()
        for s, c in enumerate(chips):
            self.balances[s] += c
        result = DealResult(self.dealer, self.game.record_of(state), chips)
        self.results.append(result)
        self.dealer = (self.dealer + 1) % self.game.players  # SBS-9, a throw-in included
        self._current = None
        return result

    def play_deal(self, agents: Sequence[Agent]) -> DealResult:
        """Deal, let each seat's agent act on its own view (checked apply), and settle."""
        if len(agents) != self.game.players:
            raise OptionError("SBS-5", f"one agent per seat ({self.game.players})",
                              where="match.agents")
        state = self.next_deal()
        while not state.is_terminal():
            seat = state.to_move
            assert seat is not None
            answer = agents[seat](state.view(seat))
            action = answer[0] if isinstance(answer, tuple) else answer
            state.apply(action)
        return self.settle(state)

    def play(self, agents: Sequence[Agent]) -> list[int]:
        """Play deals until the match is over (SBS-28); the final balances."""
        while not self.is_over():
            self.play_deal(agents)
        return self.balances


@cache
def match_class(game_id: str) -> type[Match]:
    """The match of the registered game ``game_id``: the ``MATCH`` of its folder's
    ``match.py`` (Crazy Solo's chips from 150 with bank loans and its blind round, CS-13,
    CS-14), else :class:`Match` (the Tapp family's, SBS-26..28)."""
    name = f"{spec(game_id).folder}.match"
    try:
        module = import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise  # the file is there but fails to import: a bug to see, not to hide
        return Match
    found: type[Match] = module.MATCH
    return found
