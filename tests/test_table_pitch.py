"""Auction Pitch at the play table: its cards, its drawings, whole hands through the widget at 3 to
7 seats, the match to the target with its score board, forged events, the bots' reasons, records,
and what the browser would receive.

Hidden information (PI-3): during a hand no widget trait names a card of another hand or a card
never dealt (the hidden-card audit after every action: every card the learner's view does not
show); once the hand is over every dealt card is shown and the undealt rest of the pack still is
not (:meth:`~tutor.display.adapter.DealNotes.never_shown`). The *twin* test opens two hands that
differ only where the learner cannot see — another seat's unplayed card swapped with a card never
dealt — and requires exactly the same widget state; a table that lists the undealt cards makes
the twins differ (:func:`test_a_leaky_table_makes_the_twins_differ`).
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from conftest_lesson import mentions, plain
from test_rules_auction_pitch import PI_03, PI_04, PI_05, PI_06, pitch_state
from test_table_sixty_six import forged_click, normalised

from tutor.cards import DECK_52, Card
from tutor.display import card_svg, deal_html, view_html
from tutor.display.adapter import deal_notes
from tutor.display.play_table import MatchStanding, table_status_html, table_view_html
from tutor.engine.match import match_class
from tutor.engine.record import dumps, state_of
from tutor.errors import IllegalActionError, OptionError
from tutor.games import spec
from tutor.games.auction_pitch.display import minus, score_html, signed
from tutor.games.auction_pitch.match import PitchTableMatch
from tutor.games.auction_pitch.rules import (
    CARD_INDEX,
    PASS,
    AuctionPitch,
    PitchState,
    PitchView,
    parse_call,
    parse_card,
)
from tutor.play.errors import TableError
from tutor.play.session import TableGame, table_games, table_sizes
from tutor.widgets.common import state_text, subtree
from tutor.widgets.table import TableWidget

pytestmark = pytest.mark.usefixtures("clean_widgets")

GAME = "auction-pitch"
WORDS = spec(GAME).presentation
NOTES = deal_notes(GAME)
SVG = "{http://www.w3.org/2000/svg}"


def pitch(**kw: Any) -> TableWidget:
    kw.setdefault("bot", "random")
    return TableWidget(game=GAME, **kw)


def token(text: str) -> int:
    """A record token (``KS``, ``pass``, ``2``) as Pitch's action."""
    return parse_call(text) if text in ("pass", "1", "2", "3", "4") else parse_card(text)


def words_of(html: str) -> str:
    """What a reader reads of ``html``: its text without the tags."""
    return plain(re.sub(r"<[^>]+>", "", html))


def browser_text(tw: TableWidget) -> str:
    return plain(state_text(subtree(tw.box)))


def undealt(state: PitchState) -> set[str]:
    """The cards of the pack nobody was dealt (PI-3)."""
    dealt = {c.text for h in state.record()["hands"] for c in map(Card.parse, h)}
    return {c.text for c in DECK_52.cards} - dealt


def assert_nothing_hidden_shown(tw: TableWidget) -> None:
    """No card the learner may not see now — another hand, a card never dealt — and no reason
    held back, in anything the browser receives; once the hand is over, no undealt card."""
    state = tw.table.state
    assert isinstance(state, PitchState)
    hidden = {c.text for c in tw.hidden_cards()}
    named = {c for e in tw.table.log for c in undealt(state) if mentions(e.reason, {c})}
    assert undealt(state) - named <= hidden  # PI-3: never shown, not even at the end
    text = browser_text(tw)
    assert not mentions(text, hidden), mentions(text, hidden)
    for secret in tw.secrets():
        assert secret not in text


class Script:
    """A bot that plays the first of its ``prefs`` (record tokens) that is legal, else the
    first legal action, with a reason naming what it did."""

    name = "script"

    def __init__(self, prefs: list[str], reason: Any = None) -> None:
        self.prefs = [token(t) for t in prefs]
        self.reason = reason

    def act(self, view: Any) -> tuple[int, str]:
        action = next((a for a in self.prefs if a in view.legal), view.legal[0])
        if callable(self.reason):
            return action, self.reason(view)
        return action, self.reason or f"scripted: {view.legal.index(action)}"


def learner_choice(t: TableGame, rng: random.Random) -> int:
    """A learner who bids now and then and plays any legal card."""
    legal = list(t.view.legal)
    if t.view.phase == "auction" and len(legal) > 1 and rng.random() < 0.4:
        return rng.choice([a for a in legal if a != PASS])
    return rng.choice(legal)


def click_for(tw: TableWidget, action: int) -> None:
    b = tw.button_for(action)
    assert not b.disabled and b.layout.display != "none", (action, b.description)
    b.click()
    assert tw.notice.value == "", tw.notice.value


# --- the table seats Auction Pitch ----------------------------------------------------------
def test_the_table_deals_auction_pitch() -> None:
    assert [s.id for s in table_games()][-1] == GAME
    assert table_sizes(GAME) == (3, 4, 5, 6, 7)  # PI-2
    t = TableGame(game=GAME, seed=1)
    assert isinstance(t.state, PitchState) and t.game.players == 4 and not t.family
    assert t.state.dealer == 3 and t.learner_to_move()  # seat 0, the eldest, speaks first
    t.new_deal()
    assert t.state.dealer == 0 and t.state.to_move == 1  # PI-3: the deal passes left
    with pytest.raises(TableError, match="TABLE-2"):
        TableGame(game=GAME, seat=4)
    tw = pitch(seed=2)
    assert tw.game_pick.value == GAME and tw.players_pick.layout.display is None
    assert [v for _, v in tw.players_pick.options] == [3, 4, 5, 6, 7]
    assert [v for _, v in tw.seat_pick.options] == [0, 1, 2, 3]
    modes = dict(tw.mode_pick.options)
    assert modes["a match to 7"] == 4 and modes["a match to 21"] == "to 21"
    assert tw.aid_line.layout.display == "none"  # every trick is on the table already
    # rows from the action kinds: the calls in the game's words, then the cards
    assert list(tw.rows) == ["call", "card"]
    assert [b.description for b in tw.rows["call"].buttons] == [
        "pass", "bid 1", "bid 2", "bid 3", "bid 4"]
    assert match_class(GAME) is PitchTableMatch


@pytest.mark.parametrize("players", [3, 5, 7])
def test_the_players_picker_seats_three_to_seven(players: int) -> None:
    tw = pitch(seed=players, auto=False)
    tw.players_pick.value = players
    assert tw.notice.value == "" and tw.table.game.players == players
    assert f"st-seats-{players}" in tw.view_out.value
    assert [v for _, v in tw.seat_pick.options] == list(range(players))
    backs = [e for e in ET.fromstring(tw.view_out.value).iter(SVG + "svg")
             if e.get("aria-label") == "face-down card"]
    assert len(backs) == 6 * (players - 1)
    assert f"{52 - 6 * players} cards, never shown (PI-3)" in plain(tw.view_out.value)


def test_the_game_picker_switches_to_pitch_and_back() -> None:
    tw = TableWidget(seed=4, bot="random", auto=False)
    tw.game_pick.value = GAME
    assert tw.notice.value == "" and tw.table.game_id == GAME
    assert isinstance(tw.table.view, PitchView) and "Calls" in tw.view_out.value
    tw.game_pick.value = "six-bid-solo"
    assert tw.notice.value == "" and tw.table.game_id == "six-bid-solo"
    assert list(tw.rows) == ["call", "trump", "call-card", "give", "card"]


# --- the cards --------------------------------------------------------------------------------
@pytest.mark.rule("PI-1")
@pytest.mark.parametrize("width", [30, 48, 64])
def test_the_52_faces_their_names_and_pips_at_every_size(width: int) -> None:
    """Every card of the 52 draws with its own accessible name and title, its rank's index
    (``10`` for the ten), its pips (2..10: as many as its rank) and its suit's colour class,
    through the theme's variables, at the table's small sizes too."""
    names = set()
    for card in DECK_52.cards:
        svg = card_svg(card, width=width)
        root = ET.fromstring(svg)
        assert root.get("role") == "img" and root.get("aria-label") == card.name
        assert root.find(SVG + "title").text == card.name  # type: ignore[union-attr]
        assert float(root.get("width", 0)) == width
        index = "10" if card.rank.letter == "T" else card.rank.letter
        assert index in [t.text for t in root.iter(SVG + "text")]
        pips = sum("st-pip" in (e.get("class") or "") for e in root.iter())
        if card.rank.letter in "23456789T":
            assert pips == (10 if card.rank.letter == "T" else int(card.rank.letter))
        assert ("st-red" if card.suit.is_red else "st-black") in root.get("class", "")
        assert "var(--st-card-face" in svg  # follows the light and dark themes
        assert ("var(--st-red" if card.suit.is_red else "var(--st-black") in svg
        names.add(card.name)
    assert len(names) == 52
    assert {"two of clubs", "five of spades", "nine of diamonds"} <= names


# --- the drawings ---------------------------------------------------------------------------
def imgs(root: ET.Element) -> list[str]:
    return [e.get("aria-label") or "" for e in root.iter(SVG + "svg") if e.get("role") == "img"]


def card_of_label(label: str) -> Card:
    return next(c for c in DECK_52.cards if c.name == label.split(" (")[0])


def random_states(n: int, seed: int, players: int, options: dict[str, Any] | None = None
                  ) -> list[PitchState]:
    """States at every step of seeded hands played at random."""
    rng = random.Random(seed)
    game = AuctionPitch({"players": players, **(options or {})})
    out = []
    for _ in range(n):
        state = game.new_deal(rng, rng.randrange(players))
        for _ in range(rng.randrange(7 * players + 1)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        out.append(state)
    return out


@pytest.mark.rule("PI-3", "PI-5", "PI-7")
@pytest.mark.parametrize("players", [3, 4, 7])
def test_the_table_view_draws_only_what_the_seat_may_see(players: int) -> None:
    for state in random_states(6, players, players):
        if state.is_terminal():
            continue
        never = undealt(state)
        for seat in (0, state.to_move or 1, players - 1):
            view = state.view(seat)
            html = table_view_html(view, {}, fallen=[], teaching_aid=False)
            root = ET.fromstring(html)
            shown = imgs(root)
            named = [card_of_label(x) for x in shown if x != "face-down card"]
            assert set(named) <= view.visible_cards() and set(view.hand) <= set(named)
            others = sum(view.hand_sizes) - len(view.hand)
            assert shown.count("face-down card") == others  # only their sizes
            text = plain(html)
            assert not mentions(text, never), mentions(text, never)  # PI-3
            assert not mentions(text, {c.text for c in DECK_52.cards} - {
                c.text for c in view.visible_cards()})
            # the pitcher and trump once pitched
            badges = [e for e in root.iter() if "st-badge-pitcher" in (e.get("class") or "")]
            assert len(badges) == (view.bidder is not None)
            if view.trump is not None and view.bidder is not None:
                assert f"Trump {view.trump.symbol} — " in words_of(html)
                assert "pitched at " in text
            assert f"seat {seat} at the table" in html
            assert view_html(view) == html  # a lesson's drawing is the table's
            status = table_status_html(view, done=False, learner_to_move=view.to_move == seat,
                                       auto=True, match=None)
            prompt, rule = WORDS.prompt(view)
            assert (prompt in plain(status) and rule in status) if view.to_move == seat else \
                "is to move" in status


@pytest.mark.rule("PI-3", "PI-10", "PI-11")
@pytest.mark.parametrize("players", [3, 6])
def test_a_whole_hand_draws_every_dealt_card_and_no_other(players: int) -> None:
    for state in random_states(8, 40 + players, players):
        while not state.is_terminal():
            state.apply(random.Random(len(state.history())).choice(state.legal_actions()))
        html = deal_html(state)
        assert deal_html(state.record()) == html
        named = {card_of_label(x).text for x in imgs(ET.fromstring(html))}
        assert named == {c for h in state.record()["hands"] for c in h}  # dealt: all, only
        assert not mentions(plain(html), undealt(state))
        assert NOTES.never_shown(state) == {Card.parse(c) for c in undealt(state)}
        text = plain(html)
        assert text.count("Trick ") == len(state.tricks) == 6
        o = state.outcome()
        for point in ("High", "Low", "Jack", "Game"):
            assert f"{point} (PI-10)" in text
        assert ("made —" in text) == bool(o.made) and ("set back —" in text) == (o.made is False)


@pytest.mark.rule("PI-10", "PI-11")
def test_the_hands_result_names_the_points_their_cards_and_the_counts() -> None:
    """The worked cases of sources.md §5.3, drawn: who took High, Low, Jack and Game, with
    which cards, the game points each counted, the bid made or set back."""
    def result(record: dict[str, Any], learner: int) -> str:
        state = pitch_state(record)
        return words_of(NOTES.settlement_html(state, learner, None))

    made = result(PI_04, 0)  # bid 2, won High, Low and Game: scores all 3
    assert "High (PI-10)You — A♠, the highest trump in play" in made
    assert "Low (PI-10)You — 2♠, the lowest trump in play" in made
    assert "Jack (PI-10)Seat 1 — J♠, the jack of trumps" in made
    assert "You, with the most game points (31)" in made and "seat 1: 11, seat 2: 0" in made
    assert "made — You bid 2, won 3 points and score all of them (PI-11)" in made
    setback = result(PI_03, 1)  # bid 3, won High and Jack only: set back 3
    assert "set back — Seat 0 bid 3 but won only 2 points, so loses 3" in setback
    assert "Low (PI-10)You — 2♠" in setback
    cells = re.findall(r'<td><span class="st-neg">−3</span></td>',
                       str(NOTES.settlement_html(pitch_state(PI_03), 1, None)))
    assert len(cells) == 1  # the pitcher's −3, boxed, with a true minus sign
    low = result(PI_05, 0)  # 2♠ dealt to seat 1, captured by seat 2
    assert "Seat 2 — 2♠, the lowest trump in play — dealt to seat 1, won in a trick" in low
    dealt = pitch_state({**PI_05, "options": {"players": 3, "low_point": "dealt_holder"}})
    assert "to the player it was dealt to (low_point: dealt_holder)" in words_of(
        NOTES.settlement_html(dealt, 0, None))
    tie = result(PI_06, 0)  # 12-12: no Game point; J♠ not dealt
    assert "Game (PI-10)nobody: a tie at 12 for the most" in tie
    assert "Jack (PI-10)nobody: the jack of trumps (♠) was not dealt" in tie


def test_negative_scores_are_drawn_as_such() -> None:
    """PI-11: scores may go below zero. A negative score carries a true minus sign (U+2212)
    and the boxed ``st-neg`` style, not only a colour; nothing writes ``-3``."""
    assert minus(-3) == "−3" and minus(0) == "0" and minus(4) == "4"
    assert signed(2) == "+2" and signed(-4) == "−4" and signed(0) == "0"
    assert score_html(-3) == '<span class="st-neg">−3</span>' and score_html(3) == "3"
    assert score_html(2, change=True) == '<span class="st-pos">+2</span>'
    view = random_states(1, 3, 4)[0].view(0)
    standing = MatchStanding(3, 4, (2, -4, 0, -1), False, True, "points", 7)
    status = table_status_html(view, done=False, learner_to_move=False, auto=True,
                               match=standing)
    assert "Match to 7 (PI-12) — hand 4" in plain(status)
    assert status.count('class="st-neg"') == 2 and "−4" in status and "−1" in status
    assert not re.search(r"(?<![\w#-])-\d", plain(status))
    css = Path(__file__).resolve().parents[1].joinpath("assets", "lesson.css").read_text()
    rule = css[css.index(".st-neg {"):]
    assert "border:" in rule[:rule.index("}")]  # a box: not only colour


# --- whole hands through the widget ---------------------------------------------------------
@pytest.mark.rule("PI-3", "PI-4", "PI-8", "PI-9")
@pytest.mark.parametrize("players, seat", [(3, 0), (4, 2), (7, 5)])
def test_whole_hands_through_the_widget(players: int, seat: int) -> None:
    tw = pitch(seed=30 + players, options={"players": players}, seat=seat)
    t = tw.table
    rng = random.Random(players)
    for _ in range(2):
        assert_nothing_hidden_shown(tw)
        while not t.done:
            assert t.learner_to_move(), "the bots stop at the learner's turn"
            view = t.view
            enabled = {a for row in tw.rows.values()
                       for b, a in zip(row.buttons, row.actions, strict=True)
                       if a is not None and not b.disabled and b.layout.display != "none"}
            assert enabled == set(view.legal)  # the engine's legal actions, and only those
            click_for(tw, learner_choice(t, rng))
            assert_nothing_hidden_shown(tw)
        state = t.state
        assert isinstance(state, PitchState) and state.is_terminal()
        result = plain(tw.result.value)
        assert "The hand’s result" in result and "The whole deal" in result
        assert "High (PI-10)" in result and "score" in result
        assert "No review of your play yet" in result and "does not have yet" in result
        assert len(t.log) == len(state.history())
        bots = [e for e in t.log if not e.learner]
        assert bots and all(e.reason for e in bots)  # every bot says why
        log = plain(tw.log_out.value)
        assert all(e.reason in log for e in bots)
        tw.new_button.click()
        assert tw.notice.value == "" and tw.result.value == ""


def test_a_hand_with_a_take_back() -> None:
    tw = pitch(seed=5)
    t = tw.table
    assert t.learner_to_move() and t.view.phase == "auction"
    click_for(tw, parse_call("2"))
    assert t.can_undo() and not tw.undo_button.disabled
    tw.undo_button.click()
    assert tw.notice.value == "" and t.state.history() == [] and t.learner_to_move()
    assert "Taken back: bid 2" in plain(tw.compare_out.value)
    assert_nothing_hidden_shown(tw)


# --- forged events --------------------------------------------------------------------------
@pytest.mark.rule("PI-4b", "PI-8")
def test_forged_events_change_nothing() -> None:
    tw = pitch(seed=6)
    t = tw.table
    state = t.state
    assert isinstance(state, PitchState) and t.learner_to_move()
    other = next(c for s in (1, 2, 3) for c in state.view(s).hand)  # another seat's card
    never = Card.parse(sorted(undealt(state))[0])
    key, log = state.key(), len(t.log)
    for forged in (CARD_INDEX[other], CARD_INDEX[never], 999, -1, None, 2.5, True, "2"):
        tw.act(forged)
        assert state.key() == key and "PI-" in tw.notice.value, (forged, tw.notice.value)
    assert len(t.log) == log
    # the card row while calls are asked for: no button there, a forged index presses none
    cards = tw.rows["card"]
    assert cards.box.layout.display == "none"
    for i in (0, 5, -1, "0", None):
        tw.press(cards, i)
        assert state.key() == key and "no action on this button" in tw.notice.value
    if not t.has_pimc:  # no hints without the strong bot (TABLE-5)
        forged_click(tw.hint_button)
        assert state.key() == key and "TABLE-5" in tw.notice.value
    with pytest.raises(IllegalActionError):
        t.hint_for(1)  # another seat's cards are hidden
    # out of turn: every learner button is refused while a bot is to move
    tw.auto.value = False
    click_for(tw, PASS)
    assert t.bot_to_move()
    key = state.key()
    for b in tw.rows["call"].buttons:
        forged_click(b)
        assert state.key() == key and "PI-4" in tw.notice.value
    tw.next_button.click()
    assert tw.notice.value == "" and len(state.history()) == 2
    assert_nothing_hidden_shown(tw)


@pytest.mark.rule("PI-4b")
def test_a_forged_call_the_rules_forbid() -> None:
    """A bid not above the highest bid, pressed through a disabled button: the engine's rule
    says no (PI-4b), nothing changes."""
    tw = pitch(seed=7, seat=1, auto=False)
    t = tw.table
    t.bots[0] = Script(["3"])
    tw.next_button.click()  # seat 0, the eldest, bids 3
    assert t.learner_to_move()
    low = tw.button_for(parse_call("2"))
    assert low.disabled
    key = t.state.key()
    forged_click(low)
    assert t.state.key() == key and "PI-4b" in tw.notice.value


# --- the bots' reasons ----------------------------------------------------------------------
def test_a_reason_naming_a_hidden_card_waits_for_the_hands_end() -> None:
    """A reason naming another hand's card, or a card that may not be dealt, waits until the
    hand is over (as in every game); then it is read in full — a card named in words shows no
    card, and the drawings still name no undealt card (PI-3)."""
    tw = pitch(seed=8, seat=0)
    t = tw.table
    state = t.state
    assert isinstance(state, PitchState)
    held = state.view(2).hand[0]
    never = Card.parse(sorted(undealt(state))[0])
    t.bots[1] = Script(["pass"], reason="pass: I count on nothing")
    t.bots[2] = Script(["pass"], reason=f"pass: I hold {held.text}")
    t.bots[3] = Script(["2"], reason=lambda v: f"bid 2: {never.text} may be out of play"
                       if v.phase == "auction" else "my lead")
    click_for(tw, PASS)
    assert t.withheld_reasons() == [f"pass: I hold {held.text}",
                                    f"bid 2: {never.text} may be out of play"]
    assert "I count on nothing" in plain(tw.log_out.value)
    assert_nothing_hidden_shown(tw)
    rng = random.Random(1)
    while not t.done:
        click_for(tw, rng.choice(list(t.view.legal)))
    log = plain(tw.log_out.value)
    assert f"I hold {held.text}" in log and f"{never.text} may be out of play" in log
    assert t.withheld_reasons() == []
    assert never not in t.hidden_cards()  # named in words by a reason: exempt from the audit
    assert t.hidden_cards() == NOTES.never_shown(state) - {never}
    assert not mentions(plain(tw.result.value).replace(f"{never.text} may be out of play", ""),
                        undealt(state))  # the drawings name no undealt card
    assert "Reasons held back during the deal" in plain(tw.result.value)
    assert_nothing_hidden_shown(tw)


# --- the twins: hidden information is not in the widget -------------------------------------
#: Seat 0 (the learner, eldest) pitches at 2 and leads spades; seat 2's 2♦ is never played in
#: the first tricks (the twin swaps it for 3♦, a card never dealt).
TWIN: dict[str, Any] = {
    "format": "tutor-record/1", "game": GAME, "options": {"players": 4}, "dealer": 3,
    "hands": [["AS", "KS", "QS", "2H", "3H", "4H"], ["5S", "6S", "7S", "5H", "6H", "7H"],
              ["8S", "9S", "TS", "8H", "9H", "2D"], ["JS", "2S", "3S", "TH", "JH", "QH"]],
    "calls": [], "play": []}


def twin(record: dict[str, Any]) -> dict[str, Any]:
    hands = [["3D" if c == "2D" else c for c in h] for h in record["hands"]]
    return {**record, "hands": hands}


def loaded(record: dict[str, Any], seat: int, folder: Path, **kw: Any) -> TableWidget:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deal.json").write_text(dumps(record), encoding="utf-8")
    tw = pitch(seed=5, records_dir=folder, **kw)
    tw.seat_pick.value = seat
    tw.load_pick.value = "deal.json"
    tw.load_button.click()
    assert tw.notice.value == "", tw.notice.value
    assert tw.table.game_id == GAME and tw.table.seat == seat
    return tw


def scripted(tw: TableWidget) -> None:
    for s in (1, 2, 3):
        tw.table.bots[s] = Script(["pass", "5S", "TS", "JS", "6S", "9S", "2S"],
                                  reason=lambda v: "my move")


@pytest.mark.rule("PI-3")
def test_the_twins_give_the_same_widget_state(tmp_path: Path) -> None:
    one = loaded(TWIN, 0, tmp_path / "a")
    two = loaded(twin(TWIN), 0, tmp_path / "b")
    assert one.table.view == two.table.view
    assert normalised(one) == normalised(two)
    for tw in (one, two):
        scripted(tw)
    for step in ("2", "AS", "KS", "QS"):
        for tw in (one, two):
            click_for(tw, token(step))
        assert normalised(one) == normalised(two), step
    assert_nothing_hidden_shown(one)


def test_a_leaky_table_makes_the_twins_differ(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The twin test can fail: a table that lists the undealt cards (a presentation patched
    to add them) gives the twins different widget states."""
    facts = type(WORDS).facts
    told = {"undealt": ""}

    def leaky(self: Any, view: PitchView) -> list[tuple[str, str]]:
        return [*facts(self, view), ("Undealt cards", told["undealt"])]

    monkeypatch.setattr(type(WORDS), "facts", leaky)
    states = []
    for record, folder in ((TWIN, "a"), (twin(TWIN), "b")):
        told["undealt"] = " ".join(sorted(undealt(pitch_state(record))))
        states.append(normalised(loaded(record, 0, tmp_path / folder)))
    assert states[0] != states[1]


# --- the match to the target ----------------------------------------------------------------
@pytest.mark.rule("PI-11", "PI-12")
def test_a_match_to_seven_against_the_bots() -> None:
    tw = pitch(seed=8, options={"players": 3, "win_check": "pitcher_first_then_HLJG"})
    t = tw.table
    tw.mode_pick.value = 4
    tw.new_button.click()
    assert tw.notice.value == ""
    m = t.match
    assert isinstance(m, PitchTableMatch) and m.target == 7 and m.balances == [0, 0, 0]
    rng = random.Random(2)
    negative = False
    for hand in range(1, 200):
        status = tw.status.value
        assert f"Match to 7 (PI-12) — hand {hand}" in plain(status)
        while not t.done:
            click_for(tw, learner_choice(t, rng))
        standing = t.standing()
        assert standing is not None and standing.after is not None
        assert len(standing.history) == hand - 1
        result = tw.result.value
        assert "The match to 7 (PI-12), hand" in plain(result)
        if min(standing.after) < 0:
            negative = True
            assert 'class="st-neg">−' in result and 'class="st-neg">−' in tw.status.value
        if m.points.winner is not None or any(
                "over (PI-12)" in x for x in [plain(result)]):
            break
        before = list(m.balances)
        tw.new_button.click()
        assert tw.notice.value == "" and list(m.balances) == list(standing.after)
        assert list(m.balances) == [b + c for b, c in zip(
            before, m.results[-1].chips, strict=True)]
        assert standing.history == tuple(tuple(
            sum(r.chips[s] for r in m.results[:k + 1]) for s in range(3))
            for k in range(len(m.results) - 1))
    else:
        pytest.fail("no winner in 200 hands")
    assert negative, "a setback in a random match"
    assert "over (PI-12) — " in plain(tw.result.value)
    tw.new_button.click()  # settles the last hand: the match is over
    assert m.is_over() and len(m.winners()) == 1
    assert "PI-12" in tw.notice.value and "the match is over" in tw.notice.value
    assert tw.new_button.description == "New match"
    tw.new_button.click()
    assert tw.notice.value == "" and t.match is not m and t.match is not None
    assert t.match.balances == [0, 0, 0]


def test_the_play_picker_plays_to_another_target() -> None:
    tw = pitch(seed=9)
    tw.mode_pick.value = "to 15"
    tw.new_button.click()
    t = tw.table
    assert tw.notice.value == "" and isinstance(t.match, PitchTableMatch)
    assert t.match.target == 15 and t.game.options.target == 15  # type: ignore[attr-defined]
    assert tw.mode_pick.value == 4 and ("a match to 15", 4) in tw.mode_pick.options
    assert ("a match to 7", "to 7") in tw.mode_pick.options
    assert "Match to 15 (PI-12)" in plain(tw.status.value)
    tw.mode_pick.value = 0
    tw.new_button.click()
    assert t.match is None and t.game.options.target == 15  # type: ignore[attr-defined]


@pytest.mark.rule("PI-6", "PI-12")
def test_the_table_match_keeps_pitch_rules() -> None:
    game = AuctionPitch({"players": 3, "all_pass": "redeal_same_dealer"})
    m = PitchTableMatch(game, rng=3, first_dealer=1)
    assert m.target == 7 and m.dealer == 1 and PitchTableMatch.words(game, 4) == "a match to 7"
    assert PitchTableMatch.targets(game) == (7, 10, 11, 15, 21)
    state = m.next_deal()
    with pytest.raises(IllegalActionError, match="PI-9"):
        m.next_deal()  # finish the hand in progress first
    for _ in range(3):
        state.apply(PASS)  # PI-6: everyone passed, thrown in
    assert isinstance(state, PitchState) and state.thrown_in
    assert NOTES.over_rule(state) == "PI-6" and m.preview(state) == (0, 0, 0)
    m.settle(state)
    assert m.dealer == 1 and m.balances == [0, 0, 0]  # the same dealer deals again
    state = m.next_deal()
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply(rng.choice([a for a in state.legal_actions() if a != PASS]
                               or state.legal_actions()))
    after = m.preview(state)
    result = m.settle(state)
    assert tuple(m.balances) == after and tuple(result.chips) == after
    assert m.dealer == 2 and NOTES.over_rule(state) == "PI-9"
    with pytest.raises(OptionError, match="PI-2"):
        PitchTableMatch(spec("frog").make(), rng=1)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="PI-3"):
        PitchTableMatch(game, first_dealer=3)


@pytest.mark.rule("PI-3", "PI-6")
def test_single_deals_a_thrown_in_deal_is_dealt_again_by_the_same_dealer() -> None:
    tw = pitch(seed=11, options={"all_pass": "redeal_same_dealer"})
    t = tw.table
    for s in (1, 2, 3):
        t.bots[s] = Script(["pass"])
    dealer = t.state.dealer  # type: ignore[attr-defined]
    click_for(tw, PASS)  # everyone passes: thrown in
    assert t.done and t.state.thrown_in  # type: ignore[attr-defined]
    assert "thrown in and the same dealer deals again" in plain(tw.result.value)
    assert NOTES.deals_again(t.state) and not deal_notes("frog").deals_again(t.state)
    tw.new_button.click()
    assert t.state.dealer == dealer  # type: ignore[attr-defined]
    rng = random.Random(3)
    while not t.done:
        click_for(tw, rng.choice([a for a in t.view.legal if a != PASS] or list(t.view.legal)))
    tw.new_button.click()
    assert t.state.dealer == (dealer + 1) % 4  # type: ignore[attr-defined]  # PI-3


@pytest.mark.rule("PI-12")
def test_the_settlement_names_how_the_match_was_won() -> None:
    """A smudge (smudge_wins_game) and a credit under pitcher_first_then_HLJG, drawn."""
    hands = ["AH 2C 3C 4C 5C 6C", "JH 2D 3D 4D 5D 6D", "2S 3S 4S 5S 6S 7S"]
    record = {"format": "tutor-record/1", "game": GAME, "dealer": 2,
              "options": {"players": 3, "smudge_wins_game": True},
              "hands": [h.split() for h in hands], "calls": ["2", "pass", "pass"],
              "play": ["AH"]}
    state = pitch_state(record)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert state.outcome().smudge == 0  # the learner took all four
    standing = MatchStanding(2, 4, (3, 5, 0), False, True, "points", 7, None, ((1, 2, 0),
                                                                                (3, 5, 0)))
    html = words_of(NOTES.settlement_html(state, 0, standing))
    assert "over (PI-12) — You took High, Low, Jack and Game in one hand: a smudge wins at " \
        "once" in html
    assert "The scores after every hand (3 hands)" in html
    assert "after hand 1" in html and "after hand 3" in html
    # PI-03's hand under pitcher_first_then_HLJG: the pitcher is set back 3, then seat 1's Low
    # takes it from 6 to 7 before its Game is credited
    hljg = pitch_state({**PI_03, "options": {"players": 3,
                                             "win_check": "pitcher_first_then_HLJG"}})
    standing = MatchStanding(5, 4, (0, 6, 0), False, True, "points", 7)
    text = words_of(NOTES.settlement_html(hljg, 2, standing))
    assert "over (PI-12) — Seat 1 reaches 7 first, with Low credited" in text
    settled = MatchStanding(6, 4, (-3, 8, 0), True, True, "points", 7, None, ((-3, 8, 0),))
    assert words_of(NOTES.settlement_html(hljg, 2, settled)) == text  # before = after − change
    plain_hand = words_of(NOTES.settlement_html(pitch_state(PI_03), 2, standing))
    assert "over (PI-12)" not in plain_hand  # pitcher_hand: only the pitcher can win
    assert "Matchgoes on (PI-12): only a pitcher who reaches 7 wins" in plain_hand


# --- records ---------------------------------------------------------------------------------
def test_save_and_load_a_pitch_hand(tmp_path: Path) -> None:
    tw = pitch(seed=12, records_dir=tmp_path)
    t = tw.table
    rng = random.Random(4)
    for _ in range(3):
        click_for(tw, learner_choice(t, rng))
    tw.save_name.value = "mine"
    tw.save_button.click()
    assert tw.notice.value == "" and (tmp_path / "mine.json").exists()
    saved = json.loads((tmp_path / "mine.json").read_text(encoding="utf-8"))
    assert saved["game"] == GAME and saved["play"] == t.record()["play"]
    assert sum(len(h) for h in saved["hands"]) == 24  # never the undealt cards (PI-3)
    other = pitch(seed=99, records_dir=tmp_path)
    other.load_pick.value = "mine.json"
    other.load_button.click()
    assert other.notice.value == "" and other.table.state == t.state
    assert "(from the record)" in plain(other.log_out.value)
    assert_nothing_hidden_shown(other)
    assert state_of(saved) == t.state


def test_the_notes_cite_pitch_rules() -> None:
    assert (NOTES.match_rule, NOTES.match_over_rule, NOTES.points_rule, NOTES.chips_rules,
            NOTES.thrown_in_rule, NOTES.played_out_rule) == (
        "PI-12", "PI-12", "PI-10", "PI-11", "PI-6", "PI-9")
    assert deal_notes("sixty-six").never_shown(random_states(1, 1, 3)[0]) == frozenset()
    with pytest.raises(Exception, match="DSP-3"):
        NOTES.table_view_html(object(), {})  # type: ignore[arg-type]


# --- hints from the Monte-Carlo bot -----------------------------------------------------------
def test_hints_are_the_strong_bots_values_from_the_learners_view(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint is the call or card with the best mean of the game's own values (``pimc``'s
    ``bid_values`` in the auction, ``card_values`` in the play: mean and standard error over
    deals sampled from the learner's view), with its 95% interval; the view asked is the
    learner's own."""
    from tutor.games.auction_pitch import pimc

    asked: list[tuple[Any, dict[int, tuple[float, float]]]] = []
    for name in ("bid_values", "card_values"):
        real = getattr(pimc, name)

        def spy(view: Any, *a: Any, _real: Any = real, **kw: Any) -> Any:
            found = _real(view, *a, **kw)
            asked.append((view, found))
            return found

        monkeypatch.setattr(pimc, name, spy)
    tw = pitch(seed=21, bot="rule")
    t = tw.table
    assert t.has_pimc and not tw.hint_button.disabled and not t.has_review
    rng = random.Random(5)
    hints = 0
    while not t.done:
        tw.hint_button.click()
        assert tw.notice.value == "", tw.notice.value
        view, values = asked[-1]
        assert view == t.view and set(values) == set(view.legal)  # the learner's own view
        note = words_of(tw.hint_out.value)
        action = next(a for a in view.legal if note.startswith(f"Hint: {t.words(a)}:"))
        assert values[action][0] == max(m for m, _ in values.values())
        assert f"over {t.hint_worlds} deals sampled from your view" in note
        assert "each played out by the rules of thumb" in note
        if values[action][1] > 0:
            assert f"± {1.96 * values[action][1]:.2f}" in note
        assert_nothing_hidden_shown(tw)
        hints += 1
        click_for(tw, learner_choice(t, rng))
    assert hints >= 4
    with pytest.raises(IllegalActionError):
        t.hint_for(2)


def test_a_take_back_compares_the_two_tries() -> None:
    tw = pitch(seed=22, bot="rule")
    t = tw.table
    click_for(tw, parse_call("4"))
    tw.undo_button.click()
    assert "compared on deals sampled from your view" in words_of(tw.compare_out.value)
    click_for(tw, PASS)
    text = words_of(tw.compare_out.value)
    assert f"Compared on the same {t.hint_worlds} deals sampled from your view" in text
    assert "your first try bid 4 averages" in text and "pass" in text and "points" in text
    assert_nothing_hidden_shown(tw)
