"""The match of Sixty-Six: deals alternate (SS-2), each deal's game points add up, points carried
by a deal nobody won go to the winner of the next (SS-15, ``no_claim: carry_one_point``), and
the first to 7 game points (option ``target``: 10) wins (SS-16). Pure rules: no bots, no table.

>>> game = SixtySix({"target": 7})
>>> match = SixtySixMatch(game, first_dealer=1)
>>> state = match.new_deal(5)
>>> state.dealer, match.scores, match.is_over()
(1, [0, 0], False)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...errors import IllegalActionError, OptionError
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
