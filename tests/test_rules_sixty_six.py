"""Sixty-Six, rule by rule (``shared/rules/sixty-six.md``: SS-1..SS-17 and its options), the worked
cases SS-01..SS-14 of ``sources.md`` §6.3, the rule file's checks, hand records (REC-1..6) and
property tests.

The deals come from two places. Small ones are written by hand (``deal``). Longer ones, which
need a total of exactly 33 or a closer who fails, were found once by seeded random play and are
written out here as records; each test counts their totals again from the replayed tricks with
its own table of card points (:func:`count`), so no number below is read off the engine alone.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import sbs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tutor
from tutor.cards import DECK_24, Card, Suit
from tutor.engine.record import dumps, parse, record_of, state_of
from tutor.errors import IllegalActionError, NotationError, OptionError, TutorError
from tutor.games import spec
from tutor.games.sixty_six.match import SixtySixMatch
from tutor.games.sixty_six.rules import (
    ACTIONS,
    CARD,
    CARD_INDEX,
    CLAIM,
    CLAIM_MARRIAGE,
    CLOSE,
    DRAW,
    EXCHANGE,
    KINGS,
    MARRIAGE,
    N_ACTIONS,
    SUIT_MASK,
    SixtySix,
    SixtySixOptions,
    SixtySixState,
    SixtySixView,
    mask_cards,
    parse_play,
)
from tutor.state import View

RULES_FILE = Path(__file__).resolve().parents[2] / "shared" / "rules" / "sixty-six.md"

#: The example of the rule file's "Records and replay" (its own text is checked against this in
#: test_the_rule_files_example_replays): dealer 1, so seat 0 is the non-dealer and leads.
EXAMPLE: dict[str, Any] = {
    "format": "tutor-record/1", "game": "sixty-six", "options": {}, "dealer": 1,
    "hands": [["AS", "TS", "KD", "QD", "9D", "JC"], ["KS", "QS", "AH", "TC", "9H", "JH"]],
    "turnup": "AD",
    "stock": ["JS", "TH", "9C", "KC", "QH", "AC", "9S", "KH", "TD", "QC", "JD"],
    "play": ["AS", "KS", "draw", "exchange", "marriage:KD", "9H", "draw"],
}


def rec(base: dict[str, Any] | None = None, **over: Any) -> dict[str, Any]:
    """A copy of ``base`` (by default EXAMPLE) with keys replaced (``None`` removes a key)."""
    return sbs.rec(EXAMPLE if base is None else base, **over)


def tokens(text: str) -> list[str]:
    """``"AS KS draw"`` → ``["AS", "KS", "draw"]``."""
    return text.split()


def deal(dealer: int, hands: tuple[str, str], turnup: str, stock: str,
         play: str = "", options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A record from space-separated card texts (and play tokens)."""
    return {"format": "tutor-record/1", "game": "sixty-six", "options": options or {},
            "dealer": dealer, "hands": [hands[0].split(), hands[1].split()], "turnup": turnup,
            "stock": stock.split(), "play": play.split()}


def state(record: dict[str, Any], *more: str) -> SixtySixState:
    """The state a record reaches, then ``more`` tokens applied through checked apply."""
    s = state_of(record)
    assert isinstance(s, SixtySixState)
    for token in more:
        s.apply(parse_play(token))
    return s


def act(s: SixtySixState, token: str) -> SixtySixState:
    s.apply(parse_play(token))
    return s


def legal(s: SixtySixState) -> list[str]:
    return [s.token(a) for a in s.legal_actions()]


def refused(s: SixtySixState, token: str) -> IllegalActionError:
    """The error ``token`` gets here; the state must not change."""
    before = s.key()
    with pytest.raises(IllegalActionError) as e:
        s.apply(parse_play(token))
    assert s.key() == before
    return e.value


def err(record: dict[str, Any]) -> str:
    with pytest.raises(TutorError) as e:
        tutor.replay(record)
    return str(e.value)


# --- an independent count (SS-1, SS-9, SS-12, SS-13) --------------------------------------------
CARD_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}


def count(out: dict[str, Any], seat: int) -> int:
    """A seat's total read off a replay object: the card points of its tricks, its marriages
    once it has a trick, 10 for the last trick of a deal played out from an exhausted stock."""
    tricks = [t for t in out["tricks"] if t["winner"] == seat]
    total = sum(CARD_POINTS[c[0]] for t in tricks for c in t["cards"])
    if tricks:
        total += sum(m["points"] for m in out["marriages"] if m["seat"] == seat)
    if (out["phase"] == "done" and out["claim"] is None and out["closed_by"] is None
            and out["tricks"][-1]["winner"] == seat):
        total += 10
    return total


def table(out: dict[str, Any], opponent: int) -> int:
    """SS-13b's table for a right claim, from the opponent's count and tricks."""
    if count(out, opponent) >= 33:
        return 1
    return 2 if out["tricks_won"][opponent] else 3


# --- deals found by seeded search (see the module docstring) ---------------------------------
RIGHT_AGAINST_33 = deal(
    1, ("KS JS KH JH TD JD", "KC JC QS TH 9H 9D"), "KD", "9C QH TC TS QD AC AS 9S AH QC AD",
    "KH 9D draw QS KS draw QH KC draw JH TH draw AS TC draw AH QC draw 9H KD JD AD JC QD TD 9C "
    "JS TS")  # seat 1 on lead with 76, seat 0 has 33
RIGHT_AGAINST_32 = deal(
    0, ("QC TH KH JH QD JD", "AC KC 9C AD TD 9D"), "KS", "TS 9S JC QH AS TC 9H QS AH JS KD",
    "AC JH draw AD KH draw 9D QH draw JC TC draw TH KC draw JD QS draw JS KS 9H TS AS 9S TD QD")
RIGHT_AGAINST_NO_TRICK = deal(
    0, ("AC TC QS 9S KH TD", "KC AH QH JH 9H JD"), "9C", "QC JS JC AD KS QD TS 9D TH AS KD",
    "QH 9S draw 9H JS draw marriage:QC QS draw JC KH draw KS AD")  # seat 1 to draw, 72
WRONG_AT_65 = deal(
    1, ("KS QS 9S KH 9H JD", "KC AH TH KD QD 9D"), "JH", "TC QH AS 9C AC QC JC JS TD TS AD",
    "QS 9D draw 9H AH draw KC TC draw KH AS draw JD TH draw marriage:KD TS draw JS KS 9C QC QH "
    "JH")  # seat 1 on lead with 65, seat 0 has tricks
FIRST_TRICK = deal(
    1, ("AC TS KH JH TD 9D", "TC KS QH 9H AD QD"), "QC", "9C JC JD JS 9S KC AS TH QS AH KD",
    "AC QH draw")  # seat 0 on lead with 14; seat 1 has no trick
CLOSED_AFTER_OPPONENTS_TRICK = rec(
    FIRST_TRICK, play=tokens("AC QH draw JH 9H draw KH KS draw 9S JC close QD TD TS JS 9C TC AD JD "
                       "KC 9D"))  # closed after its opponent had won a trick
CLOSED_AT_FIRST_LEAD = rec(
    FIRST_TRICK, play=tokens("close AC TC 9D QD AD TD QH KH TS KS JH 9H"))
MARRIAGE_NEVER_COUNTS = deal(
    1, ("AC KC TS KS QS JH", "AS AH TH QH AD QD"), "JD", "TD 9D TC 9H KD 9C JS 9S KH QC JC",
    "marriage:QS QD draw QH KS draw TD JH draw AS TS draw AH 9C draw TC QC")  # seat 1: 70
ZERO_POINT_TRICK = deal(
    0, ("QC 9S AD TD QD JD", "9C KS QS AH JH 9D"), "TC", "TS AS JS KC JC TH QH 9H AC KD KH",
    "marriage:QS QC draw 9S 9C")
CLOSER_RIGHT = deal(
    1, ("JC QS JS KH KD QD", "TC KC AS AD TD 9D"), "9S", "QH TS AH KS JH 9H 9C AC TH JD QC",
    "marriage:KD TC draw JS 9D draw marriage:QH TS close AD QD AS QS TD AH KS JC claim")
CLOSER_WRONG = deal(
    0, ("TC QC AS JS KH JH", "AC JC AH QH JD 9D"), "KD", "9S TD TH 9C TS KS KC AD 9H QD QS",
    "AC TC draw exchange QH JH draw AH QC draw TS KH draw KD KS draw 9S AS close 9C JC TH AD QD "
    "JD TD KC claim")
OPPONENT_RIGHT = deal(
    0, ("TC KC JC 9C QS JH", "AC AS TS AH QH AD"), "KD", "TH QD JS KS TD JD QC 9D 9S KH 9H",
    "TS JH draw QH QD close JC AC AS QS AH TC AD 9C claim")
OPPONENT_RIGHT_AFTER_FIRST_LEAD = deal(
    1, ("QC JS AH AD TD KD", "AC TC JC 9C AS TS"), "9S", "JD JH QS KC 9H KH QH KS 9D TH QD",
    "close TD AS 9C QC JS TS AC AD JC AH claim")
OPPONENT_WRONG = deal(
    1, ("AC QS 9S TH KH QD", "QC JC AH KD JD 9D"), "TS", "JH TC AD 9H KS JS KC TD AS QH 9C",
    "TH JD draw QD KD close QC AC JH AH TC 9S KH JC claim")
CLOSER_MAKES_IT_PLAYED_OUT = rec(
    CLOSER_WRONG, play=tokens("AC TC draw exchange QH JH draw AH QC draw TS KH close JD TD KS "
                              "9S 9C JC TH AS KD JS"))
PLAYED_OUT_65_65 = deal(
    1, ("QC AS TS QS JH 9D", "AC TC KC 9C KH KD"), "JS", "AD AH KS JC QD TD JD QH 9H 9S TH",
    "QC 9C draw QS KC draw AS JC draw KS KH draw AD QH draw TS TD draw QD KD AC JH JS TH 9S JD "
    "TC 9H AH 9D")
ONE_AT_66_NOT_LAST = deal(
    0, ("QC TH KH JH QD JD", "AC KC 9C AD TD 9D"), "KS", "TS 9S JC QH AS TC 9H QS AH JS KD",
    "AC JH draw AD KH draw 9D QH draw JC TC draw TH KC draw JD QS draw JS KS 9H TS AS 9S TD QD "
    "9C QC AH KD", {"no_claim": "carry_one_point"})
BOTH_AT_66 = deal(
    0, ("AC 9C QS 9H TD QD", "JC AS KS KH JH AD"), "JS", "QH TS 9D KD AH QC JD TC 9S TH KC",
    "KS TD draw AD QD draw marriage:QH 9H draw JC TS draw 9C JH draw AC AS draw 9D JD KD KH 9S "
    "TH JS TC QC KC AH QS", {"no_claim": "carry_one_point"})
LAST_TRICK_AGAINST_15 = deal(
    0, ("JC 9C 9S TH KH JH", "KC KS JS 9H KD QD"), "TS", "9D TC AC QC QS AD AH TD AS JD QH",
    "9H KH draw JC TC draw KD TH draw marriage:QS QC draw KC JH draw JS JD draw AH 9S TS AS QH "
    "TD KS AD AC 9C QD 9D")

#: Hand-made deals. STRICT: seat 0 (non-dealer) closes at once; trump ♦. FOLLOWING: seat 1
#: leads after two tricks while seat 0 holds the 9 of trumps. NINE_LAST: the 9 of trumps is the
#: last face-down card of the stock.
STRICT = deal(1, ("AS JS 9S TC JC 9D", "QS KS AH TH KC QD"), "AD",
              "TS AC QC 9C KH QH JH 9H TD KD JD", "close")
KINGS_LOWER_SPADES = deal(1, ("AS KS QS AC TC KC", "JS 9S AH TH QC 9C"), "JH",
                          "JC TS KH QH 9H AD TD KD QD JD 9D", "close")
ONLY_NINE_OF_SPADES = deal(1, ("AS KS QS JS AC TC", "9S AH TH KC QC 9C"), "JH",
                           "TS JC KH QH 9H AD TD KD QD JD 9D", "close")
MARRIAGE_LOST_THEN_21 = deal(1, ("KH QH AS 9D JD 9S", "AH TS KD QD JS 9H"), "JC",
                             "AC TC KC QC 9C KS QS TH JH AD TD")
NINE_LAST = deal(1, ("AS TS KD QD JD JC", "KS QS AH TC 9H JH"), "AD",
                 "JS TH 9C KC QH AC 9S KH TD QC 9D")


def reach(s: SixtySixState, seed: int, stop: Any) -> SixtySixState | None:
    """Random legal play (never claiming or closing) until ``stop(s)``; None if the deal ends
    first."""
    rng = random.Random(seed)
    while not stop(s):
        if s.is_terminal():
            return None
        options = [a for a in s.legal_actions() if a not in (CLAIM, CLOSE)
                   and not CLAIM_MARRIAGE <= a < CLOSE]
        s.apply(DRAW if DRAW in options else rng.choice(options))
    return s


def play_until(s: SixtySixState, seed: int, stop: Any) -> SixtySixState:
    """Random legal play (never claiming or closing) until ``stop(s)`` holds."""
    rng = random.Random(seed)
    while not stop(s):
        assert not s.is_terminal()
        options = [a for a in s.legal_actions() if a not in (CLAIM, CLOSE)
                   and not CLAIM_MARRIAGE <= a < CLOSE]
        s.apply(DRAW if DRAW in options else rng.choice(options))
    return s


# --- SS-1 .. SS-4: cards, deal, stock -----------------------------------------------------------
def test_SS_1_twenty_four_cards_their_order_and_points() -> None:
    game = SixtySix()
    assert game.info.deck == DECK_24 and len(DECK_24) == 24 and DECK_24.total_points == 120
    assert [c.text for c in DECK_24.cards[:6]] == ["AC", "TC", "KC", "QC", "JC", "9C"]
    assert [DECK_24.points(c) for c in DECK_24.cards[:6]] == [11, 10, 4, 3, 2, 0]
    assert game.info.players == game.info.min_players == game.info.max_players == 2
    with pytest.raises(OptionError, match="REC-2"):
        SixtySix({"players": 3})
    with pytest.raises(IllegalActionError, match="SS-1"):
        game.new_deal(1).view(2)
    # the ten outranks the king: T♠ led, K♠ follows, the ten wins (SS-7)
    s = state(deal(1, ("TS 9C JC QC KC AC", "KS AS QS JS 9S TH"), "AD",
                   "TC AH KH QH JH 9H TD KD QD JD 9D"), "TS", "KS")
    assert s.tricks[-1].winner == 0 and s.total(0) == 14


def test_SS_2_the_first_dealer_is_any_then_the_deal_alternates() -> None:
    game = SixtySix()
    for first in (0, 1):
        match = SixtySixMatch(game, first_dealer=first)
        dealers = []
        rng = random.Random(first)
        for _ in range(4):
            s = match.new_deal(rng)
            dealers.append(s.dealer)
            play_until(s, 0, lambda s: s.is_terminal())
            match.score(s)
        assert dealers == [first, 1 - first, first, 1 - first]
    with pytest.raises(OptionError, match="SS-2"):
        SixtySixMatch(game, first_dealer=2)
    with pytest.raises(IllegalActionError, match="SS-2"):
        game.new_deal(1, dealer=2)
    match = SixtySixMatch(game, first_dealer=0)
    wrong = play_until(game.new_deal(3, dealer=1), 0, lambda s: s.is_terminal())
    with pytest.raises(IllegalActionError, match="SS-2"):
        match.score(wrong)  # seat 0 deals the first deal of this match


def test_SS_3_three_each_non_dealer_first_then_the_turnup_and_the_stock() -> None:
    game = SixtySix()
    s = game.deal_from_pack(list(range(24)), dealer=1)  # the pack in deck order, top first
    text = [[c.text for c in s.view(seat).hand] for seat in (0, 1)]
    assert text == [["AC", "TC", "KC", "AS", "TS", "KS"], ["QC", "JC", "9C", "QS", "JS", "9S"]]
    assert s.first_turnup == CARD_INDEX[Card.parse("AH")] and s.trump == Suit.HEARTS
    assert [DECK_24.cards[c].text for c in s.stock] == \
        ["TH", "KH", "QH", "JH", "9H", "AD", "TD", "KD", "QD", "JD", "9D"]
    assert s.view(0).turnup == Card.parse("AH") and s.view(0).stock_left == 11
    for seed in range(50):  # 6 + 6 + 1 + 11 = 24 distinct cards
        s = game.new_deal(seed, dealer=seed % 2)
        cards = mask_cards(s.hands[0]) + mask_cards(s.hands[1]) + [s.turnup, *s.stock]
        assert sorted(cards) == list(range(24))
        assert [h.bit_count() for h in s.hands] == [6, 6]
    assert game.new_deal(7).key() == game.new_deal(7).key()  # a seed gives one deal


def test_SS_4_the_non_dealer_leads_the_first_trick() -> None:
    for dealer in (0, 1):
        s = SixtySix().new_deal(3, dealer=dealer)
        assert s.to_move == s.leader == 1 - dealer and s.step == "lead"
    assert tutor.replay(rec(play=[]))["to_move"] == 0


# --- SS-5, SS-6: steps --------------------------------------------------------------------------
def test_SS_5_the_draw_step_winner_first_the_turnup_last_to_the_loser() -> None:
    s = state(rec(play=["AS", "KS"]))
    assert s.step == "draw" and s.to_move == 0 and legal(s) == ["claim", "close", "draw"]
    assert refused(s, "TS").rule == "SS-5"  # no lead before the draw step's action
    act(s, "draw")
    assert s.step == "lead" and s.to_move == 0
    assert Card.parse("JS") in s.view(0).hand and Card.parse("TH") in s.view(1).hand
    assert s.view(0).stock_left == 9 and refused(s, "draw").rule == "SS-5"
    # the sixth draw: the winner takes the last face-down card, the loser the turn-up
    full = state(rec(PLAYED_OUT_65_65, play=PLAYED_OUT_65_65["play"][:17]))
    loser = 1 - full.tricks[-1].winner
    act(full, "draw")
    assert full.stock_left == 0 and full.turnup < 0 and full.view(0).turnup is None
    assert Card.parse("JS") in full.view(loser).hand  # the turn-up J♠
    assert full.view(1 - loser).known[loser] == (Card.parse("JS"),)  # known until played
    assert [h.bit_count() for h in full.hands] == [6, 6]
    act(full, PLAYED_OUT_65_65["play"][18])
    assert full.step == "follow"  # no draw step any more: straight to the next trick
    act(full, PLAYED_OUT_65_65["play"][19])
    assert full.step == "lead" and "draw" not in legal(full)


def test_SS_6_the_lead_step_exchange_close_claim_or_a_lead() -> None:
    s = state(rec(play=["AS", "KS", "draw"]))
    assert legal(s) == ["claim", "close", "exchange", "marriage:KD", "marriage:QD",
                        "JC", "TS", "JS", "KD", "QD", "9D"]
    act(s, "exchange")
    assert legal(s)[:4] == ["claim", "close", "marriage:KD", "marriage:QD"]
    act(s, "close")
    assert legal(s) == ["claim", "JC", "TS", "JS", "AD", "KD", "QD"]
    assert refused(s, "9H").rule == "SS-6"  # not held
    claim = state(rec(play=["AS", "KS", "draw"]), "claim")
    assert claim.is_terminal() and claim.to_move is None and legal(claim) == []


# --- SS-7 .. SS-9: while the stock is open ------------------------------------------------------
def test_SS_7_no_duty_to_follow_highest_trump_else_highest_of_the_suit_led() -> None:
    s = state(rec(play=["AS"]))
    assert legal(s) == ["TC", "KS", "QS", "AH", "JH", "9H"]  # the whole hand
    open_stock = rec(STRICT, play=["JC"])
    for follow, winner in (("KC", 1), ("QD", 1), ("AH", 0), ("KS", 0)):
        t = state(open_stock, follow)
        assert t.tricks[-1].winner == winner, follow
    t = state(open_stock, "QD")
    assert t.step == "draw" and t.to_move == 1  # the winner leads the next trick (after drawing)


def test_SS_8_the_nine_exchange() -> None:
    first = state(rec(play=[]))
    assert refused(first, "exchange").detail == "only after winning a trick"
    at_draw = state(rec(play=["AS", "KS"]))
    assert "never at a draw step" in refused(at_draw, "exchange").detail
    s = act(at_draw, "draw")
    assert "exchange" in legal(s)
    act(s, "exchange")
    assert Card.parse("AD") in s.view(0).hand and Card.parse("9D") not in s.view(0).hand
    assert s.view(1).turnup == Card.parse("9D")  # the 9 lies under the stock now
    assert s.view(1).known[0] == (Card.parse("AD"),)  # known to the opponent until played
    assert s.view(1).exchanged == (0, Card.parse("AD"))
    assert "exchange" not in legal(s)
    # the opponent does not hold the 9; after a close, none
    other = state(rec(play=["JC", "TC", "draw"]))  # seat 1 wins and is on lead
    assert other.to_move == 1 and "does not hold the 9" in refused(other, "exchange").detail
    closed = state(rec(play=["AS", "KS", "draw", "close"]))
    assert "closed" in refused(closed, "exchange").detail


def test_SS_8_exchange_while_following_only_under_anytime_hoyle() -> None:
    """SS-12 of sources.md: exchanging the 9 while following is illegal by default."""
    play = ["AS", "KS", "draw", "JC", "TC", "draw", "QS"]  # seat 1 leads, seat 0 holds 9♦
    s = state(rec(play=play))
    assert s.to_move == 0 and s.step == "follow"
    assert refused(s, "exchange").rule == "SS-8"
    hoyle = state(rec(play=play, options={"nine_exchange": "anytime_hoyle"}))
    assert legal(hoyle)[0] == "exchange"
    act(hoyle, "exchange")
    assert hoyle.step == "follow" and hoyle.to_move == 0  # still seat 0's card to play
    assert Card.parse("AD") in hoyle.view(0).hand


def test_SS_8_never_the_nine_drawn_as_the_last_face_down_card() -> None:
    for options in ({}, {"nine_exchange": "anytime_hoyle"}):
        s = play_until(state(rec(NINE_LAST, options=options)), 5,
                       lambda s: s.stock_left == 0)
        holder = next(seat for seat in (0, 1) if Card.parse("9D") in s.view(seat).hand)
        assert holder == s.tricks[-1].winner  # the winner of trick 6 drew it
        if s.to_move == holder:
            assert "exhausted" in refused(s, "exchange").detail
        play_until(s, 1, lambda s, holder=holder: s.to_move == holder
                   and s.step in ("lead", "follow"))
        assert "exchange" not in legal(s) and refused(s, "exchange").rule == "SS-8"


def test_SS_9_marriages_declared_on_lead_counting_pending_and_lost() -> None:
    s = state(EXAMPLE)  # 40 in trumps, counting: seat 0 had won a trick
    out = tutor.replay(EXAMPLE)
    assert out["marriages"] == [{"seat": 0, "suit": "D", "points": 40, "counting": True}]
    assert out["totals"][0] == count(out, 0) == 15 + 4 + 40
    # the shown card stays in hand, known until played
    assert s.view(1).known[0] == (Card.parse("AD"), Card.parse("QD"))
    plain = state(rec(play=["AS", "KS", "draw", "KD", "9H", "draw"]))
    assert plain.total(0) == 15 + 4 and not plain.marriages  # a king led plain: nothing extra
    # 20 in a plain suit, by the queen; the king shown
    spades = state(rec(play=["JC", "TC", "draw"]))  # seat 1 wins, draws, is on lead
    assert "marriage:KS" in legal(spades) and "marriage:QS" in legal(spades)
    act(spades, "marriage:QS")
    assert spades.marriages[0].points == 20 and spades.view(0).known[1] == (Card.parse("KS"),)
    assert spades.view(0).trick == (Card.parse("QS"),)
    # not while following, not without both cards, not after a close (option: yes)
    assert "never while following" in refused(state(rec(play=["JC"])), "marriage:KS").detail
    assert "both K and Q" in refused(state(rec(play=[])), "marriage:KS").detail
    closed = state(rec(play=["AS", "KS", "draw", "close"]))
    assert "closed" in refused(closed, "marriage:KD").detail
    after = state(rec(play=["AS", "KS", "draw", "close"],
                      options={"marriages_after_close": True}))
    assert "marriage:KD" in legal(after)
    # at the non-dealer's first lead: legal, pending until a trick is won
    first = state(rec(play=["marriage:KD"]))
    assert first.marriages and not first.counting(0)


def test_SS_9_marriages_after_the_stock_is_exhausted_only_by_option() -> None:
    def holds_a_marriage(s: SixtySixState) -> bool:
        hand = s.hands[s.to_move] if s.to_move is not None else 0
        return bool(hand & (hand >> 1) & KINGS)

    for seed in range(200):  # a seeded deal where the leader holds K and Q, the stock gone
        s = reach(SixtySix().new_deal(seed, seed % 2), seed, lambda s: s.stock_left == 0
                  and s.step == "lead" and holds_a_marriage(s))
        if s is not None:
            break
    assert s is not None
    pairs = [a for a in range(MARRIAGE, CARD) if s._illegal(a) is None]
    assert not pairs and not [t for t in legal(s) if t.startswith("marriage:")]
    hand = s.hands[s.to_move]  # type: ignore[index]
    king = MARRIAGE + 2 * ((hand & (hand >> 1) & KINGS).bit_length() - 1) // 6
    assert "exhausted (option marriages_after_close)" in refused(s, s.token(king)).detail
    after = state_of(rec(record_of(s), options={"marriages_after_close": True}))
    assert s.token(king) in legal(after)  # type: ignore[arg-type]


# --- SS-10 .. SS-12: closing and the strict rules ----------------------------------------------
def test_SS_10_close_before_drawing_leaves_hands_of_five_and_ends_the_stock() -> None:
    s = state(rec(play=["AS", "KS", "close"]))
    assert [h.bit_count() for h in s.hands] == [5, 5]
    out = tutor.replay(rec(play=["AS", "KS", "close"]))
    assert out["closed_by"] == 0 and out["closed_at_trick"] == 1 and out["turnup"] is None
    assert out["stock_left"] == 11 and out["step"] == "lead" and out["to_move"] == 0
    view = s.view(1)
    assert view.turnup is None and view.closed_by == 0 and view.stock_left == 11
    assert "close" not in legal(s) and "exchange" not in legal(s)
    assert refused(s, "close").detail.startswith("one close per deal")
    play_until(s, 4, lambda s: s.is_terminal())
    assert len(s.tricks) == 1 + 5 and s.view(0).stock_left == 11  # the stock never came back
    assert all(t.winner in (0, 1) for t in s.tricks) and s.last_bonus == -1


def test_SS_10_close_after_drawing_or_at_the_first_lead() -> None:
    s = state(rec(play=["AS", "KS", "draw", "close"]))
    assert [h.bit_count() for h in s.hands] == [6, 6] and s.closed_at == 1
    first = state(rec(play=["close"]))
    assert first.closed_by == 0 and first.closed_at == 0
    off = state(rec(play=[], options={"close_first_lead": False}))
    assert "close" not in legal(off)
    assert "close_first_lead" in refused(off, "close").detail
    follow = state(rec(play=["AS"]))
    assert "never while following" in refused(follow, "close").detail
    gone = play_until(state(rec(play=[])), 3, lambda s: s.stock_left == 0 and s.step == "lead")
    assert "exhausted" in refused(gone, "close").detail


def test_SS_11_the_strict_rules_follow_head_trump() -> None:
    s = state(STRICT, "JC")
    assert legal(s) == ["KC"]  # follow suit, and higher
    act(s, "KC")
    act(s, "QS")
    assert legal(s) == ["AS"]  # a higher ♠ is held: it must be played
    e = refused(s, "JS")
    assert e.rule == "SS-11" and "must head the trick" in e.detail and "Q♠" in e.detail
    assert refused(s, "TC").detail == "must follow suit ♠"
    act(s, "AS")
    act(s, "TC")
    assert legal(s) == ["QD"]  # void in ♣: must trump
    assert refused(s, "KS").detail == "void in ♣: must play a trump ♦"
    # the same deal under phase2: follow_only
    loose = state(rec(STRICT, options={"phase2": "follow_only"}), "JC", "KC", "QS")
    assert legal(loose) == ["AS", "JS", "9S"]
    act(loose, "JS")
    assert loose.tricks[-1].winner == 1
    act(loose, "TH")  # seat 1 leads ♥; seat 0 is void and need not trump
    assert legal(loose) == ["TC", "AS", "9S", "9D"]


def test_SS_11_strict_only_once_the_stock_is_gone_or_closed() -> None:
    open_ = state(rec(STRICT, play=[]), "JC")
    assert len(legal(open_)) == 6  # no duty while the stock is open (SS-7)
    for seed in range(200):  # a follower holding the suit led and another card, stock gone
        s = reach(SixtySix().new_deal(seed, seed % 2), seed, lambda s: s.stock_left == 0
                  and s.step == "follow" and bool(
                      s.hands[s.to_move] & SUIT_MASK[s.lead_card // 6])  # type: ignore[index]
                  and bool(s.hands[s.to_move] & ~SUIT_MASK[s.lead_card // 6]))  # type: ignore[index]
        if s is not None:
            break
    assert s is not None
    other = next(c for c in mask_cards(s.hands[s.to_move])  # type: ignore[index]
                 if c // 6 != s.lead_card // 6)
    assert refused(s, DECK_24.cards[other].text).detail.startswith("must follow suit")


def test_SS_12_ten_for_the_last_trick_only_when_the_stock_ran_out() -> None:
    """SS-10 and SS-11 of sources.md: played out, the 12th trick's winner has +10; after a
    close, nothing for the last trick."""
    out = tutor.replay(PLAYED_OUT_65_65)
    last = out["tricks"][-1]["winner"]
    cards = sum(CARD_POINTS[c[0]] for t in out["tricks"] if t["winner"] == last
                for c in t["cards"])
    assert len(out["tricks"]) == 12 and out["totals"][last] == cards + 10 == count(out, last)
    closed = tutor.replay(CLOSED_AT_FIRST_LEAD)
    closer_last = closed["tricks"][-1]["winner"]
    assert closed["closed_by"] == 0 and closer_last == 0
    assert closed["totals"][0] == sum(CARD_POINTS[c[0]] for t in closed["tricks"]
                                      if t["winner"] == 0 for c in t["cards"])


# --- SS-13 .. SS-15: totals, claims, game points ------------------------------------------------
def test_SS_13_totals_count_marriages_once_a_trick_is_won_tricks_not_points() -> None:
    out = tutor.replay(ZERO_POINT_TRICK)
    assert out["tricks_won"] == [1, 1] and out["tricks"][-1] == {
        "leader": 0, "cards": ["9S", "9C"], "winner": 1}
    assert out["marriages"] == [{"seat": 1, "suit": "S", "points": 20, "counting": True}]
    assert out["totals"] == [count(out, 0), count(out, 1)] == [6, 20]  # a trick of 0 points
    for record in (RIGHT_AGAINST_33, WRONG_AT_65, MARRIAGE_NEVER_COUNTS, PLAYED_OUT_65_65):
        out = tutor.replay(record)
        assert out["totals"] == [count(out, 0), count(out, 1)]


def test_SS_13a_a_claim_is_always_legal_on_lead_never_while_following() -> None:
    start = state(rec(play=[]))
    assert legal(start)[0] == "claim"  # even at 0, at the non-dealer's first lead
    act(start, "claim")
    out = start.describe()
    assert out["claim"] == {"seat": 0, "right": False} and out["game_points"] == [0, 3]
    follow = state(rec(play=["AS"]))
    assert refused(follow, "claim").rule == "SS-13a"
    draw_step = state(rec(play=["AS", "KS"]), "claim")  # just after winning a trick
    assert draw_step.claim == (0, False) and draw_step.points == (0, 3)
    done = refused(start, "claim")
    assert done.rule == "SS-13a" and "over" in done.detail
    assert err(rec(play=["claim", "AS"])) == \
        "play[1]: AS — SS-13a: the deal is over: a claim ends it at once"


def test_SS_13a_claim_by_marriage_only_by_option_with_a_trick_won() -> None:
    options = {"claim_by_marriage": True}
    assert "claim:marriage:D" not in legal(state(rec(play=["AS", "KS", "draw"])))
    assert "claim_by_marriage" in refused(state(rec(play=["AS", "KS", "draw"])),
                                          "claim:marriage:D").detail
    first = state(rec(play=[], options=options))
    assert "claim:marriage:D" not in legal(first)
    assert "a trick won" in refused(first, "claim:marriage:D").detail
    s = state(rec(play=["AS", "KS", "draw"], options=options))
    assert legal(s)[:2] == ["claim", "claim:marriage:D"]
    assert "both K and Q of ♠" in refused(s, "claim:marriage:S").detail
    act(s, "claim:marriage:D")
    out = s.describe()
    assert out["marriages"] == [{"seat": 0, "suit": "D", "points": 40, "counting": True}]
    assert out["totals"][0] == 15 + 40 and out["claim"] == {"seat": 0, "right": False}
    assert out["game_points"] == [0, 3]  # wrong; seat 1 has no trick
    assert s.view(1).known[0] == (Card.parse("KD"), Card.parse("QD"))  # shown, not led
    assert out["tricks_won"] == [1, 0] and out["current_trick"] is None


def test_SS_13b_a_right_claim_scores_by_the_opponents_total_a_wrong_one_2_or_3() -> None:
    """SS-02..SS-05 of sources.md, and the rule file's check: 33 → 1, 32 with a trick → 2,
    no trick → 3; wrong → the opponent 2, or 3 without a trick."""
    for record, expected in ((RIGHT_AGAINST_33, 1), (RIGHT_AGAINST_32, 2),
                             (RIGHT_AGAINST_NO_TRICK, 3)):
        s = state(record)
        claimant = s.to_move
        assert claimant is not None
        before = tutor.replay(record)
        assert count(before, claimant) >= 66
        assert count(before, 1 - claimant) == {1: 33, 2: 32, 3: 0}[expected]
        assert table(before, 1 - claimant) == expected
        act(s, "claim")
        assert s.points is not None and s.points[claimant] == expected
        assert s.points[1 - claimant] == 0 and s.claim == (claimant, True)
    wrong = state(WRONG_AT_65)
    assert count(tutor.replay(WRONG_AT_65), wrong.to_move) == 65  # type: ignore[arg-type]
    act(wrong, "claim")
    assert wrong.points == (2, 0) and wrong.claim == (1, False)
    bare = state(FIRST_TRICK, "claim")  # seat 0 claims at 14; seat 1 has no trick
    assert bare.points == (0, 3) and bare.ending == "SS-13b"


def test_SS_14_every_closing_outcome() -> None:
    # (a) the closer claims and is right: SS-13b's table at the claim
    a = tutor.replay(CLOSER_RIGHT)
    assert a["closed_by"] == 1 and a["claim"] == {"seat": 1, "right": True}
    assert count(a, 1) >= 66 and a["game_points"] == [0, table(a, 0)] == [0, 1]
    # (b) the closer claims and is wrong: the opponent 2 (it had a trick at the close)
    b = tutor.replay(CLOSER_WRONG)
    closer = b["closed_by"]
    assert b["claim"] == {"seat": closer, "right": False} and count(b, closer) < 66
    assert b["game_points"][1 - closer] == 2 and b["game_points"][closer] == 0
    # (c) the opponent claims and is right: 2 (it had a trick at the close)
    c = tutor.replay(OPPONENT_RIGHT)
    assert c["closed_by"] == 0 and c["claim"] == {"seat": 1, "right": True}
    assert count(c, 1) >= 66 and c["game_points"] == [0, 2]
    # (d) the opponent claims and is wrong: the closer 2 (the closer has a trick)
    d = tutor.replay(OPPONENT_WRONG)
    assert d["closed_by"] == 1 and d["claim"] == {"seat": 0, "right": False}
    assert count(d, 0) == 42 and d["game_points"] == [0, 2]
    # (e) the last card without a claim: the closer at 66 or more scores as in (a)
    e = tutor.replay(CLOSER_MAKES_IT_PLAYED_OUT)
    closer = e["closed_by"]
    assert e["claim"] is None and count(e, closer) >= 66
    assert e["game_points"][closer] == table(e, 1 - closer)
    # (b) and (c) with 3: the opponent had no trick when the stock was closed
    b3 = state(rec(CLOSED_AT_FIRST_LEAD, play=tokens("close AC TC 9D QD AD TD QH KH claim")))
    assert b3.won_tricks == [2, 2] and b3.claim == (0, False) and b3.total(0) == 28
    assert b3.points == (0, 3) and b3.ending == "SS-14b"
    c3 = tutor.replay(OPPONENT_RIGHT_AFTER_FIRST_LEAD)
    assert c3["closed_at_trick"] == 0 and c3["claim"] == {"seat": 1, "right": True}
    assert count(c3, 1) >= 66 and c3["game_points"] == [0, 3]
    e3 = state(CLOSED_AT_FIRST_LEAD)  # (e) as (b): the closer short of 66 at the last card
    assert e3.ending == "SS-14e" and e3.total(0) < 66 and e3.points == (0, 3)


def test_SS_14_d_with_3_when_the_closer_has_no_trick() -> None:
    s = state(rec(STRICT, play=["close", "JC", "KC"]))  # seat 0 closed; seat 1 won trick 1
    assert s.to_move == 1 and s.won_tricks == [0, 1]
    act(s, "claim")  # the opponent's wrong claim: the closer scores 3, having no trick
    assert s.claim == (1, False) and s.points == (3, 0) and s.ending == "SS-14d"


def test_SS_15_last_trick_wins_or_a_point_carried() -> None:
    out = tutor.replay(PLAYED_OUT_65_65)
    last = out["tricks"][-1]["winner"]
    assert [count(out, 0), count(out, 1)] == [65, 65] == out["totals"]
    assert out["game_points"][last] == 1 and out["game_points"][1 - last] == 0
    assert out["carried"] == 0 and out["claim"] is None
    carry = tutor.replay(rec(PLAYED_OUT_65_65, options={"no_claim": "carry_one_point"}))
    assert carry["game_points"] == [0, 0] and carry["carried"] == 1
    one = tutor.replay(ONE_AT_66_NOT_LAST)
    reached = [s for s in (0, 1) if count(one, s) >= 66]
    assert len(reached) == 1 and one["tricks"][-1]["winner"] != reached[0]
    assert one["game_points"][reached[0]] == table(one, 1 - reached[0])
    both = tutor.replay(BOTH_AT_66)
    last = both["tricks"][-1]["winner"]
    assert min(count(both, 0), count(both, 1)) >= 66
    assert both["game_points"][last] == table(both, 1 - last) == 1
    low = tutor.replay(LAST_TRICK_AGAINST_15)
    last = low["tricks"][-1]["winner"]
    assert count(low, 1 - last) == 15 and low["game_points"][last] == 2  # < 33, with tricks


def test_SS_16_the_match_to_seven_or_ten_with_carried_points() -> None:
    carry = SixtySix({"no_claim": "carry_one_point"})
    match = SixtySixMatch(carry, first_dealer=1)
    first = state(rec(PLAYED_OUT_65_65, options=carry.options_dict()))
    score = match.score(first)
    assert score.points == (0, 0) and match.carried == 1 and match.scores == [0, 0]
    second = state(rec(RIGHT_AGAINST_32, options=carry.options_dict()), "claim")
    assert second.dealer == match.dealer == 0
    score = match.score(second)
    assert score.scored == (0, 3) and match.scores == [0, 3] and match.carried == 0
    with pytest.raises(IllegalActionError, match="SS-16"):
        match.score(state(rec(RIGHT_AGAINST_32)))  # not finished
    for target in (7, 10):
        game = SixtySix({"target": target})
        match = SixtySixMatch(game)
        rng = random.Random(target)
        while not match.is_over():
            s = match.new_deal(rng)
            play_until(s, rng.randrange(100), lambda s: s.is_terminal())
            match.score(s)
        assert match.winner is not None and match.scores[match.winner] >= target
        assert match.scores[1 - match.winner] < target
        assert sum(map(sum, (d.scored for d in match.deals))) == sum(match.scores)
        with pytest.raises(IllegalActionError, match="SS-16"):
            match.new_deal(rng)


# --- SS-17: views --------------------------------------------------------------------------------
def test_SS_17_what_a_view_shows_and_never_shows() -> None:
    s = state(EXAMPLE)
    mine, theirs = s.view(0), s.view(1)
    assert isinstance(mine, View) and isinstance(theirs, View)
    assert mine.public() == theirs.public()
    assert theirs.turnup == Card.parse("9D") and theirs.stock_left == 7
    assert theirs.tricks_won == (2, 0) and theirs.closed_by is None
    assert theirs.marriages[0].suit == Suit.DIAMONDS and theirs.marriages[0].counting
    assert theirs.known[0] == (Card.parse("AD"), Card.parse("QD"))  # the exchanged and shown
    assert theirs.total is None and mine.total is None  # hidden by default
    assert not any("total" in k for k in mine.public())
    shown = state(rec(options={"show_running_total": True}))
    assert shown.view(0).total == 59 and shown.view(1).total == 0  # each sees its own only
    assert shown.view(0).public() == shown.view(1).public()
    # the stock's order and the opponent's unknown cards are in no view
    hidden = {Card.parse(t) for t in EXAMPLE["stock"][4:]}
    for view in (mine, theirs):
        assert not view.visible_cards() & hidden
        assert not any(f'"{c.text}"' in json.dumps(view.public()) for c in hidden)
    assert not set(theirs.visible_cards()) & (set(mine.hand) - set(theirs.known[0]))
    assert mine.legal and theirs.legal == ()
    # tricks lie face down: only the last one (both saw it fall) until the next is complete
    assert theirs.last_trick == (0, (Card.parse("KD"), Card.parse("9H")), 0)
    assert Card.parse("AS") not in theirs.visible_cards()


def test_SS_17_played_known_cards_leave_the_view() -> None:
    s = state(EXAMPLE, "QD")  # the shown Q♦ is played
    assert s.view(1).known[0] == (Card.parse("AD"),)


# --- the worked cases of sources.md §6.3 -------------------------------------------------------
def test_case_SS_01_the_deal_and_the_phases() -> None:
    out = tutor.replay(PLAYED_OUT_65_65)
    plays = PLAYED_OUT_65_65["play"]
    assert len(out["tricks"]) == 12 and plays.count("draw") == 6 and len(plays) == 30
    assert sum(1 for t in plays if t != "draw") == 24
    draw_at = [i for i, t in enumerate(plays) if t == "draw"]
    assert draw_at == [2, 5, 8, 11, 14, 17]  # the stock lasts six tricks


def test_case_SS_06_SS_07_a_failed_closer_pays_2_or_3() -> None:
    b = tutor.replay(CLOSED_AFTER_OPPONENTS_TRICK)
    closer = b["closed_by"]
    before = [t for t in b["tricks"][:b["closed_at_trick"]] if t["winner"] != closer]
    assert before and b["claim"] is None and count(b, closer) < 66
    assert b["game_points"][1 - closer] == 2
    c = tutor.replay(CLOSED_AT_FIRST_LEAD)
    assert c["closed_at_trick"] == 0 and c["tricks_won"][1] > 0 and count(c, 0) < 66
    assert c["game_points"] == [0, 3]  # no trick when the stock was closed


def test_case_SS_08_a_pending_marriage_counts_after_the_first_trick_won() -> None:
    s = state(MARRIAGE_LOST_THEN_21, "marriage:KH", "AH")
    assert s.tricks[-1].winner == 1 and s.total(0) == 0 and not s.counting(0)
    assert s.describe()["marriages"] == [
        {"seat": 0, "suit": "H", "points": 20, "counting": False}]
    for token in ("draw", "TS", "AS"):
        act(s, token)
    assert s.tricks[-1].winner == 0 and s.total(0) == 21 + 20 == 41


def test_case_SS_09_a_marriage_without_a_trick_counts_nothing() -> None:
    out = tutor.replay(MARRIAGE_NEVER_COUNTS)
    assert out["marriages"][0]["seat"] == 0 and not out["marriages"][0]["counting"]
    assert out["tricks_won"][0] == 0 and out["totals"][0] == 0
    s = state(MARRIAGE_NEVER_COUNTS, "claim")
    assert s.claim == (1, True) and s.points == (0, 3)


def test_case_SS_13_following_suit_comes_before_trumping() -> None:
    s = state(KINGS_LOWER_SPADES, "AS")
    assert legal(s) == ["JS", "9S"]  # any ♠ will do: it cannot beat the ace
    assert refused(s, "AH").detail == "must follow suit ♠"


def test_case_SS_14_the_upper_bound_230() -> None:
    game = SixtySix({"marriages_after_close": True})
    rng = random.Random(0)
    for _ in range(200):
        s = play_until(game.new_deal(rng, rng.randrange(2)), rng.randrange(99),
                       lambda s: s.is_terminal())
        assert sum(s.totals()) <= 120 + 10 + 40 + 3 * 20
        assert sum(s.won_points) <= 120 and len({m.suit for m in s.marriages}) == len(s.marriages)


def test_rule_file_check_king_of_spades_led_the_follower_must_play_the_nine() -> None:
    s = state(ONLY_NINE_OF_SPADES, "KS")
    assert s.trump == Suit.HEARTS and legal(s) == ["9S"]
    assert refused(s, "AH").rule == "SS-11"


# --- options ------------------------------------------------------------------------------------
def test_options_defaults_and_REC_2_for_unknown_keys_values_and_types() -> None:
    assert SixtySix().options_dict() == {
        "players": 2, "nine_exchange": "on_lead", "marriages_after_close": False,
        "close_first_lead": True, "phase2": "follow_head_trump", "no_claim": "last_trick_wins",
        "claim_by_marriage": False, "show_running_total": False, "target": 7}
    for key, values in SixtySixOptions.CHOICES.items():
        for value in values:
            assert SixtySix({key: value}).options_dict()[key] == value
    for bad in ({"players": 3}, {"phase2": "follow_suit_only_non_leader"}, {"target": "7"},
                {"target": 8}, {"close_first_lead": 1}, {"jokers": True}):
        key = next(iter(bad))
        assert err(rec(options=bad)).startswith(f"options.{key}: ")
        assert "REC-2" in err(rec(options=bad))
    # view and match options change nothing in a replay
    plain = tutor.replay(EXAMPLE)
    for options in ({"show_running_total": True}, {"target": 10}):
        assert tutor.replay(rec(options=options)) == plain


# --- records ------------------------------------------------------------------------------------
def test_the_rule_files_example_replays() -> None:
    if RULES_FILE.exists():  # the text of the rule file, as written there
        text = RULES_FILE.read_text(encoding="utf-8")
        block = text[text.index("Example (must replay"):text.index("- `legal` order")]
        written = json.loads("".join(re.findall(r"`([^`]+)`", block)))
        assert written == EXAMPLE
    out = tutor.replay(EXAMPLE)
    assert out["to_move"] == 0 and out["step"] == "lead" and out["totals"] == [59, 0]
    assert out["phase"] == "play" and out["turnup"] == "9D" and out["stock_left"] == 7
    assert out["bidder"] is None and out["contract"] is None and out["chips"] is None
    assert set(out) == {
        "phase", "to_move", "step", "legal", "bidder", "contract", "trump", "tricks",
        "current_trick", "bidder_points", "bidder_tricks", "made", "chips", "turnup",
        "stock_left", "closed_by", "closed_at_trick", "marriages", "totals", "tricks_won",
        "claim", "game_points", "carried"}


def test_records_round_trip_through_dumps_and_the_cli(tmp_path: Path) -> None:
    for record in (EXAMPLE, PLAYED_OUT_65_65, CLOSER_WRONG, ONE_AT_66_NOT_LAST):
        s = state_of(record)
        again = record_of(s)
        assert again["play"] == record["play"] and state_of(again).key() == s.key()
        text = dumps(again)
        assert parse(text) == again
        keys = [line.split('"')[1] for line in text.splitlines()[1:-1] if line.startswith('  "')]
        assert keys == ["format", "game", "options", "dealer", "hands", "turnup", "stock",
                        "play"]
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(EXAMPLE))
    out = subprocess.run([sys.executable, "-m", "tutor", "replay", str(path)],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0 and json.loads(out.stdout) == tutor.replay(EXAMPLE)
    path.write_text(json.dumps(rec(play=["AS", "KS", "TS"])))
    out = subprocess.run([sys.executable, "-m", "tutor", "replay", str(path)],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr == ("play[2]: TS — SS-5: the trick's winner draws, closes or claims "
                          "before the next lead\n")


def test_other_spellings_of_cards_and_tokens_replay() -> None:
    loose = rec(play=["A♠", "ks", "draw", "exchange", "marriage:K♦", "9♥", "draw"])
    assert tutor.replay(loose) == tutor.replay(EXAMPLE)
    assert record_of(state_of(loose))["play"] == EXAMPLE["play"]
    assert parse_play("claim:marriage:♥") == CLAIM_MARRIAGE + 2
    assert parse_play("10♣") == CARD + CARD_INDEX[Card.parse("TC")]


def test_REC_1_sixty_six_record_shape() -> None:
    assert err(rec(turnup=None)) == "turnup: REC-1: required key missing"
    assert err(rec(stock=None)) == "stock: REC-1: required key missing"
    assert err(rec(stock="JS TH")).startswith("stock: REC-1")
    assert err(rec(play="AS")).startswith("play: REC-1")
    assert err(rec(widow=["JS"])) == "widow: REC-1: unknown key for a sixty-six record"
    assert err(rec(calls=[])) == "calls: REC-1: unknown key for a sixty-six record"


def test_REC_3_cards_outside_the_24_and_unknown_tokens() -> None:
    hands = [h[:] for h in EXAMPLE["hands"]]
    hands[1][4] = "8H"
    assert err(rec(hands=hands)) == \
        "hands[1][4]: '8H' — REC-3: not a card of the 24-card deck (SS-1)"
    assert err(rec(turnup="2D")).startswith("turnup: '2D' — REC-3")
    stock = EXAMPLE["stock"][:]
    stock[3] = "XX"
    assert err(rec(stock=stock)) == "stock[3]: 'XX' — REC-3: unknown card text"
    assert err(rec(play=["AS", "7S"])) == \
        "play[1]: '7S' — REC-3: not a card of the 24-card deck (SS-1)"
    for token in ("drow", "marriage:AD", "claim:marriage:X", 5, None):
        assert err(rec(play=["AS", token])).startswith(f"play[1]: {token!r} — REC-3")
    with pytest.raises(NotationError, match="REC-3"):
        ACTIONS.decode("8H", "play")


def test_REC_4_a_card_twice_across_hands_turnup_and_stock() -> None:
    assert err(rec(turnup="AS")).startswith("turnup: AS — REC-4: a card twice (also at "
                                            "hands[0][0])")
    stock = EXAMPLE["stock"][:]
    stock[10] = "JS"
    assert err(rec(stock=stock)).startswith("stock[10]: JS — REC-4")


def test_REC_5_six_cards_each_two_hands_eleven_in_the_stock() -> None:
    hands = [h[:] for h in EXAMPLE["hands"]]
    hands[0].pop()
    assert err(rec(hands=hands)) == \
        "hands[0]: REC-5: each player is dealt 6 cards (SS-3); seat 0 has 5"
    assert err(rec(stock=EXAMPLE["stock"][:10])) == \
        "stock: REC-5: the stock holds 11 cards (SS-3); it has 10"
    assert err(rec(hands=[*EXAMPLE["hands"], []])).startswith("hands: REC-5")
    assert err(rec(options={"players": 2}, hands=EXAMPLE["hands"][:1])).startswith(
        "hands: REC-5")


def test_REC_6_the_dealer_is_seat_0_or_1() -> None:
    assert err(rec(dealer=2)) == "dealer: 2 — REC-6: dealer must be a seat 0..1"
    assert "REC-6" in err(rec(dealer="1"))


def test_REC_errors_change_nothing_and_name_the_place() -> None:
    s = state(EXAMPLE)
    with pytest.raises(IllegalActionError) as e:
        s.apply_at(parse_play("KS"), "play[7]")
    assert str(e.value) == "play[7]: KS — SS-6: seat 0 does not hold K♠"
    for bad in (-1, N_ACTIONS, "AS", 3.0):
        before = s.key()
        with pytest.raises(IllegalActionError, match="SS-5"):
            s.apply(bad)  # type: ignore[arg-type]
        assert s.key() == before


# --- facts and actions --------------------------------------------------------------------------
def test_info_and_the_action_table() -> None:
    info = SixtySix().info
    assert (info.id, info.rules, info.hand_size, info.tricks, info.stock, info.undealt) == \
        ("sixty-six", "SS", 6, 12, 12, 0)
    assert info.num_distinct_actions == N_ACTIONS == len(ACTIONS) == 40
    assert info.action_kinds == ("card", "draw", "close", "exchange", "marriage", "claim")
    assert not info.zero_sum and info.score_unit == "game points"
    assert info.max_game_length == 31
    for a in range(N_ACTIONS):
        i = SixtySix().action_info(a)
        assert parse_play(i.token) == a and ACTIONS.decode(i.token, "play") == a
    tokens = [ACTIONS[a].token for a in range(CARD)]
    assert tokens == ["claim", "claim:marriage:C", "claim:marriage:S", "claim:marriage:H",
                      "claim:marriage:D", "close", "draw", "exchange", "marriage:KC",
                      "marriage:QC", "marriage:KS", "marriage:QS", "marriage:KH", "marriage:QH",
                      "marriage:KD", "marriage:QD"]
    assert ACTIONS[MARRIAGE + 7].card == Card.parse("QD")
    assert (ACTIONS[CLAIM].kind, ACTIONS[DRAW].kind, ACTIONS[CLOSE].kind,
            ACTIONS[EXCHANGE].kind) == ("claim", "draw", "close", "exchange")
    assert spec("sixty-six").game is SixtySix and spec("sixty-six").name == "Sixty-Six"


def test_paper_fit_sketch_agrees_on_facts_and_tokens() -> None:
    from test_paper_fit import SIXTY_SIX, SIXTY_SIX_INFO

    info = SixtySix().info
    for field in ("id", "rules", "deck", "players", "hand_size", "tricks", "stock",
                  "num_distinct_actions", "max_game_length", "utility", "score_unit",
                  "action_kinds"):
        assert getattr(info, field) == getattr(SIXTY_SIX_INFO, field), field
    sketch = {i.token: (i.kind, i.card, i.suit) for _, i in SIXTY_SIX.items()}
    ours = {i.token: (i.kind, i.card, i.suit) for _, i in ACTIONS.items()}
    assert sketch == ours  # the same actions; numbered here in the legal list's order


def test_the_longest_deal_is_31_actions() -> None:
    game = SixtySix()
    longest = 0
    for seed in range(300):
        s = play_until(game.new_deal(seed, seed % 2), seed, lambda s: s.is_terminal())
        longest = max(longest, len(s.history()))
    assert longest == 31  # 24 cards, 6 draws and an exchange
    s = state(rec(play=[]))
    play_until(s, 0, lambda s: s.is_terminal())
    assert len(s.history()) <= game.info.max_game_length


# --- the state API --------------------------------------------------------------------------------
def test_undo_across_every_kind_of_action_and_copies_stay_apart() -> None:
    s = state(rec(CLOSER_WRONG, play=[]))
    start = s.copy()
    keys = [s.key()]
    for token in CLOSER_WRONG["play"]:
        act(s, token)
        keys.append(s.key())
    twin = s.copy()
    for key in reversed(keys[:-1]):
        s.undo()
        assert s.key() == key
    assert s.key() == start.key() and twin.key() == keys[-1]
    with pytest.raises(IllegalActionError, match="SS-3"):
        s.undo()
    # a copy that undoes a snapshot and plays on leaves the original's undo intact
    a = state(EXAMPLE)
    b = a.copy()
    b.undo()
    act(b, "close")
    act(b, "JC")
    a.undo()
    assert a.key() == state(rec(play=EXAMPLE["play"][:-1])).key()


OPTION_SETS = [{}, {"nine_exchange": "anytime_hoyle", "marriages_after_close": True,
                    "close_first_lead": False, "phase2": "follow_only",
                    "no_claim": "carry_one_point", "claim_by_marriage": True,
                    "show_running_total": True}]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), options=st.sampled_from(OPTION_SETS),
       claim_rate=st.sampled_from([0.0, 0.05, 0.3]))
def test_property_undo_checked_unchecked_and_views(seed: int, options: dict[str, Any],
                                                   claim_rate: float) -> None:
    """At every step of a random deal: undo restores the identical state, checked and unchecked
    apply agree, every action outside the legal list is refused with a rule, and no view shows
    the stock's order, an unknown card of the other hand, or the other seat's total."""
    rng = random.Random(seed)
    game = SixtySix(options)
    s = game.new_deal(rng, rng.randrange(2))
    while not s.is_terminal():
        legal_now = s.legal_actions()
        for a in range(N_ACTIONS):
            assert (s._illegal(a) is None) == (a in legal_now)
        for seat in (0, 1):
            check_view(s, s.view(seat))
        moves = [a for a in legal_now if a != CLAIM and not CLAIM_MARRIAGE <= a < CLOSE]
        a = rng.choice(legal_now if not moves or rng.random() < claim_rate else moves)
        fast = s.copy()
        fast.apply_unchecked(a)
        before = s.key()
        s.apply(a)
        assert s.key() == fast.key()
        assert s.undo() == a and s.key() == before
        s.apply(a)
    for seat in (0, 1):
        check_view(s, s.view(seat))
    assert state_of(record_of(s)).key() == s.key()


def check_view(s: SixtySixState, view: SixtySixView) -> None:
    seat = view.seat
    face_down = set(s.stock[s.drawn:]) if s.drawn < 11 else set()
    hidden = {DECK_24.cards[c] for c in face_down}
    unknown = {DECK_24.cards[c] for c in mask_cards(s.hands[1 - seat] & ~s.known[1 - seat])}
    shown = view.visible_cards()
    assert not shown & hidden and not shown & unknown
    text = json.dumps(view.public())
    assert not any(f'"{c.text}"' in text for c in hidden | unknown)
    assert view.total == (s.total(seat) if s.options.show_running_total else None)
    assert not any("total" in key for key in view.public())
    assert view.public() == s.view(1 - seat).public()


# --- the words (tutor/games/sixty_six/presentation.py) ------------------------------------------
WORDS = spec("sixty-six").presentation


def test_prompts_name_the_rule_of_each_step() -> None:
    assert WORDS.prompt(state(rec(play=["AS", "KS"])).view(0))[1] == "SS-5"
    assert WORDS.prompt(state(rec(play=[])).view(0))[1] == "SS-6"
    assert WORDS.prompt(state(rec(play=[])).view(1)) == ("", "")
    assert WORDS.prompt(state(rec(play=["AS"])).view(1))[1] == "SS-7"
    strict = WORDS.prompt(state(STRICT, "JC").view(1))
    assert strict[1] == "SS-11" and "beat the card led" in strict[0]
    loose = state(rec(STRICT, options={"phase2": "follow_only"}), "JC").view(1)
    assert WORDS.prompt(loose) == ("Your card: follow suit if you can, else any card", "SS-11")
    assert WORDS.turn_rule("play")[0] == "SS-5"


def test_the_log_never_names_a_drawn_card_or_a_total() -> None:
    s = state(rec(play=["AS", "KS"]))
    act(s, "draw")
    for seat in (0, 1):
        line = WORDS.action_text(s.view(seat), 0, DRAW)
        assert "J♠" not in line and "10♥" not in line and "SS-5" in line
    assert WORDS.action_text(s.view(1), 0, DRAW).startswith("seat 0 (non-dealer): draw")
    act(s, "exchange")
    line = WORDS.action_text(s.view(1), 0, EXCHANGE)
    assert line == "seat 0 (non-dealer): exchange the 9 of trumps 9♦ for the turn-up A♦ (SS-8)"
    act(s, "marriage:KD")
    assert WORDS.action_text(s.view(1), 0, MARRIAGE + 6) == \
        "seat 0 (non-dealer): lead K♦, showing Q♦ — a marriage of 40 (SS-9)"
    act(s, "9H")
    assert WORDS.action_text(s.view(0), 1, CARD + CARD_INDEX[Card.parse("9H")]) == \
        "seat 1 (dealer): play 9♥ — trick 2 to you"
    claim = state(EXAMPLE, "claim")
    assert WORDS.action_text(claim.view(0), 0, CLAIM) == "You: claim 66 — wrong (SS-13a)"


def test_facts_hide_the_totals_but_own_under_the_option() -> None:
    view = state(EXAMPLE).view(1)
    facts = dict(WORDS.facts(view))
    assert facts["Trump"].startswith("♦") and facts["Turn-up"] == "9♦"
    assert facts["Stock"] == "7 card(s) face down" and facts["Opponent holds"] == "A♦ Q♦"
    assert facts["Marriages"] == "opponent ♦ 40" and "not shown" in facts["Your total"]
    assert not any("59" in words for words in facts.values())  # seat 0's total
    shown = dict(WORDS.facts(state(rec(options={"show_running_total": True})).view(0)))
    assert shown["Your total"] == "59 (SS-13)"
    closed = dict(WORDS.facts(state(rec(play=["AS", "KS", "close"])).view(1)))
    assert closed["Stock"].startswith("closed by seat 0 after 1 trick(s)")
    done = dict(WORDS.facts(state(OPPONENT_WRONG).view(1)))
    assert done["Game points"] == "you 2 (SS-14d: the opponent's wrong claim after the close)"
    carried = dict(WORDS.facts(state(rec(PLAYED_OUT_65_65,
                                         options={"no_claim": "carry_one_point"})).view(0)))
    assert carried["Game points"].startswith("nobody scores; 1 carried")


# --- readings of docs/sixty-six.md not covered above ---------------------------------------------
def test_reading_close_at_the_draw_step_after_the_sixth_trick() -> None:
    s = state(rec(PLAYED_OUT_65_65, play=PLAYED_OUT_65_65["play"][:17]))
    assert s.step == "draw" and s.stock_left == 1 and "close" in legal(s)
    act(s, "close")
    assert [h.bit_count() for h in s.hands] == [5, 5] and s.view(0).turnup is None
    assert s.describe()["closed_at_trick"] == 6


def test_reading_claim_by_marriage_is_a_lead_action_not_a_draw_step_one() -> None:
    s = state(rec(play=["AS", "KS"], options={"claim_by_marriage": True}))
    assert legal(s) == ["claim", "close", "draw"]
    assert "lead action" in refused(s, "claim:marriage:D").detail


def test_reading_replay_keys_and_errors_after_the_end() -> None:
    assert tutor.replay(rec(play=["AS"]))["current_trick"] == {"leader": 0, "cards": ["AS"]}
    played = state(PLAYED_OUT_65_65)
    assert played.chips() == list(played.points or ()) and sum(played.chips()) == 1
    assert str(refused(played, "claim")) == \
        "claim — SS-15: the deal is over: every card is played"
    closed = state(CLOSER_MAKES_IT_PLAYED_OUT)
    assert refused(closed, "claim").rule == "SS-14"
    assert refused(state(rec(play=["AS"])), "QD").detail == "seat 1 does not hold Q♦"
    assert refused(state(rec(play=["AS"])), "QD").rule == "SS-7"


def test_reading_the_last_trick_stays_in_view_until_the_next_is_complete() -> None:
    s = state(EXAMPLE, "JC")  # seat 0 leads trick 3: trick 2 still lies in view
    assert s.view(1).last_trick == (0, (Card.parse("KD"), Card.parse("9H")), 0)
    act(s, "QS")
    assert s.view(1).last_trick == (0, (Card.parse("JC"), Card.parse("QS")), 0)
    assert Card.parse("KD") not in s.view(1).visible_cards()
    done = state(OPPONENT_WRONG)
    assert done.view(0).total is None and done.view(1).total is None  # not even at the end
    assert done.view(0).claim == (0, False) and done.view(0).game_points == (0, 2)


def test_reading_carried_points_accumulate_in_the_match() -> None:
    options = {"no_claim": "carry_one_point"}
    game = SixtySix(options)
    match = SixtySixMatch(game, first_dealer=1)
    first = state(rec(PLAYED_OUT_65_65, options=options))
    mirror = state(rec(PLAYED_OUT_65_65, options=options, dealer=0,
                       hands=PLAYED_OUT_65_65["hands"][::-1]))  # the same deal, seats swapped
    assert mirror.points == (0, 0) and mirror.carried == 1
    match.score(first)
    match.score(mirror)
    assert match.carried == 2 and match.scores == [0, 0]
    third = state(rec(RIGHT_AGAINST_33, options=options), "claim")  # dealt by seat 1
    score = match.score(third)
    assert score.collected == 2 and score.scored == (0, 1 + 2) and match.scores == [0, 3]
    assert match.carried == 0 and match.dealer == 0
