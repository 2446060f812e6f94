"""Frog's own part of the PIMC bot (:mod:`tutor.bots.pimc`): the bid, Chico's trump, the Frog
bid's discard, and what a double-dummy value is worth.

- **Card values** (:func:`card_values`). Every Frog contract pays on the margin, k × (P − 60)
  with each opponent (FR-1, FR-5), so every point counts: the exact P after each legal card
  (``analyse``), or the advisor's unbiased bracketed estimate when asked for less. Their chips:
  :func:`chips_for`, by the solver adapter's settlement (FR-1, FR-4, FR-5).
- **Bidding.** A hand whose count (:func:`tutor.games.frog.hand.estimates`) is far below the
  mark of every contract still open passes at once (a pre-screen,
  :data:`tutor.games.frog.bots.NEAR` points, which the play table shares). Others
  go through the bid advisor (:func:`tutor.solver.advisor.advise_view`: the Frog bid, Chico
  with each trump, Grand) on the bot's ``bid_samples`` worlds: the best row still open if its
  expected chips clear the bot's margin, else pass. Frog's margin (:attr:`FrogPimc.bid_margin`)
  lies well below Six-Bid Solo's: the advisor's defenders are clairvoyant, and its Frog row lays
  away the rule of thumb's discard, which the bot's own discard beats.
- **Chico's trump** (FR-2): each suit Chico may name solved exactly on the same sampled worlds,
  the best mean chips winning — the advisor's best Chico row, asked again once the auction is
  over.
- **The discard** (FR-2, :func:`discard_candidates`). The bidder sees fourteen cards and none of
  the other hands. Laying away cards that touch in a suit and are worth the same points
  (9-8-7-6 runs) leaves hands that play alike and bank the same points, so only how many of
  such a run go matters; the rest of the choice is shortlisted by the advisor's rule of thumb
  (:func:`tutor.games.frog.advisor.discard_order`). Each candidate is solved exactly on the same
  sampled worlds; a candidate clearly behind the leader, world by world at 95%, is dropped, and
  the best mean chips wins (ties: the rule of thumb's order). The whole discard is chosen at its
  first card and its other cards follow it; a bot that did not choose it (a fresh table bot)
  chooses the rest again from what is left.
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...bots.base import Table
from ...bots.pimc import NODE_BUDGET
from ...bots.rule_bot import card_words
from ...engine.sampler import Sampler
from ...solver import search
from ...solver.advisor import contract_value
from ...solver.stats import mean_interval
from ...state import Action
from ..tapp import (
    CALL_BASE,
    CARD_INDEX,
    PASS,
    PLAY,
    POINTS,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    SeatView,
    TappState,
    mask_points,
)
from .advisor import discard_order
from .bots import NEAR
from .hand import BID_FROM, estimates
from .rules import CONTRACT_NAMES, CONTRACTS, DISCARD_BASE, DISCARD_SIZE
from .solver import SOLVER

if TYPE_CHECKING:
    from ...bots.pimc import PimcBot, Workspace

#: the discard's shortlist: the first this many cards of the rule of thumb's order
DISCARD_SHORTLIST = 8
#: the most candidate discards weighed (the rule of thumb's favourites among the shortlist's)
DISCARD_CANDIDATES = 20
#: worlds a candidate discard is solved on before it may be dropped as clearly behind
DISCARD_MIN_WORLDS = 4


def _mask(cards: Iterable[Any]) -> int:
    return sum(1 << CARD_INDEX[c] for c in cards)


def _cards_words(cards: Iterable[int]) -> str:
    return " ".join(card_words(c) for c in cards)


def card_values(world: TappState, salt: int = 0, exact: bool = False) -> dict[int, int]:
    """The bidder's P (FR-1) after each legal card of ``world``: exact by ``analyse`` when
    ``exact``, else the advisor's unbiased bracketed estimate
    (:func:`~tutor.solver.advisor.contract_value`) with the same random threshold for every card
    (``salt``), so cards worth the same get the same estimate."""
    if exact:
        return search.analyse(world)
    out: dict[int, int] = {}
    for card in world.legal_actions():
        child = world.copy()
        child.apply_unchecked(card)
        out[card] = contract_value(child, salt) if child.phase == PLAY else child.bidder_points()
    return out


def chips_for(state: TappState, seat: int, value: int) -> int:
    """``seat``'s chips if the deal ends with the bidder's P = ``value`` (FR-1, FR-4, FR-5)."""
    return SOLVER.settle(state, value).chips[seat]


# -- the discard ---------------------------------------------------------------------------------
def discard_classes(hand: int, laid: int = 0) -> list[list[int]]:
    """The cards of ``hand`` in classes a discard cannot tell apart, in the rule of thumb's order
    (:func:`~tutor.games.frog.advisor.discard_order`; each class's cards too).

    Two cards of a suit worth the same points, with every card ranked between them in ``hand``
    or already laid away (``laid``, out of play: FR-2), are one class: whichever of them goes,
    the hand kept plays the same and the discard banks the same points (FR-1). In Frog's deck
    only the 9, 8, 7 and 6 share a value (none), so a class is one card or a run of those.
    """
    order = discard_order(hand)
    at = {c: i for i, c in enumerate(order)}
    known = hand | laid
    classes: list[list[int]] = []
    for s in range(4):
        run: list[int] = []
        for c in range(9 * s, 9 * s + 9):  # ace down to six
            if not known >> c & 1:
                if run:
                    classes.append(run)
                run = []
                continue
            if not hand >> c & 1:  # laid away: out of play, it separates nothing
                continue
            if run and POINTS[run[-1]] != POINTS[c]:
                classes.append(run)
                run = []
            run.append(c)
        if run:
            classes.append(run)
    for k in classes:
        k.sort(key=at.__getitem__)
    classes.sort(key=lambda k: at[k[0]])
    return classes


def discard_candidates(hand: int, laid: int = 0, limit: int = DISCARD_CANDIDATES
                       ) -> list[tuple[int, ...]]:
    """The discards worth weighing from ``hand`` when ``laid`` is already laid away: every way
    to lay away the cards still to go (FR-2: three in all) from the classes of
    :func:`discard_classes` holding the first :data:`DISCARD_SHORTLIST` cards of the rule of
    thumb's order, at most one candidate per choice of how many cards of each class go (the
    class's first cards), and of those the ``limit`` the rule of thumb likes best (the smallest
    sum of places in its order). The rule of thumb's own discard comes first."""
    left = DISCARD_SIZE - laid.bit_count()
    order = discard_order(hand)
    place = {c: i for i, c in enumerate(order)}
    shortlist = set(order[:max(DISCARD_SHORTLIST, left)])
    classes = [k for k in discard_classes(hand, laid) if k[0] in shortlist]
    found: set[tuple[int, ...]] = set()
    for counts in itertools.product(*(range(min(len(k), left) + 1) for k in classes)):
        if sum(counts) != left:
            continue
        cards = [c for k, n in zip(classes, counts, strict=True) for c in k[:n]]
        found.add(tuple(sorted(cards, key=place.__getitem__)))
    ranked = sorted(found, key=lambda t: (sum(place[c] for c in t), t))
    return ranked[:limit]


@dataclass(frozen=True)
class DiscardPlan:
    """The discard chosen at its first card: the cards in the order they go, and why."""

    cards: tuple[int, ...]
    reason: str


#: where a bot's memo keeps the plan of the discard it chose
PLAN = "frog-discard"


def _plan_key(view: SeatView, hand: int, laid: int) -> tuple[Any, ...]:
    return PLAN, view.dealer, view.calls, hand | laid


class FrogPimc:
    """The PIMC bot's Frog (see the module docstring)."""

    #: chips a bid must clear by the advisor: well below Six-Bid Solo's −10, since the advisor's
    #: Frog row lays away the rule of thumb's discard and its defenders are clairvoyant
    #: (measured in the arena: ``docs/bots.md``, "Frog's PIMC bot")
    bid_margin = -40.0

    # -- the auction --
    def bid(self, bot: PimcBot, view: SeatView) -> tuple[Action, str]:
        """Pass a hand far below every open contract's mark at once; else ask the advisor."""
        hand = Table.of(view).hand
        open_ = {a - CALL_BASE for a in view.legal if a != PASS}
        counts = [e for e in estimates(hand, view.options) if e.contract in open_]
        gap = min(BID_FROM[e.contract] - e.points for e in counts)
        if gap > NEAR:
            return PASS, (f"pass: by my hand count every contract still open is {gap} points or "
                          "more short of its mark — far from any, not worth sampling")
        best, why = bot.advised_bid(view)
        if best is None:
            return PASS, why
        action = CALL_BASE + best.row.contract
        p = sum(best.made) / best.n
        points = statistics.fmean(best.values)
        return action, (f"bid {CONTRACT_NAMES[CONTRACTS[best.row.contract - 1]]}: in {best.n} "
                        f"sampled deals solved double-dummy, {best.row.label} averages "
                        f"{points:.0f} points and {best.expected():+.0f} chips, and makes "
                        f"{p:.0%} of the time (FR-1)")

    # -- the declaration --
    def declare(self, bot: PimcBot, view: SeatView) -> tuple[Action, str]:
        """Chico's trump, or the next card of the Frog bid's discard (FR-2)."""
        if view.step == "trump":
            return self._trump(bot, view, [a - TRUMP_BASE for a in view.legal])
        return self._discard(bot, view)

    @staticmethod
    def _trump(bot: PimcBot, view: SeatView, suits: list[int]) -> tuple[Action, str]:
        """Each suit solved exactly on the same sampled worlds; the best mean chips wins."""
        worlds = bot.draw_worlds(view, Sampler(view), bot.worlds)
        means: dict[int, float] = {}
        for s in suits:
            chips = []
            for w in worlds:
                state = w.copy()
                state.apply_unchecked(TRUMP_BASE + s)
                chips.append(chips_for(state, view.seat, search.solve(state)))
            means[s] = statistics.fmean(chips)
        best = max(suits, key=lambda s: means[s])
        others = ", ".join(f"{SUIT_SYMBOLS[s]} {means[s]:+.0f}" for s in suits if s != best)
        return TRUMP_BASE + best, (f"trump {SUIT_SYMBOLS[best]}: Chico averages "
                                   f"{means[best]:+.0f} chips over {len(worlds)} sampled deals "
                                   f"solved double-dummy ({others}) (FR-2)")

    def _discard(self, bot: PimcBot, view: SeatView) -> tuple[Action, str]:
        """The next card of the discard: of the plan this bot chose at the first card, else of
        the best candidate over sampled worlds (see the module docstring)."""
        hand = _mask(view.hand)
        laid = _mask(view.discarded or ())
        plan = bot.memo.get(_plan_key(view, hand, laid))
        if isinstance(plan, DiscardPlan):
            rest = [c for c in plan.cards if not laid >> c & 1]
            if rest and all(hand >> c & 1 for c in rest) and \
                    len(rest) == DISCARD_SIZE - laid.bit_count():
                return DISCARD_BASE + rest[0], (f"discard {card_words(rest[0])}: "
                                                f"{plan.reason}")
        plan = self.choose_discard(bot, view, hand, laid)
        for k in range(len(plan.cards)):  # the plan, found again at each later card
            bot.memo[_plan_key(view, hand & ~_mask_of(plan.cards[:k]),
                               laid | _mask_of(plan.cards[:k]))] = plan
        return DISCARD_BASE + plan.cards[0], f"discard {card_words(plan.cards[0])}: {plan.reason}"

    @staticmethod
    def choose_discard(bot: PimcBot, view: SeatView, hand: int, laid: int) -> DiscardPlan:
        """The best of :func:`discard_candidates` over the bot's sampled worlds.

        Worlds come in batches of the bot's ``worlds``, up to its ``bid_samples`` (a discard,
        like a bid, decides the whole deal); each live candidate is solved exactly on each. After
        each batch, once :data:`DISCARD_MIN_WORLDS` worlds are in, a candidate whose chips trail
        the leader's world by world (the 95% upper bound of the mean paired difference below 0)
        is dropped. The node guard is the bot's card guard (``budget``): past it no more worlds.
        """
        candidates = discard_candidates(hand, laid)
        rule = tuple(discard_order(hand)[:DISCARD_SIZE - laid.bit_count()])
        if len(candidates) == 1:
            only = candidates[0]
            return DiscardPlan(only, f"laying away {_cards_words(only)} is the only choice "
                                     "that matters (FR-2)")
        sampler = Sampler(view)
        chips: list[list[float]] = [[] for _ in candidates]
        points: list[list[int]] = [[] for _ in candidates]
        live = list(range(len(candidates)))
        most = max(bot.bid_samples, bot.worlds)
        ws = search.workspace()
        ws.clear()  # a fresh table: the node count below is reproducible
        start = ws.nodes
        n = 0
        guarded = False
        while n < most and not guarded:
            for w in bot.draw_worlds(view, sampler, min(bot.worlds, most - n)):
                n += 1
                for i in live:
                    state = w.copy()
                    for c in candidates[i]:
                        state.apply_unchecked(DISCARD_BASE + c)
                    p = search.solve(state)
                    points[i].append(p)
                    chips[i].append(chips_for(state, view.seat, p))
                if n >= 2 and ws.nodes - start > bot.budget:
                    guarded = True
                    break
            if n >= DISCARD_MIN_WORLDS:
                live = _still_in(live, chips)
            if len(live) == 1:
                break
        best = max(live, key=lambda i: (statistics.fmean(chips[i]), -i))
        cards = candidates[best]
        kept = mask_points(_mask_of(cards) | laid)
        why = (f"of {len(candidates)} discards weighed over {n} sampled deals solved "
               f"double-dummy, laying away {_cards_words(cards)} averages "
               f"{statistics.fmean(points[best]):.1f} points ({statistics.fmean(chips[best]):+.1f}"
               f" chips for me); its {kept} points count for me (FR-1, FR-2)")
        rule_at = candidates.index(rule) if rule in candidates else -1
        if rule_at >= 0 and rule_at != best and chips[rule_at]:
            why += (f"; the rule of thumb's {_cards_words(rule)} "
                    f"{statistics.fmean(points[rule_at]):.1f} over "
                    f"{len(points[rule_at])} deals")
        return DiscardPlan(cards, why)

    # -- the play --
    def card_values(self, world: TappState, salt: int, exact: bool) -> dict[int, int]:
        return card_values(world, salt, exact)

    def chips_for(self, world: TappState, seat: int, value: int) -> int:
        return chips_for(world, seat, value)

    def bidder_wants_more(self, view: SeatView) -> bool:
        """Every Frog contract is won on points: the bidder wants more (FR-1)."""
        return True

    def bidders_side(self, view: SeatView) -> bool:
        """The bidder plays alone against both defenders."""
        return view.seat == view.bidder

    def valued_by(self, view: SeatView) -> str:
        return "solved double-dummy"

    node_budget = NODE_BUDGET

    def workspace(self) -> Workspace:
        return search.workspace()


def _mask_of(cards: Sequence[int]) -> int:
    return sum(1 << c for c in cards)


def _still_in(live: list[int], chips: list[list[float]]) -> list[int]:
    """The candidates not clearly behind the leader: the 95% upper bound of the mean of their
    chips minus the leader's, world by world, is not below 0."""
    lead = max(live, key=lambda i: statistics.fmean(chips[i]))
    keep = []
    for i in live:
        if i != lead:
            d = [a - b for a, b in zip(chips[i], chips[lead], strict=True)]
            if mean_interval(d)[1] < 0:
                continue
        keep.append(i)
    return keep


PIMC = FrogPimc()

__all__ = ["DISCARD_CANDIDATES", "DISCARD_MIN_WORLDS", "DISCARD_SHORTLIST", "PIMC",
           "DiscardPlan", "FrogPimc", "card_values", "chips_for", "discard_candidates",
           "discard_classes"]
