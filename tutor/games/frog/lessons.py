"""What a worked-deal replay (:mod:`tutor.widgets.replay`) says about Frog in its own words:
the declaration (the Frog bidder picks up the widow and discards three cards face down, Chico's
trump, Grand's ♥; FR-2, FR-3), the running tally after a trick, the result (P with the discard
or the widow, made with P ≥ 61, k × (P − 60) with each opponent, 4 and 5 players; FR-1, FR-4,
FR-5, SBS-V2) and the cards turned up at the end.

The replay shows one seat's view, so the discard is named only when that seat is the bidder;
the other seats learn it at the result, when it is turned up and counted. Each function reads
a finished step's state only; each sentence cites its rule id.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...cards import card_label
from ...errors import RecordError
from ...state import Action
from ..tapp import CARDS, DECLINE, SUIT_SYMBOLS, TRUMP_BASE, TappState, mask_cards, mask_points
from .presentation import FrogPresentation
from .rules import CHICO, DISCARD_BASE, DISCARD_SIZE, FROG, FrogState, multiplier

#: A step's commentary: its sentences, and the rule ids the step rests on.
Commentary = tuple[tuple[str, ...], tuple[str, ...]]

_WORDS = FrogPresentation()


def _frog(state: TappState) -> FrogState:
    if not isinstance(state, FrogState):
        raise RecordError("REC-2", "Frog's commentary reads Frog deals", where="game",
                          what=state.game.id)
    return state


def _the(state: FrogState) -> str:
    """The contract as a sentence's subject: ``the Frog bid``, ``Chico``, ``Grand``."""
    assert state.contract_id is not None
    name = _WORDS.contract_name(state.contract_id)
    return f"the {name}" if state.contract == FROG else name


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _cards(cards: Iterable[int]) -> str:
    return " ".join(card_label(CARDS[c]) for c in cards)


def _points(n: int) -> str:
    return f"{n} card point{'s' if n != 1 else ''}"


def replay_declaration(state: TappState, actions: Sequence[Action],
                       seat: int | None = None) -> Commentary:
    """The declaration step (FR-2): ``actions`` are its actions, ``state`` the deal after them.
    The widow the Frog bidder picks up and the discard are named only when ``seat`` is the
    bidder; every other seat reads that three cards were laid away face down."""
    state = _frog(state)
    bidder = state.bidder
    assert bidder is not None
    sees = seat == bidder
    words: list[str] = []
    if state.contract == FROG:
        words.append("The Frog bid: ♥ is trump, nothing to name (FR-2).")
        words.append(f"The bidder takes the widow — {_cards(mask_cards(state.widow))} — into "
                     "hand and holds 14 cards (FR-2)." if sees else
                     "The bidder takes the three widow cards into hand, unseen by the other "
                     "players, and holds 14 cards (FR-2).")
        laid = [a - DISCARD_BASE for a in actions if a >= DISCARD_BASE]
        left = DISCARD_SIZE - len(laid)
        if not left and sees:
            words.append(f"The bidder discards {_cards(laid)} face down and holds 11 cards "
                         f"again; their {_points(mask_points(state.discarded))} count for the "
                         "bidder at the end (FR-1, FR-2).")
        elif not left:
            words.append("The bidder discards three cards face down and holds 11 cards again. "
                         "Only the bidder knows which: their points count for the bidder and "
                         "come to light at the result (FR-1, FR-2).")
        elif sees:
            words.append(f"The bidder has discarded {_cards(laid) or 'nothing'} so far: {left} "
                         "more to lay away, one at a time, before the first lead (FR-2).")
        else:
            words.append(f"The bidder has discarded {len(laid)} card{'s' if len(laid) != 1 else ''}"
                         f" face down so far: {left} more to lay away before the first lead "
                         "(FR-2).")
    else:
        if state.contract == CHICO:
            allowed = ("any suit (option chico_trump: any)" if state.options.chico_trump == "any"
                       else "♣, ♠ or ♦, never ♥")
            named = [a - TRUMP_BASE for a in actions if TRUMP_BASE <= a < DECLINE]
            words.append(f"Chico: the bidder names trump {SUIT_SYMBOLS[named[-1]]}; Chico's "
                         f"trump may be {allowed} (FR-2)." if named else
                         f"Chico: the bidder has yet to name trump, {allowed} (FR-2).")
        else:
            words.append("Grand: ♥ is trump, nothing to declare (FR-2).")
        words.append("The widow stays face down and out of play, unseen even by the bidder; its "
                     "card points count for the bidder at the end (FR-1).")
    rules = ["FR-2", "FR-1"]
    lead = state.to_move
    if state.phase == "play" and lead is not None:
        words.append(f"{_cap(_WORDS.seat_label(lead, state.active))} leads to the first trick "
                     "(FR-3).")
        rules.append("FR-3")
    return tuple(words), tuple(rules)


def replay_tally(state: TappState) -> tuple[str, tuple[str, ...]]:
    """After a trick: the card points of the bidder's tricks so far (every Frog contract is
    won on points, FR-1)."""
    state = _frog(state)
    assert state.bidder is not None
    return (f"The bidder's card points in tricks so far: {state.won_points[state.bidder]} "
            "(FR-1)."), ("FR-1",)


def replay_result(state: TappState) -> Commentary:
    """The result of a finished deal with a bidder: P with the discard or the widow, made with
    P ≥ 61, k × (P − 60) with each opponent, who settles with 4 or 5 players (the replay adds
    the chips, SBS-27)."""
    state = _frog(state)
    bidder = state.bidder
    assert bidder is not None
    the = _the(state)
    laid, where = ((state.discarded, "the discard") if state.contract == FROG
                   else (state.widow, "the widow"))
    extra = mask_points(laid)
    p = state.bidder_points()
    words = [f"{_cap(where)} is turned up: {_cards(mask_cards(laid))}, {_points(extra)}, which "
             f"count for the bidder in {the} (FR-1).",
             f"P = {state.won_points[bidder]} in tricks + {extra} in {where} = {p} (FR-1)."]
    if p == 60:
        words.append(f"P = 60: {the} is not made, and no chips move (FR-1).")
    else:
        words.append(f"{_cap(the)} needs P ≥ 61: {'made' if state.made() else 'lost'} (FR-1).")
    g = state.options.grand_multiplier
    words.append(f"The multiplier follows the contract: 1 for the Frog bid, 2 for Chico, {g} for "
                 f"Grand{' (option grand_multiplier: 3)' if g == 3 else ''} (FR-5).")
    k = multiplier(state.options, state.contract)
    amount = state.opponent_amount()
    pay = (f"each opponent pays the bidder {amount}" if amount > 0 else
           f"the bidder pays each opponent {-amount}" if amount < 0 else "nothing moves")
    words.append(f"{_cap(the)} is paid on the margin: {k} × (P − 60) = {k} × ({p} − 60) = "
                 f"{amount}: {pay} (FR-1, FR-5).")
    rules = ["FR-1", "FR-5"]
    if state.n == 4:
        words.append("With 4 players the dealer sits out of the play but settles like any "
                     "opponent (SBS-V2).")
        rules.append("SBS-V2")
    elif state.n == 5:
        if state.options.five_player_margin_exception and amount > 0:
            words.append("With 5 players, under option five_player_margin_exception, a made "
                         "contract collects only from the two defenders (FR-4, SBS-V2).")
        elif state.options.five_player_margin_exception and amount < 0:
            words.append("With 5 players, under option five_player_margin_exception, a lost "
                         "contract still pays all four opponents, the two sitting out included "
                         "(FR-4, SBS-V2).")
        else:
            words.append("With 5 players the bidder settles with all four opponents, the two "
                         "sitting out included (FR-4).")
        rules += ["FR-4", "SBS-V2"]
    return tuple(words), tuple(rules)


def replay_turned_up(state: TappState) -> tuple[str, int]:
    """What is turned up at the result: the Frog bid's discard, else the unseen widow (FR-1)."""
    state = _frog(state)
    if state.contract == FROG:
        return "The discard, turned up at the end:", state.discarded
    return "The widow, turned up at the end:", state.widow


__all__ = ["Commentary", "replay_declaration", "replay_result", "replay_tally",
           "replay_turned_up"]
