"""Auction Pitch's bots: the random bot, the rule bot (tutor/games/auction_pitch/bots.py, its
count in hand.py) and the Monte-Carlo bot (pimc.py, the paranoid endgame in solver.py), and the
arena's field of B for a general-sum game.

Mechanics only: legal actions through the checked ``apply`` over many seeded deals at 3..7
players under the play options, a reason for every action, the same seed giving the same play,
views only (a spy, and the twin test: a world with other hidden cards but the same view gets
the same action and reason). No test asserts that one bot beats another: that is
``make arena-pitch``'s job, over enough deals (docs/auction-pitch-bots.md).
"""

from __future__ import annotations

import math
import random
import re
from typing import Any

import pytest

from tutor.bots import make_bot
from tutor.bots.arena import duplicate_deal, field_deal, play_out
from tutor.bots.base import Bot
from tutor.cards import DECK_52
from tutor.errors import IllegalActionError, TutorError
from tutor.games.auction_pitch.bots import RULES, cost
from tutor.games.auction_pitch.hand import (
    GAME_BY_TRUMPS,
    best_trump,
    estimate,
    low_kept,
    none_dealt,
)
from tutor.games.auction_pitch.pimc import PitchMonteCarlo, bid_values, card_values
from tutor.games.auction_pitch.rules import (
    AUCTION,
    BID_BASE,
    CARD_INDEX,
    DONE,
    PASS,
    PLAY,
    AuctionPitch,
    PitchState,
    PitchView,
    mask_cards,
)
from tutor.games.auction_pitch.sampling import PitchSampler
from tutor.games.auction_pitch.solver import paranoid_values
from tutor.play.levels import levels
from tutor.state import Action

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"strict_follow": True, "low_point": "dealt_holder"},
    {"all_pass": "eldest_pitches_free", "min_bid": 2, "dealer_steal": "none"},
    {"all_pass": "redeal_same_dealer", "dealer_steal": "including_4"},
]


def card(text: str) -> int:
    return CARD_INDEX[DECK_52.parse(text)]


class Spy:
    """Wraps a bot: records every view it is given and checks it is a view of its own turn."""

    def __init__(self, inner: Bot, seat: int, seen: list[PitchView]) -> None:
        self.inner = inner
        self.seat = seat
        self.seen = seen
        self.name = inner.name

    def act(self, view: PitchView) -> tuple[Action, str]:
        assert type(view) is PitchView  # never the state
        assert view.seat == self.seat and view.to_move == self.seat
        self.seen.append(view)
        return self.inner.act(view)


class Seeded:
    """A bot around the Monte-Carlo choices with few worlds (the test's budget), seeded like
    the PIMC bot: its own stream of seeds."""

    name = "pimc"

    def __init__(self, seed: int, worlds: int = 3) -> None:
        self.rng = random.Random(seed)
        self.choices = PitchMonteCarlo(play_worlds=worlds, bid_worlds=worlds)

    def seed(self) -> int:
        return self.rng.getrandbits(62)

    def act(self, view: PitchView) -> tuple[Action, str]:
        return self.choices.act(self, view)


def _play(state: PitchState, bots: dict[int, Any]) -> list[str]:
    reasons: list[str] = []
    play_out(state, bots, lambda seat, action, why: reasons.append(why))  # checked apply
    return reasons


# --- legal, with reasons, from views only -----------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("kind", ["random", "rule"])
def test_bots_play_legal_actions_from_views_only(kind: str, players: int) -> None:
    for d in range(24):
        options = {**OPTION_SETS[d % len(OPTION_SETS)], "players": players}
        state = AuctionPitch(options).new_deal(d, dealer=d % players)
        seen: list[PitchView] = []
        bots = {s: Spy(make_bot(kind, d * 10 + s), s, seen) for s in range(players)}
        reasons = _play(state, bots)
        assert state.is_terminal()
        assert len(seen) == len(state.history()) == len(reasons)
        assert all(isinstance(r, str) and r for r in reasons)


@pytest.mark.parametrize("players", [3, 5, 7])
def test_the_monte_carlo_bot_plays_legal_actions_with_reasons(players: int) -> None:
    for d in range(2):
        options = {**OPTION_SETS[(d + players) % len(OPTION_SETS)], "players": players}
        state = AuctionPitch(options).new_deal(100 + d, dealer=d % players)
        seen: list[PitchView] = []
        bots = {s: Spy(Seeded(d * 10 + s), s, seen) for s in range(players)}  # type: ignore[arg-type]
        reasons = _play(state, bots)
        assert state.is_terminal() and len(seen) == len(reasons)
        for r in reasons:
            assert "averages" in r or "the only legal action" in r, r


def test_the_registry_finds_every_level() -> None:
    """The table and the arena find Pitch's bots as the other games' (the bots' files in the
    game's folder), and the shared bots hand Pitch's turns to them."""
    assert levels("auction-pitch") == ("random", "rule", "pimc")
    rng = random.Random(5)
    state = AuctionPitch({"players": 3}).new_deal(rng)
    while state.phase != PLAY or len(state.tricks) < 4:  # a late move: few playouts
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(state.to_move)  # type: ignore[arg-type]
    assert make_bot("rule", 1).act(view) == RULES.act(None, view)
    action, why = make_bot("pimc", 1).act(view)
    assert action in view.legal and ("sampled deals" in why or "only legal" in why)


def test_a_bot_out_of_turn_is_refused() -> None:
    state = AuctionPitch().new_deal(1)
    other = (state.to_move + 1) % 4  # type: ignore[operator]
    for kind in ("random", "rule", "pimc"):
        with pytest.raises(IllegalActionError, match="PI-4"):
            make_bot(kind, 1).act(state.view(other))


# --- the same seed, the same play; the view only ---------------------------------------------
@pytest.mark.parametrize("kind", ["random", "rule", "seeded"])
def test_the_same_seed_gives_the_same_play(kind: str) -> None:
    def run(seed: int) -> list[int]:
        state = AuctionPitch({"players": 4}).new_deal(9, dealer=1)
        bots = {s: (Seeded(seed + s) if kind == "seeded" else make_bot(kind, seed + s))
                for s in range(4)}
        play_out(state, bots)  # type: ignore[arg-type]
        return state.history()

    assert run(1) == run(1)
    if kind != "rule":  # the rule bot is deterministic whatever its seed
        assert any(run(1) != run(s) for s in (2, 3, 4))


@pytest.mark.parametrize("players", [3, 6])
def test_twin_views_get_the_same_choice(players: int) -> None:
    """The twin test: a world drawn from a seat's view holds other hidden cards (other hands,
    other undealt cards) but shows the seat the same view — every bot, seeded alike, must then
    choose the same action for the same reason. A bot reading anything but the view fails."""
    rng = random.Random(players)
    for d in range(4):
        state = AuctionPitch({"players": players}).new_deal(rng, dealer=d % players)
        for _ in range(rng.randrange(0, 5 * players)):
            state.apply(rng.choice(state.legal_actions()))
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        twins = [w for w in PitchSampler(view).worlds(8, d) if w.dealt != state.dealt]
        assert twins  # the hidden cards differ
        twin = twins[0]
        assert twin.view(seat) == view
        for make in (lambda: make_bot("random", 7), lambda: make_bot("rule", 7),
                     lambda: make_bot("pimc", 7), lambda: Seeded(7, worlds=2)):
            assert make().act(view) == make().act(twin.view(seat))


# --- the rule bot's count and reasons ------------------------------------------------------------
def test_only_six_cards_a_player_are_dealt() -> None:
    """A card I do not hold is dealt to another player with chance 6(n − 1)/46 (PI-3)."""
    assert none_dealt(1, 3) == pytest.approx(1 - 12 / 46)
    assert none_dealt(1, 7) == pytest.approx(1 - 36 / 46)
    assert none_dealt(2, 4) == pytest.approx(math.comb(44, 18) / math.comb(46, 18))
    assert none_dealt(0, 5) == 1.0
    assert none_dealt(40, 7) == 0.0  # more cards than can stay undealt: some is dealt


def _hand(texts: str) -> int:
    return sum(1 << card(t) for t in texts.split())


def test_the_count_of_likely_points() -> None:
    """High, Low, Jack and Game as chances: the ace is High for sure, the king only when the
    ace is not dealt; the trump jack not held is in play only sometimes."""
    sure = estimate(_hand("AS JS 2S 9H 8D 7C"), 1, 4)
    assert sure.high == 1.0 and sure.holds_jack
    assert sure.low == pytest.approx(low_kept(3, True, 4))  # a higher trump may take it
    assert sure.low < 1
    assert low_kept(2, False, 4) < low_kept(3, False, 4) and low_kept(3, True, 7) < sure.low
    assert sure.game == pytest.approx(GAME_BY_TRUMPS[3] - 0.03)  # three trumps, 4 players
    held = estimate(_hand("AS JS 2S 9H 8D 7C"), 1, 4, "dealt_holder")
    assert held.low == 1.0  # dealt_holder: the 2 is Low's wherever it falls
    king = estimate(_hand("KS 9S 5H 8H 8D 7C"), 1, 4)
    assert king.high == pytest.approx(none_dealt(1, 4))
    assert not king.holds_jack and king.jack < 0.2
    assert "J♠" in king.parts() and "High" in king.parts()
    assert best_trump(_hand("AS JS 2S 9H 8D 7C"), 4).trump == 1


def _auction_view(hands: list[str], calls: list[Action], options: dict[str, Any] | None = None
                  ) -> PitchView:
    game = AuctionPitch({"players": 3, **(options or {})})
    state = game.deal(2, [[DECK_52.parse(t) for t in h.split()] for h in hands])
    for a in calls:
        state.apply(a)
    seat = state.to_move
    assert seat is not None and state.phase == AUCTION
    return state.view(seat)


STRONG = "AS KS JS TS 2S 9H"  # High, Low (2♠ is the lowest), Jack and likely Game
WEAK = "8C 7D 6H 5S 9C 8D"  # counts about half a point
MIDDLE = "AH 7H 2H 6C 5D 4S"


@pytest.mark.rule("PI-4b")
def test_the_rule_bot_calls_by_its_count() -> None:
    # the eldest (seat 0, dealer 2) with a strong hand bids 3: it counts 3.5 points
    view = _auction_view([STRONG, WEAK, MIDDLE], [])
    action, why = RULES.act(None, view)
    assert action == BID_BASE + 3 and why.startswith("bid 3:") and "J♠ held" in why
    assert "about 3.5 points" in why
    # the top four trumps, the 2 counted Low wherever it falls (dealt_holder): 4
    view = _auction_view(["AS KS QS JS TS 2S", WEAK, MIDDLE], [], {"low_point": "dealt_holder"})
    assert RULES.act(None, view)[0] == BID_BASE + 4
    # a weak hand passes, saying what it counts and what it lacks
    view = _auction_view([WEAK, STRONG, MIDDLE], [])
    action, why = RULES.act(None, view)
    assert action == PASS and why.startswith("pass:") and "count about" in why
    # the dealer steals at the highest bid when its count reaches it (PI-4b)
    view = _auction_view([WEAK, STRONG, MIDDLE], [PASS, BID_BASE + 1])
    action, why = RULES.act(None, view)
    assert action == BID_BASE + 1 and why.startswith("steal at 1")
    # everyone passed: the dealer must bid, and bids the least (dealer_forced_2)
    view = _auction_view([WEAK, "6C 7S 8S 9H 5C 6S", "7C 6D 5H 2S TH 4D"], [PASS, PASS])
    action, why = RULES.act(None, view)
    assert action == BID_BASE + 2 and "must bid" in why


@pytest.mark.rule("PI-10")
def test_a_four_without_the_trump_jack_is_called_a_gamble() -> None:
    """Without the trump jack a strong hand stops short of 4 and the reason says why: the jack
    is dealt to another player only 26% of the time at 3 players — and a 4 needs it in play."""
    view = _auction_view(["AS KS QS TS 2S AD", WEAK, MIDDLE], [])
    action, why = RULES.act(None, view)
    assert action == BID_BASE + 2
    assert "not 4: without J♠ a 4 is a gamble" in why and "26%" in why


@pytest.mark.rule("PI-7", "PI-8")
def test_the_rule_bot_names_trump_and_trumps_while_able_to_follow() -> None:
    game = AuctionPitch({"players": 3})
    state = game.deal(2, [[DECK_52.parse(t) for t in h.split()] for h in
                          ["AS KS JS 2S 9H 3D", "TD 4S 5S 9D 6C 7C", "QD 4D 3H 4H 5H 6H"]])
    for a in (BID_BASE + 3, PASS, PASS):
        state.apply(a)
    action, why = RULES.act(None, state.view(0))
    assert action == card("AS") and "names ♠ trump (PI-7)" in why
    for t in ("AS", "4S", "3H"):  # seat 2 has no spade
        state.apply(card(t))
    state.apply(card("3D"))  # seat 0 leads 3♦
    state.apply(card("TD"))  # seat 1 puts the 10♦ on it
    action, why = RULES.act(None, state.view(2))
    assert action == card("QD") and "10 game points" in why  # it follows and wins the 10
    # holding a low diamond and a trump, seat 2 may trump though able to follow (PI-8)
    state = game.deal(2, [[DECK_52.parse(t) for t in h.split()] for h in
                          ["AS KS JS 2S 9H 3D", "TD 4S 5S 9D 6C 7C", "2D 6S 7S 3H 4H 5H"]])
    for a in (BID_BASE + 3, PASS, PASS):
        state.apply(a)
    for t in ("AS", "4S", "6S", "3D", "TD"):
        state.apply(card(t))
    action, why = RULES.act(None, state.view(2))
    assert action == card("7S")
    assert "a trump while able to follow ♦, PI-8" in why and "10 game points" in why


def test_every_rule_reason_names_the_card_it_plays() -> None:
    for d in range(12):
        state = AuctionPitch({"players": 3 + d % 5}).new_deal(d)
        while not state.is_terminal():
            seat = state.to_move
            assert seat is not None
            action, why = RULES.act(None, state.view(seat))
            if state.phase == PLAY:
                label = re.sub("T", "10", state.token(action)[0]) + "♣♠♥♦"["CSHD".index(
                    state.token(action)[1])]
                assert label in why, (label, why)
            state.apply(action)


def test_cheapest_keeps_the_valuable_cards() -> None:
    trump = 1  # spades
    assert cost(card("3D"), trump) < cost(card("AD"), trump) < cost(card("TD"), trump)
    assert cost(card("5S"), trump) > cost(card("3D"), trump)  # a trump wins tricks
    assert cost(card("JS"), trump) > cost(card("KS"), trump)  # the Jack point


# --- the Monte-Carlo values -------------------------------------------------------------------
def test_bid_values_are_reproducible_and_rank_a_strong_hand() -> None:
    view = _auction_view([STRONG, WEAK, MIDDLE], [])
    values = bid_values(view, worlds=12, seed=3)
    assert set(values) == set(view.legal)
    assert values == bid_values(view, worlds=12, seed=3)
    for mean, se in values.values():
        assert -4 <= mean <= 4 and 0 <= se < math.inf
    assert values[BID_BASE + 4][0] > values[PASS][0]  # the strong hand: pitching pays
    with pytest.raises(TutorError, match="REC-2"):
        bid_values(view, worlds=0)
    state = AuctionPitch({"players": 3}).new_deal(1)
    other = (state.to_move + 1) % 3  # type: ignore[operator]
    with pytest.raises(IllegalActionError, match="PI-4"):
        bid_values(state.view(other))
    with pytest.raises(IllegalActionError, match="PI-9"):
        card_values(state.view(state.to_move))  # type: ignore[arg-type]


def test_card_values_rollouts_and_the_searched_endgame() -> None:
    rng = random.Random(4)
    state = AuctionPitch({"players": 4}).new_deal(rng)
    while state.phase != PLAY or len(state.tricks) < 4 or state.trick:
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(state.to_move)  # type: ignore[arg-type]
    rolled = card_values(view, worlds=6, seed=1, endgame=0)
    searched = card_values(view, worlds=6, seed=1, endgame=2)
    assert set(rolled) == set(searched) == set(view.legal)
    # the paranoid search assumes every other seat plays against me: never above a playout
    # by the rules of thumb in the same world
    for c in view.legal:
        assert searched[c][0] <= rolled[c][0] + 1e-9


def _minimax(state: PitchState, me: int) -> int:
    """Plain paranoid minimax, no pruning: the search's reference."""
    if state.phase == DONE:
        return state.chips()[me]
    values = []
    for c in mask_cards(state.legal_mask()):
        state.apply_unchecked(c)
        values.append(_minimax(state, me))
        state.undo()
    return max(values) if state.to_move == me else min(values)


@pytest.mark.parametrize("players,seed", [(3, 1), (3, 2), (4, 5), (5, 3)])
def test_the_paranoid_search_is_exact(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = AuctionPitch({"players": players}).new_deal(rng)
    while state.phase != PLAY or len(state.tricks) < 4:
        state.apply(rng.choice(state.legal_actions()))
    me = state.to_move
    assert me is not None
    values = paranoid_values(state)
    for c, v in values.items():
        state.apply_unchecked(c)
        assert v == _minimax(state, me)
        state.undo()


def test_the_monte_carlo_call_cites_its_figures() -> None:
    view = _auction_view([STRONG, WEAK, MIDDLE], [])
    action, why = Seeded(5, worlds=8).act(view)
    assert action in view.legal
    assert re.search(r"over 8 sampled deals played out by the rules of thumb it averages "
                     r"[+-]\d\.\d\d points for me", why), why


# --- the arena's field of B ------------------------------------------------------------------
def test_a_field_of_b_compares_each_seat_with_itself() -> None:
    """A general-sum game of more than two players is played in a field of B: A's score at a
    seat less B's at the same seat; the same kind on both sides gains nothing."""
    r = duplicate_deal("rule", "random", 3, seed=1, options={"players": 5},
                       game="auction-pitch")
    assert len(r.chips_a) == 5 and len(r.bidders) == 5
    assert r == field_deal("rule", "random", 3, seed=1, options={"players": 5},
                           game="auction-pitch")
    same = field_deal("rule", "rule", 3, seed=1, options={"players": 4}, game="auction-pitch")
    assert same.chips_a == (0, 0, 0, 0)
    assert all(b in ("A", "B", "") for b in r.bidders)
