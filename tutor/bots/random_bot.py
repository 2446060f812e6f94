"""The bottom of the ladder: a uniformly random legal action."""

from __future__ import annotations

import random

from ..games import make_game
from ..games.tapp import SeatView
from ..state import Action
from .base import require_turn


class RandomBot:
    """Picks any legal action with equal chance (seeded: the same seed, the same choices)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: SeatView) -> tuple[Action, str]:
        require_turn(view)
        action = self.rng.choice(view.legal)
        label = make_game(view.game, view.options).action_info(action).label
        return action, f"{label}: a random legal choice"
