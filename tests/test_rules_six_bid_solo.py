"""Six-Bid Solo, rule by rule: one test or more per rule id of shared/rules/six-bid-solo.md.

The deal used most is BASE (shared/hand-record.md): dealer 2; seat 0 forehand, 1 middlehand,
2 endhand.

    seat 0: AS TS KS QS JS AC TC 7H 9D 8D 6D      (51 card points)
    seat 1: 9S 8S 7S KC QC JC AH KH QH AD TD      (48)
    seat 2: 6S 9C 8C 7C 6C TH JH 9H 8H KD QD      (19)
    widow:  JD 7D 6H                               (2)
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from sbs import play_out, random_state, rec, state

from tutor.cards import DECK_36, Card
from tutor.engine.match import Match, cut_for_dealer
from tutor.engine.record import replay, state_of
from tutor.errors import IllegalActionError, NotationError, RecordError, TutorError
from tutor.games import make_game
from tutor.games.six_bid_solo.rules import (
    CALL_SOLO,
    GUARANTEE,
    HEART_SOLO,
    MISERE,
    SOLO,
    SPREAD,
    Options,
    Outcome,
    SixBidSolo,
    call_action,
    settle,
)
from tutor.games.tapp import PASS, active_seats, mask_cards, parse_card, shuffle_and_cut

H, C, S, D = 2, 0, 1, 3


def err(fn: object, *args: object, **kw: object) -> TutorError:
    with pytest.raises(TutorError) as e:
        fn(*args, **kw)  # type: ignore[operator]
    return e.value


def outcome_chips(contract: int, points: int = 0, trump: int = -1, tricks: int = 0,
                  trick_points: int = 0, players: int = 3, **opts: str) -> list[int]:
    """Settlement with bidder seat 0 and defenders 1, 2 (and seats 3, 4 sitting out)."""
    o = Outcome(contract, trump, points, tricks, trick_points)
    return settle(Options(players=players, **opts), 0, (1, 2), o)  # type: ignore[arg-type]


# --- seats, first dealer, deal -----------------------------------------------------------------
def test_SBS_5_seats_clockwise_forehand_middlehand_endhand() -> None:
    three = Options()
    assert active_seats(three, 2) == (0, 1, 2)  # endhand is the dealer
    assert active_seats(three, 0) == (1, 2, 0)
    assert active_seats(Options(players=4), 1) == (2, 3, 0)  # the dealer sits out
    s = state()
    assert s.active == (0, 1, 2) and s.bidder == 0 and s.defenders == (1, 2)
    assert s.next_active(2) == 0  # left of seat i is seat i+1 mod n


def test_SBS_6_cut_for_first_dealer_lowest_card_deals_with_suit_tie_break() -> None:
    saw_tie = False
    for seed in range(400):
        cut = cut_for_dealer(3, seed)
        assert len(set(cut.cards)) == 3
        low = min(DECK_36.strength(c) for c in cut.cards)  # SBS-2's order, not Card's
        tied = [c for c in cut.cards if DECK_36.strength(c) == low]
        assert cut.cards[cut.dealer] in tied
        if len(tied) > 1:  # equal lowest ranks: the lower suit (SBS-4) deals
            saw_tie = True
            assert cut.cards[cut.dealer].suit == max(c.suit for c in tied)  # D > H > S > C index
    assert saw_tie
    assert Match(SixBidSolo(), rng=5).dealer == cut_for_dealer(3, random.Random(5)).dealer
    assert Match(SixBidSolo(), rng=5, first_dealer=1).dealer == 1


def test_SBS_7_shuffle_and_cut_from_an_injected_rng_same_seed_same_deal() -> None:
    game = SixBidSolo()
    a, b = game.new_deal(42, dealer=1), game.new_deal(random.Random(42), dealer=1)
    assert a == b and a.dealt == b.dealt and a.widow == b.widow
    assert game.new_deal(43, dealer=1).dealt != a.dealt
    # the documented procedure: shuffle, then the player on the dealer's right cuts
    pack = shuffle_and_cut(random.Random(42))
    assert sorted(pack) == list(range(36)) and game.deal_from_deck(pack, 1) == a
    # the shuffle is uniform: each card reaches each place about equally often
    rng = random.Random(0)
    places = Counter(shuffle_and_cut(rng).index(0) for _ in range(36 * 400))
    chi2 = sum((n - 400) ** 2 / 400 for n in (places[i] for i in range(36)))
    assert chi2 < 70  # 35 degrees of freedom: p < 0.001 beyond about 66


def test_SBS_8_packets_4_3_widow_4() -> None:
    s = SixBidSolo().deal_from_deck(list(range(36)), dealer=2)  # forehand 0
    assert mask_cards(s.hands[0]) == [0, 1, 2, 3, 12, 13, 14, 24, 25, 26, 27]
    assert mask_cards(s.hands[1]) == [4, 5, 6, 7, 15, 16, 17, 28, 29, 30, 31]
    assert mask_cards(s.hands[2]) == [8, 9, 10, 11, 18, 19, 20, 32, 33, 34, 35]
    assert mask_cards(s.widow) == [21, 22, 23]
    four = SixBidSolo({"players": 4}).deal_from_deck(list(range(36)), dealer=0)
    assert four.hands[0] == 0 and [h.bit_count() for h in four.hands] == [0, 11, 11, 11]


def test_SBS_9_deal_passes_to_the_left_a_throw_in_included() -> None:
    m = Match(SixBidSolo(), rng=1, first_dealer=2, deals=5)

    def always_pass(view: object) -> int:
        return PASS

    r = m.play_deal([always_pass] * 3)
    assert r.chips == [0, 0, 0] and r.record["calls"] == ["pass"] * 3
    assert m.dealer == 0
    m.play_deal([always_pass] * 3)
    assert m.dealer == 1


# --- contracts and settlement ------------------------------------------------------------------
def test_SBS_10_solo_and_heart_solo_paid_on_the_margin() -> None:
    assert outcome_chips(HEART_SOLO, 74, H) == [84, -42, -42]  # the rule's own example
    assert outcome_chips(SOLO, 68, S) == [32, -16, -16]
    assert outcome_chips(SOLO, 52, C) == [-32, 16, 16]  # negative: the bidder pays
    assert outcome_chips(SOLO, 60, D) == [0, 0, 0]
    # the multiplier follows the contract, not the suit (a ♥ Solo under SBS-V5 pays ×2)
    assert outcome_chips(SOLO, 70, H, solo_trump="any") == [40, -20, -20]


def test_SBS_11_other_contracts_won_or_lost_whole() -> None:
    assert outcome_chips(MISERE, tricks=0) == [60, -30, -30]
    assert outcome_chips(MISERE, tricks=1) == [-60, 30, 30]
    assert outcome_chips(GUARANTEE, 80, S) == [80, -40, -40]
    assert outcome_chips(GUARANTEE, 119, S) == [80, -40, -40]  # flat, whatever the margin
    assert outcome_chips(SPREAD, tricks=0) == [120, -60, -60]
    assert outcome_chips(CALL_SOLO, 120, D) == [200, -100, -100]
    assert outcome_chips(CALL_SOLO, 119, D) == [-200, 100, 100]


def test_SBS_12_widow_counts_for_the_bidder_in_contracts_1_2_4_6_only() -> None:
    for calls, declare, widow_counts in (
        (["solo", "pass", "pass"], {"trump": "S"}, True),
        (["heart-solo", "pass", "pass"], None, True),
        (["misere", "pass", "pass"], None, False),
        (["guarantee-solo", "pass", "pass"], {"trump": "C"}, True),
        (["spread-misere", "pass", "pass"], None, False),
        (["call-solo", "pass", "pass"], {"call": None, "trump": "H"}, True),
    ):
        s = play_out(state(calls=calls, declare=declare, play=[]), seed=3)
        assert s.bidder == 0
        widow = 2 if widow_counts else 0  # JD 7D 6H: 2 points
        assert s.bidder_points() == s.won_points[0] + widow
        assert replay(s.record())["bidder_points"] == s.won_points[0] + widow
        assert sum(s.won_points) + 2 == 120  # after the last trick: 120 in all (SB-01)


# --- auction -----------------------------------------------------------------------------------
def test_SBS_13_forehand_speaks_first_a_call_is_pass_or_a_contract() -> None:
    s = state(calls=[], declare=None, play=[])
    assert s.phase == "auction" and s.to_move == 0
    assert s.legal_tokens() == ["pass", "solo", "heart-solo", "misere", "guarantee-solo",
                                "spread-misere", "call-solo"]
    e = err(replay, rec(calls=["grand"], declare=None, play=[]))
    assert isinstance(e, NotationError) and "calls[0]" in str(e) and "SBS-13" in str(e)
    e = err(s.apply, 0)  # a card during the auction
    assert isinstance(e, IllegalActionError) and "SBS-13" in str(e)


def test_SBS_14_strictly_higher_bids_and_a_pass_is_final() -> None:
    e = err(replay, rec(calls=["solo", "solo"], declare=None, play=[]))
    assert str(e) == "calls[1]: solo — SBS-14: a bid must name a strictly higher contract than Solo"
    s = state(calls=["solo", "heart-solo"], declare=None, play=[])
    # overcalled: raise or pass
    assert s.to_move == 0 and s.legal_tokens()[:2] == ["pass", "misere"]
    s.apply(PASS)
    assert s.to_move == 2  # forehand is out; endhand speaks


def test_SBS_15_endhand_then_duels_the_survivor() -> None:
    s = state(calls=["solo", "heart-solo", "pass", "misere"], declare=None, play=[])
    assert s.to_move == 1  # the survivor of the first pair answers endhand
    s.apply(call_action("guarantee-solo"))
    assert s.to_move == 2
    s.apply(PASS)
    assert s.bidder == 1 and s.contract == GUARANTEE and s.phase == "declare"


def test_SBS_16_forehand_passes_at_once_then_both_pass_endhand_may_bid() -> None:
    s = state(calls=["pass"], declare=None, play=[])
    assert s.to_move == 1
    s.apply(call_action("solo"))
    assert s.to_move == 2  # middlehand and endhand compete the same way
    s = state(calls=["pass", "pass"], declare=None, play=[])
    assert s.to_move == 2 and len(s.legal_actions()) == 7  # any contract or pass


@pytest.mark.parametrize(("calls", "bidder", "contract"), [
    (["solo", "pass", "pass"], 0, "solo"),
    (["pass", "pass", "misere"], 2, "misere"),
    (["solo", "heart-solo", "pass", "misere", "pass"], 2, "misere"),
    (["call-solo", "pass", "pass"], 0, "call-solo"),
])
def test_SBS_16a_auction_procedure_checks(calls: list[str], bidder: int, contract: str) -> None:
    out = replay(rec(calls=calls, declare=None, play=[]))
    assert out["bidder"] == bidder and out["contract"] == contract
    assert out["phase"] in ("declare", "play")


def test_SBS_16a_a_pass_that_is_the_only_legal_call_is_recorded_never_skipped() -> None:
    s = state(calls=["call-solo"], declare=None, play=[])
    assert s.to_move == 1 and s.legal_tokens() == ["pass"]
    s.apply(PASS)
    assert s.to_move == 2 and s.legal_tokens() == ["pass"] and s.phase == "auction"
    # a record that leaves those passes out stops in the auction, it does not skip them
    assert replay(rec(calls=["call-solo"], declare=None, play=[]))["phase"] == "auction"
    # forehand cannot come back after passing (SB-14)
    s = state(calls=["solo", "heart-solo", "pass", "misere"], declare=None, play=[])
    assert 0 not in (s.to_move,)


def test_SBS_17_all_pass_the_deal_is_thrown_in() -> None:
    out = replay(rec(calls=["pass"] * 3, declare=None, play=[]))
    assert out["phase"] == "done" and out["bidder"] is None and out["contract"] is None
    assert out["chips"] == [0, 0, 0] and out["tricks"] == [] and out["legal"] == []
    e = err(replay, rec(calls=["pass"] * 3, declare=None, play=["AS"]))
    assert "play[0]" in str(e) and "SBS-17" in str(e)
    e = err(replay, rec(calls=["pass"] * 4, declare=None, play=[]))
    assert "calls[3]" in str(e) and "SBS-17" in str(e)


def test_SBS_18_trump_is_never_named_in_the_auction_and_the_contract_stands() -> None:
    s = state(calls=[], declare=None, play=[])
    assert all(36 <= a <= 42 for a in s.legal_actions())  # calls only, no trump
    e = err(s.apply, 44)  # trump ♠ during the auction
    assert "SBS-13" in str(e)
    e = err(replay, rec(calls=["solo", "pass", "pass", "heart-solo"]))
    assert "calls[3]" in str(e) and "SBS-18" in str(e)


# --- declaration -------------------------------------------------------------------------------
def test_SBS_19_trump_choices_by_contract() -> None:
    s = state(declare=None, play=[])
    assert s.step == "trump" and s.legal_tokens() == ["C", "S", "D"]  # Solo: no hearts
    e = err(replay, rec(declare={"trump": "H"}, play=[]))
    assert "declare.trump" in str(e) and "SBS-19" in str(e)
    g = state(calls=["guarantee-solo", "pass", "pass"], declare=None, play=[])
    assert g.legal_tokens() == ["C", "S", "H", "D"]
    hs = replay(rec(calls=["heart-solo", "pass", "pass"], declare=None, play=[]))
    assert hs["phase"] == "play" and hs["trump"] == "H"
    assert replay(rec(calls=["heart-solo", "pass", "pass"], declare={"trump": "H"},
                      play=[]))["trump"] == "H"
    mis = replay(rec(calls=["misere", "pass", "pass"], declare={}, play=[]))
    assert mis["trump"] is None and mis["phase"] == "play"
    e = err(replay, rec(calls=["misere", "pass", "pass"], declare={"trump": "S"}, play=[]))
    assert "declare.trump" in str(e) and "SBS-19" in str(e)


def test_SBS_20_call_solo_call_exchange_and_trump() -> None:
    base = {"calls": ["call-solo", "pass", "pass"], "play": []}
    s = state(declare=None, **base)
    assert s.step == "call" and s.legal_tokens()[0] is None  # declining is listed first
    assert "AS" not in s.legal_tokens() and "AH" in s.legal_tokens()
    e = err(replay, rec(declare={"call": "AS", "trump": "S"}, **base))
    assert "declare.call" in str(e) and "SBS-20" in str(e)
    # a defender holds AH: it is handed over and the bidder gives a card back
    s = state(declare={"call": "AH"}, **base)
    assert s.step == "give" and s.to_move == 0
    assert Card.parse("AH") in s.view(0).hand and "AH" not in s.legal_tokens()
    assert len(s.legal_tokens()) == 11  # any of the bidder's 12 cards but the called one
    e = err(replay, rec(declare={"call": "AH", "give": "AH", "trump": "H"}, **base))
    assert "declare.give" in str(e) and "SBS-20" in str(e)
    s = state(declare={"call": "AH", "give": "6D", "trump": "H"}, **base)
    assert s.hands[1] >> parse_card("6D") & 1 and s.phase == "play" and s.trump == H
    assert s.view(1).given == Card.parse("6D") and s.view(2).given is None
    # the called card lies in the widow: nothing is exchanged, trump follows at once
    s = state(declare={"call": "JD"}, **base)
    assert s.step == "trump" and s.call_holder == -1
    e = err(replay, rec(declare={"call": "JD", "give": "6D", "trump": "S"}, **base))
    assert "declare.give" in str(e) and "SBS-20" in str(e)
    # a step given before its earlier steps is rejected
    e = err(replay, rec(declare={"give": "6D"}, **base))
    assert "declare.give" in str(e)
    e = err(replay, rec(declare={"trump": "S"}, **base))
    assert "declare.trump" in str(e) and "SBS-20" in str(e)
    # declining the call
    assert replay(rec(declare={"call": None, "trump": "C"}, **base))["trump"] == "C"


def test_SBS_21_spread_misere_hand_is_exposed_to_both_defenders() -> None:
    s = state(calls=["spread-misere", "pass", "pass"], declare=None, play=[])
    bidder_hand = set(s.view(0).hand)
    for defender in (1, 2):
        v = s.view(defender)
        assert v.exposed is not None and set(v.exposed) == bidder_hand
    before = state(calls=["spread-misere", "pass"], declare=None, play=[])
    assert all(before.view(d).exposed is None for d in (1, 2))  # not during the auction


# --- play --------------------------------------------------------------------------------------
def test_SBS_22_forehand_leads_except_spread_misere() -> None:
    assert state(play=[]).to_move == 0
    s = state(calls=["pass", "spread-misere", "pass"], declare=None, play=[])
    assert s.bidder == 1 and s.to_move == 2  # the first active player after the bidder
    s = state(calls=["pass", "pass", "spread-misere"], declare=None, play=[])
    assert s.bidder == 2 and s.to_move == 0
    four = random_state(11, {"players": 4}, stop="play")
    sitting_out = four.dealer
    while not four.is_terminal():
        assert four.to_move != sitting_out
        four.apply(four.legal_actions()[0])


def test_SBS_23_follow_suit_else_trump_else_any() -> None:
    # trick 1: AS 7S 6S (seat 0 wins); trick 2: 7H AH 8H (seat 1 wins); seat 1 leads KH
    s = state(play=["AS", "7S", "6S", "7H", "AH", "8H", "KH"])
    assert s.to_move == 2
    e = err(s.apply_at, parse_card("KD"), "play[7]")
    assert str(e) == "play[7]: KD — SBS-23: must follow suit ♥"
    s.apply(parse_card("9H"))
    assert s.to_move == 0  # void in hearts, holding spades (trump): must trump
    e = err(replay, rec(play=["AS", "7S", "6S", "7H", "AH", "8H", "KH", "9H", "9D"]))
    assert str(e) == "play[8]: 9D — SBS-23: void in ♥: must play a trump ♠"
    assert s.legal_tokens() == ["TS", "KS", "QS", "JS"]
    e = err(replay, rec(play=["AS", "7S", "6S", "7H", "AH", "8H", "KH", "9H", "9C"]))
    assert "SBS-23" in str(e)  # seat 0 does not hold 9C
    # no obligation to head the trick or to over-trump: any trump will do, the lowest too
    s.apply(parse_card("JS"))
    assert s.tricks[-1] == (1, (parse_card("KH"), parse_card("9H"), parse_card("JS")), 0)
    # no trump in Misère: a void player may play any card
    m = state(calls=["misere", "pass", "pass"], declare=None,
              play=["7H", "AH", "8H", "KH", "9H"])
    assert m.to_move == 0 and len(m.legal_actions()) == 10


def test_SBS_24_highest_trump_else_highest_of_the_led_suit() -> None:
    s = state(play=["AS", "7S", "6S", "TC", "KC", "9C"])
    assert s.tricks[1][2] == 0  # TC above KC: the ten outranks the king (SBS-2)
    s = state(play=["AS", "7S", "6S", "7H", "AH", "8H"])
    assert s.tricks[1][2] == 1
    # ♥ trump (Heart Solo): a low trump beats the led suit's ace
    hs = state(calls=["heart-solo", "pass", "pass"], declare=None,
               play=["AC", "KC", "9C", "TS", "9S", "6S", "KS", "8S", "8H"])
    assert hs.tricks[2][2] == 2
    # no trump suit in Misère: the same cards, the led suit wins
    m = state(calls=["misere", "pass", "pass"], declare=None,
              play=["AC", "KC", "9C", "TS", "9S", "6S", "KS", "8S", "8H"])
    assert m.tricks[2][2] == 0
    assert m.trick_winner(1, [parse_card("9S"), parse_card("AH"), parse_card("8S")]) == 1


def test_SBS_25_all_11_tricks_are_always_played() -> None:
    s = state(calls=["call-solo", "pass", "pass"], declare={"call": None, "trump": "S"},
              play=["AS", "7S", "6S", "7H", "AH", "8H"])
    assert s.won_tricks[1] == 1 and s.phase == "play"  # Call Solo lost already, play goes on
    play_out(s)
    assert len(s.tricks) == 11 and s.phase == "done" and s.to_move is None
    record = s.record()
    record["play"].append("AS")
    e = err(replay, record)
    assert "play[33]" in str(e) and "SBS-25" in str(e)


# --- the match ---------------------------------------------------------------------------------
def random_agent(seed: int) -> object:
    rng = random.Random(seed)

    def act(view: object) -> int:
        return rng.choice(view.legal)  # type: ignore[attr-defined]

    return act


def test_SBS_26_starting_chips_and_balances_never_capped() -> None:
    assert Match(SixBidSolo()).balances == [500, 500, 500]
    m = Match(SixBidSolo(), rng=3, starting_chips=5, deals=50)
    m.play([random_agent(i) for i in range(3)])  # type: ignore[list-item]
    assert min(m.balances) <= 0  # may go below zero; nothing is capped
    assert sum(m.balances) == 15
    assert "SBS-26" in str(err(Match, SixBidSolo(), starting_chips=0))


def test_SBS_27_settlement_is_zero_sum_and_a_throw_in_changes_nothing() -> None:
    for seed in range(200):
        s = random_state(seed, {"players": 3 + seed % 3})
        assert sum(s.chips()) == 0
        if s.bidder is None:
            assert s.chips() == [0] * s.n
        else:
            assert s.chips()[s.bidder] == -sum(c for i, c in enumerate(s.chips())
                                               if i != s.bidder)


def test_SBS_28_match_ends_after_n_deals_or_at_zero_and_ties_share() -> None:
    m = Match(SixBidSolo(), rng=9, deals=3)
    m.play([random_agent(i) for i in range(3)])  # type: ignore[list-item]
    assert m.deals_played <= 3 and m.is_over()
    if min(m.balances) > 0:
        assert m.deals_played == 3
    assert "SBS-28" in str(err(m.next_deal))
    m = Match(SixBidSolo(), rng=3, starting_chips=5, deals=500)
    m.play([random_agent(i) for i in range(3)])  # type: ignore[list-item]
    assert min(m.balances) <= 0 and m.deals_played < 500
    assert all(m.balances[w] == max(m.balances) for w in m.winners())
    tie = Match(SixBidSolo(), rng=1, deals=1)
    tie.play([lambda v: PASS] * 3)  # one deal thrown in: everyone shares the win
    assert tie.winners() == [0, 1, 2] and tie.is_over()


# --- options -----------------------------------------------------------------------------------
def test_SBS_V1_misere_by_card_points() -> None:
    # SB-05: the bidder wins one trick made of 9♣ 8♦ 7♠
    assert outcome_chips(MISERE, tricks=1, trick_points=0) == [-60, 30, 30]
    assert outcome_chips(MISERE, tricks=1, trick_points=0, misere="no_card_points") == [60, -30,
                                                                                        -30]
    assert outcome_chips(SPREAD, tricks=2, trick_points=0, misere="no_card_points")[0] == 120
    assert outcome_chips(SPREAD, tricks=1, trick_points=2, misere="no_card_points")[0] == -120


def test_SBS_V2_four_and_five_players() -> None:
    assert active_seats(Options(players=5), 0) == (1, 2, 4)  # hoyle: 2 left, 1 right
    assert active_seats(Options(players=5, five_player_sitout="next_dealer"), 0) == (2, 3, 4)
    assert active_seats(Options(players=5, five_player_sitout="second_next_dealer"), 0) \
        == (1, 3, 4)
    # SB-11: 4 players, the dealer settles like any opponent
    assert outcome_chips(SOLO, 70, C, players=4) == [60, -20, -20, -20]
    # SB-12: 5 players, a made Solo/Heart Solo collects from the two defenders only
    assert outcome_chips(HEART_SOLO, 70, H, players=5) == [60, -30, -30, 0, 0]
    assert outcome_chips(HEART_SOLO, 50, H, players=5) == [-120, 30, 30, 30, 30]
    assert outcome_chips(GUARANTEE, 85, S, players=5) == [160, -40, -40, -40, -40]  # SB-13
    # records: the empty seats must be exactly those the option gives
    hands = rec()["hands"]
    five = rec(options={"players": 5}, dealer=0, calls=[], declare=None, play=[],
               hands=[[], hands[0], hands[1], [], hands[2]])
    assert replay(five)["to_move"] == 1
    five["options"]["five_player_sitout"] = "next_dealer"
    e = err(replay, five)
    assert isinstance(e, RecordError) and "REC-5" in str(e)


def test_SBS_V3_spread_exposure_timing() -> None:
    def exposed_after(option: str, cards: int) -> bool:
        s = state(options={"spread_expose": option}, calls=["spread-misere", "pass", "pass"],
                  declare=None, play=[])
        for _ in range(cards):
            s.apply(s.legal_actions()[0])
        return s.view(1).exposed is not None

    assert exposed_after("before_first_trick", 0)
    assert not exposed_after("after_opening_lead", 0) and exposed_after("after_opening_lead", 1)
    assert not exposed_after("after_both_defenders", 1)
    assert exposed_after("after_both_defenders", 2)


def test_SBS_V4_frog_is_its_own_game() -> None:
    e = err(replay, rec(game="frog"))  # Six-Bid Solo's options and calls are not Frog's
    assert "REC-2" in str(e) and "options.misere" in str(e)
    e = err(replay, rec(game="frog", options=None))
    assert "SBS-13" in str(e) and "frog, chico, grand" in str(e)
    e = err(replay, rec(calls=["frog"]))
    assert "SBS-13" in str(e)
    e = err(make_game, "bridge")
    assert "unknown game" in str(e)


def test_SBS_V5_solo_trump_any_allows_hearts_at_solo_prices() -> None:
    s = state(options={"solo_trump": "any"}, declare=None, play=[])
    assert s.legal_tokens() == ["C", "S", "H", "D"]
    done = play_out(state(options={"solo_trump": "any"}, declare={"trump": "H"}, play=[]))
    assert done.trump == H and done.opponent_amount() == 2 * (done.bidder_points() - 60)


def test_SBS_V6_call_solo_order_trump_first() -> None:
    s = state(options={"call_solo_order": "trump_first"}, calls=["call-solo", "pass", "pass"],
              declare=None, play=[])
    assert s.step == "trump"
    s.apply(43 + D)
    assert s.step == "call"
    out = replay(rec(options={"call_solo_order": "trump_first"},
                     calls=["call-solo", "pass", "pass"],
                     declare={"give": "6D", "call": "AH", "trump": "D"}, play=[]))
    assert out["phase"] == "play" and out["trump"] == "D"


# --- the worked cases of shared/rules/sources.md §2.3 -------------------------------------------
def test_sources_SB_01_to_SB_15() -> None:
    s = random_state(5)
    assert sum(h.bit_count() for h in s.dealt) + s.widow.bit_count() == 36  # SB-01
    assert outcome_chips(SOLO, 68, S) == [32, -16, -16]  # SB-02
    assert outcome_chips(HEART_SOLO, 55, H) == [-30, 15, 15]  # SB-03
    assert outcome_chips(SOLO, 60, D) == [0, 0, 0]  # SB-04
    assert outcome_chips(MISERE, tricks=1) == [-60, 30, 30]  # SB-05
    assert outcome_chips(GUARANTEE, 74, H) == [80, -40, -40]  # SB-06
    assert outcome_chips(GUARANTEE, 73, H) == [-80, 40, 40]
    assert outcome_chips(GUARANTEE, 79, C) == [-80, 40, 40]  # SB-07
    assert outcome_chips(GUARANTEE, 80, C) == [80, -40, -40]
    assert outcome_chips(CALL_SOLO, 120, D, tricks=10) == [200, -100, -100]  # SB-08
    assert outcome_chips(CALL_SOLO, 120, H) == [300, -150, -150]  # SB-09
    assert outcome_chips(CALL_SOLO, 100, H) == [-300, 150, 150]
    assert outcome_chips(SPREAD, tricks=0) == [120, -60, -60]  # SB-10
    assert outcome_chips(SOLO, 70, C, players=4) == [60, -20, -20, -20]  # SB-11
    out = replay(rec(calls=["solo", "heart-solo", "pass", "misere", "pass"], declare=None,
                     play=[]))
    assert out["bidder"] == 2 and out["contract"] == "misere"  # SB-14
    assert replay(rec(calls=["pass"] * 3, declare=None, play=[]))["chips"] == [0, 0, 0]  # SB-15


def test_sources_SB_08_call_solo_exchange_then_a_pointless_trick_lost() -> None:
    """The exchange on a built deal, then the settlement of 120 points with a trick lost."""
    hands = [
        ["AS", "TS", "KS", "QS", "JS", "9S", "AC", "TC", "KC", "QC", "JC"],  # forehand, bidder
        ["8S", "9C", "8C", "7C", "6C", "9H", "8H", "7H", "6H", "9D", "8D"],
        ["7S", "AH", "TH", "KH", "QH", "JH", "AD", "TD", "KD", "QD", "6S"],
    ]
    widow = ["JD", "7D", "6D"]
    base = rec(hands=hands, widow=widow, dealer=2, calls=["call-solo", "pass", "pass"],
               declare={"call": "AH", "give": "9S", "trump": "S"}, play=[])
    s = state_of(base)
    # bidder 0 now holds AH, endhand 2 holds 9S; play it out with the bidder taking all points
    assert s.hands[2] >> parse_card("9S") & 1
    out = replay(s.record())
    assert out["phase"] == "play"
    o = Outcome(CALL_SOLO, S, 120, 10, 118)
    assert settle(Options(), 0, (1, 2), o) == [200, -100, -100]


def test_errors_change_nothing() -> None:
    s = state(play=["AS", "7S", "6S", "7H", "AH", "8H", "KH"])
    before = s.key()
    for bad in (parse_card("KD"), 36, 44, 47, 119, 999, -1):
        err(s.apply, bad)
        assert s.key() == before
    err(s.apply, "KD")  # type: ignore[arg-type]
    assert s.key() == before


def test_views_hold_no_hidden_card() -> None:
    s = state(calls=["call-solo", "pass", "pass"], declare={"call": "AH", "give": "6D"},
              play=[])
    widow = set(mask_cards(s.widow))
    for seat in range(3):
        v = s.view(seat)
        seen = {parse_card(c.text) for c in v.visible_cards()}
        assert not seen & widow
        for other in range(3):
            if other != seat:
                leaked = seen & set(mask_cards(s.hands[other]))
                allowed = {parse_card("AH")} if other == 0 else set()
                if seat == 0 and other == 1:
                    allowed.add(parse_card("6D"))  # the bidder knows the card given
                assert leaked <= allowed
    with pytest.raises(IllegalActionError):
        s.view(3)
