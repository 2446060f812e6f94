"""Frog, rule by rule (``shared/rules/frog.md``: FR-1..5, the options) and the worked cases of
``sources.md`` §3.3, played end to end through checked apply and replay.

``BASE`` deals the example hands of hand-record.md: dealer 2, so seat 0 is forehand.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import sbs

import tutor
from tutor.engine.record import record_of, state_of
from tutor.errors import IllegalActionError, OptionError, RecordError, TutorError
from tutor.games.frog.rules import DISCARD_BASE, Frog, FrogState
from tutor.games.tapp import CARD_INDEX, POINTS, mask_cards, mask_points

BASE: dict[str, Any] = {
    "format": "tutor-record/1",
    "game": "frog",
    "dealer": 2,
    "hands": [["AS", "TS", "KS", "QS", "JS", "AC", "TC", "7H", "9D", "8D", "6D"],
              ["9S", "8S", "7S", "KC", "QC", "JC", "AH", "KH", "QH", "AD", "TD"],
              ["6S", "9C", "8C", "7C", "6C", "TH", "JH", "9H", "8H", "KD", "QD"]],
    "widow": ["JD", "7D", "6H"],
    "calls": ["frog", "pass", "pass"],
}


def rec(**over: Any) -> dict[str, Any]:
    """A copy of Frog's BASE with keys replaced (``None`` removes a key)."""
    return sbs.rec(BASE, **over)


def err(record: dict[str, Any]) -> TutorError:
    with pytest.raises(TutorError) as info:
        tutor.replay(record)
    return info.value


def frog_state(**over: Any) -> FrogState:
    s = state_of(rec(**over))
    assert isinstance(s, FrogState)
    return s


def play_randomly(s: FrogState, rng: random.Random) -> FrogState:
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s


def deal_reaching(contract: str, points: int, options: dict[str, Any] | None = None,
                  discard: tuple[str, ...] | None = None, trick_points: int | None = None
                  ) -> FrogState:
    """A seeded deal in which forehand plays ``contract`` (the others pass) and random play
    ends with the bidder's P = ``points`` (and, given, that discard and card points in tricks).
    """
    game = Frog(options or {})
    for seed in range(20000):
        rng = random.Random(seed)
        s = game.new_deal(rng, dealer=rng.randrange(game.players))
        for call in (contract, "pass", "pass"):
            s.apply(game.parse_call(call))
        if discard is not None:
            held = [CARD_INDEX[tutor.Card.parse(t)] for t in discard]
            if any(not s.hands[s.bidder] >> c & 1 for c in held):  # type: ignore[index]
                continue
            for c in held:
                s.apply(DISCARD_BASE + c)
        while s.phase == "declare":
            s.apply(rng.choice(s.legal_actions()))
        start = s.copy()
        for _ in range(40):  # several random plays of the same deal
            s = play_randomly(start.copy(), rng)
            if s.bidder_points() == points and (
                    trick_points is None or s.won_points[s.bidder] == trick_points):  # type: ignore[index]
                return s
    raise AssertionError(f"no seeded deal reaches {contract} with {points}")


# --- the worked cases of sources.md §3.3 (frog.md "Checks") ------------------------------------
@pytest.mark.parametrize(("contract", "points", "options", "each"), [
    ("frog", 80, {}, 20),                             # FR-01: +20 from each, +40
    ("frog", 40, {}, -20),                            # FR-02: pays 20 to each, −40
    ("chico", 80, {}, 40),                            # FR-03
    ("grand", 80, {}, 80),                            # FR-04 ×4
    ("grand", 80, {"grand_multiplier": 3}, 60),       # FR-04 ×3
    ("grand", 57, {}, -12),                           # FR-05 ×4
    ("grand", 57, {"grand_multiplier": 3}, -9),       # FR-05 ×3
    ("frog", 60, {}, 0),                              # FR-07
])
def test_FR_1_worked_cases_settle_on_the_margin(contract: str, points: int,
                                                options: dict[str, Any], each: int) -> None:
    s = deal_reaching(contract, points, options)
    bidder = s.bidder
    assert bidder is not None
    chips = s.chips()
    assert chips[bidder] == 2 * each and sum(chips) == 0
    assert all(chips[o] == -each for o in range(3) if o != bidder)
    assert s.made() is (points >= 61)
    out = tutor.replay(record_of(s))
    assert out["bidder_points"] == points and out["chips"] == chips
    assert out["made"] is (points >= 61)


def test_FR_1_frog_discard_counts_for_the_bidder_FR_06() -> None:
    # Frog; discard A♠ 10♠ 6♣ (21 points) and 45 in tricks: 66 → +6 from each
    s = deal_reaching("frog", 66, discard=("AS", "TS", "6C"), trick_points=45)
    assert mask_points(s.discarded) == 21 and s.won_points[s.bidder] == 45  # type: ignore[index]
    assert s.chips()[s.bidder] == 12  # type: ignore[index]
    assert tutor.replay(record_of(s))["chips"] == s.chips()


def test_FR_1_chico_and_grand_count_the_unseen_widow_frog_does_not() -> None:
    for contract in ("chico", "grand", "frog"):
        s = deal_reaching(contract, 70)
        bidder = s.bidder
        assert bidder is not None
        extra = mask_points(s.widow) if contract != "frog" else mask_points(s.discarded)
        assert s.bidder_points() == s.won_points[bidder] + extra
        # the card points are all accounted for: 120 between the tricks and the laid-away cards
        laid = s.discarded if contract == "frog" else s.widow
        assert sum(s.won_points) + mask_points(laid) == 120


def test_FR_2_frog_takes_the_widow_then_discards_three_one_at_a_time() -> None:
    s = frog_state()
    assert s.phase == "declare" and s.step == "discard" and s.to_move == 0
    assert len(s.legal_actions()) == 14  # 11 + the 3 widow cards
    assert {"JD", "7D", "6H"} <= set(s.legal_tokens())  # type: ignore[arg-type]
    out = tutor.replay(rec(declare={"discard": ["AS", "JD"]}))
    assert out["phase"] == "declare" and out["step"] == "discard" and len(out["legal"]) == 12
    done = frog_state(declare={"discard": ["AS", "TS", "JD"]})
    assert done.phase == "play" and done.hands[0].bit_count() == 11  # 11 again
    assert record_of(done)["declare"] == {"discard": ["AS", "TS", "JD"]}
    # point cards may be discarded, widow cards or not (sources.md F7)
    assert mask_points(done.discarded) == 11 + 10 + 2


def test_FR_2_discard_errors_name_the_rule_and_the_place() -> None:
    e = err(rec(declare={"discard": ["AS", "AS"]}))
    assert isinstance(e, IllegalActionError) and "FR-2" in str(e) and "declare.discard[1]" in str(e)
    e = err(rec(declare={"discard": ["AS", "TS", "KS", "QS"]}))
    assert "FR-2" in str(e) and "declare.discard[3]" in str(e)
    e = err(rec(declare={"discard": ["9S"]}))  # a card of middlehand's
    assert "FR-2" in str(e) and "declare.discard[0]" in str(e)
    e = err(rec(declare={"discard": ["XX"]}))
    assert "REC-3" in str(e) and "declare.discard[0]" in str(e)
    e = err(rec(declare={"discard": "AS"}))
    assert isinstance(e, RecordError) and "REC-1" in str(e)
    e = err(rec(declare={"discard": ["AS"]}, play=["KS"]))
    assert "FR-2" in str(e) and "play[0]" in str(e)
    e = err(rec(calls=["chico", "pass", "pass"], declare={"discard": ["AS", "TS", "6D"]}))
    assert "FR-2" in str(e) and "declare.discard" in str(e)
    e = err(rec(declare={"exchange": "AS"}))
    assert "REC-1" in str(e)
    s = frog_state()
    with pytest.raises(IllegalActionError, match="FR-2"):
        s.apply(s.legal_actions()[0] - DISCARD_BASE)  # a card played instead of discarded
    with pytest.raises(IllegalActionError, match="FR-2"):
        s.apply(DISCARD_BASE + CARD_INDEX[tutor.Card.parse("9S")])


def test_FR_2_chico_names_trump_grand_and_frog_declare_nothing() -> None:
    s = frog_state(calls=["chico", "pass", "pass"])
    assert s.step == "trump" and s.legal_tokens() == ["C", "S", "D"]
    e = err(rec(calls=["chico", "pass", "pass"], declare={"trump": "H"}))
    assert "FR-2" in str(e) and "declare.trump" in str(e)
    chico = tutor.replay(rec(calls=["chico", "pass", "pass"], declare={"trump": "C"}))
    assert chico["trump"] == "C"
    grand = tutor.replay(rec(calls=["grand", "pass", "pass"]))
    assert grand["phase"] == "play" and grand["trump"] == "H" and grand["to_move"] == 0
    # a fixed ♥ may be written, as for Heart Solo; any other suit is an error
    assert tutor.replay(rec(calls=["grand", "pass", "pass"], declare={"trump": "H"})) == grand
    e = err(rec(calls=["grand", "pass", "pass"], declare={"trump": "S"}))
    assert "FR-2" in str(e) and "declare.trump" in str(e)


def test_FR_3_forehand_leads_the_first_trick() -> None:
    for dealer in range(3):
        s = Frog().new_deal(random.Random(dealer), dealer)
        s.apply(s.game.parse_call("pass"))
        s.apply(s.game.parse_call("grand"))
        s.apply(s.game.parse_call("pass"))
        assert s.bidder == s.active[1] and s.to_move == s.active[0]  # forehand, not the bidder


def test_FR_4_five_players_settle_with_all_four_opponents() -> None:
    s = deal_reaching("chico", 70, {"players": 5})
    chips = s.chips()
    assert s.bidder is not None and chips[s.bidder] == 4 * 20
    assert sorted(chips[o] for o in range(5) if o != s.bidder) == [-20] * 4
    ex = deal_reaching("chico", 70, {"players": 5, "five_player_margin_exception": True})
    chips = ex.chips()
    assert ex.bidder is not None and chips[ex.bidder] == 2 * 20
    assert [chips[d] for d in ex.defenders] == [-20, -20]
    lost = deal_reaching("frog", 50, {"players": 5, "five_player_margin_exception": True})
    assert lost.chips()[lost.bidder] == -40  # type: ignore[index]  # a lost one pays all four


def test_FR_4_four_players_the_dealer_settles_like_any_opponent() -> None:
    s = deal_reaching("grand", 65, {"players": 4})
    assert s.chips()[s.dealer] == -20 and s.chips()[s.bidder] == 60  # type: ignore[index]


def test_FR_5_the_multiplier_follows_the_contract_not_the_suit() -> None:
    any_suit = {"chico_trump": "any"}
    s = frog_state(options=any_suit, calls=["chico", "pass", "pass"])
    assert s.legal_tokens() == ["C", "S", "H", "D"]
    game = Frog(any_suit)
    for seed in range(200):
        rng = random.Random(seed)
        s = game.new_deal(rng, 2)
        for call in ("chico", "pass", "pass"):
            s.apply(game.parse_call(call))
        s.apply(s.legal_actions()[2])  # ♥
        play_randomly(s, rng)
        if s.bidder_points() != 60:
            break
    assert s.trump == 2 and s.opponent_amount() == 2 * (s.bidder_points() - 60)


# --- options -----------------------------------------------------------------------------------
def test_options_defaults_and_unknown_keys_or_values() -> None:
    assert Frog().options_dict() == {
        "players": 3, "five_player_sitout": "hoyle", "grand_multiplier": 4,
        "chico_trump": "no_hearts", "auction": "duel", "five_player_margin_exception": False,
        "deal_pattern": "4-3-w-4"}
    for bad in ({"grand_multiplier": 2}, {"grand_multiplier": "3"}, {"auction": "open"},
                {"five_player_margin_exception": 1}, {"solo_trump": "any"},
                {"deal_pattern": "4-3-w-3"}):
        e = err(rec(options=bad))
        assert isinstance(e, OptionError) and "REC-2" in str(e), bad


def test_single_round_auction_each_speaks_once_forced_passes_recorded() -> None:
    opts = {"auction": "single_round"}
    s = frog_state(options=opts, calls=["frog", "grand"])
    assert s.to_move == 2 and s.legal_tokens() == ["pass"]  # nothing above Grand
    out = tutor.replay(rec(options=opts, calls=["frog", "grand", "pass"]))
    assert out["bidder"] == 1 and out["contract"] == "grand"
    out = tutor.replay(rec(options=opts, calls=["pass", "chico", "grand"]))
    assert out["bidder"] == 2 and out["contract"] == "grand"
    out = tutor.replay(rec(options=opts, calls=["chico", "pass", "pass"], declare={"trump": "S"}))
    assert out["bidder"] == 0 and out["phase"] == "play"
    thrown = tutor.replay(rec(options=opts, calls=["pass", "pass", "pass"]))
    assert thrown["phase"] == "done" and thrown["chips"] == [0, 0, 0]
    # in the duel forehand may come back; in one round he may not
    duel = tutor.replay(rec(calls=["frog", "chico", "grand", "pass", "pass"]))
    assert duel["bidder"] == 0 and duel["contract"] == "grand"
    e = err(rec(options=opts, calls=["frog", "chico", "grand", "pass"], declare=None))
    assert "calls[3]" in str(e) and "SBS-18" in str(e)
    e = err(rec(options=opts, calls=["chico", "frog"]))
    assert "SBS-14" in str(e) and "calls[1]" in str(e)
    view = frog_state(options=opts, calls=["pass", "chico", "pass"], declare={"trump": "D"}).view(0)
    assert view.calls == ((0, "pass"), (1, "chico"), (2, "pass"))


def test_deal_pattern_changes_the_shuffled_deal_not_a_record() -> None:
    a = Frog().new_deal(7, dealer=0)
    b = Frog({"deal_pattern": "3-w-4-4"}).new_deal(7, dealer=0)
    assert a.widow != b.widow or a.dealt != b.dealt
    assert sorted(mask_cards(b.widow | b.dealt[0] | b.dealt[1] | b.dealt[2])) == list(range(36))
    assert [h.bit_count() for h in b.dealt] == [11, 11, 11]
    same = rec(options={"deal_pattern": "3-w-4-4"}, declare={"discard": ["AS", "TS", "6D"]})
    plain = tutor.replay(rec(declare={"discard": ["AS", "TS", "6D"]}))
    assert tutor.replay(same) == plain


def test_five_player_sitout_options_seat_the_same_as_six_bid_solo() -> None:
    for sitout, empty in (("hoyle", {0, 3}), ("next_dealer", {0, 1}),
                          ("second_next_dealer", {0, 2})):
        s = Frog({"players": 5, "five_player_sitout": sitout}).new_deal(1, dealer=0)
        assert {i for i, h in enumerate(s.dealt) if h == 0} == empty


# --- hidden information, views, records -------------------------------------------------------
def test_the_defenders_never_see_the_widow_or_the_discard() -> None:
    s = frog_state(declare={"discard": ["AS", "TS", "JD"]}, play=["KS", "9S", "6S"])
    widow = {tutor.Card.parse(t) for t in BASE["widow"]}
    discard = {tutor.Card.parse(t) for t in ("AS", "TS", "JD")}
    for seat in (1, 2):
        v = s.view(seat)
        assert v.discarded is None and not (v.visible_cards() & (widow | discard))
    bidder = s.view(0)
    assert set(bidder.discarded or ()) == discard
    assert bidder.visible_cards() >= widow | discard
    # during the discard only the bidder holds the widow cards
    mid = frog_state()
    assert not mid.view(1).visible_cards() & widow and mid.view(0).visible_cards() >= widow


def test_undo_takes_back_the_pickup_with_the_winning_call() -> None:
    s = frog_state(declare={"discard": ["AS"]})
    before = frog_state(calls=["frog", "pass"], declare=None)
    s.undo()
    s.undo()  # the discard, then the call that won the auction and picked the widow up
    assert s.key() == before.key() and s.hands[0].bit_count() == 11 and s.discarded == 0


def test_records_round_trip_every_contract_and_option() -> None:
    for options in ({}, {"players": 4, "auction": "single_round"},
                    {"players": 5, "grand_multiplier": 3, "chico_trump": "any"}):
        game = Frog(options)
        for seed in range(30):
            rng = random.Random(seed)
            s = play_randomly(game.new_deal(rng, rng.randrange(game.players)), rng)
            again = state_of(record_of(s))
            assert again.key() == s.key() and tutor.replay(record_of(s)) == s.describe()


def test_errors_cite_the_inherited_six_bid_solo_rules() -> None:
    e = err(rec(declare={"discard": ["AS", "TS", "6D"]}, play=["KS", "KC"]))
    assert isinstance(e, IllegalActionError) and "SBS-23" in str(e) and "play[1]" in str(e)
    e = err(rec(calls=["solo", "pass", "pass"]))
    assert "SBS-13" in str(e) and "calls[0]" in str(e) and "frog, chico, grand" in str(e)
    e = err(rec(calls=["grand", "frog"]))
    assert "SBS-14" in str(e) and "calls[1]" in str(e)
    s = frog_state(calls=[], declare=None)
    with pytest.raises(IllegalActionError, match="SBS-13"):
        s.apply(36 + 4)  # Six-Bid Solo's Guarantee Solo is no Frog contract
    assert s.legal_tokens() == ["pass", "frog", "chico", "grand"]
    full = play_randomly(frog_state(declare={"discard": ["AS", "TS", "6D"]}), random.Random(1))
    e = err({**record_of(full), "play": record_of(full)["play"] + ["AS"]})
    assert "SBS-25" in str(e)


def test_points_of_the_36_card_deck_total_120_in_frog() -> None:
    assert sum(POINTS) == 120


def test_a_frog_match_keeps_chips_and_passes_the_deal_left() -> None:
    # SBS-26..28 inherited: chips only move between seats, the deal passes left (SBS-9)
    from tutor.engine.match import Match

    rng = random.Random(5)
    match = Match(Frog({"players": 4}), rng=rng, deals=8, first_dealer=1, starting_chips=5000)

    def agent(view: Any) -> int:
        return int(rng.choice(view.legal))

    dealers = []
    while not match.is_over():
        dealers.append(match.dealer)
        result = match.play_deal([agent] * 4)
        assert sum(result.chips) == 0 and result.record["game"] == "frog"
    assert sum(match.balances) == 4 * 5000 and match.deals_played == 8
    assert dealers[:4] == [1, 2, 3, 0]
