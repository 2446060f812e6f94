"""Readable hand evaluation for the Tapp family (Six-Bid Solo, Frog): rules of thumb a learner
can follow with the cards in front of them. A game's own estimates of its contracts build on
these (``tutor/games/<game>/hand.py``).

- **Tricks with a trump suit.** Count every trump as a trick, less one for each of the trump
  ace, ten and king you lack (an opponent wins a trick with it), but never less than the rounds
  needed to draw the opponents' trumps; then, in each side suit, the top cards from the ace down
  (A; A-10; A-10-K), and half a trick for a guarded ten (10 with another card, no ace).
- **Points.** About 10 points for each trick you expect, plus your share of the widow — it holds
  3 of the 25 cards you cannot see, so 3/25 of their points on average (SBS-12 counts it for the
  bidder in Solo, Heart Solo, Guarantee and Call Solo; FR-1 in every Frog contract) — plus 4 for
  what the count leaves out (ruffs, long cards, the defenders' slips). The 4 was measured in
  duplicate play of Six-Bid Solo (``docs/bots.md``).
- **Misère.** A card is *covered* when you hold enough lower cards of its suit to duck under the
  opponents' leads: its height above the 6 (6 = 0, 7 = 1, ... ace = 8) is at most one more than
  twice the number of lower cards you hold in the suit. Misère needs every card covered; Spread
  Misère, whose hand is shown (SBS-21), needs every card covered with one to spare.
"""

from __future__ import annotations

from ..games.tapp import SUIT_MASK, SUIT_SYMBOLS, mask_cards, mask_points

RANK_TEXT = "ATKQJ9876"  # by rank position: A=0 ... 6=8
UNCOUNTED = 4  # points for the tricks the count leaves out (ruffs, long cards, misplays)


def rank(card: int) -> int:
    """0 for the ace ... 8 for the six (SBS-2: lower is higher)."""
    return card % 9


def _suit_ranks(hand: int, suit: int) -> list[int]:
    return [rank(c) for c in mask_cards(hand & SUIT_MASK[suit])]


def top_run(ranks: list[int]) -> int:
    """How many top cards of a suit, from the ace down, the holding has without a gap."""
    n = 0
    while n < len(ranks) and ranks[n] == n:
        n += 1
    return n


def trump_tricks(hand: int, trump: int) -> float:
    """Expected trump tricks (see the module docstring)."""
    ranks = _suit_ranks(hand, trump)
    length = len(ranks)
    missing_honours = sum(1 for r in (0, 1, 2) if r not in ranks)
    draw_rounds = (9 - length + 1) // 2  # two opponents follow each round of trumps
    return max(0, length - min(missing_honours, draw_rounds))


def side_tricks(hand: int, trump: int) -> float:
    """Expected tricks from the side suits: top cards from the ace down, a guarded ten half."""
    total = 0.0
    for s in range(4):
        if s == trump:
            continue
        ranks = _suit_ranks(hand, s)
        run = min(top_run(ranks), 3)
        total += run
        if run == 0 and ranks and ranks[0] == 1 and len(ranks) >= 2:
            total += 0.5
    return total


def widow_share(hand: int) -> float:
    """The widow's expected points: 3/25 of the points you cannot see (SBS-12, FR-1)."""
    return (120 - mask_points(hand)) * 3 / 25


def trump_estimate(hand: int, trump: int) -> tuple[float, int, str]:
    """(tricks, points, words) for playing ``hand`` with ``trump``."""
    t = trump_tricks(hand, trump)
    side = side_tricks(hand, trump)
    tricks = t + side
    points = round(10 * tricks + widow_share(hand)) + UNCOUNTED
    n = (hand & SUIT_MASK[trump]).bit_count()
    words = (f"{n} trumps {SUIT_SYMBOLS[trump]} ≈ {t:g} tricks, side suits ≈ {side:g}: "
             f"≈ {points} points with the widow and {UNCOUNTED} for what the count leaves out")
    return tricks, points, words


def uncovered(hand: int) -> list[int]:
    """The cards a misère bidder could not duck (see the module docstring)."""
    out = []
    for s in range(4):
        cards = mask_cards(hand & SUIT_MASK[s])  # high to low
        for i, c in enumerate(cards):
            lower = len(cards) - 1 - i
            height = 8 - rank(c)
            if height > 2 * lower + 1:
                out.append(c)
    return out


def spread_safe(hand: int) -> bool:
    """Spread Misère: every card covered with one to spare (height ≤ 2 × lower cards)."""
    for s in range(4):
        cards = mask_cards(hand & SUIT_MASK[s])
        for i, c in enumerate(cards):
            if 8 - rank(c) > 2 * (len(cards) - 1 - i):
                return False
    return True


__all__ = ["RANK_TEXT", "UNCOUNTED", "rank", "side_tricks", "spread_safe", "top_run",
           "trump_estimate", "trump_tricks", "uncovered", "widow_share"]
