"""Solo Tutor — rules engine, solver and Jupyter tutor for Six-Bid Solo and its family.

>>> import tutor
>>> out = tutor.replay({"format": "tutor-record/1", "game": "six-bid-solo", "dealer": 2,
...     "hands": [["AS","TS","KS","QS","JS","AC","TC","7H","9D","8D","6D"],
...               ["9S","8S","7S","KC","QC","JC","AH","KH","QH","AD","TD"],
...               ["6S","9C","8C","7C","6C","TH","JH","9H","8H","KD","QD"]],
...     "widow": ["JD","7D","6H"], "calls": ["solo", "pass", "pass"],
...     "declare": {"trump": "S"}, "play": ["AS","7S","6S"]})
>>> out["contract"], out["trump"], out["tricks"][0]["winner"], out["to_move"]
('solo', 'S', 0, 0)
"""

from __future__ import annotations

import sys
from importlib import import_module
from typing import TYPE_CHECKING, Any

from .cards import DECK_24, DECK_36, DECK_52, Card, Deck, Rank, Suit
from .engine.record import record_of, replay, state_of
from .errors import IllegalActionError, NotationError, OptionError, RecordError, TutorError
from .facts import ActionInfo, GameInfo
from .games import GameSpec, make_game, spec

if TYPE_CHECKING:  # each game's rules are imported on first use: a lesson loads only its game
    from .games.auction_pitch.rules import AuctionPitch, PitchState
    from .games.frog.rules import Frog, FrogState
    from .games.six_bid_solo.rules import SixBidSolo, SixBidSoloState
    from .games.sixty_six.rules import SixtySix, SixtySixState
    from .games.tapp import SeatView

_WHERE = {
    "AuctionPitch": "games.auction_pitch.rules", "PitchState": "games.auction_pitch.rules",
    "Frog": "games.frog.rules", "FrogState": "games.frog.rules",
    "SixBidSolo": "games.six_bid_solo.rules", "SixBidSoloState": "games.six_bid_solo.rules",
    "SixtySix": "games.sixty_six.rules", "SixtySixState": "games.sixty_six.rules",
    "SeatView": "games.tapp",
}  # fmt: skip


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'tutor' has no attribute {name!r}")
    return getattr(import_module(f".{module}", __name__), name)


def solve(record: dict[str, Any]) -> dict[str, Any]:
    """The double-dummy value of a record stopped in the play (see :mod:`tutor.solver.api`)."""
    from .solver.api import solve as _solve  # imported on first use: the solver loads numba

    return _solve(record)


def advise(record: dict[str, Any], samples: int, seed: int) -> dict[str, Any]:
    """The bid advisor's table for a record stopped in the auction (:mod:`tutor.solver.advisor`).
    """
    from .solver.advisor import advise as _advise

    return _advise(record, samples, seed)


def _show_pictures_in_ipython() -> None:
    """Under IPython (a notebook, Voilà), draw cards, seat views and finished deals as pictures
    (:func:`tutor.display.register_formatters`). Outside IPython it does nothing and loads
    nothing: IPython is looked up among the loaded modules, never imported here."""
    ipython = sys.modules.get("IPython")
    if ipython is None or getattr(ipython, "get_ipython", lambda: None)() is None:
        return
    from .display.ipython import register_formatters

    register_formatters()


_show_pictures_in_ipython()

__all__ = [
    "DECK_24", "DECK_36", "DECK_52", "ActionInfo", "AuctionPitch", "Card", "Deck", "Frog",
    "FrogState", "GameInfo",
    "GameSpec",
    "IllegalActionError", "NotationError",
    "OptionError", "PitchState", "Rank", "RecordError", "SeatView", "SixBidSolo",
    "SixBidSoloState", "SixtySix", "SixtySixState", "Suit",
    "TutorError", "advise", "make_game", "record_of", "replay", "solve", "spec", "state_of",
]
