"""What a Crazy Solo view fixes about the unseen cards, for the shared sampler
(:mod:`tutor.engine.sampler`).

Every card of this deal's deck (CS-2) is dealt, so the unseen cards are the deck less the
viewer's hand and the cards played, and they all lie in the other hands — no widow, no pile:

- each other seat holds exactly as many unseen cards as it has cards left (CS-2, CS-10);
- a seat that did not follow the led suit holds none of it, and one that neither followed nor
  trumped holds no trump either (CS-10) — a *void* shown by the play;
- **the called card is an unseen card like any other** (CS-9): its holder — the secret
  partner — is unknown to every seat but the one holding it, which sees it in its own hand. The
  sampler places it wherever the voids allow, so a bot weighs every seat that may be the partner
  by the share of worlds in which it holds the card (:func:`~tutor.engine.sampler.holder_shares`);
- **a blind deal** (CS-14) says something about the leader's hand as dealt: with no auction the
  leader held a heart (a seat that has not played one still holds one); after an auction the
  leader held none.

Nothing is read into the calls: a Crazy Solo player speaks once (CS-4), and the worlds are the
sampler's uniform draw. The history holds the calls (none in a blind deal the leader is under),
the trump and the called card as far as declared, and the cards played.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...engine.sampler import Constraints, Deal, PublicHistory, SeatConstraints, game_of
from ...state import Action
from ..tapp import (
    AUCTION,
    CALLCARD_BASE,
    CARD_INDEX,
    DECLARE,
    HEARTS,
    SUIT_MASK,
    TRUMP_BASE,
    SeatView,
    TappGame,
    cards_played,
    parse_call,
)
from .rules import ALONE, CONTRACTS, SOLO, SOLO_IN_HEARTS, CrazySolo, CrazySoloState


@dataclass(frozen=True)
class CrazySoloDeal(Deal):
    """A sampled Crazy Solo deal: the hands as dealt, and whether the deal is blind (CS-14) —
    a fact of the deal every world shares, which the state needs from its first moment (the
    leader of a blind deal holding a heart is under before anyone speaks)."""

    blind: bool = False


def steps_of(contract: str | None) -> list[str]:
    """The declaration steps of a contract (CS-7): trump after ``solo`` and ``alone``, the call
    after ``solo`` and ``solo-in-hearts``."""
    if contract is None:
        return []
    k = CONTRACTS.index(contract) + 1
    return ([*(["trump"] if k in (SOLO, ALONE) else []),
             *(["call"] if k in (SOLO, SOLO_IN_HEARTS) else [])])


def history_of(view: SeatView) -> PublicHistory:
    """The actions that led to ``view``: the calls (none in a blind deal the leader is under,
    CS-14), the trump and the called card as far as declared (CS-7), the cards played."""
    actions: list[Action | None] = [parse_call(t, "", CONTRACTS) for _, t in view.calls]
    steps = steps_of(view.contract)
    if view.phase == DECLARE:
        assert view.step in steps
        steps = steps[: steps.index(view.step)]  # only the steps already taken
    elif view.phase == AUCTION:
        steps = []
    for step in steps:
        if step == "trump":
            assert view.trump is not None
            actions.append(TRUMP_BASE + int(view.trump))
        else:
            assert view.called is not None
            actions.append(CALLCARD_BASE + CARD_INDEX[view.called])
    actions.extend(cards_played(view))
    return PublicHistory(view.game, dict(view.options), view.dealer, tuple(actions))


class CrazySoloConstraints(SeatConstraints):
    """A Crazy Solo view's constraints (see the module docstring)."""

    def __init__(self, view: SeatView) -> None:
        super().__init__(view)
        game = game_of(view.game, view.options)
        assert isinstance(game, CrazySolo)
        self.blind = bool(getattr(view, "blind", False))
        others = [s for s in view.active if s != view.seat]
        voids = dict(self.shown_voids)
        holds: dict[int, int] = {}
        leader = view.active[0]
        if self.blind and leader != view.seat:
            if view.calls or view.phase == AUCTION:  # CS-14 (ii): the leader held no heart
                voids[leader] |= 1 << HEARTS
            elif not self.played[leader] & SUIT_MASK[HEARTS]:  # CS-14 (i): it held one
                holds[leader] = 1 << HEARTS
        Constraints.__init__(self, slots=others, sizes=[view.hand_sizes[s] for s in others],
                             known={}, voids=voids, holds=holds,
                             unseen=game.deck & ~(self.own | self.all_played),
                             rules=("CS-2", "CS-10"), holds_rule="CS-14")

    def deal_of(self, held: Mapping[int, int], rng: random.Random) -> CrazySoloDeal:
        """Current holdings → the hands as dealt: each seat's cards played put back."""
        return CrazySoloDeal(tuple(self.hands_played_back(held)), 0, (), self.blind)


def constraints(view: SeatView) -> CrazySoloConstraints:
    """Where ``view`` says the unseen cards of a Crazy Solo deal may lie."""
    return CrazySoloConstraints(view)


def deal_state(game: TappGame[Any], dealer: int, deal: Deal) -> CrazySoloState:
    """The deal before any action: ``deal``'s hands, ``dealer`` dealing, blind or not."""
    assert isinstance(game, CrazySolo)
    blind = deal.blind if isinstance(deal, CrazySoloDeal) else False
    return CrazySoloState(game, dealer, list(deal.hands), 0, blind)


__all__ = ["CrazySoloConstraints", "CrazySoloDeal", "constraints", "deal_state", "history_of",
           "steps_of"]
