"""The PIMC bot sized for the play table: a move within about a second on a learner's machine.

:class:`TablePimc` wraps :class:`tutor.bots.pimc.PimcBot` with the table's own sizing: fewer
sampled deals while the hands are full (:func:`worlds_for`), a tighter node guard
(:data:`TABLE_NODE_BUDGET`), and in the auction no sampling at all for a hand with no contract
:func:`within_reach`. :func:`margin_call` is the bot's call on the advisor's figures, which the
table's auction hint shares (:mod:`tutor.play.session`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..games.tapp import AUCTION, CALL_BASE, DECLARE, PASS, SeatView
from ..state import Action
from .rule_bot import rule_choices

if TYPE_CHECKING:  # the solver is loaded on the first sampling move
    from ..solver.advisor import Advice


def margin_call(advice: Advice, margin: float) -> Action:
    """The PIMC bot's call on the advisor's figures: the best contract unless it averages at or
    below ``margin`` chips (double-dummy defenders are clairvoyant, so a bid a little below 0 is
    still worth it), else pass (SBS-14, SBS-17)."""
    best = advice.best()
    if best is None or best.expected() <= margin:
        return PASS
    return CALL_BASE + best.row.contract


def worlds_for(view: SeatView, most: int) -> int:
    """How many deals a PIMC move samples here: fewer while the hands are full.

    A double-dummy solve of a whole deal costs far more than one of its last tricks, so the
    first tricks sample fewer deals and a move stays around a second (measurements:
    ``docs/table.md``).
    """
    left = len(view.hand)
    if left >= 11:
        return min(most, 3)
    if left == 10:
        return min(most, 5)
    if left == 9:
        return min(most, 8)
    return most


def within_reach(view: SeatView) -> bool:
    """Is any contract still open near its mark by the game's rules of thumb? A hand with none
    is passed without sampling: the advisor would only confirm it, at the cost of a second or
    more. The game's rule bot says (its ``within_reach`` in the game's ``bots.py``); the solver
    is not loaded for it."""
    return rule_choices(view.game).within_reach(view)


#: Solver nodes after which a table move or hint samples no more deals (at least two are
#: solved): a learner waits for every bot move, so a tighter guard than the arena bot's
#: (``docs/table.md``).
TABLE_NODE_BUDGET = 2_000_000


class TablePimc:
    """The PIMC bot of :mod:`tutor.bots.pimc`, sized for a table: :func:`worlds_for` deals per
    card (fewer once :data:`TABLE_NODE_BUDGET` solver nodes are spent), two per trump choice
    (Frog's discard: batches of two, up to ``bid_samples`` within the same node guard), and in
    the auction the advisor on ``bid_samples`` deals — only for a hand with a contract
    :func:`within_reach` (else it passes at once). Any game with a ``pimc`` adapter (Six-Bid
    Solo, Frog). Seeded; it sees only its seat's view.

    ``bid_samples`` is the arena bot's 16, within the table's second (``docs/table.md``)."""

    name = "pimc"

    def __init__(self, seed: int | None = None, worlds: int = 10, bid_samples: int = 16) -> None:
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.bid_samples = bid_samples
        # what the game's choices remember between moves (a Sixty-Six player's count of the
        # tricks), handed to the PIMC bot made for each move
        self.memo: dict[object, object] = {}

    def act(self, view: SeatView) -> tuple[Action, str]:
        if view.phase == AUCTION and view.to_move == view.seat and not within_reach(view):
            return PASS, ("pass: by the hand count no contract still open is near its mark "
                          "(rules of thumb), so no deal is sampled")
        from .pimc import PimcBot  # the solver, on the first sampling move

        # naming trump solves every deal once per suit: two deals are enough to rank them
        worlds = 2 if view.phase == DECLARE else worlds_for(view, self.worlds)
        # the table's own sizing: no extra worlds past ``worlds`` and a tighter node guard than
        # the arena's, so a move (or a hint) stays within a second
        bot = PimcBot(self.rng.getrandbits(31), worlds=worlds, bid_samples=self.bid_samples,
                      max_worlds=worlds, budget=TABLE_NODE_BUDGET, memo=self.memo)
        return bot.act(view)


__all__ = ["TABLE_NODE_BUDGET", "TablePimc", "margin_call", "within_reach", "worlds_for"]
