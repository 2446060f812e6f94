"""The bot protocol and what every bot may read off its seat's view.

A bot is seeded and sees one :class:`~tutor.games.tapp.SeatView` at a time — never the
state — so no bot can look at another hand or the widow, even by accident. It answers with a
legal action and a one-line reason a learner can read::

    action, reason = bot.act(state.view(seat))
    state.apply(action)          # checked: an illegal bot action would raise
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..errors import IllegalActionError
from ..games.six_bid_solo.rules import CONTRACTS, MISERES
from ..games.tapp import CARD_INDEX, N_CARDS, POINTS, SUIT_MASK, SeatView
from ..state import Action

ALL = (1 << N_CARDS) - 1


class Bot(Protocol):
    """A sparring partner: ``act(view)`` → (a legal action, a one-line reason)."""

    name: str

    def act(self, view: SeatView) -> tuple[Action, str]: ...


def require_turn(view: SeatView) -> None:
    """A bot asked to act out of turn is a caller's mistake: say so with the rule."""
    if view.to_move != view.seat or not view.legal:
        raise IllegalActionError("SBS-5", "it is not this seat's turn", where=f"seat {view.seat}")


def beats(card: int, best: int, trump: int) -> bool:
    """Does ``card`` beat ``best``, the card now winning the trick (SBS-24)?"""
    if card // 9 == best // 9:
        return card < best  # lower index = higher card (SBS-2)
    return card // 9 == trump


@dataclass(frozen=True)
class Table:
    """Facts about the deal that follow from one view (all public or the seat's own)."""

    seat: int
    hand: int  # own cards, mask
    played: int  # every card played so far, mask
    out: int  # cards neither held nor played: in other hands or the widow
    contract: int  # 1..6, 0 during the auction
    trump: int  # -1: none (the misères, or not named yet)
    bidder: int | None
    trick: tuple[int, ...]
    trick_seats: tuple[int, ...]  # who played each card of the trick

    @classmethod
    def of(cls, view: SeatView) -> Table:
        hand = sum(1 << CARD_INDEX[c] for c in view.hand)
        played = view.played_mask()
        contract = CONTRACTS.index(view.contract) + 1 if view.contract else 0
        trump = int(view.trump) if view.trump is not None and contract not in MISERES else -1
        trick = tuple(CARD_INDEX[c] for c in view.trick)
        seats: list[int] = []
        if trick:
            assert view.trick_leader is not None
            s = view.trick_leader
            for _ in trick:
                seats.append(s)
                s = view.active[(view.active.index(s) + 1) % 3]
        return cls(view.seat, hand, played, ALL & ~hand & ~played, contract, trump, view.bidder,
                   trick, tuple(seats))

    @property
    def is_bidder(self) -> bool:
        return self.seat == self.bidder

    def winning(self) -> tuple[int, int]:
        """(the card now winning the trick, the seat that played it); the trick is not empty."""
        best, who = self.trick[0], self.trick_seats[0]
        for c, s in zip(self.trick[1:], self.trick_seats[1:], strict=True):
            if beats(c, best, self.trump):
                best, who = c, s
        return best, who

    def is_master(self, card: int) -> bool:
        """No card still out in its suit ranks above it."""
        higher = SUIT_MASK[card // 9] & ((1 << card) - 1)
        return not self.out & higher

    def trumps_out(self) -> int:
        return (self.out & SUIT_MASK[self.trump]).bit_count() if self.trump >= 0 else 0

    def trick_points(self) -> int:
        return sum(POINTS[c] for c in self.trick)
