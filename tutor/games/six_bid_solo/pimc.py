"""Six-Bid Solo's own part of the PIMC bot (:mod:`tutor.bots.pimc`): the bid, the
declaration, and what a double-dummy value is worth.

- **Bidding.** Hands far from every contract by the rule-of-thumb count pass at once (a
  pre-screen, :data:`~tutor.games.six_bid_solo.bots.SCREEN_COUNT`). Others go through the bid
  advisor (:func:`tutor.solver.advisor.advise_view`) with a small number of worlds (16 a bid):
  the best contract still open if its expected chips clear the bot's margin, else pass. The
  default margin is *negative* (−10): the advisor values a contract against clairvoyant
  defenders, and real ones give the bidder more, so a positive margin passes too often.
- **Declaring.** The trump by sampling (each trump solved on the same worlds, by the advisor's
  yes/no searches); the Call Solo call and gift by the rule of thumb of
  :mod:`tutor.games.six_bid_solo.hand`.
- **Card values** (:func:`card_values`): yes/no searches where a contract pays a tariff;
  Solo's and Heart Solo's *exact* points, since they pay every point of the margin (SBS-10) —
  the bracketed estimates (20-point brackets, one random threshold a world) tie cards a few
  points apart, and in Solo each point is worth 2 chips from each opponent. Their chips:
  :func:`chips_for`, by the engine's settlement.

Measurements behind these choices: ``docs/bots.md``.
"""

from __future__ import annotations

import statistics
from typing import TYPE_CHECKING

from ...bots.base import Table
from ...bots.pimc import BID_MARGIN, NODE_BUDGET
from ...engine.hand import trump_estimate, uncovered
from ...engine.sampler import Sampler
from ...solver import search
from ...solver.advisor import contract_value
from ...state import Action
from ..tapp import (
    CALL_BASE,
    HEARTS,
    PASS,
    PLAY,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    SeatView,
    TappState,
)
from .bots import SCREEN_COUNT, SCREEN_UNCOVERED, call_or_gift
from .hand import declare_by_rule_of_thumb
from .rules import (
    CALL_SOLO,
    CONTRACTS,
    GUARANTEE,
    HEART_SOLO,
    MISERES,
    SOLO,
    Outcome,
    SixBidSoloState,
    describe_action,
    settle,
)

if TYPE_CHECKING:
    from ...bots.pimc import PimcBot, Workspace


def _sbs(state: TappState) -> SixBidSoloState:
    assert isinstance(state, SixBidSoloState)
    return state


def chips_for(state: TappState, seat: int, value: int) -> int:
    """This seat's chips if the deal ends with the solver's ``value`` (SBS-10, SBS-11, SBS-27)."""
    bidder = state.bidder
    assert bidder is not None
    c = state.contract
    if c in MISERES:
        no_tricks = state.options.misere == "no_tricks"
        o = Outcome(c, -1, 0, value if no_tricks else 0, 0 if no_tricks else value)
    else:
        o = Outcome(c, state.trump, value, 0, 0)
    return settle(state.options, bidder, state.defenders, o)[seat]


def card_values(world: TappState, salt: int = 0, exact: bool = False) -> dict[int, int]:
    """The solver's value after each legal card, asking only what the contract pays for
    (:func:`~tutor.solver.advisor.contract_value`).

    Guarantee Solo and Call Solo pay a tariff (SBS-11): one yes/no search per card, "does the
    bidder still reach the target?" (the value is the target, or one short). The misères ask
    whether the bidder can still avoid every trick (or card point, SBS-V1): 0, or 1 for "at
    least one". Solo and Heart Solo pay on the margin (SBS-10): exact points by ``analyse`` when
    ``exact``, else the advisor's unbiased bracketed estimate — with the same random threshold
    for every card of the world (``salt``), so cards worth the same get the same estimate.
    """
    world = _sbs(world)
    c = world.contract
    if exact and c in (SOLO, HEART_SOLO):
        return search.analyse(world)
    out: dict[int, int] = {}
    for card in world.legal_actions():
        child = world.copy()
        child.apply_unchecked(card)
        if child.phase == PLAY:
            out[card] = contract_value(child, salt)
            continue
        assert child.bidder is not None  # the last card: count what the bidder has
        if c in MISERES:
            units = (child.won_tricks if child.options.misere == "no_tricks"
                     else child.won_points)[child.bidder]
            out[card] = 1 if units else 0
        elif c in (SOLO, HEART_SOLO):
            out[card] = child.bidder_points()
        else:
            need = (74 if child.trump == HEARTS else 80) if c == GUARANTEE else 120
            out[card] = need if child.bidder_points() >= need else need - 1
    return out


class SixBidSoloPimc:
    """The PIMC bot's Six-Bid Solo (see the module docstring)."""

    bid_margin = BID_MARGIN  # −10 chips: the advisor's defenders are clairvoyant

    def bid(self, bot: PimcBot, view: SeatView) -> tuple[Action, str]:
        """Pass a hand far from every contract at once; else ask the bid advisor."""
        hand = Table.of(view).hand
        count = max(trump_estimate(hand, s)[1] for s in range(4))
        if count < SCREEN_COUNT and len(uncovered(hand)) >= SCREEN_UNCOVERED:
            return PASS, (f"pass: my hand counts {count} points at best and has "
                          f"{len(uncovered(hand))} cards a misère could not duck — far from "
                          "any contract, not worth sampling")
        best, why = bot.advised_bid(view)
        if best is None:
            return PASS, why
        action = CALL_BASE + best.row.contract
        p = sum(best.made) / best.n
        return action, (f"{describe_action(action)}: in {best.n} sampled deals solved "
                        f"double-dummy, {best.row.label} averages {best.expected():+.0f} chips "
                        f"and makes {p:.0%} of the time")

    def declare(self, bot: PimcBot, view: SeatView) -> tuple[Action, str]:
        """Trump by sampled solves; Call Solo's call and gift by the rule of thumb (SBS-20)."""
        t = Table.of(view)
        legal = view.legal
        if view.step == "trump":
            return self._trump(bot, view, [a - TRUMP_BASE for a in legal])
        return call_or_gift(view, t.hand, "the highest card I lack for", "")

    @staticmethod
    def _trump(bot: PimcBot, view: SeatView, suits: list[int]) -> tuple[Action, str]:
        """Each trump solved on the same sampled worlds; the best mean chips wins (SBS-19)."""
        sampler = Sampler(view)
        worlds = list(sampler.worlds(bot.worlds, bot.seed()))
        means: dict[int, float] = {}
        for s in suits:
            chips = []
            for w in worlds:
                state = _sbs(w.copy())
                # the trump, then Call Solo's call and gift under trump_first
                declare_by_rule_of_thumb(state, s)
                value = contract_value(state, bot.seed())
                chips.append(chips_for(state, view.seat, value))
            means[s] = statistics.fmean(chips)
        best = max(suits, key=lambda s: means[s])
        others = ", ".join(f"{SUIT_SYMBOLS[s]} {means[s]:+.0f}" for s in suits if s != best)
        what = "Call Solo" if view.contract == CONTRACTS[CALL_SOLO - 1] else "the contract"
        return TRUMP_BASE + best, (f"trump {SUIT_SYMBOLS[best]}: {what} averages "
                                   f"{means[best]:+.0f} chips over {len(worlds)} sampled deals "
                                   f"({others})")

    def card_values(self, world: TappState, salt: int, exact: bool) -> dict[int, int]:
        return card_values(world, salt, exact)

    def chips_for(self, world: TappState, seat: int, value: int) -> int:
        return chips_for(world, seat, value)

    def bidder_wants_more(self, view: SeatView) -> bool:
        """The solver counts the bidder's points, or in a misère the bidder's tricks (or card
        points, SBS-V1): there the bidder wants fewer."""
        return view.contract not in ("misere", "spread-misere")

    def bidders_side(self, view: SeatView) -> bool:
        """The bidder plays alone against both defenders."""
        return view.seat == view.bidder

    def valued_by(self, view: SeatView) -> str:
        return "solved double-dummy"

    node_budget = NODE_BUDGET

    def workspace(self) -> Workspace:
        return search.workspace()


PIMC = SixBidSoloPimc()

__all__ = ["PIMC", "SixBidSoloPimc", "card_values", "chips_for"]
