"""The sampler for Crazy Solo: worlds that keep the view at every table size (3 to 12), drawn
exactly uniformly (the many-slot counting checked against brute force), the called card's
holder unknown to all but itself, the blind deal's hint about the leader's hearts, a loud
refusal of a view no deal fits; the partner shares and the seats that may be the partner."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.cards import Card
from tutor.engine.placement import Grouped, PerSlot, placement
from tutor.engine.sampler import Sampler, history_of, holder_shares
from tutor.errors import TutorError
from tutor.games.crazy_solo.rules import (
    CrazySolo,
    CrazySoloState,
    CrazySoloView,
    possible_partners,
)
from tutor.games.crazy_solo.sampling import CrazySoloDeal
from tutor.games.tapp import (
    CALL_BASE,
    CALLCARD_BASE,
    CARD_INDEX,
    HEARTS,
    PASS,
    PLAY,
    SUIT_MASK,
    TRUMP_BASE,
    mask_cards,
    played_and_voids,
)

SOLO, SOLO_IN_HEARTS, ALONE = CALL_BASE + 1, CALL_BASE + 2, CALL_BASE + 3


def _walk(state: CrazySoloState, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply(rng.choice(state.legal_actions()))


def _solo_called(players: int, seed: int, *, own: bool = False, blind: bool = False,
                 options: dict[str, object] | None = None) -> CrazySoloState:
    """The leader bids Solo (♠ trump) and the others pass; the leader calls the ace of hearts
    (its own card when ``own``, else another seat's) — a deal at its first lead."""
    game = CrazySolo({"players": players, **(options or {})})
    rng = random.Random(seed)
    while True:
        state = game.new_deal(rng, dealer=seed % players, blind=blind)
        if state.phase != "auction":
            continue
        state.apply(SOLO)
        while state.phase == "auction":
            state.apply(PASS)
        state.apply(TRUMP_BASE + 1)
        leader = state.active[0]
        ah = CARD_INDEX[Card.parse("AH")]
        if bool(state.hands[leader] >> ah & 1) == own:
            state.apply(CALLCARD_BASE + ah)
            return state


def _seen_by(state: CrazySoloState, seat: int) -> dict[int, int]:
    """Where every card ``seat`` has seen lies: its own hand, and each card played by whom."""
    where = {c: seat for c in mask_cards(state.hands[seat])}
    played, _ = played_and_voids(state.view(seat))
    for s, m in played.items():
        where.update({c: -1 - s for c in mask_cards(m)})
    return where


def _check(state: CrazySoloState, seats: list[int], seed: int, n: int = 3) -> None:
    """Every world keeps each seat's view; its deal partitions this deal's deck; every card the
    seat saw stays where it was; the history is the real one."""
    for seat in seats:
        view = state.view(seat)
        sampler = Sampler(view)
        assert list(history_of(view).actions) == state.history()
        for world in sampler.worlds(n, seed):
            assert isinstance(world, CrazySoloState)
            assert world.view(seat) == view
            assert world.history() == state.history()
            assert world.blind == state.blind
            union = 0
            for m in world.dealt:
                assert not union & m and m.bit_count() == state.hand_size
                union |= m
            assert union == state.deck
            assert _seen_by(world, seat) == _seen_by(state, seat)


@pytest.mark.rule("CS-2", "CS-9", "CS-10")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 12), seed=st.integers(0, 10**6), depth=st.floats(0, 1),
       blind=st.booleans(), hearts=st.booleans(), small=st.booleans())
def test_every_world_keeps_the_view_at_every_table_size(players: int, seed: int, depth: float,
                                                        blind: bool, hearts: bool,
                                                        small: bool) -> None:
    options: dict[str, object] = {"players": players, "plain_calls_allow_hearts": hearts}
    if players == 3 and small:
        options["three_handed_deck"] = 24
    game = CrazySolo(options)
    rng = random.Random(seed)
    state = game.new_deal(rng, dealer=seed % players, blind=blind)
    _walk(state, rng, round(depth * (players + 2 + len(game.deck_cards))))
    seats = sorted({state.active[0], seed % players, (seed // 7) % players,
                    state.to_move if state.to_move is not None else 0})
    _check(state, seats, seed, n=2)


@pytest.mark.rule("CS-8", "CS-9")
@pytest.mark.parametrize("players", [4, 7, 12])
def test_the_called_cards_holder_is_unknown_except_to_itself(players: int) -> None:
    """Another seat's worlds put the called card in every hand that may hold it (the bidder's
    included); the holder's worlds keep it in its own hand."""
    state = _solo_called(players, 3)
    holder = state.partner
    assert holder is not None and holder != state.bidder
    ah = CARD_INDEX[Card.parse("AH")]
    for seat in state.active:
        sampler = Sampler(state.view(seat))
        where = Counter(next(s for s, h in enumerate(w.hands) if h >> ah & 1)
                        for w in sampler.worlds(300, seat))
        if seat == holder:
            assert where == {holder: 300}
        else:
            assert set(where) == set(state.active) - {seat}
        for w in sampler.worlds(5, seat):
            assert w.partner == next(s for s, h in enumerate(w.hands) if h >> ah & 1)


@pytest.mark.rule("CS-8", "CS-9")
def test_a_secretly_alone_bidder_is_hidden_too() -> None:
    state = _solo_called(6, 5, own=True)
    assert state.partner == state.bidder
    other = next(s for s in state.active if s != state.bidder)
    partners = Counter(w.partner for w in Sampler(state.view(other)).worlds(200, 1))
    assert state.bidder in partners and len(partners) == 5
    assert set(Counter(w.partner for w in Sampler(state.view(state.bidder)).worlds(20, 1))) \
        == {state.bidder}


@pytest.mark.rule("CS-10")
def test_voids_shown_by_the_play_bind_the_worlds() -> None:
    """A seat that neither followed nor trumped holds neither suit in any world."""
    found = 0
    for seed in range(60):
        game = CrazySolo({"players": 6})
        rng = random.Random(seed)
        state = game.new_deal(rng, dealer=seed % 6)
        _walk(state, rng, 6 + 2 + 20)
        if state.phase != PLAY:
            continue
        view = state.view(state.to_move or 0)
        _, voids = played_and_voids(view)
        if not any(voids[s] for s in view.active if s != view.seat):
            continue
        for world in Sampler(view).worlds(50, seed):
            for s, v in voids.items():
                if s != view.seat:
                    for suit in range(4):
                        if v >> suit & 1:
                            assert not world.hands[s] & SUIT_MASK[suit]
        found += 1
    assert found >= 5


@pytest.mark.rule("CS-14")
@pytest.mark.parametrize("options", [{"players": 3, "three_handed_deck": 24}, {"players": 5},
                                     {"players": 9}, {"players": 12}])
def test_blind_deal_the_leaders_hearts(options: dict[str, int]) -> None:
    """Under with no auction, the leader held a heart: every other seat's worlds give it one
    (in hand, or played); after an auction it held none, in any world."""
    game = CrazySolo(options)
    players = game.players
    under = auction = 0
    for seed in range(400):
        if under >= 4 and auction >= 4:
            break
        state = game.new_deal(seed, dealer=seed % players, blind=True)
        leader = state.active[0]
        rng = random.Random(seed)
        _walk(state, rng, rng.randrange(players + 3 + len(game.deck_cards) // 2))
        view = state.view((leader + 1) % players)
        assert isinstance(view, CrazySoloView)
        held = view.leader_held_heart
        assert held == state.blind_under
        if (under if held else auction) >= 4:
            continue
        for world in Sampler(view).worlds(40, seed):
            assert world.view(view.seat) == view
            assert bool(world.dealt[leader] & SUIT_MASK[HEARTS]) == held
        under += held
        auction += not held
    assert under >= 4 and auction >= 4


def test_a_blind_deal_is_rebuilt_blind() -> None:
    state = CrazySolo({"players": 4}).new_deal(2, blind=True)
    deal = Sampler(state.view(1)).deals(1, 1)[0]
    assert isinstance(deal, CrazySoloDeal) and deal.blind and deal.widow == 0


# --- exactly uniform: the counting against brute force ----------------------------------------
def _brute(caps: list[int], by_suit: list[list[int]], allowed: list[list[bool]],
           least: list[list[bool]]) -> list[tuple[int, ...]]:
    """Every placement (the slot of each card, in card order), by plain recursion."""
    cards = [c for suit in by_suit for c in suit]
    out: list[tuple[int, ...]] = []

    def rec(i: int, room: list[int], acc: list[int]) -> None:
        if i == len(cards):
            if not any(room) and all(
                    not least[s][k] or any(acc[j] == k for j, c in enumerate(cards)
                                           if c // 9 == s)
                    for s in range(4) for k in range(len(caps))):
                out.append(tuple(acc))
            return
        for k in range(len(caps)):
            if room[k] and allowed[cards[i] // 9][k]:
                room[k] -= 1
                acc.append(k)
                rec(i + 1, room, acc)
                acc.pop()
                room[k] += 1

    rec(0, list(caps), [])
    return out


def _chi2_ok(counts: Counter[tuple[int, ...]], worlds: list[tuple[int, ...]], n: int) -> None:
    assert set(counts) <= set(worlds)  # only consistent placements are drawn
    expected = n / len(worlds)
    chi2 = sum((counts.get(w, 0) - expected) ** 2 / expected for w in worlds)
    k = len(worlds) - 1
    limit = k * (1 - 2 / (9 * k) + 3.09 * math.sqrt(2 / (9 * k))) ** 3  # 99.9% point
    assert chi2 < limit, (chi2, limit, k)


def _slots_of(placed: list[int], cards: list[int]) -> tuple[int, ...]:
    return tuple(next(k for k, m in enumerate(placed) if m >> c & 1) for c in cards)


SYNTHETIC = [  # caps, cards per suit, voids per slot (suit bits), held suits per slot
    ([2, 2, 1, 1, 2], [[0, 1, 2], [9, 10], [18, 19], [27]], [0, 0, 0b10, 0, 0b10], [0] * 5),
    ([1, 1, 1, 1, 1, 2], [[0, 1], [9, 10, 11], [18, 19], []], [0b1, 0, 0, 0b100, 0, 0],
     [0, 0b100, 0, 0, 0, 0]),
    ([2, 2, 2, 2], [[0, 1, 2], [9, 10], [18, 19], [27]], [0, 0, 0b1, 0b1], [0, 0, 0b10, 0]),
    ([0, 1, 1, 2, 2, 1], [[0, 1, 2], [9], [18, 19, 20], []], [0, 0, 0b100, 0, 0, 0b1],
     [0] * 6),
]


@pytest.mark.parametrize("case", range(len(SYNTHETIC)))
def test_grouped_counting_is_exact_and_uniform(case: int) -> None:
    """The by-kinds counting (many slots) counts what brute force finds, agrees with the
    slot-by-slot counting, and draws every placement alike (chi-square, 99.9%)."""
    caps, by_suit, voids, holds = SYNTHETIC[case]
    allowed = [[not v >> s & 1 for v in voids] for s in range(4)]
    least = [[bool(h >> s & 1) for h in holds] for s in range(4)]
    grouped = Grouped(caps, by_suit, allowed, least)
    worlds = _brute(caps, by_suit, allowed, least)
    assert grouped.count() == len(worlds) == PerSlot(caps, by_suit, allowed, least).count() > 1
    cards = [c for suit in by_suit for c in suit]
    rng = random.Random(case)
    n = 30 * len(worlds)
    _chi2_ok(Counter(_slots_of(grouped.draw(rng), cards) for _ in range(n)), worlds, n)


def _late_many_slots() -> Sampler:
    """A Crazy Solo position late in the deal at a big table, with a void shown and few enough
    unseen cards to enumerate."""
    for seed in range(400):
        players = 5 + seed % 4
        game = CrazySolo({"players": players})
        rng = random.Random(seed)
        state = game.new_deal(rng, dealer=seed % players)
        _walk(state, rng, players + 2 + len(game.deck_cards) - 2 * players - 2)
        if state.phase != PLAY:
            continue
        sampler = Sampler(state.view(state.to_move or 0))
        unseen = sum(map(len, sampler.by_suit))
        if any(sampler.void.values()) and 6 <= unseen <= 8 and 30 <= sampler.count() <= 800:
            return sampler
    raise AssertionError("no suitable position among 400 seeds")


@pytest.mark.rule("CS-10")
def test_crazy_solo_worlds_are_uniform_late_at_a_big_table() -> None:
    sampler = _late_many_slots()
    assert isinstance(sampler.placement, Grouped)
    caps = list(sampler.caps)
    worlds = _brute(caps, sampler.by_suit, [list(a) for a in sampler.allowed],
                    [list(m) for m in sampler.least])
    assert len(worlds) == sampler.count()
    cards = [c for suit in sampler.by_suit for c in suit]
    rng = random.Random(7)
    n = 20 * len(worlds)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(n):
        held = sampler.sample_held(rng)
        counts[_slots_of([held[s] for s in sampler.slots], cards)] += 1
    _chi2_ok(counts, worlds, n)


@pytest.mark.parametrize("players", [5, 6, 7])
def test_both_countings_agree_on_real_views(players: int) -> None:
    """Slot by slot and by kinds count the same worlds, mid-deal with voids."""
    game = CrazySolo({"players": players})
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_deal(rng, dealer=seed % players)
        _walk(state, rng, players + 2 + rng.randrange(2 * players, len(game.deck_cards)))
        s = Sampler(state.view(seed % players))
        args = (s.caps, s.by_suit, s.allowed, s.least)
        assert PerSlot(*args).count() == Grouped(*args).count() == s.count()


def test_the_slot_by_slot_draw_is_kept_for_three_slots() -> None:
    """Six-Bid Solo's and Frog's draws (pinned by the fingerprints) stay slot by slot; Crazy
    Solo takes it up to four players and counts by kinds from five."""
    args = ([3, 3, 3], [[0], [9], [18], []], [[True] * 3] * 4, [[False] * 3] * 4)
    assert isinstance(placement(*args), PerSlot)
    for players, kind in ((3, PerSlot), (4, PerSlot), (5, Grouped), (12, Grouped)):
        state = CrazySolo({"players": players}).new_deal(players)
        assert isinstance(Sampler(state.view(0)).placement, kind)


@pytest.mark.parametrize("players", [4, 8, 12])
def test_counts_at_the_deal_are_multinomials(players: int) -> None:
    """Before any card is played the unseen cards split freely among the other hands."""
    state = CrazySolo({"players": players}).new_deal(1)
    sampler = Sampler(state.view(0))
    size = state.hand_size
    unseen = size * (players - 1)
    assert sampler.count() == math.factorial(unseen) // math.factorial(size) ** (players - 1)


# --- a view no world fits ------------------------------------------------------------------------
def _record_state(players: int, hands: list[list[str]], play: list[str],
                  blind: bool = False, calls: list[str] | None = None,
                  declare: dict[str, str] | None = None) -> CrazySoloState:
    game = CrazySolo({"players": players})
    rec: dict[str, object] = {"dealer": players - 1, "hands": hands}
    if blind:
        rec["blind"] = True
    state = game.from_record_deal(rec)
    for t in calls or []:
        state.apply(game.parse_call(t))
    for step in ("trump", "call"):
        if declare and step in declare:
            from tutor.games.tapp import parse_declare
            state.apply(parse_declare(step, declare[step]))
    for t in play:
        state.apply(CARD_INDEX[Card.parse(t)])
    return state


CLUBS_HAND = ["AC", "TC", "KC", "QC", "JC", "9C", "8C", "7C", "6C"]
OTHER_HANDS = [["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S", "6S"],
               ["AH", "TH", "KH", "QH", "JH", "9H", "8H", "7H", "6H"],
               ["AD", "TD", "KD", "QD", "JD", "9D", "8D", "7D", "6D"]]


@pytest.mark.rule("CS-10")
def test_a_view_no_deal_fits_is_refused_naming_the_rule() -> None:
    """Seat 0 leads clubs and nobody follows: every other seat is void in clubs. A view of seat
    0 that puts one of its clubs among the unseen cards (swapped for a spade it cannot hold) has
    no world: CS-10, never a deal that ignores the voids. Wrong hand sizes: CS-2."""
    state = _record_state(4, [CLUBS_HAND, *OTHER_HANDS], ["AC", "6S", "6H", "6D"],
                          calls=["alone", "pass", "pass", "pass"], declare={"trump": "S"})
    view = state.view(0)
    Sampler(view)  # the true view is fine
    swapped = tuple(Card.parse("7S") if c == Card.parse("TC") else c for c in view.hand)
    with pytest.raises(TutorError, match=r"CS-10.*voids"):
        Sampler(replace(view, hand=swapped))
    with pytest.raises(TutorError, match="CS-2"):
        Sampler(replace(view, hand_sizes=(8, 8, 8, 9)))


@pytest.mark.rule("CS-14")
def test_a_blind_view_with_no_heart_left_for_the_leader_is_refused() -> None:
    """A blind deal the leader is under: its heart must be somewhere in its hand. A view of
    seat 1 holding every heart (the leader's one swapped for a club) has no world: CS-14."""
    hands = [["6H", "AC", "TC", "KC", "QC", "JC", "9C", "8C", "7C"],
             ["AH", "TH", "KH", "QH", "JH", "9H", "8H", "7H", "6C"],
             OTHER_HANDS[0], OTHER_HANDS[2]]
    state = _record_state(4, hands, [], blind=True, declare={"call": "AH"})
    assert state.blind_under and state.phase == PLAY
    view = state.view(1)
    assert view.leader_held_heart is True
    Sampler(view)
    swapped = tuple(Card.parse("6H") if c == Card.parse("6C") else c for c in view.hand)
    with pytest.raises(TutorError, match="CS-14"):
        Sampler(replace(view, hand=swapped))


# --- who may be the partner ----------------------------------------------------------------------
@pytest.mark.rule("CS-8", "CS-9")
def test_possible_partners_before_and_after_the_call() -> None:
    game = CrazySolo({"players": 5})
    state = game.new_deal(3, dealer=4)
    assert all(possible_partners(state.view(s)) == () for s in range(5))  # nothing called
    state.apply(ALONE)
    while state.phase == "auction":
        state.apply(PASS)
    state.apply(TRUMP_BASE)
    assert all(possible_partners(state.view(s)) == () for s in range(5))  # alone: no partner


@pytest.mark.rule("CS-9")
def test_possible_partners_from_the_holder_the_others_and_after_the_reveal() -> None:
    state = _solo_called(6, 11)
    holder = state.partner
    assert holder is not None
    for seat in state.active:
        got = possible_partners(state.view(seat))
        assert got == ((holder,) if seat == holder
                       else tuple(s for s in range(6) if s != seat))
    rng = random.Random(1)
    ah = CARD_INDEX[Card.parse("AH")]
    while state.hands[holder] >> ah & 1:
        state.apply(rng.choice(state.legal_actions()))
    assert all(possible_partners(state.view(s)) == (holder,) for s in state.active)


@pytest.mark.rule("CS-10")
def test_possible_partners_leave_out_a_seat_void_in_the_called_suit() -> None:
    """The spade bare-ace holder cannot follow hearts: void in ♥, it cannot hold the called
    A♥ (and, the trump being ♠ and it having trumped, only the heart void counts)."""
    hands = [["KH", "QH", "JH", "AC", "TC", "KC", "QC", "JC", "9C"],
             ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S", "6S"],
             ["AH", "TH", "9H", "8H", "7H", "6H", "8C", "7C", "6C"],
             OTHER_HANDS[2]]
    state = _record_state(4, hands, ["KH", "AS"], calls=["solo", "pass", "pass", "pass"],
                          declare={"trump": "S", "call": "AH"})
    assert state.partner == 2
    assert possible_partners(state.view(0)) == (2, 3)  # seat 1 did not follow ♥
    assert possible_partners(state.view(3)) == (0, 2)
    assert possible_partners(state.view(2)) == (2,)
    shares = holder_shares(state.view(0), Card.parse("AH"), worlds=300, seed=1)
    assert shares[1] == 0.0 and shares[0] == 0.0 and shares[2] > 0 and shares[3] > 0


# --- holder shares -------------------------------------------------------------------------------
@pytest.mark.rule("CS-9", "CS-10")
@pytest.mark.parametrize("players", [3, 4, 6, 9, 12])
def test_holder_shares_match_the_possible_partners(players: int) -> None:
    """Over many positions: a seat ruled out has exactly 0, the shares sum to 1, the viewer's
    own seat is 1 or 0 from its hand; at the first lead every other seat has a share near its
    part of the unseen cards."""
    game = CrazySolo({"players": players})
    for seed in range(12):
        rng = random.Random(seed)
        state = game.new_deal(rng, dealer=seed % players)
        if players > 3:
            state.apply(SOLO_IN_HEARTS)
            while state.phase == "auction":
                state.apply(PASS)
            state.apply(rng.choice(state.legal_actions()))
        _walk(state, rng, rng.randrange(len(game.deck_cards) - 1))
        if state.called < 0 or state.phase != PLAY:
            continue
        for seat in {0, seed % players, state.to_move or 0}:
            view = state.view(seat)
            assert isinstance(view, CrazySoloView) and view.called is not None
            shares = holder_shares(view, view.called, worlds=150, seed=seed)
            assert set(shares) == set(range(players))
            assert sum(shares.values()) == pytest.approx(1.0)
            possible = possible_partners(view)
            for s in range(players):
                if s not in possible:
                    assert shares[s] == 0.0
            if state.revealed:
                assert shares == {s: float(s == state.partner) for s in range(players)}
    state = game.new_deal(5)
    view = state.view(1)
    card = mask_cards(state.hands[0])[0]
    shares = holder_shares(view, card, worlds=2000, seed=3)
    unseen = sum(view.hand_sizes) - len(view.hand)
    for s in range(players):
        want = 0.0 if s == 1 else view.hand_sizes[s] / unseen
        assert abs(shares[s] - want) < 0.05
    assert holder_shares(view, view.hand[0], worlds=5, seed=1) == {
        s: float(s == 1) for s in range(players)}


def test_holder_shares_are_reproducible_and_work_for_six_bid_solo() -> None:
    """The generic helper: the widow takes part of the share in Six-Bid Solo (the sum is less
    than 1); the same seed, the same shares."""
    from tutor.games.six_bid_solo.rules import SixBidSolo

    state = SixBidSolo().new_deal(4)
    view = state.view(state.active[0])
    card = mask_cards(state.widow)[0]
    a = holder_shares(view, card, worlds=400, seed=9)
    assert a == holder_shares(view, card, worlds=400, seed=9)
    assert a[view.seat] == 0.0 and 0.7 < sum(a.values()) < 1.0
    with pytest.raises(TutorError, match="REC-2"):
        holder_shares(view, card, worlds=0)

