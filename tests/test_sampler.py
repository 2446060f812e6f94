"""The hidden-card sampler: every world agrees with the view it was drawn from, and worlds are
drawn uniformly among the consistent ones (checked against brute-force enumeration) — in
Six-Bid Solo and in Frog, whose widow goes into the Frog bidder's hand and whose discard lies
unseen by the defenders."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from tutor.engine.sampler import DISCARD, WIDOW, Sampler, history_of, sample_worlds, world_of
from tutor.errors import TutorError
from tutor.games.frog.rules import CONTRACTS as FROG_CONTRACTS
from tutor.games.frog.rules import DISCARD_BASE as FROG_DISCARD_BASE
from tutor.games.frog.rules import Frog, FrogState
from tutor.games.six_bid_solo.rules import SixBidSolo, SixBidSoloState, call_action
from tutor.games.tapp import CALL_BASE, CALLCARD_BASE, DECLINE, GIVE_BASE, PLAY, mask_cards

OPTION_SETS = [
    {},
    {"players": 4},
    {"players": 5, "five_player_sitout": "next_dealer"},
    {"call_solo_order": "trump_first"},
    {"spread_expose": "after_opening_lead", "misere": "no_card_points"},
    {"spread_expose": "after_both_defenders", "solo_trump": "any"},
]


def _walk(state: SixBidSoloState, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply(rng.choice(state.legal_actions()))


def _forced(options: dict[str, object], contract: str, seed: int) -> SixBidSoloState:
    """Forehand bids ``contract``, the others pass: a deal in the declaration or the play."""
    state = SixBidSolo(options).new_deal(seed, dealer=seed % SixBidSolo(options).players)
    state.apply(call_action(contract))
    while state.phase == "auction":
        state.apply(36)  # pass
    return state


def _check_worlds(state: SixBidSoloState, seed: int, n: int = 4) -> None:
    for seat in range(state.n):
        view = state.view(seat)
        sampler = Sampler(view)
        for world in sampler.worlds(n, seed):
            assert world.view(seat) == view  # same public history, same hand, same legal actions
            if None not in sampler.history.actions:  # the gift is part of the world otherwise
                assert world.history() == state.history()
            # the cards as dealt partition the deck (SBS-8)
            masks = [*world.dealt, world.widow]
            assert sum(m.bit_count() for m in masks) == 36
            union = 0
            for m in masks:
                assert union & m == 0
                union |= m
            assert union == (1 << 36) - 1


@pytest.mark.rule("SBS-8", "SBS-23")
@pytest.mark.parametrize("options", OPTION_SETS)
def test_every_world_replays_the_real_history(options: dict[str, object]) -> None:
    rng = random.Random(11)
    game = SixBidSolo(options)
    for d in range(25):
        state = game.new_deal(rng, dealer=d % game.players)
        _walk(state, rng, rng.randint(0, 45))
        _check_worlds(state, d, n=2)


@pytest.mark.rule("SBS-20", "SBS-V6")
@pytest.mark.parametrize("order", ["call_first", "trump_first"])
def test_call_solo_exchange_in_every_step(order: str) -> None:
    """Call, give and trump in both orders; the gift is seen by the bidder and the receiver only;
    the called card may lie in the widow."""
    opts = {"call_solo_order": order}
    saw_widow = saw_gift_hidden = False
    for seed in range(12):
        state = _forced(opts, "call-solo", seed)
        rng = random.Random(seed)
        assert state.phase == "declare"
        _check_worlds(state, seed, n=2)
        if state.step == "trump":
            state.apply(rng.choice(state.legal_actions()))
            _check_worlds(state, seed, n=2)
        # call the card the widow holds on even seeds, a defender's on odd seeds
        bidder = state.bidder
        assert bidder is not None
        target = state.widow if seed % 2 == 0 else state.hands[state.defenders[0]]
        state.apply(CALLCARD_BASE + mask_cards(target)[0])
        _check_worlds(state, seed, n=2)
        if state.step == "give":
            state.apply(rng.choice(state.legal_actions()))
            receiver = state.call_holder
            other = next(s for s in state.defenders if s != receiver)
            assert state.view(other).given is None
            saw_gift_hidden = True
            _check_worlds(state, seed, n=3)
        else:
            saw_widow = True
        if state.step == "trump":
            state.apply(rng.choice(state.legal_actions()))
        assert state.phase == PLAY
        _walk(state, rng, rng.randint(0, 30))
        _check_worlds(state, seed, n=2)
    assert saw_widow and saw_gift_hidden


@pytest.mark.rule("SBS-20")
def test_declined_call() -> None:
    state = _forced({}, "call-solo", 3)
    state.apply(DECLINE)
    state.apply(state.legal_actions()[0])
    _walk(state, random.Random(3), 10)
    _check_worlds(state, 3)


@pytest.mark.rule("SBS-20")
def test_unseen_gift_is_any_card_the_receiver_has_had() -> None:
    """The defender who did not receive the gift does not know it: over many worlds it takes
    every card the receiver has had since the exchange, and only those."""
    state = _forced({}, "call-solo", 5)
    holder_seat = state.defenders[0]
    state.apply(CALLCARD_BASE + mask_cards(state.hands[holder_seat])[0])
    gift = state.legal_actions()[-1] - GIVE_BASE
    state.apply(GIVE_BASE + gift)
    state.apply(state.legal_actions()[0])
    other = next(s for s in state.defenders if s != holder_seat)
    sampler = Sampler(state.view(other))
    gifts = Counter(d.hidden[0] - GIVE_BASE for d in sampler.deals(600, 1))
    assert gift in gifts
    for g in gifts:  # never a card the receiver cannot have had
        assert g not in mask_cards(state.hands[other])
    assert len(gifts) > 11  # the receiver's 11 cards vary with the world, so more than 11 in all


@pytest.mark.rule("SBS-21", "SBS-V3")
@pytest.mark.parametrize("when", ["before_first_trick", "after_opening_lead",
                                  "after_both_defenders"])
def test_exposed_spread_misere_hand_is_fixed(when: str) -> None:
    state = _forced({"spread_expose": when}, "spread-misere", 2)
    rng = random.Random(2)
    for _ in range(4):
        bidder = state.bidder
        assert bidder is not None
        for seat in state.defenders:
            view = state.view(seat)
            for world in Sampler(view).worlds(5, 9):
                if view.exposed is not None:
                    assert world.hands[bidder] == state.hands[bidder]
                assert world.view(seat) == view
        state.apply(rng.choice(state.legal_actions()))


def test_reproducible_from_seed() -> None:
    state = SixBidSolo().new_deal(4)
    _walk(state, random.Random(4), 20)
    view = state.view(1)
    a = [w.key() for w in sample_worlds(view, 5, 77)]
    b = [w.key() for w in sample_worlds(view, 5, 77)]
    c = [w.key() for w in sample_worlds(view, 5, 78)]
    assert a == b
    assert a != c


def test_history_of_view_is_the_states_history() -> None:
    rng = random.Random(8)
    for d in range(20):
        state = SixBidSolo().new_deal(rng, d % 3)
        _walk(state, rng, rng.randint(0, 40))
        for seat in range(3):
            hist = history_of(state.view(seat))
            if None not in hist.actions:
                assert list(hist.actions) == state.history()


def _brute_force(sampler: Sampler) -> list[tuple[tuple[int, int], ...]]:
    """Every placement of the unseen cards into the slots, respecting room and voids."""
    cards = [c for suit in sampler.by_suit for c in suit]
    slots = sampler.slots
    out = []
    for choice in itertools.product(range(len(slots)), repeat=len(cards)):
        room = list(sampler.caps)
        ok = True
        for c, k in zip(cards, choice, strict=True):
            room[k] -= 1
            if not sampler.allowed[c // 9][k]:
                ok = False
                break
        if ok and not any(room):
            out.append(tuple(sorted((c, slots[k]) for c, k in zip(cards, choice, strict=True))))
    return out


def _placement(sampler: Sampler, deal_hands: tuple[int, ...], widow: int,
               ) -> tuple[tuple[int, int], ...]:
    out = []
    for suit in sampler.by_suit:
        for c in suit:
            bit = 1 << c
            slot = WIDOW if widow & bit else next(s for s in sampler.slots
                                                   if s != WIDOW and deal_hands[s] & bit)
            out.append((c, slot))
    return tuple(sorted(out))


def _late_position_with_voids() -> Sampler:
    """Deep in the play, with at least one void shown, so the constraints bite."""
    game = SixBidSolo()
    for seed in range(200):
        rng = random.Random(seed)
        state = game.new_deal(rng)
        _walk(state, rng, 3 + 25)  # the auction usually takes 3 calls; then 25 cards
        if state.phase != PLAY:
            continue
        seat = state.to_move
        assert seat is not None
        sampler = Sampler(state.view(seat))
        if any(sampler.void.values()) and 6 <= len(sampler.by_suit[0] + sampler.by_suit[1]
                                                   + sampler.by_suit[2] + sampler.by_suit[3]) <= 8:
            return sampler
    raise AssertionError("no suitable position among 200 seeds")


@pytest.mark.rule("SBS-23")
def test_uniform_over_consistent_worlds() -> None:
    """Chi-square of sampled placements against the exact uniform distribution over the worlds
    found by brute force; also the exact count agrees with the enumeration."""
    sampler = _late_position_with_voids()
    worlds = _brute_force(sampler)
    assert len(worlds) == sampler.count()
    n = 20 * len(worlds)
    rng = random.Random(2024)
    counts = Counter(_placement(sampler, d.hands, d.widow)
                     for d in (sampler.sample_deal(rng) for _ in range(n)))
    assert set(counts) <= set(worlds)  # only consistent worlds are drawn
    expected = n / len(worlds)
    chi2 = sum((counts.get(w, 0) - expected) ** 2 / expected for w in worlds)
    k = len(worlds) - 1
    # Wilson–Hilferty: the 99.9% point of chi-square with k degrees of freedom
    z = 3.09
    limit = k * (1 - 2 / (9 * k) + z * math.sqrt(2 / (9 * k))) ** 3
    assert chi2 < limit, (chi2, limit, k)


def test_contradictory_view_is_rejected() -> None:
    """A view whose sizes cannot be met raises a TutorError naming the rule."""
    state = SixBidSolo().new_deal(1)
    view = state.view(0)
    from dataclasses import replace
    bad = replace(view, hand_sizes=(11, 11, 12))
    with pytest.raises(TutorError, match="SBS-8"):
        Sampler(bad)


def test_world_of_unchecked_equals_checked() -> None:
    state = SixBidSolo().new_deal(6)
    _walk(state, random.Random(6), 30)
    view = state.view(2)
    sampler = Sampler(view)
    for deal in sampler.deals(5, 1):
        assert world_of(sampler.history, deal).key() == \
            world_of(sampler.history, deal, checked=False).key()


# --- Frog: the widow in the Frog bidder's hand, the discard beside it (FR-2) ----------------------
FROG_OPTIONS = [
    {},
    {"players": 4},
    {"players": 5, "five_player_sitout": "second_next_dealer"},
    {"auction": "single_round", "chico_trump": "any"},
    {"grand_multiplier": 3, "deal_pattern": "3-w-4-4"},
]


def _frog(options: dict[str, object], contract: str, seed: int) -> FrogState:
    """Forehand bids ``contract``, the others pass: a Frog deal in the declaration or the play."""
    game = Frog(options)
    state = game.new_deal(seed, dealer=seed % game.players)
    state.apply(CALL_BASE + FROG_CONTRACTS.index(contract) + 1)
    while state.phase == "auction":
        state.apply(36)  # pass
    return state


def _seen_by(state: FrogState, seat: int) -> dict[int, int]:
    """Where every card ``seat`` has seen lies: its hand, and each card played by whom."""
    where = {c: seat for c in mask_cards(state.hands[seat])}
    seat_of = {}
    for leader, cards, _ in state.tricks:
        s = leader
        for c in cards:
            seat_of[c] = s
            s = state.next_active(s)
    s = state.leader
    for c in state.trick:
        seat_of[c] = s
        s = state.next_active(s)
    where.update(seat_of)
    return where


def _check_frog_worlds(state: FrogState, seed: int, n: int = 3) -> None:
    """Every world keeps the view; the deal partitions the deck; no card the viewer saw moves;
    the discard is as many cards as the real one: the real one for the bidder, none the viewer
    saw for a defender."""
    for seat in state.active:
        view = state.view(seat)
        seen = _seen_by(state, seat)
        for world in Sampler(view).worlds(n, seed):
            assert world.view(seat) == view
            assert isinstance(world, FrogState)
            masks = [*world.dealt, world.widow]
            assert sum(m.bit_count() for m in masks) == 36
            assert (world.widow | sum(world.dealt)) == (1 << 36) - 1
            assert _seen_by(world, seat) == seen  # the same cards, in the same places
            assert world.discarded.bit_count() == state.discarded.bit_count()
            if seat == state.bidder:
                assert world.discarded == state.discarded  # the bidder's own discard
                assert world.hands[seat] == state.hands[seat]
            elif world.discarded:
                assert not any(world.discarded >> c & 1 for c in seen)


@pytest.mark.rule("FR-2", "SBS-8", "SBS-23")
@pytest.mark.parametrize("options", FROG_OPTIONS)
def test_frog_worlds_keep_the_view_and_every_seen_card_in_place(options: dict[str, object]
                                                                ) -> None:
    rng = random.Random(21)
    game = Frog(options)
    for d in range(25):
        state = game.new_deal(rng, dealer=d % game.players)
        _walk(state, rng, rng.randint(0, 45))
        _check_frog_worlds(state, d, n=2)


@pytest.mark.rule("FR-2")
@pytest.mark.parametrize("contract", ["frog", "chico", "grand"])
def test_frog_worlds_through_every_step_of_the_declaration(contract: str) -> None:
    """During the discard (one card at a time) and after it, and in Chico and Grand, whose widow
    stays unseen (FR-1)."""
    for seed in range(6):
        state = _frog({}, contract, seed)
        rng = random.Random(seed)
        _check_frog_worlds(state, seed)
        while state.phase == "declare":
            state.apply(rng.choice(state.legal_actions()))
            _check_frog_worlds(state, seed)
        _walk(state, rng, rng.randint(1, 30))
        _check_frog_worlds(state, seed)


@pytest.mark.rule("FR-2", "SBS-8")
def test_frog_counts_at_the_first_lead() -> None:
    """No void yet: a defender places 25 unseen cards as 11 (the other defender), 11 (the
    bidder, the widow's cards among them) and 3 (the discard); the Frog bidder knows the discard
    and places 22 as 11 and 11; in Chico a defender's 25 go 11, 11 and the widow's 3."""
    state = _frog({}, "frog", 3)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    bidder = state.bidder
    assert bidder is not None and state.phase == "play"
    for seat in state.active:
        sampler = Sampler(state.view(seat))
        if seat == bidder:
            assert sampler.slots == tuple(state.defenders)
            assert sampler.caps == (11, 11)
            assert sampler.count() == math.comb(22, 11)
        else:
            other = next(s for s in state.defenders if s != seat)
            assert sampler.slots == (other, bidder, DISCARD) or \
                sampler.slots == (bidder, other, DISCARD)
            assert sampler.caps == (11, 11, 3)
            assert sampler.count() == math.factorial(25) // (
                math.factorial(11) ** 2 * math.factorial(3))
    chico = _frog({}, "chico", 3)
    chico.apply(chico.legal_actions()[0])
    defender = chico.defenders[0]
    sampler = Sampler(chico.view(defender))
    assert sampler.slots[-1] == WIDOW and sampler.caps == (11, 11, 3)


@pytest.mark.rule("FR-2", "SBS-23")
def test_frog_discard_is_not_bound_by_the_bidders_voids() -> None:
    """A Frog bidder who shows void in a suit may have laid cards of it away before the play:
    the bidder's hand gets none of that suit in any world, the discard sometimes does."""
    for seed in range(300):
        rng = random.Random(seed)
        state = _frog({}, "frog", seed)
        while state.phase == "declare":
            state.apply(rng.choice(state.legal_actions()))
        _walk(state, rng, 18)
        if state.phase != "play":
            continue
        bidder = state.bidder
        assert bidder is not None
        defender = state.defenders[0]
        sampler = Sampler(state.view(defender))
        void = sampler.void[bidder]
        if not void:
            continue
        suits = [s for s in range(4) if void >> s & 1]
        if not any(sampler.by_suit[s] for s in suits):
            continue  # every card of the suit is seen: nothing to place
        laid_void = 0
        for world in sampler.worlds(200, seed):
            for s in suits:
                assert not world.hands[bidder] & (0x1FF << (9 * s))
                laid_void += bool(world.discarded & (0x1FF << (9 * s)))
        assert laid_void > 0
        return
    raise AssertionError("no Frog position among 300 seeds shows a bidder's void")


def _frog_placement(sampler: Sampler, deal_hands: tuple[int, ...], widow: int,
                    hidden: tuple[int, ...], bidder: int) -> tuple[tuple[int, int], ...]:
    laid = sum(1 << (a - FROG_DISCARD_BASE) for a in hidden)
    out = []
    for suit in sampler.by_suit:
        for c in suit:
            bit = 1 << c
            if laid & bit:
                slot = DISCARD
            elif (deal_hands[bidder] | widow) & bit:
                slot = bidder
            else:
                slot = next(s for s in sampler.slots if s >= 0 and deal_hands[s] & bit)
            out.append((c, slot))
    return tuple(sorted(out))


@pytest.mark.rule("FR-2", "SBS-23")
def test_frog_defender_worlds_are_uniform() -> None:
    """Late in a Frog contract, a defender's worlds (the other defender's cards, the bidder's,
    the discard) are drawn uniformly among the placements brute force finds, and counted
    exactly."""
    for seed in range(300):
        rng = random.Random(seed)
        state = _frog({}, "frog", seed)
        while state.phase == "declare":
            state.apply(rng.choice(state.legal_actions()))
        _walk(state, rng, 26)
        if state.phase != PLAY or state.to_move == state.bidder:
            continue
        seat = state.to_move
        assert seat is not None
        sampler = Sampler(state.view(seat))
        if not any(sampler.void.values()) or sum(map(len, sampler.by_suit)) > 8:
            continue
        break
    else:
        raise AssertionError("no suitable Frog position among 300 seeds")
    bidder = state.bidder
    assert bidder is not None and DISCARD in sampler.slots
    worlds = _brute_force(sampler)
    assert len(worlds) == sampler.count()
    n = 20 * len(worlds)
    counts = Counter(_frog_placement(sampler, d.hands, d.widow, d.hidden, bidder)
                     for d in (sampler.sample_deal(rng) for _ in range(n)))
    assert set(counts) <= set(worlds)
    expected = n / len(worlds)
    chi2 = sum((counts.get(w, 0) - expected) ** 2 / expected for w in worlds)
    k = len(worlds) - 1
    limit = k * (1 - 2 / (9 * k) + 3.09 * math.sqrt(2 / (9 * k))) ** 3
    assert chi2 < limit, (chi2, limit, k)


def test_a_game_without_a_sampler_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sampler finds a game's constraints in its folder; none there is REC-2, naming it."""
    from tutor.engine import sampler as sampler_module

    state = Frog().new_deal(1)
    view = state.view(0)
    sampler_module._adapter.cache_clear()
    monkeypatch.setattr(sampler_module, "import_module", _no_module)
    try:
        with pytest.raises(TutorError, match=r"REC-2.*does not know frog"):
            Sampler(view)
    finally:
        sampler_module._adapter.cache_clear()


def _no_module(name: str) -> object:
    raise ModuleNotFoundError(f"No module named {name!r}", name=name)
