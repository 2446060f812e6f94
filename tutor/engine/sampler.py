"""Deals of the unseen cards consistent with one seat's view — the one sampler every Monte-Carlo
bot and the bid advisor use, for every game whose folder says what a view fixes.

A *world* is one way the cards the viewer cannot see could lie. The generic core here knows five
kinds of fact, and nothing of any game:

- **hands to fill, with known sizes**: each other active seat holds exactly as many unseen
  cards as it has cards left;
- **cards known to be out of a hand**: a *void* — a suit the play showed a seat does not hold;
- **a suit known to be held**: at least one card of it lies in a hand (Crazy Solo's blind
  deal, in which the leader is under because the hand holds a heart);
- **cards known to be in a hand** (or in a pile) though the viewer does not hold them;
- **unseen piles** of known size that take unseen cards too, with no void: the widow, a
  discard laid away face down (:data:`WIDOW`, :data:`DISCARD`).

A game's folder turns a view into these facts — ``tutor/games/<game>/sampling.py`` offers
``constraints(view)`` (a :class:`Constraints`, which also rebuilds the deal as dealt from one
placement), ``history_of(view)`` (the actions as far as the view shows them) and
``deal_state(game, dealer, deal)`` — and the sampler finds it through the registry
(:func:`sampling_of`). Six-Bid Solo's: Call Solo's called card and gift, the Spread Misère hand.
Frog's: the widow in the Frog bidder's hand and the discard beside it. Crazy Solo's: up to
eleven other hands, the called card's holder unknown like any other card.

Every consistent world is equally likely here: the deal is uniform and this sampler reads
nothing into the players' choices (reading the bids is a layer above it,
:mod:`tutor.engine.inference`). Worlds are drawn **exactly uniformly** — no rejection: cards of
one suit are interchangeable as far as the constraints go (voids are per suit), so the ways of
splitting each suit among the slots (seats and piles) with the remaining room are counted, and
a world is drawn suit by suit with those counts as weights (:mod:`tutor.engine.placement`,
which groups alike slots when there are many). A view no world fits is refused with the rule it
breaks; the sampler never falls back to a deal that ignores what was seen.

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
from types import ModuleType
from typing import Any, Protocol, cast

from ..cards import Card
from ..errors import IllegalActionError, OptionError
from ..games import spec
from ..games.tapp import (
    CARD_INDEX,
    N_CARDS,
    SeatView,
    TappGame,
    TappState,
    cards_played,
    mask_cards,
    played_and_voids,
)
from ..state import Action, as_rng
from .placement import Placement, placement

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
    (bit ``s``) a slot holds none of; ``holds`` the suits a slot holds at least one unseen card
    of; ``unseen`` the cards left to place. ``rules`` name the rules a contradictory view
    breaks: the hand sizes (the deal), the voids (following suit); ``holds_rule`` the rule
    behind ``holds``.

    A game subclasses it to rebuild the deal as dealt from one placement (:meth:`deal_of`).
    """

    def __init__(self, *, slots: Sequence[int], sizes: Sequence[int], known: Mapping[int, int],
                 voids: Mapping[int, int], unseen: int, rules: tuple[str, str],
                 holds: Mapping[int, int] | None = None, holds_rule: str = "") -> None:
        self.slots = tuple(slots)
        self.sizes = tuple(sizes)
        self.known = dict(known)
        self.voids = dict(voids)
        self.holds = dict(holds or {})
        self.unseen = unseen
        self.rules = rules
        self.holds_rule = holds_rule

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
        self.least = [tuple(bool(c.holds.get(s, 0) >> su & 1) for s in c.slots)
                      for su in range(4)]
        if sum(self.caps) != c.unseen.bit_count() or min(self.caps, default=0) < 0:
            raise IllegalActionError(c.rules[0], "the view's hand sizes do not fit the unseen "
                                     "cards", where=f"seat {view.seat}")
        self.placement: Placement = placement(self.caps, self.by_suit, self.allowed, self.least)
        if self.placement.count() == 0:
            raise self._no_world()

    def _no_world(self) -> IllegalActionError:
        """The error for a view no placement fits, naming the rule it breaks: the voids shown
        (following suit), or a suit known to be held that the room or the voids leave out."""
        c = self.constraints
        where = f"seat {self.view.seat}"
        if any(c.holds.values()):
            free = [tuple(False for _ in self.slots)] * 4
            if placement(self.caps, self.by_suit, self.allowed, free).count():
                return IllegalActionError(c.holds_rule or c.rules[1], "no deal of the unseen "
                                          "cards gives a seat the suit it is known to hold",
                                          where=where)
        return IllegalActionError(c.rules[1], "no deal of the unseen cards fits the voids shown",
                                  where=where)

    def count(self) -> int:
        """The number of consistent placements of the unseen cards (before whatever the deal
        draws beside them: an unseen gift, which cards were the widow)."""
        return self.placement.count()

    # -- drawing --
    def sample_held(self, rng: random.Random) -> dict[int, int]:
        """Where the cards lie now in one world, uniform among those consistent with the view:
        every slot's cards, the known ones included."""
        placed = self.placement.draw(rng)
        return {s: self.fixed.get(s, 0) | m for s, m in zip(self.slots, placed, strict=True)}

    def sample_deal(self, rng: random.Random) -> Deal:
        """One deal, uniform among those consistent with the view."""
        return self.constraints.deal_of(self.sample_held(rng), rng)

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


def holder_shares(view: SeatView, card: Card | int, worlds: int = 200,
                  seed: int | random.Random | None = None) -> dict[int, float]:
    """The share of ``worlds`` sampled worlds (consistent with ``view``, reproducible from
    ``seed``) in which each active seat holds ``card`` now — in Crazy Solo, with the called
    card, how likely each seat is to be the partner.

    What the view shows is certain: the viewer's own seat has 1.0 or 0.0 from its hand, and a
    card already played belongs to the seat that played it (1.0). A seat no world gives the card
    (a void shown in its suit, no card left) has exactly 0.0. The shares sum to 1 unless the card
    may lie outside every hand (the widow, a discard) or is in no hand of this deal at all.
    """
    if worlds < 1:
        raise OptionError("REC-2", "holder_shares needs at least one world", where="worlds",
                          what=repr(worlds))
    c = card if isinstance(card, int) else CARD_INDEX[card]
    bit = 1 << c
    shares = dict.fromkeys(view.active, 0.0)
    if any(CARD_INDEX[h] == c for h in view.hand):
        shares[view.seat] = 1.0
        return shares
    played, _ = played_and_voids(view)
    for s, m in played.items():
        if m & bit:
            shares[s] = 1.0
            return shares
    sampler = Sampler(view)
    rng = as_rng(seed)
    for _ in range(worlds):
        for s, m in sampler.sample_held(rng).items():
            if m & bit and s in shares:
                shares[s] += 1
    return {s: v / worlds for s, v in shares.items()}


__all__ = ["ALL", "DISCARD", "WIDOW", "Constraints", "Deal", "GameSampling", "PublicHistory",
           "Sampler", "cards_played", "game_of", "history_of", "holder_shares", "played_and_voids",
           "sample_worlds", "sampling_of", "world_of"]
