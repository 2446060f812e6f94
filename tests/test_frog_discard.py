"""The Frog bid's discard solved exactly (``tutor.games.frog.discard``): the interchangeable
classes, the canonical discard, and — on sampled deals, against every one of the 364 discards
solved exactly on its own — that pruning never changes a value nor the best."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from tutor.cards import Card
from tutor.errors import IllegalActionError
from tutor.games.frog.discard import (
    after_discard,
    analyse_discard,
    canonical,
    discard_candidates,
    interchangeable_classes,
)
from tutor.games.frog.rules import CHICO, DISCARD_BASE, FROG, Frog, FrogState
from tutor.games.tapp import CALL_BASE, CARD_INDEX, DECLARE, PASS, mask_cards
from tutor.solver import search
from tutor.solver.games import adapter


def mask(text: str) -> int:
    out = 0
    for t in text.split():
        out |= 1 << CARD_INDEX[Card.parse(t)]
    return out


def cards(text: str) -> tuple[int, ...]:
    return tuple(sorted(CARD_INDEX[Card.parse(t)] for t in text.split()))


def won_by(seed: int, contract: int = FROG) -> FrogState:
    """A seeded Frog deal won by a random seat with ``contract``, at the declaration."""
    rng = random.Random(seed)
    state = Frog().new_deal(rng, rng.randrange(3))
    bidder = state.active[rng.randrange(3)]
    while state.phase != DECLARE:
        state.apply(CALL_BASE + contract if state.to_move == bidder else PASS)
    return state


def test_classes_are_runs_of_equal_points_with_no_other_card_between() -> None:
    hand = mask("AS TS 9S 8S 7S KH QH 9D 7D 6C 8C")
    others = mask("6S 8D JH")  # 8♦ splits 9♦ from 7♦; 6♠ is below the run; 7♣ lies out of play
    classes = {tuple(sorted(c)) for c in interchangeable_classes(hand, others)}
    assert cards("9S 8S 7S") in classes  # 0 points each, nobody's card between them
    assert cards("6C 8C") in classes  # 7♣ is in no hand (laid away): not a card between them
    assert cards("9D") in classes and cards("7D") in classes  # 8♦ lies between
    assert cards("AS") in classes and cards("TS") in classes  # 11 and 10 points: not alike
    assert cards("KH") in classes and cards("QH") in classes  # adjacent, but 4 and 3 points
    assert sum(len(c) for c in classes) == hand.bit_count()


def test_canonical_takes_the_lowest_of_each_class() -> None:
    classes = interchangeable_classes(mask("9S 8S 7S AH 6C"), mask("6S"))
    assert canonical(cards("9S AH 6C"), classes) == cards("7S AH 6C")
    assert canonical(cards("9S 8S AH"), classes) == cards("8S 7S AH")
    assert canonical(cards("7S 8S AH"), classes) == cards("8S 7S AH")
    # one candidate per way of taking counts from the classes: {9 8 7♠} x {A♥} x {6♣}
    assert len(discard_candidates(mask("9S 8S 7S AH 6C"), mask("6S"))) == 1 + 1 + 1 + 1


@pytest.mark.parametrize("seed", range(1, 9))
def test_pruning_never_changes_a_value_nor_the_best(seed: int) -> None:
    """Every one of the 364 discards solved exactly on its own: its value is its canonical
    discard's, and the analysis's best value and best discards are the brute force's."""
    state = won_by(seed)
    bidder = state.bidder
    assert bidder is not None and state.step == "discard"
    hand = sorted(mask_cards(state.hands[bidder]))
    every = {d: search.solve(after_discard(state, d)) for d in combinations(hand, 3)}
    analysis = analyse_discard(state)
    assert analysis.total == len(every) == 364
    assert len(analysis.candidates) <= 364
    top = max(every.values())
    assert analysis.best_value == top
    assert set(analysis.best) == {analysis.canonical(d) for d, v in every.items() if v == top}
    for d, v in every.items():
        assert analysis.canonical(d) in analysis.candidates
        assert every[analysis.canonical(d)] == v, (d, analysis.canonical(d))
    # a discard's own value, cost and chips (k = 1, FR-5: each opponent pays P - 60)
    worst = min(every, key=lambda d: every[d])
    assert analysis.value(worst) == every[worst]
    assert analysis.cost(worst) == top - every[worst]
    assert analysis.chip_cost(worst) == 2 * (top - every[worst])
    played = after_discard(state, worst)
    assert analysis.chips(worst) == adapter("frog").settle(played, every[worst]).chips[bidder]


def test_a_discard_begun_and_a_guess() -> None:
    """One card laid away already: the two still to go, against every pair; the guess of the
    best (the first value solved) changes nothing but the time."""
    state = won_by(4)
    bidder = state.bidder
    assert bidder is not None
    first = mask_cards(state.hands[bidder])[0]
    state.apply(DISCARD_BASE + first)
    hand = sorted(mask_cards(state.hands[bidder]))
    every = {d: search.solve(after_discard(state, d)) for d in combinations(hand, 2)}
    a = analyse_discard(state)
    b = analyse_discard(state, first=hand[-2:])
    assert a.total == 78 and a.best_value == b.best_value == max(every.values())
    assert a.best == b.best


def test_no_discard_to_analyse_is_FR_2() -> None:
    with pytest.raises(IllegalActionError, match="FR-2"):
        analyse_discard(won_by(1, CHICO))  # Chico names a trump; nobody discards
    state = won_by(1)
    analysis = analyse_discard(state)
    bidder = state.bidder
    assert bidder is not None
    with pytest.raises(IllegalActionError, match="FR-2"):
        analysis.value(mask_cards(state.hands[bidder])[:2])  # two cards, not three
    with pytest.raises(IllegalActionError, match="FR-2"):
        analyse_discard(after_discard(state, analysis.best[0]))  # laid away: the play
