"""Deals of the unseen cards consistent with one seat's view — the one sampler every Monte-Carlo
bot and the bid advisor use, for every game whose folder says what a view fixes.

A *world* is one way the cards the viewer cannot see could lie. The generic core here knows four
kinds of fact, and nothing of any game:

- **hands to fill, with known sizes**: each other active seat holds exactly as many unseen
  cards as it has cards left;
- **cards known to be out of a hand**: a *void* — a suit the play showed a seat does not hold;
- **cards known to be in a hand** (or in a pile) though the viewer does not hold them;
- **unseen piles** of known size that take unseen cards too, with no void: the widow, a
  discard laid away face down (:data:`WIDOW`, :data:`DISCARD`).

A game's folder turns a view into these facts — ``tutor/games/<game>/sampling.py`` offers
``constraints(view)`` (a :class:`Constraints`, which also rebuilds the deal as dealt from one
placement), ``history_of(view)`` (the actions as far as the view shows them) and
``deal_state(game, dealer, deal)`` — and the sampler finds it through the registry
(:func:`sampling_of`). Six-Bid Solo's: Call Solo's called card and gift, the Spread Misère hand.
Frog's: the widow in the Frog bidder's hand and the discard beside it.

Every consistent world is equally likely here: the deal is uniform and this sampler reads
nothing into the players' choices (reading the bids is a layer above it,
:mod:`tutor.engine.inference`). Worlds are drawn **exactly uniformly** — no rejection: cards of
one suit are interchangeable as far as the constraints go (voids are per suit), so a small
table counts, for each suit in turn, the ways of splitting it among the slots (seats and piles)
with the remaining room, and a world is drawn suit by suit with those counts as weights.

A sampled world is a full state whose history *is* the real one: the dealt hands are rebuilt
and the view's actions replayed through the checked ``apply``, with the actions the view does
not show (a gift, a discard) drawn with the deal. So ``world.view(seat) == view`` for every
world (the tests check it).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import import_module
from math import comb
from types import ModuleType
from typing import Any, Protocol, cast

from ..errors import IllegalActionError, OptionError
from ..games import spec
from ..games.tapp import CARD_INDEX, N_CARDS, SeatView, TappGame, TappState, mask_cards
from ..state import Action, as_rng

WIDOW = -1  # the slot id of the widow among the seats
DISCARD = -2  # the slot id of cards laid away face down (Frog's discard)
ALL = (1 << N_CARDS) - 1  # every card of the 36-card deck, as a mask


@dataclass(frozen=True)
class Deal:
    """One sampled deal: the cards as dealt (before any action), and the actions the view did
    not show (Call Solo's gift to the other defender, Frog's discard to the defenders), in the
    order the history holds them.

    Small and picklable, so a batch of deals can be sent to worker processes, which rebuild the
    worlds with :func:`world_of`.
    """

    hands: tuple[int, ...]  # dealt masks per seat
    widow: int
    hidden: tuple[Action, ...] = ()


@dataclass(frozen=True)
class PublicHistory:
    """What every world shares: the game, its options, the dealer and the actions taken so far.

    ``actions`` holds ``None`` where the viewer did not see the action; a :class:`Deal`
    supplies it.
    """

    game: str
    options: Mapping[str, Any]
    dealer: int
    actions: tuple[Action | None, ...]


class Constraints:
    """What one view fixes about where the unseen cards lie: the generic core's input.

    ``slots`` are the places that receive unseen cards — other seats (``>= 0``) and piles
    (:data:`WIDOW`, :data:`DISCARD`); ``sizes`` how many cards each holds now; ``known`` the
    cards known to lie in a slot though the viewer does not hold them; ``voids`` the suits
    (bit ``s``) a slot holds none of; ``unseen`` the cards left to place. ``rules`` name the
    rules a contradictory view breaks: the hand sizes (the deal), the voids (following suit).

    A game subclasses it to rebuild the deal as dealt from one placement (:meth:`deal_of`).
    """

    def __init__(self, *, slots: Sequence[int], sizes: Sequence[int], known: Mapping[int, int],
                 voids: Mapping[int, int], unseen: int, rules: tuple[str, str]) -> None:
        self.slots = tuple(slots)
        self.sizes = tuple(sizes)
        self.known = dict(known)
        self.voids = dict(voids)
        self.unseen = unseen
        self.rules = rules

    def deal_of(self, held: Mapping[int, int], rng: random.Random) -> Deal:
        """The deal as dealt, from ``held`` — every slot's cards now, the known ones included —
        drawing with ``rng`` whatever the placement leaves open (a gift, which cards were the
        widow)."""
        raise NotImplementedError


class SeatConstraints(Constraints):
    """Constraints read from one seat's view of a Tapp deal, keeping what rebuilding the deal as
    dealt needs: the view, the cards each active seat played (``played``), the viewer's hand
    (``own``) and every card played (``all_played``), as masks. A game's ``__init__`` calls this
    one's, then :meth:`Constraints.__init__` with its slots and the voids the play showed
    (``shown_voids``, SBS-23)."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.played, self.shown_voids = played_and_voids(view)
        self.own = sum(1 << CARD_INDEX[c] for c in view.hand)
        all_played = 0
        for m in self.played.values():
            all_played |= m
        self.all_played = all_played

    def hands_played_back(self, held: Mapping[int, int]) -> list[int]:
        """Every seat's cards with those it played put back: the viewer's own hand, the other
        active seats' from ``held``, nothing for a seat sitting out."""
        view = self.view
        hands = [0] * len(view.hand_sizes)
        for s in view.active:
            hands[s] = (self.own if s == view.seat else held[s]) | self.played[s]
        return hands


class GameSampling(Protocol):
    """What a game's ``sampling`` module offers the sampler."""

    def constraints(self, view: SeatView) -> Constraints: ...

    def history_of(self, view: SeatView) -> PublicHistory: ...

    def deal_state(self, game: TappGame[Any], dealer: int, deal: Deal) -> TappState: ...


@cache
def _adapter(game_id: str) -> ModuleType:
    folder = spec(game_id).folder
    try:
        return import_module(f"{folder}.sampling")
    except ModuleNotFoundError as e:
        if e.name != f"{folder}.sampling":
            raise
        raise OptionError("REC-2", f"the sampler does not know {game_id} yet (no "
                          f"{folder}.sampling)", where="game", what=repr(game_id)) from None


def sampling_of(game_id: str) -> ModuleType:
    """The game's ``sampling`` module (REC-2 naming the game when it has none)."""
    return _adapter(game_id)


def _sampling(game_id: str) -> GameSampling:
    return cast(GameSampling, _adapter(game_id))


@lru_cache(maxsize=64)
def _game(game_id: str, options: tuple[tuple[str, Any], ...]) -> TappGame[Any]:
    return cast(TappGame[Any], spec(game_id).make(dict(options)))


def game_of(game_id: str, options: Mapping[str, Any]) -> TappGame[Any]:
    """The game ``game_id`` with ``options`` (one object per option set: games hold no state
    a deal changes)."""
    return _game(game_id, tuple(sorted(options.items())))


def history_of(view: SeatView) -> PublicHistory:
    """The actions that led to ``view`` as far as it shows them (the game's reading)."""
    return _sampling(view.game).history_of(view)


def world_of(history: PublicHistory, deal: Deal, *, checked: bool = True,
             game: TappGame[Any] | None = None) -> TappState:
    """Rebuild the full state of one world: deal ``deal`` and replay ``history``.

    ``checked`` replays through ``apply`` (every action re-checked against the rules); search
    code that rebuilds many worlds from a trusted sampler may pass ``False``.
    """
    game = game or game_of(history.game, history.options)
    state = _sampling(history.game).deal_state(game, history.dealer, deal)
    hidden = iter(deal.hidden)
    for a in history.actions:
        action = next(hidden) if a is None else a
        if checked:
            state.apply(action)
        else:
            state.apply_unchecked(action)
    return state


# --- the Tapp family's reading of the cards played (SBS-22..24) ---------------------------------
def cards_played(view: SeatView) -> list[Action]:
    """The cards of the tricks and of the trick in progress, in the order played."""
    out: list[Action] = []
    for _, cards, _ in view.tricks:
        out.extend(CARD_INDEX[c] for c in cards)
    out.extend(CARD_INDEX[c] for c in view.trick)
    return out


def played_and_voids(view: SeatView) -> tuple[dict[int, int], dict[int, int]]:
    """Per active seat: the mask of cards it played, and the mask of suits it has shown void
    in — it did not follow the led suit, and, holding no trump either, did not trump (SBS-23)."""
    active = view.active
    trump = int(view.trump) if view.trump is not None else -1  # None: no trump (SBS-24)
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


# --- counting and drawing ----------------------------------------------------------------------
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

    >>> from tutor import SixBidSolo
    >>> state = SixBidSolo().new_deal(7)
    >>> s = Sampler(state.view(state.to_move))
    >>> world = s.sample(random.Random(1))
    >>> world.view(state.to_move) == state.view(state.to_move)
    True
    """

    def __init__(self, view: SeatView) -> None:
        adapter = _sampling(view.game)
        self.view = view
        self.game = game_of(view.game, view.options)
        self.history = adapter.history_of(view)
        c = self.constraints = adapter.constraints(view)
        self.slots = c.slots
        self.fixed = c.known
        self.void = c.voids
        self.caps = tuple(size - c.known.get(s, 0).bit_count()
                          for s, size in zip(c.slots, c.sizes, strict=True))
        self.unseen = c.unseen
        self.by_suit = [mask_cards(c.unseen & (0x1FF << (9 * su))) for su in range(4)]
        self.allowed = [tuple(not c.voids.get(s, 0) >> su & 1 for s in c.slots)
                        for su in range(4)]
        if sum(self.caps) != c.unseen.bit_count() or min(self.caps, default=0) < 0:
            raise IllegalActionError(c.rules[0], "the view's hand sizes do not fit the unseen "
                                     "cards", where=f"seat {view.seat}")
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        if self._count(0, self.caps) == 0:
            raise IllegalActionError(c.rules[1], "no deal of the unseen cards fits the voids "
                                     "shown", where=f"seat {view.seat}")

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
        """The number of consistent placements of the unseen cards (before whatever the deal
        draws beside them: an unseen gift, which cards were the widow)."""
        return self._count(0, self.caps)

    # -- drawing --
    def sample_deal(self, rng: random.Random) -> Deal:
        """One deal, uniform among those consistent with the view."""
        caps = self.caps
        held = {s: self.fixed.get(s, 0) for s in self.slots}
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
        return self.constraints.deal_of(held, rng)

    def sample(self, rng: random.Random | int | None) -> TappState:
        """One world as a full state (checked replay of the real history)."""
        rng = as_rng(rng)
        return world_of(self.history, self.sample_deal(rng), game=self.game)

    def deals(self, n: int, seed: int | random.Random | None) -> list[Deal]:
        """``n`` deals from one seed (the same seed gives the same deals)."""
        rng = as_rng(seed)
        return [self.sample_deal(rng) for _ in range(n)]

    def worlds(self, n: int, seed: int | random.Random | None) -> Iterator[TappState]:
        """``n`` worlds from one seed, as full states."""
        for d in self.deals(n, seed):
            yield world_of(self.history, d, game=self.game)


def sample_worlds(view: SeatView, n: int, seed: int | random.Random | None) -> list[TappState]:
    """``n`` worlds consistent with ``view``, reproducible from ``seed``."""
    return list(Sampler(view).worlds(n, seed))


__all__ = ["ALL", "DISCARD", "WIDOW", "Constraints", "Deal", "GameSampling", "PublicHistory",
           "Sampler", "cards_played", "game_of", "history_of", "played_and_voids", "sample_worlds",
           "sampling_of", "world_of"]
