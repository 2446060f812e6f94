"""``tutor.solve(record)``: the double-dummy value of a hand record stopped in the play.

The record is replayed exactly as ``tutor.replay`` does (same errors, same places); it must stand
in the play phase — at its first lead or anywhere after, mid-trick included. The answer::

    {"value": 67,                       # the bidder's final result under perfect play
     "cards": {"AS": 67, "7S": 58},     # the same value after each legal card (legal order)
     "unit": "points",                  # "points" or "tricks"
     "bidder_aims": "max",              # the bidder maximises points, minimises in the misères
     "to_move": 0, "bidder": 0, "contract": "solo"}

``value`` is what the game's solver adapter counts (:mod:`tutor.solver.games`): for Six-Bid
Solo's Solo, Heart Solo, Guarantee Solo and Call Solo the bidder's card points P of SBS-12 —
tricks already won plus the rest under perfect play, plus the widow; for Misère and Spread
Misère the bidder's number of tricks (card points under ``misere: no_card_points``, SBS-V1), the
bidder minimising and the defenders maximising. For Frog's Frog bid, Chico and Grand it is P of
FR-1: the bidder's tricks plus the discard (Frog) or the widow (Chico, Grand). A game without a
solver adapter is a :class:`~tutor.solver.games.NoAdapterError` (REC-2).
"""

from __future__ import annotations

from typing import Any

from ..engine.record import state_of
from ..errors import RecordError
from ..games.tapp import AUCTION, CARD_TEXT, DECLARE, DONE, TappState
from . import search
from .games import adapter


def solve(record: object) -> dict[str, Any]:
    """The solver's answer for a record stopped in the play (see the module docstring).

    Raises a :class:`~tutor.errors.TutorError` for a record that does not replay (as
    ``replay``) or whose game the solver does not know, and a
    :class:`~tutor.errors.RecordError` naming the rule when the record is not in the play
    phase.
    """
    state = state_of(record)
    adapter(state.game.id)  # REC-2 for a game the solver does not know
    if not isinstance(state, TappState):  # pragma: no cover - every adapter is a Tapp game's
        raise RecordError("REC-2", "the solver's kernel plays the Tapp family's games",
                          where="game", what=state.game.id)
    phase = state.phase
    if phase != "play":
        if phase == DONE and state.bidder is None:
            raise RecordError("SBS-17", "the deal was thrown in: there is no play to solve",
                              where="calls")
        if phase == DONE:
            raise RecordError("SBS-25", "all 11 tricks are played: nothing left to solve",
                              where="play")
        step = "auction" if phase == AUCTION else "declaration"
        assert phase in (AUCTION, DECLARE)
        raise RecordError("SBS-22", f"the record stops in the {step}; the solver starts at the "
                          "first lead", where="play")
    question = search.question(state)
    cards = search.analyse(state)
    assert state.bidder is not None
    mover_is_bidder = state.to_move == state.bidder
    values = list(cards.values())
    bidder_wants_max = question.bidder_max
    value = max(values) if mover_is_bidder == bidder_wants_max else min(values)
    return {
        "value": value,
        "cards": {CARD_TEXT[c]: v for c, v in cards.items()},
        "unit": question.unit,
        "bidder_aims": "max" if bidder_wants_max else "min",
        "to_move": state.to_move,
        "bidder": state.bidder,
        "contract": state.contract_id,
    }
