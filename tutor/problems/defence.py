"""Playing a problem: the learner's cards against a defence that adapts, or against the deal.

An :class:`Attempt` plays one problem from its position to the last card. The learner plays
the learner's seat; every other seat is the *defence*, in one of two modes:

- **adaptive** (the default): the unseen cards are not fixed. Before each card the defence
  plays, it asks the sure-line search (:mod:`tutor.problems.sure`) which of the cards it may
  play — those some layout consistent with everything the learner has seen lets it hold
  (:meth:`~tutor.problems.knowledge.Knowledge.choices`) — leaves the learner without a sure
  line, and plays one of those if there is one. A problem proven on a sample (the first
  lead, :mod:`tutor.problems.sampled`) holds the defence to the layouts of its menu: the same
  rule, over those layouts, and the menu grows when a later card of the learner's is a guess
  (sure over the menu, but another card does better on fresh layouts drawn from the learner's
  view: :func:`~tutor.problems.sampled.outplayed`) by layouts consistent with everything seen
  that beat it. So a learner who leaves the sure line meets the layout that beats the guess;
  a learner on it (:meth:`Attempt.safe_cards` at every turn) wins whatever the defence does.
  The defence commits to nothing but the cards it plays: the layout is fixed only when the
  last card falls (the widow is then what was never played).
- **fixed**: the cards lie as they were dealt, and the defence plays each card with every card
  seen (double dummy) — the same position replayed against the original deal, for comparison.

Among equally good cards the defence first sets a trap (the card after which most of the
learner's cards lose), then plays as the original deal would (while that deal still fits what
the learner has seen), then plays low. It never plays a card the learner's view rules out: it
chooses only among the knowledge's choices, and the tests replay every attempt through the
engine's checked ``apply`` in the layout the defence came to.

After the attempt :func:`card_costs` prices each of the learner's cards on that layout: what
the best card would have given with every card seen, what the chosen card gave, in the
solver's unit and in chips, and whether it threw a sure line away.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..errors import IllegalActionError
from ..games.tapp import CARD_TEXT, DONE, POINTS, SeatView, TappState
from ..solver import search as dd
from ..solver.games import adapter
from .goal import ProblemError
from .knowledge import Knowledge, Layout
from .problem import Problem, question_value, world_in
from .proof import best_play
from .sampled import (
    FRESH,
    JOIN,
    SampleSearch,
    dealt_layout,
    fresh_layouts,
    outplayed,
    safe_cards,
    widened,
)
from .sure import Spot, Start, SureSearch


def real_layout(problem: Problem, k: Knowledge) -> Layout:
    """The layout of the deal as dealt, at the problem's position (slot by slot)."""
    return dealt_layout(problem.state, k)


def search_for(problem: Problem, budget: int = 2_000_000) -> SureSearch:
    """A sure-line search on ``problem``'s position (its table fills as it is asked): over
    every consistent layout, or over the menu of a problem proven on a sample."""
    menu = problem.menu()
    start = Start.of(problem.state, problem.seat, problem.goal, menu=menu)
    if menu is None:
        return SureSearch(start, budget=budget)
    return SampleSearch(start, budget=budget)


@dataclass(frozen=True)
class Played:
    """One card of an attempt: who played it and, for the learner's, whether the learner still
    had a sure line before (``sure_before``) and after it (``sure_after``)."""

    seat: int
    card: int
    sure_before: bool | None = None
    sure_after: bool | None = None


class Attempt:
    """One attempt at ``problem`` (module docstring): ``play(card)`` takes the learner's card
    (checked: SBS-23) and returns the cards played up to the learner's next turn or the end."""

    def __init__(self, problem: Problem, *, adaptive: bool = True,
                 search: SureSearch | None = None, layout: Layout | None = None,
                 fresh: int = FRESH) -> None:
        self.problem = problem
        self.adaptive = adaptive
        #: the fresh layouts drawn at each later card of the learner's to tell a guess (0:
        #: none, the defence held to the record's menu; only for a problem on a sample)
        self.fresh = fresh if adaptive and problem.sample is not None else 0
        #: how many times the defence's menu was widened to beat a guess
        self.widenings = 0
        self.seat = problem.seat
        self.search = search or search_for(problem)
        self.spot: Spot = self.search.start.spot
        self.k0 = self.spot.knowledge
        self.real = real_layout(problem, self.k0)
        if layout is not None:  # the fixed mode on another layout than the deal's
            if adaptive or not self.k0.fits(layout):
                raise ProblemError("PRB-6", "a fixed layout must fit the learner's view",
                                   where="layout")
            self.real = layout
        self.layout: Layout = self.real  # a start layout that fits what has been played
        self.played: list[Played] = []
        self.bidder_max = self.search.bidder_max
        self._world = self._rebuild()
        self._run_defence()

    # -- what the learner sees ---------------------------------------------------------------
    @property
    def world(self) -> TappState:
        """A deal consistent with everything played: the learner's view of it is the truth
        (another seat's hand in it is one of the layouts still possible, never shown)."""
        return self._world

    def view(self) -> SeatView:
        """What the learner sees now."""
        return self._world.view(self.seat)

    def legal(self) -> list[int]:
        """The learner's legal cards now ([] when it is not the learner's turn)."""
        if self.done or self._world.to_move != self.seat:
            return []
        return self._world.legal_actions()

    @property
    def done(self) -> bool:
        return self._world.phase == DONE

    def value(self) -> int:
        """The bidder's final value (the attempt must be over)."""
        return question_value(self._world)

    def met(self) -> bool:
        """Did the learner reach the goal?"""
        return self.done and self.problem.goal.met(self.value())

    def final_layout(self) -> Layout:
        """The layout the cards came to lie in (at the problem's position)."""
        return self.layout

    # -- playing -----------------------------------------------------------------------------
    def play(self, card: int) -> list[Played]:
        """The learner plays ``card``; then the defence plays until it is the learner's turn
        again or the deal is over. Returns every card played from this one on."""
        world = self._world
        if self.done or world.to_move != self.seat:
            raise IllegalActionError("SBS-22", "it is not the learner's turn",
                                     where=f"seat {self.seat}", what=CARD_TEXT[card]
                                     if isinstance(card, int) and 0 <= card < 36 else str(card))
        probe = world.copy()
        probe.apply(card)  # checked against the rules: IllegalActionError names SBS-23
        before = len(self.played)
        sure_before = sure_after = None
        nxt = self.search.play(self.spot, self.seat, card)
        assert nxt is not None
        if self.adaptive:
            sure_before = self.search.sure(self.spot)
            if sure_before and self._later():
                worse = outplayed(self.search, self.spot, card, self._fresh())
                if worse:  # a guess: the defence may now choose a layout that beats it
                    nxt = widened(nxt, worse[:JOIN])
                    for layout in worse[:JOIN]:
                        self.search.add_killer(tuple(
                            n | g for n, g in zip(layout, nxt.knowledge.gone, strict=True)))
                    self.widenings += 1
            sure_after = self.search.sure(nxt)
        self.spot = nxt
        self.played.append(Played(self.seat, card, sure_before, sure_after))
        self._world = probe
        self._run_defence()
        return self.played[before:]

    def _later(self) -> bool:
        """Is this a later card of the learner's, on a problem on a sample (where a guess is
        told by fresh layouts)? The first card is the problem's question, judged by its proof."""
        return bool(self.fresh) and any(p.seat == self.seat for p in self.played)

    def _fresh(self) -> list[Layout]:
        """This turn's fresh layouts (as the cards lie now): drawn from the record's seed and
        the cards played so far, whatever card the learner is about to play."""
        sample = self.problem.sample
        assert sample is not None
        return fresh_layouts(self.spot.knowledge, sample.seed,
                             [p.card for p in self.played], self.fresh)

    def safe_cards(self) -> list[int]:
        """The learner's cards now that keep to the safe line (none once it is lost): sure
        over the defence's layouts, and, at a later card of a problem on a sample, no guess
        on this turn's fresh layouts (:func:`~tutor.problems.sampled.outplayed`). What the
        tests and the benchmark's learners play; the lesson never shows it."""
        if not self.legal():
            return []
        if self.adaptive and self._later():
            return safe_cards(self.search, self.spot, self._fresh())
        return self.search.sure_cards(self.spot)

    def _run_defence(self) -> None:
        while not self.done and self._world.to_move != self.seat:
            seat = self._world.to_move
            assert seat is not None
            card = self._choose(seat)
            self._defence_plays(seat, card)

    def _defence_plays(self, seat: int, card: int) -> None:
        nxt = self.search.play(self.spot, seat, card)
        if nxt is None:  # never: the defence chooses among the knowledge's choices
            raise IllegalActionError("SBS-23", "the defence chose a card no layout allows",
                                     where=f"seat {seat}", what=CARD_TEXT[card])
        self.spot = nxt
        self.played.append(Played(seat, card))
        if self.adaptive:
            if not self.spot.knowledge.fits(self.layout):
                self.layout = self._fitting_layout()
            self._world = self._rebuild()
        else:
            self._world.apply(card)

    def _fitting_layout(self) -> Layout:
        """A start layout that fits what has been played (for the world the view is drawn
        from), drawn from the knowledge."""
        k = self.spot.knowledge
        now = k.draw(random.Random(len(self.played)))
        return tuple(n | g for n, g in zip(now, k.gone, strict=True))

    def _rebuild(self) -> TappState:
        """The position with the unseen cards as :attr:`layout`, every card so far replayed
        through the engine's checked ``apply``."""
        world = world_in(self.problem.state, self.k0, self.layout)
        for p in self.played:
            world.apply(p.card)
        return world

    # -- the defence's choice ----------------------------------------------------------------
    def _choose(self, seat: int) -> int:
        if not self.adaptive:
            return best_play(self._world, self.bidder_max)
        return adaptive_card(self.search, self.spot, seat, self.real if self.spot.knowledge
                             .fits(self.real) else None)


def adaptive_card(search: SureSearch, spot: Spot, seat: int, real: Layout | None) -> int:
    """The adaptive defence's card for ``seat`` at ``spot`` (module docstring): a card that
    leaves the learner without a sure line if there is one; else a trap, else the original
    deal's card (``real``, while it fits), else a low one. Always one of the cards some
    consistent layout lets ``seat`` hold."""
    groups = search.other_groups(spot, seat)
    children = []
    for cards, after in groups:
        child = search.play(spot, seat, cards[0], after)
        assert child is not None
        children.append((cards, child, search.sure(child)))
    beating = [(c, ch) for c, ch, ok in children if not ok]
    pool = beating or [(c, ch) for c, ch, _ in children]
    k = spot.knowledge
    i = k.index(seat)
    held = (k.now(real)[i] if real is not None else 0)

    def traps(child: Spot) -> int:
        if beating or search.to_move(child) != search.seat:
            return 0
        count = 0
        for c in search.learner_cards(child):
            nxt = search.play(child, search.seat, c)
            assert nxt is not None
            count += search.falls(nxt)
        return count

    def rank(item: tuple[tuple[int, ...], Spot]) -> tuple[int, int, int, int]:
        cards, child = item
        in_real = any(held >> c & 1 for c in cards)
        low = cards[-1]
        return (-traps(child), not in_real, POINTS[low], -low)

    cards, _ = min(pool, key=rank)
    in_real = [c for c in cards if held >> c & 1]
    # equal cards: the original deal's if it holds one, else the lowest of the run
    return in_real[-1] if in_real else cards[-1]


@dataclass(frozen=True)
class Cost:
    """What one of the learner's cards cost on the layout the cards came to lie in: the best
    value the learner's side could still reach with every card seen (``best``), the value
    after the chosen card (``got``), each in the solver's unit, and the chips the learner's
    seat would have (``chips_best``, ``chips_got``); ``sure_before``/``sure_after`` as in
    :class:`Played` (None in fixed mode)."""

    card: int
    best_card: int
    best: int
    got: int
    chips_best: int
    chips_got: int
    sure_before: bool | None
    sure_after: bool | None

    @property
    def lost(self) -> int:
        """Units the card gave away (0 for a best card)."""
        return abs(self.best - self.got)


def card_costs(attempt: Attempt) -> list[Cost]:
    """Each learner's card of a finished attempt, priced on the final layout (module
    docstring)."""
    problem = attempt.problem
    world = world_in(problem.state, attempt.k0, attempt.final_layout())
    solver = adapter(problem.game)
    up = problem.goal.up
    out: list[Cost] = []
    for p in attempt.played:
        if p.seat == attempt.seat:
            values = dd.analyse(world)
            best_v = max(values.values()) if up else min(values.values())
            best_card = next(c for c, v in values.items() if v == best_v)
            got = values[p.card]
            out.append(Cost(p.card, best_card, best_v, got,
                            solver.settle(world, best_v).chips[attempt.seat],
                            solver.settle(world, got).chips[attempt.seat],
                            p.sure_before, p.sure_after))
        world.apply(p.card)
    return out


__all__ = ["Attempt", "Cost", "Played", "adaptive_card", "card_costs", "real_layout",
           "search_for"]
