"""Game facts and actions as data (tutor.facts), and those of Six-Bid Solo and Frog: ``info`` and
``action_info`` for every action, held to the record parsers, the golden records, random deals
and an exhaustive search for the longest deal (SBS-14..16a, SBS-20, SBS-25, FR-2)."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path
from typing import Any

import pytest
from sbs import BASE, rec, state

from tutor.cards import DECK_36, DECK_52, Card, Suit
from tutor.engine.record import state_of
from tutor.errors import NotationError
from tutor.facts import ACTION_KINDS, ActionInfo, ActionTable, GameInfo
from tutor.games.auction_pitch import rules as pitch_rules
from tutor.games.crazy_solo import rules as crazy_solo
from tutor.games.frog import rules as frog
from tutor.games.frog.rules import Frog
from tutor.games.six_bid_solo.rules import (
    ACTIONS,
    SixBidSolo,
    describe_action,
    parse_call,
    token_of,
)
from tutor.games.sixty_six import rules as sixty_six
from tutor.games.tapp import (
    CALL_BASE,
    CARDS,
    GIVE_BASE,
    N_ACTIONS,
    TRUMP_BASE,
    mask_cards,
    parse_card,
    parse_declare,
)
from tutor.state import Game, GameState

RECORDS = Path(__file__).parent / "records"


# --- the core types -----------------------------------------------------------------------------
def test_facts_is_core_importing_only_cards_and_errors() -> None:
    """tutor.facts sits in the core below state: a game's facts need only cards and errors."""
    import tutor.facts

    tree = ast.parse(Path(str(tutor.facts.__file__)).read_text(encoding="utf-8"))
    rooms = {node.module for node in ast.walk(tree)
             if isinstance(node, ast.ImportFrom) and node.level}
    assert rooms == {"cards", "errors"}
    absolute = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    absolute += [str(n.module) for n in ast.walk(tree)
                 if isinstance(n, ast.ImportFrom) and not n.level]
    assert not [m for m in absolute if m.split(".")[0] == "tutor"]


def test_action_info_holds_to_its_kind() -> None:
    ah = Card.parse("AH")
    assert ActionInfo("card", "AH", "AH", ah).place == "play"
    assert ActionInfo("call-card", "call no card", None).place == "declare.call"
    assert ActionInfo("claim", "claim with ♥", "claim:marriage:H", suit=Suit.HEARTS).card is None
    bad: list[dict[str, Any]] = [
        {"kind": "bid", "label": "bid 2", "token": "2"},  # not a kind of the core
        {"kind": "card", "label": "AH", "token": "AH"},  # a card action without its card
        {"kind": "call", "label": "pass", "token": "pass", "card": ah},  # a call with a card
        {"kind": "trump", "label": "trump ♥", "token": "H"},  # a trump without its suit
        {"kind": "card", "label": "AH", "token": "AH", "card": ah, "suit": Suit.HEARTS},
        {"kind": "draw", "label": "draw", "token": None},  # only a declined call has no token
        {"kind": "close", "label": "", "token": "close"},  # no words for the learner
    ]
    for fields in bad:
        with pytest.raises(ValueError):
            ActionInfo(**fields)


def test_action_table_decodes_each_token_at_its_place() -> None:
    infos = [ActionInfo("card", c.text, c.text, c) for c in DECK_36.cards[:2]]
    infos += [ActionInfo("call-card", "call " + c.text, c.text, c) for c in DECK_36.cards[:2]]
    table = ActionTable(infos, rules={"play": "REC-3"})
    assert len(table) == 4 and table.kinds == ("card", "call-card")
    assert table.decode("AC", "play") == 0 and table.decode("AC", "declare.call") == 2
    with pytest.raises(NotationError, match=r"^play\[3\]: 'KC' — REC-3"):
        table.decode("KC", "play", where="play[3]")
    with pytest.raises(NotationError, match="REC-1"):
        table.decode("AC", "declare.give")  # no give actions in this game
    with pytest.raises(NotationError, match="REC-1"):
        table.decode("AC", "hands")  # not a place of actions
    for action in (-1, 4, "0"):
        with pytest.raises(NotationError):
            table[action]  # type: ignore[index]
    with pytest.raises(ValueError, match="already means"):
        ActionTable([*infos, ActionInfo("card", "ace of clubs", "AC", DECK_36.cards[0])])


def _info(**over: Any) -> GameInfo:
    fields: dict[str, Any] = dict(
        id="g", name="G", rules="G", deck=DECK_52, players=3, min_players=3, max_players=7,
        active_players=3, hand_size=6, tricks=6, num_distinct_actions=57, max_game_length=21,
        utility="general-sum", score_unit="points", action_kinds=("card", "call"))
    return GameInfo(**(fields | over))


def test_game_info_checks_its_facts_agree() -> None:
    info = _info()
    assert info.undealt == 34 and not info.zero_sum and not info.has_widow
    for over in ({"players": 8}, {"min_players": 4}, {"active_players": 4},
                 {"hand_size": 18}, {"tricks": 7}, {"utility": "zero"},
                 {"score_unit": "chip"}, {"action_kinds": ("card", "bid")},
                 {"action_kinds": ()}, {"max_game_length": 0}):
        with pytest.raises(ValueError):
            _info(**over)


# --- Six-Bid Solo's facts -----------------------------------------------------------------------
def test_six_bid_solo_facts() -> None:
    for players in (3, 4, 5):
        game = SixBidSolo({"players": players})
        info = game.info
        assert (info.id, info.players, info.min_players, info.max_players) == \
            ("six-bid-solo", players, 3, 5)
        assert info.deck == DECK_36 and info.deck.beats(Card.parse("TS"), Card.parse("KS"))
        assert info.zero_sum and info.score_unit == "chips" and info.widow == 3
        assert info.num_distinct_actions == N_ACTIONS == len(ACTIONS) == 120
        assert set(info.action_kinds) == {"card", "call", "trump", "call-card", "give"}
        s = game.new_deal(players, dealer=players - 1)
        assert len(s.active) == info.active_players
        for seat in range(players):
            held = len(mask_cards(s.hands[seat]))
            assert held == (info.hand_size if seat in s.active else 0)  # SBS-8, SBS-V2
        assert len(mask_cards(s.widow)) == info.widow and info.undealt == 0


def test_action_info_agrees_with_token_of_and_the_record_parsers_for_all_120() -> None:
    game = SixBidSolo()
    seen: dict[str, int] = {}
    for a in range(N_ACTIONS):
        info = game.action_info(a)
        assert info.token == token_of(a) and info.label == describe_action(a)
        assert ACTIONS.decode(info.token, info.place) == a
        seen[info.kind] = seen.get(info.kind, 0) + 1
        if info.kind == "card":
            assert parse_card(info.token) == a and info.card == CARDS[a]
        elif info.kind == "call":
            assert parse_call(info.token) == a
            assert info.label == "pass" if a == CALL_BASE else info.label.startswith("bid ")
        else:
            step = info.place.removeprefix("declare.")
            assert parse_declare(step, info.token) == a
        if info.kind in ("call-card", "give") and info.token is not None:
            assert info.card is not None and info.card.text == info.token
            assert info.label == f"{info.label.split()[0]} {info.token}"
        if info.kind == "trump":
            assert info.suit is not None and info.label == "trump " + info.suit.symbol
    assert seen == {"card": 36, "call": 7, "trump": 4, "call-card": 37, "give": 36}
    assert game.action_info(GIVE_BASE) == state().action_info(GIVE_BASE)
    with pytest.raises(NotationError):
        game.action_info(N_ACTIONS)


TABLES: dict[str, ActionTable] = {"six-bid-solo": ACTIONS, "frog": frog.ACTIONS,
                                  "crazy-solo": crazy_solo.ACTIONS,
                                  "sixty-six": sixty_six.ACTIONS,
                                  "auction-pitch": pitch_rules.ACTIONS}


def test_every_registered_game_has_its_table_here() -> None:
    """A game's golden records are decoded through its table below: a game added to the
    registry must be added here too (else its records fail with a bare KeyError)."""
    from tutor.games import SPECS

    assert set(TABLES) == {s.id for s in SPECS}


def _decode_record(record: dict[str, Any]) -> dict[str, list[int]]:
    """A record's actions by place, through the game's table (no rules involved)."""
    table = TABLES[record["game"]]
    out: dict[str, list[int]] = {"calls": [], "play": []}
    for i, t in enumerate(record.get("calls", [])):
        out["calls"].append(table.decode(t, "calls", f"calls[{i}]"))
    for step, value in (record.get("declare") or {}).items():
        place = f"declare.{step}"
        out[place] = [table.decode(v, place, place) for v in
                      (value if step == "discard" else [value])]
    for i, t in enumerate(record.get("play", [])):
        out["play"].append(table.decode(t, "play", f"play[{i}]"))
    return out


def _by_place(s: GameState) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {"calls": [], "play": []}
    for a in s.history():
        out.setdefault(s.action_info(a).place, []).append(a)
    return out


@pytest.mark.parametrize("path", sorted(p for p in RECORDS.glob("*.json")
                                        if not p.name.endswith(".expected.json")),
                         ids=lambda p: p.stem)
def test_golden_records_decode_to_the_replayed_actions(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    s = state_of(record)
    got, applied = _decode_record(record), _by_place(s)
    if "declare.trump" not in applied and got.get("declare.trump") == [TRUMP_BASE + 2]:
        del got["declare.trump"]  # ♥ is fixed (Heart Solo, Frog, Grand): a reader accepts "H"
    assert got == applied
    assert s.game.info.id == record["game"]
    assert len(s.history()) <= s.game.info.max_game_length


#: a contract to bid more often than at random, so random deals reach its declaration
LONG_CONTRACT = {"six-bid-solo": CALL_BASE + 6, "frog": CALL_BASE + 1}
GAMES: list[tuple[type[Game], dict[str, Any]]] = [
    (SixBidSolo, {}), (SixBidSolo, {"players": 4, "call_solo_order": "trump_first"}),
    (SixBidSolo, {"players": 5, "solo_trump": "any"}),
    (Frog, {}), (Frog, {"players": 4, "auction": "single_round", "chico_trump": "any"}),
]


@pytest.mark.parametrize(("cls", "options"), GAMES, ids=lambda x: getattr(x, "id", repr(x)))
def test_every_legal_action_in_random_deals_has_a_core_kind_fitting_its_phase(
        cls: type[Game], options: dict[str, Any]) -> None:
    game = cls(options)  # type: ignore[call-arg]
    info = game.info
    rng = random.Random(17)
    for _ in range(40):
        s = game.new_deal(rng, dealer=rng.randrange(game.players))
        while not s.is_terminal():
            for a in s.legal_actions():
                kind = s.action_info(a).kind
                assert 0 <= a < info.num_distinct_actions
                assert kind in ACTION_KINDS and kind in info.action_kinds
                want = {"auction": "call", "play": "card"}.get(s.phase)
                if want is None:  # the declaration step names the kind (SBS-19, SBS-20, FR-2)
                    want = {"call": "call-card", "give": "give", "trump": "trump",
                            "discard": "discard"}[str(s.game.describe(s)["step"])]
                assert kind == want, (s.phase, kind)
            legal = s.legal_actions()
            long = LONG_CONTRACT[info.id]
            s.apply(long if long in legal and rng.random() < 0.3 else rng.choice(legal))
        assert len(s.history()) <= info.max_game_length
        assert _decode_record(game.record_of(s)) == _by_place(s)  # kinds sit where records do


def _longest(s: GameState, phases: set[str]) -> int:
    """The longest run of actions from ``s`` while the state stays in ``phases`` (exhaustive)."""
    if s.phase not in phases:
        return 0
    best = 0
    for a in s.legal_actions():
        s.apply(a)
        best = max(best, 1 + _longest(s, phases))
        s.undo()
    return best


@pytest.mark.parametrize(("game", "options"), [
    ("six-bid-solo", {"misere": "no_tricks"}), ("frog", {}), ("frog", {"auction": "single_round"})])
def test_max_game_length_is_the_longest_deal_exactly(game: str, options: dict[str, Any]) -> None:
    """Every auction and declaration from BASE's deal, searched; then the 33 cards (SBS-25)."""
    s = state_of(rec(game=game, options=options, calls=None, declare=None, play=None))
    before_play = _longest(s, {"auction", "declare"})
    assert before_play == {"six-bid-solo": 8 + 3, "frog": 3 + 3}[game]  # SBS-16a, SBS-20, FR-2
    assert before_play + 33 == s.game.info.max_game_length


def test_the_longest_six_bid_solo_deal_is_played_through() -> None:
    s = state(calls=None, declare=None, play=None)
    for t in ("solo", "heart-solo", "misere", "guarantee-solo", "spread-misere", "call-solo"):
        s.apply(ACTIONS.decode(t, "calls"))
    s.apply(ACTIONS.decode("pass", "calls"))
    s.apply(ACTIONS.decode("pass", "calls"))  # the only call left facing Call Solo (SBS-16a)
    s.apply(ACTIONS.decode("AS", "declare.call"))  # middlehand bids; forehand holds A♠
    s.apply(ACTIONS.decode("9S", "declare.give"))
    s.apply(ACTIONS.decode("D", "declare.trump"))
    rng = random.Random(3)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    assert len(s.history()) == 8 + 3 + 33 == SixBidSolo().info.max_game_length  # SBS-25
    assert BASE["game"] == s.game.info.id


def test_frog_facts_and_all_its_actions() -> None:
    game = Frog({"players": 5})
    info = game.info
    assert (info.id, info.rules, info.players, info.widow, info.deck) == \
        ("frog", "FR", 5, 3, DECK_36)
    assert info.num_distinct_actions == frog.N_ACTIONS == len(frog.ACTIONS)
    assert set(info.action_kinds) == {"card", "call", "trump", "discard"}
    seen: dict[str, int] = {}
    for a in range(frog.N_ACTIONS):
        if a not in frog.ACTIONS.actions():
            with pytest.raises(NotationError):
                game.action_info(a)  # a number Frog leaves unused
            continue
        i = game.action_info(a)
        assert i.token == frog.frog_token(a) and i.label == frog.describe_frog_action(a)
        assert frog.ACTIONS.decode(i.token, i.place) == a
        seen[i.kind] = seen.get(i.kind, 0) + 1
    assert seen == {"card": 36, "call": 4, "trump": 4, "discard": 36}
    discard = frog.ACTIONS.decode("AS", "declare.discard")
    assert discard == frog.DISCARD_BASE + 9 and game.action_info(discard).card == Card.parse("AS")
