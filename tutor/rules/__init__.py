"""One module per game. ``make_game(id, options)`` finds a game by its record id."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import RecordError
from ..state import Game
from .frog import Frog
from .six_bid_solo import SixBidSolo

GAMES: dict[str, type[Game]] = {"six-bid-solo": SixBidSolo, "frog": Frog}
#: Games of the family named by hand-record.md whose rules modules are not written yet.
PLANNED = ("crazy-solo", "auction-pitch", "sixty-six")


def make_game(game_id: object, options: Mapping[str, Any] | None = None) -> Game:
    """The game ``game_id`` with ``options`` (validated: REC-2 on an unknown key or value)."""
    cls = GAMES.get(game_id) if isinstance(game_id, str) else None
    if cls is None:
        detail = "unknown game"
        if game_id in PLANNED:
            detail = "game not implemented yet (" + ", ".join(GAMES) + " are)"
        raise RecordError("REC-2", detail, where="game", what=repr(game_id))
    return cls(options or {})  # type: ignore[call-arg]
