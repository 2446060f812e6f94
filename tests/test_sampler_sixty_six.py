"""Sixty-Six's worlds (tutor/games/sixty_six/sampling.py over the shared sampler): the
opponent's hand and the stock's order consistent with what a seat has seen.

- every world replays the real history through the checked ``apply`` and shows the seat the
  very view it was drawn from (hypothesis, every option set);
- a seat fed its views at its own turns remembers what a seat watching every action does
  (the turn-up aside: a dealer whose opponent closes at once never sees it);
- the worlds are exactly the consistent ones and uniformly drawn: counted and drawn against a
  brute-force enumeration whose only judge is the rules engine (each candidate is the real
  deal with unseen cards relabelled, replayed through the checked ``apply``);
- the same seed gives the same worlds; a view no world fits is a typed error naming the rule;
  a plain view after the first trick is refused (SS-17: earlier tricks are in no view).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tutor.engine.sampler import STOCK, TURNUP
from tutor.errors import IllegalActionError, TutorError
from tutor.games.sixty_six.rules import (
    CLAIM,
    CLOSE,
    SUIT_MASK,
    SixtySix,
    SixtySixState,
    mask_cards,
)
from tutor.games.sixty_six.sampling import (
    Recall,
    Seen,
    SixtySixSampler,
    draws_made,
    history_of,
    sample_worlds,
    seen_by,
)

OPTION_SETS = [
    {},
    {"nine_exchange": "anytime_hoyle"},
    {"marriages_after_close": True, "claim_by_marriage": True},
    {"phase2": "follow_only", "close_first_lead": False, "no_claim": "carry_one_point"},
]


def play(options: dict[str, object], seed: int, steps: int, close_rate: float = 0.1
         ) -> tuple[SixtySixState, list[Seen | None]]:
    """A seeded random deal played ``steps`` actions (claims rare, closes now and then), and
    what each seat remembers from its views at its own turns."""
    rng = random.Random(seed)
    state = SixtySix(options).new_deal(rng, dealer=seed % 2)
    recalls = [Recall(), Recall()]
    seen: list[Seen | None] = [None, None]
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.to_move
        assert seat is not None
        seen[seat] = recalls[seat].observe(state.view(seat))
        legal = state.legal_actions()
        if CLOSE in legal and rng.random() < close_rate:
            action = CLOSE
        else:
            action = rng.choice([a for a in legal if a not in (CLAIM, CLOSE)] or legal)
            if CLAIM in legal and rng.random() < 0.02:
                action = CLAIM
        state.apply(action)
    return state, seen


def _without_turnup(seen: Seen) -> Seen:
    return replace(seen, turnup=-1)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), options=st.sampled_from(OPTION_SETS),
       steps=st.integers(0, 34))
# seat 0 exchanges the nine for the turn-up and takes the nine back as the last turn-up
@example(seed=6607, options={'phase2': 'follow_only', 'close_first_lead': False,
                             'no_claim': 'carry_one_point'}, steps=19)
@example(seed=143, options={'phase2': 'follow_only', 'close_first_lead': False,
                            'no_claim': 'carry_one_point'}, steps=19)  # the same, seen by seat 0
def test_SS_17_every_world_shows_the_seat_its_view(seed: int, options: dict[str, object],
                                                   steps: int) -> None:
    state, at_turns = play(options, seed, steps)
    for seat in (0, 1):
        seen = seen_by(state, seat)
        view = state.view(seat)
        assert seen.view == view
        assert list(history_of(seen).actions) == state.history()
        sampler = SixtySixSampler(seen)
        for world in sampler.worlds(3, seed):
            assert world.view(seat) == view
            assert world.history() == state.history()
            dealt = [*mask_cards(world.dealt[0] | world.dealt[1]), world.first_turnup,
                     *world.stock]
            assert sorted(dealt) == list(range(24))  # SS-3: 6 + 6 + 1 + 11
        # the real deal is one of the worlds: the opponent holds none of the excluded cards
        assert not state.hands[1 - seat] & seen.excluded()
        assert sampler.count() > 0
    # the seat to move remembers from its own turns what a seat watching every action does
    seat = state.to_move
    if seat is not None and at_turns[seat] is not None and \
            at_turns[seat].view == state.view(seat):  # type: ignore[union-attr]
        mine = at_turns[seat]
        assert mine is not None
        full = seen_by(state, seat)
        assert (full if mine.turnup >= 0 else _without_turnup(full)) == mine
        for world in SixtySixSampler(mine).worlds(2, seed):
            assert world.view(seat) == state.view(seat)


@pytest.mark.rule("SS-3", "SS-5")
def test_SS_5_the_seat_remembers_its_draws_and_the_tricks() -> None:
    """Every trick's cards, the card drawn at each draw and the turn-up as dealt."""
    state, _ = play({}, 11, 22, close_rate=0.0)
    for seat in (0, 1):
        seen = seen_by(state, seat)
        assert [(t.lead, t.follow) for t in seen.tricks] == \
            [(t.lead, t.follow) for t in state.tricks]
        assert seen.turnup == state.first_turnup
        winners = [t.winner for t in state.tricks]
        drawn = [state.stock[2 * k + (winners[k] != seat)] for k in range(draws_made(
            state.view(seat)))]
        assert list(seen.drawn) == drawn
        assert seen.points_won() == tuple(state.won_points)
        assert seen.total() == state.total(seat)  # SS-13: counted from what was seen


def test_SS_17_a_plain_view_after_the_first_trick_is_refused() -> None:
    state, _ = play({}, 5, 6, close_rate=0.0)
    assert sum(state.won_tricks) >= 1
    with pytest.raises(IllegalActionError, match="SS-17"):
        SixtySixSampler(state.view(0))
    fresh = SixtySix().new_deal(5)
    assert SixtySixSampler(fresh.view(1)).count() == math.comb(17, 6) * math.factorial(11)


def test_SS_17_a_recall_that_missed_a_trick_is_refused() -> None:
    state = SixtySix().new_deal(3)
    recall = Recall()
    recall.observe(state.view(0))
    rng = random.Random(3)
    while sum(state.won_tricks) < 2:
        state.apply(rng.choice([a for a in state.legal_actions() if a not in (CLAIM, CLOSE)]))
    with pytest.raises(IllegalActionError, match="SS-17"):
        recall.observe(state.view(0))


def test_a_recall_starts_afresh_at_the_next_deal() -> None:
    """A view of another deal (the next dealer) restarts the memory; one that starts in the
    middle of a deal is refused."""
    state, _ = play({}, 8, 20, close_rate=0.0)
    recall = Recall()
    replay = SixtySixState(state.game, state.dealer, list(state.dealt), state.first_turnup,
                           state.stock)
    for a in state.history():
        recall.observe(replay.view(0))
        replay.apply(a)
    assert recall.observe(replay.view(0)).tricks
    nxt = SixtySix().new_deal(9, dealer=1 - state.dealer)
    seen = recall.observe(nxt.view(0))
    assert seen.tricks == () and seen.drawn == () and seen.view == nxt.view(0)
    with pytest.raises(IllegalActionError, match="SS-17"):
        Recall().observe(state.view(0))


def test_the_same_seed_gives_the_same_worlds() -> None:
    state, _ = play({}, 21, 14, close_rate=0.0)
    seen = seen_by(state, 1)
    a = [w.key() for w in sample_worlds(seen, 5, 99)]
    b = [w.key() for w in sample_worlds(seen, 5, 99)]
    c = [w.key() for w in sample_worlds(seen, 5, 100)]
    assert a == b and a != c


@pytest.mark.rule("SS-11")
def test_SS_11_a_follower_below_the_card_led_holds_no_higher_card() -> None:
    """After a close the follower who played under the led card, or off suit, shows it: the
    sampler never gives it those cards; under ``follow_only`` only a void is read."""
    found = 0
    for options in ({}, {"phase2": "follow_only"}):
        for seed in range(300):
            state, _ = play(options, seed, 30, close_rate=0.3)
            if state.closed_by < 0:
                continue
            seat = state.to_move if state.to_move is not None else 0
            seen = seen_by(state, seat)
            excluded = seen.excluded()
            if not excluded:
                continue
            for i, t in enumerate(state.tricks):
                if i >= state.closed_at and t.leader == seat:
                    lead, follow = t.lead, t.follow
                    if lead // 6 == follow // 6 and follow > lead and not options:
                        assert excluded & SUIT_MASK[lead // 6] & ((1 << lead) - 1) == \
                            SUIT_MASK[lead // 6] & ((1 << lead) - 1)
                    if lead // 6 != follow // 6:
                        assert excluded & SUIT_MASK[lead // 6] == SUIT_MASK[lead // 6]
            for world in SixtySixSampler(seen).worlds(5, seed):
                assert not world.hands[1 - seat] & excluded
            found += 1
            break
    assert found == 2


# --- exactness against brute force ---------------------------------------------------------------
def _present(state: SixtySixState, seat: int, hidden_turnup: bool
             ) -> tuple[int, tuple[int, ...], int]:
    """Where the unseen cards lie now: the opponent's hand, the stock left (top first), the
    turn-up when the seat never saw it."""
    d = draws_made(state.view(seat))
    return (state.hands[1 - seat], tuple(state.stock[2 * d:]) if d < 6 else (),
            state.first_turnup if hidden_turnup else -1)


def _consistent(state: SixtySixState, seat: int, unseen: list[int], hand: int,
                stock: tuple[int, ...], turnup: int, hidden_turnup: bool) -> bool:
    """The rules engine's verdict: the real deal with the unseen cards relabelled to lie this
    way, replayed through the checked ``apply``, shows the seat the same view."""
    true_hand, true_stock, true_turnup = _present(state, seat, hidden_turnup)
    known = state.known[1 - seat]
    relabel = dict(zip(mask_cards(true_hand & ~known), mask_cards(hand & ~known), strict=True))
    relabel.update(zip(true_stock, stock, strict=True))
    if hidden_turnup:
        relabel[true_turnup] = turnup
    assert sorted(relabel) == sorted(unseen)

    def move(c: int) -> int:
        return relabel.get(c, c)

    hands = [sum(1 << move(c) for c in mask_cards(h)) for h in state.dealt]
    world = SixtySixState(state.game, state.dealer, hands, move(state.first_turnup),
                          [move(c) for c in state.stock])
    try:
        for a in state.history():
            world.apply(a)
    except IllegalActionError:
        return False
    return world.view(seat) == state.view(seat)


def _small_closed_position() -> tuple[SixtySixState, int, SixtySixSampler]:
    """A deal closed after four or five draws, a few strict tricks later: a few unseen cards
    and at least one of them ruled out of the opponent's hand, so the constraints bite."""
    for seed in range(500):
        rng = random.Random(seed)
        state = SixtySix().new_deal(rng, dealer=seed % 2)
        close_after = rng.choice((4, 5))
        strict_tricks = rng.choice((2, 3))
        while not state.is_terminal():
            legal = state.legal_actions()
            if CLOSE in legal and len(state.tricks) >= close_after:
                state.apply(CLOSE)
            elif state.closed_by >= 0 and len(state.tricks) >= \
                    state.closed_at + strict_tricks and state.lead_card < 0:
                break
            else:
                state.apply(rng.choice([a for a in legal if a not in (CLAIM, CLOSE)]))
        if state.is_terminal():
            continue
        seat = state.to_move
        assert seat is not None
        seen = seen_by(state, seat)
        sampler = SixtySixSampler(seen)
        if seen.excluded() & sampler.unseen and 30 <= sampler.count() <= 400 \
                and state.view(seat).stock_left >= 2:
            return state, seat, sampler
    raise AssertionError("no suitable position")


@pytest.mark.rule("SS-10", "SS-11")
def test_SS_11_worlds_are_exactly_the_consistent_ones_and_uniform() -> None:
    state, seat, sampler = _small_closed_position()
    hidden = TURNUP in sampler.slots
    unseen = mask_cards(sampler.unseen)
    h = sampler.caps[sampler.slots.index(1 - seat)]
    r = sampler.caps[sampler.slots.index(STOCK)]
    known = state.known[1 - seat]
    candidates = []
    for hand in itertools.combinations(unseen, h):
        rest = [c for c in unseen if c not in hand]
        for stock in itertools.permutations(rest, r):
            left = [c for c in rest if c not in stock]
            for turnup in (left if hidden else [-1]):
                mask = sum(1 << c for c in hand) | known
                if _consistent(state, seat, unseen, mask, stock, turnup, hidden):
                    candidates.append((mask, stock, turnup))
    assert len(candidates) == sampler.count() < math.comb(len(unseen), h) * math.perm(
        len(unseen) - h, r)  # the strict rules ruled some out
    n = 20 * len(candidates)
    rng = random.Random(2026)
    d = draws_made(state.view(seat))
    counts: Counter[tuple[int, tuple[int, ...], int]] = Counter()
    for _ in range(n):
        deal = sampler.sample_deal(rng)
        held = deal.hands[1 - seat]  # dealt: rebuild the present from the world
        world = sampler.world(deal, checked=False)
        assert held == world.dealt[1 - seat]
        counts[(world.hands[1 - seat], tuple(world.stock[2 * d:]),
                world.first_turnup if hidden else -1)] += 1
    assert set(counts) <= set(candidates)
    expected = n / len(candidates)
    chi2 = sum((counts.get(w, 0) - expected) ** 2 / expected for w in candidates)
    k = len(candidates) - 1
    limit = k * (1 - 2 / (9 * k) + 3.09 * math.sqrt(2 / (9 * k))) ** 3  # 99.9% (Wilson–Hilferty)
    assert chi2 < limit, (chi2, limit, k)


@pytest.mark.rule("SS-10")
def test_SS_10_a_turnup_never_seen_is_a_trump_card() -> None:
    """The dealer whose opponent closes at its first lead never saw the turn-up: the worlds
    place a trump there, uniformly among the unseen trumps."""
    state = SixtySix().new_deal(17, dealer=1)
    state.apply(CLOSE)
    state.apply(state.legal_actions()[-1])
    seen = Recall().observe(state.view(1))
    assert seen.turnup == -1
    sampler = SixtySixSampler(seen)
    assert TURNUP in sampler.slots
    trump = state.trump
    rng = random.Random(1)
    turnups = Counter(sampler.sample(rng).first_turnup for _ in range(300))
    assert all(c // 6 == trump for c in turnups)
    assert set(turnups) == {c for c in range(6 * trump, 6 * trump + 6)
                            if sampler.unseen >> c & 1}


def test_SS_11_a_view_no_world_fits_is_a_typed_error() -> None:
    """What a seat saw that no deal fits is refused with the rule it breaks — the hand sizes
    (SS-3), the strict rules (SS-11) — never answered with a world that ignores it."""
    state = SixtySix().new_deal(2)
    state.apply(CLOSE)
    seen = Recall().observe(state.view(1))
    with pytest.raises(TutorError, match="SS-3"):
        SixtySixSampler(replace(seen, view=replace(seen.view, hand_sizes=(5, 30))))

    class AllExcluded(Seen):
        def excluded(self) -> int:
            return (1 << 24) - 1

    nothing = AllExcluded(seen.view, seen.tricks, seen.drawn, seen.turnup, seen.exchange_at)
    with pytest.raises(IllegalActionError, match="SS-11"):
        SixtySixSampler(nothing)


def test_the_tapp_suits_stay_whole() -> None:
    """The generalised grouping keeps one group per suit when no single card is excluded (the
    Tapp games draw the same worlds for the same seeds: tests/test_fingerprints.py)."""
    from tutor.engine.sampler import Sampler
    from tutor.games.six_bid_solo.rules import SixBidSolo
    sampler = Sampler(SixBidSolo().new_deal(4).view(0))
    assert len(sampler.by_suit) == 4
    assert [c // 9 for g in sampler.by_suit for c in g] == sorted(
        c // 9 for g in sampler.by_suit for c in g)


@pytest.mark.rule("SS-8")
def test_SS_8_a_nine_exchanged_and_drawn_back() -> None:
    """Seat 0 exchanges the 9 of trumps, then loses the sixth trick and takes the 9 back as
    the turn-up: the 9 came twice into its hand, and every world accounts for both."""
    from tutor.engine.record import state_of
    record = {
        "format": "tutor-record/1", "game": "sixty-six", "options": {}, "dealer": 0,
        "hands": [["KC", "9C", "TS", "KS", "9H", "TD"], ["TC", "JC", "QS", "JS", "QH", "QD"]],
        "turnup": "JH",
        "stock": ["AD", "AC", "AH", "KH", "JD", "KD", "AS", "TH", "QC", "9D", "9S"],
        "play": ["JC", "9C", "draw", "TC", "AC", "draw", "exchange", "KS", "KH", "draw", "JS",
                 "KD", "draw", "QS", "KC", "draw", "JD", "9D", "draw"]}
    state = state_of(record)
    assert isinstance(state, SixtySixState) and state.known[0] >> 17 & 1  # 9♥ known again
    for seat in (0, 1):
        seen = seen_by(state, seat)
        for world in SixtySixSampler(seen).worlds(20, seat):
            assert world.view(seat) == state.view(seat)
            assert world.history() == state.history()
