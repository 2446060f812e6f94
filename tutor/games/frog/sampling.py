"""What a Frog view fixes about the unseen cards, for the shared sampler
(:mod:`tutor.engine.sampler`).

Frog deals, bids and plays as Six-Bid Solo does; what differs is where the widow goes (FR-2):

- **Before the auction ends, and in Chico and Grand**, the widow lies unseen (3 cards): a pile
  beside the other seats' hands, with no void (it takes no part in the play).
- **In a Frog contract** the bidder takes the widow into hand and discards three cards face
  down. For a *defender* the widow's cards are among the bidder's, and the discard is a pile
  of unseen cards — as many as the bidder has laid away so far — which the bidder's voids do not
  bind (a card laid away before the play may be of a suit the bidder later shows void in). For
  the *bidder* the discard is known (the view shows it), so it is no unseen card at all.
- Each other active seat holds as many unseen cards as it has left, and shows voids by the play
  (SBS-23) as in Six-Bid Solo.

Which three of the Frog bidder's fourteen cards were the widow no view shows (the bidder saw
them, but the view keeps no note of it, and nothing after the discard depends on it): the deal
as dealt takes three of them uniformly. The discard a defender did not see is drawn with the
deal and replayed in card order (any order of three cards in hand is legal, FR-2).

Frog reads nothing into the calls yet (no ``fits_call`` here): its worlds are the sampler's
uniform draw.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...engine.sampler import (
    ALL,
    DISCARD,
    WIDOW,
    Constraints,
    Deal,
    PublicHistory,
    SeatConstraints,
    cards_played,
    played_and_voids,
)
from ...state import Action
from ..tapp import (
    AUCTION,
    CARD_INDEX,
    DECLARE,
    TRUMP_BASE,
    SeatView,
    TappGame,
    mask_cards,
    mask_of,
    parse_call,
)
from .rules import CONTRACTS, DISCARD_BASE, DISCARD_SIZE, FrogState

WIDOW_SIZE = 3  # SBS-8
HAND_SIZE = 11  # SBS-8: the bidder again holds 11 after the discard (FR-2)


def _mask(cards: Any) -> int:
    return sum(1 << CARD_INDEX[c] for c in cards)


def discards_made(view: SeatView, played_by_bidder: int) -> int:
    """How many cards the Frog bidder has laid away so far (FR-2): the bidder has held the
    11 cards dealt and the 3 of the widow; what is neither in hand nor played is discarded."""
    assert view.bidder is not None
    held = view.hand_sizes[view.bidder] + played_by_bidder.bit_count()
    return HAND_SIZE + DISCARD_SIZE - held


def _is_frog(view: SeatView) -> bool:
    """Has a Frog bidder taken the widow into hand (from the auction's end on)?"""
    return view.contract == CONTRACTS[0] and view.phase != AUCTION


def history_of(view: SeatView) -> PublicHistory:
    """The actions that led to ``view``: the calls, the declaration (the discard — each card
    for the bidder, ``None`` for a defender — or Chico's trump) and the cards played."""
    actions: list[Action | None] = [parse_call(t, "", CONTRACTS) for _, t in view.calls]
    if _is_frog(view):
        if view.seat == view.bidder:
            actions += [DISCARD_BASE + CARD_INDEX[c] for c in view.discarded or ()]
        else:
            played, _ = played_and_voids(view)
            assert view.bidder is not None
            actions += [None] * discards_made(view, played[view.bidder])
    elif view.contract == CONTRACTS[1] and view.phase not in (AUCTION, DECLARE):
        assert view.trump is not None  # Chico's trump, named (FR-2)
        actions.append(TRUMP_BASE + int(view.trump))
    actions.extend(cards_played(view))
    return PublicHistory(view.game, dict(view.options), view.dealer, tuple(actions))


class FrogConstraints(SeatConstraints):
    """A Frog view's constraints (see the module docstring), with what rebuilding the deal as
    dealt needs: the cards each seat played, the viewer's hand and, for the bidder, the
    discard."""

    def __init__(self, view: SeatView) -> None:
        super().__init__(view)
        played = self.played
        self.frog = _is_frog(view)
        self.bidder_view = self.frog and view.seat == view.bidder
        self.laid = _mask(view.discarded or ()) if self.bidder_view else 0  # known to the bidder
        others = [s for s in view.active if s != view.seat]
        slots: list[int] = list(others)
        sizes = [view.hand_sizes[s] for s in others]
        if not self.frog:  # the widow lies unseen (the auction, Chico, Grand)
            slots.append(WIDOW)
            sizes.append(WIDOW_SIZE)
        elif not self.bidder_view:  # a defender: the discard so far is unseen
            assert view.bidder is not None
            slots.append(DISCARD)
            sizes.append(discards_made(view, played[view.bidder]))
        Constraints.__init__(self, slots=slots, sizes=sizes, known={}, voids=self.shown_voids,
                             unseen=ALL & ~(self.own | self.all_played | self.laid),
                             rules=("SBS-8", "SBS-23"))

    def deal_of(self, held: Mapping[int, int], rng: random.Random) -> Deal:
        """Current holdings → the hands as dealt: cards played put back and, in a Frog
        contract, the discard back in the bidder's hand and three of those fourteen cards drawn
        as the widow."""
        view = self.view
        hands = self.hands_played_back(held)
        if not self.frog:
            return Deal(tuple(hands), held[WIDOW])
        bidder = view.bidder
        assert bidder is not None
        laid = self.laid if self.bidder_view else held[DISCARD]
        fourteen = hands[bidder] | laid
        widow = mask_of(rng.sample(mask_cards(fourteen), WIDOW_SIZE))
        hands[bidder] = fourteen & ~widow
        hidden = () if self.bidder_view else tuple(DISCARD_BASE + c for c in mask_cards(laid))
        return Deal(tuple(hands), widow, hidden)


def constraints(view: SeatView) -> FrogConstraints:
    """Where ``view`` says the unseen cards of a Frog deal may lie."""
    return FrogConstraints(view)


def deal_state(game: TappGame[Any], dealer: int, deal: Deal) -> FrogState:
    """The deal before any action: ``deal``'s hands and widow, ``dealer`` dealing."""
    return FrogState(game, dealer, list(deal.hands), deal.widow)  # type: ignore[arg-type]


__all__ = ["FrogConstraints", "constraints", "deal_state", "discards_made", "history_of"]
