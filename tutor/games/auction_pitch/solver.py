"""Auction Pitch's endgame search with every card seen: a **paranoid** search over the generic
alpha-beta (:mod:`tutor.solver.alphabeta`).

Pitch is general-sum with up to seven players each on their own (PI-2, PI-11): there is no
single opponent to minimise against. The paranoid reading makes it two-sided — one seat (``me``)
maximises its own score change for the hand, and every other seat is taken to play against it,
minimising that same number. It is pessimistic (the others chase their own points, which only
sometimes means stopping mine), but exact for what it asks, searched with the shared alpha-beta
and its transposition table, and small: the Monte-Carlo bot asks it only of the last tricks
(:mod:`tutor.games.auction_pitch.pimc`). The score change of a finished hand is the engine's own
(``PitchState.chips()``: PI-10, PI-11), from −4 to 4.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ...errors import IllegalActionError
from ...solver.alphabeta import AlphaBeta
from ...state import Action
from .rules import DONE, PLAY, PitchState, mask_cards


class Paranoid:
    """The alpha-beta's rules for one seat's paranoid search (side 0 is ``me``)."""

    low = -4  # a bid of 4 set back (PI-11)
    high = 4  # all four points

    def __init__(self, me: int) -> None:
        self.me = me

    def side(self, state: PitchState) -> int:
        return 0 if state.to_move == self.me else 1

    def settled(self, state: PitchState) -> int | None:
        if state.phase == DONE:
            return state.chips()[self.me]
        return None

    def moves(self, state: PitchState, first: Action | None) -> Sequence[Action]:
        cards = mask_cards(state.legal_mask())
        if first is not None and first in cards:
            cards.remove(first)
            cards.insert(0, first)
        return cards

    def key(self, state: PitchState) -> Hashable:
        """The cards still held, the trick so far and who won which cards: the future and what
        the finished hand will score (High, Low, Jack and Game are read from the won cards)."""
        return (tuple(state.hands), tuple(state.trick), state.leader, tuple(state.won))


def paranoid_values(state: PitchState) -> dict[Action, int]:
    """For each legal card of the seat to move (play phase, every card known): its score change
    for the hand with best play by it and every other seat playing against it."""
    if state.phase != PLAY or state.to_move is None:
        raise IllegalActionError("PI-9", "the search values the cards of the seat to play")
    me = state.to_move
    search = AlphaBeta(Paranoid(me))
    out: dict[Action, int] = {}
    work = state.copy()
    for card in mask_cards(work.legal_mask()):
        work.apply_unchecked(card)
        out[card] = search.value(work)
        work.undo()
    return out


__all__ = ["Paranoid", "paranoid_values"]
