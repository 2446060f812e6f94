"""What an Auction Pitch view fixes about the unseen cards, for the shared sampler
(:mod:`tutor.engine.sampler`).

A seat sees its own hand, every call and every card played (every card played stays face up,
reading 15 of docs/auction-pitch.md). Everything else is unseen — and in Pitch that is most of
the pack: only 6 cards a player are dealt (PI-3), so the unseen cards lie

- in the other hands: each other seat holds exactly as many unseen cards as it has cards left
  (6 less those it played);
- or among the cards **never dealt** (:data:`~tutor.engine.sampler.UNDEALT`): 52 − 6n of them,
  a pile no rule says anything about, so it takes any card (no void) — the High, the Low, the
  jack of trumps may lie there, out of play.

**Voids shown by the play (PI-8).** A player able to follow the led suit may follow it *or play
a trump*; one unable to follow may play any card; a trump lead is followed in trumps. So a card
of another suit than the one led shows a void in the led suit only when the play could not have
been a choice:

- the led suit was trump (the first trick always is, PI-7): a non-trump shows no trump left;
- the card played was not a trump: the player could neither follow nor was it trumping;
- under ``strict_follow`` (must follow whenever able): any card of another suit.

A trump played on a plain-suit lead shows nothing (without ``strict_follow``): the player may
hold the led suit and have chosen to trump. No other fact narrows a hand: the calls commit
nothing about the cards (pitching is the call ``4``, PI-4), and nothing is read into the
players' choices — every consistent world is equally likely, as the deal is uniform (PI-3,
reading 2).

**Exactly uniform.** A deal of Pitch is the top 6n cards of a uniform shuffle, so every way of
giving each seat its six cards (the rest undealt) is equally likely. A world is one placement
of the unseen cards into the other hands and the undealt pile, drawn by the shared sampler's
exact count (no rejection); the hands as dealt are the placement plus the cards each seat
played, and the real history — the calls and the cards — is replayed through the checked
``apply``. So ``world.view(seat) == view`` for every world, and a view no world fits (hand sizes
that do not add up, voids no placement can keep) is refused with the rule it breaks (PI-3,
PI-8), never sampled around.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...engine.placement import Compositions, Placement
from ...engine.sampler import UNDEALT, Constraints, Deal, PublicHistory, WorldSampler
from ...state import Action, as_rng
from .rules import (
    CARD_INDEX,
    HAND_SIZE,
    N_CARDS,
    SUIT_MASK,
    SUIT_OF,
    AuctionPitch,
    PitchState,
    PitchView,
    parse_call,
)

#: every card of the pack, as a mask (PI-1)
PACK = (1 << N_CARDS) - 1


@dataclass(frozen=True)
class PlayShown:
    """What the cards played show, per seat: the mask of cards each seat played, and the mask
    of suits each has shown void in (bit ``s`` for suit ``s``, PI-8)."""

    played: tuple[int, ...]
    voids: tuple[int, ...]


def tricks_of(view: PitchView) -> list[tuple[int, list[int]]]:
    """Every trick so far as (leader, cards in play order), the trick in progress last."""
    out = [(ld, [CARD_INDEX[c] for c in cs]) for ld, cs, _ in view.tricks]
    if view.trick:
        assert view.trick_leader is not None
        out.append((view.trick_leader, [CARD_INDEX[c] for c in view.trick]))
    return out


def void_shown(led: int, card: int, trump: int, strict_follow: bool) -> bool:
    """PI-8: does playing ``card`` to a trick led in suit ``led`` show a void in ``led``?

    Following shows nothing. A card of another suit shows the void when the player had no
    choice: trump was led (it is followed in trumps), or the card is not a trump (following or
    trumping were the only other plays), or ``strict_follow`` (following is a must whenever
    able). A trump on a plain-suit lead shows nothing: trumping is allowed while able to follow.
    """
    suit = SUIT_OF[card]
    if suit == led:
        return False
    return led == trump or suit != trump or strict_follow


def play_shown(view: PitchView) -> PlayShown:
    """The cards each seat played and the voids the play showed (PI-8, :func:`void_shown`).

    Play goes clockwise from each trick's leader; the first card led names trump (PI-7), so
    every trick is read with the hand's trump.
    """
    n = len(view.active)
    trump = int(view.trump) if view.trump is not None else -1
    strict = bool(view.options.get("strict_follow", False))
    played = [0] * n
    voids = [0] * n
    for leader, cards in tricks_of(view):
        led = SUIT_OF[cards[0]]
        for i, card in enumerate(cards):
            seat = (leader + i) % n
            played[seat] |= 1 << card
            if i and void_shown(led, card, trump, strict):
                voids[seat] |= 1 << led
    return PlayShown(tuple(played), tuple(voids))


def history_of(view: PitchView) -> PublicHistory:
    """Every action so far — all public in Pitch: the calls in the order spoken, then the
    cards in the order played."""
    actions: list[Action | None] = [parse_call(token, "calls") for _, token in view.calls]
    for _, cards in tricks_of(view):
        actions.extend(cards)
    return PublicHistory(view.game, dict(view.options), view.dealer, tuple(actions))


class PitchConstraints(Constraints):
    """Where a Pitch view says the unseen cards may lie (see the module docstring): the other
    seats' hands with their voids, and the undealt cards (no void)."""

    def __init__(self, view: PitchView) -> None:
        self.view = view
        n = len(view.active)
        shown = play_shown(view)
        self.played = shown.played
        self.own = sum(1 << CARD_INDEX[c] for c in view.hand)
        all_played = 0
        for m in shown.played:
            all_played |= m
        others = [s for s in range(n) if s != view.seat]
        slots = [*others, UNDEALT]
        sizes = [*(view.hand_sizes[s] for s in others), N_CARDS - HAND_SIZE * n]  # PI-3
        voids = {s: shown.voids[s] for s in others if shown.voids[s]}
        Constraints.__init__(self, slots=slots, sizes=sizes, known={}, voids=voids,
                             unseen=PACK & ~(self.own | all_played), rules=("PI-3", "PI-8"),
                             suits=SUIT_MASK)

    def placement(self, caps: Sequence[int], by_suit: Sequence[Sequence[int]],
                  allowed: Sequence[Sequence[bool]], least: Sequence[Sequence[bool]]
                  ) -> Placement:
        """Hand by hand (:class:`~tutor.engine.placement.Compositions`): the hands with a void
        shown first, by how many cards of each suit they hold; the others and the undealt pile,
        free of every fact, take what is left in one shuffle. (Split suit by suit, seven seats
        and a pile of 10 take seconds to count.)"""
        return Compositions(caps, by_suit, allowed, least)

    def deal_of(self, held: Mapping[int, int], rng: random.Random) -> Deal:
        """The hands as dealt: each seat's cards now plus those it played; the undealt cards
        are in no hand (PI-3). Nothing is left to draw."""
        view = self.view
        hands = tuple((self.own if s == view.seat else held[s]) | self.played[s]
                      for s in range(len(view.active)))
        return Deal(hands, 0)


def constraints(view: PitchView) -> PitchConstraints:
    """Where ``view`` says the unseen cards of a Pitch deal may lie."""
    return PitchConstraints(view)


def deal_state(game: AuctionPitch, dealer: int, deal: Deal) -> PitchState:
    """The deal before any call: ``deal``'s hands, ``dealer`` dealing (PI-3)."""
    return PitchState(game, dealer, list(deal.hands))


class PitchSampler(WorldSampler[PitchView, PitchState]):
    """Worlds consistent with one seat's view of a Pitch hand: the other hands and the undealt
    cards, exactly uniform, reproducible from a seed; an :class:`~tutor.errors.IllegalActionError`
    naming the rule (PI-3, PI-8) when no world fits.

    >>> from tutor.games.auction_pitch.rules import AuctionPitch
    >>> state = AuctionPitch({"players": 3}).new_deal(5)
    >>> PitchSampler(state.view(1)).sample(2).view(1) == state.view(1)
    True
    """

    game: AuctionPitch


def sample_worlds(view: PitchView, n: int, seed: int | random.Random | None
                  ) -> list[PitchState]:
    """``n`` worlds consistent with ``view``, reproducible from ``seed``."""
    return list(PitchSampler(view).worlds(n, as_rng(seed)))


__all__ = ["PACK", "PitchConstraints", "PitchSampler", "PlayShown", "constraints", "deal_state",
           "history_of", "play_shown", "sample_worlds", "tricks_of", "void_shown"]
