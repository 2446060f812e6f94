"""Six-Bid Solo's rules of thumb for a hand: what each of its six contracts is worth by the
Tapp family's hand count (:mod:`tutor.engine.hand`), and Call Solo's call and gift (SBS-20).

The rule-based bot bids by :func:`estimates`; the PIMC bot, the bid advisor and the quizzes
play Call Solo's call and gift by :func:`call_card` and :func:`give_card` (the advisor solves
the play, not the call).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.hand import RANK_TEXT, rank, spread_safe, trump_estimate, uncovered
from ...state import Action
from ..tapp import (
    CALLCARD_BASE,
    DECLINE,
    GIVE_BASE,
    HEARTS,
    PLAY,
    POINTS,
    SUIT_MASK,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    TappState,
    mask_cards,
)
from .rules import CALL_SOLO, GUARANTEE, HEART_SOLO, MISERE, SOLO, SPREAD


@dataclass(frozen=True)
class Estimate:
    """One contract as the rule of thumb sees it: expected points or risk, and chips."""

    contract: int
    trump: int  # -1 for the misères
    tricks: float
    points: int
    chips: int  # estimated chips from each opponent (negative: a loss); 0 means "do not bid"
    reason: str



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


def trump_for_call(hand: int, named: int | None) -> int:
    """The trump Call Solo's call and gift are chosen for (SBS-20): the one named, else (the
    call coming first, SBS-V6) the suit the hand would take most tricks in."""
    if named is not None:
        return int(named)
    return max(range(4), key=lambda s: trump_estimate(hand, s)[0])


def call_action(hand: int, trump: int, legal: Sequence[Action]) -> Action:
    """Call Solo's call by the rule of thumb (SBS-20 a): :func:`call_card` if it may be
    called, else declining."""
    c = call_card(hand, trump)
    return DECLINE if c is None or CALLCARD_BASE + c not in legal else CALLCARD_BASE + c


def give_action(hand: int, called: int, trump: int, legal: Sequence[Action]) -> Action:
    """Call Solo's gift by the rule of thumb (SBS-20 b): :func:`give_card` if it may be given,
    else the first legal gift."""
    g = GIVE_BASE + give_card(hand, called, trump)
    return g if g in legal else legal[0]


def declare_by_rule_of_thumb(state: TappState, trump: int) -> None:
    """Finish the bidder's declaration in ``state``, in place and unchecked: ``trump`` where it
    is named (SBS-19), Call Solo's call and gift by :func:`call_card` and :func:`give_card`
    (SBS-20), in the order of the option ``call_solo_order`` (SBS-V6)."""
    bidder = state.bidder
    assert bidder is not None
    while state.phase != PLAY:
        step = state.step
        if step == "trump":
            state.apply_unchecked(TRUMP_BASE + trump)
        elif step == "call":
            c = call_card(state.hands[bidder], trump)
            state.apply_unchecked(DECLINE if c is None else CALLCARD_BASE + c)
        else:  # give
            state.apply_unchecked(GIVE_BASE + give_card(state.hands[bidder], state.called, trump))


__all__ = ["Estimate", "call_action", "call_card", "declare_by_rule_of_thumb", "estimates",
           "give_action", "give_card", "trump_for_call"]
