"""Auction Pitch's Monte-Carlo bot: worlds sampled from the seat's view, each played out.

**Worlds.** The unseen cards — the other hands and the cards never dealt — are drawn exactly
uniformly from what the view shows (:class:`~.sampling.PitchSampler`); the same worlds serve
every choice of one decision, so the luck of the deal is shared and differences show early.

**Each world rolled out.** Pitch is general-sum for three to seven players (PI-2, PI-11): no
two-sided search fits the whole hand. So each choice is played out to the end of the hand in
each world by the rule bot's own rules of thumb (:mod:`.bots`) for every seat — each reading only
its own hand and the cards played, never another hand — and scored by the engine as the score
change of *this* seat (``chips()``: each player maximises its own). The card or call with the
best mean over the worlds is chosen (ties: the rule bot's choice, then the lower call).

**The last tricks searched** (``endgame``): with at most :data:`ENDGAME` cards in hand the
bot searches each world instead of rolling it out — a paranoid alpha-beta (this seat against
all the others, :mod:`.solver`), exact in each world and small enough there.

**The call.** :func:`bid_values` gives, for each legal call, the mean score change over the
worlds and its standard error: after the call the other seats speak and play by the rules of
thumb, and this seat, if it pitches, names trump by its count (:func:`~.hand.best_trump`) —
from its own hand, never from the world's.

Measured sizes and the ladder: docs/auction-pitch-bots.md.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from typing import Any

from ...errors import IllegalActionError, OptionError
from ...state import Action, as_rng
from .bots import RULES, call_pick, card_pick
from .hand import card_words
from .rules import (
    AUCTION,
    DONE,
    PASS,
    PLAY,
    PitchState,
    PitchView,
    call_token,
    mask_of,
)
from .sampling import PitchSampler
from .solver import paranoid_values

#: worlds per card choice and per call
PLAY_WORLDS = 32
BID_WORLDS = 32
#: from this many cards in hand down, each world is searched (paranoid) instead of rolled out
ENDGAME = 2


class StateTurn:
    """The rule bot's :class:`~.bots.Turn` read off a world for the seat to move: its own hand
    and what every seat sees (the trick, trump, the cards played) — never another hand."""

    __slots__ = ("seat", "players", "hand", "legal", "trick", "leader", "trump", "played")

    def __init__(self, state: PitchState) -> None:
        seat = state.to_move
        assert seat is not None
        self.seat = seat
        self.players = state.n
        self.hand = state.hands[seat]
        self.legal = state.legal_mask()
        self.trick = state.trick
        self.leader = state.leader
        self.trump = state.trump
        played = mask_of(state.trick)
        for m in state.won:
            played |= m
        self.played = played


def rule_action(state: PitchState) -> Action:
    """The rule bot's action for the seat to move in a world (its hand and the public play)."""
    seat = state.to_move
    assert seat is not None
    low_point = state.options.low_point
    if state.phase == AUCTION:
        return call_pick(state.hands[seat], state.n, low_point, state.legal_calls(), state.high,
                         seat == state.dealer)[0]
    legal = state.legal_mask()
    if not legal & (legal - 1):  # one legal card: no rule of thumb needed
        return legal.bit_length() - 1
    return card_pick(StateTurn(state), low_point)[0]


def rollout(state: PitchState) -> None:
    """Play the rest of the hand by the rules of thumb, in place (unchecked: every action is
    one of the engine's legal ones)."""
    while state.phase != DONE:
        state.apply_unchecked(rule_action(state))


def _mean_se(xs: Sequence[float]) -> tuple[float, float]:
    mean = statistics.fmean(xs)
    se = statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return mean, se


def _worlds(view: PitchView, worlds: int, seed: int | random.Random | None) -> list[PitchState]:
    if worlds < 1:
        raise OptionError("REC-2", "the Monte-Carlo values need at least one world",
                          where="worlds", what=repr(worlds))
    sampler = PitchSampler(view)
    rng = as_rng(seed)
    return [sampler.world(sampler.sample_deal(rng), checked=False) for _ in range(worlds)]


def _scores(worlds: list[PitchState], seat: int, choices: Sequence[Action], search: bool
            ) -> dict[Action, list[float]]:
    """Each choice's score change for ``seat`` in each world: rolled out, or searched."""
    out: dict[Action, list[float]] = {a: [] for a in choices}
    for world in worlds:
        if search:
            values = paranoid_values(world)
            for a in choices:
                out[a].append(values[a])
            continue
        for a in choices:
            s = world.copy()
            s.apply_unchecked(a)
            rollout(s)
            out[a].append(s.chips()[seat])
    return out


def bid_values(view: PitchView, worlds: int = BID_WORLDS, seed: int | random.Random | None = 0
               ) -> dict[Action, tuple[float, float]]:
    """For the view's seat in the auction, each legal call's expected score change for the
    hand and its standard error, over ``worlds`` sampled worlds (reproducible from ``seed``):
    after the call every seat speaks and plays by the rules of thumb."""
    if view.phase != AUCTION or view.to_move != view.seat:
        raise IllegalActionError("PI-4", "bid values are for the seat to speak in the auction",
                                 where=f"seat {view.seat}")
    scores = _scores(_worlds(view, worlds, seed), view.seat, view.legal, False)
    return {a: _mean_se(v) for a, v in scores.items()}


def card_values(view: PitchView, worlds: int = PLAY_WORLDS,
                seed: int | random.Random | None = 0, endgame: int = ENDGAME
                ) -> dict[Action, tuple[float, float]]:
    """For the view's seat to play, each legal card's expected score change for the hand and
    its standard error over ``worlds`` sampled worlds: rolled out by the rules of thumb, or with
    at most ``endgame`` cards in hand searched (paranoid)."""
    if view.phase != PLAY or view.to_move != view.seat:
        raise IllegalActionError("PI-9", "card values are for the seat to play a card",
                                 where=f"seat {view.seat}")
    search = len(view.hand) <= endgame
    scores = _scores(_worlds(view, worlds, seed), view.seat, view.legal, search)
    return {a: _mean_se(v) for a, v in scores.items()}


def _words(action: Action) -> str:
    return card_words(action) if action < PASS else (
        "pass" if action == PASS else f"bid {call_token(action)}")


class PitchMonteCarlo:
    """The Monte-Carlo bot's choices in Auction Pitch (``PIMC``): every step is the game's own
    (``act``), the bot's seeds from the bot's own stream."""

    def __init__(self, play_worlds: int = PLAY_WORLDS, bid_worlds: int = BID_WORLDS,
                 endgame: int = ENDGAME) -> None:
        self.play_worlds = play_worlds
        self.bid_worlds = bid_worlds
        self.endgame = endgame

    def act(self, bot: Any, view: PitchView) -> tuple[Action, str]:
        """The call or card with the best mean score change for this seat, and why."""
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0], f"{_words(legal[0])}: the only legal action"
        hybrid = getattr(bot, "auction" if view.phase == AUCTION else "play", "pimc")
        if hybrid == "rule":  # the arena's diagnostic hybrids: this phase by the rules of thumb
            return RULES.act(bot, view)
        seed = bot.seed() if hasattr(bot, "seed") else 0
        if view.phase == AUCTION:
            values = bid_values(view, self.bid_worlds, seed)
            how = "played out by the rules of thumb"
            n = self.bid_worlds
        else:
            values = card_values(view, self.play_worlds, seed, self.endgame)
            n = self.play_worlds
            how = ("searched to the end (each seat against me)" if len(view.hand) <= self.endgame
                   else "played out by the rules of thumb")
        hint = RULES.act(bot, view)[0]

        def key(a: Action) -> tuple[float, bool, int]:
            return values[a][0], a == hint, -a  # ties: the rule bot's choice, then pass, low bids

        ranked = sorted(legal, key=key, reverse=True)
        best = ranked[0]
        others = ", ".join(f"{_words(a)} {values[a][0]:+.2f}" for a in ranked[1:4])
        return best, (f"{_words(best)}: over {n} sampled deals {how} it averages "
                      f"{values[best][0]:+.2f} points for me ({others})")


#: the Monte-Carlo bot's Pitch choices, found by :func:`tutor.bots.base.game_choices`
PIMC = PitchMonteCarlo()


__all__ = ["BID_WORLDS", "ENDGAME", "PIMC", "PLAY_WORLDS", "PitchMonteCarlo", "StateTurn",
           "bid_values", "card_values", "rollout", "rule_action"]
