"""The match of Sixty-Six: deals alternate (SS-2), each deal's game points add up, points carried
by a deal nobody won go to the winner of the next (SS-15, ``no_claim: carry_one_point``), and
the first to 7 game points (option ``target``: 10) wins (SS-16). :class:`SixtySixMatch` is the
match's pure rules (no bots, no table); :class:`SixtySixTableMatch` puts it behind the engine's
:class:`~tutor.engine.match.Match`, the match a play table runs (:data:`MATCH`).

>>> game = SixtySix({"target": 7})
>>> match = SixtySixMatch(game, first_dealer=1)
>>> state = match.new_deal(5)
>>> state.dealer, match.scores, match.is_over()
(1, [0, 0], False)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import ClassVar

from ...engine.match import DealResult, Match
from ...errors import IllegalActionError, OptionError
from ...state import Game, GameState, as_rng
from .rules import SixtySix, SixtySixState


@dataclass(frozen=True)
class DealScore:
    """One scored deal of a match: its dealer, the deal's own game points per seat, the carried
    points its scorer collected with them, and the points left carried after it."""

    dealer: int
    points: tuple[int, int]
    collected: int
    carried: int

    @property
    def scored(self) -> tuple[int, int]:
        """What each seat adds to its match score: the deal's points and, for its scorer, the
        points carried to it."""
        p0, p1 = self.points
        if p0:
            p0 += self.collected
        if p1:
            p1 += self.collected
        return p0, p1


class SixtySixMatch:
    """Game points, the alternating deal and the end of a match of ``game`` (its options:
    ``target`` and ``no_claim``). The first dealer is chosen by any method (SS-2): the caller
    names it."""

    def __init__(self, game: SixtySix, first_dealer: int = 0) -> None:
        if first_dealer not in (0, 1):
            raise OptionError("SS-2", "the first dealer is seat 0 or seat 1",
                              where="match.first_dealer", what=repr(first_dealer))
        self.game = game
        self.target: int = game.options.target
        self.scores = [0, 0]
        self.carried = 0  # game points waiting for the winner of the next deal (SS-15)
        self.dealer = first_dealer
        self.deals: list[DealScore] = []

    def is_over(self) -> bool:
        """SS-16: a player has reached the target."""
        return max(self.scores) >= self.target

    @property
    def winner(self) -> int | None:
        """The seat that reached the target first (None while the match goes on)."""
        if not self.is_over():
            return None
        return 0 if self.scores[0] >= self.target else 1

    def new_deal(self, rng: random.Random | int | None) -> SixtySixState:
        """Shuffle and deal the next deal by this match's dealer (SS-2, SS-3)."""
        if self.is_over():
            raise IllegalActionError("SS-16", f"the match is over: seat {self.winner} reached "
                                     f"{self.target}")
        return self.game.new_deal(rng, self.dealer)

    def score(self, state: SixtySixState) -> DealScore:
        """Add a finished deal's game points (and any carried to its scorer), carry a point
        when nobody scored, and pass the deal to the other player (SS-2, SS-15, SS-16)."""
        if self.is_over():
            raise IllegalActionError("SS-16", f"the match is over: seat {self.winner} reached "
                                     f"{self.target}")
        if not state.is_terminal() or state.points is None:
            raise IllegalActionError("SS-16", "only a finished deal scores: play it to the end "
                                     "or claim")
        if state.dealer != self.dealer:
            raise IllegalActionError("SS-2", f"the deal alternates: seat {self.dealer} deals "
                                     f"this one, not seat {state.dealer}")
        if state.game.options != self.game.options:
            raise IllegalActionError("SS-16", "a deal of this match is played with its options")
        points = state.points
        collected = 0
        if any(points):
            collected, self.carried = self.carried, 0
        else:
            self.carried += state.carried or 0
        score = DealScore(self.dealer, points, collected, self.carried)
        for seat, add in enumerate(score.scored):
            self.scores[seat] += add
        self.deals.append(score)
        self.dealer = 1 - self.dealer
        return score


@dataclass
class SixtySixTableMatch(Match):
    """A match of Sixty-Six behind the engine's :class:`Match`, as the play table runs one: the
    balances are game points from 0 (SS-13b), the first dealer is drawn with ``rng`` (SS-2: any
    method) unless ``first_dealer`` names one, the deal alternates (SS-2), a deal nobody scores
    carries a point to the next deal's winner (SS-15), and the match ends once a player
    reaches the game's ``target`` (SS-16: 7, or 10). ``deals`` and ``starting_chips`` are not
    used: the match lasts until the target is reached."""

    #: what the balances count
    unit: ClassVar[str] = "game points"
    points: SixtySixMatch = field(init=False)

    def __post_init__(self) -> None:
        if not isinstance(self.game, SixtySix):
            raise OptionError("SS-16", "a Sixty-Six match needs the Sixty-Six game",
                              where="match.game", what=repr(self.game))
        rng = as_rng(self.rng)
        self.rng = rng
        first = rng.randrange(2) if self.first_dealer is None else self.first_dealer
        self.points = SixtySixMatch(self.game, first)  # SS-2: seat 0 or seat 1
        self.first_dealer = first
        self.balances = self.points.scores  # one list: the scores are the balances
        self.dealer = first

    @classmethod
    def words(cls, game: Game, deals: int) -> str:
        """The match in a picker's words: ``a match to 7`` (SS-16)."""
        target = game.options.target if isinstance(game, SixtySix) else 7
        return f"a match to {target}"

    @property
    def target(self) -> int:
        """The game points that win the match (SS-16)."""
        return self.points.target

    @property
    def carried(self) -> int:
        """Game points waiting for the next deal's winner (SS-15, ``carry_one_point``)."""
        return self.points.carried

    def is_over(self) -> bool:
        """SS-16: a player has reached the target."""
        return self.points.is_over()

    def winners(self) -> list[int]:
        """The seat that reached the target ([] while the match goes on)."""
        return [] if self.points.winner is None else [self.points.winner]

    def next_deal(self) -> GameState:
        """Shuffle and deal the next deal by this match's dealer (SS-2, SS-3)."""
        if self._current is not None and not self._current.is_terminal():
            raise IllegalActionError("SS-16", "finish the deal in progress first: play it out "
                                     "or claim")
        assert isinstance(self.rng, random.Random)
        self._current = self.points.new_deal(self.rng)  # SS-16 once the match is over
        return self._current

    def settle(self, state: GameState) -> DealResult:
        """Add the finished deal's game points (and a carried point to its scorer) and pass
        the deal (SS-2, SS-15, SS-16)."""
        if state is not self._current:
            raise IllegalActionError("SS-16", "settle the match's own current deal")
        assert isinstance(state, SixtySixState)
        score = self.points.score(state)  # SS-16: only a finished deal
        result = DealResult(score.dealer, self.game.record_of(state), list(score.scored))
        self.results.append(result)
        self.dealer = self.points.dealer
        self._current = None
        return result

    def preview(self, state: GameState) -> tuple[int, ...]:
        """The balances ``state``, finished and not yet settled, will leave (its game points
        and, for its scorer, the points carried to it)."""
        assert isinstance(state, SixtySixState)
        points = state.points or (0, 0)
        carried = self.points.carried if any(points) else 0
        return tuple(b + (p + carried if p else 0)
                     for b, p in zip(self.points.scores, points, strict=True))


#: The match a table of Sixty-Six plays (found by :func:`tutor.engine.match.match_class`).
MATCH = SixtySixTableMatch
