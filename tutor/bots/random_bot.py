"""The bottom of the ladder: a uniformly random legal action, in any registered game."""

from __future__ import annotations

import random

from ..games.tapp import SeatView
from ..state import Action
from .base import action_words, require_turn


class RandomBot:
    """Picks any legal action with equal chance (seeded: the same seed, the same choices)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: SeatView) -> tuple[Action, str]:
        require_turn(view)
        action = self.rng.choice(view.legal)
        return action, f"{action_words(view, action)}: a random legal choice"
