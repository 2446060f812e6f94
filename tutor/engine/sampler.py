"""Deals of the unseen cards consistent with one seat's view — the one sampler every bot and the
bid advisor use.

A seat sees its own hand, every call, the declaration, the cards played and, in Spread Misère,
the exposed hand (SBS-21); in Call Solo it sees the called card and where it came from, and the
bidder and the defender who received it see the card given back (SBS-20). Everything else — the
other hands and the widow — is unseen. A *world* is one way the unseen cards could lie:

- each other active seat holds exactly as many unseen cards as it has cards left;
- the widow holds 3 cards (SBS-8), the called card among them if it lay there (SBS-20 b);
- a seat that did not follow the led suit holds none of that suit, and one that neither followed
  nor trumped holds no trump either (SBS-23) — a *void* shown by the play;
- the exposed Spread Misère hand, the called card (now with the bidder) and a known gift are
  where the view shows them.

Every consistent world is equally likely here: the deal is uniform (SBS-7, SBS-8) and this
sampler does not read anything into the players' choices (it does not condition on the calls,
nor on which card a player chose among legal ones); reading the bids is a layer above it,
:mod:`tutor.engine.inference`, which prefers among these deals those that fit them. Worlds
are drawn **exactly uniformly** — no rejection: cards of one suit are interchangeable as far
as the constraints go (voids are per suit), so a small table counts, for each suit in turn,
the ways of splitting it among the slots (seats and widow) with the remaining room, and a
world is drawn suit by suit with those counts as weights.

A sampled world is a full :class:`SixBidSoloState` whose history *is* the real one: the dealt
hands are rebuilt (the current hands plus the cards each seat played, the Call Solo exchange
undone) and the view's calls, declaration and cards are replayed through the checked ``apply``.
So ``world.view(seat) == view`` for every world (the tests check it). When the view does not show
the card the bidder gave back, the gift is drawn uniformly from the receiving defender's cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Any

from ..errors import IllegalActionError
from ..games.six_bid_solo.rules import (
    CALL_SOLO,
    CONTRACTS,
    GUARANTEE,
    SOLO,
    SixBidSolo,
    SixBidSoloState,
    parse_call,
)
from ..games.tapp import (
    AUCTION,
    CALLCARD_BASE,
    CARD_INDEX,
    DECLARE,
    DECLINE,
    GIVE_BASE,
    N_CARDS,
    TRUMP_BASE,
    SeatView,
    mask_cards,
)
from ..state import Action, as_rng

WIDOW = -1  # the slot id of the widow among the seats


@dataclass(frozen=True)
class Deal:
    """One sampled deal: the cards as dealt (before any action) and, in Call Solo, the gift.

    Small and picklable, so a batch of deals can be sent to worker processes, which rebuild the
    worlds with :func:`world_of`.
    """

    hands: tuple[int, ...]  # dealt masks per seat
    widow: int
    gift: int  # the card the bidder gave back (-1: none, or not given yet)


@dataclass(frozen=True)
class PublicHistory:
    """What every world shares: the game, the dealer and the actions taken so far.

    ``actions`` holds ``None`` where the card given back in Call Solo is unseen by the viewer; a
    :class:`Deal` supplies it.
    """

    options: Mapping[str, Any]
    dealer: int
    actions: tuple[Action | None, ...]


def world_of(history: PublicHistory, deal: Deal, *, checked: bool = True,
             game: SixBidSolo | None = None) -> SixBidSoloState:
    """Rebuild the full state of one world: deal ``deal`` and replay ``history``.

    ``checked`` replays through ``apply`` (every action re-checked against the rules); search
    code that rebuilds many worlds from a trusted sampler may pass ``False``.
    """
    game = game or SixBidSolo(dict(history.options))
    state = SixBidSoloState(game, history.dealer, list(deal.hands), deal.widow)
    for a in history.actions:
        action = GIVE_BASE + deal.gift if a is None else a
        if checked:
            state.apply(action)
        else:
            state.apply_unchecked(action)
    return state


def history_of(view: SeatView) -> PublicHistory:
    """The actions that led to ``view`` (calls, declaration steps, cards) as far as it shows.

    Declaration steps follow the contract and the option ``call_solo_order`` (SBS-19, SBS-20,
    SBS-V6); in the declare phase only the steps before the current one are taken.
    """
    actions: list[Action | None] = [parse_call(t) for _, t in view.calls]
    contract = CONTRACTS.index(view.contract) + 1 if view.contract else 0
    steps: list[str] = []
    if contract in (SOLO, GUARANTEE):
        steps = ["trump"]
    elif contract == CALL_SOLO:
        order = view.options.get("call_solo_order", "call_first")
        steps = ["call", "give", "trump"] if order == "call_first" else ["trump", "call", "give"]
        if view.call_holder is None or view.call_holder < 0:
            steps.remove("give")  # declined, or the called card lay in the widow
    if view.phase == DECLARE:
        assert view.step in steps
        steps = steps[: steps.index(view.step)]  # only the steps already taken
    elif view.phase == AUCTION:
        steps = []
    for step in steps:
        if step == "trump":
            assert view.trump is not None
            actions.append(TRUMP_BASE + int(view.trump))
        elif step == "call":
            actions.append(DECLINE if view.called is None
                           else CALLCARD_BASE + CARD_INDEX[view.called])
        else:  # give: known to the bidder and the receiver only
            actions.append(None if view.given is None else GIVE_BASE + CARD_INDEX[view.given])
    for _, cards, _ in view.tricks:
        actions.extend(CARD_INDEX[c] for c in cards)
    actions.extend(CARD_INDEX[c] for c in view.trick)
    return PublicHistory(dict(view.options), view.dealer, tuple(actions))


def _played_by_seat(view: SeatView) -> tuple[dict[int, int], dict[int, int]]:
    """Per seat: the mask of cards it played, and the mask of suits it has shown void in."""
    active = view.active
    trump = int(view.trump) if view.trump is not None else -1  # None in the misères (SBS-24)
    played = {s: 0 for s in active}
    void = {s: 0 for s in active}  # bit s = void in suit s
    tricks = [(ld, [CARD_INDEX[c] for c in cs]) for ld, cs, _ in view.tricks]
    if view.trick:
        assert view.trick_leader is not None
        tricks.append((view.trick_leader, [CARD_INDEX[c] for c in view.trick]))
    for leader, cards in tricks:
        seat = leader
        led = cards[0] // 9
        for i, c in enumerate(cards):
            played[seat] |= 1 << c
            if i and c // 9 != led:
                void[seat] |= 1 << led  # SBS-23: could not follow
                if trump >= 0 and c // 9 != trump:
                    void[seat] |= 1 << trump  # SBS-23: and could not trump
            seat = active[(active.index(seat) + 1) % 3]
    return played, void


@lru_cache(maxsize=4096)
def _splits(n: int, caps: tuple[int, ...], allowed: tuple[bool, ...]
            ) -> tuple[tuple[int, ...], ...]:
    """Every way to put ``n`` interchangeable cards into slots with room ``caps``."""
    out: list[tuple[int, ...]] = []

    def rec(i: int, left: int, acc: list[int]) -> None:
        if i == len(caps) - 1:
            if left <= caps[i] and (allowed[i] or left == 0):
                out.append((*acc, left))
            return
        top = min(left, caps[i]) if allowed[i] else 0
        for k in range(top + 1):
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


class Sampler:
    """Worlds consistent with one :class:`SeatView`, drawn uniformly and reproducibly.

    >>> from tutor.games.six_bid_solo.rules import SixBidSolo
    >>> state = SixBidSolo().new_deal(7)
    >>> s = Sampler(state.view(state.to_move))
    >>> world = s.sample(random.Random(1))
    >>> world.view(state.to_move) == state.view(state.to_move)
    True
    """

    def __init__(self, view: SeatView) -> None:
        if view.game != "six-bid-solo":
            raise IllegalActionError("SBS-1", "the sampler deals Six-Bid Solo worlds",
                                     where="view", what=view.game)
        self.view = view
        self.game = SixBidSolo(dict(view.options))
        self.history = history_of(view)
        n = len(view.hand_sizes)
        played, void = _played_by_seat(view)
        self.played = played
        self.void = void
        own = sum(1 << CARD_INDEX[c] for c in view.hand)
        self.own = own
        # cards whose place is known though the viewer does not hold them (fixed per slot)
        fixed: dict[int, int] = {s: 0 for s in range(n)}
        fixed[WIDOW] = 0
        all_played = 0
        for m in played.values():
            all_played |= m
        bidder = view.bidder
        if view.exposed is not None and bidder is not None and bidder != view.seat:
            fixed[bidder] |= sum(1 << CARD_INDEX[c] for c in view.exposed)  # SBS-21
        called = CARD_INDEX[view.called] if view.called is not None else -1
        holder = view.call_holder
        if called >= 0 and holder is not None:
            bit = 1 << called
            if holder < 0:
                fixed[WIDOW] |= bit  # SBS-20 b: it lay in the widow
            elif bidder is not None and not (all_played | own) & bit:
                fixed[bidder] |= bit  # handed over to the bidder
        self.gift = CARD_INDEX[view.given] if view.given is not None else -1
        self.give_done = any(a is None or GIVE_BASE <= a < GIVE_BASE + N_CARDS
                             for a in self.history.actions)
        self.gift_unknown = None in self.history.actions
        if self.gift >= 0 and holder is not None and holder >= 0 \
                and not (all_played | own) & (1 << self.gift):
            fixed[holder] |= 1 << self.gift
        self.fixed = fixed
        # the slots that receive unseen cards: other active seats, then the widow
        self.slots: tuple[int, ...] = (
            *(s for s in view.active if s != view.seat), WIDOW)
        caps = []
        for s in self.slots:
            size = 3 if s == WIDOW else view.hand_sizes[s]
            caps.append(size - fixed[s].bit_count())
        self.caps = tuple(caps)
        known = own | all_played
        for m in fixed.values():
            known |= m
        self.unseen = ((1 << N_CARDS) - 1) & ~known
        self.by_suit = [mask_cards(self.unseen & (0x1FF << (9 * su))) for su in range(4)]
        self.allowed = [tuple(s == WIDOW or not void.get(s, 0) >> su & 1 for s in self.slots)
                        for su in range(4)]
        if sum(self.caps) != self.unseen.bit_count() or min(self.caps) < 0:
            raise IllegalActionError("SBS-8", "the view's hand sizes do not fit the unseen cards",
                                     where=f"seat {view.seat}")
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        if self._count(0, self.caps) == 0:
            raise IllegalActionError("SBS-23", "no deal of the unseen cards fits the voids shown",
                                     where=f"seat {view.seat}")

    # -- counting (exact) --
    def _count(self, suit: int, caps: tuple[int, ...]) -> int:
        """Ways to place the unseen cards of suits ``suit``..3 into room ``caps``."""
        if suit == 4:
            return 1 if not any(caps) else 0
        key = (suit, caps)
        got = self._ways.get(key)
        if got is not None:
            return got
        total = 0
        for parts in _splits(len(self.by_suit[suit]), caps, self.allowed[suit]):
            rest = tuple(c - k for c, k in zip(caps, parts, strict=True))
            total += _multinomial(parts) * self._count(suit + 1, rest)
        self._ways[key] = total
        return total

    def count(self) -> int:
        """The number of consistent placements of the unseen cards (before the gift, if unseen)."""
        return self._count(0, self.caps)

    # -- drawing --
    def sample_deal(self, rng: random.Random) -> Deal:
        """One deal, uniform among those consistent with the view."""
        caps = self.caps
        held = dict(self.fixed)
        for suit in range(4):
            cards = self.by_suit[suit]
            if not cards:
                continue
            options = []
            weights = []
            for parts in _splits(len(cards), caps, self.allowed[suit]):
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
            for slot, k in zip(self.slots, parts, strict=True):
                for c in shuffled[at: at + k]:
                    held[slot] |= 1 << c
                at += k
        return self._deal_of(held, rng)

    def _deal_of(self, held: dict[int, int], rng: random.Random) -> Deal:
        """Current holdings → the hands as dealt (cards played put back, the exchange undone)."""
        view = self.view
        n = len(view.hand_sizes)
        hands = [0] * n
        for s in view.active:
            now = self.own if s == view.seat else held[s]
            hands[s] = now | self.played[s]
        gift = self.gift
        holder = view.call_holder
        called = CARD_INDEX[view.called] if view.called is not None else -1
        if called >= 0 and holder is not None and holder >= 0:
            bidder = view.bidder
            assert bidder is not None
            if self.give_done:
                if self.gift_unknown:  # SBS-20 b: any card the receiver has had may be the gift
                    gift = rng.choice(mask_cards(hands[holder]))
                hands[bidder] |= 1 << gift
                hands[holder] &= ~(1 << gift)
            hands[bidder] &= ~(1 << called)  # the called card goes back to its holder
            hands[holder] |= 1 << called
        return Deal(tuple(hands), held[WIDOW], gift if self.give_done else -1)

    def sample(self, rng: random.Random | int | None) -> SixBidSoloState:
        """One world as a full state (checked replay of the real history)."""
        rng = as_rng(rng)
        return world_of(self.history, self.sample_deal(rng), game=self.game)

    def deals(self, n: int, seed: int | random.Random | None) -> list[Deal]:
        """``n`` deals from one seed (the same seed gives the same deals)."""
        rng = as_rng(seed)
        return [self.sample_deal(rng) for _ in range(n)]

    def worlds(self, n: int, seed: int | random.Random | None) -> Iterator[SixBidSoloState]:
        """``n`` worlds from one seed, as full states."""
        for d in self.deals(n, seed):
            yield world_of(self.history, d, game=self.game)


def sample_worlds(view: SeatView, n: int, seed: int | random.Random | None
                  ) -> list[SixBidSoloState]:
    """``n`` worlds consistent with ``view``, reproducible from ``seed``."""
    return list(Sampler(view).worlds(n, seed))


__all__ = ["Deal", "PublicHistory", "Sampler", "history_of", "sample_worlds", "world_of"]
