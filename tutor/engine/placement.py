"""Placing the unseen cards into the slots that receive them, exactly uniformly: the counting
core of the sampler (:mod:`tutor.engine.sampler`).

The input is what a view fixes, reduced to numbers: the slots (other hands, unseen piles), the
room left in each, and per *group* the unseen cards and which slots may take them (a *void*
rules a slot out) or must take at least one (a suit known to be held). A group is a set of cards
interchangeable as far as these facts go: a suit in the Tapp games (voids are per suit), a part
of a suit where the play ruled single cards out of a hand (Sixty-Six's strict rules, SS-11).
A placement is counted group by group: the ways of splitting a group's cards among the slots
times the ways of placing the remaining groups in the room left. A placement is drawn the same
way, each split weighted by its count: every consistent placement is equally likely, with no
rejection. (The code says *suit* for a group: the four suits are the common case.)

Two ways of counting, the same numbers:

- :class:`PerSlot` splits a suit slot by slot, keyed by the room left in each slot. It is the
  draw of the three-hand games (two hands and a pile: Six-Bid Solo, Frog), whose seeded worlds
  the fingerprints pin, and of Crazy Solo up to four players.
- :class:`Grouped` is for many slots (Crazy Solo from five players: up to eleven hands of
  three). Slots with the same room left and the same voids for the suits still to place are
  interchangeable, so it counts how *many* slots of each kind take 0, 1, 2 … cards of a suit,
  not which ones: a table of eleven hands of three has a few dozen splits of a suit where slot
  by slot it has thousands, and a few hundred states to remember instead of millions. A draw
  picks the kinds' split by its count, then which slots of a kind take how many (a uniform
  shuffle of the kind's slots), then the cards (a uniform shuffle of the suit).

:func:`placement` picks one by the number of slots.

A third way suits a pack mostly unseen, with a pile that may take any card (Auction Pitch's
cards never dealt: up to six hands and a pile of 10 to 34 cards):

- :class:`Compositions` fills the slots one after another, counting each slot's *composition*
  (how many cards of each group it takes) with the cards of each group still unplaced as the
  state; the slots free of every fact (no void, no group they must hold) come last and are
  counted at once — whatever cards are left, dealt to them in any way: a multinomial. Before
  any void is shown a world is one shuffle. A game picks it through its constraints
  (:meth:`tutor.engine.sampler.Constraints.placement`); the other games' draws are unchanged.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache
from itertools import accumulate
from math import comb, factorial
from typing import Protocol

#: Up to this many slots a suit is split slot by slot (:class:`PerSlot`).
PER_SLOT_MOST = 3


class Placement(Protocol):
    """An exact, uniform placement of the unseen cards into the slots."""

    def count(self) -> int:
        """The number of consistent placements."""
        ...

    def draw(self, rng: random.Random) -> list[int]:
        """One placement, uniform among the consistent ones: the mask of cards per slot, in
        slot order."""
        ...


def placement(caps: Sequence[int], by_suit: Sequence[Sequence[int]],
              allowed: Sequence[Sequence[bool]], least: Sequence[Sequence[bool]]) -> Placement:
    """The placement of ``by_suit[s]`` (the unseen cards of group s, any number of groups)
    into slots with room ``caps``, slot i taking group s only if ``allowed[s][i]`` and at least
    one if ``least[s][i]`` — slot by slot for a few slots, by kinds of slot for many (see the
    module docstring)."""
    if len(caps) <= PER_SLOT_MOST:
        return PerSlot(caps, by_suit, allowed, least)
    return Grouped(caps, by_suit, allowed, least)


# --- slot by slot --------------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def _splits(n: int, caps: tuple[int, ...], allowed: tuple[bool, ...], least: tuple[bool, ...]
            ) -> tuple[tuple[int, ...], ...]:
    """Every way to put ``n`` interchangeable cards into slots with room ``caps``."""
    out: list[tuple[int, ...]] = []

    def rec(i: int, left: int, acc: list[int]) -> None:
        low = 1 if least[i] else 0
        if i == len(caps) - 1:
            if low <= left <= caps[i] and (allowed[i] or left == 0):
                out.append((*acc, left))
            return
        top = min(left, caps[i]) if allowed[i] else 0
        for k in range(low, top + 1):
            acc.append(k)
            rec(i + 1, left - k, acc)
            acc.pop()

    rec(0, n, [])
    return tuple(out)


def _multinomial(parts: Sequence[int]) -> int:
    total, out = 0, 1
    for k in parts:
        total += k
        out *= comb(total, k)
    return out


class PerSlot:
    """Each suit split slot by slot; the counts of the remaining suits are remembered by the
    room left in each slot."""

    def __init__(self, caps: Sequence[int], by_suit: Sequence[Sequence[int]],
                 allowed: Sequence[Sequence[bool]], least: Sequence[Sequence[bool]]) -> None:
        self.caps = tuple(caps)
        self.by_suit = [list(cards) for cards in by_suit]
        self.allowed = [tuple(a) for a in allowed]
        self.least = [tuple(m) for m in least]
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}

    def _count(self, suit: int, caps: tuple[int, ...]) -> int:
        """Ways to place the unseen cards of groups ``suit``.. into room ``caps``."""
        if suit == len(self.by_suit):
            return 1 if not any(caps) else 0
        key = (suit, caps)
        got = self._ways.get(key)
        if got is not None:
            return got
        total = 0
        for parts in _splits(len(self.by_suit[suit]), caps, self.allowed[suit],
                             self.least[suit]):
            rest = tuple(c - k for c, k in zip(caps, parts, strict=True))
            total += _multinomial(parts) * self._count(suit + 1, rest)
        self._ways[key] = total
        return total

    def count(self) -> int:
        return self._count(0, self.caps)

    def draw(self, rng: random.Random) -> list[int]:
        caps = self.caps
        held = [0] * len(caps)
        for suit in range(len(self.by_suit)):
            cards = self.by_suit[suit]
            if not cards:
                continue
            options = []
            weights = []
            for parts in _splits(len(cards), caps, self.allowed[suit], self.least[suit]):
                rest = tuple(c - k for c, k in zip(caps, parts, strict=True))
                w = _multinomial(parts) * self._count(suit + 1, rest)
                if w:
                    options.append((parts, rest))
                    weights.append(w)
            pick = rng.randrange(sum(weights))
            i = 0
            while pick >= weights[i]:
                pick -= weights[i]
                i += 1
            parts, caps = options[i]
            shuffled = cards[:]
            rng.shuffle(shuffled)
            at = 0
            for slot, k in enumerate(parts):
                for c in shuffled[at: at + k]:
                    held[slot] |= 1 << c
                at += k
        return held


# --- by kinds of slot ----------------------------------------------------------------------------
#: A kind of slot for the suits still to place: (room left, voids, suits held), the suit masks
#: keeping only the suits still to place.
Kind = tuple[int, int, int]
#: The slots as counted: (kind, how many slots of it), sorted.
Kinds = tuple[tuple[Kind, int], ...]
#: One split of a suit by kinds: for each kind (in the order of :data:`Kinds`), how many of its
#: slots take 0, 1, 2 … cards.
Split = tuple[tuple[int, ...], ...]


def _spreads(m: int, room: int, cards: int, low: int) -> list[tuple[tuple[int, ...], int]]:
    """Every way ``m`` slots with ``room`` each can take ``cards`` cards of a suit between them,
    each taking at least ``low``: (how many slots take 0, 1, …, room), and the cards taken."""
    out: list[tuple[tuple[int, ...], int]] = []

    def rec(j: int, slots_left: int, cards_left: int, acc: list[int]) -> None:
        if j == room:
            if j * slots_left <= cards_left and (slots_left == 0 or j >= low):
                acc.append(slots_left)
                out.append((tuple(acc), cards - cards_left + j * slots_left))
                acc.pop()
            return
        top = slots_left if j >= low else 0
        for n in range(top + 1):
            if j * n > cards_left:
                break
            acc.append(n)
            rec(j + 1, slots_left - n, cards_left - j * n, acc)
            acc.pop()

    rec(0, m, cards, [])
    return out


class Grouped:
    """Slots counted by kind (see the module docstring): a state is how many slots of each kind
    there are, which merges every arrangement of the same rooms among alike slots."""

    def __init__(self, caps: Sequence[int], by_suit: Sequence[Sequence[int]],
                 allowed: Sequence[Sequence[bool]], least: Sequence[Sequence[bool]]) -> None:
        self.by_suit = [list(cards) for cards in by_suit]
        # the kind of each slot, with its void and held-suit masks over all four suits
        groups = range(len(self.by_suit))
        self.kind_of = [(cap, sum(1 << s for s in groups if not allowed[s][i]),
                         sum(1 << s for s in groups if least[s][i]))
                        for i, cap in enumerate(caps)]
        self._ways: dict[tuple[int, Kinds], int] = {}
        self._options: dict[tuple[int, Kinds], tuple[list[tuple[Split, Kinds]], list[int]]] = {}

    @staticmethod
    def _keep(kind: Kind, suit: int) -> Kind:
        """``kind`` with its masks cut to the suits from ``suit`` on."""
        keep = -1 << suit
        return kind[0], kind[1] & keep, kind[2] & keep

    def start(self) -> tuple[Kinds, dict[Kind, list[int]]]:
        """The kinds before the first suit, and the slots of each kind (in slot order)."""
        members: dict[Kind, list[int]] = {}
        for i, kind in enumerate(self.kind_of):
            members.setdefault(kind, []).append(i)
        return tuple(sorted((k, len(v)) for k, v in members.items())), members

    def _splits(self, suit: int, kinds: Kinds) -> list[tuple[Split, int, Kinds]]:
        """Every split of the suit's cards by kinds: (the split, the ways to pick which slots of
        each kind take how many times the ways to deal the cards to them, the kinds after)."""
        n = len(self.by_suit[suit])
        bit = 1 << suit
        per_kind: list[list[tuple[tuple[int, ...], int]]] = []
        for (room, void, held), m in kinds:
            spreads: list[tuple[tuple[int, ...], int]]
            if void & held & bit:
                spreads = []  # void in a suit it is known to hold: no placement
            elif void & bit:
                spreads = [((m,), 0)]
            else:
                spreads = _spreads(m, room, n, 1 if held & bit else 0)
            per_kind.append(spreads)
        out: list[tuple[Split, int, Kinds]] = []
        fact_n = factorial(n)

        def rec(i: int, left: int, acc: list[tuple[int, ...]]) -> None:
            if i == len(kinds):
                if left:
                    return
                ways = fact_n
                after: dict[Kind, int] = {}
                for ((room, void, held), m), spread in zip(kinds, acc, strict=True):
                    pick = factorial(m)
                    for j, k in enumerate(spread):
                        if k:
                            pick //= factorial(k)
                            ways //= factorial(j) ** k
                            key = self._keep((room - j, void, held), suit + 1)
                            after[key] = after.get(key, 0) + k
                    ways *= pick
                out.append((tuple(acc), ways, tuple(sorted(after.items()))))
                return
            for spread, taken in per_kind[i]:
                if taken <= left:
                    acc.append(spread)
                    rec(i + 1, left - taken, acc)
                    acc.pop()

        rec(0, n, [])
        return out

    def _count(self, suit: int, kinds: Kinds) -> int:
        """Ways to place the unseen cards of groups ``suit``.. into slots of ``kinds``."""
        if suit == len(self.by_suit):
            return 1 if all(kind[0] == 0 for kind, _ in kinds) else 0
        key = (suit, kinds)
        got = self._ways.get(key)
        if got is not None:
            return got
        total = sum(ways * self._count(suit + 1, after)
                    for _, ways, after in self._splits(suit, kinds))
        self._ways[key] = total
        return total

    def count(self) -> int:
        return self._count(0, self.start()[0])

    def _choices(self, suit: int, kinds: Kinds) -> tuple[list[tuple[Split, Kinds]], list[int]]:
        """The splits with a consistent rest, and their running weights (remembered)."""
        key = (suit, kinds)
        got = self._options.get(key)
        if got is None:
            options: list[tuple[Split, Kinds]] = []
            weights: list[int] = []
            for split, ways, after in self._splits(suit, kinds):
                w = ways * self._count(suit + 1, after)
                if w:
                    options.append((split, after))
                    weights.append(w)
            got = self._options[key] = (options, list(accumulate(weights)))
        return got

    def draw(self, rng: random.Random) -> list[int]:
        kinds, members = self.start()
        held = [0] * len(self.kind_of)
        for suit in range(len(self.by_suit)):
            options, running = self._choices(suit, kinds)
            i = bisect_right(running, rng.randrange(running[-1])) if len(options) > 1 else 0
            split, after = options[i]
            cards = self.by_suit[suit][:]
            rng.shuffle(cards)
            at = 0
            moved: dict[Kind, list[int]] = {}
            for ((room, void, hold), _), spread in zip(kinds, split, strict=True):
                slots = members[(room, void, hold)]
                if len(slots) > 1:
                    slots = slots[:]
                    rng.shuffle(slots)  # which slots of the kind take how many: uniform
                first = 0
                for j, k in enumerate(spread):
                    for slot in slots[first: first + k]:
                        for c in cards[at: at + j]:
                            held[slot] |= 1 << c
                        at += j
                    if k:
                        key = self._keep((room - j, void, hold), suit + 1)
                        moved.setdefault(key, []).extend(slots[first: first + k])
                    first += k
            kinds = after
            members = moved
        return held


# --- slot by slot, by composition ----------------------------------------------------------------
class Compositions:
    """The slots filled one after another by their composition — how many cards of each group
    each takes — with the cards of each group still unplaced as the state; the slots free of
    every fact last, counted and dealt at once (see the module docstring).

    The number of placements is the sum, over the compositions of the restricted slots, of the
    ways to pick those cards (a binomial per group) times the multinomial of the cards left over
    the free slots. A draw takes each restricted slot's composition weighted by its count, its
    cards uniformly within each group, then shuffles what is left into the free slots.
    """

    def __init__(self, caps: Sequence[int], by_suit: Sequence[Sequence[int]],
                 allowed: Sequence[Sequence[bool]], least: Sequence[Sequence[bool]]) -> None:
        self.caps = tuple(caps)
        self.by_suit = [list(cards) for cards in by_suit]
        groups = range(len(self.by_suit))
        self.restricted = [i for i in range(len(caps))
                           if not all(allowed[g][i] and not least[g][i] for g in groups)]
        self.free = [i for i in range(len(caps)) if i not in self.restricted]
        #: per restricted slot: (room, the groups it may take, the groups it must take)
        self.rules = [(caps[i], tuple(allowed[g][i] for g in groups),
                       tuple(least[g][i] for g in groups)) for i in self.restricted]
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self._options: dict[tuple[int, tuple[int, ...]],
                            tuple[list[tuple[int, ...]], list[int]]] = {}

    def _compositions(self, step: int, left: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Every composition of restricted slot ``step`` from the cards ``left`` per group, with
        the ways to pick its cards."""
        room, may, must = self.rules[step]
        out: list[tuple[tuple[int, ...], int]] = []
        last = len(left) - 1

        def rec(g: int, room_left: int, acc: list[int], ways: int) -> None:
            low = 1 if must[g] else 0
            top = min(room_left, left[g]) if may[g] else 0
            if g == last:
                if low <= room_left <= top:
                    out.append(((*acc, room_left), ways * comb(left[g], room_left)))
                return
            for k in range(low, top + 1):
                acc.append(k)
                rec(g + 1, room_left - k, acc, ways * comb(left[g], k))
                acc.pop()

        if left:
            rec(0, room, [], 1)
        elif room == 0:
            out.append(((), 1))
        return out

    def _count(self, step: int, left: tuple[int, ...]) -> int:
        """Ways to place the cards ``left`` (per group) into restricted slots ``step``.. and the
        free slots."""
        if step == len(self.restricted):
            total = sum(left)
            rooms = [self.caps[i] for i in self.free]
            if sum(rooms) != total:
                return 0
            return _multinomial(rooms)
        key = (step, left)
        got = self._ways.get(key)
        if got is None:
            got = sum(ways * self._count(step + 1, tuple(n - k for n, k in zip(left, comp,
                                                                                strict=True)))
                      for comp, ways in self._compositions(step, left))
            self._ways[key] = got
        return got

    def count(self) -> int:
        return self._count(0, tuple(len(cards) for cards in self.by_suit))

    def _choices(self, step: int, left: tuple[int, ...]
                 ) -> tuple[list[tuple[int, ...]], list[int]]:
        """The compositions with a consistent rest, and their running weights (remembered)."""
        key = (step, left)
        got = self._options.get(key)
        if got is None:
            options: list[tuple[int, ...]] = []
            weights: list[int] = []
            for comp, ways in self._compositions(step, left):
                rest = tuple(n - k for n, k in zip(left, comp, strict=True))
                w = ways * self._count(step + 1, rest)
                if w:
                    options.append(comp)
                    weights.append(w)
            got = self._options[key] = (options, list(accumulate(weights)))
        return got

    def draw(self, rng: random.Random) -> list[int]:
        held = [0] * len(self.caps)
        pools = [cards[:] for cards in self.by_suit]
        left = tuple(len(cards) for cards in pools)
        for step, slot in enumerate(self.restricted):
            options, running = self._choices(step, left)
            i = bisect_right(running, rng.randrange(running[-1])) if len(options) > 1 else 0
            comp = options[i]
            for g, k in enumerate(comp):
                if k:
                    pool = pools[g]
                    for c in rng.sample(pool, k):
                        held[slot] |= 1 << c
                        pool.remove(c)
            left = tuple(len(cards) for cards in pools)
        rest = [c for cards in pools for c in cards]
        rng.shuffle(rest)
        at = 0
        for slot in self.free:
            for c in rest[at: at + self.caps[slot]]:
                held[slot] |= 1 << c
            at += self.caps[slot]
        return held


__all__ = ["PER_SLOT_MOST", "Compositions", "Grouped", "PerSlot", "Placement", "placement"]
