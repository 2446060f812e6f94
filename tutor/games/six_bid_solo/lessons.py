"""What a worked-deal replay (:mod:`tutor.widgets.replay`) says about Six-Bid Solo in its own
words: the declaration (trump, Call Solo's call and gift, the misères, SBS-19..22), the running
tally after a trick (card points, or tricks in a misère), the result (P and the widow, the
target, the margin or the tariff, SBS-10..12, SBS-V1) and the cards turned up at the end.

Each function reads a finished step's state only; each sentence cites its rule id. The replay
finds these functions by the game's folder (``tutor/games/<game>/lessons.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...errors import RecordError
from ...state import Action
from ..presentation import POSITIONS
from ..tapp import (
    CALLCARD_BASE,
    CARDS,
    DECLINE,
    GIVE_BASE,
    HEARTS,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    TappState,
    mask_points,
)
from .rules import (
    CALL_SOLO,
    CONTRACT_NAMES,
    CONTRACTS,
    GUARANTEE,
    HEART_SOLO,
    MISERES,
    SOLO,
    SPREAD,
    WIDOW_COUNTS,
    SixBidSoloState,
)

#: A step's commentary: its sentences, and the rule ids the step rests on.
Commentary = tuple[tuple[str, ...], tuple[str, ...]]


def _sbs(state: TappState) -> SixBidSoloState:
    if not isinstance(state, SixBidSoloState):
        raise RecordError("REC-2", "Six-Bid Solo's commentary reads Six-Bid Solo deals",
                          where="game", what=state.game.id)
    return state


def _pos(state: TappState, seat: int) -> str:
    return f"seat {seat} ({POSITIONS[state.active.index(seat)]})"


def _name(state: SixBidSoloState) -> str:
    return CONTRACT_NAMES[CONTRACTS[state.contract - 1]]


def replay_declaration(state: TappState, actions: Sequence[Action],
                       seat: int | None = None) -> Commentary:
    """The declaration step: ``actions`` are the declaration's actions, ``state`` the deal
    after them. Nothing in it is hidden from any seat (the card given back in Call Solo is
    not named), so ``seat`` changes nothing."""
    state = _sbs(state)
    words: list[str] = []
    for a in actions:
        if a < DECLINE:  # Call Solo's trump is named by SBS-20 (c), the others' by SBS-19
            rule = "SBS-20" if state.contract == CALL_SOLO else "SBS-19"
            words.append(f"The bidder names trump {SUIT_SYMBOLS[a - TRUMP_BASE]} ({rule}).")
        elif a == DECLINE:
            words.append("The bidder calls no card (SBS-20).")
        elif a < GIVE_BASE:
            words.append(f"The bidder calls the {CARDS[a - CALLCARD_BASE].name} (SBS-20).")
        if CALLCARD_BASE <= a < GIVE_BASE and state.call_holder is not None:
            words.append("It lay in the widow: nothing is exchanged (SBS-20)."
                         if state.call_holder == -1 else
                         f"Seat {state.call_holder} held it and hands it over; the bidder "
                         "chooses one of its own cards and gives it to that defender, face "
                         "down (SBS-20).")
    c = state.contract
    if c == HEART_SOLO:
        words.insert(0, "Heart Solo: hearts are trump, nothing to declare (SBS-19).")
    elif c in MISERES:
        words.insert(0, f"{_name(state)}: no trump, nothing to declare (SBS-19, SBS-24).")
        if c == SPREAD:
            words.append("The bidder's hand is laid face up for the defenders (SBS-21).")
    lead = state.to_move
    if state.phase == "play" and lead is not None:
        words.append(f"{_pos(state, lead).capitalize()} leads to the first trick (SBS-22).")
    return tuple(words), ("SBS-19", "SBS-20", "SBS-21", "SBS-22")


def replay_tally(state: TappState) -> tuple[str, tuple[str, ...]]:
    """After a trick: the bidder's tricks so far in a misère, else the card points (a count,
    no rule)."""
    state = _sbs(state)
    bidder = state.bidder
    assert bidder is not None
    if state.contract in MISERES:
        n = state.won_tricks[bidder]
        return f"The bidder has won {n} trick{'s' if n != 1 else ''} so far.", ()
    return f"The bidder's card points in tricks so far: {state.won_points[bidder]}.", ()


def replay_result(state: TappState) -> Commentary:
    """The result of a finished deal with a bidder: P with the widow where it counts, the
    target, and the amount with each opponent (the replay adds the chips, SBS-27)."""
    state = _sbs(state)
    bidder = state.bidder
    assert bidder is not None
    c = state.contract
    name = _name(state)
    made = state.made()
    words: list[str] = []
    widow = mask_points(state.widow)
    if c in WIDOW_COUNTS:
        p = state.bidder_points()
        words.append(f"The widow is turned up: {widow} card points, which count for the bidder "
                     f"in {name}. P = {state.won_points[bidder]} in tricks + {widow} = {p} "
                     "(SBS-12).")
        need = ("P ≥ 61" if c in (SOLO, HEART_SOLO) else
                f"P ≥ {74 if state.trump == HEARTS else 80} (trump "
                f"{SUIT_SYMBOLS[state.trump]})" if c == GUARANTEE else "P = 120")
        words.append(f"{name} needs {need}: {'made' if made else 'lost'}.")
    else:
        words.append(f"In {name} the widow is out of play and never counts (SBS-12).")
        if state.options.misere == "no_card_points":
            words.append(f"Under misère by points the bidder may win tricks without card points "
                         f"(SBS-V1): the bidder's tricks hold {state.won_points[bidder]} card "
                         f"points — {'made' if made else 'lost'}.")
        else:
            words.append(f"The bidder must win no trick (SBS-V1) and won "
                         f"{state.won_tricks[bidder]}: {'made' if made else 'lost'}.")
    amount = state.opponent_amount()
    if c in (SOLO, HEART_SOLO):
        k = 2 if c == SOLO else 3
        words.append(f"{name} is paid on the margin: {k} × (P − 60) = {amount} with each "
                     "opponent (SBS-10).")
    else:
        words.append(f"{name} is won or lost whole: {abs(amount)} with each opponent (SBS-11).")
    return tuple(words), ("SBS-12", "SBS-10" if c in (SOLO, HEART_SOLO) else "SBS-11")


def replay_turned_up(state: TappState) -> tuple[str, int]:
    """What is turned up at the result, face up beside the seat's view: the widow (SBS-12)."""
    return "The widow, turned up at the end:", _sbs(state).widow


__all__ = ["Commentary", "replay_declaration", "replay_result", "replay_tally",
           "replay_turned_up"]
