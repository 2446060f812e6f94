"""Playouts: what a card is worth when the position is too big to search exactly.

Early in a deal at a big table the exact search (:mod:`tutor.solver.endgame`) costs too much,
so a card is valued by playing the deal out from it — in one sampled world, every hand seen and
the sides known — and counting the card points the maximising side (the soloists) ends with.
Two ways to play the other cards, a **policy** each seat follows:

- ``"random"``: any legal card, uniformly (the playout of :func:`tutor.games.tapp.random_playout`,
  on masks);
- ``"greedy"``: a card player's first thoughts, on the hands of the world: smear points on a
  trick the own side surely wins, win the trick as cheaply as surely wins it (with the most
  points when nobody after can take it), cash masters when leading, else throw the cheapest
  card; ties are broken at random. "Surely" reads every later hand of the other side in the
  world: can any of its legal cards beat the card?

A card's value is the mean over ``playouts`` playouts after it. Like the exact search, the
playouts are written on plain masks in play order (:class:`~tutor.solver.endgame.Endgame`), so
they serve any number of hands. Which policy and how many playouts the PIMC bot uses, and why:
``docs/crazy-solo-bots.md``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection

from ..errors import IllegalActionError
from ..games.tapp import POINTS, SUIT_MASK, TappState
from .endgame import Endgame, position_of, trick_winner

__all__ = ["POLICIES", "analyse", "choose", "playout", "values_after"]

#: a policy: (hands, position to move, leader, trick, trump, side mask, rng) -> the card
Policy = Callable[[list[int], int, int, list[int], int, int, random.Random], int]


def _legal_mask(hand: int, trick: list[int], trump: int) -> int:
    if trick:
        follow = hand & SUIT_MASK[trick[0] // 9]
        if follow:
            return follow
        if trump >= 0:
            trumps = hand & SUIT_MASK[trump]
            if trumps:
                return trumps
    return hand


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _random(hands: list[int], pos: int, leader: int, trick: list[int], trump: int, side: int,
            rng: random.Random) -> int:
    """Any legal card, uniformly."""
    cards = _cards(_legal_mask(hands[pos], trick, trump))
    return cards[int(rng.random() * len(cards))]


def _beats(c: int, best: int, trump: int) -> bool:
    if c // 9 == best // 9:
        return c < best
    return c // 9 == trump


def _can_beat(hands: list[int], q: int, led: int, card: int, trump: int) -> bool:
    """Can position ``q`` legally play a card beating ``card`` on a trick led in suit ``led``?"""
    hand = hands[q]
    follow = hand & SUIT_MASK[led]
    if follow:
        legal = follow
    elif trump >= 0 and hand & SUIT_MASK[trump]:
        legal = hand & SUIT_MASK[trump]
    else:
        return False  # a discard never wins
    s = card // 9
    if legal & SUIT_MASK[s] & ((1 << card) - 1):
        return True  # a higher card of the winning card's suit
    return s != trump and trump >= 0 and bool(legal & SUIT_MASK[trump])


def _safe(hands: list[int], pos: int, leader: int, trick_len: int, led: int, card: int,
          trump: int, side: int) -> bool:
    """Does ``card``, winning the trick when ``pos`` plays it, stay winning against every later
    player of the other side?"""
    n = len(hands)
    mine = side >> pos & 1
    for k in range(trick_len + 1, n):
        q = (leader + k) % n
        if (side >> q & 1) != mine and _can_beat(hands, q, led, card, trump):
            return False
    return True


def _pick(cards: list[int], key: Callable[[int], int], rng: random.Random) -> int:
    """The card with the highest ``key``, ties broken at random."""
    top = max(key(c) for c in cards)
    best = [c for c in cards if key(c) == top]
    return best[int(rng.random() * len(best))] if len(best) > 1 else best[0]


def _greedy(hands: list[int], pos: int, leader: int, trick: list[int], trump: int, side: int,
            rng: random.Random) -> int:
    """A card player's first thoughts (see the module docstring)."""
    cards = _cards(_legal_mask(hands[pos], trick, trump))
    if len(cards) == 1:
        return cards[0]
    n = len(hands)
    if not trick:
        others = 0
        for q in range(n):
            if q != pos:
                others |= hands[q]
        masters = [c for c in cards if not others & SUIT_MASK[c // 9] & ((1 << c) - 1)]
        if masters:  # cash the richest master
            return _pick(masters, lambda c: POINTS[c] * 2 + (c // 9 != trump), rng)
        return _pick(cards, lambda c: -POINTS[c] - 20 * (c // 9 == trump), rng)
    led = trick[0] // 9
    at = trick_winner(trick, trump)
    wc = trick[at]
    mine = side >> pos & 1
    if (side >> ((leader + at) % n) & 1) == mine and \
            _safe(hands, pos, leader, len(trick) - 1, led, wc, trump, side):
        return _pick(cards, lambda c: POINTS[c] * 2 - (c // 9 == trump), rng)  # smear
    winners = [c for c in cards if _beats(c, wc, trump)]
    sure = [c for c in winners if _safe(hands, pos, leader, len(trick), led, c, trump, side)]
    if sure:
        # the trick is ours: with the richest sure winner (cheapest trumps kept for later)
        return _pick(sure, lambda c: POINTS[c] * 4 - (c // 9 == trump) * 8 + c % 9, rng)
    return _pick(cards, lambda c: -POINTS[c] * 4 - (c // 9 == trump) * 8 + c % 9, rng)


#: the playout policies by name
POLICIES: dict[str, Policy] = {"random": _random, "greedy": _greedy}


def _policy(name: str) -> Policy:
    try:
        return POLICIES[name]
    except KeyError:
        raise IllegalActionError("CS-10", "no such playout policy; one of "
                                 + ", ".join(POLICIES), where="rollout", what=name) from None


def _finish(hands: list[int], leader: int, trick: list[int], won: int, trump: int, side: int,
            rng: random.Random, policy: Policy) -> int:
    """Play the rest out in place by ``policy``; the side's points from the trick on."""
    n = len(hands)
    got = 0
    while True:
        pos = (leader + len(trick)) % n
        if not hands[pos]:
            return got
        c = policy(hands, pos, leader, trick, trump, side, rng)
        hands[pos] &= ~(1 << c)
        trick.append(c)
        won += POINTS[c]
        if len(trick) == n:
            leader = (leader + trick_winner(trick, trump)) % n
            if side >> leader & 1:
                got += won
            trick = []
            won = 0


def choose(pos: Endgame, rng: random.Random, policy: str = "greedy") -> int:
    """The card ``policy`` plays for the position to move in ``pos``."""
    return _policy(policy)(list(pos.hands), pos.to_move, pos.leader, list(pos.trick), pos.trump,
                           pos.side, rng)


def playout(pos: Endgame, rng: random.Random, policy: str = "greedy") -> int:
    """The points the maximising side takes from ``pos`` on in one playout by ``policy``."""
    trick = list(pos.trick)
    return _finish(list(pos.hands), pos.leader, trick, sum(POINTS[c] for c in trick), pos.trump,
                   pos.side, rng, _policy(policy))


def values_after(pos: Endgame, rng: random.Random, playouts: int = 1,
                 policy: str = "greedy") -> dict[int, float]:
    """For each legal card of the player to move, the mean points the maximising side takes
    from ``pos`` on over ``playouts`` playouts after that card."""
    play = _policy(policy)
    p = pos.to_move
    won0 = sum(POINTS[c] for c in pos.trick)
    out: dict[int, float] = {}
    for c in _cards(_legal_mask(pos.hands[p], list(pos.trick), pos.trump)):
        total = 0
        for _ in range(playouts):
            hands = list(pos.hands)
            hands[p] &= ~(1 << c)
            trick = [*pos.trick, c]
            total += _finish(hands, pos.leader, trick, won0 + POINTS[c], pos.trump, pos.side,
                             rng, play) if len(trick) < len(hands) else \
                _after_trick(hands, pos.leader, trick, won0 + POINTS[c], pos.trump, pos.side,
                             rng, play)
        out[c] = total / playouts
    return out


def _after_trick(hands: list[int], leader: int, trick: list[int], won: int, trump: int,
                 side: int, rng: random.Random, play: Policy) -> int:
    """A complete trick counted, the rest played out."""
    win = (leader + trick_winner(trick, trump)) % len(hands)
    return (won if side >> win & 1 else 0) + _finish(hands, win, [], 0, trump, side, rng, play)


def analyse(state: TappState, side: Collection[int], rng: random.Random, playouts: int = 1,
            policy: str = "greedy") -> dict[int, float]:
    """For each legal card of the player to move in ``state`` (in the play), the mean card
    points ``side`` (seats) ends the deal with over ``playouts`` playouts after that card."""
    base = sum(state.won_points[s] for s in side)
    return {c: base + v
            for c, v in values_after(position_of(state, side), rng, playouts, policy).items()}
