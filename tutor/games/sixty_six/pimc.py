"""Sixty-Six's strong bot: sampled worlds, each searched (Perfect Information Monte Carlo), and
:func:`expected_points`, the expected game points of each legal action over the worlds.

- **Worlds** are the opponent's hand and the stock's order consistent with what the seat has
  seen (:mod:`tutor.games.sixty_six.sampling`, exactly uniform). Once the stock is exhausted
  there is one world: the play is solved exactly. After a close the hidden stock is out of play
  and each world's endgame is solved exactly (:mod:`tutor.games.sixty_six.solver`).
- **While the stock is open** each world is searched with its stock order known. Near the end
  of the stock (:data:`FULL_FROM` face-down cards drawn) to the end of the deal, draws, closes
  and claims included. Earlier the search looks to the end of the current trick and the draw
  step after it (closing or claiming there is searched exactly) and values the next lead by a
  *playout*: both players play on by a few greedy rules (claim at 66, exchange, meld, lead
  low, take aces and tens, throw low) until the stock is exhausted, and the endgame that
  follows is solved exactly. A close at the root is valued exactly in every world, so closing
  is decided by expected game points — with a margin (:data:`CLOSE_MARGIN`): in a world the
  closer sees the opponent's hand, and makes more of a close than a real closer.
- **Claiming** at the seat's own count of 66 or more is taken at once (a right claim is worth
  most now, SS-13b), so is the only legal action; otherwise the action with the best mean game
  points over the worlds, ties broken by the rule bot's choice.

Measurements (move times, the ladder): docs/sixty-six-bots.md.
"""

from __future__ import annotations

import random
import statistics
from typing import Any

from ...errors import IllegalActionError
from ...solver.alphabeta import AlphaBeta
from ...state import Action, as_rng
from . import solver
from .bots import RULES as RULE_BOT
from .bots import action_text
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
    SixtySixView,
)
from .sampling import Seen, SixtySixSampler, remember, seen_of

#: face-down cards drawn from which a world is searched to the end of the deal (one draw left)
FULL_FROM = 10
#: worlds a decision samples while the stock is open, and after a close (exact and cheap)
WORLDS = 8
CLOSED_WORLDS = 16
#: game points by which closing must beat the best other action: a world's value of closing
#: is what a closer who saw the opponent's hand would make of it, more than a real closer
#: does (docs/sixty-six-bots.md measures the difference)
CLOSE_MARGIN = 0.5


# --- the playout: greedy rules on a world whose every card is known ---------------------------
def playout_action(state: SixtySixState) -> Action:
    """The playout's action for the player to move (the stock open): claim at 66, draw,
    exchange, meld, lead the cheapest side card, take an ace or ten led, else throw low."""
    seat = state.to_move
    assert seat is not None
    legal = state.legal_actions()
    if legal[0] == CLAIM and state.total(seat) >= 66:
        return CLAIM
    step = state.step
    if step == "draw":
        return DRAW
    trump = state.trump
    cards = [a - CARD for a in legal if a >= CARD]
    if step == "lead":
        if EXCHANGE in legal:
            return EXCHANGE
        for a in legal:
            if MARRIAGE <= a < CARD and a % 2:  # lead the queen of the first marriage
                return a
        return CARD + min(cards, key=lambda c: (SUIT_OF[c] == trump, POINTS[c], -c))
    lead = state.lead_card

    def beats(c: int) -> bool:
        return c < lead if SUIT_OF[c] == SUIT_OF[lead] else SUIT_OF[c] == trump

    if EXCHANGE in legal:
        return EXCHANGE
    if POINTS[lead] >= 10:
        winners = [c for c in cards if beats(c)]
        if winners:
            return CARD + min(winners, key=lambda c: (SUIT_OF[c] == trump, POINTS[c]))
    return CARD + min(cards, key=lambda c: (SUIT_OF[c] == trump, POINTS[c], -c))


def playout_value(state: SixtySixState) -> int:
    """Seat 0's game points less seat 1's after a greedy playout to the end of the stock and
    the exact endgame (the state is left as it was)."""
    n = 0
    while state.stock_open and state.points is None:
        state.apply_unchecked(playout_action(state))
        n += 1
    if state.points is not None:
        value = state.points[0] - state.points[1]
    else:
        value = solver.searcher(state).value(state)
    for _ in range(n):
        state.undo()
    return value


class HorizonRules(solver.SixtySixRules):
    """The search to the next lead after this trick and its draw step, valued by a playout
    there (a game's :class:`tutor.solver.alphabeta.Rules`); exact where the stock is closed or
    exhausted."""

    def __init__(self, root_tricks: int) -> None:
        self.root_tricks = root_tricks

    def settled(self, state: SixtySixState) -> int | None:
        found = super().settled(state)
        if found is not None:
            return found
        if not state.stock_open:
            return solver.searcher(state).value(state)
        if len(state.tricks) > self.root_tricks and state.step == "lead":
            return playout_value(state)
        return None


def world_action_values(world: SixtySixState) -> dict[Action, int]:
    """Each legal action's game points for the player to move in this world (every card's
    place known): exact once the stock is closed or exhausted, or from :data:`FULL_FROM` cards
    drawn; before that searched to the next lead and valued by a playout there."""
    if not world.stock_open or world.drawn >= FULL_FROM:
        return solver.world_values(world)
    seat = world.to_move
    assert seat is not None
    search: AlphaBeta[SixtySixState] = AlphaBeta(HorizonRules(len(world.tricks)))
    out: dict[Action, int] = {}
    for a in world.legal_actions():
        world.apply_unchecked(a)
        v = search.value(world)
        world.undo()
        out[a] = v if seat == 0 else -v
    return out


def expected_points(view: SixtySixView | Seen, worlds: int = WORLDS,
                    seed: int | random.Random | None = None) -> dict[Action, float]:
    """The expected game points of each legal action of the view's seat, over ``worlds``
    sampled worlds (reproducible from ``seed``): each world searched as
    :func:`world_action_values` says. ``view`` is what the seat has seen (a
    :class:`~tutor.games.sixty_six.sampling.Seen`, from ``seen_by(state, seat)`` or a
    :class:`~tutor.games.sixty_six.sampling.Recall`), or a plain view before the first trick is
    complete. Once the stock is exhausted there is one world and the values are exact."""
    seen = seen_of(view)
    if seen.view.to_move != seen.seat or not seen.legal:
        raise IllegalActionError("SS-5", "it is not this seat's turn", where=f"seat {seen.seat}")
    if worlds < 1:
        raise IllegalActionError("SS-5", "expected points need at least one world",
                                 where="worlds", what=repr(worlds))
    per_world = _values(seen, worlds, as_rng(seed))
    return {a: statistics.fmean(v[a] for v in per_world) for a in seen.legal}


def _values(seen: Seen, worlds: int, rng: random.Random) -> list[dict[Action, int]]:
    sampler = SixtySixSampler(seen)
    n = 1 if sampler.count() == 1 else worlds
    return [world_action_values(w) for w in sampler.worlds(n, rng)]


class SixtySixPimc:
    """The strong bot's Sixty-Six (``PIMC``): every step, with its reason."""

    def act(self, bot: Any, view: SixtySixView | Seen) -> tuple[Action, str]:
        seen = remember(bot.memo, view)
        view = seen.view
        legal = list(view.legal)
        hint, _ = RULE_BOT.act(bot, seen)  # the rule bot's choice breaks ties
        if len(legal) == 1:
            return legal[0], f"{action_text(view, legal[0])}: the only legal action"
        mine = seen.total()
        if CLAIM in legal and mine >= 66:
            return CLAIM, f"claim: I count {mine}, 66 or more — worth most now (SS-13b)"
        closed = not (view.closed_by is None and view.stock_left > 0)
        exact = view.stock_left == 0 and view.closed_by is None
        n = CLOSED_WORLDS if closed else max(1, int(getattr(bot, "worlds", WORLDS)))
        per_world = _values(seen, n, random.Random(bot.seed()))
        means = {a: statistics.fmean(v[a] for v in per_world) for a in legal}
        # closing is ranked by its mean less the margin; the reason shows the means
        score = {a: v - (CLOSE_MARGIN if a == CLOSE else 0.0) for a, v in means.items()}
        top = max(score.values())
        tied = [a for a in legal if score[a] == top]
        best = hint if hint in tied else tied[0]
        runner = max((a for a in legal if a != best), key=lambda a: score[a])
        words = action_text(view, best)
        if exact:
            return best, (f"{words}: every card's place is known; with best play by both it "
                          f"wins {means[best]:+.0f} game points (next best "
                          f"{action_text(view, runner)} {means[runner]:+.0f})")
        what = f"over {len(per_world)} sampled deals" + (
            ", each endgame solved exactly" if closed else ", each searched")
        if best == CLOSE:
            return best, (f"close: {what} closing averages {means[best]:+.2f} game points "
                          f"against {means[runner]:+.2f} for {action_text(view, runner)}, "
                          f"more than the {CLOSE_MARGIN} a closer needs")
        return best, (f"{words}: {what} it averages {means[best]:+.2f} game points for me "
                      f"(next best {action_text(view, runner)} {means[runner]:+.2f})")


PIMC = SixtySixPimc()

__all__ = ["CLOSED_WORLDS", "FULL_FROM", "PIMC", "WORLDS", "HorizonRules", "SixtySixPimc",
           "expected_points", "playout_action", "playout_value", "world_action_values"]
