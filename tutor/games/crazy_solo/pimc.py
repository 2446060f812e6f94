"""Crazy Solo's own part of the PIMC bot (:mod:`tutor.bots.pimc`): the call, the trump and the
called card, and what a card is worth in one sampled world.

- **Card values** (:func:`card_values`). A sampled world fixes every hand, so it fixes who holds
  the called card: the partner is known *in that world* and the play is a two-side game, the
  soloists (bidder and partner) against the gang, on the soloists' card points P (CS-9, CS-11).
  Once :func:`exact_now` — at most :data:`EXACT_CARDS` cards left in the hands, or the last two
  tricks — each legal card's P is searched exactly (:mod:`tutor.solver.endgame`); before that it
  is the mean P of :data:`PLAYOUTS` greedy playouts after the card (:mod:`tutor.solver.rollout`),
  rounded to a whole point. Their chips: :func:`chips_for`, by the settlement of CS-11 and
  CS-12 with the world's partner. The bot averages the chips over the worlds, so what it knows
  about the partner — nothing, or its own hand's called card, or the card once played — is
  exactly what the sampler's worlds share (the called card's holder is unknown in them until it
  shows: ``tutor/games/crazy_solo/sampling.py``).
- **The call and the declaration** (:meth:`CrazySoloPimc.bid`, :meth:`~CrazySoloPimc.declare`).
  Each way the bot could play the hand — a :class:`Plan`: contract, trump, called card — is
  played out on the same sampled worlds (the bot's ``bid_samples``) as if every later player
  passed, :data:`CALL_PLAYOUTS` greedy playouts a world, and weighed in this seat's chips; a
  pass weighs 0. The called cards weighed are a shortlist (:func:`call_candidates`). The rule
  bot's choice (``tutor/games/crazy_solo/bots.py``) stands unless the sampled best is *clearly*
  better — the 95% lower bound of the mean paired difference in chips, world by world, above
  0 — and the reason says which decided.

Measurements behind the numbers (worlds, playouts, the exact threshold, the move times at 4, 8
and 12 players) and the ladder: ``docs/crazy-solo-bots.md``.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...bots.base import Table
from ...bots.rule_bot import card_words
from ...engine.sampler import Sampler, game_of
from ...solver import endgame, rollout
from ...solver.stats import mean_interval
from ...state import Action
from ..tapp import (
    AUCTION,
    CALL_BASE,
    CALLCARD_BASE,
    DECLARE,
    HEARTS,
    PASS,
    POINTS,
    SUIT_MASK,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    SeatView,
    TappState,
    mask_cards,
)
from .rules import (
    ALONE,
    CONTRACT_NAMES,
    CONTRACTS,
    SOLO,
    SOLO_IN_HEARTS,
    CrazySolo,
    CrazySoloState,
    CrazySoloView,
    payment,
    settle,
)

if TYPE_CHECKING:
    from ...bots.pimc import PimcBot, Workspace

#: cards in the hands at or below which card values are searched exactly (the last two tricks
#: are, whatever the table's size)
EXACT_CARDS = 18
#: greedy playouts per legal card and world before the exact search takes over
PLAYOUTS = 2
#: the playout policy (:data:`tutor.solver.rollout.POLICIES`)
POLICY = "greedy"
#: greedy playouts per plan and world when weighing a call, a trump or a called card
CALL_PLAYOUTS = 2
#: the work guard of a card choice, in search nodes (about 15 µs each; a playout's cards count
#: one node per :data:`CARDS_PER_NODE`): past it no more worlds are drawn
NODE_BUDGET = 40_000
#: playout cards that cost about as much as one search node (measured: docs/crazy-solo-bots.md)
CARDS_PER_NODE = 4


def _cs(state: TappState) -> CrazySoloState:
    assert isinstance(state, CrazySoloState)
    return state


def exact_now(cards_left: int, players: int) -> bool:
    """Are the card values searched exactly with ``cards_left`` cards in the hands?"""
    return cards_left <= max(EXACT_CARDS, 2 * players)


def card_values(world: TappState, salt: int = 0, exact: bool = True) -> dict[int, int]:
    """The soloists' final card points P (CS-11) after each legal card of ``world``: searched
    exactly once :func:`exact_now`, else the mean of :data:`PLAYOUTS` greedy playouts rounded to
    a whole point (seeded by ``salt``). ``exact`` is the generic bot's flag for the compiled
    kernel's brackets; Crazy Solo has none, so it changes nothing here."""
    state = _cs(world)
    side = state.soloists
    left = sum(h.bit_count() for h in state.hands)
    if exact_now(left, state.n):
        return endgame.analyse(state, side)
    rng = random.Random(salt)
    values = rollout.analyse(state, side, rng, PLAYOUTS, POLICY)
    endgame.workspace().nodes += len(values) * PLAYOUTS * left // CARDS_PER_NODE
    return {c: round(v) for c, v in values.items()}


def chips_for(state: TappState, seat: int, value: int) -> int:
    """``seat``'s chips if the deal of ``state`` ends with the soloists holding ``value`` card
    points: p₅ of CS-11, settled between the gang and the world's bidder and partner (CS-12)."""
    s = _cs(state)
    assert s.bidder is not None
    partner = None if s.partner == s.bidder else s.partner
    return settle(s.n, s.bidder, partner, payment(s.trump, value))[seat]


# -- plans: a call, its trump and its called card -------------------------------------------------
@dataclass(frozen=True)
class Plan:
    """One way to play the hand: the contract (1 solo .. 4 alone in hearts), the trump and the
    called card (-1: none, after an alone call)."""

    contract: int
    trump: int
    call: int = -1

    def words(self) -> str:
        out = f"{CONTRACT_NAMES[CONTRACTS[self.contract - 1]]}"
        if self.contract in (SOLO, ALONE):
            out += f" {SUIT_SYMBOLS[self.trump]}"
        if self.call >= 0:
            out += f" calling {card_words(self.call)}"
        return out


def call_candidates(hand: int, trump: int, deck: int) -> list[int]:
    """The called cards worth weighing with ``trump``: the two highest trumps this hand lacks,
    each side suit's ace it lacks (else that suit's highest card it lacks when it holds the
    ace), and its own highest trump (playing secretly alone, CS-8) — in that order, at most one
    of each card, only cards of this deal's deck (CS-2)."""
    out: list[int] = []
    lacking = [c for c in mask_cards(deck & SUIT_MASK[trump]) if not hand >> c & 1]
    out += lacking[:2]
    for s in range(4):
        if s == trump:
            continue
        missing = [c for c in mask_cards(deck & SUIT_MASK[s]) if not hand >> c & 1]
        if missing and POINTS[missing[0]] >= 10:
            out.append(missing[0])
    own = mask_cards(hand & SUIT_MASK[trump]) or mask_cards(hand)
    out.append(own[0])
    return list(dict.fromkeys(out))


def plans_for(view: SeatView, hand: int) -> list[Plan]:
    """Every plan still open to this seat: in the auction each legal call with each trump and
    each shortlisted called card; at the trump step each trump (with the shortlist when a card
    is called next); at the call step each shortlisted card with the trump named."""
    game = game_of(view.game, view.options)
    assert isinstance(game, CrazySolo)
    deck = game.deck  # CS-2: this player count's deck
    trumps = [0, 1, 2, 3] if game.options.plain_calls_allow_hearts else [0, 1, 3]
    if view.phase == AUCTION:
        contracts = [a - CALL_BASE for a in view.legal if a != PASS]
    else:
        contracts = [CONTRACTS.index(view.contract or "") + 1]
    plans: list[Plan] = []
    for k in contracts:
        if view.phase == DECLARE and view.step == "call":
            suits = [int(view.trump)] if view.trump is not None else [HEARTS]
        elif view.phase == DECLARE and view.step == "trump":
            suits = [a - TRUMP_BASE for a in view.legal]
        else:
            suits = trumps if k in (SOLO, ALONE) else [HEARTS]
        for t in suits:
            if k in (SOLO, SOLO_IN_HEARTS):
                plans += [Plan(k, t, c) for c in call_candidates(hand, t, deck)]
            else:
                plans.append(Plan(k, t))
    return plans


def _declared(world: TappState, plan: Plan) -> CrazySoloState:
    """A copy of ``world`` (at this seat's call or declaration) with ``plan`` made: the call,
    every later player passing (CS-4), the trump and the called card (CS-7, CS-8)."""
    state = _cs(world.copy())
    if state.phase == AUCTION:
        state.apply_unchecked(CALL_BASE + plan.contract)
        while state.phase == AUCTION:
            state.apply_unchecked(PASS)
    while state.phase == DECLARE:
        if state.step == "trump":
            state.apply_unchecked(TRUMP_BASE + plan.trump)
        else:
            state.apply_unchecked(CALLCARD_BASE + plan.call)
    return state


def weigh(bot: PimcBot, view: SeatView, plans: Sequence[Plan]) -> tuple[dict[Plan, list[float]],
                                                                        int]:
    """This seat's chips for each plan in each of the bot's ``bid_samples`` sampled worlds (the
    mean of :data:`CALL_PLAYOUTS` greedy playouts from the first lead), and the worlds used."""
    worlds = bot.draw_worlds(view, Sampler(view), bot.bid_samples)
    rng = random.Random(bot.seed())
    chips: dict[Plan, list[float]] = {p: [] for p in plans}
    for w in worlds:
        for p in plans:
            state = _declared(w, p)
            pos = endgame.position_of(state, state.soloists)
            total = 0
            for _ in range(CALL_PLAYOUTS):
                total += chips_for(state, view.seat, rollout.playout(pos, rng, POLICY))
            chips[p].append(total / CALL_PLAYOUTS)
    return chips, len(worlds)


def clearly_better(a: list[float], b: list[float]) -> bool:
    """Is ``a`` clearly better than ``b``, world by world (the 95% lower bound of the mean
    paired difference above 0)?"""
    d = [x - y for x, y in zip(a, b, strict=True)]
    return len(d) >= 2 and mean_interval(d)[0] > 0


def _mean(xs: list[float]) -> float:
    return statistics.fmean(xs) if xs else 0.0


class CrazySoloPimc:
    """The PIMC bot's Crazy Solo (see the module docstring)."""

    #: the generic bot's advisor margin: Crazy Solo weighs its calls itself (a pass weighs 0)
    bid_margin = 0.0
    node_budget = NODE_BUDGET

    # -- the auction and the declaration --
    def bid(self, bot: PimcBot, view: SeatView) -> tuple[Action, str]:
        """The call (CS-4): see :meth:`decide`; a pass weighs 0 chips."""
        return self.decide(bot, view, lambda p: CALL_BASE + p.contract, "CS-4")

    def declare(self, bot: PimcBot, view: SeatView) -> tuple[Action, str]:
        """The trump (CS-7) or the called card (CS-8): see :meth:`decide`."""
        if view.step == "trump":
            return self.decide(bot, view, lambda p: TRUMP_BASE + p.trump, "CS-7")
        return self.decide(bot, view, lambda p: CALLCARD_BASE + p.call, "CS-8")

    @staticmethod
    def decide(bot: PimcBot, view: SeatView, action_of: Callable[[Plan], Action],
               rule_id: str) -> tuple[Action, str]:
        """The rule bot's choice, unless sampling says clearly better.

        Every open plan (:func:`plans_for`, with the rule bot's called card added at the call
        step) is weighed on the bot's ``bid_samples`` worlds (:func:`weigh`); each action is
        worth its best plan (a pass 0). When the best action is not the rule bot's, both are
        weighed again on as many *fresh* worlds — the first worlds chose the best among many, so
        they flatter it — and the best replaces the rule bot's choice only if it is clearly better
        there (:func:`clearly_better`).
        """
        rule, why = bot.rules.act(view)
        plans = plans_for(view, Table.of(view).hand)
        if view.step == "call" and rule - CALLCARD_BASE not in {p.call for p in plans}:
            plans.append(Plan(plans[0].contract, plans[0].trump, rule - CALLCARD_BASE))
        chips, n = weigh(bot, view, plans)
        best_of: dict[Action, Plan | None] = {PASS: None} if view.phase == AUCTION else {}
        for p in plans:
            a = action_of(p)
            known = best_of.get(a)
            if known is None or _mean(chips[p]) > _mean(chips[known]):
                best_of[a] = p

        def worth(a: Action) -> float:
            plan = best_of[a]
            return _mean(chips[plan]) if plan is not None else 0.0

        best = max(best_of, key=lambda a: (worth(a), a == PASS))
        if best == rule:
            return rule, f"{why} — sampling {n} deals agrees ({_shown(best_of[best], worth(best))})"
        if rule not in best_of:  # cannot happen: every legal choice is weighed
            return rule, why
        top, ruled = best_of[best], best_of[rule]
        again, m = weigh(bot, view, [p for p in (top, ruled) if p is not None])
        new = again[top] if top is not None else [0.0] * m
        old = again[ruled] if ruled is not None else [0.0] * m
        if clearly_better(new, old):
            gain = _mean(new) - _mean(old)
            return best, (f"{_action_words(best)}: over {n} sampled deals played out "
                          f"{_shown(best_of[best], worth(best))} chips for me is the best, and "
                          f"on {m} fresh deals it beats the rule of thumb's "
                          f"{_action_words(rule)} by {gain:+.1f} chips, clearly ({rule_id})")
        return rule, (f"{why} — sampling {n} deals does not clearly beat it (best "
                      f"{_shown(best_of[best], worth(best))} chips)")

    # -- the play --
    def card_values(self, world: TappState, salt: int, exact: bool) -> dict[int, int]:
        return card_values(world, salt, exact)

    def chips_for(self, world: TappState, seat: int, value: int) -> int:
        return chips_for(world, seat, value)

    def bidder_wants_more(self, view: SeatView) -> bool:
        """Every contract is won on the soloists' points (CS-11)."""
        return True

    def bidders_side(self, view: SeatView) -> bool:
        """The bidder, and the partner — who knows it from its hand before the called card
        shows, and everyone knows after (CS-9)."""
        assert isinstance(view, CrazySoloView)
        return view.seat == view.bidder or view.partner == view.seat

    def valued_by(self, view: SeatView) -> str:
        if exact_now(sum(view.hand_sizes), len(view.active)):
            return "searched exactly"
        return f"played out ({PLAYOUTS} greedy playouts a card)"

    def workspace(self) -> Workspace:
        return endgame.workspace()


def _action_words(action: Action) -> str:
    if action == PASS:
        return "pass"
    if action >= CALLCARD_BASE:
        return "call " + card_words(action - CALLCARD_BASE)
    if action >= TRUMP_BASE:
        return "trump " + SUIT_SYMBOLS[action - TRUMP_BASE]
    return "bid " + CONTRACT_NAMES[CONTRACTS[action - CALL_BASE - 1]]


def _shown(plan: Plan | None, chips: float) -> str:
    return f"{plan.words()} {chips:+.1f}" if plan is not None else "pass +0"


PIMC = CrazySoloPimc()

__all__ = ["CALL_PLAYOUTS", "EXACT_CARDS", "NODE_BUDGET", "PIMC", "PLAYOUTS", "POLICY",
           "CrazySoloPimc", "Plan", "call_candidates", "card_values", "chips_for", "clearly_better",
           "exact_now",
           "plans_for", "weigh"]
