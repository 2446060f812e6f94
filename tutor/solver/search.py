"""Double-dummy values of Six-Bid Solo positions (perfect play, every hand seen).

The bidder plays against both defenders as one side (SBS-5). Values follow the contract:

- Solo, Heart Solo, Guarantee Solo, Call Solo: the bidder's final points P of SBS-12 — points in
  tricks already won, plus the rest won under perfect play, plus the widow (these contracts count
  it). The bidder maximises, the defenders minimise.
- Misère and Spread Misère: the bidder's final number of tricks; the bidder minimises, the
  defenders maximise (SBS-V1 ``no_tricks``). Under ``misere: no_card_points`` the value is the
  card points in the bidder's tricks instead (the widow never counts).

None of these functions changes the state passed in.
"""

from __future__ import annotations

from ..errors import IllegalActionError
from ..rules.six_bid_solo import (
    MISERES,
    PLAY,
    POINTS,
    SUIT_MASK,
    SUIT_OF,
    WIDOW_COUNTS,
    SixBidSoloState,
    mask_cards,
    mask_points,
)


def _check(state: SixBidSoloState) -> None:
    if state.phase != PLAY:
        raise IllegalActionError("SBS-22", f"the solver starts from the play; the deal is in "
                                 f"the {state.phase} phase", where="solve")


def _future(hands: list[int], trick: list[int], leader: int, trump: int, side: int,
            count_tricks: bool, maximise: bool, memo: dict[tuple[int, ...], int]) -> int:
    """Units (points or tricks) the bidder takes from here; ``side`` is the bidder's position."""
    if not trick:
        if not (hands[0] | hands[1] | hands[2]):
            return 0
        key = (hands[0], hands[1], hands[2], leader)
        hit = memo.get(key)
        if hit is not None:
            return hit
    seat = (leader + len(trick)) % 3
    hand = hands[seat]
    legal = hand
    if trick:
        legal = hand & SUIT_MASK[SUIT_OF[trick[0]]]
        if not legal and trump >= 0:
            legal = hand & SUIT_MASK[trump]
        if not legal:
            legal = hand
    bidder_moves = seat == side
    want_max = bidder_moves == maximise
    best = -1 if want_max else 1 << 20
    for card in mask_cards(legal):
        hands[seat] = hand & ~(1 << card)
        trick.append(card)
        if len(trick) == 3:
            winner = _winner(trick, trump)
            w = (leader + winner) % 3
            gain = 0
            if w == side:
                gain = 1 if count_tricks else POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]]
            done = trick[:]
            trick.clear()
            v = gain + _future(hands, trick, w, trump, side, count_tricks, maximise, memo)
            trick.extend(done)
        else:
            v = _future(hands, trick, leader, trump, side, count_tricks, maximise, memo)
        trick.pop()
        hands[seat] = hand
        best = max(best, v) if want_max else min(best, v)
    if not trick:
        memo[(hands[0], hands[1], hands[2], leader)] = best
    return best


def _winner(trick: list[int], trump: int) -> int:
    """SBS-24: index in the trick of the winning card."""
    best, bc = 0, trick[0]
    for i in (1, 2):
        c = trick[i]
        if SUIT_OF[c] == SUIT_OF[bc]:
            if c < bc:
                best, bc = i, c
        elif SUIT_OF[c] == trump:
            best, bc = i, c
    return best


def _value(state: SixBidSoloState, count_tricks: bool | None = None,
           maximise: bool | None = None) -> int:
    assert state.bidder is not None
    misere = state.contract in MISERES
    if count_tricks is None:
        count_tricks = misere and state.options.misere == "no_tricks"
    if maximise is None:
        maximise = not misere
    act = state.active
    hands = [state.hands[s] for s in act]
    leader = act.index(state.leader)
    side = act.index(state.bidder)
    trump = -1 if misere else state.trump
    base = state.won_tricks[state.bidder] if count_tricks else state.won_points[state.bidder]
    if not misere and state.contract in WIDOW_COUNTS and not count_tricks:
        base += mask_points(state.widow)
    return base + _future(hands, list(state.trick), leader, trump, side, count_tricks, maximise,
                          {})


def solve(state: SixBidSoloState) -> int:
    """The value of the position under perfect play (see the module docstring)."""
    _check(state)
    return _value(state)


def analyse(state: SixBidSoloState) -> dict[int, int]:
    """For each legal card of the player to move, the value after that card is played."""
    _check(state)
    out: dict[int, int] = {}
    for card in state.legal_actions():
        child = state.copy()
        child.apply_unchecked(card)
        out[card] = _value(child) if child.phase == PLAY else _final(child)
    return out


def _final(state: SixBidSoloState) -> int:
    assert state.bidder is not None
    if state.contract in MISERES:
        if state.options.misere == "no_tricks":
            return state.won_tricks[state.bidder]
        return state.won_points[state.bidder]
    return state.bidder_points()


def reaches(state: SixBidSoloState, target: int) -> bool:
    """Is ``solve(state) >= target``? For the point contracts: does the bidder reach ``target``
    points (widow included as the contract counts it)? For the misères: can the defenders force
    the bidder to at least ``target`` tricks (or points under ``no_card_points``)?"""
    _check(state)
    return _value(state) >= target


def bidder_wins_no_trick(state: SixBidSoloState) -> bool:
    """Can the bidder lose every remaining trick, having won none so far (SBS-V1 no_tricks)?"""
    _check(state)
    return _value(state, count_tricks=True, maximise=False) == 0


def takes_no_card_points(state: SixBidSoloState) -> bool:
    """Can the bidder end with no card points in tricks (SBS-V1 no_card_points)?"""
    _check(state)
    assert state.bidder is not None
    return _value(state, count_tricks=False, maximise=False) - _widow_part(state) == 0


def _widow_part(state: SixBidSoloState) -> int:
    if state.contract not in MISERES and state.contract in WIDOW_COUNTS:
        return mask_points(state.widow)
    return 0
