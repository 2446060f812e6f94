"""Crazy Solo's PIMC bot (``tutor/games/crazy_solo/pimc.py`` through ``tutor/bots/pimc.py``) and
its duplicate arena: always legal, a one-line reason for every action, the same choices from the
same seed, and built from views only — two deals that look the same from a seat, the secret
partner in different hands, get the same move. No test here asserts that one bot beats another:
that is ``make arena-crazy``'s job (docs/crazy-solo-bots.md)."""

from __future__ import annotations

import random

import pytest

from tutor.bots import make_bot
from tutor.bots.arena import ARRANGEMENTS, duplicate_deal, seatings
from tutor.bots.pimc import PimcBot
from tutor.games.crazy_solo import pimc as cs_pimc
from tutor.games.crazy_solo.rules import CrazySolo, CrazySoloState, CrazySoloView
from tutor.games.tapp import CALL_BASE, CALLCARD_BASE, DONE, PASS, PLAY, TRUMP_BASE
from tutor.solver import endgame

SMALL = {"worlds": 4, "max_worlds": 4, "bid_samples": 4}  # quick bots: mechanics, not strength


def _bot(seed: int) -> PimcBot:
    return PimcBot(seed, **SMALL)  # type: ignore[arg-type]


def play_deal(players: int, seed: int, blind: bool = False) -> tuple[CrazySoloState,
                                                                      list[tuple[int, int, str]]]:
    """A deal played to the end by quick PIMC bots in every seat, each seeing only its view;
    every action through the checked ``apply``."""
    state = CrazySolo({"players": players}).new_deal(random.Random(seed), dealer=seed % players,
                                                     blind=blind)
    bots = [_bot(seed * 100 + s) for s in range(players)]
    log = []
    while state.phase != DONE:
        seat = state.to_move
        assert seat is not None
        action, reason = bots[seat].act(state.view(seat))
        state.apply(action)
        log.append((seat, action, reason))
    return state, log


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (5, 2), (8, 3), (12, 4)])
def test_always_legal_with_a_one_line_reason(players: int, seed: int) -> None:
    state, log = play_deal(players, seed)
    assert sum(state.chips()) == 0
    assert all(reason and "\n" not in reason for _, _, reason in log)
    if state.bidder is not None:  # the sampled moves say how they weighed the cards
        plays = [r for _, a, r in log if a < 36 and "only legal" not in r]
        assert any("sampled deals searched exactly" in r for r in plays)
    calls = [r for s, a, r in log if CALL_BASE <= a < CALLCARD_BASE + 36 and "only" not in r]
    assert all("sampl" in r for r in calls)  # the call says what the sampling found


def test_a_blind_deal_and_three_players() -> None:
    """CS-14: the leader of a blind deal holding a heart is under at once and calls a card;
    CS-5: three players only go alone."""
    under = 0
    for seed in range(4):
        state, log = play_deal(4, seed, blind=True)
        assert state.phase == DONE and sum(state.chips()) == 0
        if state.blind_under:
            under += 1
            seat, action, reason = log[0]
            assert seat == state.active[0] and action >= CALLCARD_BASE and "sampl" in reason
    assert under
    state, log = play_deal(3, 9)
    assert state.phase == DONE and state.contract_id in (None, "alone", "alone-in-hearts")


def test_the_same_seed_makes_the_same_choices() -> None:
    _, first = play_deal(4, 7)
    _, again = play_deal(4, 7)
    assert first == again


def _same_view_other_partner(seed: int) -> tuple[CrazySoloState, CrazySoloState, int]:
    """Two deals in the play that look the same from one seat: two other seats' unplayed cards
    of one suit exchanged, the called card among them — so the secret partner differs."""
    rng = random.Random(seed)
    game = CrazySolo({"players": 5})
    while True:
        s = game.new_deal(rng, dealer=rng.randrange(5))
        s.apply(CALL_BASE + 1)  # solo
        while s.phase == "auction":
            s.apply(PASS)
        s.apply(TRUMP_BASE + 0)
        bidder = s.bidder
        assert bidder is not None
        others = [c for c in range(36) if s.deck >> c & 1 and not s.hands[bidder] >> c & 1]
        s.apply(CALLCARD_BASE + rng.choice(others))
        for _ in range(rng.randrange(2, 9)):
            s.apply(rng.choice(s.legal_actions()))
        if s.phase != PLAY or not s.hands[s.partner or 0] >> s.called & 1:
            continue  # the called card is played: the partner is no secret any more
        seat = s.to_move
        assert seat is not None and s.partner is not None
        if seat == s.partner:
            continue
        suit = s.called // 9
        holder = s.partner
        swap = [(q, c) for q in s.active if q not in (seat, holder)
                for c in range(9 * suit, 9 * suit + 9) if s.hands[q] >> c & 1]
        if not swap:
            continue
        q, c = rng.choice(swap)
        dealt = list(s.dealt)
        for x, y in ((holder, q), (q, holder)):
            give = s.called if x == holder else c
            dealt[x] &= ~(1 << give)
            dealt[y] |= 1 << give
        t = CrazySoloState(game, s.dealer, dealt, 0)
        for a in s.history():
            t.apply(a)
        assert t.partner == q != s.partner
        return s, t, seat


@pytest.mark.parametrize("seed", range(3))
def test_built_from_views_only(seed: int) -> None:
    """The partner in another hand, the same view: the same card and the same reason (CS-9)."""
    s, t, seat = _same_view_other_partner(seed)
    assert s.view(seat) == t.view(seat)
    assert _bot(seed).act(s.view(seat)) == _bot(seed).act(t.view(seat))


def test_the_partner_plays_for_the_bidder() -> None:
    """The bot's side: the bidder, and the called card's holder who knows it from its hand
    (CS-9); every other seat is the gang."""
    s, _, _ = _same_view_other_partner(5)
    assert s.partner is not None and s.bidder is not None
    for q in s.active:
        view = s.view(q)
        assert isinstance(view, CrazySoloView)
        assert cs_pimc.PIMC.bidders_side(view) == (q in (s.bidder, s.partner))


def test_chips_for_settles_like_the_engine() -> None:
    """CS-11, CS-12: the chips of the soloists' final points are the engine's chips."""
    for seed in range(12):
        players = 4 + seed % 6
        state, _ = play_random(players, seed)
        if state.bidder is None:
            continue
        p = state.bidder_points()
        assert [cs_pimc.chips_for(state, q, p) for q in range(players)] == state.chips()


def play_random(players: int, seed: int) -> tuple[CrazySoloState, random.Random]:
    rng = random.Random(seed)
    state = CrazySolo({"players": players}).new_deal(rng, dealer=rng.randrange(players))
    while state.phase != DONE:
        state.apply(rng.choice(state.legal_actions()))
    return state, rng


def test_card_values_search_exactly_at_the_end_and_play_out_before() -> None:
    rng = random.Random(3)
    for players in (4, 8, 12):
        state = CrazySolo({"players": players}).new_deal(rng)
        state.apply(CALL_BASE + 2)  # solo in hearts
        while state.phase == "auction":
            state.apply(PASS)
        state.apply(CALLCARD_BASE + 0)  # A♣
        early = cs_pimc.card_values(state, salt=1)
        assert early == cs_pimc.card_values(state, salt=1)  # seeded playouts
        assert set(early) == set(state.legal_actions())
        assert all(0 <= v <= 120 for v in early.values())
        while not cs_pimc.exact_now(sum(h.bit_count() for h in state.hands), players):
            state.apply(rng.choice(state.legal_actions()))
        assert cs_pimc.card_values(state, salt=1) == endgame.analyse(state, state.soloists)


def test_plans_and_called_card_shortlist() -> None:
    state = CrazySolo({"players": 8}).new_deal(random.Random(4))
    view = state.view(state.to_move or 0)
    hand = sum(1 << c for c in range(36) if state.hands[view.seat] >> c & 1)
    plans = cs_pimc.plans_for(view, hand)
    assert {p.contract for p in plans} == {1, 2, 3, 4}
    assert {p.trump for p in plans if p.contract in (1, 3)} == {0, 1, 3}  # CS-7: no ♥
    for p in plans:
        if p.contract in (1, 2):
            assert state.deck >> p.call & 1  # CS-2: a card of this deal's deck
        else:
            assert p.call == -1
    own = [p for p in plans if p.contract == 2 and state.hands[view.seat] >> p.call & 1]
    assert len(own) == 1  # one way to play secretly alone (CS-8)


# --- the arena ------------------------------------------------------------------------------------
def test_seatings_hold_each_seat_by_each_kind_half_the_time() -> None:
    assert seatings(3) == ARRANGEMENTS
    assert len(seatings(4)) == 14
    for n in (4, 5, 8, 12):
        found = seatings(n)
        assert len(set(found)) == len(found)
        for i in range(n):
            assert 2 * sum(s[i] == "A" for s in found) == len(found)
        assert all({"A", "B"} == set(s) for s in found)


def test_the_arena_plays_crazy_solo_zero_sum() -> None:
    """A bot against itself scores zero; the kinds swapped score exactly minus (CS-12)."""
    r = duplicate_deal("rule", "random", 2, seed=5, options={"players": 5}, game="crazy-solo")
    swapped = duplicate_deal("random", "rule", 2, seed=5, options={"players": 5},
                             game="crazy-solo")
    flip = {a: seatings(5).index(tuple("B" if x == "A" else "A" for x in a))
            for a in seatings(5)}
    for k, a in enumerate(seatings(5)):
        assert swapped.chips_a[flip[a]] == -r.chips_a[k]
    assert duplicate_deal("random", "random", 1, seed=5, options={"players": 4},
                          game="crazy-solo").score == 0
    assert make_bot("pimc", 1).name == "pimc"
