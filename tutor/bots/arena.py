"""Duplicate matches between two kinds of bot, in any registered game: the same deals, the
seats rotated.

Luck of the cards is the largest noise in a card game, so every deal is played once for each
way of seating the two kinds at the active seats with both kinds present — with three active
seats six times (A-B-B, B-A-B, B-B-A, B-A-A, A-B-A, A-A-B), with four (Crazy Solo) fourteen
times. A bigger table would need too many (254 at eight seats): its deal is played in each
rotation of half the table A and half B, and of the same swapped (:func:`seatings`). Each seat
is held by A in half of them and by B in the other half, so the cards cancel out and the
difference between the bots remains.

A deal's score is what A won over the plays divided by their number (B won exactly minus that:
the settlement is zero-sum, SBS-27, FR-4, CS-12). In a game whose scores need not sum to zero
(``GameInfo.utility``: Sixty-Six's game points, one player scoring) a play's score is what A
won less what B won. The match reports the mean score per deal with a 95% confidence interval
over the deals (Student's t; deals are independent, plays of one deal are not).

**A field of B** (:func:`field_deal`), for a general-sum game of more than two players
(Auction Pitch: every player on their own, points not zero-sum, PI-11): there is no side to sum,
so the deal is played once with B at every seat, then once for each seat with A there among
B's. A's score at a seat less B's score at the same seat in the all-B play is what putting A
there instead of B was worth, the cards and the other players the same; a deal's score is the
mean over the seats (seats rotated), in the game's unit per hand.

Every action goes through the checked ``apply`` and bots only ever receive ``state.view(seat)``.
"""

from __future__ import annotations

import itertools
import random
import statistics
import time
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from ..errors import OptionError
from ..games import make_game
from ..games.tapp import TappState
from ..solver.stats import mean_interval
from ..state import GameState
from . import make_bot
from .base import Bot

#: the game the arena plays unless told otherwise
DEFAULT_GAME = "six-bid-solo"


def arrangements(seats: int) -> tuple[tuple[str, ...], ...]:
    """Every seating of two kinds at ``seats`` active seats with both kinds present ("A"/"B"
    by position), in a fixed order."""
    return tuple(p for p in itertools.product("AB", repeat=seats) if len(set(p)) == 2)


#: the six seatings of two kinds at three active seats, both kinds present ("A"/"B" by position)
ARRANGEMENTS: tuple[tuple[str, ...], ...] = arrangements(3)

#: the most active seats at which a deal is played in every seating of :func:`arrangements`
#: (14 at four seats; 30 at five would make a big table's deal cost more than it tells)
EVERY_SEATING_UP_TO = 4


def seatings(seats: int) -> tuple[tuple[str, ...], ...]:
    """The seatings a duplicate deal is played in at ``seats`` active seats: every one of
    :func:`arrangements` up to :data:`EVERY_SEATING_UP_TO` seats; at a bigger table each
    rotation of half the table A and half B (A first), and of the same with the kinds swapped —
    so each seat is held by A in exactly half of them, next to each kind alike."""
    if seats <= EVERY_SEATING_UP_TO:
        return arrangements(seats)
    half = seats // 2
    out: list[tuple[str, ...]] = []
    for first, second in (("A", "B"), ("B", "A")):
        pattern = (first,) * half + (second,) * (seats - half)
        for r in range(seats):
            turned = pattern[r:] + pattern[:r]
            if turned not in out:
                out.append(turned)
    return tuple(out)


def mean_ci(xs: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): a 95% confidence interval for the mean of ``xs``."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0, 0.0
    lo, hi = mean_interval(xs)
    return statistics.fmean(xs), lo, hi


def play_out(state: GameState, bots: Mapping[int, Bot],
             on_action: Callable[[int, int, str], None] | None = None) -> list[int]:
    """Let ``bots`` (by seat) play ``state`` to the end; return the chips (SBS-27).

    Each bot sees only its view; its action is applied through the checked ``apply``, so an
    illegal action raises :class:`~tutor.errors.IllegalActionError` naming the rule.
    """
    while not state.is_terminal():
        seat = state.to_move
        assert seat is not None
        action, reason = bots[seat].act(state.view(seat))
        state.apply(action)
        if on_action is not None:
            on_action(seat, action, reason)
    return state.chips()


@dataclass(frozen=True)
class DealResult:
    """One deal played in the six seatings: A's chips in each and A's mean. (In a field of B,
    :func:`field_deal`: A's gain over B at each seat.)"""

    index: int
    chips_a: tuple[int, ...]  # A's total chips in each seating, in seatings() order
    bidders: tuple[str, ...]  # who was the bidder in each seating: "A", "B" or "" (thrown in)
    contracts: tuple[str, ...] = ()  # the contract played in each seating ("" thrown in)

    @property
    def score(self) -> float:
        return sum(self.chips_a) / len(self.chips_a)


@dataclass(frozen=True)
class MatchResult:
    """A duplicate match: A's mean chips per deal against B, with its 95% interval."""

    a: str
    b: str
    deals: tuple[DealResult, ...]
    seconds: float
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def scores(self) -> list[float]:
        return [d.score for d in self.deals]

    @property
    def mean(self) -> float:
        return mean_ci(self.scores)[0]

    @property
    def interval(self) -> tuple[float, float]:
        _, lo, hi = mean_ci(self.scores)
        return lo, hi

    def row(self, digits: int = 1) -> str:
        m, lo, hi = mean_ci(self.scores)
        verdict = "A better" if lo > 0 else ("B better" if hi < 0 else "not separated")
        f = f"+.{digits}f"
        return (f"| {self.a} vs {self.b} | {len(self.deals)} | {m:{f}} | [{lo:{f}}, {hi:{f}}] "
                f"| {verdict} | {self.seconds:.0f} s |")


def deal_of(seed: int, index: int, options: Mapping[str, Any] | None = None,
            game: str = DEFAULT_GAME) -> GameState:
    """Deal number ``index`` of a match of ``game`` seeded ``seed`` (the dealer rotates,
    SBS-9, SS-2)."""
    g = make_game(game, dict(options or {}))
    return g.new_deal(random.Random(seed * 1_000_003 + index), dealer=index % g.players)


def active_seats(state: GameState) -> tuple[int, ...]:
    """The seats dealt in: the Tapp family names them (a table of 4 or 5 deals 3); every seat
    of a game that deals everyone (Sixty-Six)."""
    if isinstance(state, TappState):
        return state.active
    return tuple(range(state.game.info.players))


def duplicate_deal(a: str, b: str, index: int, seed: int,
                   options: Mapping[str, Any] | None = None,
                   bot_options: Mapping[str, Mapping[str, Any]] | None = None,
                   game: str = DEFAULT_GAME) -> DealResult:
    """Play deal ``index`` of ``game`` in every seating of kinds ``a`` and ``b``
    (:func:`seatings`)."""
    options = dict(options or {})
    info = make_game(game, options).info
    if not info.zero_sum and info.active_players > 2:
        return field_deal(a, b, index, seed, options, bot_options, game)
    if info.players != info.active_players:
        raise OptionError("SBS-5", f"the duplicate arena seats two kinds at a table of "
                          f"{info.active_players}", where="options.players",
                          what=repr(info.players))
    bot_options = bot_options or {}
    chips_a: list[int] = []
    bidders: list[str] = []
    contracts: list[str] = []
    stride = 8 if info.players <= 8 else 16  # seeds apart per deal: one for each seat
    for arrangement in seatings(info.active_players):
        state = deal_of(seed, index, options, game)
        kinds = dict(zip(active_seats(state), arrangement, strict=True))
        bots: dict[int, Bot] = {}
        for seat, who in kinds.items():
            kind = a if who == "A" else b
            # the same kind at the same seat of the same deal gets the same seed, whatever the
            # seating: so A-B-B of (a, b) is exactly B-A-A of (b, a)
            bot_seed = (((seed * 1_000_003 + index) * stride + seat) * 2**32
                        + zlib.crc32(kind.encode()))
            bots[seat] = make_bot(kind, bot_seed, **dict(bot_options.get(kind, {})))
        chips = play_out(state, bots)
        won = sum(c for seat, c in enumerate(chips) if kinds.get(seat) == "A")
        if not info.zero_sum:  # one player scores: A's points less B's
            won -= sum(c for seat, c in enumerate(chips) if kinds.get(seat) == "B")
        chips_a.append(won)
        tapp = state if isinstance(state, TappState) else None  # Sixty-Six has no auction
        bidder = tapp.bidder if tapp is not None else None
        bidders.append(kinds[bidder] if bidder is not None else "")
        contracts.append((tapp.contract_id or "") if tapp is not None else "")
    return DealResult(index, tuple(chips_a), tuple(bidders), tuple(contracts))


def _bot(kind: str, seed: int, index: int, seat: int,
         bot_options: Mapping[str, Mapping[str, Any]]) -> Bot:
    """The bot of ``kind`` at ``seat`` of deal ``index``: the same kind at the same seat of the
    same deal gets the same seed, whatever the seating."""
    bot_seed = ((seed * 1_000_003 + index) * 8 + seat) * 2**32 + zlib.crc32(kind.encode())
    return make_bot(kind, bot_seed, **dict(bot_options.get(kind, {})))


def field_deal(a: str, b: str, index: int, seed: int,
               options: Mapping[str, Any] | None = None,
               bot_options: Mapping[str, Mapping[str, Any]] | None = None,
               game: str = DEFAULT_GAME) -> DealResult:
    """Deal ``index`` of ``game`` played with ``b`` at every seat, then once per seat with
    ``a`` there among ``b``'s: A's score at each seat less B's at that seat in the all-B play
    (see the module docstring). ``bidders`` says who pitched in each of A's plays."""
    options = dict(options or {})
    bot_options = bot_options or {}
    first = deal_of(seed, index, options, game)
    seats = active_seats(first)
    base = play_out(first, {s: _bot(b, seed, index, s, bot_options) for s in seats})
    gains: list[int] = []
    bidders: list[str] = []
    contracts: list[str] = []
    for seat in seats:
        state = deal_of(seed, index, options, game)
        bots = {s: _bot(a if s == seat else b, seed, index, s, bot_options) for s in seats}
        gains.append(play_out(state, bots)[seat] - base[seat])
        bidder = getattr(state, "bidder", None)  # the pitcher, in a game with an auction
        bidders.append("" if bidder is None else "A" if bidder == seat else "B")
        contracts.append(getattr(state, "contract_id", None) or "")
    return DealResult(index, tuple(gains), tuple(bidders), tuple(contracts))


def _deal_task(task: tuple[str, str, int, int, dict[str, Any], dict[str, dict[str, Any]], str]
               ) -> DealResult:
    return duplicate_deal(*task)


def duplicate_match(a: str, b: str, deals: int, seed: int,
                    options: Mapping[str, Any] | None = None,
                    executor: Executor | None = None,
                    bot_options: Mapping[str, Mapping[str, Any]] | None = None,
                    progress: Callable[[DealResult], None] | None = None,
                    start: int = 0, game: str = DEFAULT_GAME) -> MatchResult:
    """``deals`` duplicate deals of ``game``, ``a`` against ``b``, from ``seed``; deals are
    spread over ``executor`` (any :class:`concurrent.futures.Executor`) when one is given."""
    t0 = time.perf_counter()
    tasks = [(a, b, i, seed, dict(options or {}),
              {k: dict(v) for k, v in (bot_options or {}).items()}, game)
             for i in range(start, start + deals)]
    results: Iterable[DealResult]
    results = executor.map(_deal_task, tasks) if executor is not None else map(_deal_task, tasks)
    out = []
    for r in results:
        out.append(r)
        if progress is not None:
            progress(r)
    return MatchResult(a, b, tuple(out), time.perf_counter() - t0)


__all__ = ["ARRANGEMENTS", "DEFAULT_GAME", "EVERY_SEATING_UP_TO", "DealResult", "MatchResult",
           "active_seats", "arrangements", "deal_of", "duplicate_deal", "duplicate_match",
           "field_deal", "mean_ci", "play_out", "seatings"]
