"""The registry of games: one :class:`GameSpec` per game, found by its record id.

Each game lives in its own folder, ``tutor/games/<game>/``: ``rules.py`` (its :class:`Game` and
state) and, as the upper rooms learn to carry it, one module per room it adapts. Six-Bid Solo
and Frog share the Tapp family's core, :mod:`tutor.games.tapp`; Sixty-Six and Auction Pitch
have their own. Code outside a game's folder asks this registry for a game instead of
importing its rules module.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import RecordError
from ..state import Game
from .auction_pitch.presentation import PitchPresentation
from .auction_pitch.rules import AuctionPitch
from .crazy_solo.presentation import CrazySoloPresentation
from .crazy_solo.rules import CrazySolo
from .frog.presentation import FrogPresentation
from .frog.rules import Frog
from .presentation import Presentation
from .six_bid_solo.presentation import SixBidSoloPresentation
from .six_bid_solo.rules import SixBidSolo
from .sixty_six.presentation import SixtySixPresentation
from .sixty_six.rules import SixtySix


@dataclass(frozen=True)
class GameSpec:
    """What the tutor knows of one game: its record id, its rules and its words.

    The rooms above the rules find a game's adapters in the game's folder by the room's own
    name (``tutor/games/<game>/solver.py``), so nothing here imports upward.
    """

    id: str
    game: type[Game]
    presentation: Presentation

    @property
    def name(self) -> str:
        """The game's name for learners."""
        return self.presentation.name

    @property
    def folder(self) -> str:
        """The game's package, where a room looks for its adapter: ``tutor.games.six_bid_solo``."""
        return f"{__name__}.{self.id.replace('-', '_')}"

    def make(self, options: Mapping[str, Any] | None = None) -> Game:
        """The game with ``options`` (validated: REC-2 on an unknown key or value)."""
        return self.game(options or {})  # type: ignore[call-arg]


#: Every playable game, in the order a learner meets them.
SPECS: tuple[GameSpec, ...] = (
    GameSpec("six-bid-solo", SixBidSolo, SixBidSoloPresentation()),
    GameSpec("frog", Frog, FrogPresentation()),
    GameSpec("crazy-solo", CrazySolo, CrazySoloPresentation()),
    GameSpec("sixty-six", SixtySix, SixtySixPresentation()),
    GameSpec("auction-pitch", AuctionPitch, PitchPresentation()),
)
GAMES: dict[str, type[Game]] = {s.id: s.game for s in SPECS}
#: Games of the family named by hand-record.md whose rules are not written yet.
PLANNED: tuple[str, ...] = ()


def spec(game_id: object) -> GameSpec:
    """The registered game ``game_id`` (REC-2 if there is none)."""
    for s in SPECS:
        if s.id == game_id:
            return s
    detail = "unknown game"
    if game_id in PLANNED:
        detail = "game not implemented yet (" + ", ".join(GAMES) + " are)"
    raise RecordError("REC-2", detail, where="game", what=repr(game_id))


def make_game(game_id: object, options: Mapping[str, Any] | None = None) -> Game:
    """The game ``game_id`` with ``options`` (validated: REC-2 on an unknown key or value)."""
    return spec(game_id).make(options)
