"""The games' words (``tutor/games/presentation.py`` and each game's ``presentation.py``): what
a log line, a prompt and the table's facts say, read only off a seat's view."""

from __future__ import annotations

import random

import pytest

from tutor.cards import Card
from tutor.engine.record import state_of
from tutor.games import SPECS, spec
from tutor.games.tapp import CARD_INDEX, TappState

FROG_RECORD = {
    "format": "tutor-record/1", "game": "frog", "dealer": 2,
    "hands": [["AS", "TS", "KS", "QS", "JS", "AC", "TC", "7H", "9D", "8D", "6D"],
              ["9S", "8S", "7S", "KC", "QC", "JC", "AH", "KH", "QH", "AD", "TD"],
              ["6S", "9C", "8C", "7C", "6C", "TH", "JH", "9H", "8H", "KD", "QD"]],
    "widow": ["JD", "7D", "6H"], "calls": ["frog", "pass", "pass"],
    "declare": {"discard": ["AS", "TS", "JD"]},
}


def test_every_game_has_words_and_frog_the_game_is_not_frog_the_contract() -> None:
    for s in SPECS:
        p = s.presentation
        assert p.game_id == s.id and p.name == s.name and p.blurb  # the registry's name: its own
        contracts = getattr(s.game().state_class, "CONTRACTS", ())  # type: ignore[attr-defined]
        assert set(p.contract_names) == set(contracts)  # Sixty-Six has none
    frog = spec("frog").presentation
    assert frog.name != frog.contract_name("frog")
    assert "game" in frog.name and "bid" in frog.contract_name("frog")


def test_the_frog_discard_is_named_only_in_the_bidders_log() -> None:
    state = state_of(FROG_RECORD)
    words = spec("frog").presentation
    discard = 120 + CARD_INDEX[Card.parse("JD")]
    assert words.action_text(state.view(0), 0, discard) == "You: discard J♦ (FR-2)"
    for seat in (1, 2):
        line = words.action_text(state.view(seat), 0, discard)
        assert "J♦" not in line and "face down" in line and "FR-2" in line
        facts = dict(words.facts(state.view(seat)))
        assert "Your discard" not in facts and "face down" in facts["Discard"]
    assert dict(words.facts(state.view(0)))["Your discard"] == "A♠ 10♠ J♦"


@pytest.mark.parametrize("game_id", [s.id for s in SPECS])
def test_prompts_cite_a_rule_of_the_game_or_the_family(game_id: str) -> None:
    words = spec(game_id).presentation
    game = spec(game_id).make()
    tapp = isinstance(game.new_deal(0), TappState)  # the Tapp family also cites SBS rules
    family = {game.info.rules} | ({"SBS"} if tapp else set())
    rng = random.Random(3)
    for _ in range(20):
        state = game.new_deal(rng, rng.randrange(game.players))
        while not state.is_terminal():
            seat = state.to_move
            assert seat is not None
            text, rule = words.prompt(state.view(seat))
            assert text and rule.split("-")[0] in family
            other = next(s for s in range(game.players) if s != seat)
            assert words.prompt(state.view(other)) == ("", "")
            assert words.turn_rule(state.phase)[0]
            state.apply(rng.choice(state.legal_actions()))


def test_six_bid_solo_log_keeps_the_gift_face_down_for_the_other_defender() -> None:
    record = {**FROG_RECORD, "game": "six-bid-solo", "calls": ["call-solo", "pass", "pass"],
              "declare": {"call": "AH", "give": "6D", "trump": "S"}}
    state = state_of(record)
    words = spec("six-bid-solo").presentation
    give = 84 + CARD_INDEX[Card.parse("6D")]
    assert words.action_text(state.view(1), 0, give) == "seat 0 (forehand): give you 6♦ (SBS-20)"
    assert "face down" in words.action_text(state.view(2), 0, give)
    assert "6♦" not in words.action_text(state.view(2), 0, give)


@pytest.mark.parametrize("game_id", [s.id for s in SPECS])
def test_every_seat_view_is_a_view_and_its_public_part_is_the_same_for_every_seat(
        game_id: str) -> None:
    import json

    from tutor.state import View

    four = spec(game_id).make().info.max_players >= 4  # a seat sitting out, where there is one
    game = spec(game_id).make({"players": 4} if four else {})
    rng = random.Random(11)
    for _ in range(10):
        state = game.new_deal(rng, rng.randrange(game.players))
        while True:
            views = [state.view(s) for s in range(game.players)]
            assert all(isinstance(v, View) for v in views)
            publics = [v.public() for v in views]
            assert all(p == publics[0] for p in publics)
            text = json.dumps(publics[0])
            hidden = {c.text for c in views[0].visible_cards()} | {
                c.text for v in views for c in v.hand}
            shown = {c.text for c in set.intersection(*(v.visible_cards() for v in views))}
            # a card in the public part is one every seat may see: never a hand's or the widow's
            for v in views:
                for card in v.hand:
                    if card.text not in shown:
                        assert f'"{card.text}"' not in text
            assert hidden  # the deal holds cards
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
