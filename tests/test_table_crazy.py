"""Crazy Solo at the table and in the display: 3 to 12 seats, one call each, the called card, the
secret partner (CS-9), n-card tricks, the match in chips with the blind round (CS-13, CS-14).

The partner is a secret until the called card is played — except to its holder. Besides the
hidden-card audit every table test runs (no other hand in any widget trait), the *twin* test
checks the secret itself: the same deal with the called card moved to another unknown seat's
hand (swapped for a card of its suit, so every past play stays legal) gives the learner the
same view, and the widget must then hold **exactly** the same state — so nothing in any trait
depends on who the partner is. A leaky view (one that tells the partner) makes the twins differ:
the test can fail.
"""

from __future__ import annotations

import json
import random
import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from conftest_lesson import mentions, plain
from traitlets import TraitError

from tutor.cards import Card
from tutor.display import deal_html, view_html
from tutor.display.adapter import deal_notes
from tutor.display.play_table import settlement_html, table_view_html
from tutor.engine.record import dumps, state_of
from tutor.games import spec
from tutor.games.crazy_solo.rules import CrazySoloState, CrazySoloView
from tutor.games.tapp import CARD_INDEX, CARDS, PLAY, SUIT_OF, mask_cards
from tutor.play.levels import has_pimc
from tutor.play.log import names_any
from tutor.play.session import TableGame, table_sizes
from tutor.widgets.common import state_text, subtree
from tutor.widgets.table import BLIND, CardGridRow, TableWidget

pytestmark = pytest.mark.usefixtures("clean_widgets")

GAME = "crazy-solo"
WORDS = spec(GAME).presentation
#: The rule file's example (crazy-solo.md): seat 1 takes over seat 0's solo in hearts and calls
#: A♥, which seat 0 holds — the partner, revealed at play[0].
EXAMPLE: dict[str, Any] = {
    "format": "tutor-record/1", "game": GAME, "options": {"players": 4}, "dealer": 3,
    "hands": [["AH", "TH", "KH", "9H", "AS", "6S", "8C", "7D", "6D"],
              ["QH", "JH", "8H", "AC", "TC", "KS", "QS", "9D", "8D"],
              ["7H", "6H", "TS", "JS", "9S", "KC", "QC", "JC", "AD"],
              ["9C", "7C", "6C", "8S", "7S", "TD", "KD", "QD", "JD"]],
    "calls": ["solo-in-hearts", "solo-in-hearts", "pass", "pass"], "declare": {"call": "AH"},
    "play": ["AH", "8H", "6H", "6C"]}


def forged_click(button: Any) -> None:
    button._handle_custom_msg({"event": "click"}, [])


def browser_text(tw: TableWidget) -> str:
    return plain(state_text(subtree(tw.box)))


def assert_nothing_hidden_shown(tw: TableWidget) -> None:
    """No card the learner's seat may not see, and no withheld reason, in the widget state."""
    hidden = {c.text for c in tw.hidden_cards()}
    text = browser_text(tw)
    assert not mentions(text, hidden), (tw.table.state.phase, mentions(text, hidden))
    for secret in tw.secrets():
        assert secret not in text


def crazy(players: int, **kw: Any) -> TableWidget:
    return TableWidget(game=GAME, options={"players": players}, **kw)


def click_for(tw: TableWidget, action: int) -> None:
    """Press the button that carries ``action`` (a called card: its button in the grid)."""
    b = tw.button_for(action)
    assert not b.disabled and b.layout.display != "none", (action, b.description)
    b.click()


class QuietRandom:
    """A bot that passes in the auction and plays at random after it (so the learner, bidding,
    wins the auction and declares)."""

    name = "quiet"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.moves = 0

    def act(self, view: Any) -> tuple[int, str]:
        action, why = self.choose(view)
        self.moves += 1  # every reason its own words: a test can look for each on the page
        return action, f"{why} (seat {view.seat}, its move {self.moves})"

    def choose(self, view: Any) -> tuple[int, str]:
        legal = list(view.legal)
        if view.phase == "auction":
            return legal[0], "pass: a quiet bot"
        return self.rng.choice(legal), "a random legal choice"


class Caller(QuietRandom):
    """The first bot to speak bids Solo, the others pass; trump ♣ and a random called card —
    so there is a partner to keep secret."""

    name = "caller"

    def choose(self, view: Any) -> tuple[int, str]:
        legal = list(view.legal)
        if view.phase == "auction":
            opened = any(token != "pass" for _, token in view.calls)
            solo = [a for a in legal if WORDS.call_words("solo") in _label(view, a)]
            if not opened and solo:
                return solo[0], "bid Solo: a caller"
            return legal[0], "pass: someone called"
        return self.rng.choice(legal), "a random legal choice"


def _label(view: Any, action: int) -> str:
    return spec(GAME).make(view.options).action_info(action).label


def quiet_bots(t: TableGame) -> None:
    t.bots = {s: QuietRandom(s) for s in t.bots}


def learner_choice(t: TableGame, rng: random.Random) -> int:
    """Bid now and then (so the learner also declares and calls a card), else any legal."""
    legal = list(t.view.legal)
    bids = [a for a in legal if t.game.action_info(a).kind == "call"
            and t.game.action_info(a).token != "pass"]
    if bids and rng.random() < 0.5:
        return rng.choice(bids)
    return rng.choice(legal)


def record_with(record: dict[str, Any], folder: Path, name: str = "deal.json") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(dumps(record), encoding="utf-8")
    return path


def normalised(tw: TableWidget) -> str:
    """The widget state as the browser receives it, with model ids numbered in the order they
    are met and class lists sorted (two widgets of one structure compare equal)."""
    states = json.loads(state_text(subtree(tw.box)))
    order: dict[str, str] = {}
    for mid in states:
        order.setdefault(mid, f"M{len(order)}")
    text = json.dumps([states[m] for m in states], sort_keys=True, ensure_ascii=False)
    text = re.sub(r"IPY_MODEL_([0-9a-f]+)", lambda m: order.get(m.group(1), "?"), text)
    data = json.loads(text)
    for state in data:
        if isinstance(state.get("_dom_classes"), list):
            state["_dom_classes"] = sorted(state["_dom_classes"])
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def loaded(record: dict[str, Any], seat: int, folder: Path) -> TableWidget:
    """A fresh table (always the same seed) that opens ``record`` from its deals folder, the
    learner at ``seat`` — as a teacher's saved deal is opened."""
    record_with(record, folder)
    tw = crazy(record["options"]["players"], seat=seat, seed=5, bot="random",
               records_dir=folder)
    tw.load_pick.value = "deal.json"
    tw.load_button.click()
    assert tw.notice.value == "", tw.notice.value
    return tw


# --- the seats as the learner may know them (CS-9) ------------------------------------------------
def example_state(cards_played: int) -> CrazySoloState:
    state = state_of({**EXAMPLE, "play": EXAMPLE["play"][:cards_played]})
    assert isinstance(state, CrazySoloState)
    return state


@pytest.mark.rule("CS-8", "CS-9")
def test_each_seat_marked_as_its_viewer_may_know_it() -> None:
    """Before A♥ is played only its holder (seat 0) knows the sides; the bidder (seat 1) and
    the gang see the others as unknown. From play[0] on everyone sees seat 0 as the partner."""
    before = example_state(0)
    marks = {v: [WORDS.seat_marks(before.view(v), s) for s in range(4)] for v in range(4)}
    assert marks[0] == [("partner",), ("bidder",), ("gang",), ("gang",)]
    assert marks[1] == [("unknown",), ("bidder",), ("unknown",), ("unknown",)]
    assert marks[2] == [("unknown",), ("bidder",), ("gang",), ("unknown",)]
    assert marks[3] == [("unknown",), ("bidder",), ("unknown",), ("gang",)]
    assert [WORDS.sides_hidden(before.view(v)) for v in range(4)] == [False, True, True, True]
    after = example_state(1)
    for v in range(4):
        assert [WORDS.seat_marks(after.view(v), s) for s in range(4)] == [
            ("partner",), ("bidder",), ("gang",), ("gang",)]
        assert not WORDS.sides_hidden(after.view(v))
    # drawn: the badges follow the marks, and nobody's view holds another seat's side early
    html = view_html(before.view(2))
    assert html.count("st-badge-unknown") == 2 and "st-badge-partner" not in html
    html = view_html(before.view(0))
    assert html.count("st-badge-partner") == 1 and "st-badge-unknown" not in html


@pytest.mark.rule("CS-9", "CS-10")
def test_a_partner_deduced_from_the_play() -> None:
    """Seats 2 and 3 show void in hearts on the first trick: to the bidder (seat 1) only seat 0
    can still hold the called A♥, so seat 0 is the partner as far as the bidder may know — its
    side is no secret to it any more. To seat 2 the partner is still seat 0 or the bidder
    (secretly alone)."""
    record = {
        "format": "tutor-record/1", "game": GAME, "options": {"players": 4}, "dealer": 3,
        "hands": [["AH", "TH", "KH", "9H", "AS", "KS", "QS", "JS", "TS"],
                  ["QH", "JH", "8H", "7H", "6H", "9S", "8S", "7S", "6S"],
                  ["AC", "TC", "KC", "QC", "JC", "9C", "8C", "7C", "6C"],
                  ["AD", "TD", "KD", "QD", "JD", "9D", "8D", "7D", "6D"]],
        "calls": ["pass", "solo-in-hearts", "pass", "pass"], "declare": {"call": "AH"},
        "play": ["TH", "6H", "6C", "6D"]}
    state = state_of(record)
    bidder, gang = state.view(1), state.view(2)
    assert [WORDS.seat_marks(bidder, s) for s in range(4)] == [
        ("partner",), ("bidder",), ("gang",), ("gang",)]
    assert not WORDS.sides_hidden(bidder)
    assert dict(WORDS.facts(bidder))["Partner"] == \
        "seat 0: the only seat that can still hold A♥ (CS-10)"
    assert [WORDS.seat_marks(gang, s) for s in range(4)] == [
        ("unknown",), ("bidder",), ("gang",), ("gang",)]
    assert WORDS.sides_hidden(gang)
    assert dict(WORDS.facts(gang))["Partner"] == \
        "unknown until A♥ is played (CS-9): seat 0 or seat 1"
    notes = deal_notes(GAME).seat_notes(gang, worlds=50, seed=3)
    assert set(notes) == {0, 1}  # the bidder may have called its own card
    assert deal_notes(GAME).seat_notes(bidder, worlds=50, seed=3) == {}


@pytest.mark.rule("CS-8", "CS-9")
def test_secretly_alone_and_alone_contracts() -> None:
    """A bidder who calls a card of the own hand is secretly alone: to the bidder everyone else
    is the gang, to the others every seat but the bidder and themselves is unknown. After an
    alone call there is no partner: everyone else is the gang at once."""
    state = example_state(0)
    rec = {**EXAMPLE, "declare": {"call": "QH"}, "play": []}  # seat 1's own Q♥
    alone = state_of(rec)
    assert isinstance(alone, CrazySoloState) and alone.partner == 1
    assert [WORDS.seat_marks(alone.view(1), s) for s in range(4)] == [
        ("gang",), ("bidder",), ("gang",), ("gang",)]
    assert dict(WORDS.facts(alone.view(1)))["Partner"] == "none: you are secretly alone"
    assert [WORDS.seat_marks(alone.view(0), s) for s in range(4)] == [
        ("gang",), ("bidder",), ("unknown",), ("unknown",)]
    assert state.view(0).partner == 0
    rec = {**EXAMPLE, "calls": ["alone", "pass", "pass", "pass"], "declare": {"trump": "S"},
           "play": []}
    solo = state_of(rec)
    assert [WORDS.seat_marks(solo.view(2), s) for s in range(4)] == [
        ("bidder",), ("gang",), ("gang",), ("gang",)]
    assert not WORDS.sides_hidden(solo.view(2))


@pytest.mark.rule("CS-9")
def test_seat_notes_only_while_the_partner_is_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    """The teaching aid beside the seats: each other seat's share of sampled deals holding the
    called card, asked of the sampler with the learner's view alone — for a view that does not
    know the partner; none for the holder's view or once the card is played."""
    from tutor.engine import sampler

    asked: list[Any] = []

    def shares(view: Any, card: Any, *, worlds: int, seed: int) -> dict[int, float]:
        asked.append((view, card, worlds, seed))
        return {0: 0.5, 1: 0.25, 2: 0.0, 3: 0.25}

    monkeypatch.setattr(sampler, "holder_shares", shares, raising=False)
    notes = deal_notes(GAME)
    before = example_state(0)
    got = notes.seat_notes(before.view(2), worlds=40, seed=7)
    assert got == {0: "holds A♥ in 50% of sampled deals", 1: "holds A♥ in 25% of sampled deals",
                   3: "holds A♥ in 25% of sampled deals"}
    view, card, worlds, seed = asked[0]
    assert isinstance(view, CrazySoloView) and view.seat == 2 and view.partner is None
    assert card == Card.parse("AH") and (worlds, seed) == (40, 7)
    assert notes.seat_notes(before.view(0), worlds=40, seed=7) == {}  # the holder knows
    assert notes.seat_notes(example_state(1).view(2), worlds=40, seed=7) == {}  # revealed
    assert len(asked) == 1
    html = table_view_html(before.view(2), {}, fallen=[], teaching_aid=False, seat_notes=got)
    assert html.count('class="st-seat-note"') == 3 and "holds A♥ in 50%" in html
    assert view_html(before.view(2), seat_notes=got).count('class="st-seat-note"') == 3


# --- the whole deal and the settlement ------------------------------------------------------------
def played_out(players: int, seed: int, want: Any) -> CrazySoloState:
    """A deal of ``players`` played at random to the end, the first of the seeds from ``seed``
    for which ``want(state)`` holds."""
    game = spec(GAME).make({"players": players})
    for s in range(seed, seed + 400):
        rng = random.Random(s)
        state = game.new_deal(rng, rng.randrange(players))
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        assert isinstance(state, CrazySoloState)
        if want(state):
            return state
    raise AssertionError("no such deal")


@pytest.mark.rule("CS-2", "CS-8", "CS-11", "CS-12")
@pytest.mark.parametrize("players", [4, 7, 12])
def test_a_whole_deal_draws_the_soloists_and_the_rounded_payment(players: int) -> None:
    state = played_out(players, 10, lambda s: s.bidder is not None and s.called >= 0
                       and s.partner != s.bidder)
    d = state.describe()
    html = deal_html(state)
    assert "widow" not in html  # CS-2: every card is dealt
    held = f"held by seat {state.partner}, the partner (CS-8)"
    assert held in html
    p, k = d["bidder_points"], 3 if state.trump == 2 else 2
    raw = k * (p - 60)
    worked = f"{k} × ({p} − 60) = {raw}" + (f" → {state.payment()}" if raw != state.payment()
                                             else "")
    assert worked in html and "CS-12" in html
    assert sum(d["chips"]) == 0
    for s in state.defenders:
        assert f"seat {s}" in html.split("Settling (CS-12)")[1].split("</dd>")[0]
    learner = state.defenders[0]
    text = settlement_html(state, learner, None)
    assert "in the gang, with the" in text and f"{d['chips'][learner]:+d} (CS-11, CS-12)" in text


@pytest.mark.rule("CS-11")
def test_a_draw_is_named_a_draw() -> None:
    state = played_out(4, 0, lambda s: s.bidder is not None and s.payment() == 0)
    assert "a draw (CS-11)" in settlement_html(state, 0, None)
    assert "a draw, no chips move" in deal_html(state)


# --- the table ------------------------------------------------------------------------------------
def test_table_sizes_and_the_players_picker() -> None:
    """Crazy Solo is dealt to 3..12 players (CS-2); Six-Bid Solo and Frog to 3 (a fourth or
    fifth player sits out, which the table does not deal). The picker shows only where there is
    a choice, and a new size deals anew with the seats of that table."""
    assert table_sizes(GAME) == tuple(range(3, 13))
    assert table_sizes("six-bid-solo") == table_sizes("frog") == (3,)
    tw = TableWidget(seed=3, auto=False)
    assert tw.players_pick.layout.display == "none"
    tw.game_pick.value = GAME
    assert tw.notice.value == "" and tw.table.game.players == 4
    assert tw.players_pick.layout.display is None
    assert [v for _, v in tw.players_pick.options] == list(range(3, 13))
    tw.seat_pick.value = 3
    tw.players_pick.value = 12
    assert tw.notice.value == "" and tw.table.state.n == 12 and tw.table.seat == 3
    assert [v for _, v in tw.seat_pick.options] == list(range(12))
    tw.seat_pick.value = 11
    tw.players_pick.value = 5  # seat 11 is gone: the learner sits at seat 0
    assert tw.table.state.n == 5 and tw.table.seat == 0 and tw.seat_pick.value == 0
    assert len(tw.table.view.hand) == 7  # CS-2: 35 cards to 5 players
    key = tw.table.state.key()
    with pytest.raises(TraitError):  # a forged size is refused by the picker itself
        tw.players_pick.set_state({"index": 10})
    assert tw.table.state.key() == key
    three = TableWidget(game=GAME, options={"players": 3, "three_handed_deck": 24}, seed=4,
                        auto=False)  # the 24-card deck is for 3 players only (CS-2):
    assert len(three.table.view.hand) == 8
    three.players_pick.value = 5  # the other sizes deal with the default deck
    assert three.notice.value == "" and three.table.game.options_dict()["players"] == 5
    assert three.table.game.options_dict()["three_handed_deck"] == 36
    tw.players_pick.value = 12
    tw.seat_pick.value = 10
    tw.game_pick.value = "six-bid-solo"  # seat 10 is gone there too
    assert tw.notice.value == "" and tw.table.seat == 0 and tw.table.state.n == 3
    assert tw.players_pick.layout.display == "none"


@pytest.mark.rule("CS-4", "CS-7", "CS-10")
@pytest.mark.parametrize("players", [3, 4, 8, 12])
def test_a_crazy_solo_deal_through_the_widget(players: int) -> None:
    """Deals clicked through the page's buttons: one call each, trump and the called card from
    the grid when the learner wins the auction (three players only go alone: trump, CS-5),
    n-card tricks to the settlement; after every click nothing hidden is in the widget
    state."""
    tw = crazy(players, seat=1, seed=40 + players, bot="random", auto=False)
    assert list(tw.rows) == ["call", "trump", "call-card", "card"]
    assert isinstance(tw.rows["call-card"], CardGridRow)
    rng = random.Random(players)
    declared = settled = False
    for deal in range(6):
        quiet = deal % 2 == 1  # every other deal the bots keep out of the auction and the
        if quiet:  # learner bids: it wins the auction and declares
            quiet_bots(tw.table)
        while not tw.table.done:
            t = tw.table
            if t.bot_to_move():
                tw.next_button.click()
                assert tw.notice.value == "", tw.notice.value
                continue
            declared = declared or (t.view.phase == "declare" and players == 3)
            if t.view.step == "call":
                row = tw.rows["call-card"]
                shown = [b for b in row.buttons if b.layout.display != "none"]
                assert len(shown) == len(t.game.info.deck.cards) and \
                    not any(b.disabled for b in shown)
                assert sum("st-own" in b._dom_classes for b in shown) == len(t.view.hand)
                declared = True
            bids = [a for a in t.view.legal if t.game.action_info(a).kind == "call"][1:3]
            click_for(tw, rng.choice(bids) if quiet and bids else learner_choice(t, rng))
            assert tw.notice.value == "", tw.notice.value
            assert_nothing_hidden_shown(tw)
        state = tw.table.state
        assert sum(state.chips()) == 0
        if state.bidder is not None:
            assert all(len(cards) == players for _, cards, _ in state.tricks)
            result = tw.result.value
            assert "Settlement" in result and "The whole deal" in result and "CS-11" in result
            settled = True
        if declared and settled:
            break
        tw.new_button.click()
    assert declared and settled


@pytest.mark.rule("CS-2", "CS-7", "CS-8")
def test_forged_events_change_nothing() -> None:
    """At 8 seats (the four 6s removed, CS-2): a forged press on a grid button of a removed
    card, on a disabled trump, out of turn, junk values — each refused with its rule, nothing
    changed."""
    tw = crazy(8, seat=0, seed=12, bot="random", auto=False)
    t = tw.table
    quiet_bots(t)
    for _ in range(60):  # to the learner's call of a card
        if t.learner_to_move() and t.view.step == "call":
            break
        if t.done:
            tw.new_button.click()
            quiet_bots(t)
            continue
        if t.bot_to_move():
            tw.next_button.click()
            continue
        legal = list(t.view.legal)
        bid = [a for a in legal if t.game.action_info(a).token == "solo"]
        click_for(tw, bid[0] if bid else legal[-1])
    assert t.view.step == "call"
    key = t.state.key()
    row = tw.rows["call-card"]
    assert isinstance(row, CardGridRow)
    six = row.cards.index(Card.parse("6S"))
    assert row.buttons[six].layout.display == "none" and row.buttons[six].disabled
    forged_click(row.buttons[six])
    assert t.state.key() == key and "CS-8" in tw.notice.value and "not in this deal" in \
        tw.notice.value
    forged_click(tw.rows["trump"].buttons[2])  # trump ♥: not now, and not a plain call's
    assert t.state.key() == key and "CS-7" in tw.notice.value
    tw.press(tw.rows["card"], 0)  # the cards' row is not in sight: no action on it
    assert t.state.key() == key and "CS-8" in tw.notice.value and "no action" in \
        tw.notice.value
    tw.act(CARD_INDEX[t.view.hand[0]])  # a card of the own hand before the call
    assert t.state.key() == key and "CS-7" in tw.notice.value
    for junk in ("AS", 999, -1, None, 3.5):  # the engine's type check names its own rule
        tw.act(junk)
        assert t.state.key() == key and re.search(r"[A-Z]+-\d", tw.notice.value), junk
    forged_click(tw.hint_button)  # no sampling player for Crazy Solo here: TABLE-5
    if not t.has_pimc:
        assert t.state.key() == key and "TABLE-5" in tw.notice.value
    ace = next(a for a, c in zip(row.actions, row.cards, strict=True) if c == Card.parse("AS"))
    click_for(tw, ace)  # the real thing
    assert tw.notice.value == "" and t.state.called == CARD_INDEX[Card.parse("AS")]
    while t.bot_to_move():
        tw.next_button.click()
    if not t.done:  # the play: a card of another seat's hand, a grid button now
        key = t.state.key()
        other = next(s for s in range(8) if s != 0 and t.state.hands[s])
        assert_nothing_hidden_shown(tw)
        forged_click(row.buttons[0])  # a called card in the play (the notice echoes the
        assert t.state.key() == key and "CS-10" in tw.notice.value  # forged value)
        tw.act(mask_cards(t.state.hands[other])[0])
        assert t.state.key() == key and "CS-10" in tw.notice.value


@pytest.mark.rule("CS-13", "CS-14")
def test_a_match_in_chips_with_a_blind_round() -> None:
    """A short match at 4 seats opening with a blind round: balances from 150, carried from
    deal to deal, negative balances allowed (a bank loan: CS-13 ends the match only after its
    deals); blind deals say so."""
    tw = crazy(4, seat=0, seed=21, bot="random")
    assert [v for _, v in tw.mode_pick.options] == [0, 4, BLIND]
    tw.mode_pick.value = BLIND
    tw.new_button.click()
    t = tw.table
    assert t.match is not None and t.match.blind_round and t.match.balances == [150] * 4
    assert "chips (CS-13)" in tw.status.value
    rng = random.Random(1)
    blind_seen = False
    for _deal in range(4):
        blind_seen = blind_seen or t.state.blind
        if t.state.blind:
            assert "blind (CS-14)" in tw.view_out.value or t.done
        while not t.done:
            click_for(tw, learner_choice(t, rng))
            assert tw.notice.value == "", tw.notice.value
        assert "Match balances" in tw.result.value  # a deal thrown in too
        if t.match.deals_played + 1 < 4:
            tw.new_button.click()
    assert blind_seen
    assert "over (CS-13)" in tw.result.value
    balances = [b + c for b, c in zip(t.match.balances, t.state.chips(), strict=True)]
    assert sum(balances) == 4 * 150
    sbs = TableWidget(seed=2)
    assert [v for _, v in sbs.mode_pick.options] == [0, 4]
    with pytest.raises(Exception, match="TABLE-2"):
        sbs.table.start_match(2, blind_round=True)


# --- the secret partner ---------------------------------------------------------------------------
def twin_record(state: CrazySoloState, learner: int) -> dict[str, Any] | None:
    """The deal of ``state`` (its record so far) with the called card moved to another seat the
    learner cannot tell apart: swapped, as dealt, for an unplayed card of its suit in the hand
    of a seat that is neither the learner nor the holder. Every play so far stays legal and the
    learner's view is the same; only the partner changes. None when there is no such card."""
    called, holder = state.called, state.partner
    assert holder is not None
    suit = SUIT_OF[called]
    for seat in state.active:
        if seat in (learner, holder):
            continue
        mine = [c for c in mask_cards(state.hands[seat]) if SUIT_OF[c] == suit]
        if mine:
            other = CARDS[mine[0]].text
            record = state.record()
            hands = [list(h) for h in record["hands"]]
            c = CARDS[called].text
            hands[holder][hands[holder].index(c)] = other
            hands[seat][hands[seat].index(other)] = c
            return {**record, "hands": hands}
    return None


def secret_positions(players: int, seed: int, learner: int, most: int
                     ) -> list[tuple[TableWidget, dict[str, Any]]]:
    """The live table at up to ``most`` of the learner's turns while the partner is a secret
    to the learner (any bot plays), each with its twin record."""
    out: list[tuple[TableWidget, dict[str, Any]]] = []
    for deal_seed in range(seed, seed + 40):
        tw = crazy(players, seat=learner, seed=deal_seed, bot="random", auto=False)
        t = tw.table
        t.bots = {s: Caller(deal_seed * 100 + s) for s in t.bots}
        tw.auto.value = True  # the bots move at once from here
        rng = random.Random(deal_seed)
        while not t.done and len(out) < most:
            if t.state.phase == "auction":
                click_for(tw, t.view.legal[0])  # the learner passes: a bot bids
                continue
            if t.sides_hidden() and t.state.phase == PLAY:
                state = t.state
                assert isinstance(state, CrazySoloState)
                twin = twin_record(state, learner)
                if twin is not None:
                    out.append((tw, twin))
                    break  # one position per deal: the next deal for the next
            click_for(tw, learner_choice(t, rng))
        if len(out) >= most:
            return out
    return out


@pytest.mark.rule("CS-9")
@pytest.mark.parametrize("players", [4, 8, 12])
def test_no_widget_state_tells_the_partner(players: int, tmp_path: Path) -> None:
    """At a learner's turn before the called card is played: the widget opened on the deal and
    on its twin (the partner moved to another unknown seat) hold exactly the same state, and so
    does the live table's drawing; every bot reason given since the call is held back."""
    positions = secret_positions(players, 100 * players, learner=players // 2, most=2)
    assert len(positions) == 2
    for k, (live, twin) in enumerate(positions):
        record = live.table.record()
        seat = live.table.seat
        real = state_of(record)
        other = state_of(twin)
        assert isinstance(real, CrazySoloState) and isinstance(other, CrazySoloState)
        assert real.partner != other.partner and real.view(seat) == other.view(seat)
        one = loaded(record, seat, tmp_path / f"a{k}")
        two = loaded(twin, seat, tmp_path / f"b{k}")
        assert one.table.sides_hidden()
        assert normalised(one) == normalised(two)
        live.aid.value = one.aid.value = True  # every trick (not the ones since the last
        for name in ("status", "view_out", "aid_out", "hint_out", "result"):  # action)
            assert getattr(live, name).value == getattr(one, name).value, name
        for kind, row in live.rows.items():
            mine = [(b.description, b.disabled, b.layout.display) for b in row.buttons]
            theirs = [(b.description, b.disabled, b.layout.display)
                      for b in one.rows[kind].buttons]
            assert mine == theirs, kind
        call = next(i for i, e in enumerate(live.table.log)
                    if live.table.game.action_info(e.action).kind == "call-card")
        since = [e for e in live.table.log[call:] if e.reason]  # the bots' reasons
        assert since and all(e.secret and e.held_back for e in since)
        assert live.log_out.value.count("shown once the sides are known") == len(since)
        assert_nothing_hidden_shown(live)


@pytest.mark.rule("CS-9")
def test_seat_notes_follow_a_take_back() -> None:
    """The notes are worked out once per position — and a take-back followed by another card
    is another position: the table shows the notes of the position on the table."""
    from tutor.play.session import NOTE_WORLDS, view_seed

    live, _ = secret_positions(8, 860, learner=4, most=1)[0]
    t = live.table
    t.bots = {s: Caller(s) for s in t.bots}
    legal = list(t.view.legal)
    for first, second in pairwise(legal):
        t.act(first)
        t.run_bots()
        before = t.seat_notes()
        t.undo()
        t.act(second)
        t.run_bots()
        if t.sides_hidden():
            fresh = deal_notes(GAME).seat_notes(t.view, worlds=NOTE_WORLDS,
                                                seed=view_seed(t.view))
            assert t.seat_notes() == fresh
            assert before is not t.seat_notes()
            return
        t.undo()
    pytest.skip("no second card kept the partner secret")


@pytest.mark.rule("CS-9")
def test_the_twin_test_catches_a_leaky_view(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The twin comparison fails when a view tells the partner: a view that hands every seat
    the partner's identity as if the called card were played makes the two widgets differ."""
    live, twin = secret_positions(8, 800, learner=4, most=1)[0]
    record = live.table.record()
    real_of = CrazySoloView.of

    def leaky(state: Any, seat: int) -> CrazySoloView:
        view = real_of(state, seat)
        return CrazySoloView(**{**{f: getattr(view, f) for f in view.__dataclass_fields__},
                                "partner": state.partner, "partner_revealed": True})

    monkeypatch.setattr(CrazySoloView, "of", classmethod(lambda _cls, s, seat: leaky(s, seat)))
    one = loaded(record, 4, tmp_path / "a")
    two = loaded(twin, 4, tmp_path / "b")
    assert normalised(one) != normalised(two)


@pytest.mark.rule("CS-9")
def test_a_reason_that_tells_the_partner_waits_until_the_card_is_played() -> None:
    """A bot that says whether it holds the called card: its reasons after the call are held
    back while the learner does not know the partner, shown once the card is played, and
    listed with the whole deal."""

    class Teller(Caller):
        def choose(self, view: Any) -> tuple[int, str]:
            action, why = super().choose(view)
            if view.called is None:
                return action, why
            mine = view.partner == view.seat and not view.partner_revealed
            return action, "I hold the called card" if mine else "not me"

    for seed in range(10):
        tw = crazy(5, seat=2, seed=seed, bot="random", auto=False)
        t = tw.table
        t.bots = {s: Teller(s) for s in t.bots}
        told = False
        while not t.done:
            if t.bot_to_move():
                tw.next_button.click()
            else:
                click_for(tw, t.view.legal[0])  # pass, then the first legal card
            told = told or any(e.reason.startswith("I hold") for e in t.log)
            if t.sides_hidden():
                text = browser_text(tw)
                assert "I hold the called card" not in text and "not me" not in text
        if told:  # the reasons held back, listed with the whole deal
            assert "I hold the called card" in tw.result.value
            return
    raise AssertionError("no deal where a bot held the called card")


@pytest.mark.rule("CS-9")
@pytest.mark.skipif(not has_pimc(GAME), reason="the sampling player does not play Crazy Solo "
                    "here (its games/crazy_solo/pimc.py comes with its own branch)")
def test_a_hint_tells_nothing_of_the_partner(tmp_path: Path) -> None:
    """The hint is the sampling player's choice from the learner's view: asked on the deal and
    on its twin (the partner moved to another unknown seat) it is the same, word for word, and
    the widgets stay the same; the deal does not move."""
    live, twin = secret_positions(8, 830, learner=4, most=1)[0]
    record = live.table.record()
    one = loaded(record, 4, tmp_path / "a")
    two = loaded(twin, 4, tmp_path / "b")
    for tw in (one, two):
        key = tw.table.state.key()
        tw.hint_button.click()
        assert tw.notice.value == "" and "Hint:" in tw.hint_out.value
        assert tw.table.state.key() == key
        assert_nothing_hidden_shown(tw)
    assert one.hint_out.value == two.hint_out.value
    assert normalised(one) == normalised(two)


def test_bots_and_levels_for_crazy_solo() -> None:
    """The table offers the levels whose bots play Crazy Solo (read off its folder), and
    nothing the sampling player or the solver would give where they do not play it yet."""
    from tutor.play.levels import has_review, levels

    have = levels(GAME)
    assert have[0] == "random"
    t = TableGame(game=GAME, options={"players": 6}, seed=1)
    assert t.bot_kind in have and t.game.players == 6
    assert t.has_review == has_review(GAME)
    while not t.done:
        t.act(t.view.legal[0]) if t.learner_to_move() else t.bot_step()
    if not t.has_review:
        with pytest.raises(Exception, match="TABLE-5"):
            t.review()
    for _, reason in t.shown_log():
        assert not names_any(reason, t.hidden_cards())
