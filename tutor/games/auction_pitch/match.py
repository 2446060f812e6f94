"""A match of Auction Pitch: hands dealt in turn, scores carried from hand to hand, until a player
wins by PI-12's win check (``win_check``, ``target``, ``smudge_wins_game``). Pure rules, no UI.

Scores are points per player and may go negative (PI-11); nothing is zero-sum.
:class:`PitchTableMatch` puts :class:`PitchMatch` behind the engine's
:class:`~tutor.engine.match.Match`, the match a play table runs (:data:`MATCH`). The deal passes
to the left after each hand (PI-3), except that a hand thrown in under
``all_pass: redeal_same_dealer`` is dealt again by the same dealer (PI-6).

>>> from tutor.games.auction_pitch.rules import AuctionPitch
>>> m = PitchMatch(AuctionPitch({"players": 3, "target": 11}), rng=5, first_dealer=0)
>>> m.scores, m.dealer, m.winner
([0, 0, 0], 0, None)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...engine.match import DealResult, Match
from ...errors import IllegalActionError, OptionError
from ...state import Action, Game, GameState, as_rng
from .rules import AuctionPitch, HandOutcome, PitchOptions, PitchState

#: An agent answers a seat's view with an action, or an (action, reason) pair (the bots do).
Agent = Callable[[Any], "Action | tuple[Action, str]"]

@dataclass(frozen=True)
class WinCheck:
    """The scores after one hand and who, if anyone, won the match with it (PI-12).

    ``how`` says which check found the winner: ``pitcher`` (the pitcher's total reached the
    target), ``high``/``low``/``jack``/``game`` (under ``pitcher_first_then_HLJG``, the point
    whose credit took that player to the target) or ``smudge``; None when nobody won.
    """

    scores: tuple[int, ...]
    winner: int | None
    how: str | None


def win_check(options: PitchOptions, scores: Sequence[int], outcome: HandOutcome) -> WinCheck:
    """PI-12: add one hand's score changes to ``scores`` and apply the match's win check.

    - ``smudge_wins_game``: a player awarded High, Low, Jack and Game wins at once, whoever
      pitched, before any other check;
    - ``pitcher_hand``: a pitcher whose total reaches the target wins, made or set back;
      nobody else can win, and a hand without a pitcher has no winner;
    - ``pitcher_first_then_HLJG``: the pitcher's result first (reaching the target wins), then
      High, Low, Jack, Game credited to the others in that order, the first to reach it winning.
    """
    after = tuple(s + c for s, c in zip(scores, outcome.score_change, strict=True))
    target = options.target
    if options.smudge_wins_game and outcome.smudge is not None:
        return WinCheck(after, outcome.smudge, "smudge")
    pitcher = outcome.pitcher
    if pitcher is not None and after[pitcher] >= target:
        return WinCheck(after, pitcher, "pitcher")
    if options.win_check == "pitcher_hand":
        return WinCheck(after, None, None)
    running = list(scores)
    if pitcher is not None:
        running[pitcher] = after[pitcher]
    for how, seat in outcome.awards.items():  # High, Low, Jack, Game, in that order
        if seat is None or seat == pitcher:
            continue
        running[seat] += 1
        if running[seat] >= target:
            return WinCheck(after, seat, how)
    return WinCheck(after, None, None)


@dataclass
class HandResult:
    """One scored hand of a match: its dealer, record, outcome and the win check after it."""

    dealer: int
    record: dict[str, Any]
    outcome: HandOutcome
    check: WinCheck


@dataclass
class PitchMatch:
    """Scores, the deal's rotation and the win check for one table of ``game``.

    Every score starts at 0. Without ``first_dealer`` the first dealer is drawn with ``rng``
    (the rule file names no cut); the same ``rng`` shuffles every hand.
    """

    game: AuctionPitch
    rng: random.Random | int | None = None
    first_dealer: int | None = None
    scores: list[int] = field(init=False)
    dealer: int = field(init=False)
    winner: int | None = field(init=False, default=None)
    results: list[HandResult] = field(init=False, default_factory=list)
    _current: PitchState | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        if not isinstance(self.game, AuctionPitch):
            raise OptionError("PI-2", "a Pitch match is played with AuctionPitch",
                              where="match.game", what=repr(self.game))
        self.rng = as_rng(self.rng)
        n = self.game.players
        self.scores = [0] * n
        if self.first_dealer is None:
            self.dealer = self.rng.randrange(n)
        elif type(self.first_dealer) is int and 0 <= self.first_dealer < n:
            self.dealer = self.first_dealer
        else:
            raise OptionError("PI-3", f"first_dealer must be a seat 0..{n - 1}",
                              where="match.first_dealer", what=repr(self.first_dealer))

    @property
    def hands_played(self) -> int:
        return len(self.results)

    def is_over(self) -> bool:
        """PI-12: the match ends when a player wins."""
        return self.winner is not None

    def next_deal(self) -> PitchState:
        """Shuffle and deal the next hand by the current dealer (PI-3)."""
        if self.is_over():
            raise IllegalActionError("PI-12", f"the match is over: seat {self.winner} won")
        if self._current is not None and not self._current.is_terminal():
            raise IllegalActionError("PI-9", "finish the hand in progress first")
        assert isinstance(self.rng, random.Random)
        self._current = self.game.new_deal(self.rng, self.dealer)
        return self._current

    def settle(self, state: PitchState) -> HandResult:
        """Score a finished hand (PI-11), apply the win check (PI-12) and pass the deal."""
        if state is not self._current:
            raise IllegalActionError("PI-11", "settle the match's own current hand")
        if not state.is_terminal():
            raise IllegalActionError("PI-9", "all six tricks are played before scoring")
        outcome = state.outcome()
        check = win_check(self.game.options, self.scores, outcome)
        self.scores = list(check.scores)
        self.winner = check.winner
        result = HandResult(self.dealer, state.record(), outcome, check)
        self.results.append(result)
        if not outcome.thrown_in:  # PI-6: a hand thrown in is dealt again by the same dealer
            self.dealer = (self.dealer + 1) % self.game.players  # PI-3: the deal passes left
        self._current = None
        return result

    def play_deal(self, agents: Sequence[Agent]) -> HandResult:
        """Deal, let each seat's agent act on its own view (checked apply), and settle."""
        if len(agents) != self.game.players:
            raise OptionError("PI-2", f"one agent per seat ({self.game.players})",
                              where="match.agents")
        state = self.next_deal()
        while not state.is_terminal():
            seat = state.to_move
            assert seat is not None
            answer = agents[seat](state.view(seat))
            state.apply(answer[0] if isinstance(answer, tuple) else answer)
        return self.settle(state)

    def play(self, agents: Sequence[Agent], max_hands: int = 1000) -> int | None:
        """Play hands until a player wins (PI-12) or ``max_hands`` are played; the winner."""
        while not self.is_over() and self.hands_played < max_hands:
            self.play_deal(agents)
        return self.winner


@dataclass
class PitchTableMatch(Match):
    """A match of Auction Pitch behind the engine's :class:`Match`, as the play table runs one:
    the balances are the players' scores from 0, which may go below zero (PI-11); the first
    dealer is drawn with ``rng`` unless ``first_dealer`` names one (reading 3); the deal passes
    left, a deal thrown in is dealt again by the same dealer (PI-3, PI-6); the match ends when
    the win check names a winner (PI-12: ``win_check``, ``target``, ``smudge_wins_game`` from
    the game's options). ``deals`` and ``starting_chips`` are not used."""

    #: what the balances count; a score below zero does not end the match (PI-11)
    unit: ClassVar[str] = "points"
    bank_loans: ClassVar[bool] = True
    points: PitchMatch = field(init=False)

    def __post_init__(self) -> None:
        if not isinstance(self.game, AuctionPitch):
            raise OptionError("PI-2", "a Pitch match is played with AuctionPitch",
                              where="match.game", what=repr(self.game))
        rng = as_rng(self.rng)
        self.rng = rng
        self.points = PitchMatch(self.game, rng, self.first_dealer)  # PI-3, reading 3
        self.first_dealer = self.points.dealer
        self.balances = self.points.scores  # one list: the scores are the balances
        self.dealer = self.points.dealer

    @classmethod
    def words(cls, game: Game, deals: int) -> str:
        """The match in a picker's words: ``a match to 7`` (PI-12's target)."""
        target = game.options.target if isinstance(game, AuctionPitch) else 7
        return f"a match to {target}"

    @classmethod
    def targets(cls, game: Game) -> tuple[int, ...]:
        """The targets a match may be played to (``auction-pitch.md``'s ``target`` option)."""
        return tuple(sorted(PitchOptions.CHOICES["target"]))

    @property
    def target(self) -> int:
        """The score that wins the match, by the win check (PI-12)."""
        return self.points.game.options.target

    @property
    def winner(self) -> int | None:
        return self.points.winner

    def is_over(self) -> bool:
        """PI-12: the win check has named a winner."""
        return self.points.is_over()

    def winners(self) -> list[int]:
        """The match's winner ([] while the match goes on)."""
        return [] if self.points.winner is None else [self.points.winner]

    def next_deal(self) -> GameState:
        """Shuffle and deal the next hand by this match's dealer (PI-3)."""
        self._current = self.points.next_deal()  # PI-12 once over, PI-9 mid-hand
        return self._current

    def settle(self, state: GameState) -> DealResult:
        """Score the finished hand, apply the win check and pass the deal (PI-11, PI-12)."""
        if not isinstance(state, PitchState):
            raise IllegalActionError("PI-11", "settle the match's own current hand")
        scored = self.points.settle(state)  # PI-11 for another hand, PI-9 for an unfinished one
        self.balances = self.points.scores
        result = DealResult(scored.dealer, scored.record, list(scored.outcome.score_change))
        self.results.append(result)
        self.dealer = self.points.dealer
        self._current = None
        return result

    def preview(self, state: GameState) -> tuple[int, ...]:
        """The scores ``state``, finished and not yet settled, will leave (PI-11)."""
        assert isinstance(state, PitchState)
        return win_check(self.points.game.options, self.points.scores, state.outcome()).scores


#: The match a table of Auction Pitch plays (found by :func:`tutor.engine.match.match_class`).
MATCH = PitchTableMatch
