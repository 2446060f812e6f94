"""Double-dummy values of positions in the play: perfect play, every hand seen.

The bidder plays against both defenders as one side. What the value counts follows the
contract, as the game's solver adapter says (:mod:`tutor.solver.games`, e.g.
the game's ``solver.py``): the bidder's final points (Six-Bid Solo's Solo, Frog's
three contracts), the bidder maximising, or the bidder's final tricks or points in a misère, the
bidder minimising. The value includes what the bidder already has: units won in tricks and any
cards laid away that count (a widow, a discard).

State-level queries (a state in the play phase, possibly mid-trick; none of them changes it):

- :func:`solve` — the value above; :func:`analyse` — the value after each legal card of the
  player to move (as endplay's ``analyse_play`` does for bridge), so a lesson can say which card
  cost how much;
- :func:`reaches` — the yes/no form ``solve(state) >= target``, answered by one zero-window search
  (much cheaper than the exact value). For a contract the bidder maximises: "does the bidder
  reach ``target``?". For a misère: "can the defenders force the bidder to ``target`` or more?";
- :func:`bidder_wins_no_trick` and :func:`takes_no_card_points`: can the bidder come through
  with no trick / no card point in tricks (Six-Bid Solo's Misère, SBS-V1)? Both use the
  question's trump, so they also answer for any other contract's trump.

Position-level queries (:class:`Position`, three hands in play order and the trick in progress)
serve the bid advisor and the bots, which build positions for contracts not yet bid:
:func:`max_points`, :func:`reaches_points`, :func:`min_tricks`, :func:`min_card_points`,
:func:`avoids_tricks`, :func:`avoids_card_points`. They count only what is still to be won,
including the cards of the trick in progress.

Each thread gets its own transposition table (2**18 entries, 6 MB, compiled; 2**17 in plain
Python).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from ..errors import IllegalActionError
from ..games.tapp import DONE, PLAY, TappState
from . import kernel
from .games import Question, SolverAdapter, adapter
from .kernel import MODE_POINTS, MODE_TRICKS, Workspace

__all__ = [
    "Position",
    "analyse",
    "avoids_card_points",
    "avoids_tricks",
    "bidder_wins_no_trick",
    "max_points",
    "min_card_points",
    "min_tricks",
    "position_of",
    "question",
    "reaches",
    "reaches_points",
    "solve",
    "takes_no_card_points",
    "workspace",
]


@dataclass(frozen=True)
class Position:
    """A position in the play, reduced to what the search needs.

    ``hands`` are the three active hands as card masks in play order (forehand, middlehand,
    endhand); ``leader`` the position (0..2) that led the trick in progress, ``trick`` its
    cards in play order; ``bidder`` the bidder's position; ``trump`` a suit 0..3 or -1.
    """

    hands: tuple[int, int, int]
    leader: int
    trick: tuple[int, ...]
    bidder: int
    trump: int

    def __post_init__(self) -> None:
        a, b, c = self.hands
        if a & b or a & c or b & c:
            raise IllegalActionError("SBS-1", "a card in two hands", where="position")
        sizes = [h.bit_count() for h in self.hands]
        to_move = (self.leader + len(self.trick)) % 3
        for i in range(3):
            # the players who already played to this trick hold one card fewer
            played = (i - self.leader) % 3 < len(self.trick)
            if sizes[i] + played != sizes[to_move]:
                raise IllegalActionError("SBS-25", "hands of unequal length for this trick",
                                         where="position")
        if not 0 <= self.leader < 3 or not 0 <= self.bidder < 3 or len(self.trick) > 2:
            raise IllegalActionError("SBS-22", "no such player or trick", where="position")

    @classmethod
    def of_play(cls, hands: tuple[int, int, int], leader: int, trick: tuple[int, ...],
                bidder: int, trump: int) -> Position:
        """A position read off a state in the play, which the engine keeps consistent: made
        without ``__init__``'s checks (the search makes one for every question it is asked)."""
        pos = object.__new__(cls)
        pos.__dict__.update(hands=hands, leader=leader, trick=trick, bidder=bidder, trump=trump)
        return pos

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 3

    def units_left(self, mode: int) -> int:
        """Card points (``MODE_POINTS``) or tricks (``MODE_TRICKS``) still to be won."""
        return kernel.units_left(self.hands, self.trick, mode)


_local = threading.local()


def workspace() -> Workspace:
    """This thread's search buffers and transposition table (made on first use)."""
    ws: Workspace | None = getattr(_local, "ws", None)
    if ws is None:
        ws = Workspace()
        _local.ws = ws
    return ws


# --- position-level queries -------------------------------------------------------------------
def _bidder_counts(pos: Position) -> tuple[int, int]:
    """Masks (maximiser, counted) for "the bidder maximises the bidder's own units"."""
    m = 1 << pos.bidder
    return m, m


def _defenders_count(pos: Position) -> tuple[int, int]:
    """Masks for the misères: the bidder maximises the *defenders'* units."""
    m = 1 << pos.bidder
    return m, 7 ^ m


def _max_units(pos: Position, mode: int, guess: int) -> int:
    mx, cnt = _bidder_counts(pos)
    return kernel.value(workspace(), pos.hands, pos.leader, pos.trick, pos.trump, mx, cnt, mode,
                        guess)


def max_points(pos: Position, guess: int = -1) -> int:
    """Card points still to come that the bidder takes under perfect play (bidder maximising).

    ``guess`` (a likely value, e.g. a sibling's) only speeds the search up.
    """
    return _max_units(pos, MODE_POINTS, guess)


def reaches_points(pos: Position, need: int) -> bool:
    """Does the bidder take at least ``need`` of the card points still to come?"""
    if need <= 0:
        return True
    if need > pos.units_left(MODE_POINTS):
        return False
    mx, cnt = _bidder_counts(pos)
    g = kernel.run(workspace(), pos.hands, pos.leader, pos.trick, pos.trump, mx, cnt,
                   MODE_POINTS, need - 1, need)
    return g >= need


def _min_units(pos: Position, mode: int, guess: int) -> int:
    mx, cnt = _defenders_count(pos)
    total = pos.units_left(mode)
    # without a guess, try "the bidder takes nothing" first: the misère bidder's hope
    g = total if guess < 0 else total - guess
    return total - kernel.value(workspace(), pos.hands, pos.leader, pos.trick, pos.trump, mx,
                                cnt, mode, g)


def min_tricks(pos: Position, guess: int = -1) -> int:
    """Tricks still to come that the bidder must take, the bidder minimising (Misère)."""
    return _min_units(pos, MODE_TRICKS, guess)


def min_card_points(pos: Position, guess: int = -1) -> int:
    """Card points still to come that the bidder must take, the bidder minimising
    (Misère under ``no_card_points``)."""
    return _min_units(pos, MODE_POINTS, guess)


def _avoids(pos: Position, mode: int) -> bool:
    total = pos.units_left(mode)
    if total == 0:
        return True
    mx, cnt = _defenders_count(pos)
    g = kernel.run(workspace(), pos.hands, pos.leader, pos.trick, pos.trump, mx, cnt, mode,
                   total - 1, total)
    return g >= total


def avoids_tricks(pos: Position) -> bool:
    """Can the bidder lose every trick still to come (one zero-window search)?"""
    return _avoids(pos, MODE_TRICKS)


def avoids_card_points(pos: Position) -> bool:
    """Can the bidder take no card point in the tricks still to come?"""
    return _avoids(pos, MODE_POINTS)


# --- state-level queries ----------------------------------------------------------------------
_BY_GAME: dict[str, SolverAdapter] = {}


def question(state: TappState) -> Question:
    """The kernel question of ``state``, from its game's solver adapter (a
    :class:`~tutor.solver.games.NoAdapterError` for a game without one)."""
    game_id = state.game.id
    solver = _BY_GAME.get(game_id)
    if solver is None:
        solver = _BY_GAME[game_id] = adapter(game_id)
    return solver.question(state)


def _check(state: TappState) -> None:
    if state.phase != PLAY:
        if state.phase == DONE:
            raise IllegalActionError("SBS-25", "all 11 tricks are played: nothing to solve",
                                     where="solve")
        raise IllegalActionError("SBS-22", f"the solver starts in the play; the deal is in the "
                                 f"{state.phase} phase", where="solve")


def _position(state: TappState, q: Question) -> Position:
    assert state.bidder is not None
    act = state.active
    hands = state.hands
    return Position.of_play((hands[act[0]], hands[act[1]], hands[act[2]]),
                            act.index(state.leader), tuple(state.trick),
                            act.index(state.bidder), q.trump)


def position_of(state: TappState) -> Position:
    """The search's view of a state in the play (SBS-22..24): active hands in play order, the
    question's trump."""
    _check(state)
    return _position(state, question(state))


def _value(state: TappState, guess: int = -1) -> int:
    _check(state)
    q = question(state)
    pos = _position(state, q)
    base = q.base
    g = guess - base if guess >= 0 else -1
    mode = MODE_TRICKS if q.unit == "tricks" else MODE_POINTS
    if q.bidder_max:
        m = 1 << pos.bidder
        return base + kernel.value(workspace(), pos.hands, pos.leader, pos.trick, pos.trump, m,
                                   m, mode, g)
    return base + _min_units(pos, mode, g)


def solve(state: TappState) -> int:
    """The value of the position under perfect play (see the module docstring)."""
    return _value(state)


def analyse(state: TappState) -> dict[int, int]:
    """For each legal card (int) of the player to move, the value after that card is played."""
    _check(state)
    out: dict[int, int] = {}
    guess = -1
    for card in state.legal_actions():
        child = state.copy()
        child.apply_unchecked(card)
        v = question(child).base if child.phase == DONE else _value(child, guess)
        out[card] = v
        guess = v
    return out


def reaches(state: TappState, target: int) -> bool:
    """Is ``solve(state) >= target``? One zero-window search, no exact value.

    A contract the bidder maximises: does the bidder end with at least ``target`` (whatever
    laid-away cards count included)? A misère: can the defenders force the bidder to at least
    ``target``?
    """
    _check(state)
    q = question(state)
    pos = _position(state, q)
    base = q.base
    mode = MODE_TRICKS if q.unit == "tricks" else MODE_POINTS
    if q.bidder_max:
        need = target - base
        if need <= 0:
            return True
        if need > pos.units_left(mode):
            return False
        mx, cnt = _bidder_counts(pos)
        g = kernel.run(workspace(), pos.hands, pos.leader, pos.trick, pos.trump, mx, cnt, mode,
                       need - 1, need)
        return g >= need
    total = pos.units_left(mode)
    # the bidder's final = base + total - v, v the defenders' units (the bidder maximises v):
    # final >= target  <=>  not (v >= base + total - target + 1)
    t = base + total - target + 1
    if t <= 0:
        return False
    if t > total:
        return True
    mx, cnt = _defenders_count(pos)
    g = kernel.run(workspace(), pos.hands, pos.leader, pos.trick, pos.trump, mx, cnt, mode,
                   t - 1, t)
    return g < t


def bidder_wins_no_trick(state: TappState) -> bool:
    """Can the bidder end the deal without a trick (Misère, SBS-V1 ``no_tricks``)?"""
    pos = position_of(state)
    assert state.bidder is not None
    return state.won_tricks[state.bidder] == 0 and avoids_tricks(pos)


def takes_no_card_points(state: TappState) -> bool:
    """Can the bidder end the deal with no card point in tricks (SBS-V1 ``no_card_points``)?"""
    pos = position_of(state)
    assert state.bidder is not None
    return state.won_points[state.bidder] == 0 and avoids_card_points(pos)
