"""Crazy Solo's rules of thumb for a hand, at a table of 3 to 12: what each call is worth and
which card to call. The rule bot bids, names trump and calls by them
(:mod:`tutor.games.crazy_solo.bots`).

- **A trick's worth.** Every card is dealt and every trick played (CS-2, CS-10), so a trick
  holds on average 120 ÷ (cards in a hand) points: 13⅓ with 4 players, 30 with 8, 40 with 12.
- **My tricks with a trump suit.** At 3 players, against two hands as in Six-Bid Solo, the
  Tapp family's count (:mod:`tutor.engine.hand`: every trump a trick less the top ones lacked,
  side suits' top cards). From 4 players: each trump from the ace down without a gap is a
  trick; each other trump among the deal's top trumps — as many as there are tricks — half a
  trick (it wins once the higher ones fall, or trumps a suit I lack); lower trumps nothing (at a
  big table most tricks hold a trump, and the highest win them). In a side suit the top cards
  from the ace down count: A-10 at 4 players, a trick each; the ace alone, half a trick, from 5
  to 7; nothing from 8 on — with more hands, one of them is out of the suit and trumps it.
- **The partner** (``solo``, ``solo-in-hearts``): an average hand's tricks (cards in a hand ÷
  players) and half a trick more for the called card, a high trump.
- **Points** are the tricks times a trick's worth. The soloists need 62 to be paid with ♣ ♠ ♦
  trump (2 × 1 rounds to 0, a draw) and 61 with ♥ (CS-11); a call is made from
  :data:`BID_FROM` points, a few to spare.
- **Chips**: each gang member pays p = k × (P − 60) rounded to 5 (CS-11); the bidder settles with
  every gang member when alone and with about half of them beside a partner (CS-12), so a hand
  that makes its points alone is worth far more alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.hand import RANK_TEXT, rank, side_tricks, top_run, trump_tricks
from ..tapp import HEARTS, SUIT_MASK, SUIT_SYMBOLS, mask_cards
from .rules import ALONE, ALONE_IN_HEARTS, CONTRACT_NAMES, CONTRACTS, SOLO, SOLO_IN_HEARTS, payment

#: the fewest estimated points a call is made from (62 are paid with ♣ ♠ ♦, 61 with ♥; CS-11)
BID_FROM = 66
#: the partner's tricks over an average hand's: it holds the called card, a high trump
PARTNER_EXTRA = 0.5
#: from this many players a side ace counts nothing (some hand is out of the suit and trumps
#: it); from 5 it counts half
CROWDED = 8


@dataclass(frozen=True)
class Estimate:
    """One call as the rule of thumb sees it."""

    contract: int  # 1 solo .. 4 alone-in-hearts
    trump: int
    tricks: float  # the soloists' tricks: mine, and the partner's beside a partner
    points: int
    chips: int  # the bidder's estimated chips if made (0: do not call it)
    reason: str


def card_words(card: int) -> str:
    return RANK_TEXT[rank(card)] + SUIT_SYMBOLS[card // 9]


def trick_worth(hand_size: int) -> float:
    """A trick's average points: 120 over the tricks of the deal (CS-1, CS-2)."""
    return 120 / hand_size


def side_tops(players: int) -> tuple[int, float]:
    """From 4 players: how many top cards of a side suit count, from the ace down without a
    gap, and what each is worth — A-10 at 4 players, a trick each; the ace alone from 5 to 7,
    half a trick; nothing from 8 on (some hand is out of the suit and trumps it)."""
    if players <= 4:
        return 2, 1.0
    return (1, 0.5) if players < CROWDED else (0, 0.0)


def my_tricks(hand: int, trump: int, players: int, hand_size: int) -> tuple[float, float]:
    """(trump tricks, side tricks) of ``hand`` with ``trump`` (see the module docstring)."""
    if players == 3:  # two opponents, as in Six-Bid Solo: the Tapp family's count
        return trump_tricks(hand, trump), side_tricks(hand, trump)
    trumps = [rank(c) for c in mask_cards(hand & SUIT_MASK[trump])]
    run = top_run(trumps)
    high = sum(1 for r in trumps[run:] if r < hand_size)  # among the deal's top trumps
    in_trumps = run + 0.5 * high
    tops, worth = side_tops(players)
    side = sum(worth * min(tops, top_run([rank(c) for c in mask_cards(hand & SUIT_MASK[s])]))
               for s in range(4) if s != trump)
    return in_trumps, side


def call_card(hand: int, trump: int, deck: int) -> int:
    """The card to call: the highest trump of this deal's deck I lack; holding every trump,
    the highest card I lack of the side suit I hold most of (CS-8)."""
    lacking = deck & ~hand
    trumps = mask_cards(lacking & SUIT_MASK[trump])
    if trumps:
        return trumps[0]
    suits = sorted((s for s in range(4) if s != trump and lacking & SUIT_MASK[s]),
                   key=lambda s: -(hand & SUIT_MASK[s]).bit_count())
    return mask_cards(lacking & SUIT_MASK[suits[0]])[0] if suits else mask_cards(hand)[0]


def gang_payers(players: int, alone: bool) -> int:
    """How many gang members settle with the bidder (CS-12): all when alone, else the first
    ⌈g/2⌉ of the g = players − 2."""
    return players - 1 if alone else (players - 2 + 1) // 2


def estimate(hand: int, players: int, hand_size: int, contract: int, trump: int) -> Estimate:
    """``contract`` (1 solo .. 4 alone-in-hearts) with ``trump`` for ``hand``, by the rules of
    thumb of the module docstring; ``chips`` 0 below :data:`BID_FROM` points."""
    alone = contract in (ALONE, ALONE_IN_HEARTS)
    worth = trick_worth(hand_size)
    partner = hand_size / players + PARTNER_EXTRA
    t, side = my_tricks(hand, trump, players, hand_size)
    tricks = t + side + (0.0 if alone else partner)
    points = min(120, round(tricks * worth))
    p = payment(trump, points)
    chips = p * gang_payers(players, alone) if points >= BID_FROM and p > 0 else 0
    name = CONTRACT_NAMES[CONTRACTS[contract - 1]]
    mine = (f"{(hand & SUIT_MASK[trump]).bit_count()} trumps {SUIT_SYMBOLS[trump]} ≈ {t:g} "
            f"tricks, side suits ≈ {side:g}")
    with_partner = "" if alone else (f", my partner ≈ {partner:.1f} (an average hand with the "
                                     "called card)")
    reason = (f"{name}: {mine}{with_partner}: ≈ {points} points at {worth:.0f} a trick; "
              f"{61 if trump == HEARTS else 62} win (CS-11)")
    return Estimate(contract, trump, tricks, points, chips, reason)


def estimates(hand: int, players: int, hand_size: int, trumps: Sequence[int]) -> list[Estimate]:
    """Every call's estimate for ``hand``: ``solo`` and ``alone`` with the best of the plain
    ``trumps``, the in-hearts calls with ♥ (CS-7); ``chips`` 0 where the rule says no."""
    out = []
    for contract in (SOLO, SOLO_IN_HEARTS, ALONE, ALONE_IN_HEARTS):
        suits = (HEARTS,) if contract in (SOLO_IN_HEARTS, ALONE_IN_HEARTS) else tuple(trumps)
        out.append(max((estimate(hand, players, hand_size, contract, s) for s in suits),
                       key=lambda e: e.points))
    return out


__all__ = ["BID_FROM", "CROWDED", "PARTNER_EXTRA", "Estimate", "call_card", "card_words",
           "estimate", "estimates", "gang_payers", "my_tricks", "side_tops", "trick_worth"]
