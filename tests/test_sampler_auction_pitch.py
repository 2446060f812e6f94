"""Auction Pitch's worlds (tutor/games/auction_pitch/sampling.py over the shared sampler): the
other hands and the cards never dealt, consistent with one seat's view.

- every world replays the real history through the checked ``apply`` and shows the seat the
  very view it was drawn from, at 3..7 players under every play option (hypothesis);
- the voids are PI-8's exactly: a card off the led suit shows a void only when it was no
  choice (a trump lead, a card that is not a trump, or ``strict_follow``) — checked case by case
  and against the real hands, which never break a void the sampler reads;
- the worlds are exactly the consistent ones and uniformly drawn: counted and drawn against a
  brute-force enumeration whose only judge is the rules engine; the hand-by-hand count agrees
  with the shared suit-by-suit counts (:class:`PerSlot`, :class:`Grouped`);
- the same seed gives the same worlds; a view no world fits is a typed error naming the rule.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.cards import DECK_52
from tutor.engine.placement import Compositions, Grouped, PerSlot
from tutor.engine.sampler import UNDEALT
from tutor.errors import IllegalActionError, TutorError
from tutor.games.auction_pitch import sampling
from tutor.games.auction_pitch.rules import (
    BID_BASE,
    CARD_INDEX,
    PASS,
    PLAY,
    SUIT_MASK,
    AuctionPitch,
    PitchState,
    mask_cards,
)
from tutor.games.auction_pitch.sampling import (
    PitchSampler,
    history_of,
    play_shown,
    sample_worlds,
    void_shown,
)

C, S, H, D = range(4)  # the suits in DECK_52's order


def card(text: str) -> int:
    return CARD_INDEX[DECK_52.parse(text)]


def play(options: dict[str, object], seed: int, steps: int) -> PitchState:
    """A seeded deal played ``steps`` random legal actions from the deal (calls included)."""
    rng = random.Random(seed)
    game = AuctionPitch(options)
    state = game.new_deal(rng, dealer=seed % game.players)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


OPTIONS = st.fixed_dictionaries({
    "players": st.integers(3, 7),
    "strict_follow": st.booleans(),
    "all_pass": st.sampled_from(["dealer_forced_2", "redeal_same_dealer",
                                 "eldest_pitches_free"]),
    "low_point": st.sampled_from(["captured", "dealt_holder"]),
})


@pytest.mark.rule("PI-3", "PI-8")
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 10**6), steps=st.integers(0, 49))
def test_every_world_shows_the_seat_its_view(options: dict[str, object], seed: int,
                                             steps: int) -> None:
    state = play(options, seed, steps)
    n = state.n
    for seat in range(n):
        view = state.view(seat)
        assert list(history_of(view).actions) == state.history()
        sampler = PitchSampler(view)
        assert sampler.count() > 0
        assert sampler.slots == (*(s for s in range(n) if s != seat), UNDEALT)
        # the real deal is a world: its hands keep every void the sampler reads
        shown = play_shown(view)
        for s in range(n):
            for suit in range(4):
                if shown.voids[s] >> suit & 1:
                    assert not state.hands[s] & SUIT_MASK[suit]
        for world in sampler.worlds(2, seed):
            assert world.view(seat) == view
            assert world.history() == state.history()
            dealt = 0
            for h in world.dealt:
                assert h.bit_count() == 6  # PI-3
                assert not dealt & h
                dealt |= h
            assert world.dealt[seat] == state.dealt[seat]


# --- PI-8: what a card off the led suit shows ----------------------------------------------------
@pytest.mark.rule("PI-8")
def test_a_void_is_shown_only_when_the_card_was_no_choice() -> None:
    trump = C
    # follow suit: nothing
    assert not void_shown(S, card("2S"), trump, False)
    # a trump on a plain-suit lead: allowed while able to follow, so nothing...
    assert not void_shown(S, card("2C"), trump, False)
    # ...unless strict_follow, where following is a must whenever able
    assert void_shown(S, card("2C"), trump, True)
    # a card neither of the led suit nor trump: could not follow
    assert void_shown(S, card("AH"), trump, False)
    assert void_shown(S, card("AH"), trump, True)
    # trump led: following means a trump, so any other card shows no trump left
    assert void_shown(C, card("AH"), trump, False)
    assert void_shown(C, card("AH"), trump, True)
    assert not void_shown(C, card("3C"), trump, False)


def _deal(hands: list[str], options: dict[str, object] | None = None) -> PitchState:
    game = AuctionPitch({"players": 3, **(options or {})})
    return game.deal(2, [[DECK_52.parse(t) for t in h.split()] for h in hands])


@pytest.mark.rule("PI-8")
@pytest.mark.parametrize("strict", [False, True])
def test_trumping_while_able_to_follow_shows_no_void(strict: bool) -> None:
    """Clubs trump; the second trick is led K♠: seat 1 trumps with 2♣ — legal while holding
    5♠ without strict_follow (PI-8), so its spades stay possible in the worlds; under
    strict_follow the trump shows it has no spade. Seat 2 plays A♥, neither a spade nor a
    trump: it holds no spade either way."""
    if strict:  # under strict_follow seat 1 may not trump while holding a spade: it has none
        state = _deal(["AC KS 4D 6D 7D 8D", "3C 2C 9H 9D TD JD", "2H AH 7C 8C QD KD"],
                      {"strict_follow": True})
    else:
        state = _deal(["AC KS 4D 6D 7D 8D", "3C 2C 5S 9H 9D TD", "2H AH 7C 8C QD KD"])
    state.apply(BID_BASE + 2)  # seat 0, the eldest, bids 2; seat 1 and the dealer pass
    state.apply(PASS)
    state.apply(PASS)
    for t in ("AC", "3C", "7C"):  # trick 1: clubs are trump (PI-7)
        state.apply(card(t))
    state.apply(card("KS"))  # seat 0 won it and leads K♠
    state.apply(card("2C"))  # seat 1 trumps
    state.apply(card("AH"))  # seat 2: neither a spade nor a trump
    view = state.view(0)
    shown = play_shown(view)
    assert shown.voids[2] == 1 << S  # no spade left
    assert shown.voids[1] == ((1 << S) if strict else 0)
    sampler = PitchSampler(view)
    holds: Counter[bool] = Counter()
    for world in sampler.worlds(300, 5):
        assert not world.hands[2] & SUIT_MASK[S]
        holds[bool(world.hands[1] & SUIT_MASK[S])] += 1
    if strict:
        assert holds[True] == 0
    else:  # it may still hold a spade (it does: 5♠)
        assert holds[True] > 0 and state.hands[1] & SUIT_MASK[S]


@pytest.mark.rule("PI-7", "PI-8")
def test_the_first_trick_is_followed_in_trumps() -> None:
    """The first card led names trump, so a card of another suit in the first trick shows the
    player holds no trump, with or without strict_follow."""
    state = _deal(["AC KS 4D 6D 7D 8D", "3S 5S 9H 9D TD JD", "2H AH 7C 8C QD KD"])
    state.apply(BID_BASE + 2)
    state.apply(PASS)
    state.apply(PASS)
    state.apply(card("AC"))
    state.apply(card("9H"))  # seat 1 holds no club
    view = state.view(2)
    assert play_shown(view).voids[1] == 1 << C
    for world in PitchSampler(view).worlds(200, 1):
        assert not world.hands[1] & SUIT_MASK[C]


# --- exactness against brute force ---------------------------------------------------------------
def _consistent(state: PitchState, seat: int, holding: dict[int, int]) -> bool:
    """The rules engine's verdict: the deal with the other seats holding ``holding`` now (and
    what each played), replayed through the checked ``apply``, shows the seat its view."""
    shown = play_shown(state.view(seat))
    hands = [state.dealt[s] if s == seat else holding.get(s, 0) | shown.played[s]
             for s in range(state.n)]
    world = PitchState(state.game, state.dealer, hands)
    try:
        for a in state.history():
            world.apply(a)
    except IllegalActionError:
        return False
    return world.view(seat) == state.view(seat)


def _late_position(options: dict[str, object], cards_left: int) -> tuple[PitchState, int]:
    """A seeded random hand in its last trick, the seat to move with ``cards_left`` other seats
    still to play to it, one of which has shown a void (so PI-8 bites)."""
    game = AuctionPitch(options)
    for seed in range(2000):
        rng = random.Random(seed)
        state = game.new_deal(rng, dealer=seed % game.players)
        while not state.is_terminal() and not (
                state.phase == PLAY and len(state.tricks) == 5
                and len(state.trick) == state.n - cards_left - 1):
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        seat = state.to_move
        assert seat is not None
        voids = play_shown(state.view(seat)).voids
        if any(voids[s] for s in range(state.n) if s != seat and state.hands[s]):
            return state, seat
    raise AssertionError("no suitable position")


@pytest.mark.rule("PI-3", "PI-8")
@pytest.mark.parametrize("options,cards_left", [({"players": 3}, 2),
                                                ({"players": 4, "strict_follow": True}, 2),
                                                ({"players": 5}, 2)])
def test_worlds_are_exactly_the_consistent_ones_and_uniform(options: dict[str, object],
                                                            cards_left: int) -> None:
    state, seat = _late_position(options, cards_left)
    sampler = PitchSampler(state.view(seat))
    unseen = mask_cards(sampler.unseen)
    holders = [s for s in range(state.n) if s != seat and state.hands[s]]
    assert len(holders) == cards_left
    candidates = []
    for picks in itertools.permutations(unseen, len(holders)):
        holding = {s: 1 << c for s, c in zip(holders, picks, strict=True)}
        if _consistent(state, seat, holding):
            candidates.append(tuple(holding[s] for s in holders))
    total = math.perm(len(unseen), len(holders))
    assert len(candidates) == sampler.count() < total  # the voids ruled some out
    n = 20 * len(candidates)
    rng = random.Random(2026)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(n):
        held = sampler.sample_held(rng)
        counts[tuple(held[s] for s in holders)] += 1
        assert held[UNDEALT].bit_count() == 52 - 6 * state.n
    assert set(counts) <= set(candidates)
    expected = n / len(candidates)
    chi2 = sum((counts.get(w, 0) - expected) ** 2 / expected for w in candidates)
    k = len(candidates) - 1
    limit = k * (1 - 2 / (9 * k) + 3.09 * math.sqrt(2 / (9 * k))) ** 3  # 99.9% (Wilson–Hilferty)
    assert chi2 < limit, (chi2, limit, k)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS.filter(lambda o: o["players"] <= 4), seed=st.integers(0, 10**6),
       steps=st.integers(4, 40))
def test_the_hand_by_hand_count_agrees_with_the_suit_by_suit_counts(
        options: dict[str, object], seed: int, steps: int) -> None:
    """Compositions (Pitch's placement) counts the same worlds as the shared placements that
    split suit by suit, and draws only placements they count."""
    state = play(options, seed, steps)
    seat = seed % state.n
    sampler = PitchSampler(state.view(seat))
    assert isinstance(sampler.placement, Compositions)
    args = (sampler.caps, sampler.by_suit, sampler.allowed, sampler.least)
    assert PerSlot(*args).count() == sampler.count() == Grouped(*args).count()
    rng = random.Random(seed)
    for _ in range(5):
        placed = sampler.placement.draw(rng)
        for i, m in enumerate(placed):
            assert m.bit_count() == sampler.caps[i]
            for suit in range(4):
                if m & SUIT_MASK[suit]:
                    assert sampler.allowed[suit][i]


@pytest.mark.parametrize("players,seed", [(6, 1), (6, 2), (7, 1), (7, 2)])
def test_the_counts_agree_at_large_tables(players: int, seed: int) -> None:
    """After four tricks, with voids shown at several seats: the same count by kinds of slot."""
    rng = random.Random(seed)
    state = AuctionPitch({"players": players}).new_deal(rng)
    while state.phase != PLAY:
        state.apply(rng.choice(state.legal_actions()))
    for _ in range(4 * players):
        state.apply(rng.choice(state.legal_actions()))
    sampler = PitchSampler(state.view(seed % players))
    assert len(sampler.placement.restricted) >= 2  # type: ignore[attr-defined]
    args = (sampler.caps, sampler.by_suit, sampler.allowed, sampler.least)
    assert Grouped(*args).count() == sampler.count()


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_compositions_count_and_draw_like_the_suit_by_suit_placement(data: st.DataObject
                                                                     ) -> None:
    """The hand-by-hand placement on made-up facts (voids, suits that must be held, a free
    pile or none): the same count as PerSlot, and every placement it draws is one of them."""
    groups = data.draw(st.lists(st.integers(0, 4), min_size=1, max_size=4))
    slots = data.draw(st.integers(1, 3))
    total = sum(groups)
    cuts = sorted(data.draw(st.lists(st.integers(0, total), min_size=slots - 1,
                                     max_size=slots - 1)))
    caps = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    allowed = [[data.draw(st.booleans()) or i == 0 for i in range(slots)] for _ in groups]
    least = [[data.draw(st.integers(0, 4)) == 0 for _ in range(slots)] for _ in groups]
    by_suit, at = [], 0
    for k in groups:
        by_suit.append(list(range(at, at + k)))
        at += k
    mine = Compositions(caps, by_suit, allowed, least)
    assert mine.count() == PerSlot(caps, by_suit, allowed, least).count()
    if mine.count():
        placed = mine.draw(random.Random(data.draw(st.integers(0, 99))))
        assert [m.bit_count() for m in placed] == caps
        for g, cards in enumerate(by_suit):
            suit = sum(1 << c for c in cards)
            for i, m in enumerate(placed):
                assert allowed[g][i] or not m & suit
                assert not least[g][i] or m & suit


def test_the_same_seed_gives_the_same_worlds() -> None:
    state = play({"players": 6}, 8, 20)
    view = state.view(3)
    a = [w.dealt for w in sample_worlds(view, 5, 11)]
    assert a == [w.dealt for w in sample_worlds(view, 5, 11)]
    assert a != [w.dealt for w in sample_worlds(view, 5, 12)]


def test_before_any_void_a_world_is_one_shuffle() -> None:
    """No void shown: every other hand and the undealt pile take the unseen cards as one
    uniform shuffle, so each unseen card is in a given hand with chance (its size) / (unseen)."""
    state = play({"players": 4}, 3, 4)  # the auction and the first lead
    view = state.view(2)
    sampler = PitchSampler(view)
    assert sampler.placement.restricted == []  # type: ignore[attr-defined]
    unseen = sampler.unseen.bit_count()
    assert sampler.count() == math.factorial(unseen) // math.prod(
        math.factorial(c) for c in sampler.caps)


# --- views no world fits -------------------------------------------------------------------------
def test_a_view_no_world_fits_is_a_typed_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hand sizes that do not add up are PI-3; voids no placement keeps are PI-8 — refused,
    never answered with a world that ignores them."""
    state = play({"players": 7}, 4, 30)
    view = state.view(0)
    sizes = list(view.hand_sizes)
    sizes[1] += 1
    with pytest.raises(TutorError, match="PI-3"):
        PitchSampler(replace(view, hand_sizes=tuple(sizes)))

    real = sampling.play_shown

    def every_void(v: object) -> sampling.PlayShown:
        shown = real(v)  # type: ignore[arg-type]
        return replace(shown, voids=tuple(0b1111 if s == 1 else m
                                          for s, m in enumerate(shown.voids)))

    monkeypatch.setattr(sampling, "play_shown", every_void)
    assert view.hand_sizes[1] > 0
    with pytest.raises(IllegalActionError, match="PI-8"):
        PitchSampler(view)
