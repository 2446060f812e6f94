"""Sixty-Six's exact endgame: once the stock is closed or exhausted every card's place is known to
a player who counted (SS-10, SS-11), so the rest of the deal is a game of perfect information,
searched to the end by the generic alpha-beta (:mod:`tutor.solver.alphabeta`).

- :func:`solve` — the game points (−3..3) the player to move wins with best play by both: its
  own game points less the opponent's (exactly one of them scores, SS-13b..SS-15; a deal that
  scores nobody under ``no_claim: carry_one_point`` is worth 0 here, the carried point going to
  a later deal).
- :func:`card_values` — that value after each legal action.

Both refuse a position whose stock is still open (SS-10): there a player does not know the
stock, and an answer would show the learner cards they must not see. The PIMC bot, which
searches sampled worlds where it has drawn the stock's order itself, uses :func:`world_value`
and :func:`world_values`, which search any position, the draws included.

The search takes every legal action, claims included, with two shortcuts that are exact:

- **A right claim is best.** A player on lead whose total reaches 66 (or would, by
  ``claim:marriage:X``) claims at once: SS-13b's table is judged on the opponent's total and
  tricks, which only grow; after a close SS-14 (c) pays a fixed 2 or 3; and the opponent can
  always avoid giving more (a wrong claim of its own). The tests hold this to a brute-force
  minimax that tries every action.
- A wrong claim is searched like any other move: it is legal (SS-13a) and the search does
  not assume it is never best (in the positions tested it never beat playing on: a player on
  lead has won a trick, so playing on concedes at most the 2 a wrong claim gives).

Measurements (median and p99 a position, against a plain minimax in the same process):
``benchmarks/sixty_six_solver.py`` and docs/sixty-six-bots.md.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache
from typing import Any

from ...errors import IllegalActionError
from ...solver.alphabeta import AlphaBeta
from ...state import Action
from .rules import (
    CARD,
    CLAIM,
    CLOSE,
    DRAW,
    EXCHANGE,
    MARRIAGE,
    POINTS,
    SUIT_OF,
    SixtySixState,
)

#: the most game points a deal scores (SS-13b: 3 when the loser has won no trick)
MOST = 3
#: table entries kept before the table is cleared (a few hundred deals' endgames)
TABLE_MOST = 400_000

# steps, as the rules number them (``SixtySixState.step``)
_LEAD, _FOLLOW, _DRAW_STEP = "lead", "follow", "draw"


class SixtySixRules:
    """The search's view of Sixty-Six (:class:`tutor.solver.alphabeta.Rules`): seat 0 is side
    0; the value is seat 0's game points less seat 1's."""

    low = -MOST
    high = MOST

    def side(self, state: SixtySixState) -> int:
        seat = state.to_move
        assert seat is not None
        return seat

    def settled(self, state: SixtySixState) -> int | None:
        """The value of a finished deal, or of a lead where the player to move can claim
        rightly (see the module docstring): claiming is best."""
        points = state.points
        if points is not None:
            return points[0] - points[1]
        if state.step != _LEAD:
            return None
        seat = state.to_move
        assert seat is not None
        if state.total(seat) >= 66:
            return _after(state, CLAIM)
        if state.options.claim_by_marriage and state.won_tricks[seat]:
            for a in state.legal_actions():
                if CLAIM < a < CLOSE and _claim_of(state, a):  # claim:marriage:X, reaching 66
                    return _after(state, a)
        return None

    def moves(self, state: SixtySixState, first: Action | None) -> list[Action]:
        """Every legal action, the likely best first: the table's move; at a draw step draw,
        then close, then claim; on lead the exchange, marriages (40 first), cards by their
        points, then close, then a (wrong) claim; following, the cards that win the trick
        (cheapest first), then the rest (cheapest first)."""
        legal = state.legal_actions()
        step = state.step
        if step == _DRAW_STEP:
            out = [DRAW, CLOSE, CLAIM]
        elif step == _LEAD:
            cards = sorted((a for a in legal if a >= CARD), key=_lead_order)
            marriages = sorted((a for a in legal if MARRIAGE <= a < CARD),
                               key=lambda a: (a - MARRIAGE) // 2 != state.trump)
            head = [a for a in legal if a == EXCHANGE]
            tail = [a for a in legal if a == CLOSE] + [a for a in legal if a < CLOSE]
            out = head + marriages + cards + tail
        else:
            lead = state.lead_card
            trump = state.trump

            def follow_order(a: Action) -> tuple[int, int]:
                c = a - CARD
                wins = c < lead if SUIT_OF[c] == SUIT_OF[lead] else SUIT_OF[c] == trump
                return (0 if wins else 1), POINTS[c] + (12 if SUIT_OF[c] == trump else 0)

            out = [a for a in legal if a < CARD] + sorted((a for a in legal if a >= CARD),
                                                          key=follow_order)
        if first is not None and first in out and out[0] != first:
            out.remove(first)
            out.insert(0, first)
        return out

    def key(self, state: SixtySixState) -> Hashable:
        """Everything the rest of the deal depends on: the hands, the step, the trick led,
        the points and whether each player has won a trick (marriages count, SS-13b's 3),
        the marriages declared, the trump, the close, and while the stock is open the cards
        still to be drawn and the turn-up (a table serves many deals and worlds)."""
        won = state.won_tricks
        stock = state.stock[state.drawn:] if state.stock_open else None
        return (state.hands[0], state.hands[1], state.step, state.to_move, state.lead_card,
                state.won_points[0], state.won_points[1], won[0] > 0, won[1] > 0,
                state.marriage_points[0], state.marriage_points[1], stock, state.turnup,
                state.trump, state.closed_by, state.closed_opponent_tricks > 0,
                not state.tricks)


def _lead_order(a: Action) -> int:
    return -POINTS[a - CARD]


def _after(state: SixtySixState, action: Action) -> int:
    """Seat 0's game points less seat 1's once ``action`` (a claim) has ended the deal."""
    state.apply_unchecked(action)
    points = state.points
    state.undo()
    assert points is not None
    return points[0] - points[1]


def _claim_of(state: SixtySixState, action: Action) -> bool:
    """Is the claim ``action`` right?"""
    state.apply_unchecked(action)
    claim = state.claim
    state.undo()
    return claim is not None and claim[1]


RULES = SixtySixRules()


@cache
def _searcher(options: tuple[tuple[str, Any], ...]) -> AlphaBeta[SixtySixState]:
    """One search and its table per option set (the table's keys assume the options)."""
    return AlphaBeta(RULES)


def searcher(state: SixtySixState) -> AlphaBeta[SixtySixState]:
    """The search for ``state``'s options, its table cleared once it has grown large."""
    search = _searcher(tuple(sorted(state.game.options_dict().items())))
    if len(search.table) > TABLE_MOST:
        search.clear()
    return search


def _mover(state: SixtySixState) -> int:
    seat = state.to_move
    if seat is None:
        raise IllegalActionError("SS-13a", "the deal is over: no player is to move",
                                 where="solver")
    return seat


def _require_known(state: SixtySixState) -> None:
    if state.stock_open:
        raise IllegalActionError("SS-10", "the stock is still open: the solver answers once it "
                                 "is closed or exhausted, when every card's place is known",
                                 where="solver")


def world_value(state: SixtySixState) -> int:
    """The game points the player to move wins with best play by both in this world (any
    position: with the stock open, the draws follow the state's own stock)."""
    seat = _mover(state)
    v = searcher(state).value(state)
    return v if seat == 0 else -v


def world_values(state: SixtySixState) -> dict[Action, int]:
    """:func:`world_value` after each legal action, for the player to move now."""
    seat = _mover(state)
    search = searcher(state)
    out: dict[Action, int] = {}
    for a in state.legal_actions():
        state.apply_unchecked(a)
        v = search.value(state)
        state.undo()
        out[a] = v if seat == 0 else -v
    return out


def solve(state: SixtySixState) -> int:
    """The exact value once the stock is closed or exhausted: the game points (−3..3) the
    player to move wins with best play by both (SS-13b..SS-15), claims included."""
    _require_known(state)
    return world_value(state)


def card_values(state: SixtySixState) -> dict[Action, int]:
    """:func:`solve` after each legal action of the player to move (a claim, a card, a
    marriage lead when ``marriages_after_close`` allows it)."""
    _require_known(state)
    return world_values(state)


__all__ = ["MOST", "RULES", "SixtySixRules", "card_values", "searcher", "solve", "world_value",
           "world_values"]
