"""Deals of the unseen cards consistent with one seat's view — the one sampler every Monte-Carlo
bot and the bid advisor use, for every game whose folder says what a view fixes.

A *world* is one way the cards the viewer cannot see could lie. The generic core here knows six
kinds of fact, and nothing of any game:

- **hands to fill, with known sizes**: each other active seat holds exactly as many unseen
  cards as it has cards left;
- **cards known to be out of a hand**: a *void* — a suit the play showed a seat does not hold;
- **a suit known to be held**: at least one card of it lies in a hand (Crazy Solo's blind
  deal, in which the leader is under because the hand holds a heart);
- **cards known to be in a hand** (or in a pile) though the viewer does not hold them;
- **unseen piles** of known size that take unseen cards too: the widow, a discard laid away
  face down, Sixty-Six's stock and a turn-up never seen, the cards Auction Pitch never deals
  (:data:`WIDOW`, :data:`DISCARD`, :data:`STOCK`, :data:`TURNUP`, :data:`UNDEALT`);
- **single cards known to be out of a hand** (``excluded``): Sixty-Six's strict rules show a
  player who did not beat the card led holds no higher card of its suit (SS-11).

A game's folder turns a view into these facts — ``tutor/games/<game>/sampling.py`` offers
``constraints(view)`` (a :class:`Constraints`, which also rebuilds the deal as dealt from one
placement), ``history_of(view)`` (the actions as far as the view shows them) and
``deal_state(game, dealer, deal)`` — and the sampler finds it through the registry
(:func:`sampling_of`). The cards are the game's own ints (a 36-card mask in the Tapp family, a
24-card one in Sixty-Six): the constraints name the game's suits as masks (``suits``), so
nothing here assumes a deck. Six-Bid Solo's: Call Solo's called card and gift, the Spread
Misère hand. Frog's: the widow in the Frog bidder's hand and the discard beside it. Crazy
Solo's: up to eleven other hands, the called card's holder unknown like any other card.
Sixty-Six's: the opponent's hand, the stock's order and what the seat remembers of the play.
Auction Pitch's: up to six other hands of a 52-card pack and the cards never dealt.

Every consistent world is equally likely here: the deal is uniform and this sampler reads
nothing into the players' choices (reading the bids is a layer above it,
:mod:`tutor.engine.inference`). Worlds are drawn **exactly uniformly** — no rejection: cards of
one group (a suit, or the part of a suit no single-card fact tells apart) are interchangeable
as far as the constraints go, so the ways of splitting each group among the slots (seats and
piles) with the remaining room are counted, and a world is drawn group by group with those
counts as weights (:mod:`tutor.engine.placement`, which groups alike slots when there are
many). Whatever the placement leaves open — the order of a stock, a gift, which cards were the
widow — the game's constraints draw in :meth:`Constraints.deal_of`, uniformly too. A view no
world fits is refused with the rule it breaks; the sampler never falls back to a deal that
ignores what was seen.

A sampled world is a full state whose history *is* the real one: the dealt hands are rebuilt
and the view's actions replayed through the checked ``apply``, with the actions the view does
not show (a gift, a discard) drawn with the deal. So ``world.view(seat) == view`` for every
world (the tests check it).

:class:`WorldSampler` is the sampler of any game, typed by the game's view and state;
:class:`Sampler` is the Tapp family's (a :class:`~tutor.games.tapp.SeatView` in, a
:class:`~tutor.games.tapp.TappState` out).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import import_module
from types import ModuleType
from typing import Any, Generic, Protocol, TypeVar, cast

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
    played_and_voids,
)
from ..state import Action, Game, GameState, as_rng
from .placement import Placement, placement

WIDOW = -1  # the slot id of the widow among the seats
DISCARD = -2  # the slot id of cards laid away face down (Frog's discard)
STOCK = -3  # the slot id of a stock's face-down cards (Sixty-Six, SS-3)
TURNUP = -4  # the slot id of a turn-up the viewer never saw (Sixty-Six after a first-lead close)
UNDEALT = -5  # the slot id of the cards never dealt (Auction Pitch deals 6n of 52, PI-3)
ALL = (1 << N_CARDS) - 1  # every card of the 36-card deck, as a mask
#: the Tapp family's suits as masks of its 36 cards (nine a suit), the constraints' default
TAPP_SUITS: tuple[int, ...] = tuple(0x1FF << (9 * s) for s in range(4))


def mask_bits(mask: int) -> list[int]:
    """The cards of a mask in the game's own numbering, lowest first (any deck)."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


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
    (:data:`WIDOW`, :data:`DISCARD`, :data:`STOCK`, :data:`TURNUP`, :data:`UNDEALT`);
    ``sizes`` how many cards each holds now; ``known`` the cards known to lie in a slot though
    the viewer does not hold them; ``voids`` the suits (bit ``s``) a slot holds none of;
    ``holds`` the suits a slot holds at least one unseen card of; ``excluded`` single cards a
    slot holds none of (a mask per slot); ``unseen`` the cards left to place; ``suits`` the
    game's suits as masks of its cards (default: the Tapp family's 36 cards). ``rules`` name
    the rules a contradictory view breaks: the hand sizes (the deal), the voids (following
    suit); ``holds_rule`` the rule behind ``holds``.

    A game subclasses it to rebuild the deal as dealt from one placement (:meth:`deal_of`),
    and says how many ways each placement can be completed (:meth:`orders`: the orders of a
    stock).
    """

    def __init__(self, *, slots: Sequence[int], sizes: Sequence[int], known: Mapping[int, int],
                 voids: Mapping[int, int], unseen: int, rules: tuple[str, str],
                 holds: Mapping[int, int] | None = None, holds_rule: str = "",
                 excluded: Mapping[int, int] | None = None,
                 suits: Sequence[int] = TAPP_SUITS) -> None:
        self.slots = tuple(slots)
        self.sizes = tuple(sizes)
        self.known = dict(known)
        self.voids = dict(voids)
        self.holds = dict(holds or {})
        self.excluded = {s: m for s, m in (excluded or {}).items() if m}
        self.unseen = unseen
        self.rules = rules
        self.holds_rule = holds_rule
        self.suits = tuple(suits)

    def groups(self) -> tuple[list[list[int]], list[tuple[bool, ...]], list[tuple[bool, ...]]]:
        """The unseen cards in groups of interchangeable cards, with the slots each group may
        go to and must reach: ``(cards, allowed, least)`` per group, as the placement takes them
        (:func:`tutor.engine.placement.placement`).

        One group per suit, in suit order, when no single card is excluded anywhere (the Tapp
        games: four groups even when one is empty, so the seeded draws never change). A suit
        whose cards single exclusions tell apart splits into one group per set of slots
        excluding a card (in the order of its lowest card); a suit known to be held must stay
        whole.
        """
        cards: list[list[int]] = []
        allowed: list[tuple[bool, ...]] = []
        least: list[tuple[bool, ...]] = []
        for su, suit in enumerate(self.suits):
            open_to = tuple(not self.voids.get(s, 0) >> su & 1 for s in self.slots)
            must = tuple(bool(self.holds.get(s, 0) >> su & 1) for s in self.slots)
            in_suit = mask_bits(self.unseen & suit)
            parts: dict[tuple[bool, ...], list[int]] = {}
            for c in in_suit:
                out = tuple(bool(self.excluded.get(s, 0) >> c & 1) for s in self.slots)
                parts.setdefault(out, []).append(c)
            if len(parts) <= 1:
                out = next(iter(parts), tuple(False for _ in self.slots))
                cards.append(in_suit)
                allowed.append(tuple(a and not x for a, x in zip(open_to, out, strict=True)))
                least.append(must)
                continue
            if any(must):
                raise ValueError(f"suit {su} is known to be held and split by single cards")
            for out, part in parts.items():
                cards.append(part)
                allowed.append(tuple(a and not x for a, x in zip(open_to, out, strict=True)))
                least.append(must)
        return cards, allowed, least

    def placement(self, caps: Sequence[int], by_suit: Sequence[Sequence[int]],
                  allowed: Sequence[Sequence[bool]], least: Sequence[Sequence[bool]]
                  ) -> Placement:
        """The exact placement that draws this view's worlds: the shared choice by the number
        of slots (:func:`tutor.engine.placement.placement`) unless the game picks another
        (Auction Pitch: :class:`~tutor.engine.placement.Compositions`, for its pile of cards
        never dealt). Every choice counts the same worlds; only the draws differ."""
        return placement(caps, by_suit, allowed, least)

    def orders(self) -> int:
        """The ways :meth:`deal_of` completes each placement, all equally likely (the orders
        of a stock); 1 when a placement is the whole world."""
        return 1

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


class SampledView(Protocol):
    """What the sampler reads off whatever a game's ``sampling`` module takes for a view
    (a :class:`~tutor.games.tapp.SeatView`; for Sixty-Six what a seat has seen of the play)."""

    @property
    def game(self) -> str: ...

    @property
    def seat(self) -> int: ...

    @property
    def options(self) -> Mapping[str, Any]: ...


class GameSampling(Protocol):
    """What a game's ``sampling`` module offers the sampler."""

    def constraints(self, view: Any) -> Constraints: ...

    def history_of(self, view: Any) -> PublicHistory: ...

    def deal_state(self, game: Any, dealer: int, deal: Deal) -> GameState: ...


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
def _game(game_id: str, options: tuple[tuple[str, Any], ...]) -> Game:
    return spec(game_id).make(dict(options))


def any_game_of(game_id: str, options: Mapping[str, Any]) -> Game:
    """The game ``game_id`` with ``options`` (one object per option set: games hold no state
    a deal changes)."""
    return _game(game_id, tuple(sorted(options.items())))


def game_of(game_id: str, options: Mapping[str, Any]) -> TappGame[Any]:
    """The Tapp family's game ``game_id`` with ``options`` (:func:`any_game_of`, typed for
    the family's rooms)."""
    return cast(TappGame[Any], any_game_of(game_id, options))


def history_of(view: SampledView) -> PublicHistory:
    """The actions that led to ``view`` as far as it shows them (the game's reading)."""
    return _sampling(view.game).history_of(view)


def rebuild(history: PublicHistory, deal: Deal, *, checked: bool = True,
            game: Game | None = None) -> GameState:
    """Rebuild the full state of one world of any game: deal ``deal`` and replay ``history``.

    ``checked`` replays through ``apply`` (every action re-checked against the rules); search
    code that rebuilds many worlds from a trusted sampler may pass ``False``.
    """
    game = game or any_game_of(history.game, history.options)
    state = _sampling(history.game).deal_state(game, history.dealer, deal)
    hidden = iter(deal.hidden)
    for a in history.actions:
        action = next(hidden) if a is None else a
        if checked:
            state.apply(action)
        else:
            state.apply_unchecked(action)
    return state


def world_of(history: PublicHistory, deal: Deal, *, checked: bool = True,
             game: TappGame[Any] | None = None) -> TappState:
    """One world of a Tapp game as a full state (:func:`rebuild`, typed for the family)."""
    return cast(TappState, rebuild(history, deal, checked=checked, game=game))


V = TypeVar("V", bound=SampledView)
S = TypeVar("S", bound=GameState)


class WorldSampler(Generic[V, S]):
    """Worlds consistent with one view of any game whose folder has a ``sampling`` module,
    drawn uniformly and reproducibly; typed by the game's view ``V`` and state ``S``."""

    def __init__(self, view: V) -> None:
        adapter = _sampling(view.game)
        self.view = view
        self.game = any_game_of(view.game, view.options)
        self.history = adapter.history_of(view)
        c = self.constraints = adapter.constraints(view)
        self.slots = c.slots
        self.fixed = c.known
        self.void = c.voids
        self.caps = tuple(size - c.known.get(s, 0).bit_count()
                          for s, size in zip(c.slots, c.sizes, strict=True))
        self.unseen = c.unseen
        self.by_suit, self.allowed, self.least = c.groups()
        if sum(self.caps) != c.unseen.bit_count() or min(self.caps, default=0) < 0:
            raise IllegalActionError(c.rules[0], "the view's hand sizes do not fit the unseen "
                                     "cards", where=f"seat {view.seat}")
        self.placement: Placement = c.placement(self.caps, self.by_suit, self.allowed,
                                                self.least)
        if self.placement.count() == 0:
            raise self._no_world()

    def _no_world(self) -> IllegalActionError:
        """The error for a view no placement fits, naming the rule it breaks: the voids shown
        (following suit), or a suit known to be held that the room or the voids leave out."""
        c = self.constraints
        where = f"seat {self.view.seat}"
        if any(c.holds.values()):
            free = [tuple(False for _ in self.slots)] * len(self.by_suit)
            if placement(self.caps, self.by_suit, self.allowed, free).count():
                return IllegalActionError(c.holds_rule or c.rules[1], "no deal of the unseen "
                                          "cards gives a seat the suit it is known to hold",
                                          where=where)
        return IllegalActionError(c.rules[1], "no deal of the unseen cards fits the voids shown",
                                  where=where)

    def count(self) -> int:
        """The number of consistent worlds: placements of the unseen cards, times the ways the
        game completes each (the orders of a stock) — before whatever the deal draws that does
        not change the position (an unseen gift, which cards were the widow, which of a
        player's cards came from which draw)."""
        return self.placement.count() * self.constraints.orders()

    # -- drawing --
    def sample_held(self, rng: random.Random) -> dict[int, int]:
        """Where the cards lie now in one world, uniform among those consistent with the view:
        every slot's cards, the known ones included."""
        placed = self.placement.draw(rng)
        return {s: self.fixed.get(s, 0) | m for s, m in zip(self.slots, placed, strict=True)}

    def sample_deal(self, rng: random.Random) -> Deal:
        """One deal, uniform among those consistent with the view."""
        return self.constraints.deal_of(self.sample_held(rng), rng)

    def world(self, deal: Deal, checked: bool = True) -> S:
        """The full state of ``deal`` (a deal this sampler drew), its history replayed."""
        return cast(S, rebuild(self.history, deal, checked=checked, game=self.game))

    def sample(self, rng: random.Random | int | None) -> S:
        """One world as a full state (checked replay of the real history)."""
        rng = as_rng(rng)
        return self.world(self.sample_deal(rng))

    def deals(self, n: int, seed: int | random.Random | None) -> list[Deal]:
        """``n`` deals from one seed (the same seed gives the same deals)."""
        rng = as_rng(seed)
        return [self.sample_deal(rng) for _ in range(n)]

    def worlds(self, n: int, seed: int | random.Random | None) -> Iterator[S]:
        """``n`` worlds from one seed, as full states."""
        for d in self.deals(n, seed):
            yield self.world(d)


class Sampler(WorldSampler[SeatView, TappState]):
    """Worlds consistent with one :class:`SeatView` of a Tapp game, drawn uniformly and
    reproducibly.

    >>> from tutor import SixBidSolo
    >>> state = SixBidSolo().new_deal(7)
    >>> s = Sampler(state.view(state.to_move))
    >>> world = s.sample(random.Random(1))
    >>> world.view(state.to_move) == state.view(state.to_move)
    True
    """

    game: TappGame[Any]


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


__all__ = ["ALL", "DISCARD", "STOCK", "TAPP_SUITS", "TURNUP", "UNDEALT", "WIDOW", "Constraints",
           "Deal", "GameSampling", "PublicHistory", "SampledView", "Sampler", "WorldSampler",
           "any_game_of", "cards_played", "game_of", "history_of", "holder_shares", "mask_bits",
           "played_and_voids", "rebuild", "sample_worlds", "sampling_of", "world_of"]
