"""Problems from the first lead: the sure line over a sample of layouts, and how sure it is.

At the first lead the learner sees 11 cards; the other 25 lie in some 1.6 × 10⁹ ways, and a
line is a strategy over eleven tricks — too much for the exact search of :mod:`.sure`, which
covers every layout at once. A problem set there is proven on a **sample** instead, in two
parts that do different jobs:

- **the defence's layouts** (the *menu*, :meth:`~tutor.problems.knowledge.Knowledge.with_menu`):
  the deal as dealt, one layout in which each alternative shown fails, and ``drawn`` layouts
  drawn uniformly from the seed among those in which the key card works with every card seen
  (:func:`menu_layouts`, :func:`works_after`) — every one consistent with the learner's view.
  The defence that adapts chooses among them as the cards are revealed. :class:`SampleSearch`
  proves, over the menu exactly, that the key card starts a line (one card for every moment,
  chosen from what the learner has seen: no strategy fusion) that reaches the goal in every
  layout of the menu against every defence. So against this defence the safe line always
  wins, and any other first card always loses (it has no such line; a card that fails in one
  of the menu's layouts even with every card seen loses whatever follows).
- **the count** on ``counted`` *fresh* layouts (drawn from ``seed + 1``, never shown to the
  defence): in how many each card reaches the goal with every card seen, and the 95 %
  Clopper-Pearson interval of that share (:func:`clopper_pearson`). A problem is kept only when
  the key card's lower bound clears every other card's upper bound — the key works in clearly
  more layouts than any alternative — and the count is what the record and the write-up state.
  With every card seen a line does at least as well as without, so the key's share is an
  upper bound on what a line without sight of the cards makes; an alternative's failures are
  real failures (no line saves it there). Where the key works in clearly more layouts but not
  in all, keeping the menu to layouts where it works is what lets the safe line always win
  against this defence; the count says how often that line can fail at a real table.

**Later guesses.** The menu's few layouts are soon told apart by the play, and a later card
that happens to work in the one left would go unpunished though many layouts consistent with
what the learner has seen beat it. So at each of the learner's later cards the defence draws
:data:`FRESH` fresh layouts among those consistent with the learner's view (not the menu's:
they agree with every card every seat has played), seeded from the record's seed and the
cards played, and asks whether the card is a *guess* (:func:`outplayed`): sure over the menu,
but another card sure over the menu works, every card seen, in every fresh layout where it
works and in one where it fails. Then up to :data:`JOIN` of those layouts join the menu
(:func:`widened`) and the defence, searching over the wider menu, beats the guess. The *safe
line* is a card sure over the menu and no guess at each turn (:func:`safe_cards`); on it the
menu never widens, so the proof over the record's menu still holds and it always wins.

How the search keeps its size: with one layout left in the menu the learner's line may be the
double-dummy one (the play so far tells that layout from the others), so the answer is one
double-dummy test; before a learner's card is searched, each layout of the menu must still
reach the goal after it with every card seen (a failure refutes the card for every line); and
a layout that reaches the goal with every card seen still does after any card of the defence
(the defence can only do worse than its best), which answers most one-layout positions with
no test at all. Measurements: ``docs/problems.md``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from itertools import islice

from ..games.tapp import SUIT_OF, TappState
from .goal import Goal
from .knowledge import Knowledge, Layout
from .sure import Budget, Spot, Start, SureSearch

#: the confidence of the stated intervals
CONFIDENCE = 0.95
#: the most layouts drawn for each one the defence's menu keeps
DRAWS_PER_KEPT = 20
#: the fresh layouts drawn at each of the learner's later cards to tell a guess
FRESH = 64
#: the most layouts that show a card a guess which join the defence's menu
JOIN = 2


def clopper_pearson(k: int, n: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The exact (Clopper-Pearson) two-sided interval of a binomial share ``k`` of ``n``: the
    lowest and highest success rates under which ``k`` or more (fewer) successes have at least
    a (1 − confidence) / 2 chance. Found by bisection on the binomial tails."""
    if not 0 <= k <= n or n <= 0:
        raise ValueError(f"a share needs 0 <= k <= n, n > 0 (got {k} of {n})")
    tail = (1 - confidence) / 2

    def at_least(p: float) -> float:  # P(X >= k) for X ~ Bin(n, p)
        return sum(_pmf(i, n, p) for i in range(k, n + 1))

    def at_most(p: float) -> float:  # P(X <= k)
        return sum(_pmf(i, n, p) for i in range(0, k + 1))

    low = 0.0 if k == 0 else _bisect(lambda p: at_least(p) - tail, rising=True)
    high = 1.0 if k == n else _bisect(lambda p: at_most(p) - tail, rising=False)
    return low, high


def _pmf(i: int, n: int, p: float) -> float:
    if p <= 0.0:
        return 1.0 if i == 0 else 0.0
    if p >= 1.0:
        return 1.0 if i == n else 0.0
    return math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
                    + i * math.log(p) + (n - i) * math.log1p(-p))


def _bisect(f: Callable[[float], float], rising: bool) -> float:
    """The root in (0, 1) of a monotone ``f`` (rising or falling in p)."""
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if (f(mid) < 0) == rising:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def draw_layouts(k: Knowledge, seed: int, n: int) -> list[Layout]:
    """``n`` start layouts drawn uniformly (the sampler's exact draw) from ``seed``."""
    return [tuple(x | g for x, g in zip(now, k.gone, strict=True))
            for now in k.draws(random.Random(seed), n)]


def dealt_layout(state: TappState, k: Knowledge) -> Layout:
    """Where the unseen cards lie in ``state`` itself (slot by slot, at the position)."""
    return tuple(state.widow if s < 0 else state.hands[s] for s in k.slots)


def menu_layouts(k: Knowledge, dealt: Layout, shown: Iterable[Layout], seed: int,
                 drawn: int, keep: Callable[[Layout], bool] | None = None
                 ) -> tuple[list[Layout], int]:
    """The defence's layouts: the deal's, the ``shown`` ones (each alternative's), then
    ``drawn`` drawn from ``seed`` among those ``keep`` keeps (all, if None; at most
    :data:`DRAWS_PER_KEPT` draws for each) — each once, in that order; and how many drawn
    layouts ``keep`` turned away."""
    out: list[Layout] = []
    for layout in (dealt, *shown):
        if layout not in out:
            out.append(layout)
    kept = skipped = 0
    for now in islice(k.drawing(random.Random(seed)), DRAWS_PER_KEPT * drawn):
        if kept == drawn:
            break
        layout = tuple(x | g for x, g in zip(now, k.gone, strict=True))
        if keep is not None and not keep(layout):
            skipped += 1
            continue
        kept += 1
        if layout not in out:
            out.append(layout)
    return out, skipped


def works_after(state: TappState, seat: int, goal: Goal, card: int
                ) -> Callable[[Layout], bool]:
    """A test of a start layout: does ``seat`` reach ``goal`` after ``card`` (its first card
    at ``state``'s position) in that layout, every card seen?"""
    k = Knowledge.of_view(state.view(seat))
    probe = SampleSearch(Start.of(state, seat, goal, 0, menu=[dealt_layout(state, k)]))
    child = probe.play(probe.start.spot, seat, card)
    if child is None:
        raise ValueError(f"not a card of seat {seat}'s")
    return lambda layout: probe.dd_met(child, k.now(layout))


class SampleSearch(SureSearch):
    """The sure-line search of :mod:`.sure` held to the menu of its start's knowledge (module
    docstring): the defence plays only cards some layout of the menu allows, no two unseen
    cards are one choice (swapping them need not map the menu onto itself), and the answer
    rests on double-dummy tests of the menu's layouts where the module docstring says."""

    def __init__(self, start: Start, budget: int = 2_000_000,
                 dd_budget: int = 10_000_000) -> None:
        super().__init__(start, budget)
        if start.spot.knowledge.menu is None:
            raise ValueError("a sample search needs a knowledge with a menu")
        #: the most double-dummy tests before the search gives up (:class:`Budget`)
        self.dd_budget = dd_budget
        #: (spot key, start layout) -> does the learner reach the goal there, every card seen?
        self.met_in: dict[tuple[tuple[object, ...], Layout], bool] = {}

    @staticmethod
    def key(spot: Spot) -> tuple[object, ...]:
        return (*SureSearch.key(spot), spot.knowledge.menu)

    def other_groups(self, spot: Spot, seat: int) -> list[tuple[tuple[int, ...], Knowledge]]:
        k = spot.knowledge
        led = SUIT_OF[spot.trick[0]] if spot.trick else -1
        return [((c,), after) for c, after in k.choices(k.index(seat), led, self.play_trump)]

    def met(self, spot: Spot, key: tuple[object, ...], layout: Layout) -> bool:
        """Does the learner reach the goal from ``spot`` if the cards lay as ``layout`` (a
        start layout of the menu), every card seen? Remembered."""
        got = self.met_in.get((key, layout))
        if got is None:
            if self.dd_calls >= self.dd_budget:
                raise Budget(f"more than {self.dd_budget} double-dummy tests")
            got = self.dd_met(spot, spot.knowledge.now(layout))
            self.met_in[key, layout] = got
        return got

    def _menu(self, spot: Spot) -> tuple[Layout, ...]:
        """The spot's menu, the layouts that refuted a line lately first."""
        menu = spot.knowledge.menu
        assert menu is not None
        first = [lay for lay in self.killers if lay in menu]
        return (*first, *(lay for lay in menu if lay not in first)) if first else menu

    def all_met(self, spot: Spot, key: tuple[object, ...]) -> bool:
        """Every layout of the menu reaches the goal from ``spot`` with every card seen."""
        for layout in self._menu(spot):
            if not self.met(spot, key, layout):
                self.add_killer(layout)
                return False
        return True

    def falls(self, spot: Spot) -> bool:
        """Some layout of the menu beats the learner at ``spot`` even with every card seen (a
        sure sign of no sure line, and quick: the defence's traps are counted with it)."""
        return not self.all_met(spot, self.key(spot))

    def sure(self, spot: Spot) -> bool:
        key = self.key(spot)
        got = self.table.get(key)
        if got is not None:
            return got
        self.nodes += 1
        if self.nodes > self.budget:
            raise Budget(f"more than {self.budget} spots")
        out = self._bounds(spot)
        if out is None:
            menu = spot.knowledge.menu
            assert menu is not None
            if len(menu) == 1 or self.tricks_left(spot) == 1:
                out = self.all_met(spot, key)  # the learner may play double dummy
            else:
                mover = self.to_move(spot)
                out = (self._learner_over(spot, key) if mover == self.seat
                       else self._others_over(spot, mover, key))
        self.table[key] = out
        return out

    def _learner_over(self, spot: Spot, key: tuple[object, ...]) -> bool:
        menu = spot.knowledge.menu
        assert menu is not None
        if any(self.met_in.get((key, lay)) is False for lay in menu):
            return False
        for card in self.learner_order(spot, key):
            child = self.play(spot, self.seat, card)
            assert child is not None
            if self.all_met(child, self.key(child)) and self.sure(child):
                self.found_sure(key, card)
                return True
        return False

    def _others_over(self, spot: Spot, seat: int, key: tuple[object, ...]) -> bool:
        if not self.all_met(spot, key):
            return False  # the defence steers to a layout where every line fails
        moves = self.other_groups(spot, seat)
        history = self.history
        if len(moves) > 1:
            moves.sort(key=lambda m: -history.get((seat, m[0][0]), 0))
        for (card,), after in moves:
            child = self.play(spot, seat, card, after)
            assert child is not None
            ckey = self.key(child)
            menu = child.knowledge.menu
            assert menu is not None
            for layout in menu:  # the defence's card cannot lift the learner's best
                self.met_in[ckey, layout] = True
            if not self.sure(child):
                history[seat, card] = history.get((seat, card), 0) + 1
                return False
        return True


# -- later guesses: the menu widened as the play goes ----------------------------------------
def view_knowledge(k: Knowledge) -> Knowledge:
    """``k`` without its menu: what the learner's view alone allows (every card played so far
    is in it, so a layout it draws agrees with every card of every seat)."""
    return replace(k, menu=None)


def fresh_layouts(k: Knowledge, seed: int, played: Sequence[int], n: int = FRESH
                  ) -> list[Layout]:
    """``n`` layouts (as the cards lie now) drawn uniformly among those consistent with the
    learner's view at ``k`` — not the menu's — from a generator seeded with ``seed`` and the
    cards ``played`` so far, so that the same attempt draws the same ones."""
    rng = random.Random(f"{seed}/{' '.join(map(str, played))}")
    return view_knowledge(k).draws(rng, n)


def _fails(search: SureSearch, child: Spot, fresh: Sequence[Layout]) -> list[bool]:
    """In which of ``fresh`` the learner misses the goal from ``child``, every card seen."""
    return [not search.dd_met(child, layout) for layout in fresh]


def outplayed(search: SureSearch, spot: Spot, card: int, fresh: Sequence[Layout]
              ) -> list[Layout]:
    """Is the learner's ``card`` at ``spot`` a *guess* on the ``fresh`` layouts? It is when it
    is sure over the menu but another card sure over the menu does better on them: works
    (every card seen) in each fresh layout where ``card`` works and in some where it fails.
    Returns those layouts (where ``card`` fails and the better card works), else []."""
    seat = search.seat
    child = search.play(spot, seat, card)
    assert child is not None
    if not search.sure(child):
        return []  # no sure line over the menu: the defence beats it already
    fails = _fails(search, child, fresh)
    if not any(fails):
        return []
    for other in search.learner_cards(spot):
        if other == card:
            continue
        better = search.play(spot, seat, other)
        assert better is not None
        worse = [lay for lay, f in zip(fresh, fails, strict=True)
                 if f and search.dd_met(better, lay)]
        if not worse or any(not f and not search.dd_met(better, lay)
                            for lay, f in zip(fresh, fails, strict=True)):
            continue
        if search.sure(better):
            return worse
    return []


def safe_cards(search: SureSearch, spot: Spot, fresh: Sequence[Layout]) -> list[int]:
    """The learner's legal cards at ``spot`` that are sure over the menu and no guess on the
    ``fresh`` layouts (:func:`outplayed`): the safe line's choices. One exists at every spot
    that is sure over the menu (a sure card failing in the fewest fresh layouts)."""
    seat = search.seat
    sure: dict[int, list[bool]] = {}
    for card in search.legal(spot):
        child = search.play(spot, seat, card)
        assert child is not None
        if search.sure(child):
            sure[card] = _fails(search, child, fresh)

    def beaten(row: list[bool]) -> bool:
        return any(other != row and all(f or not o for f, o in zip(row, other, strict=True))
                   for other in sure.values())

    return [card for card, row in sure.items() if not beaten(row)]


def widened(spot: Spot, layouts: Sequence[Layout]) -> Spot:
    """``spot`` with ``layouts`` (as the cards lie now, each consistent with the learner's
    view) added to the defence's menu (as start layouts); PRB-6 if one does not fit."""
    k = spot.knowledge
    menu = k.menu or ()
    starts = [tuple(n | g for n, g in zip(now, k.gone, strict=True)) for now in layouts]
    added = [s for s in dict.fromkeys(starts) if s not in menu]
    return spot._replace(knowledge=view_knowledge(k).with_menu([*menu, *added]))


__all__ = ["CONFIDENCE", "DRAWS_PER_KEPT", "FRESH", "JOIN", "SampleSearch", "clopper_pearson",
           "dealt_layout", "draw_layouts", "fresh_layouts", "menu_layouts", "outplayed",
           "safe_cards", "view_knowledge", "widened", "works_after"]
