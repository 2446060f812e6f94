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

A position too early for that search (the first lead) is proven on a sample instead
(:func:`analyse_sampled`, :mod:`tutor.problems.sampled`): the cards are counted on fresh
layouts drawn from ``seed + 1``, and the sure cards are those with a line over the defence's
layouts (its *menu*).
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
from .problem import Sample, question_value, world_in
from .sampled import (
    SampleSearch,
    clopper_pearson,
    dealt_layout,
    draw_layouts,
    menu_layouts,
    works_after,
)
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
    return k.draws(random.Random(seed), sample), count, False


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


def count_cards(search: SureSearch, spot: Spot,
                groups: Sequence[Sequence[int]], layouts: Sequence[Layout]
                ) -> dict[int, list[bool]]:
    """For each run of equal cards (its first card), whether the learner reaches the goal after
    it in each of ``layouts`` (as the cards lie at ``spot``) with every card seen."""
    out: dict[int, list[bool]] = {}
    for g in groups:
        child = search.play(spot, search.seat, g[0])
        assert child is not None
        out[g[0]] = [search.dd_met(child, layout) for layout in layouts]
    return out


def analyse_sampled(state: TappState, seat: int, goal: Goal, *, seed: int, drawn: int,
                    counted: int, kept: int, shown: Sequence[Layout] = (),
                    budget: int = 2_000_000, dd_budget: int = 10_000_000,
                    made: dict[int, list[bool]] | None = None
                    ) -> tuple[Analysis, SampleSearch, int]:
    """The proof on a sample (module docstring): each card counted on ``counted`` fresh
    layouts (from ``seed + 1``; ``made`` when the caller counted them already), the sure cards
    searched over the menu — the deal's layout, ``shown`` (the alternatives'), ``drawn`` from
    ``seed`` among those where ``kept`` works with every card seen. A card's witness is the
    first counted layout in which it fails while the card that works most often works.
    Returns the analysis, the search and how many drawn layouts ``kept`` turned away."""
    k = Knowledge.of_view(state.view(seat))
    menu, skipped = menu_layouts(k, dealt_layout(state, k), shown, seed, drawn,
                                 works_after(state, seat, goal, kept))
    search = SampleSearch(Start.of(state, seat, goal, 0, menu=menu), budget=budget,
                          dd_budget=dd_budget)
    spot = search.start.spot
    groups = equal_groups(search, spot)
    fresh = draw_layouts(k, seed + 1, counted)
    if made is None:
        made = count_cards(search, spot, groups, fresh)
    best = max(made, key=lambda c: sum(made[c]))  # the first of the most successful
    counts: dict[int, CardCount] = {}
    for g in groups:
        row = made[g[0]]
        witness = next((lay for lay, ok, b in zip(fresh, row, made[best], strict=True)
                        if not ok and b), None)
        counts[g[0]] = CardCount(g[0], row.count(False), counted, witness)
    sure: list[int] = []
    for g in groups:
        child = search.play(spot, seat, g[0])
        assert child is not None
        if search.sure(child):
            sure.extend(g)
    return (Analysis(k.count(), counted, False, groups, counts, tuple(sure), search.nodes),
            search, skipped)


def sample_of(a: Analysis, seed: int, drawn: int, kept: int, skipped: int,
              menu: int) -> Sample | None:
    """The record's ``sample`` for a proof on a sample: the weakest key card's count and
    the best other card's, with their intervals; None if there is no key card or no other
    card, or the key does not work in clearly more layouts (its interval not above)."""
    keys = [g[0] for g in a.groups if g[0] in a.sure]
    others = [g[0] for g in a.groups if g[0] not in a.sure]
    if not keys or not others:
        return None
    key = min(keys, key=lambda c: a.counted - a.counts[c].fails)
    rival = max(others, key=lambda c: a.counted - a.counts[c].fails)
    makes = a.counted - a.counts[key].fails
    rival_makes = a.counted - a.counts[rival].fails
    low = round(clopper_pearson(makes, a.counted)[0], 4)
    high = round(clopper_pearson(rival_makes, a.counted)[1], 4)
    if not high < low:
        return None
    return Sample(seed, drawn, kept, skipped, menu, makes, low, rival, rival_makes, high)


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


__all__ = ["ENUMERATE", "SAMPLE", "Analysis", "CardCount", "analyse", "analyse_sampled",
           "best_play", "count_cards", "describe", "equal_groups", "layouts_to_count",
           "play_out", "sample_of", "wilson"]
