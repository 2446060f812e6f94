"""Paper fit: Crazy Solo, Auction Pitch and Sixty-Six written as data on the core's types, before
their rules are built. Each game's facts (``GameInfo``), every action it has (``ActionInfo``: the
calls, Pitch's bids, Crazy Solo's called card, Sixty-Six's draw, close, exchange, marriages and
claims) and the example record of its rule file's "Records and replay" section are decoded
through :class:`tutor.facts.ActionTable`. Nothing here plays a card: if a rule file needs a kind,
a fact or a deck the core cannot state, a test below fails.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from tutor.cards import DECK_24, DECK_36, DECK_52, Card, Deck, Rank, Suit, parse_cards
from tutor.errors import NotationError
from tutor.facts import ACTION_KINDS, ActionInfo, ActionKind, ActionTable, GameInfo
from tutor.games.six_bid_solo.rules import SixBidSolo

SUITS = tuple(Suit)


# --- actions as data: one line per group of actions, numbered in the order listed ---------------
def cards(kind: ActionKind, deck: Deck, verb: str = "") -> list[ActionInfo]:
    """One action per card of ``deck``: ``AS`` played, ``call AS``, ..."""
    return [ActionInfo(kind, f"{verb} {c.text}".strip(), c.text, c) for c in deck.cards]


def calls(*pairs: tuple[str, str]) -> list[ActionInfo]:
    return [ActionInfo("call", label, token) for token, label in pairs]


def trumps() -> list[ActionInfo]:
    return [ActionInfo("trump", f"trump {s.symbol}", s.letter, suit=s) for s in SUITS]


def table(*groups: Iterable[ActionInfo], rules: dict[str, str]) -> ActionTable:
    return ActionTable([info for group in groups for info in group], rules=rules)


# Crazy Solo (crazy-solo.md): cards, the calls of CS-4, trump (CS-7 step 1), a called card (CS-7
# step 2: compulsory, so no declining)
CRAZY_SOLO = table(
    cards("card", DECK_36),
    calls(("pass", "pass"), ("solo", "bid Solo"), ("solo-in-hearts", "bid Solo in hearts"),
          ("alone", "bid Alone"), ("alone-in-hearts", "bid Alone in hearts")),
    trumps(),
    cards("call-card", DECK_36, "call"),
    rules={"calls": "CS-4", "declare.trump": "CS-7", "declare.call": "CS-7", "play": "REC-3"})

# Auction Pitch (auction-pitch.md): cards, the calls of PI-4; no declaration (PI-7: the first
# lead names trump), so pitching is a card
PITCH = table(
    cards("card", DECK_52),
    calls(("pass", "pass"), ("1", "bid 1"), ("2", "bid 2"), ("3", "bid 3"), ("4", "bid 4")),
    rules={"calls": "PI-4", "play": "REC-3"})


def _marriages() -> list[ActionInfo]:
    """SS-9: lead the king or the queen of a marriage, showing the other."""
    return [ActionInfo("marriage", f"lead {Card(r, s).text} with the {s.symbol} marriage",
                       f"marriage:{r.letter}{s.letter}", Card(r, s))
            for s in SUITS for r in (Rank.KING, Rank.QUEEN)]


# Sixty-Six (sixty-six.md): cards; the steps of SS-5, SS-8, SS-10, SS-13a; marriages (SS-9) and
# the claim with a marriage (option claim_by_marriage)
SIXTY_SIX = table(
    cards("card", DECK_24),
    [ActionInfo("draw", "draw from the stock", "draw"),
     ActionInfo("close", "close the stock", "close"),
     ActionInfo("exchange", "exchange the 9 of trumps for the turn-up", "exchange"),
     ActionInfo("claim", "claim 66", "claim")],
    _marriages(),
    [ActionInfo("claim", f"claim with the {s.symbol} marriage", f"claim:marriage:{s.letter}",
                suit=s) for s in SUITS],
    rules={"play": "SS-5"})


# --- facts as data ------------------------------------------------------------------------------
#: CS-2: the cards removed by player count, and (cards, each) after removing them
CS_REMOVED: dict[int, str] = {3: "", 4: "", 5: "6S", 6: "", 7: "6S", 8: "6C 6S 6H 6D", 9: "",
                              10: "6C 6S 6H 6D 7S 7C", 11: "6S 6C 6D", 12: ""}
CS_DEAL: dict[int, tuple[int, int]] = {3: (36, 12), 4: (36, 9), 5: (35, 7), 6: (36, 6),
                                       7: (35, 5), 8: (32, 4), 9: (36, 4), 10: (30, 3),
                                       11: (33, 3), 12: (36, 3)}


def crazy_solo_deck(players: int, three_handed_deck: int = 36) -> Deck:
    gone = CS_REMOVED[players].split()
    if three_handed_deck == 24:
        gone = [r + s for r in "678" for s in "CSHD"]
    return DECK_36.without(parse_cards(gone), name=f"crazy-solo-{players}")


def crazy_solo(players: int, three_handed_deck: int = 36) -> GameInfo:
    deck = crazy_solo_deck(players, three_handed_deck)
    steps = 1 if players == 3 else 2  # CS-5: three players only go alone (trump, no call)
    each = len(deck) // players
    return GameInfo(
        id="crazy-solo", name="Crazy Solo", rules="CS", deck=deck, players=players,
        min_players=3, max_players=12, active_players=players, hand_size=each, tricks=each,
        num_distinct_actions=len(CRAZY_SOLO),
        max_game_length=players + steps + len(deck),  # CS-4: n calls; CS-7; CS-10: all tricks
        utility="zero-sum", score_unit="chips",  # CS-12: the gang pays the soloists or back
        action_kinds=CRAZY_SOLO.kinds)


def pitch(players: int) -> GameInfo:
    return GameInfo(
        id="auction-pitch", name="Auction Pitch", rules="PI", deck=DECK_52, players=players,
        min_players=3, max_players=7, active_players=players, hand_size=6, tricks=6,
        num_distinct_actions=len(PITCH), max_game_length=players + 6 * players,  # PI-4, PI-9
        utility="general-sum", score_unit="points",  # PI-11: each scores what they win
        action_kinds=PITCH.kinds)


#: SS-5..SS-13a: 24 cards, 6 draws and one exchange (the 9 goes under the stock as the turn-up
#: and comes out by the last draw, when no exchange is left). A close leaves 5-card hands and
#: ends the draws (at most 3k + 11 actions, closing after trick k ≤ 6); a claim ends the deal
#: before the last trick; a marriage is a lead, not an extra action.
SIXTY_SIX_LONGEST = 24 + 6 + 1

SIXTY_SIX_INFO = GameInfo(
    id="sixty-six", name="Sixty-Six", rules="SS", deck=DECK_24, players=2, min_players=2,
    max_players=2, active_players=2, hand_size=6, tricks=12, stock=12,  # SS-3: 11 + turn-up
    num_distinct_actions=len(SIXTY_SIX), max_game_length=SIXTY_SIX_LONGEST,
    utility="general-sum", score_unit="game points",  # SS-13b: only one player scores
    action_kinds=SIXTY_SIX.kinds)


# --- the example records of the rule files ("Records and replay") -------------------------------
CRAZY_SOLO_EXAMPLE: dict[str, Any] = {
    "format": "tutor-record/1", "game": "crazy-solo", "options": {"players": 4}, "dealer": 3,
    "hands": [["AH", "TH", "KH", "9H", "AS", "6S", "8C", "7D", "6D"],
              ["QH", "JH", "8H", "AC", "TC", "KS", "QS", "9D", "8D"],
              ["7H", "6H", "TS", "JS", "9S", "KC", "QC", "JC", "AD"],
              ["9C", "7C", "6C", "8S", "7S", "TD", "KD", "QD", "JD"]],
    "calls": ["solo-in-hearts", "solo-in-hearts", "pass", "pass"], "declare": {"call": "AH"},
    "play": ["AH", "8H", "6H", "6C"]}

PITCH_EXAMPLE: dict[str, Any] = {
    "format": "tutor-record/1", "game": "auction-pitch", "options": {"players": 3}, "dealer": 2,
    "hands": [["AS", "JS", "5S", "KH", "9D", "2C"], ["TS", "3S", "QH", "8H", "AD", "4C"],
              ["KS", "7S", "2S", "TH", "6D", "QC"]],
    "calls": ["2", "pass", "2"], "play": ["KS", "AS", "3S"]}

SIXTY_SIX_EXAMPLE: dict[str, Any] = {
    "format": "tutor-record/1", "game": "sixty-six", "options": {}, "dealer": 1,
    "hands": [["AS", "TS", "KD", "QD", "9D", "JC"], ["KS", "QS", "AH", "TC", "9H", "JH"]],
    "turnup": "AD", "stock": ["JS", "TH", "9C", "KC", "QH", "AC", "9S", "KH", "TD", "QC", "JD"],
    "play": ["AS", "KS", "draw", "exchange", "marriage:KD", "9H", "draw"]}

GAMES: list[tuple[str, GameInfo, ActionTable, dict[str, Any]]] = [
    ("crazy-solo", crazy_solo(4), CRAZY_SOLO, CRAZY_SOLO_EXAMPLE),
    ("auction-pitch", pitch(3), PITCH, PITCH_EXAMPLE),
    ("sixty-six", SIXTY_SIX_INFO, SIXTY_SIX, SIXTY_SIX_EXAMPLE),
]


def decode(table: ActionTable, record: dict[str, Any]) -> list[ActionInfo]:
    """A record's actions in record order (calls, declare steps, play) as ActionInfo."""
    out = [table.decode(t, "calls", f"calls[{i}]") for i, t in enumerate(record.get("calls", []))]
    for step, value in (record.get("declare") or {}).items():
        values: Sequence[Any] = value if step == "discard" else [value]
        out += [table.decode(v, f"declare.{step}", f"declare.{step}") for v in values]
    out += [table.decode(t, "play", f"play[{i}]") for i, t in enumerate(record.get("play", []))]
    return [table[a] for a in out]


def kinds_of(record: dict[str, Any], table: ActionTable) -> list[str]:
    return [i.kind for i in decode(table, record)]


# --- the fit --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "info", "actions", "record"), GAMES, ids=[g[0] for g in GAMES])
def test_example_record_decodes_through_the_core(game: str, info: GameInfo,
                                                 actions: ActionTable,
                                                 record: dict[str, Any]) -> None:
    assert record["game"] == info.id == game
    assert len(actions) == info.num_distinct_actions
    assert set(actions.kinds) <= set(ACTION_KINDS) and actions.kinds == info.action_kinds
    decoded = decode(actions, record)
    assert 0 < len(decoded) <= info.max_game_length
    tokens = [*record.get("calls", []), *(record.get("declare") or {}).values(), *record["play"]]
    assert [i.token for i in decoded] == tokens  # decoding keeps every token
    for i in decoded:
        assert i.kind in info.action_kinds
        if i.card is not None:
            assert i.card in info.deck
    # the deal as data: hands of hand_size in this game's deck, the stock, nothing twice
    dealt = [info.deck.parse(t, f"hands[{s}][{j}]")
             for s, hand in enumerate(record["hands"]) for j, t in enumerate(hand)]
    assert [len(h) for h in record["hands"]] == [info.hand_size] * info.active_players
    stock = [*record.get("stock", []), *([record["turnup"]] if "turnup" in record else [])]
    assert len(stock) == info.stock
    dealt += [info.deck.parse(t, "stock") for t in stock]
    assert len(set(dealt)) == len(dealt) == len(info.deck) - info.undealt - info.widow


def test_every_action_decodes_back_and_bounds_hold() -> None:
    for _, info, actions, _ in GAMES:
        for a in range(len(actions)):
            i = actions[a]
            assert actions.decode(i.token, i.place) == a < info.num_distinct_actions
        with pytest.raises(NotationError):
            actions[info.num_distinct_actions]


def test_crazy_solo_call_card_and_reduced_decks() -> None:
    assert kinds_of(CRAZY_SOLO_EXAMPLE, CRAZY_SOLO) == ["call"] * 4 + ["call-card"] + ["card"] * 4
    called = CRAZY_SOLO[CRAZY_SOLO.decode("AH", "declare.call")]
    assert called.card == Card.parse("AH") and called.label == "call AH"
    assert CRAZY_SOLO[CRAZY_SOLO.decode("solo-in-hearts", "calls")].label == "bid Solo in hearts"
    with pytest.raises(NotationError, match="CS-7"):
        CRAZY_SOLO.decode(None, "declare.call")  # CS-7: the call is compulsory
    with pytest.raises(NotationError, match="CS-4"):
        CRAZY_SOLO.decode("heart-solo", "calls")  # a Six-Bid Solo contract, not a CS-4 call
    for players in range(3, 13):
        info = crazy_solo(players)
        assert (len(info.deck), info.hand_size) == CS_DEAL[players]  # CS-2
        assert info.undealt == 0 and info.deck.total_points == 120  # CS-1: every card dealt
    with pytest.raises(NotationError, match=r"^hands\[2\]\[4\]: 6S — REC-3"):
        crazy_solo(5).deck.parse("6S", "hands[2][4]")  # CS-2: not in the deck for 5 players
    assert Card.parse("6S") in crazy_solo(4).deck
    three = crazy_solo(3, three_handed_deck=24)
    assert (len(three.deck), three.hand_size, three.deck.total_points) == (24, 8, 120)
    # the example's first trick: hearts trump (solo-in-hearts, CS-7), A♥ the highest
    trick = parse_cards(CRAZY_SOLO_EXAMPLE["play"])
    hearts = [c for c in trick if c.suit is Suit.HEARTS]
    assert max(hearts, key=crazy_solo(4).deck.strength) == trick[0]


def test_pitch_bids_and_the_pitch() -> None:
    decoded = decode(PITCH, PITCH_EXAMPLE)
    assert [i.kind for i in decoded] == ["call"] * 3 + ["card"] * 3
    assert [i.label for i in decoded[:3]] == ["bid 2", "pass", "bid 2"]  # the dealer steals
    pitched = decoded[3].card  # PI-7: the first lead names trump; pitching is a card
    assert pitched == Card.parse("KS") and decoded[3].place == "play"
    deck = pitch(3).deck
    # PI-1: A K Q J 10 ... 2, so the king outranks the ten; PI-10: the ten is worth 10
    ks, ts = Card.parse("KS"), Card.parse("TS")
    assert deck.beats(ks, ts) and not deck.beats(ts, ks)
    assert deck.points(ts) == 10 and deck.points(Card.parse("AS")) == 4
    assert max(parse_cards(PITCH_EXAMPLE["play"]), key=deck.strength) == Card.parse("AS")
    assert PITCH.decode("2S", "play") < len(PITCH)  # a card of the 52-card deck
    for players in range(3, 8):
        info = pitch(players)
        assert info.undealt == 52 - 6 * players and not info.zero_sum
        assert info.max_game_length == 7 * players  # n calls and 6n cards
    with pytest.raises(NotationError, match="PI-4"):
        PITCH.decode("5", "calls")


def test_sixty_six_draw_close_exchange_marriage_claim() -> None:
    decoded = decode(SIXTY_SIX, SIXTY_SIX_EXAMPLE)
    assert [i.kind for i in decoded] == ["card", "card", "draw", "exchange", "marriage",
                                         "card", "draw"]
    married = decoded[4]
    assert married.card == Card.parse("KD") and married.token == "marriage:KD"
    for token, kind in (("close", "close"), ("claim", "claim"), ("claim:marriage:H", "claim"),
                        ("marriage:QS", "marriage")):
        assert SIXTY_SIX[SIXTY_SIX.decode(token, "play")].kind == kind
    assert SIXTY_SIX[SIXTY_SIX.decode("claim:marriage:H", "play")].suit is Suit.HEARTS
    # SS-1: A 10 K Q J 9, 120 points; a 2 or an 8 is outside the 24 cards
    deck = SIXTY_SIX_INFO.deck
    assert deck.beats(Card.parse("TS"), Card.parse("KS")) and deck.total_points == 120
    assert deck.beats(Card.parse("AS"), Card.parse("KS"))  # the example's trick 1: A♠ wins
    for token in ("2S", "8H"):
        with pytest.raises(NotationError, match="SS-5"):
            SIXTY_SIX.decode(token, "play")
        with pytest.raises(NotationError, match="REC-3"):
            deck.parse(token, "stock[0]")
    # SS-5: a complete uncut deal with no close or claim is 24 cards and 6 draws
    assert 24 + 6 <= SIXTY_SIX_INFO.max_game_length == SIXTY_SIX_LONGEST
    assert SIXTY_SIX_INFO.undealt == 0 and SIXTY_SIX_INFO.score_unit == "game points"


def test_the_decks_differ_where_the_rule_files_say() -> None:
    sbs = SixBidSolo().info.deck
    ts, ks = Card.parse("TS"), Card.parse("KS")
    assert sbs.beats(ts, ks) and pitch(3).deck.beats(ks, ts)  # SBS-2 against PI-1
    assert sbs.points(Card.parse("AS")) == 11 and pitch(3).deck.points(Card.parse("AS")) == 4
    assert PITCH.decode("2S", "play") >= 0
    with pytest.raises(NotationError):
        SIXTY_SIX.decode("2S", "play")  # 2♠ is Pitch's, not Sixty-Six's
    with pytest.raises(NotationError):
        CRAZY_SOLO.decode("2S", "play")
    assert {i.zero_sum for _, i, _, _ in GAMES} == {True, False}
