"""The PIMC bot: Perfect Information Monte Carlo over the shared sampler and a game's solver.

- **Play.** Draw worlds consistent with the view (:class:`~tutor.engine.sampler.Sampler`),
  solve each double-dummy for the value of every legal card, turn each into this seat's chips
  by the game's settlement, and play the card with the best average over the worlds (ties: the
  better average value, then the rule bot's choice). A single legal card is played at once.
  Worlds come in batches (8 by default) until the choice is settled (:func:`settled`), up to
  ``max_worlds`` (16), with a work guard per move (:data:`NODE_BUDGET`).
- **The defenders' objective** is their own chips, which in every contract of the Tapp family
  is the bidder's loss (SBS-27): both defenders minimise the bidder's value, so the two pursue
  the same objective as one side. Where the bidder has a partner (the holder of a called
  card), the partner plays for the bidder's value (the game's ``bidders_side``).
- **Reading the calls.** Worlds, for a card as for a bid, prefer deals in which each other
  player's bid fits that player's hand (the bidder's with the trump named) and no player who
  passed held a hand clearly calling for more (:func:`tutor.engine.inference.read_calls`).
- **What is the game's own** — the bid, the declaration, which solver values a card needs and
  what each is worth in chips — comes from ``PIMC`` in ``tutor/games/<game>/pimc.py``
  (:class:`PimcChoices`): which values a card needs (exact points, or yes/no questions where
  a contract pays a flat tariff), how it bids (through the bid advisor, or by weighing sampled
  plans against the rule bot's calls), how it declares (trump, a discard, a called card: by
  sampling), and, at a table where the compiled kernel does not apply, when to search the
  last tricks exactly (:mod:`tutor.solver.endgame`) and play out the earlier ones. Each game's
  module says which it does. A game without one is refused, naming the game; the bot's
  diagnostic hybrids (``auction="rule"``, ``play="rule"``) still play it where they hand the
  phase to the rule bot.

Arena results and the tuning of these choices (batch sizes, exact values, the bid margin, the
worlds a bid, reading the calls): ``docs/bots.md``.
"""

from __future__ import annotations

import random
import statistics
from concurrent.futures import Executor
from typing import Protocol

from ..engine.inference import read_calls
from ..engine.sampler import Sampler, world_of
from ..games.tapp import SeatView, TappState
from ..solver.advisor import RowResult, advise_view
from ..solver.stats import mean_interval
from ..state import Action
from .base import action_words, game_choices, require_turn
from .rule_bot import RuleBot, card_words


class Workspace(Protocol):
    """The part of a solver's workspace the work guard reads: its node count, and a reset."""

    @property
    def nodes(self) -> int: ...

    def clear(self) -> None: ...


class PimcChoices(Protocol):
    """A game's own part of the PIMC bot (``PIMC`` of its ``pimc`` module). A game outside the
    Tapp family gives instead an ``act(bot, view)`` that plays every step (sampled worlds,
    each searched by the game's own solver)."""

    #: the expected chips (the bid advisor's) a bid must clear unless the bot is given a margin
    bid_margin: float

    def bid(self, bot: PimcBot, view: SeatView) -> tuple[Action, str]:
        """The call, with its reason."""
        ...

    def declare(self, bot: PimcBot, view: SeatView) -> tuple[Action, str]:
        """The declaration step ``view.step``, with its reason."""
        ...

    def card_values(self, world: TappState, salt: int, exact: bool) -> dict[int, int]:
        """The solver's value of the deal after each legal card of ``world`` (the bidder's
        points, or whatever the contract's settlement reads)."""
        ...

    def chips_for(self, world: TappState, seat: int, value: int) -> int:
        """``seat``'s chips if the deal ends with the solver's ``value``."""
        ...

    def bidder_wants_more(self, view: SeatView) -> bool:
        """Does a higher value serve the bidder (False in a misère)?"""
        ...

    def bidders_side(self, view: SeatView) -> bool:
        """Is this seat on the bidder's side, as far as its view tells (the bidder, or a partner
        who knows it from its hand)?"""
        ...

    def valued_by(self, view: SeatView) -> str:
        """How the card values of this move are found, for the reason ("solved double-dummy")."""
        ...

    #: the work guard of a card choice in this game's solver nodes (:data:`NODE_BUDGET` for the
    #: compiled kernel), unless the bot is given a budget
    node_budget: int

    def workspace(self) -> Workspace:
        """The solver's workspace, whose nodes the work guard counts."""
        ...


def pimc_choices(game_id: str) -> PimcChoices:
    """The game's own part of the PIMC bot (REC-2 naming the game when it has none)."""
    found: PimcChoices = game_choices(game_id, "pimc", "PIMC", "PIMC")
    return found


def chips_for(state: TappState, seat: int, value: int) -> int:
    """This seat's chips if the deal ends with the solver's ``value`` (the game's settlement)."""
    return pimc_choices(state.game.id).chips_for(state, seat, value)


def card_values(world: TappState, salt: int = 0, exact: bool = False) -> dict[int, int]:
    """The solver's value after each legal card, asking only what the contract pays for (the
    game's own questions: ``card_values`` in the game's ``pimc.py``)."""
    return pimc_choices(world.game.id).card_values(world, salt, exact)


EXACT_FROM = 6  # cards in hand from which card values are solved exactly, not bracketed

#: the bot's ``bid_margin`` when none is given (a game's ``PIMC.bid_margin`` may differ),
#: negative since the advisor's defenders are clairvoyant (docs/bots.md)
BID_MARGIN = -10.0

#: The work guard of a card choice: once the solver has searched this many nodes for it (about
#: a second of CPU), no more worlds are drawn (at least two are solved). How it was sized:
#: docs/bots.md.
NODE_BUDGET = 5_000_000


class PimcBot:
    """Sampled worlds, each solved double-dummy; seeded."""

    name = "pimc"

    def __init__(self, seed: int | None = None, worlds: int = 8, bid_samples: int = 16,
                 bid_margin: float | None = None, executor: Executor | None = None,
                 exact: bool = True, auction: str = "pimc", play: str = "pimc",
                 max_worlds: int = 16, budget: int | None = None,
                 memo: dict[object, object] | None = None) -> None:
        if auction not in ("pimc", "rule") or play not in ("pimc", "rule"):
            raise ValueError("auction and play are 'pimc' or 'rule'")
        self.rng = random.Random(seed)
        self.worlds = worlds  # worlds per batch (and the fewest a card choice is made from)
        self.max_worlds = max(worlds, max_worlds)  # the most, when the choice stays close
        # solver nodes per card choice after which no more worlds are drawn (None: the game's)
        self.budget = NODE_BUDGET if budget is None else budget
        self.budget_given = budget is not None
        self.worlds_used: list[int] = []  # worlds per card choice (diagnostics)
        self.guard_stops = 0  # card choices cut short by the node budget
        self.bid_samples = bid_samples
        # the expected chips a bid must clear: the one given, for every game; else each game's
        # own (:meth:`margin`), else this default
        self.bid_margin = BID_MARGIN if bid_margin is None else bid_margin
        self.margin_given = bid_margin is not None
        self.executor = executor
        self.exact = exact  # exact values per card instead of bracketed estimates
        self.rules = RuleBot(seed)  # breaks ties the sampled worlds cannot
        # diagnostic hybrids: the rule bot's auction and declaration, or its card play, so the
        # arena can split the PIMC bot's edge by phase (rule bids + PIMC plays, and vice versa)
        self.auction = auction
        self.play = play
        # what a game's choices remember between the steps of one decision (a discard's plan,
        # chosen at its first card) or between turns (a count of the tricks); a table bot that
        # makes a PIMC bot per move hands its own
        self.memo: dict[object, object] = {} if memo is None else memo

    def act(self, view: SeatView) -> tuple[Action, str]:
        require_turn(view)
        whole = getattr(pimc_choices(view.game), "act", None)
        if whole is not None:  # a game whose PIMC part takes the whole turn (outside Tapp)
            found: tuple[Action, str] = whole(self, view)
            return found
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0], f"{action_words(view, legal[0])}: the only legal action"
        if (self.auction if view.phase in ("auction", "declare") else self.play) == "rule":
            return self.rules.act(view)
        game = pimc_choices(view.game)
        if view.phase == "auction":
            return game.bid(self, view)
        if view.phase == "declare":
            return game.declare(self, view)
        return self._play(view, legal, game)

    def margin(self, game_id: str) -> float:
        """The expected chips a bid in ``game_id`` must clear: the margin given to the bot, else
        the game's own (:attr:`PimcChoices.bid_margin`)."""
        return self.bid_margin if self.margin_given else pimc_choices(game_id).bid_margin

    def advised_bid(self, view: SeatView) -> tuple[RowResult | None, str]:
        """The bid advisor's best row still open, over the bot's ``bid_samples`` worlds, if its
        expected chips clear the game's margin (:meth:`margin`); else ``None`` and why to pass."""
        advice = advise_view(view, self.bid_samples, self.seed(), executor=self.executor,
                             first=self.bid_samples, min_samples=self.bid_samples)
        best = advice.best()
        margin = self.margin(view.game)
        if best is None or best.expected() <= margin:
            shown = f"{best.row.label} {best.expected():+.0f}" if best is not None else "none"
            return None, (f"pass: in {advice.worlds} sampled deals solved double-dummy no "
                          f"contract clears {margin:+g} chips (best: {shown})")
        return best, ""

    def seed(self) -> int:
        """The next seed of the bot's own stream (a sampler's draw, a solver's salt)."""
        return self.rng.getrandbits(62)

    def draw_worlds(self, view: SeatView, sampler: Sampler, n: int) -> list[TappState]:
        """``n`` worlds for a card choice (or a game's declaration), read in the light of the
        calls: deals in which the bidder's hand does not fit the contract with the trump named,
        another bidder's hand its bid, or a player who passed held a hand clearly calling for
        more, by the lenient rules of thumb of :func:`tutor.engine.inference.read_calls`, are set
        aside while enough others can be drawn — a preference, not a filter. The bidder reads
        the defenders' calls too.
        """
        reading = read_calls(view, sampler, n, self.seed())
        return [world_of(sampler.history, d, game=sampler.game) for d in reading.deals]

    # -- the play --
    def _play(self, view: SeatView, legal: list[int], game: PimcChoices) -> tuple[Action, str]:
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
        ws = game.workspace()
        ws.clear()  # a fresh table: the node count below is reproducible
        start = ws.nodes
        budget = self.budget if self.budget_given else game.node_budget
        n = 0
        guarded = False
        while n < self.max_worlds:
            for world in self.draw_worlds(view, sampler, min(self.worlds, self.max_worlds - n)):
                values = game.card_values(world, self.seed(), exact)
                n += 1
                for c in legal:
                    chips[c].append(game.chips_for(world, view.seat, values[c]))
                    raw[c] += values[c]
                if n >= 2 and ws.nodes - start > budget:
                    guarded = True
                    break
            if guarded or settled(chips):
                break
        self.worlds_used.append(n)
        self.guard_stops += guarded
        totals = {c: sum(v) for c, v in chips.items()}
        # the bidder wants more (fewer tricks in a misère); the defenders the opposite
        sign = (1 if game.bidders_side(view) else -1) * (1 if game.bidder_wants_more(view)
                                                          else -1)
        how = game.valued_by(view)

        def score(c: int) -> tuple[float, float]:
            return totals[c], sign * raw[c]

        top = max(score(c) for c in legal)
        tied = [c for c in legal if score(c) == top]
        ranked = sorted(legal, key=score, reverse=True)
        if len(tied) > 1:  # the worlds cannot tell these apart: let the rules of thumb choose
            hint, why = self.rules.act(view)
            if hint in tied:
                return hint, (f"{why} — {len(tied)} cards tie over {n} sampled deals {how} "
                              f"({totals[hint] / n:+.1f} chips for me)")
        best = tied[0]
        runner = next(c for c in ranked if c != best)
        return best, (f"{card_words(best)}: over {n} sampled deals {how} it averages"
                      f" {totals[best] / n:+.1f} chips for me "
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


__all__ = ["BID_MARGIN", "EXACT_FROM", "INDIFFERENT", "NODE_BUDGET", "PimcBot", "PimcChoices",
           "Workspace", "card_values", "chips_for", "pimc_choices", "settled"]
