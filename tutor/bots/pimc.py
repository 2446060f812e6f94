"""The PIMC bot: Perfect Information Monte Carlo over the shared sampler and the solver.

- **Play.** Draw worlds consistent with the view (:class:`~tutor.engine.sampler.Sampler`),
  solve each double-dummy for the value of every legal card (yes/no searches where a contract
  pays a tariff; Solo's and Heart Solo's *exact* points, since they pay every point of the
  margin, SBS-10), turn each into this seat's chips by the engine's settlement, and play the
  card with the best average over the worlds (ties: the better average value, then the rule
  bot's choice). A single legal card is played at once. Worlds come in batches (8 by default)
  until the choice is settled (:func:`settled`), up to ``max_worlds`` (16), with a work guard
  per move (:data:`NODE_BUDGET`).
- **The defenders' objective** is their own chips, which in every contract is the bidder's
  loss (SBS-27): both defenders minimise the bidder's points (Solo: the margin, not just make
  or fail; tariff contracts: make or fail), so the two pursue the same objective as one side.
- **Why exact Solo values.** The bracketed estimates (20-point brackets, one random
  threshold a world) tie cards a few points apart, and in Solo each point is worth 2 chips from
  each opponent; exact values tell such cards apart.
- **Bidding.** Hands far from every contract by the rule-of-thumb count pass at once (a
  pre-screen, :data:`SCREEN_COUNT`). Others go through the bid advisor
  (:mod:`tutor.solver.advisor`) with a small number of worlds (16 a bid): the best contract
  still open if its expected chips clear a margin, else pass. The default margin is *negative*
  (−10): the advisor values a contract against clairvoyant defenders, and real ones give the
  bidder more, so a positive margin passes too often.
- **Reading the calls.** Worlds, for a card as for a bid, prefer deals in which each other
  player's bid fits that player's hand (the bidder's with the trump named) and no player who
  passed held a hand clearly calling for more (:func:`tutor.engine.inference.read_calls`).
- **Declaring.** The trump by the same sampling (each trump solved on the same worlds, by the
  advisor's yes/no searches); the Call Solo call and gift by the rule of thumb of
  :mod:`tutor.engine.hand`.

Arena results and the tuning of these choices (batch sizes, exact values, the bid margin, the
worlds a bid, reading the calls): ``docs/bots.md``.
"""

from __future__ import annotations

import random
import statistics
from concurrent.futures import Executor

from ..engine.hand import call_card, give_card, trump_estimate, uncovered
from ..engine.inference import read_calls
from ..engine.sampler import Sampler, world_of
from ..games.six_bid_solo.rules import (
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
from ..games.tapp import (
    CALL_BASE,
    CALLCARD_BASE,
    CARD_INDEX,
    DECLINE,
    GIVE_BASE,
    HEARTS,
    PASS,
    PLAY,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    SeatView,
)
from ..solver import search
from ..solver.advisor import advise_view, contract_value
from ..solver.stats import mean_interval
from ..state import Action
from .base import Table, require_turn
from .rule_bot import RuleBot, card_words


def chips_for(state: SixBidSoloState, seat: int, value: int) -> int:
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


EXACT_FROM = 6  # cards in hand from which Solo's card values are solved exactly

#: The work guard of a card choice: once the solver has searched this many nodes for it (about
#: a second of CPU), no more worlds are drawn (at least two are solved). How it was sized:
#: docs/bots.md.
NODE_BUDGET = 5_000_000

#: The bid pre-screen: a hand whose best count (:func:`~tutor.engine.hand.trump_estimate`, any
#: trump) is below SCREEN_COUNT and which has SCREEN_UNCOVERED or more cards a misère could not
#: duck passes without asking the advisor (most of the bot's time): the advisor was never
#: found to bid such a hand, and 55 leaves points to spare (the measurement: docs/bots.md).
SCREEN_COUNT = 55
SCREEN_UNCOVERED = 2


class PimcBot:
    """Sampled worlds, each solved double-dummy; seeded."""

    name = "pimc"

    def __init__(self, seed: int | None = None, worlds: int = 8, bid_samples: int = 16,
                 bid_margin: float = -10.0, executor: Executor | None = None,
                 exact: bool = True, auction: str = "pimc", play: str = "pimc",
                 max_worlds: int = 16, budget: int | None = None) -> None:
        if auction not in ("pimc", "rule") or play not in ("pimc", "rule"):
            raise ValueError("auction and play are 'pimc' or 'rule'")
        self.rng = random.Random(seed)
        self.worlds = worlds  # worlds per batch (and the fewest a card choice is made from)
        self.max_worlds = max(worlds, max_worlds)  # the most, when the choice stays close
        # solver nodes per card choice after which no more worlds are drawn (None: default)
        self.budget = NODE_BUDGET if budget is None else budget
        self.worlds_used: list[int] = []  # worlds per card choice (diagnostics)
        self.guard_stops = 0  # card choices cut short by the node budget
        self.bid_samples = bid_samples
        self.bid_margin = bid_margin
        self.executor = executor
        self.exact = exact  # exact Solo points per card instead of bracketed estimates
        self.rules = RuleBot(seed)  # breaks ties the sampled worlds cannot
        # diagnostic hybrids: the rule bot's auction and declaration, or its card play, so the
        # arena can split the PIMC bot's edge by phase (rule bids + PIMC plays, and vice versa)
        self.auction = auction
        self.play = play

    def act(self, view: SeatView) -> tuple[Action, str]:
        require_turn(view)
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0], f"{describe_action(legal[0])}: the only legal action"
        if (self.auction if view.phase in ("auction", "declare") else self.play) == "rule":
            return self.rules.act(view)
        if view.phase == "auction":
            return self._bid(view)
        if view.phase == "declare":
            return self._declare(view)
        return self._play(view, legal)

    def _seed(self) -> int:
        return self.rng.getrandbits(62)

    # -- the auction --
    def _bid(self, view: SeatView) -> tuple[Action, str]:
        hand = Table.of(view).hand
        count = max(trump_estimate(hand, s)[1] for s in range(4))
        if count < SCREEN_COUNT and len(uncovered(hand)) >= SCREEN_UNCOVERED:
            return PASS, (f"pass: my hand counts {count} points at best and has "
                          f"{len(uncovered(hand))} cards a misère could not duck — far from "
                          "any contract, not worth sampling")
        advice = advise_view(view, self.bid_samples, self._seed(), executor=self.executor,
                             first=self.bid_samples, min_samples=self.bid_samples)
        best = advice.best()
        if best is None or best.expected() <= self.bid_margin:
            shown = f"{best.row.label} {best.expected():+.0f}" if best is not None else "none"
            return PASS, (f"pass: in {advice.worlds} sampled deals solved double-dummy no "
                          f"contract clears {self.bid_margin:+g} chips (best: {shown})")
        action = CALL_BASE + best.row.contract
        p = sum(best.made) / best.n
        return action, (f"{describe_action(action)}: in {best.n} sampled deals solved "
                        f"double-dummy, {best.row.label} averages {best.expected():+.0f} chips "
                        f"and makes {p:.0%} of the time")

    # -- the declaration --
    def _declare(self, view: SeatView) -> tuple[Action, str]:
        t = Table.of(view)
        legal = view.legal
        if view.step == "trump":
            return self._trump(view, [a - TRUMP_BASE for a in legal])
        trump = int(view.trump) if view.trump is not None else max(
            range(4), key=lambda s: trump_estimate(t.hand, s)[0])
        if view.step == "call":
            c = call_card(t.hand, trump)
            if c is None or CALLCARD_BASE + c not in legal:
                return DECLINE, "call no card: my hand lacks no card worth calling (SBS-20)"
            return CALLCARD_BASE + c, f"call {card_words(c)}: the highest card I lack for " \
                f"trump {SUIT_SYMBOLS[trump]} (SBS-20)"
        called = CARD_INDEX[view.called] if view.called is not None else -1
        g = give_card(t.hand, called, trump)
        if GIVE_BASE + g not in legal:
            g = legal[0] - GIVE_BASE
        return GIVE_BASE + g, f"give {card_words(g)}: my cheapest card of a short side suit " \
            "(SBS-20)"

    def _trump(self, view: SeatView, suits: list[int]) -> tuple[Action, str]:
        sampler = Sampler(view)
        worlds = list(sampler.worlds(self.worlds, self._seed()))
        means: dict[int, float] = {}
        for s in suits:
            chips = []
            for w in worlds:
                state = w.copy()
                state.apply_unchecked(TRUMP_BASE + s)
                while state.phase != PLAY:  # Call Solo under trump_first: call, give
                    assert state.bidder is not None
                    hand = state.hands[state.bidder]
                    if state.step == "call":
                        c = call_card(hand, s)
                        state.apply_unchecked(DECLINE if c is None else CALLCARD_BASE + c)
                    else:
                        state.apply_unchecked(GIVE_BASE + give_card(hand, state.called, s))
                value = contract_value(state, self._seed())
                chips.append(chips_for(state, view.seat, value))
            means[s] = statistics.fmean(chips)
        best = max(suits, key=lambda s: means[s])
        others = ", ".join(f"{SUIT_SYMBOLS[s]} {means[s]:+.0f}" for s in suits if s != best)
        what = "Call Solo" if view.contract == CONTRACTS[CALL_SOLO - 1] else "the contract"
        return TRUMP_BASE + best, (f"trump {SUIT_SYMBOLS[best]}: {what} averages "
                                   f"{means[best]:+.0f} chips over {len(worlds)} sampled deals "
                                   f"({others})")

    def _worlds(self, view: SeatView, sampler: Sampler, n: int) -> list[SixBidSoloState]:
        """``n`` worlds for a card choice, read in the light of the calls: deals in which the
        bidder's hand does not fit the contract with the trump named, another bidder's hand its
        bid, or a player who passed held a hand clearly calling for more, by the lenient rules
        of thumb of :func:`tutor.engine.inference.read_calls`, are set aside while enough others
        can be drawn — a preference, not a filter. The bidder reads the defenders' calls too.
        """
        reading = read_calls(view, sampler, n, self._seed())
        return [world_of(sampler.history, d, game=sampler.game) for d in reading.deals]

    # -- the play --
    def _play(self, view: SeatView, legal: list[int]) -> tuple[Action, str]:
        """The card with the best mean chips over adaptively many sampled worlds.

        Worlds come in batches of ``worlds``; after each batch the choice is *settled* when the
        leading card is, against every other card, either clearly better (the 95% lower bound
        of the paired difference in chips, world by world, is above 0) or no more than
        :data:`INDIFFERENT` chips worse at the 95% upper bound (not worth more solving). A
        settled choice stops; an open one draws another batch, up to ``max_worlds``. Paired
        differences matter: the same world serves every card, so the luck of the deal cancels
        and a small real difference shows after few worlds. The stopping rule depends only on
        the solver's values, so a game replays exactly from its seed. The guard against
        pathological positions counts the solver's *nodes*, not seconds (:data:`NODE_BUDGET`):
        the transposition table is cleared when the choice starts, so the count depends only on
        the position and the seed, never on the machine's load or on what was solved before.
        """
        sampler = Sampler(view)
        chips: dict[int, list[float]] = {c: [] for c in legal}
        raw = {c: 0.0 for c in legal}
        # exact card values cost no more than the bracketed estimates (docs/bots.md), and Solo
        # pays every point (SBS-10)
        exact = self.exact or len(view.hand) <= EXACT_FROM
        ws = search.workspace()
        ws.clear()  # a fresh table: the node count below is reproducible
        start = ws.nodes
        n = 0
        guarded = False
        while n < self.max_worlds:
            for world in self._worlds(view, sampler, min(self.worlds, self.max_worlds - n)):
                values = card_values(world, self._seed(), exact)
                n += 1
                for c in legal:
                    chips[c].append(chips_for(world, view.seat, values[c]))
                    raw[c] += values[c]
                if n >= 2 and ws.nodes - start > self.budget:
                    guarded = True
                    break
            if guarded or settled(chips):
                break
        self.worlds_used.append(n)
        self.guard_stops += guarded
        totals = {c: sum(v) for c, v in chips.items()}
        misere = view.contract in ("misere", "spread-misere")
        # the bidder wants more points (fewer tricks in a misère); the defenders the opposite
        sign = (1 if view.seat == view.bidder else -1) * (-1 if misere else 1)

        def score(c: int) -> tuple[float, float]:
            return totals[c], sign * raw[c]

        top = max(score(c) for c in legal)
        tied = [c for c in legal if score(c) == top]
        ranked = sorted(legal, key=score, reverse=True)
        if len(tied) > 1:  # the worlds cannot tell these apart: let the rules of thumb choose
            hint, why = self.rules.act(view)
            if hint in tied:
                return hint, (f"{why} — {len(tied)} cards tie over {n} sampled deals solved "
                              f"double-dummy ({totals[hint] / n:+.1f} chips for me)")
        best = tied[0]
        runner = next(c for c in ranked if c != best)
        return best, (f"{card_words(best)}: over {n} sampled deals solved double-dummy it "
                      f"averages {totals[best] / n:+.1f} chips for me "
                      f"(next best {card_words(runner)} {totals[runner] / n:+.1f})")


#: chips a card may trail the leader by and still count as just as good (no more worlds)
INDIFFERENT = 2.0


def settled(chips: dict[int, list[float]]) -> bool:
    """Is the card choice settled by these per-world chips (the same worlds for every card)?

    The leader (best mean) must be, against each other card, clearly better — the 95% lower
    bound (Student's t) of the mean paired difference is above zero — or within
    :data:`INDIFFERENT` chips at the 95% upper bound. Cards equal in every world are settled.
    """
    lead = max(chips, key=lambda c: statistics.fmean(chips[c]))
    for c, xs in chips.items():
        if c == lead:
            continue
        d = [a - b for a, b in zip(chips[lead], xs, strict=True)]
        n = len(d)
        if n < 2:
            return all(x == 0 for x in d) and n > 0
        lo, hi = mean_interval(d)
        if not (lo > 0 or hi <= INDIFFERENT):
            return False
    return True


def card_values(world: SixBidSoloState, salt: int = 0, exact: bool = False) -> dict[int, int]:
    """The solver's value after each legal card, asking only what the contract pays for
    (:func:`~tutor.solver.advisor.contract_value`).

    Guarantee Solo and Call Solo pay a tariff (SBS-11): one yes/no search per card, "does the
    bidder still reach the target?" (the value is the target, or one short). The misères ask
    whether the bidder can still avoid every trick (or card point, SBS-V1): 0, or 1 for "at
    least one". Solo and Heart Solo pay on the margin (SBS-10): exact points by ``analyse`` when
    ``exact``, else the advisor's unbiased bracketed estimate — with the same random threshold
    for every card of the world (``salt``), so cards worth the same get the same estimate.
    """
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


__all__ = ["INDIFFERENT", "PimcBot", "card_values", "chips_for", "settled"]
