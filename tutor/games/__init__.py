"""The registry of games: one :class:`GameSpec` per game, found by its record id.

Each game lives in its own folder, ``tutor/games/<game>/``: ``rules.py`` (its :class:`Game` and
state) and, as the upper rooms learn to carry it, one module per room it adapts. Six-Bid Solo
and Frog share the Tapp family's core, :mod:`tutor.games.tapp`; Sixty-Six and Auction Pitch
have their own. Code outside a game's folder asks this registry for a game instead of
importing its rules module.

The registry knows each game's id and name without loading it: a game's rules and words are
imported when a spec's :attr:`~GameSpec.game` or :attr:`~GameSpec.presentation` is first asked
for, so a page about one game loads only that game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import RecordError
from ..state import Game

if TYPE_CHECKING:  # the words, like the rules, are loaded with their game
    from .presentation import Presentation

    #: What loading a game gives: its rules class and its words.
    Loaded = tuple[type[Game], Presentation]


def _six_bid_solo() -> Loaded:
    from .six_bid_solo.presentation import SixBidSoloPresentation
    from .six_bid_solo.rules import SixBidSolo

    return SixBidSolo, SixBidSoloPresentation()


def _frog() -> Loaded:
    from .frog.presentation import FrogPresentation
    from .frog.rules import Frog

    return Frog, FrogPresentation()


def _crazy_solo() -> Loaded:
    from .crazy_solo.presentation import CrazySoloPresentation
    from .crazy_solo.rules import CrazySolo

    return CrazySolo, CrazySoloPresentation()


def _sixty_six() -> Loaded:
    from .sixty_six.presentation import SixtySixPresentation
    from .sixty_six.rules import SixtySix

    return SixtySix, SixtySixPresentation()


def _auction_pitch() -> Loaded:
    from .auction_pitch.presentation import PitchPresentation
    from .auction_pitch.rules import AuctionPitch

    return AuctionPitch, PitchPresentation()


#: The games loaded so far, by id.
_LOADED: dict[str, Loaded] = {}


@dataclass(frozen=True)
class GameSpec:
    """What the tutor knows of one game: its record id, its name, its rules and its words.

    The id and the name are known at once; the rules (:attr:`game`) and the words
    (:attr:`presentation`) are loaded by ``load`` on first use. The rooms above the rules find a
    game's adapters in the game's folder by the room's own name
    (``tutor/games/<game>/solver.py``), so nothing here imports upward.
    """

    id: str
    name: str  # the game's name for learners: its presentation's (tests/test_registry.py)
    load: Callable[[], Loaded] = field(repr=False, compare=False)

    def _loaded(self) -> Loaded:
        found = _LOADED.get(self.id)
        if found is None:  # two threads may both load it (imports are locked): one is kept
            found = _LOADED.setdefault(self.id, self.load())
        return found

    @property
    def game(self) -> type[Game]:
        """The game's rules class (its module imported on first use)."""
        return self._loaded()[0]

    @property
    def presentation(self) -> Presentation:
        """The game's words (loaded with its rules on first use)."""
        return self._loaded()[1]

    @property
    def folder(self) -> str:
        """The game's package, where a room looks for its adapter: ``tutor.games.six_bid_solo``."""
        return f"{__name__}.{self.id.replace('-', '_')}"

    def make(self, options: Mapping[str, Any] | None = None) -> Game:
        """The game with ``options`` (validated: REC-2 on an unknown key or value)."""
        return self.game(options or {})  # type: ignore[call-arg]


#: Every playable game, in the order a learner meets them.
SPECS: tuple[GameSpec, ...] = (
    GameSpec("six-bid-solo", "Six-Bid Solo", _six_bid_solo),
    GameSpec("frog", "Frog (game)", _frog),
    GameSpec("crazy-solo", "Crazy Solo", _crazy_solo),
    GameSpec("sixty-six", "Sixty-Six", _sixty_six),
    GameSpec("auction-pitch", "Auction Pitch", _auction_pitch),
)
#: Games of the family named by hand-record.md whose rules are not written yet.
PLANNED: tuple[str, ...] = ()


def __getattr__(name: str) -> Any:
    """``GAMES``: record id -> rules class of every game (loading them all: a module attribute
    made on first use)."""
    if name == "GAMES":
        return {s.id: s.game for s in SPECS}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def spec(game_id: object) -> GameSpec:
    """The registered game ``game_id`` (REC-2 if there is none)."""
    for s in SPECS:
        if s.id == game_id:
            return s
    detail = "unknown game"
    if game_id in PLANNED:
        detail = "game not implemented yet (" + ", ".join(s.id for s in SPECS) + " are)"
    raise RecordError("REC-2", detail, where="game", what=repr(game_id))


def make_game(game_id: object, options: Mapping[str, Any] | None = None) -> Game:
    """The game ``game_id`` with ``options`` (validated: REC-2 on an unknown key or value)."""
    return spec(game_id).make(options)
