"""``tutor.solver.api.solve(record)``: values of records stopped in the play, and the same error
contract as replay (a TutorError naming the rule and the place)."""

from __future__ import annotations

import json

import pytest
from sbs import rec
from solver_cases import brute_force, brute_force_children, position

from tutor.engine.record import record_of, state_of
from tutor.errors import RecordError, TutorError
from tutor.games.six_bid_solo.rules import SixBidSoloState
from tutor.games.tapp import CARD_TEXT
from tutor.solver.api import solve


def _late_record(seed: int, contract: int, left: int,
                 options: dict[str, object] | None = None) -> dict[str, object]:
    return record_of(position(seed, contract, left, options))


@pytest.mark.parametrize("contract", range(1, 7))
def test_value_and_cards_match_brute_force(contract: int) -> None:
    for seed in range(4):
        record = _late_record(seed, contract, 7 + seed)
        s = state_of(record)
        assert isinstance(s, SixBidSoloState)
        out = solve(record)
        assert out["value"] == brute_force(s)
        children = brute_force_children(s)
        assert out["cards"] == {CARD_TEXT[c]: v for c, v in children.items()}
        assert list(out["cards"]) == [CARD_TEXT[c] for c in s.legal_actions()]  # legal order
        assert out["to_move"] == s.to_move and out["bidder"] == s.bidder
        assert out["contract"] == s.contract_id
        assert out["unit"] == ("tricks" if contract in (3, 5) else "points")
        assert out["bidder_aims"] == ("min" if contract in (3, 5) else "max")
        json.dumps(out)  # plain JSON


@pytest.mark.rule("SBS-V1")
def test_misere_no_card_points_counts_points() -> None:
    record = _late_record(5, 3, 9, {"misere": "no_card_points"})
    s = state_of(record)
    assert isinstance(s, SixBidSoloState)
    out = solve(record)
    assert out["unit"] == "points" and out["value"] == brute_force(s)


def test_the_hand_record_example_at_the_first_lead_and_mid_play() -> None:
    """The record of hand-record.md, stopped after one trick, and at its first lead."""
    out = solve(rec())
    assert out["to_move"] == 0 and out["bidder"] == 0 and out["contract"] == "solo"
    assert out["value"] == max(out["cards"].values())  # the bidder is to move
    first = solve(rec(play=[]))
    assert out["value"] >= first["cards"]["AS"]  # the defenders minimise after AS
    assert first["value"] >= first["cards"]["AS"]


@pytest.mark.rule("SBS-22", "SBS-25", "SBS-17")
@pytest.mark.parametrize(("over", "rule", "where"), [
    ({"calls": ["solo", "pass"], "declare": None, "play": []}, "SBS-22", "play"),
    ({"declare": None, "play": []}, "SBS-22", "play"),
    ({"calls": ["pass", "pass", "pass"], "declare": None, "play": []}, "SBS-17", "calls"),
])
def test_not_in_the_play_is_an_error_naming_the_rule(over: dict[str, object], rule: str,
                                                      where: str) -> None:
    with pytest.raises(RecordError) as e:
        solve(rec(**over))
    assert e.value.rule == rule and e.value.where == where


def test_a_finished_deal_is_an_error() -> None:
    s = position(3, 1, 3)
    while s.phase == "play":
        s.apply(s.legal_actions()[0])
    with pytest.raises(RecordError) as e:
        solve(record_of(s))
    assert e.value.rule == "SBS-25"


@pytest.mark.parametrize(("over", "rule", "where"), [
    ({"play": ["AS", "7S", "9H"]}, "SBS-23", "play[2]"),
    ({"hands": [["XX"] * 11, [], []]}, "REC-3", "hands[0][0]"),
    ({"format": "nope"}, "REC-1", "format"),
])
def test_bad_records_fail_like_replay(over: dict[str, object], rule: str, where: str) -> None:
    with pytest.raises(TutorError) as e:
        solve(rec(**over))
    assert e.value.rule == rule and e.value.where == where


def test_solve_does_not_change_the_record() -> None:
    record = rec()
    before = json.dumps(record, sort_keys=True)
    solve(record)
    assert json.dumps(record, sort_keys=True) == before
