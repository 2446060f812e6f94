"""Proving a problem: which cards are sure, which fail and where, and how often.

Two tools, each exact where it speaks:

- the **sure-line search** (:mod:`tutor.problems.sure`) proves that a card is the start of a
  line reaching the goal against every consistent layout *and* every defence — over all the
  layouts at once, however many there are;
- the **double-dummy solver** on one layout (:mod:`tutor.solver.kernel`) shows that a card
  fails: if the goal is out of reach after it in some layout even with every card seen, no
  line starting with it can be sure. That layout is the alternative's *witness*, the diagram
  of the write-up.

How often a card fails is counted over every consistent layout when there are at most
:data:`ENUMERATE` of them, else over :data:`SAMPLE` layouts drawn uniformly (the sampler's
exact draw) from a fixed seed (0 for the shipped problems, so a re-proof draws the same
sample), and the share is given with a 95 % interval (:func:`wilson`). The sure cards never
rest on the sample: the search covers every layout.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..games.tapp import CARD_TEXT, DONE, TappState
from ..solver import search as dd
from .goal import Goal
from .knowledge import Knowledge, Layout
from .problem import question_value, world_in
from .sure import Spot, Start, SureSearch

#: At most this many consistent layouts are all examined; beyond, a uniform sample.
ENUMERATE = 20_000
#: The sample's size beyond :data:`ENUMERATE`.
SAMPLE = 600


@dataclass(frozen=True)
class CardCount:
    """One legal card at the position: in how many of the ``counted`` layouts the goal is out
    of reach after it with every card seen (``fails``), and the first such layout."""

    card: int
    fails: int
    counted: int
    witness: Layout | None


@dataclass(frozen=True)
class Analysis:
    """What the solver found at a problem's position (see the module docstring).

    ``groups`` are the learner's legal cards in runs of equal cards (one choice each);
    ``sure`` every legal card proven sure; ``counts`` each group's first card's count;
    ``layouts`` the consistent layouts, ``counted`` those examined (``exhaustive``: all);
    ``spots`` the search's visited positions."""

    layouts: int
    counted: int
    exhaustive: bool
    groups: tuple[tuple[int, ...], ...]
    counts: dict[int, CardCount]
    sure: tuple[int, ...]
    spots: int

    def group_of(self, card: int) -> tuple[int, ...]:
        return next(g for g in self.groups if card in g)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a share ``k`` of ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


def layouts_to_count(k: Knowledge, seed: int = 0, limit: int = ENUMERATE,
                     sample: int = SAMPLE) -> tuple[list[Layout], int, bool]:
    """The layouts to examine: all (if at most ``limit``) or a uniform sample; with the number
    of consistent layouts and whether all are examined."""
    count = k.count()
    if count <= limit:
        return list(k.layouts()), count, True
    rng = random.Random(seed)
    return [k.draw(rng) for _ in range(sample)], count, False


def equal_groups(search: SureSearch, spot: Spot) -> tuple[tuple[int, ...], ...]:
    """The learner's legal cards in runs of equal cards (same suit, same points, no other live
    card between them): one choice each."""
    legal = search.legal(spot)
    reps = search.learner_cards(spot)
    groups: list[list[int]] = []
    for c in legal:
        if c in reps:
            groups.append([c])
        else:
            groups[-1].append(c)  # legal order is by suit, high to low: its run's head is last
    return tuple(tuple(g) for g in groups)


def analyse(state: TappState, seat: int, goal: Goal, *, seed: int = 0,
            budget: int = 2_000_000, limit: int = ENUMERATE, sample: int = SAMPLE,
            search: SureSearch | None = None) -> tuple[Analysis, SureSearch]:
    """Count each legal card's failing layouts and prove the cards that fail in none; returns
    the analysis and the search (its table is warm for the defence)."""
    if search is None:
        search = SureSearch(Start.of(state, seat, goal, seed), budget=budget)
    spot = search.start.spot
    k = spot.knowledge
    layouts, count, exhaustive = layouts_to_count(k, seed, limit, sample)
    groups = equal_groups(search, spot)
    counts: dict[int, CardCount] = {}
    for g in groups:
        card = g[0]
        child = search.play(spot, seat, card)
        assert child is not None
        fails, witness = 0, None
        for layout in layouts:
            if not search.dd_met(child, layout):
                fails += 1
                if witness is None:
                    witness = layout
                    search.add_killer(layout)
        counts[card] = CardCount(card, fails, len(layouts), witness)
    sure: list[int] = []
    for g in groups:
        if counts[g[0]].fails:
            continue
        child = search.play(spot, seat, g[0])
        assert child is not None
        if search.sure(child):
            sure.extend(g)
    return (Analysis(count, len(layouts), exhaustive, groups, counts, tuple(sure),
                     search.nodes), search)


def best_play(world: TappState, bidder_max: bool) -> int:
    """The card the player to move plays with every card seen: the bidder's side aims at the
    best value for the bidder (the most, or the fewest in a misère), the other side at the
    worst; the first such card in legal order."""
    values = dd.analyse(world)
    bidder = world.to_move == world.bidder
    want_high = bidder == bidder_max
    target = max(values.values()) if want_high else min(values.values())
    return next(c for c, v in values.items() if v == target)


def play_out(state: TappState, k: Knowledge, layout: Layout, first: Sequence[int],
             bidder_max: bool) -> tuple[tuple[int, ...], int]:
    """The rest of the deal in ``layout``: the cards ``first``, then best play by both sides;
    the cards played and the bidder's final value."""
    world = world_in(state, k, layout)
    played: list[int] = []
    for c in first:
        world.apply(c)
        played.append(c)
    while world.phase != DONE:
        c = best_play(world, bidder_max)
        world.apply(c)
        played.append(c)
    return tuple(played), question_value(world)


def describe(a: Analysis) -> str:
    """One line for logs: cards, fails, sure."""
    parts = [f"{CARD_TEXT[c]}:{a.counts[c].fails}/{a.counts[c].counted}" for c in a.counts]
    return (f"{a.layouts} layouts ({'all' if a.exhaustive else a.counted} counted); "
            + " ".join(parts) + f"; sure {[CARD_TEXT[c] for c in a.sure]}; {a.spots} spots")


__all__ = ["ENUMERATE", "SAMPLE", "Analysis", "CardCount", "analyse", "best_play",
           "describe", "equal_groups", "layouts_to_count", "play_out", "wilson"]
