"""Shared builders for the Six-Bid Solo tests (not a test module).

``BASE`` is the example of shared/hand-record.md: dealer 2, so seat 0 is forehand, seat 1
middlehand and seat 2 endhand.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from tutor.engine.record import state_of
from tutor.games.six_bid_solo.rules import SixBidSolo, SixBidSoloState

BASE: dict[str, Any] = {
    "format": "tutor-record/1",
    "game": "six-bid-solo",
    "options": {"players": 3, "misere": "no_tricks"},
    "dealer": 2,
    "hands": [["AS", "TS", "KS", "QS", "JS", "AC", "TC", "7H", "9D", "8D", "6D"],
              ["9S", "8S", "7S", "KC", "QC", "JC", "AH", "KH", "QH", "AD", "TD"],
              ["6S", "9C", "8C", "7C", "6C", "TH", "JH", "9H", "8H", "KD", "QD"]],
    "widow": ["JD", "7D", "6H"],
    "calls": ["solo", "pass", "pass"],
    "declare": {"trump": "S"},
    "play": ["AS", "7S", "6S"],
}


def rec(base: dict[str, Any] | None = None, **over: Any) -> dict[str, Any]:
    """A copy of ``base`` (by default BASE) with keys replaced (``None`` removes a key)."""
    r = copy.deepcopy(BASE if base is None else base)
    for k, v in over.items():
        if v is None:
            r.pop(k, None)
        else:
            r[k] = v
    return r


def state(**over: Any) -> SixBidSoloState:
    s = state_of(rec(**over))
    assert isinstance(s, SixBidSoloState)
    return s


def random_state(seed: int, options: dict[str, Any] | None = None,
                 stop: str = "done") -> SixBidSoloState:
    """A seeded deal played with random legal actions until phase ``stop`` (or the end)."""
    rng = random.Random(seed)
    game = SixBidSolo(options or {})
    s = game.new_deal(rng, dealer=rng.randrange(game.players))
    while s.phase != stop and not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s


def play_out(s: SixBidSoloState, seed: int = 0) -> SixBidSoloState:
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s
