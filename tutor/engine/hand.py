"""Readable hand evaluation: the rules of thumb the rule-based bot bids by, which a learner can
follow with the cards in front of them.

- **Tricks with a trump suit.** Count every trump as a trick, less one for each of the trump
  ace, ten and king you lack (an opponent wins a trick with it), but never less than the rounds
  needed to draw the opponents' trumps; then, in each side suit, the top cards from the ace down
  (A; A-10; A-10-K), and half a trick for a guarded ten (10 with another card, no ace).
- **Points.** About 10 points for each trick you expect, plus your share of the widow — it holds
  3 of the 25 cards you cannot see, so 3/25 of their points on average (SBS-12 counts it for the
  bidder in Solo, Heart Solo, Guarantee and Call Solo) — plus 4 for what the count leaves out
  (ruffs, long cards, the defenders' slips). The 4 was measured in duplicate play
  (``docs/bots.md``).
- **Misère.** A card is *covered* when you hold enough lower cards of its suit to duck under the
  opponents' leads: its height above the 6 (6 = 0, 7 = 1, ... ace = 8) is at most one more than
  twice the number of lower cards you hold in the suit. Misère needs every card covered; Spread
  Misère, whose hand is shown (SBS-21), needs every card covered with one to spare.

The Call Solo helpers choose the card to call and the card to give back (SBS-20) by the same kind
of rule; the bid advisor uses them too (it solves the play, not the call).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..games.six_bid_solo.rules import CALL_SOLO, GUARANTEE, HEART_SOLO, MISERE, SOLO, SPREAD
from ..games.tapp import HEARTS, POINTS, SUIT_MASK, SUIT_SYMBOLS, mask_cards, mask_points

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
    """The widow's expected points: 3/25 of the points you cannot see (SBS-12)."""
    return (120 - mask_points(hand)) * 3 / 25


@dataclass(frozen=True)
class Estimate:
    """One contract as the rule of thumb sees it: expected points or risk, and chips."""

    contract: int
    trump: int  # -1 for the misères
    tricks: float
    points: int
    chips: int  # estimated chips from each opponent (negative: a loss); 0 means "do not bid"
    reason: str


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


def estimates(hand: int, solo_trumps: tuple[int, ...] = (0, 1, 3)) -> list[Estimate]:
    """Every contract's estimate for an 11-card ``hand``; ``chips`` 0 where the rule says no.

    Margins: Solo and Heart Solo are bid from their target, 61 (SBS-10); Guarantee Solo from
    4 points above its target (80, or 74 with ♥ trump); Call Solo only with 10½ tricks or more.
    """
    out: list[Estimate] = []
    by_trump = {s: trump_estimate(hand, s) for s in range(4)}
    best_solo = max(solo_trumps, key=lambda s: by_trump[s][1])
    tr, pts, words = by_trump[best_solo]
    out.append(Estimate(SOLO, best_solo, tr, pts, 2 * (pts - 60) if pts >= 61 else 0,
                        f"Solo: {words}; needs 61 (SBS-10 pays 2 × (P − 60))"))
    tr, pts, words = by_trump[HEARTS]
    out.append(Estimate(HEART_SOLO, HEARTS, tr, pts, 3 * (pts - 60) if pts >= 61 else 0,
                        f"Heart Solo: {words}; needs 61 (SBS-10 pays 3 × (P − 60))"))
    risky = uncovered(hand)
    shown = " ".join(RANK_TEXT[rank(c)] + SUIT_SYMBOLS[c // 9] for c in risky) or "none"
    out.append(Estimate(MISERE, -1, len(risky), 0, 30 if not risky else 0,
                        f"Misère: cards I could not duck: {shown}"))

    def guarantee_need(s: int) -> int:
        return 74 if s == HEARTS else 80

    best_g = max(range(4), key=lambda s: by_trump[s][1] - guarantee_need(s))
    tr, pts, words = by_trump[best_g]
    need = guarantee_need(best_g)
    out.append(Estimate(GUARANTEE, best_g, tr, pts, 40 if pts >= need + 4 else 0,
                        f"Guarantee Solo: {words}; needs {need} (SBS-11 pays 40)"))
    safe = spread_safe(hand)
    out.append(Estimate(SPREAD, -1, len(risky), 0, 60 if safe else 0,
                        "Spread Misère: " + ("every card covered with one to spare" if safe
                                             else "not every card is covered with one to spare")))
    best_c = max(range(4), key=lambda s: by_trump[s][0])
    tr, pts, words = by_trump[best_c]
    tariff = 150 if best_c == HEARTS else 100
    out.append(Estimate(CALL_SOLO, best_c, tr, pts, tariff if tr >= 10.5 else 0,
                        f"Call Solo: {words}; needs every point (SBS-11 pays {tariff})"))
    return out


def call_card(hand: int, trump: int) -> int | None:
    """The card to call in Call Solo (SBS-20 a): the highest trump you lack; holding every
    trump, the highest card you lack in a side suit where you hold the ace's neighbours; none if
    the hand lacks nothing that matters. ``None`` means decline."""
    for r in range(9):
        c = trump * 9 + r
        if not hand >> c & 1:
            return c
    best: tuple[int, int] | None = None
    for s in range(4):
        if s == trump:
            continue
        for r in range(9):
            c = s * 9 + r
            if not hand >> c & 1:
                if POINTS[c] and (best is None or POINTS[c] > best[0]):
                    best = (POINTS[c], c)
                break
    return best[1] if best else None


def give_card(hand: int, called: int, trump: int) -> int:
    """The card to give back after the exchange (SBS-20 b): the lowest card outside trump of
    your shortest side suit, preferring one with no points, so it can neither win a trick
    nor hand the defender points."""
    candidates = [c for c in mask_cards(hand) if c != called and c // 9 != trump]
    if not candidates:
        candidates = [c for c in mask_cards(hand) if c != called]

    def key(c: int) -> tuple[int, int, int]:
        length = (hand & SUIT_MASK[c // 9]).bit_count()
        return (POINTS[c], length, -rank(c))

    return min(candidates, key=key)


__all__ = ["Estimate", "call_card", "estimates", "give_card", "rank", "spread_safe",
           "trump_estimate", "trump_tricks", "uncovered"]
