"""What a worked-deal replay (:mod:`tutor.widgets.replay`) says about Crazy Solo in its own
words: the deal (every seat dealt in from the deck of CS-2, the leader of CS-3), the auction
(one call each, the take-over in hearts, CS-4..6), the declaration (trump and the called card,
CS-7, CS-8; the blind deal, CS-14), each card that makes the partner public (CS-9), the running
tally, and the result (P, the rounded payment and the gang split, CS-11, CS-12).

The replay shows one seat's view, and the partner stays a secret until the called card is
played (CS-9): before that, only the holder's own view names it. Every sentence here that could
name the partner reads only what is public at that step, or what the viewing seat holds; each
sentence cites its rule id. Nothing in Crazy Solo lies face down, so nothing is turned up at
the end.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import Suit, card_label
from ...errors import RecordError
from ...state import Action
from ..tapp import CARDS, HEARTS, SUIT_OF, SUIT_SYMBOLS, TRUMP_BASE, TappState
from .presentation import CrazySoloPresentation
from .quiz import shown_void
from .rules import (
    ALONE,
    ALONE_IN_HEARTS,
    CONTRACT_NAMES,
    CONTRACTS,
    SOLO_IN_HEARTS,
    CrazySoloState,
    gang_split,
    multiplier,
    round_to_five,
)

#: A step's commentary: its sentences, and the rule ids the step rests on.
Commentary = tuple[tuple[str, ...], tuple[str, ...]]

#: The rule ids of Crazy Solo's tricks and chips, as the replay asks for them: CS-10 says how to
#: follow, who wins and who leads next; CS-1 gives the card points; CS-12 the chips.
PLAY_RULES = {"follow": "CS-10", "win": "CS-10", "next_lead": "CS-10", "points": "CS-1",
              "chips": "CS-12"}

_WORDS = CrazySoloPresentation()


def _cs(state: TappState) -> CrazySoloState:
    if not isinstance(state, CrazySoloState):
        raise RecordError("REC-2", "Crazy Solo's commentary reads Crazy Solo deals",
                          where="game", what=state.game.id)
    return state


def _name(state: CrazySoloState) -> str:
    return CONTRACT_NAMES[CONTRACTS[state.contract - 1]]


def _card(c: int) -> str:
    return card_label(CARDS[c])


def replay_deal(state: TappState) -> Commentary:
    """The deal step: the leader (CS-3), the deck for this table and the hand size (CS-2)."""
    state = _cs(state)
    game = state.game
    size = len(game.deck_cards)
    gone = 36 - size
    deck = (f"With {state.n} players all 36 cards are dealt" if not gone else
            f"With {state.n} players {gone} card{'s' if gone != 1 else ''} worth no points "
            f"{'are' if gone != 1 else 'is'} taken out first (the spit), leaving {size}")
    words = [f"Seat {state.dealer} deals one card at a time, clockwise. Seat {state.active[0]}, "
             "on the dealer's left, is the leader: the first to call and the first to lead "
             "(CS-3).",
             f"{deck}: every player holds {game.hand_size} cards, and nothing lies face down "
             "(CS-2)."]
    rules = ["CS-3", "CS-2"]
    if state.blind:
        words.append("This is a blind deal: the leader's hand decides whether there is an "
                     "auction (CS-14).")
        rules.append("CS-14")
    return tuple(words), tuple(rules)


def replay_auction(state: TappState) -> tuple[str, str, tuple[str, ...]]:
    """The auction step's first sentence, how it ended, and its rules (CS-4..6)."""
    state = _cs(state)
    if state.n == 3:
        first = ("Three players: each calls once, from the leader clockwise — pass, Alone or "
                 "Alone in hearts, each higher than the one standing (CS-4, CS-5).")
        rules = ["CS-4", "CS-5"]
    else:
        first = ("Each player calls once, from the leader clockwise to the dealer. A call must "
                 "be higher than the one standing, or a pass — only Solo in hearts may be "
                 "repeated (CS-4).")
        rules = ["CS-4"]
    if state.bidder is None:
        last = ("Everyone passed: the cards are thrown in and the same dealer deals again "
                "(CS-6).")
        return first, last, (*rules, "CS-6")
    calls = state.view(state.active[0]).calls
    hearts = [s for s, t in calls if t == "solo-in-hearts"]
    last = (f"Every player has called once: seat {state.bidder} made the last call that was not "
            f"a pass, {_name(state)}, and is the bidder (CS-4a).")
    if state.contract == SOLO_IN_HEARTS and len(hearts) > 1:
        last += (f" Seat {state.bidder} took Solo in hearts over from seat {hearts[-2]}: the "
                 "later of two equal calls wins (CS-4).")
    return first, last, (*rules, "CS-4a")


def _secret_words(state: CrazySoloState, seat: int | None) -> str:
    """What ``seat`` knows of the partner after the call (CS-9)."""
    called = _card(state.called)
    if seat is not None and state.hands[seat] >> state.called & 1:
        if seat == state.bidder:
            return (f"You called your own card: you play secretly alone, and only you know it "
                    f"until {called} is played (CS-8, CS-9).")
        return (f"You hold {called}: you are the bidder's partner, and only you know it until "
                "you play it (CS-9).")
    if seat == state.bidder:
        return (f"You do not hold {called}: whoever does is your partner, and you will learn "
                "who only when it is played (CS-9).")
    return (f"Whoever holds {called} is the bidder's partner — or the bidder, secretly alone. "
            f"Nobody else learns who until {called} is played (CS-9).")


def replay_declaration(state: TappState, actions: Sequence[Action],
                       seat: int | None = None) -> Commentary:
    """The declaration step: trump (CS-7), the called card and what ``seat`` may know of the
    partner (CS-8, CS-9); a blind deal's leader under with hearts (CS-14)."""
    state = _cs(state)
    bidder = state.bidder
    assert bidder is not None
    words: list[str] = []
    rules = ["CS-7"]
    if state.blind_under:
        words.append(f"A blind deal, and the leader, seat {bidder}, holds a heart: there is no "
                     f"auction — seat {bidder} is the bidder in {_name(state)} (CS-14).")
        rules.append("CS-14")
    named = [a - TRUMP_BASE for a in actions if TRUMP_BASE <= a < TRUMP_BASE + 4]
    if state.contract in (SOLO_IN_HEARTS, ALONE_IN_HEARTS):
        words.append(f"{_name(state)}: ♥ is trump, nothing to name (CS-7).")
    elif named:
        words.append(f"{_name(state)}: the bidder names trump {SUIT_SYMBOLS[named[-1]]} — ♣, ♠ "
                     "or ♦; hearts need the higher in-hearts call (CS-7).")
    if state.contract in (ALONE, ALONE_IN_HEARTS):
        words.append("Alone: no card is called, and the bidder plays against everyone else "
                     "(CS-8).")
        rules.append("CS-8")
    elif state.called >= 0:
        words.append(f"The bidder calls {_card(state.called)}: its holder becomes the secret "
                     "partner (CS-8).")
        words.append(_secret_words(state, seat))
        rules += ["CS-8", "CS-9"]
    if state.phase == "play" and state.to_move is not None:
        words.append(f"The leader, seat {state.to_move}, leads to the first trick (CS-10).")
        rules.append("CS-10")
    return tuple(words), tuple(dict.fromkeys(rules))


def reveal_words(state: TappState) -> str:
    """The sentence at the called card's play that makes the partner public (CS-9)."""
    state = _cs(state)
    called = _card(state.called)
    if state.partner == state.bidder:
        return (f"{called} was the called card — the bidder's own: seat {state.bidder} has "
                "played secretly alone, and everyone knows it from now on (CS-8, CS-9).")
    return (f"{called} is the called card: seat {state.partner} is the partner, public from "
            "this moment (CS-9).")


def replay_card(state: TappState, seat: int, card: int) -> tuple[str, tuple[str, ...]]:
    """After ``seat`` played ``card``: the partner made public if it is the called card
    (CS-9); before that, a seat that has just shown it holds no card of the called card's
    suit, ruled out as its holder (CS-10) — what every player at the table can read."""
    state = _cs(state)
    if state.called < 0:
        return "", ()
    if card == state.called:
        return reveal_words(state), ("CS-9",)
    if state.revealed:
        return "", ()
    suit = Suit(SUIT_OF[state.called])
    shown = shown_void(state.view(seat), suit).get(seat)
    trick = len(state.tricks) + (1 if state.trick else 0)  # the trick this card went to
    if shown is None or shown.trick != trick or shown.card != CARDS[card]:
        return "", ()
    who = ("the bidder did not call its own card" if seat == state.bidder else
           f"seat {seat} is not the partner")
    how = "" if shown.led is suit else f" ({suit.symbol} is trump and it did not trump)"
    return (f"Seat {seat} has shown it holds no {suit.noun}{how}: it cannot hold "
            f"{_card(state.called)}, so {who} (CS-10)."), ("CS-10",)


def replay_secrets(state: TappState, seat: int | None) -> list[str]:
    """The reveal sentence, until the called card is played — unless ``seat`` holds it."""
    state = _cs(state)
    if state.called < 0 or state.revealed:
        return []
    if seat is not None and state.hands[seat] >> state.called & 1:
        return []
    return [reveal_words(state)]


def replay_tally(state: TappState) -> tuple[str, tuple[str, ...]]:
    """After a trick: the card points of the soloists known so far (CS-11) — the bidder's
    alone until the partner is public."""
    state = _cs(state)
    bidder = state.bidder
    assert bidder is not None
    own = state.won_points[bidder]
    if state.called < 0 or (state.partner == bidder and state.revealed):
        return f"The bidder's card points in tricks so far: {own} (CS-11).", ("CS-11",)
    if not state.revealed:
        return (f"The bidder's card points in tricks so far: {own}; the partner's count too, "
                "but who that is nobody at the table knows yet (CS-9, CS-11)."), ("CS-9", "CS-11")
    partner = state.partner
    assert partner is not None
    mate = state.won_points[partner]
    return (f"The soloists' card points so far: seat {bidder} {own} + seat {partner} {mate} = "
            f"{own + mate} (CS-11)."), ("CS-11",)


def replay_result(state: TappState) -> Commentary:
    """P, k × (P − 60) rounded to the nearest 5, and who settles with whom (CS-11, CS-12);
    the replay adds the chips."""
    state = _cs(state)
    bidder = state.bidder
    assert bidder is not None
    points = state.bidder_points()
    k = multiplier(state.trump)
    p = k * (points - 60)
    p5 = round_to_five(p)
    mate = state.partner if state.partner not in (None, bidder) else None
    soloists = ("the bidder" if mate is None else
                f"the bidder (seat {bidder}) and the partner (seat {mate})")
    words = [f"P, the card points of {soloists}: {points} (CS-11).",
             f"{'♥' if state.trump == HEARTS else SUIT_SYMBOLS[state.trump]} is trump, so k = "
             f"{k}: p = {k} × ({points} − 60) = {p}, rounded to the nearest 5: {p5} (CS-11)."]
    if p5 == 0:
        words.append("A draw: no chips move"
                     + (", although the soloists have more than half the points (CS-11)."
                        if points > 60 else " (CS-11)."))
    else:
        words.append(f"Each gang member {'pays' if p5 > 0 else 'receives'} {abs(p5)} "
                     f"{'to' if p5 > 0 else 'from'} the soloists (CS-12).")
    with_bidder, with_partner = gang_split(state.n, bidder, mate)
    if mate is None:
        words.append(f"The bidder {'played alone' if state.called < 0 else 'was secretly alone'}"
                     f" and settles with all {len(with_bidder)} gang members (CS-12).")
    else:
        words.append(f"The gang, clockwise from the bidder's left: seats "
                     f"{', '.join(map(str, [*with_bidder, *with_partner]))}. The first "
                     f"{len(with_bidder)} settle with the bidder, the other "
                     f"{len(with_partner)} with the partner"
                     + (" — the odd one goes to the bidder (CS-12)." if
                        (len(with_bidder) + len(with_partner)) % 2 else " (CS-12)."))
    return tuple(words), ("CS-11", "CS-12")


def replay_turned_up(state: TappState) -> tuple[str, int]:
    """Nothing lies face down in Crazy Solo: every card is dealt and played (CS-2)."""
    _cs(state)
    return "", 0


__all__ = ["PLAY_RULES", "Commentary", "replay_auction", "replay_card", "replay_deal",
           "replay_declaration", "replay_result", "replay_secrets", "replay_tally",
           "replay_turned_up", "reveal_words"]
