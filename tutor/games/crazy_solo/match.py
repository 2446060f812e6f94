"""A Crazy Solo match: chips from 150 with bank loans (CS-13), who deals next (CS-3a, CS-6) and
the blind round (CS-14).

The blind round is a run of blind deals, one leader after another: a leader holding a heart is
*under* (the bidder, ♥ trump, no auction) and the deal passes left; a leader without a heart
plays an ordinary auction and the same dealer deals again, until that leader's third such deal
in a row passes them over. The round ends once n leaders have been under or passed over.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import ClassVar

from ...engine.match import DealResult, Match
from ...errors import IllegalActionError, OptionError
from ...state import GameState
from .rules import CrazySolo, CrazySoloState

#: CS-14: a leader without a heart in this many blind deals in a row is passed over.
PASS_OVER_AFTER = 3


@dataclass
class BlindRound:
    """CS-14's bookkeeping for one blind round at a table of ``players``."""

    players: int
    leaders_done: int = 0  # leaders of the round who were under or passed over
    misses: int = 0  # the current leader's consecutive blind deals without a heart

    @property
    def over(self) -> bool:
        """CS-14: the round ends once the n-th leader was under or passed over."""
        return self.leaders_done >= self.players

    def after(self, state: CrazySoloState) -> int:
        """Note a finished blind deal; the next dealer (CS-3a, CS-14)."""
        if not state.blind or not state.is_terminal():
            raise IllegalActionError("CS-14", "a finished blind deal is noted")
        if state.blind_under:  # (i): the leader was under; the deal passes left
            self.leaders_done += 1
            self.misses = 0
            return (state.dealer + 1) % self.players
        self.misses += 1  # (ii): an ordinary auction, played or thrown in
        if self.misses >= PASS_OVER_AFTER:  # the leader is passed over
            self.leaders_done += 1
            self.misses = 0
            return (state.dealer + 1) % self.players
        return state.dealer


@dataclass
class CrazySoloMatch(Match):
    """Deals at one Crazy Solo table with chips carried over (CS-13).

    Balances start at ``starting_chips`` (150) and may go below zero: a player short of chips
    borrows from the bank, so no balance ends the match; it ends after ``deals`` deals, the
    highest balance winning. With ``blind_round`` the match opens with a blind round (CS-14).
    """

    bank_loans: ClassVar[bool] = True  # CS-13: a balance below zero is a loan from the bank
    starting_chips: int = 150
    blind_round: bool = False
    blind: BlindRound | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        if not isinstance(self.game, CrazySolo):
            raise OptionError("CS-13", "a Crazy Solo match needs the Crazy Solo game",
                              where="match.game", what=repr(self.game))
        if type(self.blind_round) is not bool:
            raise OptionError("CS-14", "blind_round is true or false",
                              where="match.blind_round", what=repr(self.blind_round))
        super().__post_init__()
        if self.blind_round:
            self.blind = BlindRound(self.game.players)

    @property
    def blind_now(self) -> bool:
        """Is the next deal (or the one in progress) a blind deal?"""
        return self.blind is not None and not self.blind.over

    def is_over(self) -> bool:
        """CS-13: after the agreed number of deals (a negative balance is a bank loan)."""
        return self.deals_played >= self.deals

    def next_deal(self) -> GameState:
        """Shuffle and deal the next deal (CS-2, CS-3), blind while the blind round lasts."""
        if self.is_over():
            raise IllegalActionError("CS-13", "the match is over")
        if self._current is not None and not self._current.is_terminal():
            raise IllegalActionError("CS-10", "finish the deal in progress first")
        assert isinstance(self.rng, random.Random) and isinstance(self.game, CrazySolo)
        self._current = self.game.new_deal(self.rng, self.dealer, blind=self.blind_now)
        return self._current

    def settle(self, state: GameState) -> DealResult:
        """Settle a finished deal (CS-12) and find the next dealer (CS-3a, CS-14)."""
        if state is not self._current:
            raise IllegalActionError("CS-12", "settle the match's own current deal")
        if not state.is_terminal():
            raise IllegalActionError("CS-10", "all tricks are played before settling")
        assert isinstance(state, CrazySoloState)
        chips = state.chips()
        for s, c in enumerate(chips):
            self.balances[s] += c
        result = DealResult(self.dealer, self.game.record_of(state), chips)
        self.results.append(result)
        if state.blind and self.blind is not None:
            self.dealer = self.blind.after(state)
        else:
            self.dealer = state.next_dealer()
        self._current = None
        return result


#: The match a table of Crazy Solo plays (found by :func:`tutor.engine.match.match_class`).
MATCH = CrazySoloMatch
