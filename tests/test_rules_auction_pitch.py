"""Auction Pitch, rule by rule (``shared/rules/auction-pitch.md``: PI-1..12, PI-4b, the options,
the "Checks"), the worked cases of ``sources.md`` §5.3, records and their REC errors, the match's
win checks, and hypothesis properties (undo, checked = unchecked, legal plays and scores
recomputed independently from the cards).

``BASE`` is the rule file's example: 3 players, dealer 2, so seat 0 is the eldest. The deals
``PI_03``, ``PI_04``, ``PI_05``, ``PI_06`` are complete hands built for the worked cases; each
trick is commented with who leads, what each seat may play and who wins.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

import pytest
import sbs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_paper_fit import PITCH, PITCH_EXAMPLE, pitch

import tutor
from tutor.cards import DECK_52, Card, Rank, Suit
from tutor.engine.record import dumps, parse, record_of, state_of
from tutor.errors import IllegalActionError, NotationError, OptionError, TutorError
from tutor.games import PLANNED, spec
from tutor.games.auction_pitch import rules as pi
from tutor.games.auction_pitch.match import PitchMatch, win_check
from tutor.games.auction_pitch.presentation import PitchPresentation
from tutor.games.auction_pitch.rules import (
    BID_BASE,
    PASS,
    AuctionPitch,
    HandOutcome,
    PitchOptions,
    PitchState,
    random_playout,
)
from tutor.state import View

BASE: dict[str, Any] = {
    "format": "tutor-record/1", "game": "auction-pitch", "options": {"players": 3}, "dealer": 2,
    "hands": [["AS", "JS", "5S", "KH", "9D", "2C"], ["TS", "3S", "QH", "8H", "AD", "4C"],
              ["KS", "7S", "2S", "TH", "6D", "QC"]],
    "calls": ["2", "pass", "2"], "play": ["KS", "AS", "3S"]}


def rec(base: dict[str, Any] | None = None, **over: Any) -> dict[str, Any]:
    """A copy of ``base`` (BASE by default) with keys replaced (``None`` removes a key)."""
    return sbs.rec(BASE if base is None else base, **over)


def pitch_state(record: dict[str, Any]) -> PitchState:
    s = state_of(record)
    assert isinstance(s, PitchState)
    return s


def err(record: Any) -> TutorError:
    with pytest.raises(TutorError) as info:
        tutor.replay(record)
    return info.value


def tokens(s: PitchState) -> list[str]:
    return [s.token(a) for a in s.legal_actions()]


def calls_state(calls: Sequence[str], options: dict[str, Any] | None = None,
                dealer: int = 3) -> PitchState:
    """A 4-player deal (the rule file's "Checks": dealer 3) after ``calls``."""
    game = AuctionPitch({"players": 4, **(options or {})})
    s = game.new_deal(7, dealer=dealer)
    for t in calls:
        s.apply(pi.parse_call(t))
    return s


def first_legal(s: PitchState) -> PitchState:
    """Play the rest of the hand, each seat playing its first legal card (checked apply)."""
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    return s


def seq(text: str) -> list[str]:
    """``"AS KS 3S"`` -> ``["AS", "KS", "3S"]``."""
    return text.split()


def deal3(hands: list[str], calls: list[str], play: list[str],
          options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A 3-player record, dealer 2 (seat 0 the eldest), hands written as one string each."""
    return rec(options={"players": 3, **(options or {})}, hands=[h.split() for h in hands],
               calls=calls, play=play)


def random_hand(seed: int, options: dict[str, Any] | None = None) -> PitchState:
    rng = random.Random(seed)
    game = AuctionPitch(options or {})
    s = game.new_deal(rng, dealer=rng.randrange(game.players))
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s


# --- complete hands for the worked cases (3 players, dealer 2, seat 0 the eldest) -------------
#: PI-04: seat 0 bids 2 and wins High, Low and Game; seat 1 wins the Jack. Spades trump.
#:   T1 s0 A♠ (trump), s1 K♠, s2 3♠ (both must follow in trumps) -> s0
#:   T2 s0 A♥, s1 3♣, s2 9♦ (both void) -> s0      T3 s0 10♥, s1 J♠ (void: trumps), s2 8♦ -> s1
#:   T4 s1 4♣, s2 7♦ (void), s0 10♣ (follows) -> s0  T5 s0 10♦, s1 5♣, s2 6♦ -> s0
#:   T6 s0 2♠, s1 6♣, s2 5♦ -> s0: game points s0 31, s1 11 (10♥ + J♠), s2 0
PI_04 = deal3(["AS 2S TC TD TH AH", "KS JS 3C 4C 5C 6C", "3S 9D 8D 7D 6D 5D"],
              ["2", "pass", "pass"],
              seq("AS KS 3S AH 3C 9D TH JS 8D 4C 7D TC TD 5C 6D 2S 6C 5D"))
#: PI-03: seat 0 bids 3 and wins High and Jack only; seat 1 captures Low (2♠, trumping a heart)
#: and wins Game with both tens.
#:   T1 s0 A♠, s1 4♠, s2 3♠ -> s0          T2 s0 9♥, s1 2♠ (void: trumps), s2 5♥ -> s1
#:   T3 s1 10♦, s2 5♦, s0 8♥ -> s1          T4 s1 10♣, s2 5♣, s0 7♥ -> s1
#:   T5 s1 K♦, s2 6♦, s0 J♠ (void: trumps) -> s0   T6 s0 6♥, s1 Q♦, s2 6♣ -> s0
#:   game points s0 10 (A♠ K♦ J♠ Q♦), s1 20, s2 0
PI_03 = deal3(["AS JS 9H 8H 7H 6H", "2S 4S TD TC KD QD", "3S 5H 5C 5D 6C 6D"],
              ["3", "pass", "pass"],
              seq("AS 4S 3S 9H 2S 5H TD 5D 8H TC 5C 7H KD 6D JS 6H QD 6C"))
#: PI-05: the lowest trump, 2♠, is dealt to seat 1 and captured by seat 2, who over-trumps a
#: heart lead with 5♠ while able to follow hearts (PI-8).
#:   T1 s0 A♠, s1 4♠, s2 3♠ -> s0          T2 s0 9♥, s1 2♠, s2 5♠ -> s2
#:   T3 s2 5♥, s0 8♥, s1 Q♦ -> s0           T4 s0 7♥, s1 10♦, s2 5♣ -> s0
#:   T5 s0 6♥, s1 10♣, s2 5♦ -> s0          T6 s0 J♠, s1 K♦, s2 6♣ -> s0
PI_05 = deal3(["AS JS 9H 8H 7H 6H", "2S 4S TD TC KD QD", "3S 5S 5H 5C 5D 6C"],
              ["2", "pass", "pass"],
              seq("AS 4S 3S 9H 2S 5S 5H 8H QD 7H TD 5C 6H TC 5D JS KD 6C"))
#: PI-06: seats 0 and 1 each take 12 game points (10 and Q of their suit); J♠ is not dealt.
#:   T1 s0 2♠, s1 3♠, s2 4♠ -> s2           T2 s2 9♣, s0 10♣, s1 6♥ -> s0
#:   T3 s0 Q♣, s1 7♥, s2 2♣ -> s0           T4 s0 3♥, s1 8♥, s2 5♣ -> s1
#:   T5 s1 10♦, s2 2♦, s0 4♥ -> s1          T6 s1 Q♦, s2 9♦, s0 5♥ -> s1
PI_06 = deal3(["2S TC QC 3H 4H 5H", "3S TD QD 6H 7H 8H", "4S 9C 2C 9D 2D 5C"],
              ["1", "pass", "pass"],
              seq("2S 3S 4S 9C TC 6H QC 7H 2C 3H 8H 5C TD 2D 4H QD 9D 5H"))


# --- PI-1: the pack -------------------------------------------------------------------------------
def test_PI_1_fifty_two_cards_ace_high_two_low_king_above_ten() -> None:
    deck = AuctionPitch().info.deck
    assert deck is DECK_52 and len(deck) == 52
    assert [r.letter for r in deck.ranks] == list("AKQJT98765432")
    assert pi.CARD_TEXT[:13] == tuple(r + "C" for r in "AKQJT98765432")
    # in play: the king beats the ten (PI-1), the ace beats the king (the example's first trick)
    s = pitch_state(rec(hands=[["AS", "JS", "5S", "KH", "9D", "2C"],
                               ["TS", "3S", "QH", "8H", "AD", "4C"],
                               ["KS", "7S", "2S", "TH", "6D", "QC"]],
                        play=["KS", "JS", "TS"]))
    assert s.tricks[0][2] == 2  # K♠ (seat 2) over J♠ and 10♠
    assert tutor.replay(BASE)["tricks"][0]["winner"] == 0  # A♠ over K♠


# --- PI-2: 3 to 7 players, each for themselves --------------------------------------------------
def test_PI_2_three_to_seven_players_each_scoring_their_own_points() -> None:
    for n in range(3, 8):
        info = AuctionPitch({"players": n}).info
        assert (info.players, info.active_players, info.min_players, info.max_players) == \
            (n, n, 3, 7)
        assert not info.zero_sum and info.score_unit == "points"
    for bad in (2, 8, "4", 4.0):
        with pytest.raises(OptionError, match="REC-2"):
            AuctionPitch({"players": bad})
    # each for themselves: every seat scores what it won; nothing sums to zero (PI-04 below)
    assert pitch_state(PI_04).chips() == [3, 1, 0]


# --- PI-3: the deal -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_PI_3_six_each_in_threes_from_the_eldest_the_rest_undealt(players: int) -> None:
    game = AuctionPitch({"players": players})
    for seed in range(20):
        dealer = seed % players
        s = game.new_deal(seed, dealer=dealer)
        pack = random.Random(seed).sample(range(52), 6 * players)  # the top of the shuffle
        for j in range(players):  # the j-th seat from the dealer's left gets packets j and n + j
            seat = (dealer + 1 + j) % players
            want = pack[3 * j:3 * j + 3] + pack[3 * (players + j):3 * (players + j) + 3]
            assert sorted(pi.mask_cards(s.hands[seat])) == sorted(want)
        dealt = 0
        for h in s.dealt:
            assert h.bit_count() == 6
            dealt |= h
        assert dealt.bit_count() == 6 * players  # 52 - 6n cards never dealt
        assert s.to_move == (dealer + 1) % players  # the eldest speaks first
        assert game.new_deal(seed, dealer).key() == s.key()  # the same seed, the same deal
        record = record_of(s)
        assert sum(len(h) for h in record["hands"]) == 6 * players
        assert "widow" not in record and "declare" not in record


def test_PI_3_PI_01_four_players_put_24_of_52_cards_in_play() -> None:
    game = AuctionPitch()  # players defaults to 4 (the seed: "best with 4")
    assert game.players == 4 and game.info.undealt == 28
    # a record that leaves players out has as many players as hands
    for options in ({}, {"min_bid": 1}):
        assert tutor.replay(rec(options=options)) == tutor.replay(BASE)
    assert tutor.replay(rec(options=None)) == tutor.replay(BASE)  # no options at all
    s = first_legal(game.new_deal(1))
    played = {c for _, cs, _ in s.tricks for c in cs}
    assert len(played) == 24 and len(s.tricks) == 6


def test_PI_3_undealt_cards_are_never_recorded_or_shown() -> None:
    assert "REC-1" in str(err(rec(widow=["2H", "3H"])))  # a record listing them is rejected
    assert err(rec(widow=[])).where == "widow"
    assert err(rec(declare={"trump": "S"})).where == "declare"  # PI-7: no declaration
    s = random_hand(3, {"players": 5})
    dealt = {pi.CARDS[c] for h in s.dealt for c in pi.mask_cards(h)}
    for seat in range(5):
        assert s.view(seat).visible_cards() <= dealt


def test_PI_3_the_deal_passes_to_the_left() -> None:
    m = PitchMatch(AuctionPitch({"players": 5}), rng=1, first_dealer=3)
    agent = _random_agent(2)
    dealers = []
    for _ in range(6):
        dealers.append(m.dealer)
        m.play_deal([agent] * 5)
        if m.is_over():
            break
    assert dealers == [3, 4, 0, 1, 2, 3][:len(dealers)]


# --- PI-4, PI-4b, PI-5: the auction ------------------------------------------------------------
def test_PI_4_each_player_speaks_once_eldest_first_dealer_last() -> None:
    s = calls_state([], dealer=1)
    seats = []
    while s.phase == "auction":
        seats.append(s.to_move)
        s.apply(PASS if PASS in s.legal_actions() else s.legal_actions()[0])
    assert seats == [2, 3, 0, 1] and len(s.history()) == 4  # n calls, forced bids included
    assert s.phase == "play"
    out = err(rec(calls=["2", "pass", "2", "pass"], play=[]))
    assert str(out) == "calls[3]: pass — PI-4: each player speaks exactly once: the auction " \
                       "has 3 calls"


def test_PI_4_call_ids_are_the_strings_pass_1_2_3_4() -> None:
    assert [pi.call_token(a) for a in range(PASS, PASS + 5)] == ["pass", "1", "2", "3", "4"]
    for bad in (2, "5", "0", "Pass", None, "two"):
        e = err(rec(calls=[bad], play=[]))
        assert isinstance(e, NotationError) and e.rule == "PI-4" and e.where == "calls[0]"
    # a card in the auction, a call in the play
    s = pitch_state(rec(calls=[], play=[]))
    with pytest.raises(IllegalActionError, match="PI-4"):
        s.apply(pi.CARD_INDEX[Card.parse("AS")])
    s = pitch_state(BASE)
    with pytest.raises(IllegalActionError, match="PI-4: each player speaks exactly once"):
        s.apply(PASS)


def test_PI_4_pitching_is_the_call_4_and_the_pitcher_leads_freely() -> None:
    s = pitch_state(rec(calls=["4", "pass", "pass"], play=[]))
    assert s.bidder == 0 and s.contract_id == "4" and s.to_move == 0
    assert tokens(s) == ["2C", "AS", "JS", "5S", "KH", "9D"]  # any card of the pitcher's


@pytest.mark.parametrize(("calls", "legal"), [
    (["1", "pass", "pass"], ["pass", "1", "2", "3", "4"]),  # the steal at 1, or more
    (["2", "3", "pass"], ["pass", "3", "4"]),
    (["4", "pass", "pass"], ["pass"]),  # 4 cannot be stolen (below_4)
    (["pass", "pass", "pass"], ["2", "3", "4"]),  # stick the dealer
])
def test_PI_4b_the_rule_files_checks(calls: list[str], legal: list[str]) -> None:
    s = calls_state(calls)
    assert s.to_move == 3 and tokens(s) == legal


def test_PI_4b_non_dealers_bid_above_the_highest_bid_from_min_bid() -> None:
    assert tokens(calls_state([])) == ["pass", "1", "2", "3", "4"]
    assert tokens(calls_state(["2"])) == ["pass", "3", "4"]
    assert tokens(calls_state(["pass", "4"])) == ["pass"]
    assert tokens(calls_state([], {"min_bid": 2})) == ["pass", "2", "3", "4"]
    e = err(rec(options={"players": 3, "min_bid": 2}, calls=["1"], play=[]))
    assert str(e) == "calls[0]: 1 — PI-4b: the lowest bid is 2 (min_bid)"
    e = err(rec(calls=["3", "2"], play=[]))
    assert str(e) == "calls[1]: 2 — PI-4b: a bid must be higher than the highest bid so far (3)"


def test_PI_4b_dealer_steal_variants() -> None:
    assert tokens(calls_state(["2", "3", "pass"], {"dealer_steal": "none"})) == ["pass", "4"]
    assert tokens(calls_state(["4", "pass", "pass"], {"dealer_steal": "including_4"})) == \
        ["pass", "4"]
    assert tokens(calls_state(["pass", "1", "pass"], {"dealer_steal": "including_4"})) == \
        ["pass", "1", "2", "3", "4"]
    e = err(rec(options={"players": 3, "dealer_steal": "none"}, calls=["2", "pass", "2"],
                play=[]))
    assert str(e) == ("calls[2]: 2 — PI-4b: the dealer may not steal (dealer_steal: none): bid "
                      "more or pass")
    e = err(rec(calls=["4", "pass", "4"], play=[]))
    assert str(e) == ("calls[2]: 4 — PI-4b: a bid of 4 cannot be stolen (dealer_steal: below_4): "
                      "pass")


def test_PI_4b_the_dealer_when_everyone_passed() -> None:
    e = err(rec(calls=["pass", "pass", "pass"], play=[]))
    assert str(e) == ("calls[2]: pass — PI-4b: everyone passed: the dealer must bid at least 2 "
                      "(all_pass: dealer_forced_2)")
    assert "PI-4b" in str(err(rec(calls=["pass", "pass", "1"], play=[])))
    for all_pass in ("redeal_same_dealer", "eldest_pitches_free"):
        for m, legal in ((1, ["pass", "1", "2", "3", "4"]), (2, ["pass", "2", "3", "4"])):
            s = calls_state(["pass"] * 3, {"all_pass": all_pass, "min_bid": m})
            assert tokens(s) == legal


def test_PI_4b_PI_09_calls_2_3_pass_then_the_dealer_steals_at_3() -> None:
    s = calls_state(["2", "3", "pass"])
    s.apply(BID_BASE + 3)  # the steal (default dealer_steal: below_4)
    assert (s.bidder, s.contract_id, s.phase, s.to_move) == (3, "3", "play", 3)
    s = calls_state(["2", "3", "pass"], {"dealer_steal": "none"})
    with pytest.raises(IllegalActionError, match="PI-4b: the dealer may not steal") as e:
        s.apply(BID_BASE + 3)
    assert e.value.where == "seat 3" and s.to_move == 3  # nothing changed


def test_PI_4b_PI_10_all_pass_to_the_dealer_who_must_bid_at_least_2() -> None:
    s = calls_state(["pass"] * 3)
    assert s.legal_actions() == [BID_BASE + 2, BID_BASE + 3, BID_BASE + 4]
    before = s.key()
    for bad in (PASS, BID_BASE + 1):
        with pytest.raises(IllegalActionError, match="PI-4b"):
            s.apply(bad)
        assert s.key() == before
    s.apply(BID_BASE + 2)
    assert s.bidder == 3 and s.contract_id == "2"


def test_PI_5_the_pitcher_made_the_last_bid_a_steal_included() -> None:
    out = tutor.replay(BASE)  # 2, pass, 2: the dealer steals
    assert out["bidder"] == 2 and out["contract"] == "2"
    s = calls_state(["1", "3", "pass", "pass"])
    assert s.bidder == 1 and s.contract_id == "3" and s.to_move == 1
    s = calls_state(["1", "2", "pass", "2"])  # the dealer steals at 2
    assert s.bidder == 3 and s.contract_id == "2"


# --- PI-6: everyone passed (the non-default all_pass values) --------------------------------------
def test_PI_6_redeal_same_dealer_throws_the_deal_in() -> None:
    record = rec(options={"players": 3, "all_pass": "redeal_same_dealer"},
                 calls=["pass"] * 3, play=[])
    out = tutor.replay(record)
    assert out["phase"] == "done" and out["to_move"] is None and out["legal"] == []
    assert (out["bidder"], out["contract"], out["trump"], out["tricks"]) == (None, None, None, [])
    assert out["chips"] is None and out["score_change"] == [0, 0, 0]
    assert out["points_won"] == [0, 0, 0] and out["made"] is None
    assert out["awards"] == {"high": None, "low": None, "jack": None, "game": None}
    e = err({**record, "play": ["AS"]})
    assert str(e) == "play[0]: AS — PI-6: everyone passed: the deal was thrown in"
    s = pitch_state(record)
    with pytest.raises(IllegalActionError, match="PI-6"):
        s.apply(0)
    # the same dealer deals again
    game = AuctionPitch({"players": 3, "all_pass": "redeal_same_dealer"})
    m = PitchMatch(game, rng=4, first_dealer=1)
    state = m.next_deal()
    while not state.is_terminal():
        state.apply(PASS)
    result = m.settle(state)
    assert result.outcome.thrown_in and m.dealer == 1 and m.scores == [0, 0, 0]


def test_PI_6_eldest_pitches_free_nobody_set_back() -> None:
    options = {"players": 3, "all_pass": "eldest_pitches_free"}
    s = pitch_state(rec(PI_03, options=options, calls=["pass"] * 3, play=[]))
    assert s.phase == "play" and s.to_move == 0 and s.bidder is None  # the eldest leads
    assert s.describe()["contract"] is None
    with pytest.raises(IllegalActionError, match="PI-7: the eldest"):
        s.apply(pi.CARD_INDEX[Card.parse("2S")])  # not the eldest's card
    for t in PI_03["play"]:
        s.apply(pi.CARD_INDEX[Card.parse(t)])
    out = s.describe()
    assert out["bidder"] is None and out["bidder_points"] is None and out["made"] is None
    assert out["points_won"] == [2, 2, 0] and out["score_change"] == [2, 2, 0]  # all score
    # no pitcher, no winner (pitcher_hand), even at the target
    check = win_check(PitchOptions(players=3), [6, 6, 0], s.outcome())
    assert check.scores == (8, 8, 0) and check.winner is None
    # in a match: everyone passes every hand, the deal still passes left, nobody wins
    m = PitchMatch(AuctionPitch(options), rng=0, first_dealer=2)

    def passer(view: View) -> int:
        return PASS if PASS in view.legal else view.legal[0]

    for dealer in (2, 0, 1, 2):
        assert m.dealer == dealer
        result = m.play_deal([passer] * 3)
        assert result.outcome.pitcher is None and result.check.winner is None
    assert not m.is_over() and sum(m.scores) > 0


# --- PI-7: the first lead names trump -------------------------------------------------------------
def test_PI_7_the_pitcher_leads_and_that_card_names_trump() -> None:
    s = pitch_state(rec(play=[]))
    assert s.to_move == 2 and s.trump == -1 and s.describe()["trump"] is None
    assert tokens(s) == ["QC", "KS", "7S", "2S", "TH", "6D"]  # any card
    e = err(rec(play=["AS"]))  # seat 0's card: the pitcher, seat 2, leads
    assert str(e) == ("play[0]: AS — PI-7: the pitcher, seat 2, leads the first trick and does "
                      "not hold AS")
    for lead, trump in (("TH", "H"), ("6D", "D"), ("QC", "C"), ("KS", "S")):
        assert tutor.replay(rec(play=[lead]))["trump"] == trump
    s = pitch_state(rec(play=["TH"]))
    s.undo()
    assert s.trump == -1  # taking the lead back takes trump back
    e = err(rec(calls=["2", "pass"], play=["KS"]))
    assert str(e) == ("play[0]: KS — PI-4: the auction is not over: 3 calls come before the first "
                      "lead")


# --- PI-8: following, trumping while able to follow, strict_follow --------------------------------
#: the rule file's check: the eldest (seat 0) bids 2 and leads A♣ (clubs trump) or K♥ (hearts
#: trump), wins that trick, then leads K♠; seat 1 holds 5♠ and A♥
PI_8 = deal3(["AC KH KS 2D 3D 4D", "5S AH 2H 9D 8D 7D", "QC JC TC 3H 4S 6D"],
             ["2", "pass", "pass"], [])


def test_PI_8_the_rule_files_check_5S_and_AH_under_a_KS_lead() -> None:
    clubs = pitch_state(rec(PI_8, play=["AC", "9D", "QC", "KS"]))  # clubs trump
    assert clubs.to_move == 1 and tokens(clubs) == ["5S"]  # A♥ is neither spades nor trump
    e = err(rec(PI_8, play=["AC", "9D", "QC", "KS", "AH"]))
    assert str(e) == "play[4]: AH — PI-8: able to follow ♠: play a ♠ or a trump ♣"
    hearts = pitch_state(rec(PI_8, play=["KH", "2H", "3H", "KS"]))  # hearts trump
    assert tokens(hearts) == ["5S", "AH"]  # follow, or trump while able to follow
    ruff = pitch_state(rec(PI_8, play=["KH", "2H", "3H", "KS", "AH", "4S"]))
    assert ruff.tricks[-1][2] == 1  # A♥ trumps the spade lead and wins
    strict = rec(PI_8, options={"players": 3, "strict_follow": True})
    assert tokens(pitch_state(rec(strict, play=["KH", "2H", "3H", "KS"]))) == ["5S"]
    e = err(rec(strict, play=["KH", "2H", "3H", "KS", "AH"]))
    assert str(e) == "play[4]: AH — PI-8: must follow suit ♠ (strict_follow)"


def test_PI_8_a_trump_lead_is_followed_in_trumps_and_a_void_plays_anything() -> None:
    s = pitch_state(rec(PI_8, play=["KH"]))  # trump ♥ led: seat 1 holds A♥ 2♥
    assert tokens(s) == ["AH", "2H"]
    e = err(rec(PI_8, play=["KH", "5S"]))
    assert str(e) == "play[1]: 5S — PI-8: trump ♥ was led: follow with a trump"
    s = pitch_state(rec(PI_8, play=["AC"]))  # clubs trump; seat 1 holds no club
    assert tokens(s) == ["5S", "AH", "2H", "9D", "8D", "7D"]
    e = err(rec(PI_8, play=["AC", "KH"]))
    assert str(e) == "play[1]: KH — PI-8: seat 1 does not hold KH"


# --- PI-9: trick winner, the winner leads, six tricks ---------------------------------------------
def test_PI_9_highest_trump_else_highest_of_the_led_suit_winner_leads_six_tricks() -> None:
    s = pitch_state(PI_04)
    winners = [w for _, _, w in s.tricks]
    leaders = [ld for ld, _, _ in s.tricks]
    assert winners == [0, 0, 1, 0, 0, 0]  # T3: J♠ trumps 10♥; T4: 10♣ over 4♣ and a 7♦
    assert leaders == [0, *winners[:-1]]
    assert len(s.tricks) == 6 and s.is_terminal()
    e = err(rec(PI_04, play=[*PI_04["play"], "AS"]))
    assert str(e) == "play[18]: AS — PI-9: six tricks in all: the hand is over"
    with pytest.raises(IllegalActionError, match="PI-9: the hand is over"):
        s.apply(0)
    # the trick winner as a function: a trump on a plain lead, a higher trump after it
    c = pi.CARD_INDEX
    trick = [c[Card.parse(t)] for t in ("TH", "2S", "AH", "5S")]
    assert pi.trick_winner(trick, trump=1) == 3  # 5♠ over 2♠; A♥ is not trump
    assert pi.trick_winner(trick, trump=3) == 2  # diamonds trump: A♥ the highest heart


# --- PI-10, PI-11: the four points and setback (sources.md §5.3) ----------------------------------
def test_PI_10_PI_11_PI_04_bid_2_won_high_low_game_scores_all_3() -> None:
    out = tutor.replay(PI_04)
    assert out["awards"] == {"high": 0, "low": 0, "jack": 1, "game": 0}
    assert out["game_points"] == [31, 11, 0]
    assert out["points_won"] == [3, 1, 0] and out["bidder_points"] == 3
    assert out["made"] is True and out["score_change"] == [3, 1, 0]  # all won, not the bid
    assert out["chips"] is None and out["bidder_tricks"] == 5


def test_PI_11_PI_03_bid_3_won_high_and_jack_set_back_3() -> None:
    out = tutor.replay(PI_03)
    assert out["awards"] == {"high": 0, "low": 1, "jack": 0, "game": 1}
    assert out["game_points"] == [10, 20, 0]
    assert out["bidder_points"] == 2 and out["made"] is False
    assert out["score_change"] == [-3, 2, 0]  # others score Low and Game as won


def test_PI_11_points_won_equal_to_the_bid_make_it() -> None:
    out = tutor.replay(rec(PI_03, calls=["2", "pass", "pass"]))  # PI-03's hand on a bid of 2
    assert out["bidder_points"] == 2 and out["made"] is True
    assert out["score_change"] == [2, 2, 0]


def test_PI_10_PI_05_low_dealt_to_one_captured_by_another() -> None:
    out = tutor.replay(PI_05)
    assert out["awards"] == {"high": 0, "low": 2, "jack": 0, "game": 0}  # captured (default)
    assert out["score_change"] == [3, 0, 1]
    dealt = tutor.replay(rec(PI_05, options={"players": 3, "low_point": "dealt_holder"}))
    assert dealt["awards"]["low"] == 1 and dealt["score_change"] == [3, 1, 0]
    # High is the same either way: the highest trump always wins its own trick
    assert dealt["awards"]["high"] == out["awards"]["high"] == 0


def test_PI_10_PI_06_PI_07_game_tie_no_game_point_jack_not_dealt() -> None:
    out = tutor.replay(PI_06)
    assert out["game_points"] == [12, 12, 0] and out["awards"]["game"] is None  # 12-12
    assert out["awards"]["jack"] is None  # J♠ not dealt (PI-07)
    assert out["awards"] == {"high": 2, "low": 2, "jack": None, "game": None}
    assert out["score_change"] == [-1, 0, 2] and sum(out["points_won"]) == 2


def test_PI_10_no_game_points_in_any_trick_no_game_point() -> None:
    low = ["9S 8C 7C 6C 5C 4C", "9D 8D 7D 6D 5D 4D", "9H 8H 7H 6H 5H 4H"]
    s = pitch_state(deal3(low, ["2", "pass", "pass"], ["9S"]))
    out = first_legal(s).describe()
    assert out["game_points"] == [0, 0, 0] and out["awards"]["game"] is None  # a 0-0-0 tie
    assert out["awards"] == {"high": 0, "low": 0, "jack": None, "game": None}


def test_PI_10_only_AH_and_JH_in_play() -> None:
    hands = ["AH 2C 3C 4C 5C 6C", "JH 2D 3D 4D 5D 6D", "2S 3S 4S 5S 6S 7S"]
    s = first_legal(pitch_state(deal3(hands, ["2", "pass", "pass"], ["AH"])))
    o = s.outcome()
    assert (o.high, o.low, o.jack) == (0, 0, 0)  # High to A♥'s holder; Low and Jack to
    assert o.game == 0 and o.points_won == (4, 0, 0) and o.smudge == 0  # whoever wins J♥
    d = first_legal(pitch_state(deal3(hands, ["2", "pass", "pass"], ["AH"],
                                      {"low_point": "dealt_holder"}))).outcome()
    assert (d.high, d.low, d.jack) == (0, 1, 0)  # dealt_holder: Low to J♥'s dealt holder


def test_PI_10_PI_02_the_only_trump_scores_high_and_low_and_the_jack_three() -> None:
    hands = ["2S TC 3C 4C 5C 6C", "AD KD 3D 4D 5D 6D", "AH KH 3H 4H 5H 6H"]
    o = first_legal(pitch_state(deal3(hands, ["2", "pass", "pass"], ["2S"]))).outcome()
    assert (o.high, o.low, o.jack) == (0, 0, None) and o.points_won[0] >= 2
    jack = ["JS TC 3C 4C 5C 6C", "AD KD 3D 4D 5D 6D", "AH KH 3H 4H 5H 6H"]
    o = first_legal(pitch_state(deal3(jack, ["2", "pass", "pass"], ["JS"]))).outcome()
    assert (o.high, o.low, o.jack) == (0, 0, 0) and o.points_won[0] in (3, 4)
    assert o.points_won[0] == 3 + (o.game == 0)  # plus Game if it is won


def test_PI_10_PI_07_without_the_jack_of_trumps_a_bid_of_4_is_always_set_back() -> None:
    """Random hands in which the pitcher bids 4 and the trump jack is not dealt."""
    seen = 0
    for seed in range(3000):
        rng = random.Random(seed)
        game = AuctionPitch({"players": 3 + seed % 5})
        s = game.new_deal(rng, dealer=rng.randrange(game.players))
        s.apply(BID_BASE + 4)
        while s.phase == "auction":
            s.apply(PASS)
        lead = rng.choice(s.legal_actions())
        dealt = 0
        for h in s.dealt:
            dealt |= h
        if dealt >> (13 * pi.SUIT_OF[lead] + pi.JACK) & 1:
            continue
        s.apply(lead)
        random_playout(s, rng)
        o = s.outcome()
        assert o.jack is None and sum(o.points_won) <= 3
        assert o.made is False and o.score_change[s.bidder] == -4  # type: ignore[index]
        seen += 1
    assert seen > 800


# --- PI-12: the match -----------------------------------------------------------------------------
def outcome(pitcher: int | None, bid: int | None, awards: Sequence[int | None],
            players: int = 3) -> HandOutcome:
    """A hand's outcome from its awards (High, Low, Jack, Game), scored by PI-11."""
    points = [0] * players
    for s in awards:
        if s is not None:
            points[s] += 1
    change = points[:]
    if pitcher is not None and bid is not None and points[pitcher] < bid:
        change[pitcher] = -bid
    high, low, jack, game = awards
    return HandOutcome(pitcher, bid, False, high, low, jack, game, (0,) * players, tuple(points),
                       tuple(change))


def test_PI_12_PI_08_the_pitcher_wins_at_7_while_another_has_8() -> None:
    options = PitchOptions(players=3)
    check = win_check(options, [8, 5, 0], outcome(1, 2, [1, 1, 2, None]))
    assert check.scores == (8, 7, 1) and check.winner == 1 and check.how == "pitcher"
    # a non-pitcher reaching the target does not win (pitcher_hand)
    check = win_check(options, [6, 0, 0], outcome(1, 1, [0, 1, None, None]))
    assert check.scores == (7, 1, 0) and check.winner is None
    # the pitcher wins at the target whether or not the bid was made
    check = win_check(options, [11, 0, 0], outcome(0, 4, [0, 1, 2, None]))
    assert check.scores == (7, 1, 1) and check.winner == 0
    # a hand with no pitcher has no winner
    assert win_check(options, [6, 6, 6], outcome(None, None, [0, 1, 2, None])).winner is None


@pytest.mark.parametrize("target", [7, 10, 11, 15, 21])
def test_PI_12_the_target(target: int) -> None:
    options = PitchOptions(players=3, target=target)
    assert win_check(options, [target - 2, 0, 0], outcome(0, 2, [0, 0, 1, 1])).winner == 0
    assert win_check(options, [target - 3, 0, 0], outcome(0, 2, [0, 0, 1, 1])).winner is None
    for bad in (8, "7", 0):
        with pytest.raises(OptionError, match="REC-2"):
            PitchOptions(target=bad)


def test_PI_12_pitcher_first_then_high_low_jack_game() -> None:
    options = PitchOptions(players=3, win_check="pitcher_first_then_HLJG")
    # the pitcher's result first: pitcher and another both reach 7, the pitcher wins
    check = win_check(options, [5, 6, 0], outcome(0, 2, [0, 0, 1, 2]))
    assert (check.winner, check.how, check.scores) == (0, "pitcher", (7, 7, 1))
    # the pitcher short of 7: High, Low, Jack, Game credited in that order
    check = win_check(options, [0, 6, 6], outcome(0, 1, [0, 2, 1, None]))
    assert (check.winner, check.how) == (2, "low")  # Low (seat 2) comes before Jack (seat 1)
    check = win_check(options, [0, 5, 6], outcome(0, 1, [1, 1, 0, 2]))
    assert (check.winner, check.how) == (1, "low")  # 6 after High, 7 after Low
    check = win_check(options, [0, 5, 6], outcome(0, 2, [1, 0, 0, 2]))
    assert (check.winner, check.how) == (2, "game")
    # a set-back pitcher cannot win, the others still may; without a pitcher too
    check = win_check(options, [3, 6, 0], outcome(0, 4, [1, 0, None, None]))
    assert (check.winner, check.how, check.scores) == (1, "high", (-1, 7, 0))
    check = win_check(options, [6, 2, 0], outcome(None, None, [1, 0, None, None]))
    assert (check.winner, check.how) == (0, "low")
    assert win_check(options, [0, 0, 0], outcome(0, 1, [1, 2, 0, 0])).winner is None


def test_PI_12_smudge_wins_the_match_at_once_whoever_pitched() -> None:
    four = outcome(0, 2, [1, 1, 1, 1])  # seat 1 won all four points; the pitcher is set back
    assert four.smudge == 1
    smudge = PitchOptions(players=3, smudge_wins_game=True)
    check = win_check(smudge, [0, 0, 0], four)
    assert (check.winner, check.how, check.scores) == (1, "smudge", (-2, 4, 0))
    assert win_check(PitchOptions(players=3), [0, 0, 0], four).winner is None
    # before the win check: a set-back pitcher still at the target does not beat a smudge
    other = outcome(0, 1, [1, 1, 1, 1])
    assert win_check(smudge, [12, 0, 0], other).winner == 1
    assert win_check(PitchOptions(players=3), [12, 0, 0], other).winner == 0
    # a real smudge: only A♥ and J♥ in play, the eldest takes all four
    hands = ["AH 2C 3C 4C 5C 6C", "JH 2D 3D 4D 5D 6D", "2S 3S 4S 5S 6S 7S"]
    s = first_legal(pitch_state(deal3(hands, ["2", "pass", "pass"], ["AH"],
                                      {"smudge_wins_game": True})))
    check = win_check(s.game.options, [0, 0, 0], s.outcome())
    assert (check.winner, check.how, check.scores) == (0, "smudge", (4, 0, 0))


def test_PI_12_a_won_match_deals_no_more() -> None:
    game = AuctionPitch({"players": 3, "smudge_wins_game": True, "target": 21})
    m = PitchMatch(game, rng=3, first_dealer=0)
    agent = _random_agent(3)
    while not m.is_over():
        m.play_deal([agent] * 3)
    with pytest.raises(IllegalActionError, match="PI-12: the match is over"):
        m.next_deal()


def _random_agent(seed: int) -> Any:
    """Random cards; in the auction the lowest bid when it is at most 2, else a pass (so that
    pitchers make their bids often enough for random matches to end)."""
    rng = random.Random(seed)

    def agent(view: View) -> int:
        if view.phase == "auction":
            low = [a for a in view.legal if BID_BASE < a <= BID_BASE + 2]
            return low[0] if low else (PASS if PASS in view.legal else view.legal[0])
        return int(rng.choice(view.legal))

    return agent


@pytest.mark.parametrize("options", [
    {"players": 3}, {"players": 7, "target": 11},
    {"players": 4, "win_check": "pitcher_first_then_HLJG", "smudge_wins_game": True},
    {"players": 5, "all_pass": "redeal_same_dealer"},
    {"players": 6, "all_pass": "eldest_pitches_free", "target": 10},
])
def test_PI_12_random_matches_end_by_the_win_check(options: dict[str, Any]) -> None:
    game = AuctionPitch(options)
    for seed in range(3):
        m = PitchMatch(game, rng=seed)
        agent = _random_agent(seed)
        winner = m.play([agent] * game.players)
        assert winner is not None and m.is_over()
        totals = [0] * game.players
        for r in m.results:
            totals = [t + c for t, c in zip(totals, r.outcome.score_change, strict=True)]
            assert list(r.check.scores) == totals
        assert totals == m.scores
        last = m.results[-1]
        assert all(r.check.winner is None for r in m.results[:-1])
        if last.check.how == "pitcher":
            assert last.outcome.pitcher == winner and m.scores[winner] >= game.options.target
        elif last.check.how == "smudge":
            assert last.outcome.points_won[winner] == 4
        else:
            assert game.options.win_check == "pitcher_first_then_HLJG"
            assert last.outcome.awards[last.check.how] == winner  # type: ignore[index]


def test_PI_12_the_match_checks_its_input() -> None:
    game = AuctionPitch({"players": 3})
    with pytest.raises(OptionError, match="PI-3"):
        PitchMatch(game, first_dealer=3)
    m = PitchMatch(game, rng=1)
    assert 0 <= m.dealer < 3  # no cut in the rule file: the first dealer is drawn
    state = m.next_deal()
    with pytest.raises(IllegalActionError, match="PI-9"):
        m.next_deal()
    with pytest.raises(IllegalActionError, match="PI-9"):
        m.settle(state)
    with pytest.raises(IllegalActionError, match="PI-11"):
        m.settle(game.new_deal(1))
    with pytest.raises(OptionError, match="PI-2"):
        m.play_deal([_random_agent(0)] * 2)


# --- the options and records ----------------------------------------------------------------------
def test_options_every_key_and_value_validated_REC_2() -> None:
    assert AuctionPitch().options_dict() == {
        "players": 4, "min_bid": 1, "all_pass": "dealer_forced_2", "dealer_steal": "below_4",
        "strict_follow": False, "low_point": "captured", "win_check": "pitcher_hand",
        "target": 7, "smudge_wins_game": False}
    for key, values in PitchOptions.CHOICES.items():
        for v in values:
            assert AuctionPitch({key: v}).options_dict()[key] == v
    assert str(err(rec(options={"players": 3, "jokers": True}))).startswith(
        "options.jokers: 'jokers' — REC-2")
    assert str(err(rec(options={"players": 3, "all_pass": "redeal"}))).startswith(
        "options.all_pass: 'redeal' — REC-2")
    for key, bad in (("strict_follow", "true"), ("min_bid", 3), ("low_point", "won"),
                     ("dealer_steal", "always"), ("win_check", "first"),
                     ("smudge_wins_game", 1), ("target", 7.0)):
        assert err(rec(options={"players": 3, key: bad})).where == f"options.{key}"


def test_match_options_change_nothing_in_the_hand() -> None:
    match = {"players": 3, "win_check": "pitcher_first_then_HLJG", "target": 21,
             "smudge_wins_game": True}
    a, b = tutor.replay(PI_04), tutor.replay(rec(PI_04, options=match))
    assert a == b


def test_the_rule_files_example_replays() -> None:
    assert PITCH_EXAMPLE == BASE
    out = tutor.replay(BASE)
    assert (out["bidder"], out["contract"], out["trump"]) == (2, "2", "S")
    assert out["tricks"] == [{"leader": 2, "cards": ["KS", "AS", "3S"], "winner": 0}]
    assert out["phase"] == "play" and out["to_move"] == 0 and out["current_trick"] is None
    assert set(out) == {"phase", "to_move", "step", "legal", "bidder", "contract", "trump",
                        "tricks", "current_trick", "bidder_points", "bidder_tricks", "made",
                        "chips", "awards", "game_points", "points_won", "score_change"}
    assert all(out[k] is None for k in ("step", "bidder_points", "bidder_tricks", "made",
                                        "chips", "awards", "game_points", "points_won",
                                        "score_change"))


def test_the_replay_cli_prints_the_object_and_errors_on_one_line(tmp_path: Any) -> None:
    path = tmp_path / "pitch.json"
    path.write_text(dumps(PI_03), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "tutor", "replay", str(path)],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0 and json.loads(run.stdout) == tutor.replay(PI_03)
    path.write_text(json.dumps(rec(play=["AS"])), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "tutor", "replay", str(path)],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.strip() == ("play[0]: AS — PI-7: the pitcher, seat 2, leads the first "
                                  "trick and does not hold AS")


def test_records_round_trip_mid_hand_and_finished() -> None:
    for record in (BASE, PI_03, rec(calls=["2"], play=[]), rec(calls=[], play=[])):
        s = pitch_state(record)
        again = record_of(s)
        assert pitch_state(again).key() == s.key()
        assert parse(dumps(again)) == again
        assert list(again) == ["format", "game", "options", "dealer", "hands", "calls", "play"]
        assert tutor.replay(again) == tutor.replay(record)
    assert "auction-pitch" not in PLANNED and spec("auction-pitch").game is AuctionPitch


def test_REC_errors_in_a_pitch_record() -> None:
    hands = [h[:] for h in BASE["hands"]]
    hands[1][2] = "XQ"
    assert str(err(rec(hands=hands))).startswith("hands[1][2]: 'XQ' — REC-3: unknown card text")
    hands[1][2] = "1S"
    assert err(rec(hands=hands)).rule == "REC-3"
    hands[1][2] = "q♥"  # the parser's other forms: every card of the 52 is Pitch's
    assert tutor.replay(rec(hands=hands))["tricks"][0]["cards"] == ["KS", "AS", "3S"]
    assert str(err(rec(play=["KS", "AS", "S3"]))).startswith("play[2]: 'S3' — REC-3")
    hands[1][2] = "AS"
    assert str(err(rec(hands=hands))).startswith("hands[1][2]: AS — REC-4")
    hands = [h[:] for h in BASE["hands"]]
    hands[0].append("2H")
    assert str(err(rec(hands=hands))) == ("hands[0]: REC-5: every seat is dealt 6 cards (PI-3); "
                                          "seat 0 has 7")
    hands[0] = hands[0][:5]
    assert err(rec(hands=hands)).rule == "REC-5"
    assert str(err(rec(options={"players": 4}))).startswith("hands: REC-5")
    assert str(err(rec(dealer=3))) == "dealer: 3 — REC-6: dealer must be a seat 0..2"
    assert err(rec(dealer="2")).rule == "REC-6"
    assert err(rec(calls="2")).rule == "REC-1" and err(rec(play="KS")).rule == "REC-1"
    assert err(rec(hands=[["AS"], "KS", []])).rule in ("REC-1", "REC-5")


# --- the facts and actions as data ----------------------------------------------------------------
def test_facts_and_actions_match_the_paper_fit() -> None:
    for n in range(3, 8):
        assert AuctionPitch({"players": n}).info == pitch(n)
    game = AuctionPitch()
    assert len(pi.ACTIONS) == len(PITCH) == pi.N_ACTIONS == 57
    for a in range(pi.N_ACTIONS):
        assert game.action_info(a) == PITCH[a]
        info = game.action_info(a)
        assert pi.ACTIONS.decode(info.token, info.place) == a
    assert game.action_info(BID_BASE + 2).label == "bid 2"
    with pytest.raises(NotationError):
        game.action_info(57)


def test_max_game_length_is_n_calls_and_6n_cards() -> None:
    for n in (3, 7):
        s = random_hand(n, {"players": n})
        assert len(s.history()) == 7 * n == s.game.info.max_game_length


# --- views and words ------------------------------------------------------------------------------
def test_views_hold_no_other_hand_and_publics_agree() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        game = AuctionPitch({"players": 3 + seed % 5})
        s = game.new_deal(rng, dealer=rng.randrange(game.players))
        while True:
            views = [s.view(seat) for seat in range(game.players)]
            assert all(isinstance(v, View) for v in views)
            publics = [v.public() for v in views]
            assert all(p == publics[0] for p in publics)
            text = json.dumps(publics[0])
            played = views[0].visible_cards() - set(views[0].hand)
            for v in views:
                assert v.visible_cards() == set(v.hand) | played
                for card in v.hand:
                    assert f'"{card.text}"' not in text
                assert v.legal == (tuple(s.legal_actions()) if v.seat == s.to_move else ())
            if s.is_terminal():
                assert publics[0]["score_change"] == s.chips()
                break
            s.apply(rng.choice(s.legal_actions()))
    with pytest.raises(IllegalActionError, match="PI-2"):
        s.view(9)


def test_presentation_words_and_prompts() -> None:
    words = spec("auction-pitch").presentation
    assert isinstance(words, PitchPresentation) and words.name == "Auction Pitch"
    s = calls_state([])  # dealer 3: seat 0 the eldest
    v = s.view(0)
    assert [words.seat_label(x, v.active) for x in range(4)] == [
        "seat 0 (eldest)", "seat 1 (2nd)", "seat 2 (3rd)", "seat 3 (dealer)"]
    assert words.prompt(v) == ("Your call: pass or bid 1, 2, 3, 4", "PI-4b")
    assert words.prompt(s.view(1)) == ("", "")
    s = calls_state(["pass"] * 3)
    assert words.prompt(s.view(3)) == (
        "Your call as dealer: everyone passed, so you must bid 2, 3 or 4", "PI-4b")
    s = calls_state(["2", "pass", "pass"])
    assert words.prompt(s.view(3)) == ("Your call as dealer: pass, steal at 2, or bid 3, 4",
                                       "PI-4b")
    s.apply(BID_BASE + 2)
    assert words.action_text(s.view(0), 3, BID_BASE + 2) == "seat 3 (dealer): steal at 2 (PI-4b)"
    assert words.prompt(s.view(3)) == (
        "Your lead: the suit of the card you lead becomes trump", "PI-7")
    lead = s.legal_actions()[0]
    s.apply(lead)
    card = pi.CARDS[lead]
    assert words.action_text(s.view(3), 3, lead).startswith(
        f"You: play {tutor.cards.card_label(card)} — trump {card.suit.symbol} (PI-7)")
    text, rule = words.prompt(s.view(0))
    assert rule == "PI-8" and "trump" in text
    facts = dict(words.facts(s.view(1)))
    assert facts["Pitcher"] == "seat 3 (dealer)" and facts["Undealt"].startswith("28 cards")
    done = pitch_state(PI_03)
    facts = dict(words.facts(done.view(1)))
    assert facts["Result"] == "set back 3: 2 won on a bid of 3 (PI-11)"
    assert facts["Low"] == "you" and facts["High"] == "seat 0"
    assert facts["Score change"] == "seat 0: −3, seat 1: +2, seat 2: 0"


# --- hypothesis properties ------------------------------------------------------------------------
OPTION_SETS = st.fixed_dictionaries({
    "players": st.sampled_from([3, 4, 5, 6, 7]),
    "min_bid": st.sampled_from([1, 2]),
    "all_pass": st.sampled_from(PitchOptions.CHOICES["all_pass"]),
    "dealer_steal": st.sampled_from(PitchOptions.CHOICES["dealer_steal"]),
    "strict_follow": st.booleans(),
    "low_point": st.sampled_from(PitchOptions.CHOICES["low_point"]),
})


def legal_by_hand(s: PitchState) -> set[Card]:
    """PI-8 read again from the cards: the cards the player to move may play."""
    seat = s.to_move
    assert seat is not None
    hand = s.view(seat).hand
    if not s.trick:
        return set(hand)
    led = pi.CARDS[s.trick[0]].suit
    trump = Suit(s.trump)
    follow = {c for c in hand if c.suit == led}
    if not follow:
        return set(hand)
    if led == trump or s.options.strict_follow:
        return follow
    return follow | {c for c in hand if c.suit == trump}


def score_by_hand(record: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """PI-9..11 read again from a finished record's cards: tricks, awards, game points and
    score changes, with Card and DECK_52 only."""
    n = len(record["hands"])
    dealt = {Card.parse(t): s for s, h in enumerate(record["hands"]) for t in h}
    play = [Card.parse(t) for t in record["play"]]
    calls = record["calls"]
    order = [(record["dealer"] + 1 + i) % n for i in range(n)]
    bids = [(order[i], int(t)) for i, t in enumerate(calls) if t != "pass"]
    pitcher, bid = bids[-1] if bids else (None, None)
    trump = play[0].suit
    leader = pitcher if pitcher is not None else order[0]
    won: dict[Card, int] = {}
    tricks = []
    for k in range(6):
        cards = play[k * n:(k + 1) * n]
        trumps = [c for c in cards if c.suit == trump]
        pool = trumps or [c for c in cards if c.suit == cards[0].suit]
        best = max(pool, key=DECK_52.strength)
        winner = (leader + cards.index(best)) % n
        tricks.append(winner)
        for c in cards:
            won[c] = winner
        leader = winner
    in_play = sorted((c for c in dealt if c.suit == trump), key=DECK_52.strength)
    jack = Card(Rank.JACK, trump)
    points = [sum(DECK_52.points(c) for c, w in won.items() if w == s) for s in range(n)]
    top = max(points)
    low_card = in_play[0]
    awards = {
        "high": won[in_play[-1]],
        "low": dealt[low_card] if record["options"].get("low_point") == "dealt_holder"
        else won[low_card],
        "jack": won[jack] if jack in dealt else None,
        "game": points.index(top) if points.count(top) == 1 else None,
    }
    got = [0] * n
    for s in awards.values():
        if s is not None:
            got[s] += 1
    change = got[:]
    if pitcher is not None and got[pitcher] < bid:  # type: ignore[operator]
        change[pitcher] = -bid  # type: ignore[operator]
    return {"winners": tricks, "awards": awards, "game_points": points, "points_won": got,
            "score_change": change, "bidder": pitcher, "contract": str(bid) if bid else None}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTION_SETS, seed=st.integers(0, 2**32 - 1), data=st.data())
def test_property_undo_checked_unchecked_legal_and_scores(options: dict[str, Any], seed: int,
                                                          data: st.DataObject) -> None:
    game = AuctionPitch(options)
    s = game.new_deal(seed, dealer=seed % game.players)
    start = s.copy()
    keys = [s.key()]
    while not s.is_terminal():
        legal = s.legal_actions()
        if s.phase == "play":  # PI-8, read again from the cards
            assert {pi.CARDS[a] for a in legal} == legal_by_hand(s)
        action = data.draw(st.sampled_from(legal))
        fast = s.copy()
        fast.apply_unchecked(action)
        s.apply(action)
        assert s.key() == fast.key()  # checked and unchecked reach one state
        keys.append(s.key())
    record = record_of(s)
    out = tutor.replay(record)
    if out["tricks"]:
        want = score_by_hand(record, out)
        assert [t["winner"] for t in out["tricks"]] == want["winners"]
        for k in ("awards", "game_points", "points_won", "score_change", "bidder", "contract"):
            assert out[k] == want[k], k
        assert s.chips() == want["score_change"]
    else:  # thrown in (PI-6)
        assert options["all_pass"] == "redeal_same_dealer" and s.chips() == [0] * game.players
    while s.history():  # undo restores every state on the way back to the deal
        s.undo()
        keys.pop()
        assert s.key() == keys[-1]
    assert s.key() == start.key()
    with pytest.raises(IllegalActionError, match="PI-3"):
        s.undo()


@settings(max_examples=40, deadline=None)
@given(options=OPTION_SETS, seed=st.integers(0, 2**32 - 1), bad=st.integers(-3, 80))
def test_property_an_illegal_action_is_refused_and_changes_nothing(
        options: dict[str, Any], seed: int, bad: int) -> None:
    s = random_hand(seed, options)
    rng = random.Random(seed)
    while s.history() and rng.random() < 0.8:  # somewhere in the hand
        s.undo()
    if bad in s.legal_actions():
        return
    before = s.key()
    with pytest.raises(TutorError) as e:
        s.apply(bad)
    assert e.value.rule.startswith("PI-") and s.key() == before


@settings(max_examples=30, deadline=None)
@given(options=OPTION_SETS, seed=st.integers(0, 2**32 - 1))
def test_property_the_fast_playout_plays_legal_cards(options: dict[str, Any], seed: int) -> None:
    rng = random.Random(seed)
    game = AuctionPitch(options)
    s = game.new_deal(rng, dealer=rng.randrange(game.players))
    while s.phase == "auction":
        s.apply(rng.choice(s.legal_actions()))
    if s.phase != "play":
        with pytest.raises(IllegalActionError, match="PI-7"):
            random_playout(s, rng)
        return
    random_playout(s, rng)
    again = pitch_state(record_of(s))  # every card replays through checked apply
    assert again.key() == s.key() and s.is_terminal()
