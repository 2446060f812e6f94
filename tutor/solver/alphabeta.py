"""A generic exact search for two-sided games with every card seen: fail-soft alpha-beta with a
transposition table, over any :class:`~tutor.state.GameState`.

The Tapp family has its own compiled kernel (:mod:`tutor.solver.kernel`); this one is for the
games whose positions the kernel cannot hold — Sixty-Six's endgames (draws, closes, marriages,
claims), and later Auction Pitch. It knows nothing of a game: the game's ``solver.py`` gives a
:class:`Rules` (who is to move, the moves in a good order, a value settled without search,
a key for the table) and the search walks the state itself with ``apply_unchecked`` and
``undo``, so every move is the engine's own.

Values are small integers for **side 0** (side 0 maximises, side 1 minimises): a game that is
not zero-sum puts its scores into one number first (Sixty-Six: seat 0's game points less seat
1's). The table keeps, per key, the bounds proven so far and the best move found, so a search
with another window, or of a sibling position, reuses them.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Generic, Protocol, TypeVar

from ..state import Action, GameState

S = TypeVar("S", bound=GameState)
S_contra = TypeVar("S_contra", bound=GameState, contravariant=True)

#: a value below and above every value of a game
INF = 1 << 30


class Rules(Protocol[S_contra]):
    """What a game tells the search about its positions."""

    #: every value lies in ``low..high`` (a search that reaches a bound stops looking)
    low: int
    high: int

    def side(self, state: S_contra) -> int:
        """The side to move: 0 (maximises) or 1 (minimises)."""
        ...

    def settled(self, state: S_contra) -> int | None:
        """The value for side 0 when it needs no search (the deal is over, or the side to move
        has a move known to be best, such as a right claim); else None."""
        ...

    def moves(self, state: S_contra, first: Action | None) -> Sequence[Action]:
        """The legal moves, best first as far as the game can tell (``first``, the table's
        best move from an earlier search, leads when it is legal)."""
        ...

    def key(self, state: S_contra) -> Hashable:
        """Equal for positions whose values are equal for every continuation (the table's
        key): the future, not the path."""
        ...


class AlphaBeta(Generic[S]):
    """The search over one game's positions, with its table (kept between searches: clear it
    with :meth:`clear` when the positions change, say a new deal)."""

    def __init__(self, rules: Rules[S]) -> None:
        self.rules = rules
        self.table: dict[Hashable, tuple[int, int, Action | None]] = {}
        self.nodes = 0

    def clear(self) -> None:
        self.table.clear()

    def value(self, state: S, alpha: int = -INF, beta: int = INF) -> int:
        """The value of ``state`` for side 0 with best play by both. Inside the window
        (``alpha``, ``beta``) it is exact; at or below ``alpha`` it is an upper bound, at or
        above ``beta`` a lower bound (fail-soft)."""
        return self._search(state, alpha, beta)

    def best(self, state: S) -> tuple[int, Action | None]:
        """The exact value for side 0 and a best move (None when the position is settled)."""
        v = self._search(state, -INF, INF)
        entry = self.table.get(self.rules.key(state))
        return v, entry[2] if entry is not None else None

    def _search(self, state: S, alpha: int, beta: int) -> int:
        rules = self.rules
        self.nodes += 1
        settled = rules.settled(state)
        if settled is not None:
            return settled
        key = rules.key(state)
        entry = self.table.get(key)
        first: Action | None = None
        if entry is not None:
            lo, hi, first = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        else:
            lo, hi = rules.low, rules.high
        a0, b0 = alpha, beta
        best_move: Action | None = None
        if rules.side(state) == 0:
            best = -INF
            for move in rules.moves(state, first):
                state.apply_unchecked(move)
                v = self._search(state, alpha, beta)
                state.undo()
                if v > best:
                    best, best_move = v, move
                    if v > alpha:
                        alpha = v
                        if alpha >= beta or v >= rules.high:
                            break
        else:
            best = INF
            for move in rules.moves(state, first):
                state.apply_unchecked(move)
                v = self._search(state, alpha, beta)
                state.undo()
                if v < best:
                    best, best_move = v, move
                    if v < beta:
                        beta = v
                        if alpha >= beta or v <= rules.low:
                            break
        if best <= a0:
            hi = min(hi, best)
        elif best >= b0:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.table[key] = (lo, hi, best_move)
        return best


__all__ = ["INF", "AlphaBeta", "Rules"]
