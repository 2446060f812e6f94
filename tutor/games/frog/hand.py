"""Frog's rules of thumb for a hand: what each contract is worth by the Tapp family's hand count
(:mod:`tutor.engine.hand`), and which card to lay away in the discard (FR-2).

**The count.** The family's count with a trump suit: about 10 points a trick expected, the
widow's expected share (3/25 of the points the hand cannot see — the widow counts for the bidder
in every Frog contract, FR-1) and 4 for what the count leaves out.

**What a contract is worth.** Each opponent pays k × (P − 60) (FR-1, FR-5), so an estimate of
chips from each opponent is k × (count − 60). A bid needs a margin that grows with k, since a
loss costs k times as much too:

| contract | trump | counted as | bid from |
|---|---|---|---|
| Frog | ♥ | the ♥ count + :data:`EXCHANGE` (the exchange) | 61 |
| Chico | the best of ♣ ♠ ♦ (any suit under ``chico_trump: any``) | its count | 66 |
| Grand | ♥ | the ♥ count | 71 |

and with at least 4 trumps (3 for the Frog bid, whose widow may bring more): the count's side
tricks assume the opponents cannot ruff them.

The exchange: the widow joins the Frog bidder's hand and the three worst cards go, their points
kept (FR-2).

These marks are rules of thumb for a learner to follow, not tuned by play (``docs/bots.md``).

**The discard** (:func:`discard_choice`, one card at a time). Never a trump or an ace. First an
*unguarded* point card — one the hand cannot keep until the higher cards of its suit have gone
(it holds no more cards of the suit than the higher cards it lacks: a bare ten, a king with one
small card and neither ace nor ten): it would fall to a higher card, and laid away its points
count for the bidder (FR-1). Else the lowest card of the shortest side suit, which brings a void
(and ruffs) closer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...engine.hand import RANK_TEXT, rank, trump_estimate
from ..tapp import HEARTS, POINTS, SUIT_MASK, SUIT_SYMBOLS, mask_cards
from .rules import CHICO, CONTRACT_NAMES, CONTRACTS, FROG, GRAND

#: points the widow pick-up and discard add to a Frog bid's count
EXCHANGE = 5
#: the count each contract is bid from (61 makes any contract, FR-1; Chico and Grand pay
#: twice and four times as much either way, so they want a margin)
BID_FROM = {FROG: 61, CHICO: 66, GRAND: 71}
#: the fewest trumps each contract is bid with: the count's side tricks assume the opponents
#: cannot ruff them (a Frog bidder may find more trumps in the widow)
MIN_TRUMPS = {FROG: 3, CHICO: 4, GRAND: 4}


@dataclass(frozen=True)
class Estimate:
    """One contract as the rule of thumb sees it: the count, and chips from each opponent."""

    contract: int
    trump: int
    points: int
    chips: int  # estimated chips from each opponent; 0 means "do not bid"
    reason: str


def chico_trumps(options: Mapping[str, Any]) -> tuple[int, ...]:
    """The suits Chico may name: ♣ ♠ ♦, or every suit under ``chico_trump: any`` (FR-2)."""
    return (0, 1, 2, 3) if options.get("chico_trump") == "any" else (0, 1, 3)


def multiplier_of(contract: int, options: Mapping[str, Any]) -> int:
    """k of FR-5: Frog 1, Chico 2, Grand 4 (or 3 under ``grand_multiplier: 3``)."""
    return (1, 2, int(options.get("grand_multiplier", 4)))[contract - 1]


def estimates(hand: int, options: Mapping[str, Any]) -> list[Estimate]:
    """Every contract's estimate for an 11-card ``hand`` (see the module table)."""
    out = []
    _, hearts, hearts_words = trump_estimate(hand, HEARTS)
    for contract in (FROG, CHICO, GRAND):
        if contract == CHICO:
            trump = max(chico_trumps(options), key=lambda s: trump_estimate(hand, s)[1])
            _, points, words = trump_estimate(hand, trump)
        else:
            trump, points, words = HEARTS, hearts, hearts_words
        if contract == FROG:
            points += EXCHANGE
            words += f", + {EXCHANGE} for the widow's exchange"
        k = multiplier_of(contract, options)
        need = BID_FROM[contract]
        trumps = (hand & SUIT_MASK[trump]).bit_count()
        short = trumps < MIN_TRUMPS[contract]
        chips = k * (points - 60) if points >= need and not short else 0
        name = CONTRACT_NAMES[CONTRACTS[contract - 1]]
        rule = (f"too few trumps: bid with {MIN_TRUMPS[contract]} or more" if short else
                f"bid from {need}")
        out.append(Estimate(contract, trump, points, chips,
                            f"{name}: {words}; {rule}, each opponent pays {k} × (P − 60) "
                            "(FR-1)"))
    return out


def card_text(card: int) -> str:
    return RANK_TEXT[rank(card)] + SUIT_SYMBOLS[card // 9]


def higher_missing(hand: int, card: int) -> int:
    """How many cards of ``card``'s suit rank above it and are not in ``hand``."""
    above = SUIT_MASK[card // 9] & ((1 << card) - 1)
    return (above & ~hand).bit_count()


def unguarded(hand: int, card: int) -> bool:
    """Would ``card`` fall to a higher card before it could win? The hand holds no more cards
    of its suit than the higher cards it lacks (a bare ten; a king with one small card)."""
    return (hand & SUIT_MASK[card // 9]).bit_count() <= higher_missing(hand, card)


def discard_choice(hand: int) -> tuple[int, str]:
    """The card to lay away next (FR-2), and why (see the module docstring)."""
    cards = mask_cards(hand)
    side = [c for c in cards if c // 9 != HEARTS]
    keep_aces = [c for c in side if rank(c) != 0]
    candidates = keep_aces or side or cards
    loose = [c for c in candidates if POINTS[c] and c // 9 != HEARTS and unguarded(hand, c)]
    if loose:
        c = max(loose, key=lambda c: (POINTS[c], -c))
        return c, (f"discard {card_text(c)}: unguarded — I lack {higher_missing(hand, c)} "
                   f"higher {SUIT_SYMBOLS[c // 9]} and could not hold it back, so it would "
                   f"fall; laid away, its {POINTS[c]} points count for me (FR-1)")

    def length(c: int) -> int:
        return (hand & SUIT_MASK[c // 9]).bit_count()

    c = min(candidates, key=lambda c: (c // 9 == HEARTS, length(c), POINTS[c], -rank(c)))
    if c // 9 == HEARTS:
        why = "only trumps left to lay away: my lowest"
    elif rank(c) == 0:
        why = "only trumps and aces left: an ace of the shortest side suit, so every trump stays"
    else:
        why = (f"the lowest card of my shortest side suit ({length(c)} "
               f"{SUIT_SYMBOLS[c // 9]}), a void comes closer; I keep my trumps and aces")
    return c, f"discard {card_text(c)}: {why}"


__all__ = ["BID_FROM", "EXCHANGE", "Estimate", "chico_trumps", "discard_choice", "estimates",
           "multiplier_of", "unguarded"]
